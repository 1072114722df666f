package catalog

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// TestWhileInPlayImport checks the import of pattern M's "Gains Unshakeable
// Faith while its twin is in play (mirrored by an effect)" (skills.md
// section 3): a grant-skill effect on the card itself under the condition
// {profileIds: [twin], countAtLeast: 1}, added (invented) to the 0.5.6
// fixture's kharns-rempart-2, becomes conditional_skills while_in_play the
// twin's project id, and the profile stays fully modelled; the same effect
// granting a skill read once per battle (Ambush) stays not modelled, as
// before. Fails before: every effect under a condition was not modelled.
func TestWhileInPlayImport(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "catalog-056.json"))
	if err != nil {
		t.Fatal(err)
	}
	const anchor = `"sourceText": "<texte inventé>"
    }
   ],`
	i := strings.Index(string(data), `"id": "e-rempart-i"`)
	j := strings.Index(string(data)[i:], anchor)
	if i < 0 || j < 0 {
		t.Fatal("the fixture's e-rempart-i was not found")
	}
	at := i + j + len(`"sourceText": "<texte inventé>"
    }`)
	effect := func(skill string) string {
		return `,
    {"id": "e-twin", "source": {"kind": "profile", "id": "kharns-rempart-2"}, "scope": "fer-de-lance",
     "condition": {"profileIds": ["kharns-veilleuse-2"], "countAtLeast": 1}, "target": {"self": true},
     "operation": {"kind": "grant-skill", "skillId": "` + skill + `"}, "sourceText": "<texte inventé>"}`
	}
	for _, tc := range []struct {
		skill    string
		imported bool
	}{{"foi-inebranlable", true}, {"embuscade", false}} {
		cat := string(data[:at]) + effect(tc.skill) + string(data[at:])
		c, err := Convert("catalog-twin.json", []byte(cat))
		if err != nil {
			t.Fatal(err)
		}
		p, err := c.DataSet().Profile("kharns-rempart-2")
		if err != nil {
			t.Fatal(err)
		}
		var status, why string
		for _, en := range c.Report.Entries {
			if en.CatalogID == "kharns-rempart-2" {
				status, why = en.Status.String(), strings.Join(en.NotModelled, "; ")
			}
		}
		cs := p.ConditionalSkills
		switch {
		case tc.imported && (len(cs) != 1 || cs[0].WhileInPlay == nil || len(cs[0].WhileInPlay.Profiles) != 1 ||
			cs[0].WhileInPlay.Profiles[0] != "kharns-veilleuse-2" || cs[0].Skills[0].Name != profiles.SkillUnshakeableFaith):
			t.Errorf("%s: conditional skills %+v", tc.skill, cs)
		case tc.imported && status != "modelled":
			t.Errorf("%s: %s, not modelled %q", tc.skill, status, why)
		case !tc.imported && (len(cs) != 0 || !strings.Contains(why, "e-twin")):
			t.Errorf("%s: conditional skills %+v, not modelled %q; want none and the effect named", tc.skill, cs, why)
		}
	}
}

// TestWhileInPlayWithMapping checks that a hand mapping's conditional_skills
// (--rules, profile:) join those the importer reads from a twin effect under
// one YAML key, so that the converted file loads and the card holds both.
// Fails before: the key was written twice and the file did not load.
func TestWhileInPlayWithMapping(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "catalog-056.json"))
	if err != nil {
		t.Fatal(err)
	}
	cat := string(data)
	i := strings.Index(cat, `"id": "e-rempart-i"`)
	j := strings.Index(cat[i:], `"sourceText": "<texte inventé>"
    }`)
	if i < 0 || j < 0 {
		t.Fatal("the fixture's e-rempart-i was not found")
	}
	at := i + j + len(`"sourceText": "<texte inventé>"
    }`)
	cat = cat[:at] + `,
    {"id": "e-twin", "source": {"kind": "profile", "id": "kharns-rempart-2"}, "scope": "fer-de-lance",
     "condition": {"profileIds": ["kharns-veilleuse-2"], "countAtLeast": 1}, "target": {"self": true},
     "operation": {"kind": "grant-skill", "skillId": "foi-inebranlable"}, "sourceText": "<texte inventé>"}` + cat[at:]
	var m map[string]any
	if err := json.Unmarshal([]byte(cat), &m); err != nil {
		t.Fatal(err)
	}
	for _, p := range m["profiles"].([]any) {
		if pm := p.(map[string]any); pm["id"] == "kharns-rempart-2" {
			pm["rules"] = []any{map[string]any{"label": "Jumeaux", "text": "<texte inventé>"}}
		}
	}
	withRule, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	rm, err := ReadRulesMap("m.yaml", []byte(`rules:
  - card: kharns-rempart-2
    rule: Jumeaux
    profile: {conditional_skills: [{skills: {heroic: defensive}, while_in_play: {profiles: [kharns-veilleuse-2]}}]}
`))
	if err != nil {
		t.Fatal(err)
	}
	c, err := ConvertWith("catalog-twin.json", withRule, rm)
	if err != nil {
		t.Fatal(err)
	}
	p, err := c.DataSet().Profile("kharns-rempart-2")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, cs := range p.ConditionalSkills {
		for _, sk := range cs.Skills {
			names = append(names, sk.Name)
		}
	}
	if len(names) != 2 || names[0] != profiles.SkillUnshakeableFaith || names[1] != profiles.SkillHeroic {
		t.Errorf("conditional skills %q, want the twin effect's Unshakeable Faith and the mapping's Heroic", names)
	}
}
