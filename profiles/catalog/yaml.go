package catalog

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/kharn-ages/kharn/profiles"
)

// The YAML files are written by hand rather than through a YAML encoder, to keep
// each card's French text as comments beside the keys it became. Loading them
// back with profiles.LoadFS (settle) checks that they are valid.

// commentWidth is the width comments are wrapped to.
const commentWidth = 96

// render writes the YAML files: equipment.yaml, then one file per faction.
func (c *Conversion) render() []File {
	var files []File
	var b bytes.Buffer
	c.header(&b)
	b.WriteString("equipment:")
	n := 0
	for _, e := range c.equipment {
		if e.why == "" {
			b.WriteString("\n")
			c.writeEquipment(&b, e)
			n++
		}
	}
	if n == 0 {
		b.WriteString(" []\n")
	}
	c.writeNotImported(&b)
	files = append(files, File{Name: "equipment.yaml", Data: slices.Clone(b.Bytes())})
	if f, ok := c.writeSpells(); ok {
		files = append(files, f)
	}
	if f, ok := c.writeMounts(); ok {
		files = append(files, f)
	}

	for _, f := range profiles.KnownFactions() {
		b.Reset()
		n := 0
		for _, p := range c.profiles {
			if p.why != "" || p.faction != f {
				continue
			}
			if n == 0 {
				c.header(&b)
				b.WriteString("profiles:")
			}
			b.WriteString("\n")
			c.writeProfile(&b, p)
			n++
		}
		if n > 0 {
			files = append(files, File{Name: f + ".yaml", Data: slices.Clone(b.Bytes())})
		}
	}
	return files
}

func (c *Conversion) header(b *bytes.Buffer) {
	from := c.name
	var v []string
	if c.Report.Version != "" {
		v = append(v, "catalogue version "+c.Report.Version)
	}
	if c.Report.RulesVersion != "" {
		v = append(v, "rules version "+c.Report.RulesVersion)
	}
	if len(v) > 0 {
		from += " (" + strings.Join(v, ", ") + ")"
	}
	comment(b, "", "", `Imported by "kharn import catalog" from `+from+".")
	comment(b, "", "", "The card data belongs to the game's publisher: keep these files for your own use and do not commit them to the kharn repository.")
	comment(b, "", "", `The comments keep each card's French text; "not modelled" lists what the data format cannot express, which the simulator ignores.`)
}

// comment writes text as comment lines at indent, wrapped, the first line starting
// with label and the others indented under it.
func comment(b *bytes.Buffer, indent, label, text string) {
	text = oneLine(text, 4000)
	first := "# " + label
	if label != "" && text != "" {
		first += " "
	}
	line := indent + first
	cont := indent + "# "
	if label != "" {
		cont += "    "
	}
	words := strings.Fields(text)
	fresh := true // nothing after the prefix yet
	for _, w := range words {
		if !fresh && len(line)+1+len(w) > commentWidth {
			b.WriteString(strings.TrimRight(line, " ") + "\n")
			line, fresh = cont, true
		}
		if !fresh {
			line += " "
		}
		line += w
		fresh = false
	}
	b.WriteString(strings.TrimRight(line, " ") + "\n")
}

// title is the first comment line of an entry: its name, and its catalogue id
// when the YAML id differs from it.
func title(name, catalogID, id string, extra ...string) string {
	s := name
	var notes []string
	if catalogID != id {
		notes = append(notes, "catalogue id "+strconv.Quote(catalogID))
	}
	notes = append(notes, extra...)
	if len(notes) > 0 {
		s += " (" + strings.Join(notes, ", ") + ")"
	}
	return s
}

// fieldSources are the catalogue fields a YAML key may come from; keys taken from
// a field carry no comment, those from a phrase of the text carry the phrase.
var fieldSources = []string{"range", "reload", "allonge", "perceArmure", "durability", "baseMunitions",
	"seuil, protectionEchec, protectionReussite"}

