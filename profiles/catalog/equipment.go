package catalog

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/kharn-ages/kharn/profiles"
)

// equipOut is one equipment card being converted.
type equipOut struct {
	notes
	// grantSkills and grantIncrements are the data format's grants and
	// grants_increment (grants.go).
	grantSkills, grantIncrements []skillOut
	path                         string // JSON path: "equipment[3]"
	catalogID                    string
	id                           string // the YAML id, once assigned
	name                         string
	category                     string // as the catalogue writes it
	kind                         profiles.Kind
	cost                         int
	hands                        int
	versatile                    bool   // hands "1-2": one hand or both (YAML hands: 1-2)
	effectsText                  string // as written
	ef                           profiles.Effects
	armour                       profiles.ArmourStats
	boxes                        int // lifespan of an armour or a shield
	// weaponArmour: a melee weapon that also protects, with armour and boxes
	// (equipment_guard.go).
	weaponArmour bool
	// reservedTo holds the catalogue's reservedTo entries (faction or profile
	// ids), resolved into reserved once every id is known.
	reservedTo []string
	reserved   []string
	// mountEquipment is the catalogue's mountEquipment, "mount" or "rider"
	// (YAML mount_equipment).
	mountEquipment string
	// refused are reservations the data format refused.
	refused []string
	// resolveProblems are the problems of the last resolve round.
	resolveProblems []Problem
	// src names, for each YAML key written, the phrase or field it comes from.
	src map[string]string
	// reachPhrase is a bare "Allonge" of the text, whose value is in the card's
	// allonge field.
	reachPhrase string
	// defenceReach is a phrase limiting the reach to defence.
	defenceReach string
	// reservedSel is a reservedTo object: every key must match.
	reservedSel map[string]any
	edge        bool // tranchant: takes the edge upgrade
	stackable   bool // several copies may be carried (equipment_copies.go)
	// munitionKind is the kind of ammunition it shoots ("fleches").
	munitionKind string
	grants       []skillRef // skills it grants its holder (effects or text)
	// skillIDs returns the catalogue skill id a folded skill name means, or "".
	skillIDs func(name string) string
	// why is set when the card is not imported.
	why string

	// boughtOnly is the path of the munitionKind of a weapon whose ammunition
	// is only bought, and bought its default purchase (ammunition.go).
	boughtOnly string
	bought     *profiles.AmmunitionPurchase
	// grantTraits are the list traits an item grants its holder
	// (grants_traits: "stateless", "allied of X"), profiles/catalog/grants.go.
	grantTraits []string
}

func (e *equipOut) clone() *equipOut {
	c := *e
	c.src = maps.Clone(e.src)
	c.ef.NoAttackWith = slices.Clone(e.ef.NoAttackWith)
	c.ef.NoEffectWith = slices.Clone(e.ef.NoEffectWith)
	c.ef.AttackAP = slices.Clone(e.ef.AttackAP)
	c.problems = slices.Clone(e.problems)
	c.notModelled = slices.Clone(e.notModelled)
	return &c
}

// categories maps the catalogue's equipment categories to kinds
// (catalogue.md section 3.1).
var categories = map[string]profiles.Kind{
	"arme-cac": profiles.KindMelee,
	"arme-tir": profiles.KindRanged,
	"armure":   profiles.KindArmour,
	"bouclier": profiles.KindShield,
	"casque":   profiles.KindHelmet,
	"objet":    profiles.KindItem,
}

// listOnlyEquipFields are the equipment fields only list building needs or
// that are display only (catalogue.md section 6): read and left out.
var listOnlyEquipFields = []string{"cardImage", "icon", "costByFaction", "grantedOnly", "notes"}

