package catalog

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kharn-ages/kharn/profiles"
)

// Skills are read by the catalogue's skillId through the table of skills of
// package profiles (profiles.SkillByID), never by their French keyword, which
// is a display string (catalogue.md section 4.2). A catalogue whose ids the
// table does not know (another version, a hand-made file) falls back on the
// keyword, and says so.

// skillOut is a skill as the YAML writes it.
type skillOut struct {
	name  string // the data format's keyword
	value string // YAML value: "~", "2", "1.5", "offensive", a quoted text
	// fields are the values of a field skill given more than once ("master:
	// [defensive, objective]").
	fields []string
	source string // as the card writes it: "Brutalité 2"
	engine profiles.Engine
	note   string // why it is not (fully) played, for the report
}

// yamlValue is the value written after the keyword.
func (s skillOut) yamlValue() string {
	if len(s.fields) > 1 {
		return "[" + strings.Join(s.fields, ", ") + "]"
	}
	return s.value
}

// skillRef is a skill a profile carries, from its skills list or an effect.
type skillRef struct {
	id        string // catalogue skill id
	value     any
	hasValue  bool
	precision string
	path      string
	increment int // incrementIfPresent of a grant-skill effect
	from      string
}

// lookupSkill returns the table row of the catalogue skill id, falling back on
// its keyword in defs.
func (p *profileOut) lookupSkill(ctx *readContext, r skillRef) (profiles.SkillInfo, string, bool) {
	def := ctx.skills[r.id]
	if info, ok := profiles.SkillByID(r.id); ok {
		return info, def.keyword, true
	}
	if def.keyword == "" {
		p.problemf(r.path, "skill %q is not in the catalogue's skills nor in the table of skills, left out", r.id)
		p.notModelledf("skill %q (unknown id)", r.id)
		return profiles.SkillInfo{}, "", false
	}
	if name, ok := skillName(def.keyword); ok {
		if info, ok := profiles.SkillByName(name); ok {
			p.problemf(r.path, "skill id %q is not in the table of skills: matched by its keyword %q", r.id, def.keyword)
			return info, def.keyword, true
		}
	}
	p.problemf(r.path, "skill %q (%s) is not in the table of skills, left out", r.id, def.keyword)
	p.notModelledf("skill %q (not in the table of skills)", def.keyword)
	return profiles.SkillInfo{}, def.keyword, false
}

// addSkill adds the skill r to p: as a keyword of the data format, or as the
// trait a LIST skill is.
func (p *profileOut) addSkill(ctx *readContext, r skillRef) {
	info, keyword, ok := p.lookupSkill(ctx, r)
	if !ok {
		return
	}
	source := keyword
	if source == "" {
		source = r.id
	}
	if r.hasValue {
		source += " " + strings.TrimSpace(fmt.Sprint(r.value))
	}
	if r.from != "" {
		source += " (" + r.from + ")"
	}
	precise := "" // the YAML value a precision read gives the skill
	if r.precision != "" {
		// catalogue.md section 3.2: a refinement of that profile, in French,
		// that needs a hand-written mapping: Ambush's first-attack bonus and
		// a Bite that heals are read (precision.go), the others are named.
		if v, ok := readPrecision(info.Name, r.precision); ok {
			precise = v
		} else {
			p.notModelledf("skill %s: its precision %q", info.ID, oneLine(r.precision, 60))
		}
	}
	if info.Trait != "" {
		p.addTraitSkill(ctx, info, r, source)
		return
	}
	sk, why := p.skillValue(info, r)
	if why != "" {
		p.problemf(r.path, "%s %s: %s, skill left out", keyword, describeValue(r.value, r.hasValue), why)
		p.notModelledf("skill %s (%s)", info.Name, why)
		return
	}
	if precise != "" {
		sk.value = precise
		source += " (" + oneLine(r.precision, 60) + ")"
	}
	if sk.value == "" {
		return // nothing the engine reads (a mastery of generic actions only), named by skillValue
	}
	sk.source, sk.engine, sk.note = source, info.Engine, info.Note
	if i := slices.IndexFunc(p.skills, func(s skillOut) bool { return s.name == sk.name }); i >= 0 {
		prev := &p.skills[i]
		switch {
		case info.Value == profiles.SkillField && sk.value != "" && !slices.Contains(prev.fields, sk.value):
			// A second Master with another domain: two skills (catalogue.md
			// section 7).
			prev.fields = append(prev.fields, sk.fields...)
			prev.source += "; " + source
		case r.increment != 0 && (info.Value == profiles.SkillNumber || info.Value == profiles.SkillOptNumber):
			// grant-skill with incrementIfPresent: the value rises instead.
			n, _ := strconv.Atoi(prev.value)
			prev.value = strconv.Itoa(n + r.increment)
			prev.source += "; +" + strconv.Itoa(r.increment) + " (" + r.from + ")"
		case info.Value == profiles.SkillNumber || info.Value == profiles.SkillOptNumber:
			// skills.md #11: several sources, the highest value.
			a, _ := strconv.Atoi(prev.value)
			b, _ := strconv.Atoi(sk.value)
			if b > a {
				prev.value = sk.value
			}
			prev.source += "; " + source
		default:
			if r.from == "" {
				p.problemf(r.path, "skill %s given twice, counted once", info.Name)
			}
			if precise != "" && prev.value == "~" {
				prev.value, prev.source = precise, source // the entry with its precision read (precision.go)
			}
		}
		return
	}
	p.skills = append(p.skills, sk)
}

