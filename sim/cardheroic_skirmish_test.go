package sim_test

import (
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// TestCardHeroicSkirmish plays a special card's Heroic attack against an
// enemy bleeding from the Safar's attack (skills.md 3.2; card_heroic,
// sim/cardheroic.go) in whole battles: two invented warriors with a blade
// that makes bleed (bleeding 1) and the card against two Khérops warriors.
// The trace shows their Heroic attacks; warm battles allocate nothing.
func TestCardHeroicSkirmish(t *testing.T) {
	blade := &profiles.Equipment{ID: "blade", Kind: profiles.KindMelee, Hands: 1, Effects: profiles.Effects{Bleeding: 1}}
	w := sim.NewFighter(&profiles.Profile{ID: "reaver", Faction: "kherops", Level: 2, AP: 6, HP: 30, Stature: 3,
		Stats: profiles.Stats{V: 4, P: 4, A: 4, C: 4, T: 5, I: 3}}, []*profiles.Equipment{blade})
	card := []profiles.CardHeroic{{By: profiles.Selector{Profiles: []string{"reaver"}}, Against: profiles.HeroicAgainstItsBleeding}}
	k := cardFighter(t, "kherops-warrior-2")
	sk := &sim.Skirmish{Sides: [2]sim.Spearhead{
		{Safars: []*sim.Fighter{w, w}, Costs: []int{80, 80}, Leader: 0, CardHeroics: card},
		{Safars: []*sim.Fighter{k, k}, Costs: []int{82, 82}, Leader: 0},
	}}
	pl, tr := playTraced(t, sk, [2]uint64{4, 4}, 50, nil)
	checkTraceSays(t, tr, 50, "bleeding from its attack, with Heroic attack")
	checkWarmAllocs(t, pl, 100, "battle with a card's Heroic attack")
}
