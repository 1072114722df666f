package catalog_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/profiles/catalog"
	"github.com/kharn-ages/kharn/sim"
)

// TestImportFireAmmunition checks fire and poisoned ammunition bought in a
// list (catalogue.md 4.7: types simple, armour-piercing, fire, poisoned; seed
// 004 line 1670, bolts "Enflammé" 0/1 and "Empoisonné" 0/2 per tier): the
// fixture's bolts are given those two types, and a crossbowman buys tier 2
// of simple, fire and poisoned bolts (12 + 1 + 2 shots, 3 x 15 Kr). The
// purchase counts every shot, 1 of fire and 2 poisoned, none of them named
// as not modelled; the list file says so (fire: 1, poisoned: 2) and the
// Safar fielded from it shoots them (sim/fire.go).
func TestImportFireAmmunition(t *testing.T) {
	js, err := os.ReadFile(filepath.Join("testdata", "catalog-056.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cat map[string]any
	if err := json.Unmarshal(js, &cat); err != nil {
		t.Fatal(err)
	}
	for _, k := range cat["munitionKinds"].([]any) {
		km := k.(map[string]any)
		if km["id"] == "carreaux" {
			km["types"] = append(km["types"].([]any),
				map[string]any{"id": "enflammes", "label": "Enflammés", "quantities": []any{0, 1}},
				map[string]any{"id": "empoisonnes", "label": "Empoisonnés", "quantities": []any{0, 2}})
		}
	}
	out, err := json.Marshal(cat)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "catalog.json")
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := catalog.ConvertFile(path)
	if err != nil {
		t.Fatal(err)
	}
	list := strings.Replace(boltList, `"munitions": {"arbalete-legere": {"simple": 1}}`,
		`"munitions": {"arbalete-legere": {"simple": 1, "enflammes": 1, "empoisonnes": 1}}`, 1)
	x, err := catalog.ParseListExport("bolts.json", []byte(list))
	if err != nil {
		t.Fatal(err)
	}
	li := c.ImportList(x)
	if len(li.Errors) > 0 || li.Invalid[0] != nil {
		t.Fatalf("import: errors %v, invalid %v", li.Errors, li.Invalid[0])
	}
	for _, w := range li.Warnings {
		if strings.Contains(w.Msg, "enflammes") || strings.Contains(w.Msg, "empoisonnes") {
			t.Errorf("warning %q: fire and poisoned bolts are modelled", w.Msg)
		}
	}
	want := profiles.AmmunitionPurchase{Weapon: "arbalete-legere", Shots: 15, Cost: 45, Fire: 1, Poisoned: 2}
	if m := li.Lists[0].Members[0]; len(m.Ammunition) != 1 || m.Ammunition[0] != want {
		t.Fatalf("ammunition %+v, want %+v", m.Ammunition, want)
	}
	if !strings.Contains(string(li.Files[0].Data), "arbalete-legere: {shots: 15, cost: 45, fire: 1, poisoned: 2}") {
		t.Errorf("list file:\n%s", li.Files[0].Data)
	}
	ds := c.DataSet()
	parsed, err := profiles.ParseList("list.yaml", li.Files[0].Data, ds)
	if err != nil {
		t.Fatal(err)
	}
	sh := sim.NewSpearhead(parsed, ds)
	if r := sh.Safars[0].Ranged; r == nil || r.Effects.Ammunition != 15 || r.Effects.FireShots != 1 || r.Effects.PoisonShots != 2 {
		t.Errorf("crossbowman shoots with %+v, want 15 bolts, 1 of fire, 2 poisoned", r)
	}
}
