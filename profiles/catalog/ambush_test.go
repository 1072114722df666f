package catalog

import (
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// TestAmbushPrecision checks the phrases of an Ambush precision the importer
// reads (skills.md #18: "+2 to +4" to the threshold, "+1 to +3" damage, on
// the first attack after the reveal; the fixture fangs-traqueuse-3 of
// testdata/catalog-056.json), and that any other text is left to be named
// as not modelled.
func TestAmbushPrecision(t *testing.T) {
	for _, c := range []struct {
		text, want string
		ok         bool
	}{
		{"+2 au seuil et +1 dgt à la première attaque (inventé)", "{first_attack: {threshold: 2, damage: 1}}", true},
		{"+4 au seuil et +3 dgts à la première attaque", "{first_attack: {threshold: 4, damage: 3}}", true},
		{"Première attaque : +3 au seuil", "", false}, // ":" is not glue
		{"+3 au seuil à la première attaque", "{first_attack: {threshold: 3, damage: 0}}", true},
		{"+2 dégâts à la première attaque après son dévoilement", "{first_attack: {threshold: 0, damage: 2}}", true},
		{"+2 au seuil et +1 dgt", "", false},                                      // not said to be the first attack
		{"+2 au seuil et +1 dgt à la première attaque de chaque tour", "", false}, // more than the phrases
		{"+2 au seuil et +2 au seuil à la première attaque", "", false},
		{"+12 au seuil à la première attaque", "", false},
		{"envers son cavalier uniquement (inventé)", "", false},
	} {
		got, ok := ambushPrecision(c.text)
		if got != c.want || ok != c.ok {
			t.Errorf("%q: %q %v, want %q %v", c.text, got, ok, c.want, c.ok)
		}
	}
}

// TestAmbushPrecisionImport checks the import of the fixture's ambusher,
// fangs-traqueuse-3 (testdata/catalog-056.json, precision "+2 au seuil et +1
// dgt à la première attaque (inventé)"): its Ambush carries the first-attack
// bonus and the profile is fully modelled, its precision no longer named.
func TestAmbushPrecisionImport(t *testing.T) {
	c := fixture056(t)
	p, err := c.DataSet().Profile("fangs-traqueuse-3")
	if err != nil {
		t.Fatal(err)
	}
	if s, ok := p.Skill(profiles.SkillAmbush); !ok || s.FirstThreshold != 2 || s.FirstDamage != 1 {
		t.Errorf("ambush %+v %v, want first attack +2 threshold, +1 damage", s, ok)
	}
	for _, e := range c.Report.JSONSummary().Entries {
		if e.CatalogID == "fangs-traqueuse-3" && (e.Status != "modelled" || len(e.NotModelled) != 0) {
			t.Errorf("traqueuse: %s, not modelled %v", e.Status, e.NotModelled)
		}
	}
}

// TestAmbushPrecisionCardGrant checks that an Ambush with its precision,
// granted by a special card to a list's Safars (listcards.go), keeps its
// bonus in the Skill and in the card_grants it writes back.
func TestAmbushPrecisionCardGrant(t *testing.T) {
	info, _ := profiles.SkillByName(profiles.SkillAmbush)
	v, ok := ambushPrecision("+3 au seuil et +2 dgt à la première attaque")
	if !ok {
		t.Fatal("precision not read")
	}
	s := skillOf(info, skillOut{name: profiles.SkillAmbush, value: v})
	if s.FirstThreshold != 3 || s.FirstDamage != 2 {
		t.Errorf("granted ambush %+v, want +3/+2", s)
	}
	if got := skillYAML(s); got != v {
		t.Errorf("written back %q, want %q", got, v)
	}
	if s := skillOf(info, skillOut{name: profiles.SkillAmbush, value: "~"}); s.FirstThreshold != 0 || s.FirstDamage != 0 || skillYAML(s) != "~" {
		t.Errorf("plain ambush %+v", s)
	}
}
