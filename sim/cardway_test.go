package sim_test

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// cardWaySkirmish is an invented battle: a bone seer whose list's card gives
// it +1 to its casts per ally not yet activated in its aura (card_way_bonus;
// skills.md 3.2, the Affranchis' sixth-way bonus) and two mongo warriors,
// against two Khérops warriors; with card false, the same list without it.
func cardWaySkirmish(t testing.TB, card bool) *sim.Skirmish {
	var way []profiles.CardWayBonus
	if card {
		way = []profiles.CardWayBonus{{By: profiles.Selector{Profiles: []string{"bone-seer-2"}}, Per: profiles.WayBonusPerUnactivatedAlly}}
	}
	mongo, warrior := cardFighter(t, "mongo-warrior-2"), cardFighter(t, "kherops-warrior-2")
	return &sim.Skirmish{Sides: [2]sim.Spearhead{
		{Safars: []*sim.Fighter{cardFighter(t, "bone-seer-2"), mongo, mongo}, Costs: []int{80, 60, 60}, Leader: 0, CardWayBonuses: way},
		{Safars: []*sim.Fighter{warrior, warrior}, Costs: []int{82, 82}, Leader: 0},
	}}
}

// TestCardWaySkirmish plays the sixth-way bonus (skills.md 3.2;
// sim/cardway.go) in whole battles: the trace shows casts with the card's
// part of the way bonus; warm battles allocate nothing.
func TestCardWaySkirmish(t *testing.T) {
	pl, err := cardWaySkirmish(t, true).NewPlayer()
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
	if tr := b.String(); !strings.Contains(tr, "of it for its allies not yet activated in its aura: its special card, card_way_bonus)") {
		t.Error("the trace of 100 battles never shows the card's way bonus")
	}
	if raceEnabled {
		return // the race detector allocates
	}
	if n := sim.WarmAllocs(pl, 200); n != 0 {
		t.Errorf("battle with the card's way bonus: %v allocations per battle, want 0", n)
	}
}
