package profiles

import (
	"strings"
	"testing"
)

// TestCopies checks the copies and slots of catalogue.md 4.6: a profile or a
// loadout carries two copies of a weapon (seed 000 line 1722: the one used is
// chosen per action) or of a stackable item, not of another item; one
// ordinary armour, one armour that stacks with it and one helmet at most.
func TestCopies(t *testing.T) {
	items := `equipment:
  - {id: dagger, name: D, kind: melee, cost: 3, hands: 1}
  - {id: dose, name: Dose, kind: item, cost: 4, stackable: true}
  - {id: charm, name: Charm, kind: item, cost: 5}
  - {id: mail, name: M, kind: armour, cost: 9, protection: 0/7/-1, boxes: 5}
  - {id: plate, name: P, kind: armour, cost: 20, protection: -1/6/-2, boxes: 8}
  - {id: vest, name: V, kind: armour, cost: 9, protection: 0/7/-1, boxes: 5, stacks_with_armour: true}
  - {id: cap, name: C, kind: helmet, cost: 6}
  - {id: helm, name: H, kind: helmet, cost: 8}
`
	ok := okProfile + "    equipment: [dagger, dagger, dose, dose, plate, vest, cap]\n" + items
	ds, err := loadFiles(map[string]string{"a.yaml": ok})
	if err != nil {
		t.Fatal(err)
	}
	p, _ := ds.Profile("p1")
	if got := strings.Join(p.Equipment, " "); got != "dagger dagger dose dose plate vest cap" {
		t.Errorf("equipment %s, want both copies kept", got)
	}
	for _, tc := range []struct{ equipment, want string }{
		{"[charm, charm]", `d/a.yaml:11:24: profiles[p1].equipment[1]: "charm" carried twice: only weapons and stackable items may be carried in several copies (catalogue.md 4.6)`},
		{"[mail, plate]", `profiles[p1].equipment[1]: "mail" and "plate": one armour per Safar (catalogue.md 4.6)`},
		{"[vest, vest]", `"vest" carried twice`},
		{"[cap, helm]", `"cap" and "helm": one helmet per Safar`},
	} {
		_, err := loadFiles(map[string]string{"a.yaml": okProfile + "    equipment: " + tc.equipment + "\n" + items})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %s", tc.equipment, err, tc.want)
		}
	}
	if _, err := ds.Equip(p, []string{"dagger", "dose"}, nil); err != nil {
		t.Errorf("a third dagger and a third dose: %v", err)
	}
	for _, tc := range []struct {
		add, remove []string
		want        string
	}{
		{[]string{"charm", "charm"}, nil, `"charm" carried twice`},
		{[]string{"helm"}, nil, `"cap" and "helm": one helmet per Safar`},
		{[]string{"mail"}, []string{"plate"}, ""},
		{[]string{"mail"}, nil, `"plate" and "mail": one armour per Safar`},
	} {
		_, err := ds.Equip(p, tc.add, tc.remove)
		if (err == nil) != (tc.want == "") || err != nil && !strings.Contains(err.Error(), tc.want) {
			t.Errorf("add %v remove %v: got %v, want %q", tc.add, tc.remove, err, tc.want)
		}
	}
}
