package catalog

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kharn-ages/kharn/profiles"
)

// Mounts: the catalogue's mountTypes and mounts (catalogue.md section 4.11)
// become the mounts of the data format (profiles.Mount) in mounts.yaml; a
// Safar on one is then the profile "<rider>-on-<mount>"
// (profiles.DataSet.Mounted), and a list member's mount its list entry's
// mount. What a composed single profile cannot express is named in each
// mount's not_modelled: its rules (its own attacks), skills towards its rider
// only, effects on others. Mount options are list choices (ImportList).

// mountType is an entry of mountTypes.
type mountType struct {
	name, kind string
	factions   []string // catalogue faction ids
	excluded   []string // catalogue profile ids
}

// mountOut is a catalogue mount as the YAML writes it.
type mountOut struct {
	// p holds the mount's skills and notes, read as a profile's are.
	p                         profileOut
	path, catalogID, id, name string
	typeID, kind              string
	level, cost               int
	factions                  []string // project factions
	excludedIDs               []string // catalogue profile ids
	excluded                  []string // YAML profile ids
	bonus                     profiles.MountBonus
	why                       string
}

// readMounts reads mountTypes and mounts; mountOptions are read by lists.
func (c *Conversion) readMounts(file *notes, top *object, skills map[string]catalogSkill) {
	types := map[string]mountType{}
	if x, ok := top.get("mountTypes"); ok && x != nil {
		for _, to := range file.objects(x, "mountTypes", "ignored", "ignored") {
			id, _ := to.m["id"].(string)
			t := mountType{}
			t.name, _ = to.m["name"].(string)
			t.kind, _ = to.m["kind"].(string)
			if v, ok := to.get("factionEligibility"); ok {
				t.factions = file.ids(v, to.at("factionEligibility"))
			}
			if v, ok := to.get("excludedProfileIds"); ok {
				t.excluded = file.ids(v, to.at("excludedProfileIds"))
			}
			to.get("cardImage")
			types[id] = t
		}
	}
	c.mountOptions = map[string]mountOption{}
	if x, ok := top.get("mountOptions"); ok && x != nil {
		for _, oo := range file.objects(x, "mountOptions", "ignored", "ignored") {
			id, _ := oo.m["id"].(string)
			mo := mountOption{id: id, path: oo.path}
			mo.name, _ = oo.m["name"].(string)
			mo.bucket, _ = oo.m["bucket"].(string)
			if g, ok := oo.m["grantsSkill"].(map[string]any); ok {
				mo.skill, _ = g["skillId"].(string)
			}
			// wholeIn reads a whole number from lo to hi, a problem otherwise.
			wholeIn := func(v any, at string, lo, hi int) (int, bool) {
				n, ok := file.whole(v, at, "ignored")
				if ok && (n < lo || n > hi) {
					file.problemf(at, "%d is not from %d to %d: ignored", n, lo, hi)
					return 0, false
				}
				return n, ok
			}
			mo.max = 1
			if v, ok := oo.get("maxValue"); ok && v != nil {
				if n, ok := wholeIn(v, oo.at("maxValue"), 1, 9); ok {
					mo.max = n
				}
			}
			if v, ok := oo.get("cost"); ok && v != nil {
				if n, ok := wholeIn(v, oo.at("cost"), 0, 999); ok {
					mo.cost = []int{n}
				}
			}
			if v, ok := oo.get("costByValue"); ok && v != nil {
				vs, _ := v.([]any)
				var cs []int
				for i, x := range vs {
					if n, ok := wholeIn(x, index(oo.at("costByValue"), i), 0, 999); ok {
						cs = append(cs, n)
					}
				}
				if len(cs) == len(vs) && len(cs) > 0 {
					mo.cost = cs
				}
			}
			if v, ok := oo.get("costByMountKind"); ok && v != nil {
				byKind, _ := v.(map[string]any)
				mo.byKind = map[string]int{}
				for _, k := range sortedKeys(byKind) {
					if n, ok := wholeIn(byKind[k], oo.at("costByMountKind")+"."+k, 0, 999); ok {
						mo.byKind[k] = n
					}
				}
			}
			if r, ok := oo.m["reservation"].(map[string]any); ok {
				mo.kinds = stringsOf(r["mountKinds"])
				mo.factions = stringsOf(r["factions"])
			}
			c.mountOptions[id] = mo
		}
	}
	x, ok := top.get("mounts")
	if !ok || x == nil {
		return
	}
	ctx := &readContext{file: c.name, skills: skills, factions: c.factions}
	for _, mo := range file.objects(x, "mounts", "no mount imported", "mount not imported") {
		m := &mountOut{path: mo.path, p: profileOut{notes: notes{file: c.name}, path: mo.path}}
		c.mounts = append(c.mounts, m)
		if v, ok := mo.get("id"); ok {
			m.catalogID, _ = m.p.str(v, mo.at("id"), "mount not imported")
		}
		if v, ok := mo.get("typeId"); ok {
			m.typeID, _ = m.p.str(v, mo.at("typeId"), "mount not imported")
		}
		fail := func(path, format string, args ...any) {
			msg := fmt.Sprintf(format, args...)
			m.p.problemf(path, "%s: mount not imported", msg)
			if m.why == "" {
				m.why = msg
			}
		}
		if m.catalogID == "" {
			fail(mo.at("id"), "no id")
		}
		t, ok := types[m.typeID]
		if !ok {
			fail(mo.at("typeId"), "unknown mount type %q", m.typeID)
		}
		m.name, m.kind = t.name, t.kind
		if m.name == "" {
			m.name = m.catalogID
		}
		if m.kind != "" && !slices.Contains([]string{"quagga", "koelod", "mochere"}, m.kind) {
			m.p.problemf(mo.at("typeId"), "mount kind %q is not quagga, koelod or mochere: left out", m.kind)
			m.kind = ""
		}
		for _, f := range t.factions {
			if pf, ok := factionOf(f); ok && pf != profiles.NoFaction {
				m.factions = append(m.factions, pf)
			} else {
				m.p.problemf(mo.at("typeId"), "faction %q of the mount type is no faction of the data format: left out", f)
			}
		}
		if len(m.factions) == 0 {
			fail(mo.at("typeId"), "no faction may ride it")
		}
		m.excludedIDs = t.excluded
		if v, ok := mo.get("level"); ok {
			m.level, _ = m.p.whole(v, mo.at("level"), "mount not imported")
		}
		if m.level < 1 || m.level > 3 {
			fail(mo.at("level"), "level %d is not 1, 2 or 3", m.level)
		}
		if v, ok := mo.get("cost"); ok {
			m.cost, _ = m.p.whole(v, mo.at("cost"), "read as 0")
			m.cost = min(max(m.cost, 0), 999)
		}
		if v, ok := mo.get("bonuses"); ok && v != nil {
			m.readBonuses(v, mo.at("bonuses"))
		}
		if v, ok := mo.get("grantedSkills"); ok && v != nil {
			m.readSkills(ctx, v, mo.at("grantedSkills"))
		}
		if v, ok := mo.get("effects"); ok && v != nil {
			for _, ef := range readEffects(&m.p.notes, v, mo.at("effects")) {
				if slices.Contains(listOnlyOps, ef.kind) {
					m.p.noEffectf("%s (list building only)", ef.label())
					continue
				}
				if slices.Contains(magicOps, ef.kind) {
					m.p.magicf("%s", ef.label())
					continue
				}
				m.p.notModelledf("%s on %s (effects of a mount are not applied)", ef.label(), ef.target)
			}
		}
		if v, ok := mo.get("rules"); ok && v != nil {
			m.p.readRules(v, mo.at("rules")) // each rule not modelled
		}
		mo.get("icon")
		for _, k := range mo.unused() {
			m.p.problemf(mo.at(k), "unknown field, ignored")
		}
	}
}

