package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/profiles/catalog"
)

// TestImportListRules: kharn import list --rules writes the list card fields
// a special card's text is mapped to (docs/import.md, "Special cards'
// texts") into the list that fields the card, which validates against the
// catalogue and reads back with them; a mapping entry not applied is a
// warning on standard error. The mapping is invented, written in the test.
func TestImportListRules(t *testing.T) {
	dir := t.TempDir()
	rules := filepath.Join(dir, "rules.yaml")
	if err := os.WriteFile(rules, []byte(`rules:
  - card: carte-du-duo
    rule: text
    list:
      card_cover: [{to: {profiles: [affranchis-vagabonde-2]}}]
  - {card: carte-inconnue, rule: text, no_effect: x}
`), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "list.yaml")
	_, stderr, code := runCLI(t, "import", "list", filepath.Join(listsFixture, "full-056.json"), "--catalog", catalog056Fixture, "--rules", rules, "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stderr, `card "carte-inconnue" is no profile, mount or special card of the catalogue`) {
		t.Errorf("stderr lacks the entry not applied:\n%s", stderr)
	}
	if strings.Contains(stderr, `special card "carte-du-duo"`) {
		t.Errorf("carte-du-duo, mapped, still named:\n%s", stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "card_cover:\n  # text of special card carte-du-duo, hand mapping rules.yaml:2\n") {
		t.Errorf("list without the mapped card_cover:\n%s", data)
	}
	conv, err := catalog.ConvertFile(catalog056Fixture)
	if err != nil {
		t.Fatal(err)
	}
	l, err := profiles.ParseList(out, data, conv.DataSet())
	if err != nil {
		t.Fatal(err)
	}
	if len(l.CardCover) != 1 || l.CardCover[0].Bonus != profiles.DefaultCardCoverBonus {
		t.Errorf("card_cover read back: %+v", l.CardCover)
	}
}
