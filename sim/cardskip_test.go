package sim_test

import (
	"bytes"
	"math/rand/v2"
	"strings"
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
	var c []profiles.CardSkipFor
	if card {
		c = []profiles.CardSkipFor{{By: profiles.Selector{Profiles: []string{"goun-shaman-2"}}, To: profiles.Selector{All: true}, Within: 3, AP: 5}}
	}
	mongo, warrior := cardFighter(t, "mongo-warrior-2"), cardFighter(t, "kherops-warrior-2")
	return &sim.Skirmish{Sides: [2]sim.Spearhead{
		{Safars: []*sim.Fighter{mongo, mongo, cardFighter(t, "goun-shaman-2")}, Costs: []int{60, 60, 80}, Leader: 0, CardSkipsFor: c},
		{Safars: []*sim.Fighter{warrior, warrior}, Costs: []int{82, 82}, Leader: 0},
	}}
}

// TestCardSkipSkirmish plays the father's card (skills.md 3.2;
// sim/cardskip.go) in whole battles on a narrow table (6 x 15 toises, where
// the shaman stands near its allies): the trace shows the shaman skipping
// its actions for an ally, and warm battles allocate nothing.
func TestCardSkipSkirmish(t *testing.T) {
	sk := cardSkipSkirmish(t, true)
	sk.Field = field.Field{Width: 6, Height: 15} // a narrow table: the allies fight side by side
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	pl.SetTrace(&b)
	r := rand.NewPCG(7, 3)
	for range 100 {
		pl.Play(r)
	}
	pl.SetTrace(nil)
	if want := "A3 goun-shaman-2 skips its actions (card_skips_for_ally): "; !strings.Contains(b.String(), want) {
		t.Errorf("the trace of 100 battles never says %q", want)
	}
	if raceEnabled {
		return // the race detector allocates
	}
	if n := sim.WarmAllocs(pl, 200); n != 0 {
		t.Errorf("battle with the father's card: %v allocations per battle, want 0", n)
	}
}