// addTraitSkill adds a LIST skill as the trait list validation applies:
// apatride is stateless, allie X allied of X (skills.md #25, #61), the tags
// (khemiste, tembo, ...) their own trait.
func (p *profileOut) addTraitSkill(ctx *readContext, info profiles.SkillInfo, r skillRef, source string) {
	if info.Trait != profiles.TraitAlliedOf {
		p.addTrait(info.Trait)
		return
	}
	s, _ := r.value.(string)
	if !r.hasValue || strings.TrimSpace(s) == "" {
		p.problemf(r.path, "%s with no faction, left out (the recruitment constraints may give it)", source)
		return
	}
	f, ok := ctx.factionByName(s)
	if !ok {
		p.problemf(r.path+".value", "allie %q names no faction of the catalogue, left out", s)
		p.notModelledf("skill allie %q (unknown faction)", strings.TrimSpace(s))
		return
	}
	if f != p.faction {
		p.addTrait(profiles.TraitAlliedOf + f)
	}
}

// addTrait adds a trait once.
func (p *profileOut) addTrait(t string) {
	if t != "" && !slices.Contains(p.traits, t) {
		p.traits = append(p.traits, t)
	}
}

// skillValue turns the value of a skill into its YAML form, or says why it
// cannot. catalogue.md section 7: string values are not normalised.
func (p *profileOut) skillValue(info profiles.SkillInfo, r skillRef) (skillOut, string) {
	sk := skillOut{name: info.Name}
	v, has, path := r.value, r.hasValue, r.path+".value"
	switch info.Value {
	case profiles.SkillNoValue:
		if has {
			p.problemf(path, "skill %s takes no value, %s ignored", info.Name, describe(v))
		}
		sk.value = "~"
	case profiles.SkillOptNumber:
		sk.value = "~"
		if !has {
			break
		}
		x, ok := p.whole(v, path, "read as no value")
		if ok && x >= 1 && x <= 99 {
			sk.value = strconv.Itoa(x)
		}
	case profiles.SkillNumber:
		if !has {
			if r.increment != 0 {
				sk.value = strconv.Itoa(r.increment)
				break
			}
			return sk, "it takes a number"
		}
		x, ok := p.whole(v, path, "skill left out")
		if !ok {
			return sk, "not a whole number"
		}
		if x < 1 || x > 99 {
			return sk, "it takes a number from 1 to 99"
		}
		sk.value = strconv.Itoa(x)
	case profiles.SkillToises:
		if !has {
			return sk, "it takes a distance in toises"
		}
		x, ok := p.number(v, path, "skill left out")
		if !ok {
			return sk, "not a distance"
		}
		if x <= 0 || x > 6 || x*2 != float64(int(x*2)) {
			return sk, "it takes a distance in half toises from 0.5 to 6"
		}
		sk.value = strconv.FormatFloat(x, 'f', -1, 64)
	case profiles.SkillField:
		s, ok := v.(string)
		if !has || !ok {
			return sk, "it takes a mastery domain"
		}
		fields, ways, attack, notes := domains(s)
		negotiating := false
		if info.Name == profiles.SkillMaster {
			// Master of Convincing/negotiating: "master: negotiating", that
			// action only (profiles.MasterNegotiating, sim/negotiation.go).
			notes = slices.DeleteFunc(notes, func(n string) bool {
				is := strings.HasPrefix(n, negotiatingNote)
				negotiating = negotiating || is
				return is
			})
		}
		for _, n := range notes {
			p.notModelledf("skill %s %q: %s", info.Name, strings.TrimSpace(s), n)
		}
		var wayValues []string
		for _, w := range ways {
			// skills.md #35, #14, #42: Master, Heroic and Specialist of the
			// esoteric actions of that way only (profiles/master_way.go,
			// sim/magic_masterway.go).
			wayValues = append(wayValues, string(w))
		}
		if negotiating {
			wayValues = append(wayValues, profiles.MasterNegotiating)
		}
		switch {
		case attack == "" && len(fields) == 0 && len(notes) > 0 && genericOnly(s):
			// Only generic actions the engine does not play: no field is
			// written (any field would over-apply), the notes name them.
			return sk, ""
		case attack != "" && len(fields) == 0 && len(wayValues) == 0:
			sk.value = attack
			sk.fields = []string{attack}
			if info.Name != profiles.SkillHeroic {
				// sim.ReadSkills reads a special attack's name on Heroic only
				// ("heroic: bunt", Skills.HeroicAttacks); Master and Specialist
				// act on fields.
				p.notModelledf("skill %s %s (one special attack only: the engine plays a special attack's name on Heroic only)", info.Name, attack)
			}
		case len(fields) == 0 && len(wayValues) == 0:
			return sk, fmt.Sprintf("no mastery domain in %q", strings.TrimSpace(s))
		default:
			for _, f := range fields {
				sk.fields = append(sk.fields, string(f))
			}
			sk.fields = append(sk.fields, wayValues...)
			sk.value = sk.fields[0]
		}
	case profiles.SkillText:
		if !has {
			return sk, "it takes a text value"
		}
		s := strings.TrimSpace(fmt.Sprint(v))
		if s == "" {
			return sk, "it takes a text value"
		}
		if fold(s) == "saignement" {
			s = "bleeding" // "Berserk saignement" (French seed 004 line 1521)
		}
		sk.value = yamlString(oneLine(s, 200))
	}
	return sk, ""
}

