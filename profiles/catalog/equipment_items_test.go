package catalog

import "testing"

// TestPoison checks the poison phrases (R17; catalogue.md 4.6: "poison doses
// ... adds the poison effect to an attack", "poison (3)" among weapon texts):
// the fixture's poison-de-ronce, "Ajoute poison à une attaque", is a dose
// (poison, stackable) and fully modelled; an invented weapon "Empoisonnée" is
// a weapon that poisons; the copies of the rempart's base doses are kept.
func TestPoison(t *testing.T) {
	c := fixture056(t)
	ds := c.DataSet()
	dose, err := ds.Item("poison-de-ronce")
	if err != nil {
		t.Fatal(err)
	}
	if !dose.Effects.Poison || !dose.Stackable {
		t.Errorf("poison-de-ronce: poison %v, stackable %v; want both", dose.Effects.Poison, dose.Stackable)
	}
	if e := catalogEntry(t, c.Report, "poison-de-ronce"); e.Status != Modelled {
		t.Errorf("poison-de-ronce %v: %v, want modelled", e.Status, e.NotModelled)
	}
	p, err := ds.Profile("kharns-rempart-2")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, id := range p.Equipment {
		if id == "poison-de-ronce" {
			n++
		}
	}
	if n != 2 {
		t.Errorf("kharns-rempart-2 carries %d poison doses, want 2 (baseEquipmentCounts)", n)
	}
	w, err := Convert("c.json", []byte(`{"equipment": [{"id": "dard", "name": "Dard", "category": "arme-cac", "cost": 6, "hands": 1, "effectsText": "Empoisonnée"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	it, err := w.DataSet().Item("dard")
	if err != nil {
		t.Fatal(err)
	}
	if !it.Effects.Poison {
		t.Errorf("a weapon \"Empoisonnée\": poison %v", it.Effects.Poison)
	}
	if e := catalogEntry(t, w.Report, "dard"); e.Status != Modelled {
		t.Errorf("dard %v: %v, want modelled", e.Status, e.NotModelled)
	}
}