// mountOption is an entry of mountOptions: a list choice granting a skill.
type mountOption struct {
	id, path, name, bucket, skill string
	max                           int
	cost                          []int          // by X (costByValue), or one cost
	byKind                        map[string]int // costByMountKind
	kinds, factions               []string       // reservation (catalogue ids)
}

// stringsOf returns the strings of a JSON array, nil for anything else.
func stringsOf(v any) []string {
	xs, _ := v.([]any)
	var out []string
	for _, x := range xs {
		if s, ok := x.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// optionFor returns what mount option o becomes on mount m
// (profiles.MountOption), or why it does not fit or cannot be written: its
// reservation leaves m's kind or every faction of m out, or its skill is
// not one a mount option of the data format grants (a skill with a number or
// with no value).
func (o mountOption) optionFor(m *mountOut) (profiles.MountOption, string) {
	out := profiles.MountOption{ID: projectID(o.id), Name: o.name, Max: o.max, Cost: o.cost}
	if len(o.kinds) > 0 && !slices.Contains(o.kinds, m.kind) {
		return out, fmt.Sprintf("for mounts of kind %s, not %s", strings.Join(o.kinds, ", "), m.kind)
	}
	for _, f := range o.factions {
		if pf, ok := factionOf(f); ok && slices.Contains(m.factions, pf) && !slices.Contains(out.Factions, pf) {
			out.Factions = append(out.Factions, pf)
		}
	}
	if len(o.factions) > 0 && len(out.Factions) == 0 {
		return out, fmt.Sprintf("for riders of %s, none of whom rides %s", strings.Join(o.factions, ", "), m.id)
	}
	info, ok := profiles.SkillByID(o.skill)
	if !ok || info.Name == "" {
		return out, fmt.Sprintf("its skill %q is no skill of the data format", o.skill)
	}
	switch v, _ := profiles.SkillValueOf(info.Name); v {
	case profiles.SkillNoValue:
		out.Max = 1
	case profiles.SkillNumber, profiles.SkillOptNumber:
	default:
		return out, fmt.Sprintf("its skill %s takes no number", info.Name)
	}
	out.Skill = info.Name
	if c, ok := o.byKind[m.kind]; ok {
		out.Cost = []int{c}
	}
	if len(out.Cost) > 1 && len(out.Cost) != out.Max {
		out.Cost = out.Cost[:1]
	}
	if len(out.Cost) == 0 {
		out.Cost = []int{0}
	}
	if !profiles.ValidID(out.ID) {
		return out, fmt.Sprintf("its id %q is no id of the data format", o.id)
	}
	return out, ""
}

// readBonuses reads a mount's bonuses (catalogue.md 4.11).
func (m *mountOut) readBonuses(v any, path string) {
	o, ok := m.p.obj(v, path, "no bonus")
	if !ok {
		return
	}
	for _, k := range sortedKeys(o.m) {
		at := o.at(k)
		if k == "allonge" {
			r, ok := m.p.number(o.m[k], at, "ignored")
			if ok && r > 0 && profiles.ValidReach(r+0.5) {
				m.bonus.Reach = r
			} else if ok {
				m.p.notModelledf("reach bonus %g (the natural reach 0.5 + %g is no reach of the data format)", r, r)
			}
			continue
		}
		n, ok := m.p.whole(o.m[k], at, "ignored")
		if !ok {
			continue
		}
		dst, hi := map[string]*int{"pa": &m.bonus.AP, "pv": &m.bonus.HP, "stature": &m.bonus.Stature,
			"v": &m.bonus.V, "p": &m.bonus.P, "a": &m.bonus.A, "c": &m.bonus.C}[k], map[string]int{"pa": 9, "pv": 99, "stature": 6}[k]
		if hi == 0 {
			hi = 5
		}
		switch {
		case dst == nil:
			m.p.problemf(at, "unknown bonus, ignored")
			m.p.notModelledf("bonus %s %d", k, n)
		case n < 0 || n > hi:
			m.p.problemf(at, "%d is not from 0 to %d: ignored", n, hi)
			m.p.notModelledf("bonus %s %d", k, n)
		default:
			*dst = n
		}
	}
}

// readSkills reads a mount's grantedSkills as a profile's skills. A mount's
// Sacrifice X is towards its rider (skills.md #51: "Quagga level II (X = 1,
// towards its rider only)"): rider and mount are one profile, so it becomes
// the Safar's own "rider sacrifice: X" (sim/mount.go); LIST skills of a mount
// have no use.
func (m *mountOut) readSkills(ctx *readContext, v any, path string) {
	m.p.readSkills(ctx, v, path)
	for i, s := range m.p.skills {
		if s.name == profiles.SkillSacrifice {
			m.p.notModelled = slices.DeleteFunc(m.p.notModelled, func(n string) bool { return strings.HasPrefix(n, "skill sacrifice: its precision") })
			m.p.skills[i].name, m.p.skills[i].engine = profiles.SkillRiderSacrifice, profiles.SkillEngine(profiles.SkillRiderSacrifice)
		}
	}
	for _, t := range m.p.traits {
		m.p.notModelledf("trait %s (a mount's list skill)", t)
	}
	m.p.skillStatus()
}

// resolveMounts gives the mounts their YAML ids and their exclusions.
func (c *Conversion) resolveMounts() {
	used := map[string]bool{}
	c.mountByID = map[string]*mountOut{}
	for i, m := range c.mounts {
		if m.why != "" {
			continue
		}
		if _, dup := c.mountByID[m.catalogID]; dup {
			m.p.problemf(m.path+".id", "id %q given twice: mount not imported", m.catalogID)
			m.why = "duplicate id"
			continue
		}
		c.mountByID[m.catalogID] = m
		base := projectID(m.catalogID)
		if base == "" {
			base = "mount-" + strconv.Itoa(i)
		}
		m.id = base
		for n := 2; used[m.id]; n++ {
			m.id = base + "-" + strconv.Itoa(n)
		}
		used[m.id] = true
		m.excluded = nil
		for _, id := range m.excludedIDs {
			if p, ok := c.profileByID[id]; ok && p.why == "" {
				m.excluded = append(m.excluded, p.id)
			}
		}
	}
}

// writeMounts writes mounts.yaml, or nothing when no mount is imported.
func (c *Conversion) writeMounts() (File, bool) {
	var b bytes.Buffer
	c.header(&b)
	comment(&b, "", "", `A Safar on a mount is the profile "<rider>-on-<mount>" (kharn duel kharns-x-2-on-heron-2 ...), and a list entry's "mount:".`)
	b.WriteString("mounts:")
	n := 0
	for _, m := range c.mounts {
		if m.why != "" {
			continue
		}
		b.WriteString("\n")
		comment(&b, "  ", "", title(m.name, m.catalogID, m.id))
		for _, r := range m.p.rules {
			comment(&b, "  ", "rule", r)
		}
		writeNotes(&b, m.path, m.p.problems)
		b.WriteString("  - id: " + m.id + "\n")
		b.WriteString("    name: " + yamlString(oneLine(m.name, 200)) + "\n")
		if m.typeID != "" && profiles.ValidID(projectID(m.typeID)) {
			b.WriteString("    type: " + projectID(m.typeID) + "\n")
		}
		if m.kind != "" {
			b.WriteString("    kind: " + m.kind + "\n")
		}
		fmt.Fprintf(&b, "    level: %d\n    cost: %d\n", m.level, m.cost)
		b.WriteString("    factions: [" + strings.Join(m.factions, ", ") + "]\n")
		if len(m.excluded) > 0 {
			b.WriteString("    excluded: [" + strings.Join(m.excluded, ", ") + "]\n")
		}
		var bs []string
		for _, x := range []struct {
			k string
			v int
		}{{"V", m.bonus.V}, {"P", m.bonus.P}, {"A", m.bonus.A}, {"C", m.bonus.C}, {"ap", m.bonus.AP}, {"hp", m.bonus.HP}, {"stature", m.bonus.Stature}} {
			if x.v != 0 {
				bs = append(bs, x.k+": "+strconv.Itoa(x.v))
			}
		}
		if m.bonus.Reach > 0 {
			bs = append(bs, "reach: "+num(m.bonus.Reach))
		}
		if len(bs) > 0 {
			b.WriteString("    bonuses: {" + strings.Join(bs, ", ") + "}\n")
		}
		if len(m.p.skills) > 0 {
			b.WriteString("    skills:\n")
			for _, sk := range m.p.skills {
				b.WriteString("      " + sk.name + ": " + sk.yamlValue() + " # " + oneLine(sk.source, 80) + "\n")
			}
		}
		m.p.writeCardAttacks(&b, "    ") // profiles/catalog/cardattack.go
		if opts := c.optionsOf(m); len(opts) > 0 {
			b.WriteString("    options: # mountOptions: list choices (a list entry's mount_options)\n")
			for _, o := range opts {
				cs := make([]string, len(o.Cost))
				for i, x := range o.Cost {
					cs[i] = strconv.Itoa(x)
				}
				fmt.Fprintf(&b, "      - {id: %s, name: %s, skill: %s, max: %d, cost: [%s]", o.ID, yamlString(oneLine(o.Name, 100)), o.Skill, o.Max, strings.Join(cs, ", "))
				if len(o.Factions) > 0 {
					b.WriteString(", factions: [" + strings.Join(o.Factions, ", ") + "]")
				}
				b.WriteString("}\n")
			}
		}
		if len(m.p.notModelled) > 0 {
			b.WriteString("    not_modelled:\n")
			for _, s := range m.p.notModelled {
				b.WriteString("      - " + strconv.Quote(oneLine(s, 200)) + "\n")
			}
		}
		n++
	}
	return File{Name: "mounts.yaml", Data: slices.Clone(b.Bytes())}, n > 0
}

// optionsOf returns the mount options that fit m, in catalogue id order.
func (c *Conversion) optionsOf(m *mountOut) []profiles.MountOption {
	var out []profiles.MountOption
	for _, id := range sortedKeys(anyMap(c.mountOptions)) {
		if o, why := c.mountOptions[id].optionFor(m); why == "" {
			out = append(out, o)
		}
	}
	return out
}

// memberMount gives lm the mount of the member m, mapped to its YAML id, and
// names the mount options and the mount's own loadout, which the list format
// does not carry.
func (c *Conversion) memberMount(m MemberExport, lm *profiles.ListMember, warn, fail func(path, format string, args ...any)) {
	if m.Mount != "" {
		mt, ok := c.mountByID[m.Mount]
		switch {
		case ok:
			lm.Mount = mt.id
		case slices.ContainsFunc(c.mounts, func(x *mountOut) bool { return x.catalogID == m.Mount }):
			warn(m.Path+".mount.mountId", "mount %q is not imported (kharn import catalog says why): the Safar fights on foot", m.Mount)
		default:
			fail(m.Path+".mount.mountId", "unknown mount %q: the Safar fights on foot", m.Mount)
		}
	}
	for _, id := range sortedKeys(anyMap(m.MountOptions)) {
		at := m.Path + ".mountOptionIds." + id
		o, known := c.mountOptions[id]
		mt := c.mountByID[m.Mount]
		switch {
		case !known:
			warn(at, "not modelled: unknown mount option %q", id)
		case mt == nil || lm.Mount == "":
			warn(at, "not modelled: mount option %q without a mount imported", id)
		default:
			if mo, why := o.optionFor(mt); why != "" {
				warn(at, "not modelled: mount option %q (%s)", id, why)
			} else {
				lm.MountOptions = append(lm.MountOptions, profiles.MountChoice{ID: mo.ID, X: max(m.MountOptions[id], 1)})
			}
		}
	}
	// The mount's items join the entry's: rider and mount are one Safar
	// (an item marked mount_equipment needs the mount).
	for j, id := range m.MountAdded {
		path := index(m.Path+".mount.addedEquipmentIds", j)
		e, ok := c.equipByID[id]
		switch {
		case lm.Mount == "":
			warn(path, "%q is for a mount not imported: left out", id)
		case !ok:
			fail(path, "unknown equipment %q, left out", id)
		case e.why != "":
			warn(path, "%q is not imported (%s): left out, %d Kr less than in the list builder", id, e.why, e.cost)
		default:
			lm.Add = append(lm.Add, e.id)
		}
	}
	if m.MountLoadout {
		warn(m.Path+".mount", "not modelled: the mount's base items removed or its upgrades (the list format carries none)")
	}
}
