package sim_test

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// TestCardCoverSkirmish plays a special card's "model always counted in
// cover" (skills.md 3.2; a list's card_cover, sim/cardcover.go) in whole
// battles: two guild crossbowmen against a mongo warrior and a goun shaman
// whose list's card keeps the warrior in cover. The trace shows the warrior
// counting the card's cover against shots (TestCardCover checks that the
// shots hurt it less often); warm battles allocate nothing.
func TestCardCoverSkirmish(t *testing.T) {
	sk := func(cards []profiles.CardCover) *sim.Skirmish { // cardCoverSkirmish
		x := cardFighter(t, "guild-crossbowman-2")
		return &sim.Skirmish{Sides: [2]sim.Spearhead{
			{Safars: []*sim.Fighter{cardFighter(t, "mongo-warrior-2"), cardFighter(t, "goun-shaman-2")}, Costs: []int{60, 60}, Leader: 1, CardCover: cards},
			{Safars: []*sim.Fighter{x, x}, Costs: []int{60, 60}, Leader: 0},
		}}
	}
	card := []profiles.CardCover{{To: profiles.Selector{Profiles: []string{"mongo-warrior-2"}}, Bonus: profiles.DefaultCardCoverBonus}}
	pl, err := sk(card).NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	pl.SetTrace(&b)
	r := rand.NewPCG(3, 9)
	for range 50 {
		pl.Play(r)
	}
	pl.SetTrace(nil)
	if !strings.Contains(b.String(), "A1 mongo-warrior-2 counts as in cover (+3) against the shot of B") {
		t.Errorf("the trace of 50 battles shows no shot at the warrior counting the card's cover:\n%.3000s", b.String())
	}
	if raceEnabled {
		return // the race detector allocates
	}
	if n := sim.WarmAllocs(pl, 100); n != 0 {
		t.Errorf("battle with a card's cover: %v allocations per battle, want 0", n)
	}
}
