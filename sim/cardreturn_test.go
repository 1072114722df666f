package sim_test

import (
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// cardReturnSkirmish is an invented battle: a goun shaman and two mongo
// warriors whose list's card brings the first Goûn defeated back with 1D5
// HP (skills.md 3.2; card_returns), against two Khérops warriors; with card
// false, the same list without the card.
func cardReturnSkirmish(t testing.TB, card bool) *sim.Skirmish {
	a := cardSide(t, []string{"goun-shaman-2", "mongo-warrior-2", "mongo-warrior-2"}, 80, 60, 60)
	if card {
		a.CardReturns = []profiles.CardReturn{{To: profiles.Selector{Factions: []string{"gouns"}}, HP: profiles.Dice{N: 1, Sides: 5}}}
	}
	return againstTwoWarriors(t, a)
}

// TestCardReturnSkirmish plays a list's return from defeat (skills.md 3.2,
// "the first Goûn defeated comes back with 1D5 HP"; sim/cardreturn.go) in
// whole battles: the trace shows a Goûn coming back, once per battle at
// most, and warm battles allocate nothing.
func TestCardReturnSkirmish(t *testing.T) {
	const n = 40
	pl, tr := playTraced(t, cardReturnSkirmish(t, true), [2]uint64{7, 3}, n, nil)
	back := strings.Count(tr, "HP (its special card's return, card_returns)")
	if back == 0 {
		t.Errorf("the trace of %d battles never shows a Goûn coming back", n)
	}
	if battles := strings.Count(tr, "Skirmish on a"); back > battles {
		t.Errorf("%d returns in %d battles: more than one per battle", back, battles)
	}
	checkWarmAllocs(t, pl, 200, "battle with a card's return")
}

// cardMatriarchSkirmish is an invented battle: a fang witch (the
// matriarch), a greedy and a fang prowler, whose list's card brings the
// witch back in the nearest of the other two when she is defeated
// (skills.md 3.2; card_returns_in_ally), against two Khérops warriors;
// with card false, the same list without the card.
func cardMatriarchSkirmish(t testing.TB, card bool) *sim.Skirmish {
	a := cardSide(t, []string{"fang-witch-3", "greedy-2", "fang-prowler-1"}, 100, 70, 40)
	if card {
		a.CardReturnsInAlly = []profiles.CardReturnInAlly{{To: profiles.Selector{Profiles: []string{"fang-witch-3"}}, Into: profiles.Selector{Profiles: []string{"greedy-2", "fang-prowler-1"}}}}
	}
	return againstTwoWarriors(t, a)
}

// TestCardMatriarchSkirmish plays the Fang matriarch's return in an ally
// (skills.md 3.2; sim/cardreturn.go) in whole battles: the trace shows the
// witch coming back in an ally's place, once per battle at most, and warm
// battles allocate nothing.
func TestCardMatriarchSkirmish(t *testing.T) {
	const n = 100
	pl, tr := playTraced(t, cardMatriarchSkirmish(t, true), [2]uint64{7, 3}, n, nil)
	back := strings.Count(tr, "(its special card's return, card_returns_in_ally): ")
	if strings.Count(tr, "A1 fang-witch-3 comes back in A") == 0 {
		t.Errorf("the trace of %d battles never shows the witch coming back in an ally", n)
	}
	if battles := strings.Count(tr, "Skirmish on a"); back > battles {
		t.Errorf("%d returns in %d battles: more than one per battle", back, battles)
	}
	checkWarmAllocs(t, pl, 200, "battle with the matriarch's return")
}
