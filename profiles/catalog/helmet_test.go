package catalog

import (
	"slices"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// TestHelmetEffects checks the helmet table (catalogue.md 4.6 "Helmets": "no
// CH bonus damage taken", "immunity to daze, stun"): the fixture's casque
// ouvert, "Immunisé aux effets sonné et assommé" with no durability, is
// written immune: [daze, stun] and fully modelled; the casque de fer, "Ignore
// les dégâts de RC" with 3 boxes, is written no_critical_damage with its 3
// boxes and fully modelled (sim/helmet.go ticks them);
// the heaume à cornes' "Immunisé à la peur" stays named.
func TestHelmetEffects(t *testing.T) {
	c := fixture056(t)
	ds := c.DataSet()
	entry := func(r *Report, id string) Entry {
		t.Helper()
		for _, e := range r.Entries {
			if e.CatalogID == id {
				return e
			}
		}
		t.Fatalf("no entry %s", id)
		return Entry{}
	}
	open, err := ds.Item("casque-ouvert")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(open.Effects.Immune, []profiles.Status{profiles.Daze, profiles.Stun}) || open.Effects.NoCriticalDamage {
		t.Errorf("casque-ouvert effects %+v, want immune to daze and stun", open.Effects)
	}
	if e := entry(c.Report, "casque-ouvert"); e.Status != Modelled {
		t.Errorf("casque-ouvert %v: %v", e.Status, e.NotModelled)
	}
	iron, err := ds.Item("casque-de-fer")
	if err != nil {
		t.Fatal(err)
	}
	if !iron.Effects.NoCriticalDamage || iron.HelmetBoxes != 3 {
		t.Errorf("casque-de-fer %+v boxes %d, want no_critical_damage and 3 boxes", iron.Effects, iron.HelmetBoxes)
	}
	if e := entry(c.Report, "casque-de-fer"); e.Status != Modelled {
		t.Errorf("casque-de-fer %v: %v, want modelled", e.Status, e.NotModelled)
	}
	old, err := ConvertFile("testdata/catalog.json")
	if err != nil {
		t.Fatal(err)
	}
	if e := entry(old.Report, "heaume-a-cornes"); !strings.Contains(strings.Join(e.NotModelled, "; "), `"Immunisé à la peur" (helmet effects are not played by the engine)`) {
		t.Errorf("heaume-a-cornes not modelled %v, want the fear immunity named", e.NotModelled)
	}
}