func (c *Conversion) writeEquipment(b *bytes.Buffer, e *equipOut) {
	comment(b, "  ", "", title(e.name, e.catalogID, e.id))
	for i, line := range strings.Split(strings.TrimSpace(e.effectsText), "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		label := "text:"
		if i > 0 {
			label = "     "
		}
		comment(b, "  ", label, line)
	}
	if len(e.notModelled) > 0 {
		comment(b, "  ", "not modelled:", strings.Join(e.notModelled, "; "))
	}
	writeNotes(b, e.path, e.problems, e.resolveProblems)
	kv := func(key, value string) {
		line := "    " + key + ": " + value
		if src := e.src[key]; src != "" && !slices.Contains(fieldSources, src) {
			line += " # " + oneLine(src, 80)
		}
		b.WriteString(line + "\n")
	}
	b.WriteString("  - id: " + e.id + "\n")
	kv("name", yamlString(oneLine(e.name, 200)))
	kv("kind", string(e.kind))
	kv("cost", strconv.Itoa(e.cost))
	ef := &e.ef
	switch e.kind {
	case profiles.KindMelee, profiles.KindRanged:
		if e.versatile {
			kv("hands", "1-2")
		} else {
			kv("hands", strconv.Itoa(e.hands))
		}
		if ef.Range != nil {
			r := "{short: " + num(ef.Range.Short) + ", long: " + num(ef.Range.Long)
			if ef.Range.Max > 0 {
				r += ", max: " + num(ef.Range.Max)
			}
			kv("range", r+"}")
		}
		if ef.Reach > 0 {
			kv("reach", num(ef.Reach))
		}
		if ef.DefenceReach > 0 {
			kv("defence_reach", num(ef.DefenceReach))
		}
		if ef.Thrown {
			kv("thrown", "true")
		}
		if ef.AttackBonus != 0 {
			kv("attack_bonus", strconv.Itoa(ef.AttackBonus))
		}
		if ef.DefenceBonus != 0 {
			kv("defence_bonus", strconv.Itoa(ef.DefenceBonus))
		}
		if ef.DamageBonus != 0 {
			kv("damage_bonus", strconv.Itoa(ef.DamageBonus))
		}
		if ef.FixedDamage != nil {
			kv("fixed_damage", ef.FixedDamage.String())
		}
		if ef.CriticalFrom != 0 {
			kv("critical_from", strconv.Itoa(ef.CriticalFrom))
		}
		if ef.NoCFAttack {
			kv("no_cf_attack", "true")
		}
		if ef.NoCFDefence {
			kv("no_cf_defence", "true")
		}
		if len(ef.NoAttackWith) > 0 {
			kv("no_attack_with", charList(ef.NoAttackWith))
		}
		if len(ef.NoEffectWith) > 0 {
			kv("no_effect_with", charList(ef.NoEffectWith))
		}
		if ef.AttackAP != nil {
			kv("attack_ap", intList(ef.AttackAP))
		}
		if ef.Bleeding != 0 {
			kv("bleeding", strconv.Itoa(ef.Bleeding))
		}
		if ef.OnCritical != "" {
			kv("on_critical", string(ef.OnCritical))
		}
		if ef.ArmourPiercing != nil {
			kv("armour_piercing", ef.ArmourPiercing.String())
		}
		if ef.ArmourIgnore != 0 {
			kv("armour_ignore", strconv.Itoa(ef.ArmourIgnore))
		}
		if ef.Ammunition != 0 {
			kv("ammunition", strconv.Itoa(ef.Ammunition))
		}
		if b := e.bought; b != nil {
			kv("bought_ammunition", fmt.Sprintf("{shots: %d, cost: %d}", b.Shots, b.Cost)) // ammunition.go
		}
		if ef.Rate != 0 {
			kv("rate", strconv.Itoa(ef.Rate))
			kv("reload_ap", strconv.Itoa(ef.ReloadAP))
		}
		if ef.Munition != "" {
			kv("munition", ef.Munition)
		}
		e.writeWeaponArmour(kv) // equipment_guard.go
	case profiles.KindArmour:
		kv("protection", protection(e.armour))
		kv("boxes", strconv.Itoa(e.boxes))
		if e.armour.VelocityMalus != 0 {
			kv("velocity_malus", strconv.Itoa(e.armour.VelocityMalus))
		}
		if e.armour.MalusMaxC != 0 {
			kv("malus_max_c", strconv.Itoa(e.armour.MalusMaxC))
		}
		e.writeArmourSlots(kv) // equipment_armour.go
		e.writeMaterial(kv)    // equipment_material.go
	case profiles.KindHelmet:
		if e.boxes > 0 {
			kv("boxes", strconv.Itoa(e.boxes))
		}
		if ef.NoCriticalDamage {
			kv("no_critical_damage", "true")
		}
		if len(ef.Immune) > 0 {
			var st []string
			for _, s := range ef.Immune {
				st = append(st, string(s))
			}
			kv("immune", "["+strings.Join(st, ", ")+"]")
		}
	case profiles.KindShield:
		if ef.DefenceBonus != 0 {
			kv("defence_bonus", strconv.Itoa(ef.DefenceBonus))
		}
		kv("boxes", strconv.Itoa(e.boxes))
		if ef.NoCFDefence {
			kv("no_cf_defence", "true")
		}
	}
	e.writeStackable(kv) // equipment_copies.go
	e.writeEdge(kv)      // upgrades.go
	e.writePoison(kv)    // equipment_items.go
	e.writeGrants(kv)
	if len(e.reserved) > 0 {
		kv("reserved_to", "["+strings.Join(e.reserved, ", ")+"]")
	}
	if e.mountEquipment != "" {
		kv("mount_equipment", e.mountEquipment)
	}
}