// convertEquipment reads the equipment card v at path.
func convertEquipment(ctx *readContext, v any, path string) *equipOut {
	e := &equipOut{notes: notes{file: ctx.file}, path: path, src: make(map[string]string), skillIDs: ctx.skillID}
	o, ok := e.obj(v, path, "card not imported")
	if !ok {
		e.why = "not an object"
		return e
	}
	if x, ok := o.get("id"); ok {
		e.catalogID, _ = e.str(x, o.at("id"), "card not imported")
	} else {
		e.problemf(path, "no id, card not imported")
	}
	if e.catalogID == "" {
		e.why = "no id"
	}
	if x, ok := o.get("name"); ok {
		e.name, _ = e.str(x, o.at("name"), "the id is used as name")
	}
	if e.name == "" {
		e.name = e.catalogID
	}
	if x, ok := o.get("effectsText"); ok && x != nil && x != "" {
		e.effectsText, _ = e.str(x, o.at("effectsText"), "ignored")
	}
	if x, ok := o.get("category"); ok {
		e.category, _ = e.str(x, o.at("category"), "card not imported")
	}
	e.readCost(o) // also for the cards not imported: a list that adds one costs it
	cat := projectID(e.category)
	kind, known := categories[cat]
	switch {
	case e.why != "":
	case e.category == "":
		e.problemf(o.at("category"), "missing, card not imported")
		e.why = "no category"
	case !known:
		e.problemf(o.at("category"), "unknown category %q (want arme-cac, arme-tir, armure, bouclier, casque or objet), card not imported", e.category)
		e.why = fmt.Sprintf("unknown category %q", e.category)
	}
	if e.why != "" {
		o.used = map[string]bool{} // the rest is not read: do not list it
		return e
	}
	e.kind = kind
	e.readHands(o)
	switch kind {
	case profiles.KindMelee, profiles.KindRanged:
		e.readWeapon(o)
	case profiles.KindArmour:
		e.readArmour(o)
	case profiles.KindShield:
		e.readShield(o)
	case profiles.KindHelmet:
		var prot []string
		for _, k := range []string{"protectionEchec", "seuil", "protectionReussite"} {
			if x, ok := o.get(k); ok && x != nil {
				prot = append(prot, k+" "+oneLine(fmt.Sprint(x), 20))
			}
		}
		if len(prot) > 0 {
			e.notModelledf("%s (a helmet's protection: the engine does not play it)", strings.Join(prot, ", "))
		}
		if x, ok := o.get("durability"); ok && x != nil {
			b, why := readBoxes(&e.notes, o)
			if why != "" {
				e.problemf(o.at("durability"), "%s, read as lasting the whole game", why)
			}
			e.boxes = b
		}
	}
	e.readExtras(o)
	if x, ok := o.get("reservedTo"); ok && x != nil {
		e.readReserved(x, o.at("reservedTo"))
	}
	switch kind {
	case profiles.KindHelmet:
		e.helmetEffects(e.effectsText) // catalogue.md 4.6, helmet.go
	case profiles.KindItem:
		// catalogue.md section 4.6: the items' own rules; the engine plays
		// poison doses, charms, flasks, antidotes and poison immunity.
		for _, p := range splitPhrases(e.effectsText) {
			if e.grantPhrase(p) || e.itemPhrase(p) { // equipment_items.go
				continue
			}
			e.notModelledf("%q (%s effects are not played by the engine)", p, kindNames[kind])
		}
	default:
		e.effects(e.effectsText)
	}
	if e.why == "" && (e.kind == profiles.KindMelee || e.kind == profiles.KindRanged) {
		e.checkWeapon(o)
	}
	for _, k := range o.unused() {
		e.problemf(o.at(k), "unknown field, not imported")
		e.notModelledf("field %q", k)
	}
	return e
}

func (e *equipOut) readCost(o *object) {
	x, ok := o.get("cost")
	if !ok {
		e.problemf(o.at("cost"), "missing, read as 0")
		return
	}
	c, ok := e.whole(x, o.at("cost"), "read as 0")
	if ok && c < 0 {
		// Profile cards print their base equipment at a negative cost (French seed
		// 004 line 1587): the catalogue may too.
		e.problemf(o.at("cost"), "negative cost %d, read as %d", c, -c)
		c = -c
	}
	e.cost = c
}

