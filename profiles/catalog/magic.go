package catalog

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/kharn-ages/kharn/profiles"
)

// Magic: the catalogue's magicWays, grimoires and spells (catalogue.md
// sections 4.3, 4.9, 4.10) become the spells of the data format
// (profiles.Spell) in spells.yaml, and each caster's way and the spells it
// knows for free (profile spells, grant-spell effects) its magic. A list
// chooses the other spells and the grimoire (ImportList). The effects are free
// French text, read with the table of spell_text.go (the effect categories of
// skills.md 4.3 and the fields fights play); a text no row reads is imported
// as profiles.EffectUnclassed, which fights do not play and results name
// (profiles.SpellsNotPlayed).

// wayBySkill maps the skills of the table that make a caster to their way.
var wayBySkill = map[string]profiles.Way{
	profiles.SkillOsteomancy:    profiles.Osteomancy,
	profiles.SkillShamanism:     profiles.Shamanism,
	profiles.SkillBloodAndSteel: profiles.BloodAndSteel,
	profiles.SkillSacrificeWay:  profiles.SacrificeWay,
	profiles.SkillAdansonia:     profiles.Adansonia,
}

// wayByName returns the way a free value names ("ostéomancie", "Le sang et
// l'Acier", "adansonia"), as isWay reads it.
func wayByName(s string) (profiles.Way, bool) {
	f := fold(s)
	for _, w := range []struct {
		key string
		way profiles.Way
	}{{"osteomanc", profiles.Osteomancy}, {"shaman", profiles.Shamanism}, {"sang", profiles.BloodAndSteel},
		{"acier", profiles.BloodAndSteel}, {"sacrifice", profiles.SacrificeWay}, {"adansonia", profiles.Adansonia}} {
		if strings.Contains(f, w.key) {
			return w.way, true
		}
	}
	return "", false
}

// spellOut is a catalogue spell as the YAML writes it.
type spellOut struct {
	notes
	path, catalogID, id, name string
	kind                      profiles.SpellKind
	wayID                     string // magicWayId as written
	way                       profiles.Way
	pages, cost, levelCost    int
	// The reservation as written (catalogue ids), an OR (catalogue.md 4.10),
	// and resolved to YAML ids.
	resProfiles, resFactions []string
	resTrait                 string
	reserved                 []string
	target                   profiles.SpellTarget
	rangeT                   float64
	cadence                  profiles.Cadence
	duration                 profiles.Duration
	levels                   []levelOut
	// texts are the card's free texts (target, cadence, duration), for comments.
	texts []string
	why   string
}

// levelOut is one difficulty of a spell.
type levelOut struct {
	threshold int
	effect    profiles.SpellEffect
	amount    string // dice, for damage, healing and a return from defeat
	ignores   bool
	pays      bool   // a healing the caster pays in HP (caster_pays)
	text      string // the card's text, for a comment
	// params are the other fields fights play, read from the text
	// (spell_text.go); unplayed says what of a classed text they leave out.
	params   profiles.EffectParams
	unplayed string
	// lasts: how long the effect lasts, for a spell of duration special
	// (profiles.SpellLevel.Lasts; spell_special.go), and lastsWhy where it
	// comes from, for a comment.
	lasts    profiles.Duration
	lastsWhy string
}

