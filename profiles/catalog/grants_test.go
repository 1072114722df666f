package catalog

import (
	"slices"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// TestItemGrants checks that the skills a weapon grants its holder
// (catalogue.md 3.8 "grant-skill", section 4.6: Executioner, Brutality +1,
// Duellist 3) are written on the item as grants, so that a Safar a list gives
// the weapon plays them (profiles.HolderOf), and that the report no longer
// names them, nor the LIST skill the seal grants (its apatride, written as
// grants_traits: TestSealListGiven).
func TestItemGrants(t *testing.T) {
	c := fixture056(t)
	ds := c.DataSet()
	item := func(id string) *profiles.Equipment {
		t.Helper()
		e, err := ds.Item(id)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	for _, tc := range []struct {
		id         string
		grants     []profiles.Skill
		increments []profiles.Skill
	}{
		{"hache-du-bourreau", []profiles.Skill{{Name: profiles.SkillExecutioner}}, nil},
		{"masse-brutale", []profiles.Skill{{Name: profiles.SkillBrutality, Value: 1}}, []profiles.Skill{{Name: profiles.SkillBrutality, Value: 1}}},
		{"rapiere-de-maitre", []profiles.Skill{{Name: profiles.SkillDuellist, Value: 3}}, nil},
	} {
		e := item(tc.id)
		if !slices.EqualFunc(e.Grants, tc.grants, sameSkill) || !slices.EqualFunc(e.GrantsIncrement, tc.increments, sameSkill) {
			t.Errorf("%s grants %+v increments %+v, want %+v %+v", tc.id, e.Grants, e.GrantsIncrement, tc.grants, tc.increments)
		}
	}
	for _, en := range c.Report.Entries {
		nm := strings.Join(en.NotModelled, "; ")
		switch en.CatalogID {
		case "hache-du-bourreau", "masse-brutale", "rapiere-de-maitre", "sceau-noir":
			if strings.Contains(nm, "grants") {
				t.Errorf("%s still reports its grant: %s", en.CatalogID, nm)
			}
		}
	}
	// A Safar with neither skill, given the mace and the axe by a list.
	p, err := ds.Profile("kharns-errant-2")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := p.Skill(profiles.SkillBrutality); ok {
		t.Fatalf("kharns-errant-2 has brutality: pick another Safar for this test")
	}
	lo, err := ds.Equip(p, []string{"masse-brutale"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if s, ok := lo.Holder(ds).Skill(profiles.SkillBrutality); !ok || s.Value != 1 {
		t.Errorf("kharns-errant-2 with the mace: brutality %+v (present %t), want 1", s, ok)
	}
}

func sameSkill(a, b profiles.Skill) bool {
	return a.Name == b.Name && a.Value == b.Value && a.Field == b.Field && a.Text == b.Text
}

// TestWeaponRiposteCunning: a weapon whose text names Riposte or Cunning
// (skills.md #24: "Also from: three weapons"; #12: "Also from: a weapon")
// grants it to its holder; a Safar a list gives it to fights with it.
func TestWeaponRiposteCunning(t *testing.T) {
	cat := `{"skills": [{"id": "riposte", "keyword": "Riposte"}, {"id": "rusee", "keyword": "Rusé"}],
	"profiles": [{"id": "kharns-p-1", "name": "P", "level": 1, "factionId": "kharns", "cost": 30,
		"limitation": {"kind": "X", "value": 3}, "stats": {"v": 3, "p": 3, "a": 3, "c": 3, "t": 3, "i": 3},
		"stature": 3, "pa": 3, "pv": 6}],
	"equipment": [
		{"id": "lame-vive", "name": "Lame vive", "category": "arme-cac", "cost": 8, "hands": 1, "effectsText": "Riposte"},
		{"id": "dague-rusee", "name": "Dague rusée", "category": "arme-cac", "cost": 8, "hands": 1, "effectsText": "+1 en défense. Rusé"}]}`
	c, err := Convert("c.json", []byte(cat))
	if err != nil {
		t.Fatal(err)
	}
	ds := c.DataSet()
	p, err := ds.Profile("kharns-p-1")
	if err != nil {
		t.Fatal(err)
	}
	for item, skill := range map[string]string{"lame-vive": profiles.SkillRiposte, "dague-rusee": profiles.SkillCunning} {
		lo, err := ds.Equip(p, []string{item}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := lo.Holder(ds).Skill(skill); !ok {
			e, _ := ds.Item(item)
			t.Errorf("%s: no %s for its holder (grants %+v)", item, skill, e.Grants)
		}
	}
	for _, en := range c.Report.Entries {
		if en.Kind == "equipment" && en.Status != Modelled {
			t.Errorf("%s: %v %v", en.CatalogID, en.Status, en.NotModelled)
		}
	}
}
