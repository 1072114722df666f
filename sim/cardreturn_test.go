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
