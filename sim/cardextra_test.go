package sim_test

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// cardExtraSkirmish is an invented battle: two mongo warriors whose list's
// card gives each one extra action during another Safar's activation, once
// per battle (card_extra_action; skills.md 3.2, the sister), against two
// Khérops warriors; with card false, the same list without it.
func cardExtraSkirmish(t testing.TB, card bool) *sim.Skirmish {
	var extra []profiles.CardExtraAction
	if card {
		extra = []profiles.CardExtraAction{{By: profiles.Selector{Profiles: []string{"mongo-warrior-2"}}}}
	}
	mongo, warrior := cardFighter(t, "mongo-warrior-2"), cardFighter(t, "kherops-warrior-2")
	return &sim.Skirmish{Sides: [2]sim.Spearhead{
		{Safars: []*sim.Fighter{mongo, mongo}, Costs: []int{60, 60}, Leader: 0, CardExtraActions: extra},
		{Safars: []*sim.Fighter{warrior, warrior}, Costs: []int{82, 82}, Leader: 0},
	}}
}

// TestCardExtraSkirmish plays the sister's extra action (skills.md 3.2;
// sim/cardextra.go) in whole battles: the trace shows extra actions, never
// more than one per Safar and battle; warm battles allocate nothing.
func TestCardExtraSkirmish(t *testing.T) {
	pl, err := cardExtraSkirmish(t, true).NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	pl.SetTrace(&b)
	r := rand.NewPCG(7, 3)
	seen := 0
	for range 100 {
		b.Reset()
		pl.Play(r)
		for _, who := range []string{"A1 ", "A2 "} {
			if n := strings.Count(b.String(), who+"mongo-warrior-2 takes its extra action during "); n > 1 {
				t.Fatalf("%s took %d extra actions in one battle", who, n)
			}
		}
		if strings.Contains(b.String(), "takes its extra action") {
			seen++
		}
	}
	pl.SetTrace(nil)
	if seen == 0 {
		t.Error("100 battles and no extra action")
	}
	t.Logf("%d of 100 battles with an extra action", seen)
	if raceEnabled {
		return // the race detector allocates
	}
	if n := sim.WarmAllocs(pl, 200); n != 0 {
		t.Errorf("battle with the extra action: %v allocations per battle, want 0", n)
	}
}
