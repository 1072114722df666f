package sim

import (
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// TestConditionalVelocityMalus: an armour's "-1 en V si C≤4" (catalogue.md
// 4.6 "Armour", malus_max_c 4) slows a wearer of C 4, not one of C 5; an
// armour without malus_max_c slows every wearer.
func TestConditionalVelocityMalus(t *testing.T) {
	scales := &profiles.ArmourStats{Failure: 1, Threshold: 6, Success: 2, Boxes: 8, VelocityMalus: 1, MalusMaxC: 4}
	plate := &profiles.ArmourStats{Failure: 1, Threshold: 6, Success: 2, Boxes: 8, VelocityMalus: 1}
	for _, tc := range []struct {
		c    int
		a    *profiles.ArmourStats
		want float64
	}{
		{4, scales, 4}, {5, scales, 5}, {5, plate, 4},
	} {
		p := &profiles.Profile{ID: "p", Level: 1, AP: 3, HP: 6, Stature: 3, Stats: profiles.Stats{V: 5, P: 3, A: 3, C: tc.c, T: 3, I: 3}}
		f := NewFighter(p, []*profiles.Equipment{{ID: "a", Kind: profiles.KindArmour, Armour: tc.a}})
		if got := newKindInfo(f).velocity; got != tc.want {
			t.Errorf("V 5, C %d, malus up to C %d: velocity %g, want %g", tc.c, tc.a.MalusMaxC, got, tc.want)
		}
	}
}
