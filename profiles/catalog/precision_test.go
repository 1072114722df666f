package catalog

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
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

// TestBitePrecision checks the phrases of a Bite that heals as much HP as it
// deals (skills.md #7), read as "{heals: true}", any other text refused.
func TestBitePrecision(t *testing.T) {
	for _, c := range []struct {
		text string
		ok   bool
	}{
		{"Soigne autant de PV qu'elle inflige (inventé)", true},
		{"Sa morsure soigne autant de points de vie que de dégâts infligés.", true},
		{"récupère autant de PV que les dégâts infligés", true},
		{"soigne autant de PV qu'elle inflige, une fois par partie", false},
		{"soigne 2 PV", false},
		{"+2 au seuil et +1 dgt à la première attaque", false},
		// Widened (skills.md #7 "heals as much HP as it deals"; catalogue.md
		// 3.2 "a Bite that heals"): other subjects, verbs and ways to say
		// what it deals, without accents or with typographic quotes.
		{"La morsure rend autant de PV qu’elle en inflige.", true},
		{"Se soigne d'autant de PV que de dégâts infligés", true},
		{"Le Safar récupère autant de points de vie que la cible en perd", true},
		{"regagne autant de PDV que les dégâts qu'elle inflige", true},
		{"recupere autant de pv que de degats causes", true},
		{"Les dégâts infligés par sa morsure lui sont rendus en PV", true},
		{"Morsure : soigne autant de PV qu'elle inflige", false},              // ":" is not glue
		{"soigne autant de PV que la moitié des dégâts infligés", false},      // a fraction
		{"soigne autant de PV qu'elle inflige à un ennemi qui saigne", false}, // a condition
		{"soigne 1D5 PV", false},
	} {
		got, ok := bitePrecision(c.text)
		if ok != c.ok || ok && got != "{heals: true}" {
			t.Errorf("%q: %q %v, want %v", c.text, got, ok, c.ok)
		}
	}
}

// TestBitePrecisionImport imports catalog-056.json with a precision "soigne
// autant de PV qu'elle inflige" on fangs-chiot-1's Bite: the Bite heals, its
// precision is not named, and it is written "bite: {heals: true}".
func TestBitePrecisionImport(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "catalog-056.json"))
	if err != nil {
		t.Fatal(err)
	}
	// The chiot gives its Bite twice (counted once): the precision on the
	// first entry, then on the second.
	const ref = "\"skillId\": \"morsure\"\n"
	for _, second := range []bool{false, true} {
		i := bytes.Index(data, []byte(ref))
		if i < 0 {
			t.Fatal("no morsure in the fixture")
		}
		if second {
			i += len(ref) + bytes.Index(data[i+len(ref):], []byte(ref))
		}
		biteHealsImported(t, slices.Concat(data[:i], []byte("\"skillId\": \"morsure\", \"precision\": \"soigne autant de PV qu'elle inflige (inventé)\"\n"), data[i+len(ref):]))
	}
}

// biteHealsImported checks the import of data, catalog-056.json with a Bite
// precision on fangs-chiot-1.
func biteHealsImported(t *testing.T, data []byte) {
	t.Helper()
	c, err := Convert("catalog-056.json", data)
	if err != nil {
		t.Fatal(err)
	}
	p, err := c.DataSet().Profile("fangs-chiot-1")
	if err != nil {
		t.Fatal(err)
	}
	if s, ok := p.Skill(profiles.SkillBite); !ok || !s.Heals {
		t.Errorf("chiot bite %+v %v, want heals", s, ok)
	}
	for _, e := range c.Report.JSONSummary().Entries {
		if e.CatalogID == "fangs-chiot-1" && slices.ContainsFunc(e.NotModelled, func(s string) bool { return strings.Contains(s, "precision") }) {
			t.Errorf("chiot: not modelled %v", e.NotModelled)
		}
	}
	found := false
	for _, f := range c.Files {
		found = found || bytes.Contains(f.Data, []byte("bite: {heals: true}"))
	}
	if !found {
		t.Error("no file writes bite: {heals: true}")
	}
}

// TestHarassmentPrecision checks the phrases of a Harassment precision the
// importer reads (skills.md #29: "one profile's precision extends it to
// every 2 and 3 AP melee attack"), and that a text without the melee (it
// could be a shot), with other AP or with more than the rule is left to be
// named as not modelled.
func TestHarassmentPrecision(t *testing.T) {
	for _, c := range []struct {
		text string
		ok   bool
	}{
		{"Sur toutes ses attaques de corps à corps à 2 et 3 PA (inventé)", true},
		{"s'applique à chaque attaque de 2 ou 3 PA au corps-à-corps", true},
		{"Harcèlement sur toutes ses attaques au contact à 2 et 3 PA.", true},
		{"valable pour chacune de ses attaques en mêlée de 2 à 3 PA", true},
		{"toutes ses attaques de 2 et 3 PA", false},                // no melee: a shot too?
		{"sur toutes ses attaques de corps à corps à 3 PA", false}, // 3 AP only: another rule
		{"sur toutes ses attaques de corps à corps à 2 et 3 PA, +1 dgt", false},
		{"une fois par tour", false},
	} {
		got, ok := harassmentPrecision(c.text)
		if ok != c.ok || ok && got != "{every_melee_attack: true}" {
			t.Errorf("%q: %q %v, want %v", c.text, got, ok, c.ok)
		}
	}
}

// TestHarassmentPrecisionImport imports catalog-056.json with a precision
// "sur toutes ses attaques de corps à corps à 2 et 3 PA" on
// fangs-traqueuse-3's Harassment: the skill extends to every 2 and 3 AP
// melee attack, its precision is not named, it is written "harassment:
// {every_melee_attack: true}", and a special card granting that Harassment
// keeps it (skillOf, skillYAML).
func TestHarassmentPrecisionImport(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "catalog-056.json"))
	if err != nil {
		t.Fatal(err)
	}
	const ref = "\"skillId\": \"harcelement\"\n"
	i := bytes.Index(data, []byte(ref))
	if i < 0 {
		t.Fatal("no harcelement in the fixture")
	}
	data = slices.Concat(data[:i], []byte("\"skillId\": \"harcelement\", \"precision\": \"sur toutes ses attaques de corps à corps à 2 et 3 PA (inventé)\"\n"), data[i+len(ref):])
	c, err := Convert("catalog-056.json", data)
	if err != nil {
		t.Fatal(err)
	}
	p, err := c.DataSet().Profile("fangs-traqueuse-3")
	if err != nil {
		t.Fatal(err)
	}
	if s, ok := p.Skill(profiles.SkillHarassment); !ok || !s.EveryMelee {
		t.Errorf("traqueuse harassment %+v %v, want every melee attack", s, ok)
	}
	for _, e := range c.Report.JSONSummary().Entries {
		if e.CatalogID == "fangs-traqueuse-3" && (e.Status != "modelled" || len(e.NotModelled) != 0) {
			t.Errorf("traqueuse: %s, not modelled %v", e.Status, e.NotModelled)
		}
	}
	found := false
	for _, f := range c.Files {
		found = found || bytes.Contains(f.Data, []byte("harassment: {every_melee_attack: true}"))
	}
	if !found {
		t.Error("no file writes harassment: {every_melee_attack: true}")
	}
	info, _ := profiles.SkillByName(profiles.SkillHarassment)
	s := skillOf(info, skillOut{name: profiles.SkillHarassment, value: harassmentEveryValue})
	if !s.EveryMelee || skillYAML(s) != harassmentEveryValue {
		t.Errorf("granted harassment %+v written %q", s, skillYAML(s))
	}
}
