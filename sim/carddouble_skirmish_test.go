package sim_test

import (
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
	pl, tr := playTraced(t, sk, [2]uint64{6, 3}, 50, nil)
	checkTraceSays(t, tr, 50, "A1 poisoner deals double damage to B")
	checkWarmAllocs(t, pl, 100, "battle with a card's double damage")
}
