package sim

import (
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// TestBoughtAmmunitionShots checks that a fight counts the shots of a weapon
// whose ammunition is only bought (profiles/ammunition.go, catalogue.md 4.7)
// even when the weapon reaches the engine as the data set has it (kharn duel
// --weapon-a, odds): its default purchase, 4 bolts, not unlimited; a weapon
// with counted shots keeps them and one with neither is unlimited (-1).
func TestBoughtAmmunitionShots(t *testing.T) {
	guard := &profiles.Profile{ID: "guard", Name: "guard", Level: 2, Stature: 2, AP: 5, HP: 14, Stats: strongGuard}
	for _, tc := range []struct {
		name string
		w    *profiles.Equipment
		want int
	}{
		{"only bought", &profiles.Equipment{ID: "xbow", Kind: profiles.KindRanged, Hands: 1,
			BoughtAmmunition: &profiles.AmmunitionPurchase{Shots: 4, Cost: 5}}, 4},
		{"counted", &profiles.Equipment{ID: "bow", Kind: profiles.KindRanged, Hands: 2, Effects: profiles.Effects{Ammunition: 8}}, 8},
		{"unlimited", &profiles.Equipment{ID: "sling", Kind: profiles.KindRanged, Hands: 1}, -1},
	} {
		a := &profiles.Profile{ID: "shooter", Name: "shooter", Level: 2, Stature: 2, AP: 5, HP: 14, Stats: strongGuard}
		e, err := newEngine([]*Fighter{NewFighter(a, []*profiles.Equipment{tc.w}), NewFighter(guard, nil)}, []int{SideA, SideB}, Variant{}, [2]FightPolicy{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		e.reset()
		if e.c[0].ammo != tc.want {
			t.Errorf("%s: %d shots, want %d", tc.name, e.c[0].ammo, tc.want)
		}
	}
}
