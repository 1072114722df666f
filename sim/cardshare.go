package sim

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/kharn-ages/kharn/profiles"
)

// A special card's "a leader who shares the brothers' skills among all of
// them" (skills.md section 3.2; a list's card_shared_skills,
// profiles/listcards.go): every Safar of the list the entry's to names (a
// brother) has, besides its own, the skills of each other brother while
// that one is in play: the union of the skills of those of them in play.
// It is played by pattern M's engine for a skill held while_in_play
// (sim/conditional.go): each brother fights with a copy of its card
// carrying, per other brother's profile, a conditional skill of the skills
// that brother has and it lacks (or has at a lower value), held while a
// Safar of that profile is in play (cardSharedSides); initAuras makes each
// an aura grant of unbounded reach, switched between actions
// (refreshAuras), so the exchange (exact and sampled), the plans and the
// trace read the brothers' skills as the Safar's own ("stands in its
// allies' auras: brutality 1 while A2 paladin-3 is in play").
//
// Readings: the card's leader is the reason for the card, not a condition
// (the skills are shared while the card is fielded, whoever leads); a
// brother that falls, leaves or hides takes its skills with it; the skills
// shared are those of its card as fielded (a list's card_grants
// included). Only the skills a fight reads at each exchange, move or test
// can come and go with a brother (profiles.WhileInPlayGrantable: skills of
// class EXCHANGE, Brutal charge, Unshakeable faith); the others (movement,
// activation, deployment, magic, list) are not shared, and
// Skirmish.NotModelled says so for each (sharedNotModelled). A Safar takes
// the skills of at most 4 other brothers' profiles (maxAuraGrants, with
// its allies' aura grants). A duel has no list: skirmishes only.

// sharedKey names a Fighter with its brothers' skills.
type sharedKey struct {
	f    *Fighter
	desc string
}

// sharedFighters caches the Fighters with their brothers' skills, so that
// the battles of a run share their option tables.
var sharedFighters sync.Map // sharedKey -> *Fighter

// brothers returns the indices in side h of the Safars its list's
// card_shared_skills name.
func brothers(h *Spearhead) []int {
	var out []int
	for k, f := range h.Safars {
		for x := range h.CardSharedSkills {
			if h.CardSharedSkills[x].To.Matches(f.Profile) {
				out = append(out, k)
				break
			}
		}
	}
	return out
}

// sharedSkills returns the skills of g that f lacks or has at a lower
// value, split into those a brother may share while in play
// (WhileInPlayGrantable) and the others.
func sharedSkills(f, g *profiles.Profile) (share, not []profiles.Skill) {
	for _, s := range g.Skills {
		i := slices.IndexFunc(f.Skills, func(o profiles.Skill) bool { return o.Name == s.Name && o.Field == s.Field })
		if i >= 0 && (f.Skills[i].Value >= s.Value || s.Value == 0) {
			continue
		}
		if profiles.WhileInPlayGrantable(s.Name) {
			share = append(share, s)
		} else {
			not = append(not, s)
		}
	}
	return share, not
}

// cardSharedSides returns the Safars of each side of sk (as given:
// fighters) with their brothers' skills held while each brother is in play;
// fighters itself when no list has the card.
func cardSharedSides(sk *Skirmish, fighters [2][]*Fighter) [2][]*Fighter {
	for s := range 2 {
		h := &sk.Sides[s]
		if len(h.CardSharedSkills) == 0 {
			continue
		}
		bs := brothers(h)
		var out []*Fighter
		for _, k := range bs {
			f := fighters[s][k]
			var conds []profiles.ConditionalSkill
			var desc []string
			var seen []string
			for _, g := range bs {
				gp := fighters[s][g].Profile
				if g == k || gp.ID == f.Profile.ID || slices.Contains(seen, gp.ID) {
					continue
				}
				seen = append(seen, gp.ID)
				share, _ := sharedSkills(f.Profile, gp)
				if len(share) == 0 {
					continue
				}
				conds = append(conds, profiles.ConditionalSkill{Skills: share, WhileInPlay: &profiles.Selector{Profiles: []string{gp.ID}}})
				desc = append(desc, gp.ID)
			}
			if len(conds) == 0 {
				continue
			}
			if out == nil {
				out = slices.Clone(fighters[s])
			}
			out[k] = withSharedSkills(f, conds, strings.Join(desc, ","))
		}
		if out != nil {
			fighters[s] = out
		}
	}
	return fighters
}

// withSharedSkills returns f with conds added to its card's conditional
// skills, cached by desc (the brothers' profiles).
func withSharedSkills(f *Fighter, conds []profiles.ConditionalSkill, desc string) *Fighter {
	key := sharedKey{f: f, desc: desc}
	if v, ok := sharedFighters.Load(key); ok {
		return v.(*Fighter)
	}
	p := *f.Profile
	p.ConditionalSkills = append(slices.Clip(p.ConditionalSkills), conds...)
	c := *f
	c.Profile = &p
	v, _ := sharedFighters.LoadOrStore(key, &c)
	return v.(*Fighter)
}

// sharedNotModelled lists the skills sk's lists' card_shared_skills would
// share and the engine does not (see the file comment), one line per
// brother and skill.
func sharedNotModelled(sk *Skirmish) []string {
	var out []string
	for s := range 2 {
		h := &sk.Sides[s]
		if len(h.CardSharedSkills) == 0 {
			continue
		}
		bs := brothers(h)
		for _, k := range bs {
			for _, g := range bs {
				f, gp := h.Safars[k].Profile, h.Safars[g].Profile
				if g == k || gp.ID == f.ID {
					continue
				}
				_, not := sharedSkills(f, gp)
				for _, n := range not {
					line := fmt.Sprintf("card_shared_skills: %s's skill %s is not shared with %s (only skills a fight reads at each exchange, move or test come and go with a brother: skills of class EXCHANGE, brutal charge, unshakeable faith)", gp.ID, n.Name, f.ID)
					if !slices.Contains(out, line) {
						out = append(out, line)
					}
				}
			}
		}
	}
	return out
}