// readMagic reads magicWays, grimoires and spells.
func (c *Conversion) readMagic(file *notes, top *object) {
	c.ways = make(map[string]profiles.Way)
	if x, ok := top.get("magicWays"); ok && x != nil {
		for _, wo := range file.objects(x, "magicWays", "ignored", "ignored") {
			id, _ := wo.m["id"].(string)
			var way profiles.Way
			if s, ok := wo.m["skillId"].(string); ok {
				if info, ok := profiles.SkillByID(s); ok {
					way = wayBySkill[info.Name]
				}
			}
			if f, ok := wo.m["factionId"].(string); way == "" && ok {
				if pf, ok := factionOf(f); ok {
					for _, w := range profiles.Ways {
						if w.Faction == pf {
							way = w.Way
						}
					}
				}
			}
			if way == "" {
				file.problemf(wo.path, "magic way %q: neither its skill nor its faction names one of the five ways of the rulebook; its spells are not imported", id)
				continue
			}
			for _, k := range []string{"name", "factionId", "skillId"} {
				wo.get(k)
			}
			c.ways[id] = way
		}
	}
	if x, ok := top.get("grimoires"); ok && x != nil {
		for _, g := range file.objects(x, "grimoires", "ignored", "ignored") {
			id, _ := g.m["id"].(string)
			want, ok := grimoireOf(id)
			if !ok {
				file.problemf(g.at("id"), "grimoire %q is neither petit nor grand: lists naming it keep no grimoire", id)
				continue
			}
			cost, _ := file.whole(g.m["cost"], g.at("cost"), "read as the rulebook's")
			pages := 0
			if p, ok := g.m["pages"].(string); !ok || p != "illimite" {
				pages, _ = file.whole(g.m["pages"], g.at("pages"), "read as the rulebook's")
			}
			if cost != want.Cost || pages != want.Pages {
				file.problemf(g.path, "grimoire %q: %d Kr, %d pages (0: unlimited); the data format has the rulebook's %s grimoire, %d Kr and %d pages (seed 000 lines 1475-1476)", id, cost, pages, want.ID, want.Cost, want.Pages)
			}
		}
	}
	if x, ok := top.get("spells"); ok && x != nil {
		for _, so := range file.objects(x, "spells", "no spell imported", "spell not imported") {
			c.spells = append(c.spells, c.readSpell(so))
		}
	}
}

// grimoireOf maps a catalogue grimoire id to the rulebook's.
func grimoireOf(id string) (profiles.Grimoire, bool) {
	switch id {
	case "petit", "small":
		return profiles.SmallGrimoire, true
	case "grand", "large":
		return profiles.LargeGrimoire, true
	}
	return profiles.Grimoire{}, false
}

var (
	toiseText = regexp.MustCompile(`(\d+(?:[.,]\d+)?)\s*toise`)
)

// readSpell reads one spell (catalogue.md section 4.10).
func (c *Conversion) readSpell(o *object) *spellOut {
	s := &spellOut{notes: notes{file: c.name}, path: o.path, levelCost: 1}
	str := func(k string) string {
		v, ok := o.get(k)
		if !ok || v == nil {
			return ""
		}
		t, _ := s.str(v, o.at(k), "ignored")
		return t
	}
	fail := func(path, format string, args ...any) {
		msg := fmt.Sprintf(format, args...)
		s.problemf(path, "%s: spell not imported", msg)
		if s.why == "" {
			s.why = msg
		}
	}
	s.catalogID, s.name = str("id"), str("name")
	if s.catalogID == "" {
		fail(o.at("id"), "no id")
	}
	if s.name == "" {
		s.name = s.catalogID
	}
	switch k := str("kind"); k {
	case "generique":
		s.kind = profiles.GenericSpell
	case "grimoire":
		s.kind = profiles.GrimoireSpell
	case "reserve-profil":
		s.kind = profiles.ProfileSpell
	default:
		fail(o.at("kind"), "kind %q is not generique, grimoire or reserve-profil", k)
	}
	if s.wayID = str("magicWayId"); s.wayID != "" {
		if w, ok := c.ways[s.wayID]; ok {
			s.way = w
		} else if s.kind != profiles.GenericSpell {
			fail(o.at("magicWayId"), "unknown magic way %q", s.wayID)
		}
	}
	whole := func(k string, lo, hi int, dst *int) {
		if v, ok := o.get(k); ok && v != nil {
			n, ok := s.whole(v, o.at(k), "ignored")
			if ok && (n < lo || n > hi) {
				fail(o.at(k), "%d is not from %d to %d", n, lo, hi)
			}
			if ok {
				*dst = n
			}
		}
	}
	whole("pages", 1, 5, &s.pages)
	whole("cost", 0, 999, &s.cost)
	whole("levelCost", 1, 3, &s.levelCost)
	switch s.kind {
	case profiles.GrimoireSpell:
		if s.way == "" {
			fail(o.path, "a grimoire spell with no magic way")
		}
		if s.pages == 0 {
			fail(o.at("pages"), "a grimoire spell with no pages")
		}
	case profiles.GenericSpell:
		if s.pages != 0 {
			s.problemf(o.at("pages"), "a generic spell fills no grimoire page: %d pages ignored", s.pages)
			s.pages = 0
		}
	}
	if s.kind != profiles.GenericSpell && s.levelCost != 1 {
		s.problemf(o.at("levelCost"), "only generic spells take levels of the caster's budget: ignored")
		s.levelCost = 1
	}
	if v, ok := o.get("reservedTo"); ok && v != nil {
		if ro, ok := s.obj(v, o.at("reservedTo"), "spell not imported"); ok {
			if x, ok := ro.get("profileIds"); ok {
				s.resProfiles = s.ids(x, ro.at("profileIds"))
			}
			if x, ok := ro.get("factionIds"); ok {
				s.resFactions = s.ids(x, ro.at("factionIds"))
			}
			if x, ok := ro.get("trait"); ok && x != nil {
				s.resTrait, _ = s.str(x, ro.at("trait"), "ignored")
			}
			for _, k := range ro.unused() {
				fail(ro.at(k), "unknown reservation key")
			}
		} else {
			s.why = "reservedTo is not an object"
		}
	}
	s.readTarget(str("target"))
	s.readCadence(str("cadence"), o.at("cadence"))
	s.readDuration(str("duration"))
	v, _ := o.get("difficulties")
	for i, do := range s.objects(v, o.at("difficulties"), "spell not imported", "difficulty ignored") {
		var l levelOut
		if t, ok := do.get("threshold"); ok {
			l.threshold, _ = s.whole(t, do.at("threshold"), "difficulty ignored")
		}
		if t, ok := do.get("effectText"); ok && t != nil {
			l.text, _ = s.str(t, do.at("effectText"), "ignored")
		}
		if l.threshold < 2 || l.threshold > 60 {
			s.problemf(index(o.at("difficulties"), i), "threshold %d is not from 2 to 60: difficulty ignored", l.threshold)
			continue
		}
		if n := len(s.levels); n > 0 && l.threshold <= s.levels[n-1].threshold {
			s.problemf(index(o.at("difficulties"), i), "threshold %d after %d: thresholds must increase, difficulty ignored", l.threshold, s.levels[n-1].threshold)
			continue
		}
		s.classLevel(&l)
		s.levels = append(s.levels, l)
	}
	switch {
	case len(s.levels) == 0:
		fail(o.at("difficulties"), "no difficulty")
	case len(s.levels) > 3:
		s.problemf(o.at("difficulties"), "%d difficulties, the data format holds 3: the others ignored", len(s.levels))
		s.levels = s.levels[:3]
	}
	for _, k := range []string{"cardImage", "target", "cadence", "duration"} {
		o.get(k)
	}
	for _, k := range o.unused() {
		s.problemf(o.at(k), "unknown field, ignored")
	}
	return s
}

