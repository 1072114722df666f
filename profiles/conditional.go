package profiles

import (
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Conditional or chosen skills of a card (skills.md section 3, pattern M:
// "Gains Unshakeable Faith while its twin is in play (mirrored by an effect);
// has Stealth 3 when fielded by the Affranchis; copies one generic skill of an
// ally at the start of the game and keeps it if the ally falls; chooses the
// way of its Immunity X at the start of the game; marks an ally at the start
// of the game, which gains Heroic defence and the defensive domain on all its
// mastery dice and may defend for her (see A)"). A profile writes them as:
//
//	conditional_skills:
//	  - {skills: {unshakeable faith: ~}, while_in_play: {profiles: [invented-twin]}}
//	  - {skills: {stealth: 3}, fielded_by: affranchis}
//	copies_skill: {from: all, skill: brutality}   # skill: the choice; without it, the policy's
//	immunity_way: choose                         # or a way: osteomancy, shamanism, ...
//	marks_ally: {to: all, skills: {heroic: defensive}, mastery_field: defensive}
//
// The skirmish engine reads them when it sets a battle up (sim/conditional.go);
// while_in_play holds only while a Safar it names is in play.

// ConditionalSkill is a skill a card has under a condition: while another
// Safar of its side is in play (its twin), or when its Spearhead is of a
// faction (fielded by).
type ConditionalSkill struct {
	Skills []Skill
	// WhileInPlay names the allies of which one must be in play (not
	// defeated, demoralised or in ambush); nil for no such condition.
	WhileInPlay *Selector
	// FieldedBy is the faction its Spearhead must be of; "" for none.
	FieldedBy string
	Pos       Pos
}

// SkillCopy is a card's copy of one generic skill of an ally at the start of
// the game, kept if the ally falls.
type SkillCopy struct {
	// From names the allies it may copy from.
	From Selector
	// Skill is the skill it copies (the choice written on the list); ""
	// leaves the choice to the engine's policy (sim/conditional.go).
	Skill string
	Pos   Pos
}

// AllyMark is a card's mark on one ally at the start of the game: the marked
// ally gains Skills and the field MasteryField on each of its mastery dice.
// The part "may defend for her" is pattern A's, not played here.
type AllyMark struct {
	To           Selector
	Skills       []Skill
	MasteryField Field
	Pos          Pos
}

// ImmunityChoose is immunity_way's value that leaves the way to the
// engine's policy (sim/conditional.go).
const ImmunityChoose = "choose"

var (
	conditionalFields = []string{"skills", "while_in_play", "fielded_by"}
	skillCopyFields   = []string{"from", "skill"}
	allyMarkFields    = []string{"to", "skills", "mastery_field"}
)

// WhileInPlayGrantable reports whether a skill may be held only while a
// Safar is in play: the skills an aura may grant (AuraGrantable, read at each
// exchange or move), and Unshakeable Faith, read at each fright test.
func WhileInPlayGrantable(name string) bool {
	return AuraGrantable(name) || name == SkillUnshakeableFaith
}

// conditionalSkills decodes a conditional_skills list.
func (d *decoder) conditionalSkills(n *yaml.Node, field string) []ConditionalSkill {
	var out []ConditionalSkill
	for e := range d.entries(n, field) {
		c := ConditionalSkill{Pos: e.pos}
		var skillsNode *yaml.Node
		for f, ff := range e.keys() {
			switch f.key {
			case "skills":
				c.Skills, skillsNode = d.skills(f.v, ff), f.v
			case "while_in_play":
				s := d.selector(f.v, ff)
				c.WhileInPlay = &s
			case "fielded_by":
				c.FieldedBy = d.faction(f.v, ff)
			default:
				d.unknown(f.k, ff, f.key, conditionalFields)
			}
		}
		e.require("skills")
		if e.present["while_in_play"] == e.present["fielded_by"] {
			d.errorf(e.node, e.field, "wants one condition: while_in_play (a selector) or fielded_by (a faction) (skills.md section 3, pattern M)")
		}
		if e.present["skills"] && len(c.Skills) == 0 {
			d.errorf(e.node, join(e.field, "skills"), "must give at least one skill")
		}
		if c.WhileInPlay != nil {
			for _, s := range c.Skills {
				if !WhileInPlayGrantable(s.Name) {
					d.errorf(deref(skillsNode), join(e.field, "skills"), "%q cannot hold only while another Safar is in play: only skills of class EXCHANGE, brutal charge and unshakeable faith, which fights read at each exchange, move or test (skills.md section 3, pattern M)", s.Name)
				}
			}
		}
		out = append(out, c)
	}
	return out
}

// skillCopy decodes copies_skill.
func (d *decoder) skillCopy(n *yaml.Node, field string) *SkillCopy {
	e, ok := d.entry(n, field)
	if !ok {
		return nil
	}
	c := &SkillCopy{Pos: e.pos}
	for f, ff := range e.keys() {
		switch f.key {
		case "from":
			c.From = d.selector(f.v, ff)
		case "skill":
			if s, ok := d.stringValue(f.v, ff); ok {
				name := canonicalSkill(strings.ToLower(s))
				if _, known := SkillByName(name); !known {
					d.errorf(deref(f.v), ff, "unknown skill %q (a generic skill of the table of skills, skills.md section 1)", s)
				}
				c.Skill = name
			}
		default:
			d.unknown(f.k, ff, f.key, skillCopyFields)
		}
	}
	e.require("from")
	return c
}

// immunityWay decodes immunity_way: a way, or "choose".
func (d *decoder) immunityWay(n *yaml.Node, field string) string {
	v, ok := d.stringValue(n, field)
	if !ok {
		return ""
	}
	v = strings.ToLower(v)
	if v == ImmunityChoose {
		return v
	}
	if _, ok := WayOf(Way(v)); !ok {
		var names []string
		for _, w := range Ways {
			names = append(names, string(w.Way))
		}
		d.errorf(deref(n), field, "unknown way %q%s (known: %s, or choose: the engine's choice at the start of the game)", v, didYouMean(Closest(v, names, 1)), strings.Join(names, ", "))
		return ""
	}
	return v
}

// allyMark decodes marks_ally.
func (d *decoder) allyMark(n *yaml.Node, field string) *AllyMark {
	e, ok := d.entry(n, field)
	if !ok {
		return nil
	}
	m := &AllyMark{Pos: e.pos}
	for f, ff := range e.keys() {
		switch f.key {
		case "to":
			m.To = d.selector(f.v, ff)
		case "skills":
			m.Skills = d.skills(f.v, ff)
		case "mastery_field":
			if s, ok := d.stringValue(f.v, ff); ok {
				fl := Field(strings.ToLower(s))
				if !slices.Contains(Fields, fl) {
					d.errorf(deref(f.v), ff, "unknown mastery field %q (known: %s)", s, strings.Join(fieldNames(), ", "))
				} else {
					m.MasteryField = fl
				}
			}
		default:
			d.unknown(f.k, ff, f.key, allyMarkFields)
		}
	}
	e.require("to")
	if len(m.Skills) == 0 && m.MasteryField == "" {
		d.errorf(deref(n), field, "gives nothing: want skills or mastery_field (skills.md section 3, pattern M)")
	}
	return m
}
