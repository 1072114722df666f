package sim_test

import (
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
	a := cardSide(t, []string{"mongo-warrior-2", "mongo-warrior-2"}, 60, 60)
	if card {
		a.CardExtraActions = []profiles.CardExtraAction{{By: profiles.Selector{Profiles: []string{"mongo-warrior-2"}}}}
	}
	return againstTwoWarriors(t, a)
}

// TestCardExtraSkirmish plays the sister's extra action (skills.md 3.2;
// sim/cardextra.go) in whole battles: the trace shows extra actions, never
// more than one per Safar and battle; warm battles allocate nothing.
func TestCardExtraSkirmish(t *testing.T) {
	seen := 0
	pl, _ := playTraced(t, cardExtraSkirmish(t, true), [2]uint64{7, 3}, 100, func(battle string) {
		for _, who := range []string{"A1 ", "A2 "} {
			if n := strings.Count(battle, who+"mongo-warrior-2 takes its extra action during "); n > 1 {
				t.Fatalf("%s took %d extra actions in one battle", who, n)
			}
		}
		if strings.Contains(battle, "takes its extra action") {
			seen++
		}
	})
	if seen == 0 {
		t.Error("100 battles and no extra action")
	}
	t.Logf("%d of 100 battles with an extra action", seen)
	checkWarmAllocs(t, pl, 200, "battle with the extra action")
}