// readTarget reads the free target text ("1 allié à 3 toises", "le lanceur").
func (s *spellOut) readTarget(t string) {
	f := fold(t)
	switch {
	case strings.Contains(f, "lanceur") || f == "soi" || strings.Contains(f, "lui-meme"):
		s.target = profiles.TargetSelf
	case strings.Contains(f, "allie") && !strings.Contains(f, "ennemi"):
		s.target = profiles.TargetAlly
	case strings.Contains(f, "ennemi") && !strings.Contains(f, "allie"):
		s.target = profiles.TargetEnemy
	default:
		s.target = profiles.TargetAny
	}
	if m := toiseText.FindStringSubmatch(f); m != nil {
		if r, err := strconv.ParseFloat(strings.ReplaceAll(m[1], ",", "."), 64); err == nil && r >= 0 && r <= 100 {
			s.rangeT = r
		}
	}
	if t != "" {
		s.texts = append(s.texts, "target: "+t)
	}
}

var cadenceText = regexp.MustCompile(`^(\d)\s*/\s*(tour|2 tours|deux tours|partie)`)

// readCadence reads the free cadence text ("1/tour", "1 / tour.", "1/2 tours").
func (s *spellOut) readCadence(t, path string) {
	s.cadence = profiles.Cadence{Per: "unlimited"}
	if t == "" {
		return
	}
	s.texts = append(s.texts, "cadence: "+t)
	f := fold(t)
	if m := cadenceText.FindStringSubmatch(f); m != nil {
		n, _ := strconv.Atoi(m[1])
		per := map[string]string{"tour": "turn", "2 tours": "two-turns", "deux tours": "two-turns", "partie": "game"}[m[2]]
		if n >= 1 {
			s.cadence = profiles.Cadence{N: n, Per: per}
			return
		}
	}
	if strings.Contains(f, "illimit") {
		return
	}
	s.problemf(path, "cadence %q read as unlimited", t)
	s.notModelledf("cadence %q", t)
}

