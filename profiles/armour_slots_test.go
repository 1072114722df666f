package profiles

import (
	"strings"
	"testing"
)

// TestArmourSlotKeys: an armour item's heavy_threshold (catalogue.md 4.6
// heavySeuil: a better threshold, so below the protection's) and
// stacks_with_armour (stacksWithArmor); a profile's printed armour and other
// kinds take neither.
func TestArmourSlotKeys(t *testing.T) {
	armour := kindOf("armour") + "    protection: 0/6/-2\n    boxes: 8\n"
	ds, err := loadFiles(map[string]string{"a.yaml": armour + "    heavy_threshold: 5\n    stacks_with_armour: true\n"})
	if err != nil {
		t.Fatal(err)
	}
	if a := ds.Equipment[0].Armour; a.HeavyThreshold != 5 || !a.Stacks || a.Threshold != 6 {
		t.Errorf("armour %+v, want heavy threshold 5 over 6, stacking", a)
	}
	for _, tc := range []struct{ yaml, want string }{
		{armour + "    heavy_threshold: 6\n", `equipment[e1].heavy_threshold: heavy_threshold 6 must be below the threshold 6 of protection`},
		{armour + "    heavy_threshold: 11\n", `heavy_threshold must be from 2 to 10`},
		{armour + "    stacks_with_armour: 3\n", `equipment[e1].stacks_with_armour`},
		{okWeapon + "    heavy_threshold: 5\n", `field "heavy_threshold" does not apply to a melee weapon (it is for armours)`},
		{okProfile + "    armour: {protection: 0/6/-2, boxes: 4, heavy_threshold: 5}\n", `armour.heavy_threshold`},
	} {
		_, err := loadFiles(map[string]string{"a.yaml": tc.yaml})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: got %v, want %s", tc.yaml, err, tc.want)
		}
	}
}
