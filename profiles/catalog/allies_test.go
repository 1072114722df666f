package catalog

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// TestAllyGrantImport checks that a grant-skill effect of a card on other
// Safars of its Spearhead (catalogue.md 3.8: target traits guerrier,
// condition {profileIds: [itself], isLeader: true}; skills.md section 3,
// pattern D) is imported as the profile's grants_allies, and that the
// profile is then fully modelled (it was partial for that effect alone).
func TestAllyGrantImport(t *testing.T) {
	c := fixture056(t)
	p, err := c.DataSet().Profile("kharns-porte-voix-2")
	if err != nil {
		t.Fatal(err)
	}
	if len(p.AllyGrants) != 1 {
		t.Fatalf("grants %+v, want one", p.AllyGrants)
	}
	g := p.AllyGrants[0]
	if !g.Leader || g.Increment || len(g.Skills) != 1 || g.Skills[0].Name != profiles.SkillBrutality || g.Skills[0].Value != 1 ||
		!slices.Equal(g.To.Traits, []string{"guerrier"}) || g.To.All || len(g.To.Profiles) != 0 {
		t.Errorf("grant %+v, want brutality 1 to traits guerrier while it leads", g)
	}
	for _, en := range c.Report.Entries {
		if en.CatalogID == "kharns-porte-voix-2" && en.Status.String() != "modelled" {
			t.Errorf("kharns-porte-voix-2: %s, not modelled %q", en.Status, en.NotModelled)
		}
	}
}

// TestSpearheadCardCunning checks a Spearhead-wide card's Cunning (skills.md
// #12 "Also from: a weapon, a Spearhead-wide card"): an automatic special
// card whose scope is the Spearhead's faction (ferDeLanceFactionIds,
// catalogue.md 4.12) granting rusee reaches the list's card_grants, on its
// own Safars (nonNativeOnly: the members of another faction) or on all (a
// target all), and the Safars of the imported list fight with Cunning. The
// catalogue is the 0.5.6 fixture with that card rewritten (invented).
func TestSpearheadCardCunning(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "catalog-056.json"))
	if err != nil {
		t.Fatal(err)
	}
	js, err := os.ReadFile(filepath.Join("testdata", "lists", "full-056.json"))
	if err != nil {
		t.Fatal(err)
	}
	card := `"ferDeLanceFactionIds": [
     "affranchis"
    ],
    "nonNativeOnly": true`
	grant := `"skillId": "eclaireur",
      "value": 2,`
	for _, tc := range []struct {
		name, scope, target string
		cunning             []string // the Safars with Cunning (the veilleuse, mounted, has it on its card)
	}{
		{"own Safars", `"ferDeLanceFactionIds": ["kharns"], "nonNativeOnly": true`, `"self": true`,
			[]string{"kharns-veilleuse-2-on-heron-2", "kherops-archere-1", "affranchis-vagabonde-2"}},
		{"all", `"ferDeLanceFactionIds": ["kharns"]`, `"all": true`,
			[]string{"kharns-rempart-2", "kharns-veilleuse-2-on-heron-2", "kherops-archere-1", "affranchis-vagabonde-2", "kharns-porte-voix-2"}},
		{"another faction's card", `"ferDeLanceFactionIds": ["gouns"]`, `"all": true`, []string{"kharns-veilleuse-2-on-heron-2"}},
	} {
		cat := strings.Replace(string(data), card, tc.scope, 1)
		cat = strings.Replace(cat, grant, `"skillId": "rusee",`, 1)
		i := strings.Index(cat, `"id": "e-carte-routes"`)
		if i < 0 || cat == string(data) {
			t.Fatal("the fixture's carte-des-routes was not found")
		}
		cat = cat[:i] + strings.Replace(cat[i:], `"self": true`, tc.target, 1)
		c, err := Convert("catalog-cards.json", []byte(cat))
		if err != nil {
			t.Fatal(err)
		}
		x, err := ParseListExport("full-056", js)
		if err != nil {
			t.Fatal(err)
		}
		imp := c.ImportList(x)
		if len(imp.Errors) != 0 || imp.Invalid[0] != nil {
			t.Fatalf("%s: errors %v, invalid %v", tc.name, imp.Errors, imp.Invalid[0])
		}
		// The written list reads back with the same grants.
		back, err := profiles.ParseList("list.yaml", imp.Files[0].Data, c.DataSet())
		if err != nil {
			t.Fatal(err)
		}
		if len(back.CardGrants) != len(imp.Lists[0].CardGrants) {
			t.Errorf("%s: %d card grants written, %d read back:\n%s", tc.name, len(imp.Lists[0].CardGrants), len(back.CardGrants), imp.Files[0].Data)
		}
		sh := sim.NewSpearhead(back, c.DataSet())
		var got []string
		for _, f := range sh.Safars {
			if f.Skills.Cunning && !slices.Contains(got, f.Profile.ID) {
				got = append(got, f.Profile.ID)
			}
		}
		want := tc.cunning
		if !slices.Equal(sorted(got), sorted(want)) {
			t.Errorf("%s: Cunning on %v, want %v\n%s", tc.name, got, want, imp.Files[0].Data)
		}
	}
}

// TestStatCountImport checks that the counts in play of catalogue.md 3.8
// (stat-count, stat-max, stat-per-count on the card itself) are written as
// stat_counts, which the engine recounts (sim/counts.go), and are no longer
// reported: T = the number of petiots in play (its printed T null: floor 1,
// itself), T = the best printed T among the female Fangs, I + 1 per meneuse.
func TestStatCountImport(t *testing.T) {
	c := fixture056(t)
	for _, tc := range []struct {
		id   string
		want []profiles.StatCount
	}{
		{"gouns-petiot-1", []profiles.StatCount{{Stat: profiles.T, Kind: profiles.CountEquals, Of: profiles.Selector{Traits: []string{"petiot"}}}}},
		{"fangs-traqueuse-3", []profiles.StatCount{
			{Stat: profiles.T, Kind: profiles.CountMax, Of: profiles.Selector{Traits: []string{"femelle-fang"}}},
			{Stat: profiles.I, Kind: profiles.CountPer, Of: profiles.Selector{Traits: []string{"meneuse"}}, Amount: 1}}},
	} {
		p, err := c.DataSet().Profile(tc.id)
		if err != nil {
			t.Fatal(err)
		}
		got := p.StatCounts
		if len(got) != len(tc.want) {
			t.Fatalf("%s: counts %+v, want %+v", tc.id, got, tc.want)
		}
		for i, w := range tc.want {
			g := got[i]
			if g.Stat != w.Stat || g.Kind != w.Kind || g.Amount != w.Amount || !slices.Equal(g.Of.Traits, w.Of.Traits) {
				t.Errorf("%s: count %d = %+v, want %+v", tc.id, i, g, w)
			}
		}
		for _, en := range c.Report.Entries {
			if en.CatalogID == tc.id && strings.Contains(strings.Join(en.NotModelled, "; "), "recount") {
				t.Errorf("%s still reported: %q", tc.id, en.NotModelled)
			}
		}
	}
	if p, _ := c.DataSet().Profile("gouns-petiot-1"); p.Stats.T != 1 {
		t.Errorf("petiot printed T %d, want 1 (null: itself)", p.Stats.T)
	}
}
