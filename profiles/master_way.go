package profiles

import "strings"

// This file reads Master X whose X is a way of magic: "Master ostéomancie" is
// a free reroll, once per turn, of the esoteric actions of that way only:
// casting its spells and defending against them (skills.md #35: "a way name
// (2: esoteric actions of that way)"; seed 000 l.1636, seed 004 l.1569). In
// the YAML format it is written with the way's name, "master: osteomancy", or
// in a list with other fields, "master: [defensive, osteomancy]"; the Skill
// holds Field esoteric and Text the way.

// masterWay returns the way the value v of skill name names, when the skill is
// Master and v is a way of magic.
func masterWay(name, v string) (Way, bool) {
	if name != SkillMaster {
		return "", false
	}
	w := Way(strings.ToLower(strings.TrimSpace(v)))
	_, ok := WayOf(w)
	return w, ok
}

// MasterWay returns the way of magic whose esoteric actions a Master skill
// covers, or "" when it covers its whole field (or is no Master).
func (s Skill) MasterWay() Way {
	if s.Name != SkillMaster || s.Field != Esoteric {
		return ""
	}
	if _, ok := WayOf(Way(s.Text)); !ok {
		return ""
	}
	return Way(s.Text)
}
