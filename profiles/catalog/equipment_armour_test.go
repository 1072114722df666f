package catalog

import "testing"

// catalogEntry returns the report entry of catalogue id id.
func catalogEntry(t *testing.T, r *Report, id string) Entry {
	t.Helper()
	for _, e := range r.Entries {
		if e.CatalogID == id {
			return e
		}
	}
	t.Fatalf("no entry %s", id)
	return Entry{}
}

// TestArmourSlots checks the armour fields of catalogue.md 4.6 "Armour" on
// the fixture: the cuirasse lourde's heavySeuil 5 over seuil 6 is written
// heavy_threshold 5, the gilet de mailles' stacksWithArmor is written
// stacks_with_armour; both are fully modelled (sim/armour_slots.go).
func TestArmourSlots(t *testing.T) {
	c := fixture056(t)
	ds := c.DataSet()
	heavy, err := ds.Item("cuirasse-lourde")
	if err != nil {
		t.Fatal(err)
	}
	if a := heavy.Armour; a == nil || a.HeavyThreshold != 5 || a.Threshold != 6 || a.Stacks {
		t.Errorf("cuirasse-lourde armour %+v, want threshold 6, heavy threshold 5", a)
	}
	if e := catalogEntry(t, c.Report, "cuirasse-lourde"); e.Status != Modelled {
		t.Errorf("cuirasse-lourde %v: %v, want modelled", e.Status, e.NotModelled)
	}
	vest, err := ds.Item("gilet-de-mailles")
	if err != nil {
		t.Fatal(err)
	}
	if a := vest.Armour; a == nil || !a.Stacks || a.HeavyThreshold != 0 {
		t.Errorf("gilet-de-mailles armour %+v, want stacking", a)
	}
	if e := catalogEntry(t, c.Report, "gilet-de-mailles"); e.Status != Modelled {
		t.Errorf("gilet-de-mailles %v: %v, want modelled", e.Status, e.NotModelled)
	}
}