// readDuration reads the free duration text.
func (s *spellOut) readDuration(t string) {
	f := fold(t)
	switch {
	case f == "" || strings.Contains(f, "instant"):
		s.duration = profiles.Instant
	case strings.Contains(f, "partie"):
		s.duration = profiles.WholeGame
	case strings.Contains(f, "activation") && strings.Contains(f, "lanceur"):
		s.duration = profiles.UntilCasterActivation
	case strings.Contains(f, "activation"):
		s.duration = profiles.UntilTargetActivation
	case strings.Contains(f, "degat"):
		s.duration = profiles.UntilNextDamage
	case strings.Contains(f, "tour"):
		s.duration = profiles.OneTurn
	default:
		s.duration = profiles.SpecialDuration
	}
	if t != "" {
		s.texts = append(s.texts, "duration: "+t)
	}
}

// resolveSpells gives the spells their YAML ids and resolves their
// reservations to factions and imported profiles; a reservation that names
// nobody imported leaves the spell out (it would be open to all).
func (c *Conversion) resolveSpells() {
	used := map[string]bool{}
	c.spellByID = make(map[string]*spellOut)
	for i, s := range c.spells {
		if s.why != "" {
			continue
		}
		if _, dup := c.spellByID[s.catalogID]; dup {
			s.problemf(s.path+".id", "id %q given twice: spell not imported", s.catalogID)
			s.why = "duplicate id"
			continue
		}
		c.spellByID[s.catalogID] = s
		base := projectID(s.catalogID)
		if base == "" {
			base = "spell-" + strconv.Itoa(i)
		}
		s.id = base
		for n := 2; used[s.id]; n++ {
			s.id = base + "-" + strconv.Itoa(n)
		}
		used[s.id] = true
		written := len(s.resProfiles) + len(s.resFactions)
		if s.resTrait != "" {
			written++
		}
		for _, f := range s.resFactions {
			if pf, ok := factionOf(f); ok && pf != profiles.NoFaction {
				s.addReserved(pf)
			} else {
				s.problemf(s.path+".reservedTo.factionIds", "faction %q is no faction of the data format: left out", f)
			}
		}
		for _, id := range s.resProfiles {
			if p, ok := c.profileByID[id]; ok && p.why == "" {
				s.addReserved(p.id)
			} else {
				s.problemf(s.path+".reservedTo.profileIds", "profile %q is not imported: left out", id)
			}
		}
		if s.resTrait != "" {
			for _, p := range c.profiles {
				if p.why == "" && slices.Contains(p.traits, s.resTrait) {
					s.addReserved(p.id)
				}
			}
		}
		if written > 0 && len(s.reserved) == 0 {
			s.problemf(s.path+".reservedTo", "reserved to nobody imported: spell not imported")
			s.why = "reserved to nobody imported"
			continue
		}
		if s.kind == profiles.ProfileSpell && len(s.reserved) == 0 {
			s.problemf(s.path, "a profile spell reserved to nobody: spell not imported")
			s.why = "a profile spell reserved to nobody"
			continue
		}
		if s.kind == profiles.GenericSpell && s.way != "" && len(s.reserved) == 0 {
			s.problemf(s.path+".magicWayId", "a generic spell of a way reserved to nobody: read as open to every way")
			s.way = ""
		}
	}
}

func (s *spellOut) addReserved(id string) {
	if !slices.Contains(s.reserved, id) {
		s.reserved = append(s.reserved, id)
	}
}

// magicOut is a caster's magic as its profile's YAML writes it.
type magicOut struct {
	way, affinity profiles.Way
	granted       []string // YAML spell ids known for free
	pages         int      // extra grimoire pages (spell-pages effects)
}

