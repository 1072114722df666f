package profiles

import "testing"

// TestVariants checks the loadouts offered for a card: the base first, legal single
// changes only, each priced by the rulebook's arithmetic (seed 000 lines 1680-1692).
func TestVariants(t *testing.T) {
	ds := Default()
	p, err := ds.Profile("crown-guard-1") // spear, round-shield, leather-armour
	if err != nil {
		t.Fatal(err)
	}
	vs := ds.Variants(p)
	if vs[0].Label() != "base" || vs[0].Cost(ds) != p.Cost {
		t.Fatalf("first variant %s at %d Kr, want base at %d", vs[0].Label(), vs[0].Cost(ds), p.Cost)
	}
	labels := map[string]Loadout{}
	for _, v := range vs {
		if _, err := ds.Equip(p, v.Add, v.Remove); err != nil {
			t.Errorf("%s: not a legal loadout: %v", v.Label(), err)
		}
		labels[v.Label()] = v
	}
	// Swapping the spear for a sword costs the difference of the two items.
	sw, ok := labels["spear>sword"]
	if !ok {
		t.Fatalf("no spear>sword among %d variants", len(vs))
	}
	spear, _ := ds.Item("spear")
	sword, _ := ds.Item("sword")
	if got, want := sw.Cost(ds), p.Cost-spear.Cost+sword.Cost; got != want {
		t.Errorf("spear>sword costs %d, want %d", got, want)
	}
	if _, ok := labels["-round-shield"]; !ok {
		t.Error("leaving the shield behind is not offered")
	}
	for l := range labels {
		if l == "spear>halberd" { // two hands and a shield: Equip refuses it
			t.Errorf("%s offered with a shield and no Exceptional", l)
		}
	}
}