func (e *equipOut) readHands(o *object) {
	x, ok := o.get("hands")
	switch e.kind {
	case profiles.KindArmour, profiles.KindHelmet, profiles.KindItem:
		e.hands = 0 // worn or carried
		return
	case profiles.KindShield:
		e.hands = 1 // a shield takes up one hand (English seed 000 line 1824)
		return
	}
	e.hands = 1
	if !ok || x == nil {
		e.problemf(o.at("hands"), "missing, read as 1")
		return
	}
	if s, isStr := x.(string); isStr && strings.ReplaceAll(s, " ", "") == "1-2" {
		// catalogue.md section 4.6: one or two hands, hands: 1-2 in the data
		// format. The rulebooks know only one- and two-handed weapons (seed
		// 000 l.1718, seed 004 l.1630: two one-handed weapons, or a shield,
		// or one two-handed weapon): it is one-handed for the rules of hands,
		// so a shield or a second weapon may go with it, and held alone it is
		// in both hands, which gives an Ambidextrous Safar Riposte (skills.md
		// #21, sim ambidextrousRiposte). Nothing else of the two-handed grip
		// is in the rules: a phrase of its text for that grip only is named
		// by effects (twoHandedPhrase).
		e.versatile = e.kind == profiles.KindMelee
		return
	}
	h, ok := e.whole(x, o.at("hands"), "read as 1")
	switch {
	case !ok:
	case h == 1 || h == 2:
		e.hands = h
	default:
		e.problemf(o.at("hands"), "%d hands, read as 1", h)
	}
}

func (e *equipOut) readWeapon(o *object) {
	if x, ok := o.get("allonge"); ok && x != nil {
		switch v := x.(type) {
		case bool:
			if v {
				e.problemf(o.at("allonge"), "true with no distance, read as 1 toise")
				e.reach("allonge", 1)
			}
		default:
			if r, ok := e.number(x, o.at("allonge"), "ignored"); ok {
				if why := e.reach("allonge", r); why != "" {
					e.notModelledf("allonge %v (%s)", r, why)
				}
			}
		}
	}
	if x, ok := o.get("range"); ok && x != nil {
		e.readRange(x, o.at("range"))
	}
	if x, ok := o.get("perceArmure"); ok && x != nil {
		switch v := x.(type) {
		case bool:
			if v {
				e.piercing("perceArmure", "")
			}
		case json.Number:
			if v.String() != "0" {
				if why := e.piercing("perceArmure", v.String()); why != "" {
					e.notModelledf("perceArmure %s (%s)", v, why)
				}
			}
		case string:
			if why := e.piercing("perceArmure", strings.ToUpper(strings.TrimSpace(v))); why != "" {
				e.notModelledf("perceArmure %q (%s)", v, why)
			}
		default:
			e.problemf(o.at("perceArmure"), "%s, ignored", describe(x))
		}
	}
	if x, ok := o.get("reload"); ok && x != nil {
		e.readReload(x, o.at("reload"))
	}
	e.readAmmunition(o)
	e.readWeaponArmour(o) // equipment_guard.go
}

// readRange reads {short, long, max}, max null or absent meaning no maximum.
func (e *equipOut) readRange(x any, path string) {
	o, ok := e.obj(x, path, "ignored")
	if !ok {
		return
	}
	var r profiles.Range
	for _, f := range []struct {
		key string
		dst *float64
	}{{"short", &r.Short}, {"long", &r.Long}, {"max", &r.Max}} {
		v, ok := o.get(f.key)
		if !ok || v == nil {
			if f.key != "max" {
				e.problemf(o.at(f.key), "missing, read as 0")
			}
			continue
		}
		if n, ok := e.number(v, o.at(f.key), "read as 0"); ok {
			if n < 0 || n > 999 {
				e.problemf(o.at(f.key), "%v toises, read as 0", n)
				n = 0
			}
			*f.dst = n
		}
	}
	for _, k := range o.unused() {
		e.problemf(o.at(k), "unknown field, ignored")
	}
	switch {
	case r.Long <= 0:
		e.problemf(path, "long range must be above 0: range ignored")
	case r.Short > r.Long:
		e.problemf(path, "short range %v is beyond long range %v: range ignored", r.Short, r.Long)
	case r.Max > 0 && r.Max < r.Long:
		e.problemf(path, "max range %v is below long range %v: range ignored", r.Max, r.Long)
	default:
		e.ef.Range = &r
		e.src["range"] = "range"
	}
}

