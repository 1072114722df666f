package catalog

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// TestBerserkDeathTrigger checks the import of Berserk's other trigger
// (skills.md #56: "X = the trigger: saignement (when it suffers bleeding), or
// the death of a named ally"): "mort de NAME" becomes "death of MODEL", the
// id of the profile of that card name without its level, which the engine
// plays (profiles.BerserkTrigger); a name no card carries and another trigger
// stay not modelled. The catalogue is the 0.5.6 fixture with the berserker's
// trigger rewritten (invented names).
func TestBerserkDeathTrigger(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "catalog-056.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		value, want, notModelled string
	}{
		{"saignement", "bleeding", ""},
		{"mort de Porte-voix des forges", "death of kharns-porte-voix", ""},
		{"Mort d'Inconnu", "Mort d'Inconnu", `the death of "inconnu": no profile`},
		{"blessure", "blessure", "a trigger the engine does not play"},
	} {
		js := strings.Replace(string(data), `"value": "saignement"`, `"value": "`+tc.value+`"`, 1)
		if !strings.Contains(string(data), `"value": "saignement"`) {
			t.Fatal("the fixture's berserk entry was not found")
		}
		c, err := Convert("catalog-berserk.json", []byte(js))
		if err != nil {
			t.Fatal(err)
		}
		p, err := c.DataSet().Profile("kharns-brasier-2")
		if err != nil {
			t.Fatal(err)
		}
		sk, _ := p.Skill(profiles.SkillBerserk)
		if sk.Text != tc.want {
			t.Errorf("%q: berserk %q, want %q", tc.value, sk.Text, tc.want)
		}
		_, _, played := profiles.BerserkTrigger(sk.Text)
		var nm string
		for _, en := range c.Report.Entries {
			if en.CatalogID == "kharns-brasier-2" {
				nm = strings.Join(en.NotModelled, "; ")
			}
		}
		switch {
		case tc.notModelled == "" && (!played || strings.Contains(nm, "berserk")):
			t.Errorf("%q: played %v, not modelled %q: want played", tc.value, played, nm)
		case tc.notModelled != "" && (played || !strings.Contains(nm, tc.notModelled)):
			t.Errorf("%q: played %v, not modelled %q: want %q", tc.value, played, nm, tc.notModelled)
		}
	}
}
