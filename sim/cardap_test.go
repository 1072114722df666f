package sim_test

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// cardAPSkirmish is an invented battle: a bone seer with the staff
// (card_spell_drain) and two mongo warriors with the coin (card_steals_ap;
// skills.md 3.2), against two Khérops warriors; with card false, the same
// list without the cards.
func cardAPSkirmish(t testing.TB, card bool) *sim.Skirmish {
	var steal []profiles.CardStealAP
	var drain []profiles.CardSpellDrain
	if card {
		steal = []profiles.CardStealAP{{By: profiles.Selector{Profiles: []string{"mongo-warrior-2"}}, AP: 1}}
		drain = []profiles.CardSpellDrain{{By: profiles.Selector{Profiles: []string{"bone-seer-2"}}, AP: 1}}
	}
	mongo, warrior := cardFighter(t, "mongo-warrior-2"), cardFighter(t, "kherops-warrior-2")
	return &sim.Skirmish{Sides: [2]sim.Spearhead{
		{Safars: []*sim.Fighter{cardFighter(t, "bone-seer-2"), mongo, mongo}, Costs: []int{80, 60, 60}, Leader: 0, CardStealsAP: steal, CardSpellDrains: drain},
		{Safars: []*sim.Fighter{warrior, warrior}, Costs: []int{82, 82}, Leader: 0},
	}}
}

// TestCardAPSkirmish plays the coin and the staff (skills.md 3.2;
// sim/cardap.go) in whole battles: the trace shows AP stolen, a CF of the
// coin and a spell draining AP; warm battles allocate nothing.
func TestCardAPSkirmish(t *testing.T) {
	pl, err := cardAPSkirmish(t, true).NewPlayer()
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
	tr := b.String()
	for _, want := range []string{"mongo-warrior-2 steals ", "mongo-warrior-2 rolls a CF stealing AP from B", "A1 bone-seer-2's spell drains "} {
		if !strings.Contains(tr, want) {
			t.Errorf("the trace of 100 battles never says %q", want)
		}
	}
	if raceEnabled {
		return // the race detector allocates
	}
	if n := sim.WarmAllocs(pl, 200); n != 0 {
		t.Errorf("battle with the coin and the staff: %v allocations per battle, want 0", n)
	}
}
