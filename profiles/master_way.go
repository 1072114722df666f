package profiles

import "strings"

// This file reads Master X, Heroic X and Specialist X whose X is a way of
// magic: "Master ostéomancie" is a free reroll, once per turn, of the esoteric
// actions of that way only: casting its spells and defending against them
// (skills.md #35: "a way name (2: esoteric actions of that way)"; seed 000
// l.1636, seed 004 l.1569); "Héroïque ostéomancie" is one more die, and
// "Spécialiste ostéomancie" no CF on a natural 1, on those same actions only
// (skills.md #14, #42: "Map the value as for heroique", "a way name (1)"; seed
// 000 l.1632, l.1658; seed 004 l.1561, l.1579). In the YAML format it is
// written with the way's name, "master: osteomancy", or in a list with other
// fields, "heroic: [defensive, osteomancy]"; the Skill holds Field esoteric and
// Text the way.

// MasterNegotiating is the value of a Master of one generic action,
// Convincing/negotiating ("master: negotiating"; skills.md #35: "one value
// naming a single generic action", the catalogue's "convaincre / négocier";
// seed 000 l.1131-1135): the Skill holds no Field and this Text, and the
// engine rerolls that action only (sim/negotiation.go).
const MasterNegotiating = "negotiating"

// wayScoped reports whether skill name takes a way of magic as its field.
func wayScoped(name string) bool {
	return name == SkillMaster || name == SkillHeroic || name == SkillSpecialist
}

// masterWay returns the way the value v of skill name names, when the skill is
// Master, Heroic or Specialist and v is a way of magic.
func masterWay(name, v string) (Way, bool) {
	if !wayScoped(name) {
		return "", false
	}
	w := Way(strings.ToLower(strings.TrimSpace(v)))
	_, ok := WayOf(w)
	return w, ok
}

// FieldWay returns the way of magic whose esoteric actions a Master, Heroic
// or Specialist skill covers, or "" when it covers its whole field (or is none
// of those).
func (s Skill) FieldWay() Way {
	if !wayScoped(s.Name) || s.Field != Esoteric {
		return ""
	}
	if _, ok := WayOf(Way(s.Text)); !ok {
		return ""
	}
	return Way(s.Text)
}

// MasterWay returns the way of magic whose esoteric actions a Master skill
// covers, or "" when it covers its whole field (or is no Master).
func (s Skill) MasterWay() Way {
	if s.Name != SkillMaster {
		return ""
	}
	return s.FieldWay()
}