func (c *Conversion) writeProfile(b *bytes.Buffer, p *profileOut) {
	var extra []string
	if p.modelID != "" {
		extra = append(extra, "model "+strconv.Quote(p.modelID))
	}
	if p.factionID != p.faction {
		extra = append(extra, "faction "+strconv.Quote(p.factionID))
	}
	comment(b, "  ", "", title(p.name, p.catalogID, p.id, extra...))
	for _, r := range p.rules {
		comment(b, "  ", "rule", r)
	}
	if len(p.notModelled) > 0 {
		comment(b, "  ", "not modelled:", strings.Join(p.notModelled, "; "))
	}
	writeNotes(b, p.path, p.problems, p.resolveProblems)
	b.WriteString("  - id: " + p.id + "\n")
	b.WriteString("    name: " + yamlString(oneLine(p.name, 200)) + "\n")
	b.WriteString("    faction: " + p.faction + "\n")
	fmt.Fprintf(b, "    level: %d\n    cost: %d\n", p.level, p.cost)
	if p.limitation != "" {
		b.WriteString("    limitation: " + p.limitation + "\n")
	}
	b.WriteString("    stats: " + p.statsYAML() + "\n")
	fmt.Fprintf(b, "    stature: %d\n    ap: %d\n    hp: %d\n", p.stature, p.ap, p.hp)
	if len(p.mastery) > 0 {
		b.WriteString("    mastery:\n")
		for _, die := range p.mastery {
			names := make([]string, len(die))
			for i, f := range die {
				names[i] = string(f)
			}
			b.WriteString("      - [" + strings.Join(names, ", ") + "]\n")
		}
	}
	if len(p.skills) > 0 {
		b.WriteString("    skills:\n")
		for _, sk := range p.skills {
			b.WriteString("      " + sk.name + ": " + sk.yamlValue() + " # " + oneLine(sk.source, 80) + "\n")
		}
	}
	p.rendered = p.rendered[:0]
	var ids []string
	for i, r := range p.refs {
		if r.id != "" {
			ids = append(ids, r.id)
			p.rendered = append(p.rendered, i)
		}
	}
	if len(ids) > 0 {
		b.WriteString("    equipment: [" + strings.Join(ids, ", ") + "]\n")
	}
	if p.armour != nil {
		fmt.Fprintf(b, "    armour: {protection: %s, boxes: %d}\n", protection(*p.armour), p.armour.Boxes)
	}
	if len(p.traits) > 0 {
		b.WriteString("    traits: [" + strings.Join(p.traits, ", ") + "]\n")
	}
	if len(p.countYAML) > 0 {
		b.WriteString("    stat_counts: # recounted from the Safars of its Spearhead in play\n")
		for _, l := range p.countYAML {
			b.WriteString(l)
		}
		p.writeMappedItems(b, "stat_counts")
	}
	if len(p.allyYAML) > 0 {
		b.WriteString("    grants_allies: # " + oneLine("skills its card gives other Safars of its Spearhead", 80) + "\n")
		for _, a := range p.allyYAML {
			b.WriteString(a)
		}
		p.writeMappedItems(b, "grants_allies")
	}
	if len(p.condYAML) > 0 {
		b.WriteString("    conditional_skills: # skills its card holds while an ally it names is in play (skills.md section 3, pattern M)\n")
		for _, l := range p.condYAML {
			b.WriteString(l)
		}
		p.writeMappedItems(b, "conditional_skills")
	}
	p.writeAuraGrants(b) // profiles/catalog/auras.go
	// special_attacks: profiles/catalog/cardattack.go
	p.writeCardAttacks(b, "    ")
	p.writeRuleFields(b) // profiles/catalog/rulesmap.go
	if p.magic != nil {
		writeMagic(b, p.magic)
	}
}

