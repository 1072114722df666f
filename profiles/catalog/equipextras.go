package catalog

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/kharn-ages/kharn/profiles"
)

var kindNames = map[profiles.Kind]string{
	profiles.KindMelee:  "melee weapon",
	profiles.KindRanged: "ranged weapon",
	profiles.KindArmour: "armour",
	profiles.KindShield: "shield",
	profiles.KindHelmet: "helmet",
	profiles.KindItem:   "item",
}

// readExtras reads the equipment fields besides the stat line (catalogue.md
// section 4.6): the edge, the armour slots, stacking, mounts, upgrades and
// structured effects.
func (e *equipOut) readExtras(o *object) {
	for _, k := range listOnlyEquipFields {
		o.get(k)
	}
	flag := func(k string) bool {
		x, ok := o.get(k)
		b, _ := x.(bool)
		return ok && b
	}
	if flag("tranchant") {
		// The edge: only the edge upgrade a list buys uses it (+1 damage,
		// catalogue.md section 4.8), written edge: true (upgrades.go).
		e.edge = true
		e.noEffectf("tranchant (the edge upgrade a list may buy: applied by kharn import list)")
	}
	e.readArmourSlots(o, flag("stacksWithArmor")) // equipment_armour.go
	e.readMaterial(o)                             // equipment_material.go
	if flag("stackable") {
		e.stackable = true // written for an item; a weapon needs no mark (equipment_copies.go)
	}
	if x, ok := o.get("mountEquipment"); ok && x != nil {
		switch s, _ := x.(string); s {
		case profiles.MountWorn, profiles.RiderWorn:
			e.mountEquipment = s // YAML mount_equipment: only a mounted Safar takes it
		default:
			e.problemf(o.at("mountEquipment"), "%s is not \"mount\" nor \"rider\"", describe(x))
			e.notModelledf("mountEquipment %s", describe(x))
		}
	}
	if x, ok := o.get("upgrades"); ok && !isEmpty(x) {
		for _, uo := range e.objects(x, o.at("upgrades"), "ignored", "ignored") {
			id, _ := uo.m["id"].(string)
			e.noEffectf("upgrade %q (bought in a list: kharn import list lists it)", id)
		}
	}
	if x, ok := o.get("effects"); ok && !isEmpty(x) {
		for _, ef := range readEffects(&e.notes, x, o.at("effects")) {
			if ef.kind == "grant-skill" && ef.self {
				v, _ := ef.op.get("skillId")
				r := skillRef{path: ef.op.at("skillId"), from: "from its item " + e.catalogID}
				r.id, _ = v.(string)
				r.value, r.hasValue = ef.op.get("value")
				r.hasValue = r.hasValue && r.value != nil
				if n, ok := ef.op.get("incrementIfPresent"); ok && n != nil {
					r.increment, _ = e.whole(n, ef.op.at("incrementIfPresent"), "ignored")
				}
				e.grants = append(e.grants, r)
				continue
			}
			if !classify(&e.notes, ef, "the item") {
				e.notModelledf("%s on its holder (not modelled)", ef.label())
			}
		}
	}
}

// readReserved reads reservedTo: an object whose keys must all match
// (catalogue.md section 4.6), or, in older files, a list of faction or
// profile ids (any of them).
func (e *equipOut) readReserved(x any, path string) {
	if m, ok := x.(map[string]any); ok {
		ro := newObject(m, path)
		for _, k := range []string{"profileIds", "modelIds", "traits", "levels", "factionIds"} {
			ro.get(k)
		}
		for _, k := range ro.unused() {
			e.problemf(ro.at(k), "unknown reservation key, ignored")
		}
		e.reservedSel = m
		return
	}
	e.reservedTo = e.ids(x, path)
}

// readAmmunition reads the shots of a ranged weapon (catalogue.md section
// 4.7): baseMunitions shots included; a weapon with a reloading cost reloads
// for ever; a weapon with neither has only the ammunition a list buys.
func (e *equipOut) readAmmunition(o *object) {
	kind := ""
	if x, ok := o.get("munitionKind"); ok && x != nil {
		kind, _ = e.str(x, o.at("munitionKind"), "ignored")
		e.munitionKind = kind
		e.readMunition(kind)
	}
	x, ok := o.get("baseMunitions")
	if ok && x != nil {
		n, ok := e.whole(x, o.at("baseMunitions"), "ignored")
		switch {
		case !ok:
		case e.kind != profiles.KindRanged:
			e.problemf(o.at("baseMunitions"), "a melee weapon has no ammunition, ignored")
		case n < 1 || n > 999:
			e.problemf(o.at("baseMunitions"), "%d shots, ignored (from 1 to 999)", n)
		case e.ef.Rate > 0:
			e.problemf(o.at("baseMunitions"), "%d shots on a weapon that reloads: it reloads for ever, ignored", n)
		default:
			e.ef.Ammunition = n
			e.src["ammunition"] = "baseMunitions"
		}
		return
	}
	if kind != "" && e.ef.Rate == 0 && e.kind == profiles.KindRanged {
		e.boughtOnly = o.at("munitionKind") // its default purchase: resolveBoughtAmmunition (ammunition.go)
	}
}

