package catalog

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// TestAuraRuleText checks the phrasings of pattern D card rules (skills.md
// section 3: "Brutality 1 for its people's warriors in its aura"; "+1 to
// Brutal charge for its people within 5 toises"; "Heroic defence for ...
// allies in its aura") that become aura grants, and texts that must not.
// The texts are invented in the catalogue's style.
func TestAuraRuleText(t *testing.T) {
	for _, tc := range []struct {
		text string
		want *auraOut
	}{
		{"Les guerriers de son peuple dans son aura gagnent Brutalité 1.", &auraOut{skill: profiles.SkillBrutality, value: "1", who: "warriors", people: "own", within: "aura"}},
		{"Les alliés à 5 toises ou moins gagnent +1 en Charge brutale (inventé).", &auraOut{skill: profiles.SkillBrutalCharge, value: "1", inc: true, who: "allies", within: "5"}},
		{"Les Khârns à moins de 2,5 toises d'elle gagnent Charge brutale +1", nil}, // "Khârns" alone names no kind of Safar
		{"Les alliés khârns à moins de 2,5 toises d'elle gagnent Charge brutale +1", &auraOut{skill: profiles.SkillBrutalCharge, value: "1", inc: true, who: "allies", people: profiles.Kharns, within: "2.5"}},
		{"Ses alliés dans son aura gagnent Héroïque (défense).", &auraOut{skill: profiles.SkillHeroic, value: "defensive", who: "allies", within: "aura"}},
		{"Les alliés de niveau I dans son aura gagnent Héroïque (défense).", &auraOut{skill: profiles.SkillHeroic, value: "defensive", who: "allies", level: 1, within: "aura"}},
		{"Les alliés dans son aura ajoutent leur stature à leurs tirs.", nil},           // no skill
		{"Une fois par tour, les alliés dans son aura peuvent relancer un dé.", nil},    // a reroll
		{"Les guerriers de son peuple dans son aura gagnent Brutalité 1 et Rusé.", nil}, // more than the pattern
		{"Les guerriers de son peuple gagnent Brutalité 1.", nil},                       // no reach: grants_allies' business
		{"Les alliés elfes dans son aura gagnent Brutalité 1.", nil},                    // unknown people
	} {
		p := &profileOut{}
		ok := p.readAuraRule(tc.text)
		switch {
		case tc.want == nil && ok:
			t.Errorf("%q read as %+v, want not modelled", tc.text, p.auras)
		case tc.want != nil && (!ok || len(p.auras) != 1 || p.auras[0] != *tc.want):
			t.Errorf("%q: %v %+v, want %+v", tc.text, ok, p.auras, *tc.want)
		}
	}
}

// TestAuraRuleImport checks a pattern D card rule through the whole import:
// the 0.5.6 fixture with an invented rule on kharns-porte-voix-2 gives the
// profile aura_grants (Brutality 1 to the Khârn warriors in its aura; Heroic
// defence to level-I allies within 3 toises) and leaves it fully modelled;
// an unread rule makes it partial, naming the rule.
func TestAuraRuleImport(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "catalog-056.json"))
	if err != nil {
		t.Fatal(err)
	}
	i := strings.Index(string(data), `"id": "kharns-porte-voix-2"`)
	if i < 0 {
		t.Fatal("no porte-voix in the fixture")
	}
	brutality := func(g []profiles.AuraGrant) bool {
		return len(g) == 1 && g[0].Within == 0 && !g[0].Increment && len(g[0].Skills) == 1 &&
			g[0].Skills[0].Name == profiles.SkillBrutality && g[0].Skills[0].Value == 1 &&
			slices.Equal(g[0].To.Traits, []string{"guerrier"}) && slices.Equal(g[0].To.Factions, []string{profiles.Kharns})
	}
	heroic := func(g []profiles.AuraGrant) bool {
		return len(g) == 1 && g[0].Within == 3 && len(g[0].Skills) == 1 && g[0].Skills[0].Name == profiles.SkillHeroic &&
			g[0].Skills[0].Field == profiles.Defensive && slices.Equal(g[0].To.Levels, []int{1}) && len(g[0].To.Factions) == 0
	}
	for _, tc := range []struct {
		text     string
		modelled bool
		grants   func([]profiles.AuraGrant) bool
	}{
		{"Les guerriers de son peuple dans son aura gagnent Brutalité 1 (inventé).", true, brutality},
		{"Les alliés de niveau I à 3 toises ou moins gagnent Héroïque (défense) (inventé).", true, heroic},
		{"Les alliés dans son aura ajoutent leur stature à leurs tirs (inventé).", false, nil},
	} {
		rule := `"rules": [{"label": "Tambour des forges", "text": "` + tc.text + `"}]`
		cat := string(data[:i]) + strings.Replace(string(data[i:]), `"rules": []`, rule, 1)
		c, err := Convert("catalog-aura.json", []byte(cat))
		if err != nil {
			t.Fatal(err)
		}
		p, err := c.DataSet().Profile("kharns-porte-voix-2")
		if err != nil {
			t.Fatal(err)
		}
		for _, en := range c.Report.Entries {
			if en.CatalogID != "kharns-porte-voix-2" {
				continue
			}
			named := slices.ContainsFunc(en.NotModelled, func(s string) bool { return strings.Contains(s, "Tambour des forges") })
			if (en.Status.String() == "modelled") != tc.modelled || named == tc.modelled {
				t.Errorf("%q: %s, not modelled %q", tc.text, en.Status, en.NotModelled)
			}
		}
		if !tc.modelled {
			if len(p.AuraGrants) != 0 {
				t.Errorf("%q: aura grants %+v", tc.text, p.AuraGrants)
			}
			continue
		}
		if !tc.grants(p.AuraGrants) {
			t.Errorf("%q: aura grants %+v", tc.text, p.AuraGrants)
		}
	}
}
