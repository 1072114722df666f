package sim_test

import (
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
	"github.com/kharn-ages/kharn/sim/field"
)

// cardSkipSkirmish is an invented battle: two mongo warriors and a goun
// shaman (listed last, not the leader) whose list's card
// lets it skip its actions so that an ally within 3 toises that has acted
// recovers 5 AP (skills.md 3.2, the father; card_skips_for_ally), against
// two Khérops warriors; with card false, the same
// list without the card.
func cardSkipSkirmish(t testing.TB, card bool) *sim.Skirmish {
	a := cardSide(t, []string{"mongo-warrior-2", "mongo-warrior-2", "goun-shaman-2"}, 60, 60, 80)
	if card {
		a.CardSkipsFor = []profiles.CardSkipFor{{By: profiles.Selector{Profiles: []string{"goun-shaman-2"}}, To: profiles.Selector{All: true}, Within: 3, AP: 5}}
	}
	return againstTwoWarriors(t, a)
}

// TestCardSkipSkirmish plays the father's card (skills.md 3.2;
// sim/cardskip.go) in whole battles on a narrow table (6 x 15 toises, where
// the shaman stands near its allies): the trace shows the shaman skipping
// its actions for an ally, and warm battles allocate nothing.
func TestCardSkipSkirmish(t *testing.T) {
	sk := cardSkipSkirmish(t, true)
	sk.Field = field.Field{Width: 6, Height: 15} // a narrow table: the allies fight side by side
	pl, tr := playTraced(t, sk, [2]uint64{7, 3}, 100, nil)
	checkTraceSays(t, tr, 100, "A3 goun-shaman-2 skips its actions (card_skips_for_ally): ")
	checkWarmAllocs(t, pl, 200, "battle with the father's card")
}
