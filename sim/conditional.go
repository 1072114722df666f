package sim

import (
	"slices"
	"strings"
	"sync"

	"github.com/kharn-ages/kharn/profiles"
)

// Conditional or chosen skills (skills.md section 3, pattern M; a card's
// conditional_skills, copies_skill, immunity_way and marks_ally,
// profiles/conditional.go). How the skirmish engine reads them:
//
//   - At the start of a battle (Skirmish.NewPlayer, conditionedSides), once
//     for the battles of a player: a skill fielded_by a faction holds when
//     its Spearhead is of that faction (Spearhead.Faction: its list's; a side
//     built without a list takes its leader's faction, else its first
//     Safar's); a copied skill is taken from an ally (the skill written, from
//     the first ally From names that has it; without one, the policy's choice:
//     the first skill of class EXCHANGE it lacks, in the allies' list and card
//     order, an exchange skill being what a fight always reads), with the
//     ally's value, and kept for the battle whatever befalls the ally; the way
//     of Immunity X is the one written, or with "choose" the way whose spells
//     the enemy side knows most less those its own side knows (its Immunity
//     blocks friendly spells too, skills.md #67), ties in the rulebook's order
//     of the ways; a mark goes to the ally To names of the highest cost (the
//     one its side would most keep), ties the first listed, which gains the
//     skills and the mastery field on each of its mastery dice (its "may
//     defend for her" is pattern A's, not played here). Each changed Safar is
//     a Fighter of its own (cached, so that battles share its tables).
//   - Dynamically: a skill held while_in_play is an aura grant of the named
//     allies with an unbounded reach (sim/auragrants.go, initAuras): the
//     Safar switches to its kind with the skill while one of them is in play
//     (not defeated, demoralised nor in ambush), checked before each action
//     as aura grants are, so it loses the skill after the action in which
//     the last of them fell.
//
// Duels have no Spearhead and no allies: there none of these holds
// (notModelled says so for a card that has them).

// conditionedKey names a Fighter with its conditions read.
type conditionedKey struct {
	f    *Fighter
	desc string
}

// conditionedFighters caches the changed Fighters (see the file comment).
var conditionedFighters sync.Map // conditionedKey -> *Fighter

// change is what the start of the battle changes on one Safar.
type change struct {
	skills  []profiles.Skill
	mastery profiles.Field
	desc    []string
}

func (c *change) add(desc string, skills ...profiles.Skill) {
	c.skills = append(c.skills, skills...)
	c.desc = append(c.desc, desc)
}

// conditionedFighter returns f with ch applied, cached.
func conditionedFighter(f *Fighter, ch change) *Fighter {
	k := conditionedKey{f, strings.Join(ch.desc, "; ")}
	if v, ok := conditionedFighters.Load(k); ok {
		return v.(*Fighter)
	}
	q := *f.Profile
	q.Skills = slices.Clone(q.Skills)
	for _, s := range ch.skills {
		i := slices.IndexFunc(q.Skills, func(o profiles.Skill) bool { return o.Name == s.Name && o.Field == s.Field })
		switch {
		case i < 0:
			q.Skills = append(q.Skills, s)
		case s.Name == profiles.SkillImmunity:
			q.Skills[i] = s
		default:
			q.Skills[i].Value = max(q.Skills[i].Value, s.Value)
		}
	}
	c := *f
	if ch.mastery != "" {
		q.Mastery = make([][]profiles.Field, len(f.Profile.Mastery))
		c.Mastery = slices.Clone(f.Mastery)
		for d, m := range f.Profile.Mastery {
			q.Mastery[d] = m
			if !slices.Contains(m, ch.mastery) {
				q.Mastery[d] = append(slices.Clone(m), ch.mastery)
			}
			if d < len(c.Mastery) {
				c.Mastery[d] |= fieldBit(ch.mastery)
			}
		}
	}
	c.Profile = &q
	c.Skills = ReadSkills(&q)
	ambidextrousRiposte(&c)
	v, _ := conditionedFighters.LoadOrStore(k, &c)
	return v.(*Fighter)
}

// sideFaction returns the faction of Spearhead h (see the file comment).
func sideFaction(h *Spearhead) string {
	switch {
	case h.Faction != "":
		return h.Faction
	case h.Leader >= 0 && h.Leader < len(h.Safars):
		return h.Safars[h.Leader].Profile.Faction
	case len(h.Safars) > 0:
		return h.Safars[0].Profile.Faction
	}
	return ""
}

// hasConditions reports whether f's card has a rule of pattern M read at the
// start of a battle.
func hasConditions(p *profiles.Profile) bool {
	if p.CopiesSkill != nil || p.ImmunityWay != "" || p.MarksAlly != nil {
		return true
	}
	for _, c := range p.ConditionalSkills {
		if c.FieldedBy != "" {
			return true
		}
	}
	return false
}