// readMunition sets the data format's munition of a ranged weapon from its
// munitionKind (catalogue.md section 4.7): fleches are arrows, so the weapon
// is a bow for Master archer, except a blowpipe, whose fleches are darts
// (skills.md #47: "except the blowpipe"); carreaux are bolts. The blowpipe is
// known by its id or name (sarbacane, blowpipe): the catalogue has no other
// mark of it.
func (e *equipOut) readMunition(kind string) {
	if e.kind != profiles.KindRanged {
		return
	}
	switch kind {
	case "fleches":
		e.ef.Munition = profiles.MunitionArrows
		if n := strings.ToLower(e.catalogID + " " + e.name); strings.Contains(n, "sarbacane") || strings.Contains(n, "blowpipe") {
			e.ef.Munition = profiles.MunitionDarts
		}
	case "carreaux":
		e.ef.Munition = profiles.MunitionBolts
	}
}

// skillPhrase matches a skill named in a weapon's text, with an optional
// value: "Exécuteur", "Brutalité 1", "Bretteur 3", "Brutalité +1".
var skillPhrase = regexp.MustCompile(`^(?:confere |donne |octroie )?([a-z' -]+?)(?: ?:? ?([+]?)(\d+))?$`)

// grantPhrase reports whether a phrase of the text names a skill the item
// grants its holder: mirrored by a grant-skill effect (the phrase is then read
// once), or granted by the text alone.
func (e *equipOut) grantPhrase(phrase string) bool {
	m := skillPhrase.FindStringSubmatch(strings.TrimRight(fold(phrase), " .!"))
	if m == nil || e.skillIDs == nil {
		return false
	}
	id := e.skillIDs(strings.TrimSpace(m[1]))
	if id == "" {
		return false
	}
	if slices.ContainsFunc(e.grants, func(g skillRef) bool { return g.id == id }) {
		return true // the text mirrors the structured effect
	}
	r := skillRef{id: id, path: e.path + ".effectsText", from: "from its item " + e.catalogID + "'s text"}
	if m[3] != "" {
		n, _ := strconv.Atoi(m[3])
		if m[2] == "+" {
			r.increment = n
		} else {
			r.value, r.hasValue = fmt.Sprint(n), true
		}
	}
	e.grants = append(e.grants, r) // written as grants by itemGrants (grants.go)
	return true
}

// grantItemSkills gives each profile the skills its base items grant their
// holder (catalogue.md section 8, item 10), then records what the engine does
// with each of its skills.
func (c *Conversion) grantItemSkills(skills map[string]catalogSkill) {
	for _, p := range c.profiles {
		if p.why != "" {
			continue
		}
		ctx := &readContext{file: c.name, skills: skills, factions: c.factions}
		for i, r := range p.refs {
			e, ok := c.equipByID[r.catalogID]
			if !ok || e.why != "" || slices.ContainsFunc(p.refs[:i], func(o ref) bool { return o.catalogID == r.catalogID }) {
				continue // a second copy grants nothing more
			}
			for _, g := range e.grants {
				g.path = r.path
				p.addSkill(ctx, g)
			}
		}
		p.skillStatus()
	}
}

// resolveReserved turns a reservedTo object into the ids the data format
// takes: the factions when it names only factions, otherwise the imported
// profiles that match every key. When no profile matches (a level that
// contradicts the profile named), the profiles named win (catalogue.md
// section 4.6).
func (c *Conversion) resolveReserved(e *equipOut) {
	sel := e.reservedSel
	if len(sel) == 1 && sel["factionIds"] != nil {
		for _, id := range e.ids(sel["factionIds"], e.path+".reservedTo.factionIds") {
			if f, ok := factionOf(id); ok {
				e.addReserved(f)
			} else {
				e.resolveProblems = append(e.resolveProblems, Problem{c.name, e.path + ".reservedTo.factionIds", fmt.Sprintf("%q is no faction: left out", id)})
			}
		}
		return
	}
	var matched []string
	for _, p := range c.profiles {
		if p.why == "" && p.matches(sel) {
			matched = append(matched, p.id)
		}
	}
	if len(matched) == 0 {
		if named, _ := sel["profileIds"].([]any); len(named) > 0 {
			for _, x := range named {
				if p, ok := c.profileByID[fmt.Sprint(x)]; ok && p.why == "" {
					matched = append(matched, p.id)
				}
			}
			e.resolveProblems = append(e.resolveProblems, Problem{c.name, e.path + ".reservedTo",
				fmt.Sprintf("no profile matches every key (%s): reserved to the profiles it names", selectorText(sel))})
		}
	}
	if len(matched) == 0 {
		msg := fmt.Sprintf("no imported profile matches its reservation (%s): nobody may carry it", selectorText(sel))
		e.problemf(e.path+".reservedTo", "%s: card not imported", msg)
		e.why = msg
		return
	}
	for _, id := range matched {
		e.addReserved(id)
	}
}

// dedupPiercing reads once what the field perceArmure and a phrase of the text
// both say: the builder mirrors "the target's armour protects N less" into
// perceArmure N (catalogue.md section 4.6), which would otherwise count as
// armour-piercing N and armour-ignore N (issue 12, section 5). The text is the
// authority: its armour_ignore is kept.
func (e *equipOut) dedupPiercing() {
	ef := &e.ef
	if ef.ArmourIgnore == 0 || ef.ArmourPiercing == nil || e.src["armour_piercing"] != "perceArmure" {
		return
	}
	if *ef.ArmourPiercing == (profiles.Dice{Plus: ef.ArmourIgnore}) {
		e.problemf(e.path+".perceArmure", "%d mirrors the text's %q: read once, as the text says (armour_ignore %d)",
			ef.ArmourIgnore, e.src["armour_ignore"], ef.ArmourIgnore)
		ef.ArmourPiercing = nil
		delete(e.src, "armour_piercing")
	}
}
