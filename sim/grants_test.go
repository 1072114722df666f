package sim_test

import (
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// TestNewFighterItemGrants checks that a weapon a list gives a Safar grants
// its skills (catalogue.md 3.8 "grant-skill": the executioner's axe,
// Executioner, skills.md #27; the brutal mace, "Brutalité +1", skills.md #11):
// the fighter plays them, a card carrying the weapon as base equipment (whose
// skills already count it) is not granted it twice, and the card itself is
// left unchanged.
func TestNewFighterItemGrants(t *testing.T) {
	axe := &profiles.Equipment{ID: "axe", Kind: profiles.KindMelee, Hands: 2,
		Grants: []profiles.Skill{{Name: profiles.SkillExecutioner}}}
	mace := &profiles.Equipment{ID: "mace", Kind: profiles.KindMelee, Hands: 1,
		Grants:          []profiles.Skill{{Name: profiles.SkillBrutality, Value: 1}},
		GrantsIncrement: []profiles.Skill{{Name: profiles.SkillBrutality, Value: 1}}}
	p := safar("p", 2, stats4(4, 4, 4, 4), 3, profiles.Skill{Name: profiles.SkillBrutality, Value: 1})
	f := sim.NewFighter(p, []*profiles.Equipment{axe})
	if !f.Skills.Executioner || f.Skills.Brutality != 1 {
		t.Errorf("with an added axe: executioner %t, brutality %d; want true, 1", f.Skills.Executioner, f.Skills.Brutality)
	}
	if _, ok := p.Skill(profiles.SkillExecutioner); ok || len(p.Skills) != 1 {
		t.Errorf("the card changed: %+v", p.Skills)
	}
	if f := sim.NewFighter(p, []*profiles.Equipment{mace}); f.Skills.Brutality != 2 {
		t.Errorf("with an added mace: brutality %d, want 2 (1 + 1)", f.Skills.Brutality)
	}
	based := *p
	based.Skills = []profiles.Skill{{Name: profiles.SkillBrutality, Value: 2}} // the card counts its mace
	based.Equipment = []string{"mace"}
	if f := sim.NewFighter(&based, []*profiles.Equipment{mace}); f.Skills.Brutality != 2 || f.Profile != &based {
		t.Errorf("with its base mace: brutality %d, want 2 (granted once)", f.Skills.Brutality)
	}
}