// conditionedSides returns the Safars of each side of sk as they fight, the
// conditions of pattern M read (see the file comment), and for each what
// changed, for the trace ("" nothing); the sides themselves and nil when no
// card has one.
func conditionedSides(sk *Skirmish) (out [2][]*Fighter, descs [2][]string) {
	out = [2][]*Fighter{sk.Sides[0].Safars, sk.Sides[1].Safars}
	some := false
	for s := range 2 {
		for _, f := range sk.Sides[s].Safars {
			some = some || hasConditions(f.Profile)
		}
	}
	if !some {
		return out, descs
	}
	for s := range 2 {
		h := &sk.Sides[s]
		changes := make([]change, len(h.Safars))
		faction := sideFaction(h)
		for k, f := range h.Safars {
			p := f.Profile
			ch := &changes[k]
			for _, c := range p.ConditionalSkills {
				if c.FieldedBy != "" && c.FieldedBy == faction {
					ch.add("fielded by "+faction, c.Skills...)
				}
			}
			if cp := p.CopiesSkill; cp != nil {
				if cs, from, ok := copiedSkill(p, cp, h.Safars, k); ok {
					ch.add("copies "+cs.Name+" from "+from, cs)
				}
			}
			if p.ImmunityWay != "" {
				w := profiles.Way(p.ImmunityWay)
				if p.ImmunityWay == profiles.ImmunityChoose {
					w = chosenImmunity(sk.Sides[1-s].Safars, h.Safars)
				}
				ch.add("immunity "+string(w), profiles.Skill{Name: profiles.SkillImmunity, Text: string(w)})
			}
		}
		marked := make([]bool, len(h.Safars))
		for k, f := range h.Safars {
			mk := f.Profile.MarksAlly
			if mk == nil {
				continue
			}
			m := -1
			for a, g := range h.Safars {
				if a == k || marked[a] || !mk.To.Matches(g.Profile) {
					continue
				}
				if m < 0 || h.Costs[a] > h.Costs[m] {
					m = a
				}
			}
			if m < 0 {
				continue
			}
			marked[m] = true
			ch := &changes[m]
			ch.add("marked by "+f.Profile.ID, mk.Skills...)
			ch.mastery = mk.MasteryField
		}
		side := slices.Clone(h.Safars)
		descs[s] = make([]string, len(side))
		for k, ch := range changes {
			if len(ch.desc) > 0 {
				side[k] = conditionedFighter(h.Safars[k], ch)
				descs[s][k] = strings.Join(ch.desc, "; ")
			}
		}
		out[s] = side
	}
	return out, descs
}

// copiedSkill returns the skill Safar k of side (card p) copies (see the
// file comment) and the id of the ally it copies it from.
func copiedSkill(p *profiles.Profile, cp *profiles.SkillCopy, side []*Fighter, k int) (profiles.Skill, string, bool) {
	for a, g := range side {
		if a == k || !cp.From.Matches(g.Profile) {
			continue
		}
		for _, s := range g.Profile.Skills {
			if cp.Skill != "" {
				if s.Name == cp.Skill {
					return s, g.Profile.ID, true
				}
				continue
			}
			info, ok := profiles.SkillByName(s.Name)
			if _, has := p.Skill(s.Name); ok && !has && info.Class == profiles.ClassExchange {
				return s, g.Profile.ID, true
			}
		}
	}
	return profiles.Skill{}, "", false
}

// chosenImmunity returns the way of Immunity X chosen against enemies with
// allies beside it: the most spells known by the enemies less those known by
// its allies, ties in the order of profiles.Ways.
func chosenImmunity(enemies, allies []*Fighter) profiles.Way {
	best, bv := profiles.Ways[0].Way, 0
	for n, w := range profiles.Ways {
		v := knownOf(enemies, w.Way) - knownOf(allies, w.Way)
		if n == 0 || v > bv {
			best, bv = w.Way, v
		}
	}
	return best
}

// knownOf counts the spells of way w the casters of side know.
func knownOf(side []*Fighter, w profiles.Way) int {
	n := 0
	for _, f := range side {
		if m := f.Profile.Magic; m != nil {
			for _, s := range m.Known {
				if s != nil && s.Way == w {
					n++
				}
			}
		}
	}
	return n
}

// whileInPlay caches the aura grant that plays a conditional skill held
// while a Safar is in play (initAuras): its reach unbounded.
var whileInPlay sync.Map // *profiles.ConditionalSkill -> *profiles.AuraGrant

// unbounded is the reach of a skill held while a Safar is in play, in
// toises: the whole table.
const unbounded = 1e6

func whileInPlayGrant(c *profiles.ConditionalSkill) *profiles.AuraGrant {
	if v, ok := whileInPlay.Load(c); ok {
		return v.(*profiles.AuraGrant)
	}
	v, _ := whileInPlay.LoadOrStore(c, &profiles.AuraGrant{Skills: c.Skills, Within: unbounded, Pos: c.Pos})
	return v.(*profiles.AuraGrant)
}