// writeNotes writes the problems of the entry at path as comments, their paths
// relative to it: "note: level: missing, read as 2".
func writeNotes(b *bytes.Buffer, path string, lists ...[]Problem) {
	for _, list := range lists {
		for _, p := range list {
			rel := strings.TrimPrefix(strings.TrimPrefix(p.Path, path), ".")
			if rel != "" {
				rel += ": "
			}
			comment(b, "  ", "note:", rel+p.Msg)
		}
	}
}

// writeNotImported lists the cards not imported, as comments.
func (c *Conversion) writeNotImported(b *bytes.Buffer) {
	first := true
	line := func(path, name, catalogID, why, text string) {
		if first {
			b.WriteString("\n")
			comment(b, "", "", "Not imported (kharn import catalog says why):")
			first = false
		}
		s := path
		if name != "" {
			s += " " + strconv.Quote(name)
		}
		if catalogID != "" && catalogID != name {
			s += " (catalogue id " + strconv.Quote(catalogID) + ")"
		}
		comment(b, "", "-", s+": "+why)
		if text != "" {
			comment(b, "", "  text:", text)
		}
	}
	for _, e := range c.equipment {
		if e.why != "" {
			line(e.path, e.name, e.catalogID, e.why, e.effectsText)
		}
	}
	for _, p := range c.profiles {
		if p.why != "" {
			line(p.path, p.name, p.catalogID, p.why, "")
		}
	}
}

// protection formats an armour as cards print it: "-1/6/-2", "0/7/-1".
func protection(a profiles.ArmourStats) string {
	neg := func(n int) string {
		if n == 0 {
			return "0"
		}
		return "-" + strconv.Itoa(n)
	}
	return neg(a.Failure) + "/" + strconv.Itoa(a.Threshold) + "/" + neg(a.Success)
}

func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

func charList(cs []profiles.Char) string {
	s := make([]string, len(cs))
	for i, c := range cs {
		s[i] = c.String()
	}
	return "[" + strings.Join(s, ", ") + "]"
}

func intList(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return "[" + strings.Join(s, ", ") + "]"
}

// yamlString writes s as a plain YAML scalar when that is safe (letters, digits,
// spaces, hyphens, apostrophes, parentheses, dots; starting with a letter; not a
// YAML keyword), and double-quoted otherwise.
func yamlString(s string) string {
	plain := s != "" && s == strings.TrimSpace(s)
	for i, r := range s {
		if !plain {
			break
		}
		switch {
		case i == 0:
			plain = unicode.IsLetter(r)
		case unicode.IsLetter(r) || unicode.IsDigit(r):
		case strings.ContainsRune(" -'’().", r):
		default:
			plain = false
		}
	}
	switch strings.ToLower(s) {
	case "y", "n", "yes", "no", "on", "off", "true", "false", "null":
		plain = false
	}
	if plain {
		return s
	}
	return strconv.Quote(s)
}
