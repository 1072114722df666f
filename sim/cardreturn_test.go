package sim_test

import (
	"bytes"
	"math/rand/v2"
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
	var c []profiles.CardReturn
	if card {
		c = []profiles.CardReturn{{To: profiles.Selector{Factions: []string{"gouns"}}, HP: profiles.Dice{N: 1, Sides: 5}}}
	}
	mongo, warrior := cardFighter(t, "mongo-warrior-2"), cardFighter(t, "kherops-warrior-2")
	return &sim.Skirmish{Sides: [2]sim.Spearhead{
		{Safars: []*sim.Fighter{cardFighter(t, "goun-shaman-2"), mongo, mongo}, Costs: []int{80, 60, 60}, Leader: 0, CardReturns: c},
		{Safars: []*sim.Fighter{warrior, warrior}, Costs: []int{82, 82}, Leader: 0},
	}}
}

// TestCardReturnSkirmish plays a list's return from defeat (skills.md 3.2,
// "the first Goûn defeated comes back with 1D5 HP"; sim/cardreturn.go) in
// whole battles: the trace shows a Goûn coming back, once per battle at
// most, and warm battles allocate nothing.
func TestCardReturnSkirmish(t *testing.T) {
	pl, err := cardReturnSkirmish(t, true).NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	pl.SetTrace(&b)
	r := rand.NewPCG(7, 3)
	const n = 40
	for range n {
		pl.Play(r)
	}
	pl.SetTrace(nil)
	tr := b.String()
	back := strings.Count(tr, "HP (its special card's return, card_returns)")
	if back == 0 {
		t.Errorf("the trace of %d battles never shows a Goûn coming back", n)
	}
	if battles := strings.Count(tr, "Skirmish on a"); back > battles {
		t.Errorf("%d returns in %d battles: more than one per battle", back, battles)
	}
	if raceEnabled {
		return // the race detector allocates
	}
	if n := sim.WarmAllocs(pl, 200); n != 0 {
		t.Errorf("battle with a card's return: %v allocations per battle, want 0", n)
	}
}

// cardMatriarchSkirmish is an invented battle: a fang witch (the
// matriarch), a greedy and a fang prowler, whose list's card brings the
// witch back in the nearest of the other two when she is defeated
// (skills.md 3.2; card_returns_in_ally), against two Khérops warriors;
// with card false, the same list without the card.
func cardMatriarchSkirmish(t testing.TB, card bool) *sim.Skirmish {
	var c []profiles.CardReturnInAlly
	if card {
		c = []profiles.CardReturnInAlly{{To: profiles.Selector{Profiles: []string{"fang-witch-3"}}, Into: profiles.Selector{Profiles: []string{"greedy-2", "fang-prowler-1"}}}}
	}
	warrior := cardFighter(t, "kherops-warrior-2")
	return &sim.Skirmish{Sides: [2]sim.Spearhead{
		{Safars: []*sim.Fighter{cardFighter(t, "fang-witch-3"), cardFighter(t, "greedy-2"), cardFighter(t, "fang-prowler-1")}, Costs: []int{100, 70, 40}, Leader: 0, CardReturnsInAlly: c},
		{Safars: []*sim.Fighter{warrior, warrior}, Costs: []int{82, 82}, Leader: 0},
	}}
}

// TestCardMatriarchSkirmish plays the Fang matriarch's return in an ally
// (skills.md 3.2; sim/cardreturn.go) in whole battles: the trace shows the
// witch coming back in an ally's place, once per battle at most, and warm
// battles allocate nothing.
func TestCardMatriarchSkirmish(t *testing.T) {
	pl, err := cardMatriarchSkirmish(t, true).NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	pl.SetTrace(&b)
	r := rand.NewPCG(7, 3)
	const n = 100
	for range n {
		pl.Play(r)
	}
	pl.SetTrace(nil)
	tr := b.String()
	back := strings.Count(tr, "(its special card's return, card_returns_in_ally): ")
	if strings.Count(tr, "A1 fang-witch-3 comes back in A") == 0 {
		t.Errorf("the trace of %d battles never shows the witch coming back in an ally", n)
	}
	if battles := strings.Count(tr, "Skirmish on a"); back > battles {
		t.Errorf("%d returns in %d battles: more than one per battle", back, battles)
	}
	if raceEnabled {
		return // the race detector allocates
	}
	if n := sim.WarmAllocs(pl, 200); n != 0 {
		t.Errorf("battle with the matriarch's return: %v allocations per battle, want 0", n)
	}
}