// readReload reads a reloading cost: a number of AP (one shot between reloads),
// or {rate, ap}.
func (e *equipOut) readReload(x any, path string) {
	if e.kind != profiles.KindRanged {
		e.problemf(path, "a melee weapon has no reloading cost in the data format, ignored")
		return
	}
	rate, ap := 1, 0
	if o, isObj := x.(map[string]any); isObj {
		ob := newObject(o, path)
		for _, k := range []string{"rate", "cadence"} {
			if v, ok := ob.get(k); ok && v != nil {
				rate, _ = e.whole(v, ob.at(k), "read as 1")
			}
		}
		for _, k := range []string{"paCost", "ap", "pa", "cost", "cout"} {
			if v, ok := ob.get(k); ok && v != nil {
				ap, _ = e.whole(v, ob.at(k), "reloading cost ignored")
			}
		}
		for _, k := range ob.unused() {
			e.problemf(ob.at(k), "unknown field, ignored")
		}
	} else {
		n, ok := e.whole(x, path, "reloading cost ignored")
		if !ok {
			return
		}
		ap = n
		e.problemf(path, "a reloading cost of %d AP with no rate: read as 1 shot between reloads", n)
	}
	switch {
	case ap == 0:
		return // no reloading cost
	case ap < 1 || ap > 9:
		e.notModelledf("reload %d AP (reload_ap is from 1 to 9)", ap)
	case rate < 1 || rate > 99:
		e.notModelledf("reload rate %d (rate is from 1 to 99)", rate)
	default:
		e.ef.Rate, e.ef.ReloadAP = rate, ap
		e.src["rate"], e.src["reload_ap"] = "reload", "reload"
	}
}

// protection reads seuil, protectionEchec and protectionReussite into e.armour:
// the catalogue writes reductions as negative numbers (R12: plate -2/6/-3).
func readProtection(n *notes, o *object, a *profiles.ArmourStats) string {
	var vals [3]int
	for i, k := range []string{"protectionEchec", "seuil", "protectionReussite"} {
		x, ok := o.get(k)
		if !ok || x == nil {
			return "no " + k
		}
		v, ok := n.whole(x, o.at(k), "armour not imported")
		if !ok {
			return "bad " + k
		}
		if i != 1 && v > 0 {
			n.problemf(o.at(k), "positive reduction %d, read as %d", v, -v)
		}
		if i != 1 && v < 0 {
			v = -v
		}
		vals[i] = v
	}
	a.Failure, a.Threshold, a.Success = vals[0], vals[1], vals[2]
	switch {
	case a.Threshold < 1 || a.Threshold > 10:
		return fmt.Sprintf("threshold %d is outside 1..10", a.Threshold)
	case a.Failure > 999 || a.Success > 999:
		return "reduction above 999"
	case a.Success < a.Failure:
		return fmt.Sprintf("it stops less at or above its threshold (%d) than below it (%d)", a.Success, a.Failure)
	}
	return ""
}

// readBoxes reads durability, a lifespan of 1 to 99 boxes.
func readBoxes(n *notes, o *object) (int, string) {
	x, ok := o.get("durability")
	if !ok || x == nil {
		return 0, "no durability"
	}
	b, ok := n.whole(x, o.at("durability"), "not imported")
	if !ok {
		return 0, "bad durability"
	}
	if b < 1 || b > 99 {
		return 0, fmt.Sprintf("durability %d is outside 1..99", b)
	}
	return b, ""
}

func (e *equipOut) readArmour(o *object) {
	if why := readProtection(&e.notes, o, &e.armour); why != "" {
		e.problemf(e.path, "%s: card not imported", why)
		e.why = why
		return
	}
	b, why := readBoxes(&e.notes, o)
	if why != "" {
		e.problemf(e.path, "%s: card not imported", why)
		e.why = why
		return
	}
	e.boxes = b
	e.src["protection"] = "seuil, protectionEchec, protectionReussite"
	e.src["boxes"] = "durability"
}

