package profiles

import (
	"strings"
	"testing"
)

// TestSwimArmourKeys: an armour item's metal_or_stone (seed 000 line 736,
// seed 004 line 680: "A Safar wearing a metallic or stone armour cannot
// swim") and natural (seed 000 line 654: "Natural armour (for example a
// shell) does not prevent the Safar who wears it from swimming"); the data
// marks the half-plate and plate armours metal, the tembos' shell natural,
// the leather armour neither. Other kinds and a printed armour take neither.
func TestSwimArmourKeys(t *testing.T) {
	armour := kindOf("armour") + "    protection: 0/6/-2\n    boxes: 8\n"
	ds, err := loadFiles(map[string]string{"a.yaml": armour + "    metal_or_stone: true\n    natural: false\n"})
	if err != nil {
		t.Fatal(err)
	}
	if a := ds.Equipment[0].Armour; !a.MetalOrStone || a.Natural {
		t.Errorf("armour %+v, want metal, not natural", a)
	}
	for _, tc := range []struct{ yaml, want string }{
		{armour + "    metal_or_stone: 3\n", `equipment[e1].metal_or_stone`},
		{armour + "    natural: yes please\n", `equipment[e1].natural`},
		{okWeapon + "    metal_or_stone: true\n", `field "metal_or_stone" does not apply to a melee weapon (it is for armours)`},
		{okProfile + "    armour: {protection: 0/6/-2, boxes: 4, natural: true}\n", `armour.natural`},
	} {
		_, err := loadFiles(map[string]string{"a.yaml": tc.yaml})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: got %v, want %s", tc.yaml, err, tc.want)
		}
	}
	data := Default()
	want := map[string][2]bool{"leather-armour": {}, "half-plate": {true, false}, "plate-armour": {true, false}, "natural-shell": {false, true}}
	for id, w := range want {
		e, err := data.Item(id)
		if err != nil || e.Armour == nil {
			t.Errorf("%s: not an armour of the data", id)
			continue
		}
		if got := [2]bool{e.Armour.MetalOrStone, e.Armour.Natural}; got != w {
			t.Errorf("%s: metal_or_stone, natural = %v, want %v", id, got, w)
		}
	}
}
