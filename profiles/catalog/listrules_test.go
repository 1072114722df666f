package catalog

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// specialRulesMap is a rules mapping of the fixture's special cards (their
// texts are invented: "<texte inventé>"), with readings invented for the
// test.
const specialRulesMap = `rules:
  - card: carte-du-duo             # bought, no structured effect
    rule: text
    list:
      card_cover: [{to: {profiles: [affranchis-vagabonde-2]}}]
      card_defends_for: [{allies: all, zone: same-melee, bonus: 3}]
  - card: carte-des-tourbes        # automatic (the gouns), no structured effect
    rule: Chant des tourbes
    no_effect: an invented reading
  - card: carte-du-rempart         # bought, a grant-skill effect
    rule: text
    list: {card_grants: [{skills: {brutality: 1}, to: {profiles: [kharns-rempart-2]}}]}
  - {card: carte-du-rempart, rule: Garde, list: {card_cover: [{to: all}]}}
  - {card: carte-des-guerriers, rule: text, skills: {cunning: ~}}
  - {card: heron-2, rule: Coup de bec, list: {card_cover: [{to: all}]}}
`

// TestRulesMapSpecialCards checks a special card's text mapped by hand
// (skills.md 3.2; --rules, listrules.go): named rule: text or by the card's
// name; mapped to list card fields, written into the list kharn import list
// makes when the list fields the card (a member bought it), joined to the
// importer's card_grants, read back by the list decoder; mapped to no_effect,
// named so on the profiles of an automatic card's scope, which no longer name
// it not modelled; the summary's special_cards say which texts are mapped. A
// rule other than the text, a special card mapped to skills and list fields
// on a mount are problems of the mapping, not applied. Fails before: list is
// an unknown field of a mapping entry, and special cards' rules are not
// mapped.
func TestRulesMapSpecialCards(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "catalog-056.json"))
	if err != nil {
		t.Fatal(err)
	}
	js, err := os.ReadFile(filepath.Join("testdata", "lists", "full-056.json"))
	if err != nil {
		t.Fatal(err)
	}
	rm, err := ReadRulesMap("m.yaml", []byte(specialRulesMap))
	if err != nil {
		t.Fatal(err)
	}
	c, err := ConvertWith("catalog-056.json", data, rm)
	if err != nil {
		t.Fatal(err)
	}
	var text []string
	for _, w := range c.Report.Warnings() {
		text = append(text, w.Error())
	}
	for _, want := range []string{
		`m.yaml: rules[3]: line 13: special card "carte-du-rempart" has one rule, its text: write rule: text or its name "Garde du rempart", not "Garde": mapping not applied`,
		`m.yaml: rules[4]: line 14: special card "carte-des-guerriers": a special card's text maps to list (its list card fields: ` + strings.Join(profiles.ListCardFields(), ", ") + `) or no_effect, not to a profile's skills, special_attack or profile fields: mapping not applied`,
		`m.yaml: rules[5]: line 15: card "heron-2" is a profile or a mount: list card fields are a special card's; give a profile's rule as skills, special_attack, profile or no_effect: mapping not applied`,
	} {
		if !slices.Contains(text, want) {
			t.Errorf("no problem %q in\n%s", want, strings.Join(text, "\n"))
		}
	}
	status := map[string]string{}
	for _, k := range c.Report.JSONSummary().SpecialCards {
		status[k.ID] = k.Status
	}
	for id, want := range map[string]string{"carte-du-duo": "modelled", "carte-des-tourbes": "no effect in a skirmish",
		"carte-du-rempart": "modelled", "carte-des-guerriers": "effects only", "carte-des-routes": "effects only"} {
		if status[id] != want {
			t.Errorf("special card %s: status %q, want %q", id, status[id], want)
		}
	}
	gouns := 0
	for _, e := range c.Report.JSONSummary().Entries {
		if e.Kind != "profile" || e.Group != "gouns" || e.Status == "not imported" {
			continue
		}
		gouns++
		if slices.ContainsFunc(e.NotModelled, func(s string) bool { return strings.Contains(s, "carte-des-tourbes") }) {
			t.Errorf("%s still names carte-des-tourbes not modelled: %q", e.ID, e.NotModelled)
		}
		if !slices.Contains(e.NoEffect, "special card carte-des-tourbes: an invented reading (hand mapping, text of special card carte-des-tourbes, hand mapping m.yaml:7)") {
			t.Errorf("%s: no effect %q", e.ID, e.NoEffect)
		}
	}
	if gouns == 0 {
		t.Fatal("no gouns profile in the fixture")
	}

	x, err := ParseListExport("full-056", js)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := Convert("catalog-056.json", data)
	if err != nil {
		t.Fatal(err)
	}
	duo := func(imp *ListImport) bool {
		return slices.ContainsFunc(imp.Warnings, func(p Problem) bool { return strings.Contains(p.Msg, `special card "carte-du-duo"`) })
	}
	if before := plain.ImportList(x); !duo(before) || len(before.Lists[0].CardCover) != 0 {
		t.Fatalf("without the mapping: carte-du-duo named %v, card_cover %v", duo(before), before.Lists[0].CardCover)
	}
	imp := c.ImportList(x)
	if len(imp.Errors) != 0 || imp.Invalid[0] != nil {
		t.Fatalf("errors %v, invalid %v\n%s", imp.Errors, imp.Invalid[0], imp.Files[0].Data)
	}
	if duo(imp) {
		t.Errorf("carte-du-duo, mapped, still named in the warnings %v", imp.Warnings)
	}
	y := string(imp.Files[0].Data)
	for _, want := range []string{
		"card_cover:\n  # text of special card carte-du-duo, hand mapping m.yaml:2\n  - {to: {profiles: [affranchis-vagabonde-2]}}\n",
		"card_defends_for:\n  # text of special card carte-du-duo, hand mapping m.yaml:2\n",
		"  # text of special card carte-du-rempart, hand mapping m.yaml:10\n  - {skills: {brutality: 1}, to: {profiles: [kharns-rempart-2]}}\n",
	} {
		if !strings.Contains(y, want) {
			t.Errorf("written list lacks %q:\n%s", want, y)
		}
	}
	l := imp.Lists[0]
	back, err := profiles.ParseList("list.yaml", imp.Files[0].Data, c.DataSet())
	if err != nil {
		t.Fatal(err)
	}
	for _, got := range []*profiles.List{l, back} {
		if len(got.CardCover) != 1 || got.CardCover[0].Bonus != profiles.DefaultCardCoverBonus || len(got.CardDefends) != 1 || got.CardDefends[0].Bonus != 3 ||
			len(got.CardGrants) != len(plain.ImportList(x).Lists[0].CardGrants)+1 {
			t.Errorf("list card fields: cover %+v, defends %+v, grants %+v", got.CardCover, got.CardDefends, got.CardGrants)
		}
	}
}

// TestRulesMapListProblems checks the problems of a mapping's list card
// fields, placed in the mapping file as in a list file.
func TestRulesMapListProblems(t *testing.T) {
	_, err := ReadRulesMap("m.yaml", []byte(`rules:
  - {card: carte-du-duo, rule: text, list: {card_cover: [{to: all, bonus: 9}]}}
  - {card: carte-du-duo, rule: text, list: {budget: 300}}
  - {card: carte-du-duo, rule: text, list: {card_cover: [{to: all}]}, no_effect: x}
`))
	for _, want := range []string{
		"m.yaml:2:75: rules[0].list.card_cover[0].bonus: bonus must be from 1 to 3",
		"m.yaml:3:45: rules[1].list.budget: budget is the list's own, not a card's",
		"m.yaml:4:5: rules[2]: give skills, no_effect, special_attack or profile, one of them (list, for a special card's text",
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("got %v\nwant %q", err, want)
		}
	}
}
