package catalog

import (
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// TestConditionalArmourMalus: "-1 en V si C≤4" (catalogue.md 4.6 "Armour":
// "Some armour texts add a V malus for wearers with low C") is a
// velocity_malus limited to wearers of C at most 4 (malus_max_c); "C<4" is
// C at most 3.
func TestConditionalArmourMalus(t *testing.T) {
	for _, tc := range []struct {
		phrase      string
		malus, maxC int
	}{
		{"-1 en V si C≤4", 1, 4},
		{"-2 en V si C<4", 2, 3},
		{"-1 en Vitesse si Corpulence <= 3", 1, 3},
	} {
		e := &equipOut{kind: profiles.KindArmour, src: make(map[string]string)}
		e.effects(tc.phrase)
		if e.armour.VelocityMalus != tc.malus || e.armour.MalusMaxC != tc.maxC || len(e.notModelled) > 0 {
			t.Errorf("%q: malus %d up to C %d (not modelled %v), want %d up to C %d", tc.phrase,
				e.armour.VelocityMalus, e.armour.MalusMaxC, e.notModelled, tc.malus, tc.maxC)
		}
	}
	c, err := ConvertFile("testdata/catalog.json")
	if err != nil {
		t.Fatal(err)
	}
	a, err := c.DataSet().Item("cuirasse-d-ecailles")
	if err != nil {
		t.Fatal(err)
	}
	if a.Armour.VelocityMalusFor(4) != 1 || a.Armour.VelocityMalusFor(5) != 0 {
		t.Errorf("cuirasse-d-ecailles: malus %d for C 4, %d for C 5; want 1, 0", a.Armour.VelocityMalusFor(4), a.Armour.VelocityMalusFor(5))
	}
}
