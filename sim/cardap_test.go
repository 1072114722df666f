package sim_test

import (
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// cardAPSkirmish is an invented battle: a bone seer with the staff
// (card_spell_drain) and two mongo warriors with the coin (card_steals_ap;
// skills.md 3.2), against two Khérops warriors; with card false, the same
// list without the cards.
func cardAPSkirmish(t testing.TB, card bool) *sim.Skirmish {
	a := cardSide(t, []string{"bone-seer-2", "mongo-warrior-2", "mongo-warrior-2"}, 80, 60, 60)
	if card {
		a.CardStealsAP = []profiles.CardStealAP{{By: profiles.Selector{Profiles: []string{"mongo-warrior-2"}}, AP: 1}}
		a.CardSpellDrains = []profiles.CardSpellDrain{{By: profiles.Selector{Profiles: []string{"bone-seer-2"}}, AP: 1}}
	}
	return againstTwoWarriors(t, a)
}

// TestCardAPSkirmish plays the coin and the staff (skills.md 3.2;
// sim/cardap.go) in whole battles: the trace shows AP stolen, a CF of the
// coin and a spell draining AP; warm battles allocate nothing.
func TestCardAPSkirmish(t *testing.T) {
	pl, tr := playTraced(t, cardAPSkirmish(t, true), [2]uint64{7, 3}, 100, nil)
	checkTraceSays(t, tr, 100, "mongo-warrior-2 steals ", "mongo-warrior-2 rolls a CF stealing AP from B", "A1 bone-seer-2's spell drains ")
	checkWarmAllocs(t, pl, 200, "battle with the coin and the staff")
}