func (e *equipOut) readShield(o *object) {
	b, why := readBoxes(&e.notes, o)
	if why != "" {
		e.problemf(e.path, "%s: card not imported", why)
		e.why = why
		return
	}
	e.boxes = b
	e.src["boxes"] = "durability"
	for _, k := range []string{"allonge", "range", "perceArmure", "reload", "seuil", "protectionEchec", "protectionReussite"} {
		if x, ok := o.get(k); ok && x != nil {
			e.problemf(o.at(k), "a shield has no %s in the data format, ignored", k)
			e.notModelledf("%s %s", k, oneLine(fmt.Sprint(x), 20))
		}
	}
}

// checkWeapon settles what the text and the fields leave open and what the data
// format would refuse (profiles' checkWeapon).
func (e *equipOut) checkWeapon(o *object) {
	ef := &e.ef
	if e.defenceReach != "" {
		e.defenceReachOnly()
	}
	e.dedupPiercing()
	if e.reachPhrase != "" {
		switch {
		case e.kind != profiles.KindMelee:
			e.notModelledf("%q (%s)", e.reachPhrase, e.allows("reach"))
		case ef.Reach == 0:
			e.problemf(e.path+".effectsText", "%q with no allonge field: read as 1 toise, the shortest reach", e.reachPhrase)
			e.reach(e.reachPhrase, 1)
		default:
			e.src["reach"] = e.reachPhrase + "; allonge"
		}
	}
	// R7: melee attacks engage V, P, A, C; shots V and A.
	can := []profiles.Char{profiles.V, profiles.P, profiles.A, profiles.C}
	if e.kind == profiles.KindRanged {
		can = []profiles.Char{profiles.V, profiles.A}
	}
	var left []profiles.Char
	for _, c := range can {
		if !slices.Contains(ef.NoAttackWith, c) {
			left = append(left, c)
		}
	}
	if len(left) == 0 {
		e.notModelledf("%q (it leaves no characteristic to attack with)", e.src["no_attack_with"])
		ef.NoAttackWith = nil
		delete(e.src, "no_attack_with")
		left = can
	}
	if ef.AttackAP != nil {
		most := min(3, 2*len(left)) // R7: no characteristic more than twice
		if slices.IndexFunc(ef.AttackAP, func(ap int) bool { return ap <= most }) < 0 {
			e.notModelledf("%q (with only %d characteristic(s) to engage no such attack is possible)", e.src["attack_ap"], len(left))
			ef.AttackAP = nil
			delete(e.src, "attack_ap")
		}
	}
	switch e.kind {
	case profiles.KindRanged:
		if ef.Range == nil {
			e.problemf(e.path, "a ranged weapon with no valid range: card not imported")
			e.why = "no range"
		}
	case profiles.KindMelee:
		if ef.Range != nil && ef.Reach == 0 && !ef.Thrown {
			// Some melee weapons "can be thrown once and once only" (English seed
			// 000 "Melee weapons"): a range on one says it is such a weapon.
			e.problemf(o.at("range"), "a melee weapon with a range: read as thrown once")
			ef.Thrown = true
			e.src["thrown"] = "range"
		}
	}
}

// defenceReachOnly settles a reach the card limits to defence ("Allonge en
// défense uniquement", issue 12 section 5): defence_reach is the distance of
// the phrase, else the card's allonge field, which then no longer serves
// attacks. It is read only for the counter-reach check (seed 000 line 1098,
// seed 004 lines 1508-1510; sim Exchange.BeyondCounterReach).
func (e *equipOut) defenceReachOnly() {
	ef := &e.ef
	if e.src["reach"] == "allonge" {
		if ef.DefenceReach == 0 && e.kind == profiles.KindMelee {
			ef.DefenceReach = ef.Reach
			e.src["defence_reach"] = e.defenceReach + "; allonge"
		}
		ef.Reach = 0
		delete(e.src, "reach")
	}
	switch {
	case e.kind != profiles.KindMelee:
		// effects has said why already.
	case ef.DefenceReach == 0:
		e.notModelledf("%q (a reach in defence only with no distance, neither in the text nor in the allonge field)", e.defenceReach)
	case ef.DefenceReach <= ef.Reach:
		e.notModelledf("%q (a reach in defence only of %v toises adds nothing to the weapon's reach %v)", e.defenceReach, ef.DefenceReach, ef.Reach)
		ef.DefenceReach = 0
		delete(e.src, "defence_reach")
	}
}