// resolveMagic gives each imported caster its way (the skill of a way it
// carries, natively or granted; an Archimage without one its faction's way),
// its Affinity's way, the spells it knows for free (profile spells reserved
// to it and its own grant-spell effects, skills.md 4.1) and the extra pages
// of its own spell-pages effects.
func (c *Conversion) resolveMagic() {
	for _, p := range c.profiles {
		p.magic = nil
		if p.why != "" {
			continue
		}
		m := &magicOut{}
		for _, sk := range p.skills {
			if w, ok := wayBySkill[sk.name]; ok && m.way == "" {
				m.way = w
			}
			if sk.name == profiles.SkillAffinity {
				m.affinity, _ = wayByName(strings.Trim(sk.value, `"`))
			}
		}
		if m.way == "" && p.hasSkill(profiles.SkillArchimage) {
			for _, w := range profiles.Ways {
				if w.Faction == p.faction {
					m.way = w.Way
				}
			}
		}
		if m.way == "" {
			continue
		}
		for _, s := range c.spells {
			if s.why == "" && s.kind == profiles.ProfileSpell && slices.Contains(s.reserved, p.id) {
				m.granted = append(m.granted, s.id)
			}
		}
		for _, ef := range p.effects {
			if ef.kind == "spell-pages" && ef.self {
				n, _ := p.whole(ef.op.m["amount"], ef.op.at("amount"), "no extra page")
				if w, ok := ef.op.m["magicWayId"].(string); ok && c.ways[w] != m.way {
					p.notModelledf("%s: %d extra page(s) for the way %q only, read as pages for any spell", ef.label(), n, w)
				}
				m.pages += max(n, 0)
				continue
			}
			if ef.kind != "grant-spell" || !ef.self {
				continue
			}
			id, _ := ef.op.m["spellId"].(string)
			if s, ok := c.spellByID[id]; ok && s.why == "" {
				if !slices.Contains(m.granted, s.id) {
					m.granted = append(m.granted, s.id)
				}
			} else {
				p.problemf(ef.op.at("spellId"), "spell %q is not imported: not granted", id)
			}
		}
		p.magic = m
	}
}

// writeSpells writes spells.yaml, or nothing when no spell is imported.
func (c *Conversion) writeSpells() (File, bool) {
	var b bytes.Buffer
	c.header(&b)
	b.WriteString("spells:")
	n := 0
	for _, s := range c.spells {
		if s.why != "" {
			continue
		}
		b.WriteString("\n")
		comment(&b, "  ", "", title(s.name, s.catalogID, s.id))
		for _, t := range s.texts {
			comment(&b, "  ", "", t)
		}
		if len(s.notModelled) > 0 {
			comment(&b, "  ", "not modelled:", strings.Join(s.notModelled, "; "))
		}
		writeNotes(&b, s.path, s.problems)
		b.WriteString("  - id: " + s.id + "\n")
		b.WriteString("    name: " + yamlString(oneLine(s.name, 200)) + "\n")
		b.WriteString("    kind: " + string(s.kind) + "\n")
		if s.way != "" {
			b.WriteString("    way: " + string(s.way) + "\n")
		}
		if s.pages > 0 {
			b.WriteString("    pages: " + strconv.Itoa(s.pages) + "\n")
		}
		if s.cost > 0 {
			b.WriteString("    cost: " + strconv.Itoa(s.cost) + "\n")
		}
		if s.levelCost > 1 {
			b.WriteString("    level_cost: " + strconv.Itoa(s.levelCost) + "\n")
		}
		if len(s.reserved) > 0 {
			b.WriteString("    reserved_to: [" + strings.Join(s.reserved, ", ") + "]\n")
		}
		b.WriteString("    target: " + string(s.target) + "\n")
		if s.rangeT > 0 {
			b.WriteString("    range: " + num(s.rangeT) + "\n")
		}
		b.WriteString("    cadence: " + s.cadence.String() + "\n")
		b.WriteString("    duration: " + string(s.duration) + "\n")
		b.WriteString("    difficulties:\n")
		for _, l := range s.levels {
			if l.text != "" {
				comment(&b, "      ", "text:", l.text)
			}
			if l.lastsWhy != "" {
				comment(&b, "      ", "lasts:", l.lastsWhy)
			}
			writeLevel(&b, l)
		}
		n++
	}
	return File{Name: "spells.yaml", Data: slices.Clone(b.Bytes())}, n > 0
}

// writeMagic writes the magic of a caster's profile.
func writeMagic(b *bytes.Buffer, m *magicOut) {
	b.WriteString("    magic:\n      way: " + string(m.way) + "\n")
	if m.affinity != "" && m.affinity != m.way {
		b.WriteString("      affinity: " + string(m.affinity) + "\n")
	}
	if m.pages > 0 {
		b.WriteString("      pages: " + strconv.Itoa(min(m.pages, 20)) + "\n")
	}
	if len(m.granted) > 0 {
		b.WriteString("      granted: [" + strings.Join(m.granted, ", ") + "]\n")
	}
}
