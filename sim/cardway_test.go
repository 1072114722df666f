package sim_test

import (
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// cardWaySkirmish is an invented battle: a bone seer whose list's card gives
// it +1 to its casts per ally not yet activated in its aura (card_way_bonus;
// skills.md 3.2, the Affranchis' sixth-way bonus) and two mongo warriors,
// against two Khérops warriors; with card false, the same list without it.
func cardWaySkirmish(t testing.TB, card bool) *sim.Skirmish {
	a := cardSide(t, []string{"bone-seer-2", "mongo-warrior-2", "mongo-warrior-2"}, 80, 60, 60)
	if card {
		a.CardWayBonuses = []profiles.CardWayBonus{{By: profiles.Selector{Profiles: []string{"bone-seer-2"}}, Per: profiles.WayBonusPerUnactivatedAlly}}
	}
	return againstTwoWarriors(t, a)
}

// TestCardWaySkirmish plays the sixth-way bonus (skills.md 3.2;
// sim/cardway.go) in whole battles: the trace shows casts with the card's
// part of the way bonus; warm battles allocate nothing.
func TestCardWaySkirmish(t *testing.T) {
	pl, tr := playTraced(t, cardWaySkirmish(t, true), [2]uint64{7, 3}, 100, nil)
	checkTraceSays(t, tr, 100, "of it for its allies not yet activated in its aura: its special card, card_way_bonus)")
	checkWarmAllocs(t, pl, 200, "battle with the card's way bonus")
}
