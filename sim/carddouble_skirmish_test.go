package sim_test

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// TestCardDoubleSkirmish plays a special card's double damage against
// poisoned targets (skills.md 3.2; card_double_damage, sim/carddouble.go) in
// whole battles: an invented poisoner with three poison doses and the card,
// with a Khérops warrior, against two Khérops warriors. The trace shows its
// doubled attacks on a poisoned enemy; warm battles allocate nothing.
func TestCardDoubleSkirmish(t *testing.T) {
	club := &profiles.Equipment{ID: "club", Kind: profiles.KindMelee, Hands: 1}
	dose := &profiles.Equipment{ID: "dose", Kind: profiles.KindItem, Stackable: true, Effects: profiles.Effects{Poison: true}}
	poisoner := sim.NewFighter(&profiles.Profile{ID: "poisoner", Faction: "kherops", Level: 2, AP: 6, HP: 30, Stature: 3,
		Stats: profiles.Stats{V: 4, P: 4, A: 5, C: 4, T: 5, I: 3}}, []*profiles.Equipment{club, dose, dose, dose})
	card := []profiles.CardDouble{{By: profiles.Selector{Profiles: []string{"poisoner"}}, Against: profiles.DoubleAgainstPoisoned}}
	w := cardFighter(t, "kherops-warrior-2")
	sk := &sim.Skirmish{Sides: [2]sim.Spearhead{
		{Safars: []*sim.Fighter{poisoner, w}, Costs: []int{80, 82}, Leader: 0, CardDoubles: card},
		{Safars: []*sim.Fighter{w, w}, Costs: []int{82, 82}, Leader: 0},
	}}
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	pl.SetTrace(&b)
	r := rand.NewPCG(6, 3)
	for range 50 {
		pl.Play(r)
	}
	pl.SetTrace(nil)
	if tr := b.String(); !strings.Contains(tr, "A1 poisoner deals double damage to B") {
		t.Errorf("the trace of 50 battles shows no doubled attack:\n%.3000s", tr)
	}
	if raceEnabled {
		return // the race detector allocates
	}
	if n := sim.WarmAllocs(pl, 100); n != 0 {
		t.Errorf("battle with a card's double damage: %v allocations per battle, want 0", n)
	}
}