// domains reads a mastery-domain value as the catalogue writes it (catalogue.md
// section 7; skills.md #14, #35): "défense", "objectifs", a "/" or "et" list, a
// way of magic (its esoteric actions), one generic action (objective), one
// special attack. notes say what is read more broadly than written.
//
// ways are the ways of magic it names (the esoteric actions of those ways):
// skillValue writes them as "master: WAY", "heroic: WAY", "specialist: WAY"
// (profiles/master_way.go).
func domains(s string) (fields []profiles.Field, ways []profiles.Way, attack string, notes []string) {
	// "Le sang et l'acier" is one way's name: its "et" joins no list.
	f := strings.NewReplacer("sang et l'acier", "sang-et-acier", "sang et l’acier", "sang-et-acier").Replace(fold(s))
	parts := strings.FieldsFunc(strings.NewReplacer(" et ", "/", ",", "/").Replace(f), func(r rune) bool { return r == '/' })
	add := func(fl profiles.Field) {
		if !slices.Contains(fields, fl) {
			fields = append(fields, fl)
		}
	}
	for _, part := range parts {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if fl, ok := masteryField(part); ok {
			add(fl)
			continue
		}
		switch {
		case strings.HasPrefix(part, "coup de corne"):
			attack = profiles.SkillBunt
		case part == "morsure":
			attack = profiles.SkillBite
		case isWay(part):
			if w, ok := wayByName(part); ok && !slices.Contains(ways, w) {
				ways = append(ways, w)
			}
		case genericAction(part) != "":
			if n := genericAction(part); !slices.Contains(notes, n) {
				notes = append(notes, n)
			}
		default:
			notes = append(notes, fmt.Sprintf("%q is no mastery domain, left out", part))
		}
	}
	return fields, ways, attack, notes
}

