package profiles

import (
	"strings"
	"testing"
)

// TestArmourMalusMaxC: malus_max_c limits an armour's velocity_malus to
// wearers of C at most N ("-1 en V si C≤4", catalogue.md 4.6 "Armour"); it
// takes 1 to 99.
func TestArmourMalusMaxC(t *testing.T) {
	armour := "equipment:\n  - {id: e1, name: E, kind: armour, cost: 5, protection: -1/6/-2, boxes: 8, velocity_malus: 1, malus_max_c: "
	ds, err := loadFiles(map[string]string{"a.yaml": armour + "4}\n"})
	if err != nil {
		t.Fatal(err)
	}
	a := ds.Equipment[0].Armour
	if a.MalusMaxC != 4 || a.VelocityMalusFor(4) != 1 || a.VelocityMalusFor(5) != 0 {
		t.Errorf("armour %+v: malus %d for C 4, %d for C 5; want 1, 0", a, a.VelocityMalusFor(4), a.VelocityMalusFor(5))
	}
	_, err = loadFiles(map[string]string{"a.yaml": armour + "0}\n"})
	if err == nil || !strings.Contains(err.Error(), "malus_max_c must be from 1 to 99") {
		t.Errorf("malus_max_c 0: %v", err)
	}
}
