package sim_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// withAuraGrants returns the embedded card id with aura grants (skills.md
// section 3, pattern D), fielded with its base equipment.
func withAuraGrants(t testing.TB, id string, grants ...profiles.AuraGrant) *sim.Fighter {
	t.Helper()
	ds := profiles.Default()
	base, err := ds.Profile(id)
	if err != nil {
		t.Fatal(err)
	}
	p := *base
	p.AuraGrants = slices.Clone(grants)
	lo, err := ds.Equip(base, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return sim.NewFighter(&p, lo.Items(ds))
}

// auraSkirmish is an invented battle: a prince whose aura gives its crown
// guards Brutality 1 (pattern D: "Brutality 1 for its people's warriors in
// its aura") and +1 Brutal charge within 3 toises, against Khérops.
func auraSkirmish(t testing.TB) *sim.Skirmish {
	prince := withAuraGrants(t, "prince-3",
		profiles.AuraGrant{Skills: []profiles.Skill{{Name: profiles.SkillBrutality, Value: 1}}, To: profiles.Selector{Profiles: []string{"crown-guard"}}},
		profiles.AuraGrant{Skills: []profiles.Skill{{Name: profiles.SkillBrutalCharge, Value: 1}}, Increment: true, To: profiles.Selector{All: true}, Within: 3})
	guard, warrior := cardFighter(t, "crown-guard-1"), cardFighter(t, "kherops-warrior-1")
	return &sim.Skirmish{Sides: [2]sim.Spearhead{
		{Safars: []*sim.Fighter{prince, guard, guard}, Costs: []int{130, 45, 45}, Leader: 0},
		{Safars: []*sim.Fighter{cardFighter(t, "kherops-warrior-2"), warrior, warrior, warrior}, Costs: []int{82, 48, 48, 48}, Leader: 0},
	}}
}

// TestAuraGrantSkirmish plays the aura grants in whole battles: the trace
// shows the guards in the prince's aura, and warm battles
// allocate nothing (the kind switch is a table lookup), replayed on the dice
// that warmed the caches as TestSkirmishAllocs does.
func TestAuraGrantSkirmish(t *testing.T) {
	sk := auraSkirmish(t)
	pl, tr := playTraced(t, sk, [2]uint64{7, 1}, 3, nil)
	if !strings.Contains(tr, "crown-guard-1 stands in its allies' auras: brutality 1 from A1 prince-3") {
		t.Errorf("the trace of 3 battles shows no guard in the prince's aura:\n%s", tr)
	}
	checkWarmAllocs(t, pl, 200, "battle with aura grants")
}
