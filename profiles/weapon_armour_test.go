package profiles

import (
	"strings"
	"testing"
)

// TestWeaponThatProtects: a melee weapon with protection and boxes also
// protects (catalogue.md 4.6 "Armour": an item of another category that
// carries a seuil); its armour is marked to be worn in the second slot, so a
// loadout with it and an armour that stacks is refused; protection without
// boxes, or on a shooting weapon, is an error naming the field.
func TestWeaponThatProtects(t *testing.T) {
	guarded := okWeapon + "    protection: 0/7/-1\n    boxes: 10\n"
	ds, err := loadFiles(map[string]string{"a.yaml": guarded})
	if err != nil {
		t.Fatal(err)
	}
	if a := ds.Equipment[0].Armour; a == nil || a.Failure != 0 || a.Threshold != 7 || a.Success != 1 || a.Boxes != 10 || !a.Stacks {
		t.Errorf("guarded weapon: armour %+v, want 0/7/-1 of 10 boxes in the second slot", a)
	}
	for _, tc := range []struct{ yaml, want string }{
		{okWeapon + "    protection: 0/7/-1\n", `equipment[e1]: missing field "boxes"`},
		{okWeapon + "    boxes: 10\n", `equipment[e1]: missing field "protection"`},
		{okWeapon + "    protection: 0/7/-1\n    boxes: 10\n    stacks_with_armour: true\n", `field "stacks_with_armour" does not apply to a melee weapon`},
		{sub(okWeapon, "kind: melee", "kind: ranged") + "    protection: 0/7/-1\n    boxes: 10\n", `field "protection" does not apply to a ranged weapon`},
	} {
		_, err := loadFiles(map[string]string{"a.yaml": tc.yaml})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: got %v, want %s", tc.yaml, err, tc.want)
		}
	}
	items := `equipment:
  - {id: guarded, name: G, kind: melee, cost: 12, hands: 1, protection: 0/7/-1, boxes: 10}
  - {id: vest, name: V, kind: armour, cost: 9, protection: 0/7/-1, boxes: 5, stacks_with_armour: true}
  - {id: plate, name: P, kind: armour, cost: 20, protection: -1/6/-2, boxes: 8}
`
	if _, err := loadFiles(map[string]string{"a.yaml": okProfile + "    equipment: [guarded, plate]\n" + items}); err != nil {
		t.Errorf("guarded weapon and plate: %v", err)
	}
	_, err = loadFiles(map[string]string{"a.yaml": okProfile + "    equipment: [vest, guarded]\n" + items})
	if want := `"vest" and "guarded": one second armour (stacks_with_armour, or a weapon that protects) per Safar`; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("vest and guarded weapon: got %v, want %s", err, want)
	}
}