// genericAction names the generic action (seed 000 l.1116-1258) a folded
// mastery-domain part stands for, with what the engine does with it, or ""
// when the part is none. A Master or Heroic of one generic action acts on that
// action only (skills.md #35: "one value naming a single generic action"), not
// on every objective action. Looting (sim/loot.go) rolls nothing a mastery
// acts on (a Fang's temerity test only, which no mastery die rerolls: seed 000
// l.1272), so that mastery is named not modelled and writes no field. A
// Master of Convincing/negotiating is the exception: the engine plays that
// action on a scenario's neutral (sim/negotiation.go), and skillValue writes
// it "master: negotiating"; a Heroic or Specialist of it stays a note.
func genericAction(part string) string {
	switch {
	case part == "convaincre" || part == "negocier" || strings.HasPrefix(part, "convaincre ") || strings.HasPrefix(part, "negocier "):
		// "convaincre / négocier" is one action: the two parts give one note.
		return negotiatingNote + ", played for Master only (sim/negotiation.go): nothing written for it"
	case strings.HasPrefix(part, "piller"):
		return "the action Looting only (seed 000 l.1183; seed 004 l.1184), which rolls nothing a mastery acts on (a Fang's temerity test only, seed 000 l.1272; sim/loot.go): nothing written for it"
	}
	return ""
}

// negotiatingNote begins the note of a mastery of Convincing/negotiating.
const negotiatingNote = "the action Convincing/negotiating only (seed 000 l.1131-1135; seed 004 l.1090-1092)"

// genericOnly reports whether every part of a mastery-domain value names a
// generic action (genericAction).
func genericOnly(s string) bool {
	f := fold(s)
	n := 0
	for _, part := range strings.FieldsFunc(strings.NewReplacer(" et ", "/", ",", "/").Replace(f), func(r rune) bool { return r == '/' }) {
		if part = strings.TrimSpace(part); part == "" {
			continue
		}
		if genericAction(part) == "" {
			return false
		}
		n++
	}
	return n > 0
}

// isWay reports whether a folded value names a way of magic (catalogue.md
// section 4.3, the ways' names as skill values are written freely).
func isWay(s string) bool {
	for _, w := range []string{"osteomancie", "shamanisme", "sang et l'acier", "sang-et-acier", "sacrifice", "adansonia"} {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

func describeValue(v any, has bool) string {
	if !has {
		return "with no value"
	}
	return "with " + describe(v)
}

// readSkills reads the skills list of a profile (SkillRef, catalogue.md
// section 3.2).
func (p *profileOut) readSkills(ctx *readContext, x any, path string) {
	for _, so := range p.objects(x, path, "no skills", "skill left out") {
		r := skillRef{path: so.path}
		if v, ok := so.get("skillId"); ok {
			r.id, _ = p.str(v, so.at("skillId"), "skill left out")
		} else {
			p.problemf(so.at("skillId"), "missing, skill left out")
		}
		r.value, r.hasValue = so.get("value")
		r.hasValue = r.hasValue && r.value != nil
		if v, ok := so.get("precision"); ok && v != nil {
			r.precision, _ = p.str(v, so.at("precision"), "ignored")
		}
		for _, k := range so.unused() {
			p.problemf(so.at(k), "unknown field, ignored")
		}
		if r.id != "" {
			p.addSkill(ctx, r)
		}
	}
}
