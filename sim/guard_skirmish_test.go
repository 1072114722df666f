package sim_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// withGuards returns the embedded card id with the guard rules of skills.md
// section 3, pattern A (profiles/guard.go), fielded with its base equipment.
func withGuards(t testing.TB, id string, defendsFor ...profiles.Guard) *sim.Fighter {
	t.Helper()
	ds := profiles.Default()
	base, err := ds.Profile(id)
	if err != nil {
		t.Fatal(err)
	}
	p := *base
	p.DefendsFor = slices.Clone(defendsFor)
	lo, err := ds.Equip(base, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return sim.NewFighter(&p, lo.Items(ds))
}

// guardSkirmish is an invented battle: a prince leading two crown guards
// against Khérops; with rules, the guards are servants who must defend for
// him in the same melee (fangs-larbin-1's rule, skills.md section 3,
// pattern A) and the list's card lets every member defend for an ally in
// the same melee with +3 (skills.md 3.2).
func guardSkirmish(t testing.TB, rules bool) *sim.Skirmish {
	var must []profiles.Guard
	var cards []profiles.Guard
	if rules {
		must = []profiles.Guard{{Leader: true, Zone: profiles.GuardSameMelee, Must: true}}
		cards = []profiles.Guard{{By: profiles.Selector{All: true}, Allies: profiles.Selector{All: true}, Zone: profiles.GuardSameMelee, Bonus: 3}}
	}
	prince, guard := withGuards(t, "prince-3"), withGuards(t, "crown-guard-1", must...)
	warrior := cardFighter(t, "kherops-warrior-1")
	return &sim.Skirmish{Sides: [2]sim.Spearhead{
		{Safars: []*sim.Fighter{prince, guard, guard}, Costs: []int{130, 45, 45}, Leader: 0, CardDefends: cards},
		{Safars: []*sim.Fighter{cardFighter(t, "kherops-warrior-2"), warrior, warrior, warrior}, Costs: []int{82, 48, 48, 48}, Leader: 0},
	}}
}

// TestGuardSkirmish plays pattern A in whole battles: the trace shows the
// guards defending in place of the prince, by force and by choice (the
// default policy does not seek its ally's melee: in 200 battles, 6 forced
// and 6 chosen substitutions for 135 attacks on the prince); warm battles
// allocate nothing (the choice's exact figures are cached, guardMemo).
func TestGuardSkirmish(t *testing.T) {
	pl, tr := playTraced(t, guardSkirmish(t, true), [2]uint64{7, 1}, 200, nil)
	if !strings.Contains(tr, "crown-guard-1 defends in place of A1 prince-3 (it must)") {
		t.Errorf("the trace of 200 battles shows no guard defending for the prince:\n%.3000s", tr)
	}
	if !strings.Contains(tr, "(its side's choice; +3 to that defence)") {
		t.Errorf("the trace of 200 battles shows no defence chosen by the card's option")
	}
	checkWarmAllocs(t, pl, 100, "battle with guards")
}
