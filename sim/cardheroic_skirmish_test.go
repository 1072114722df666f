package sim_test

import (
	"bytes"
	"math/rand/v2"
	"strings"
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
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	pl.SetTrace(&b)
	r := rand.NewPCG(4, 4)
	for range 50 {
		pl.Play(r)
	}
	pl.SetTrace(nil)
	if tr := b.String(); !strings.Contains(tr, "bleeding from its attack, with Heroic attack") {
		t.Errorf("the trace of 50 battles shows no Heroic attack by the card:\n%.3000s", tr)
	}
	if raceEnabled {
		return // the race detector allocates
	}
	if n := sim.WarmAllocs(pl, 100); n != 0 {
		t.Errorf("battle with a card's Heroic attack: %v allocations per battle, want 0", n)
	}
}
