package catalog

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// TestRulesMap056 checks a hand mapping of card rules that exist only as text
// (skills.md section 3; testdata/rules/rules-056.yaml, invented): the
// sanglier's trample becomes the Trample special attack of its mount (R18),
// played by the mounted Safar, the heron's kick is named no effect in a
// skirmish with the reason given, the chiot's rule is its card-defined
// special attack (skills.md section 3 I: V+V, V damage, bleeding 1); none of
// the three is named not modelled, so both mounts are
// fully modelled (0 of 2 without the mapping). Fails before: no mapping.
func TestRulesMap056(t *testing.T) {
	rm, err := ReadRulesMapFile(filepath.Join("testdata", "rules", "rules-056.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := ConvertFileWith(filepath.Join("testdata", "catalog-056.json"), rm)
	if err != nil {
		t.Fatal(err)
	}
	s := c.Report.JSONSummary()
	if s.Mounts == nil || s.Mounts.Modelled != 2 {
		t.Errorf("mounts %+v, want 2 of 2 modelled", s.Mounts)
	}
	if base := fixture056(t).Report.JSONSummary(); base.Mounts.Modelled != 0 {
		t.Errorf("without the mapping %d mounts modelled, want 0", base.Mounts.Modelled)
	}
	for _, e := range s.Entries {
		for _, nm := range e.NotModelled {
			if strings.Contains(nm, `rule "Piétinement"`) || strings.Contains(nm, `rule "Coup de bec"`) || strings.Contains(nm, `rule "Coup de gueule"`) {
				t.Errorf("%s still names %q", e.ID, nm)
			}
		}
		if e.ID == "heron-2" && !slices.ContainsFunc(e.NoEffect, func(s string) bool {
			return strings.Contains(s, `rule "Coup de bec": acts only in the battle format (invented reading) (hand mapping, rules-056.yaml:8)`)
		}) {
			t.Errorf("heron-2 no effect %q", e.NoEffect)
		}
	}
	ds := c.DataSet()
	p, err := ds.Profile("kharns-rempart-2-on-sanglier-3")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := p.Skill(profiles.SkillTrample); !ok {
		t.Errorf("mounted on the sanglier without Trample: %v", p.Skills)
	}
	// skills.md section 3 I: the chiot's rule is its card-defined special
	// attack, written in the YAML and read back (a round trip through the
	// import's files); with its nulls not printed it is fully modelled.
	chiot, _ := ds.Profile("fangs-chiot-1")
	want := []profiles.CardAttack{{Name: "Coup de gueule", Chars: [2]profiles.Char{profiles.V, profiles.V}, Damage: profiles.V, Bleeding: 1, OnlyAttack: true}}
	got := slices.Clone(chiot.SpecialAttacks)
	for i := range got {
		got[i].Pos = profiles.Pos{}
	}
	if !slices.Equal(got, want) {
		t.Errorf("chiot special attacks %+v, want %+v", got, want)
	}
	if _, ok := chiot.Skill(profiles.SkillBite); !ok {
		t.Errorf("chiot without its Bite (morsure): %v", chiot.Skills)
	}
	for _, e := range s.Entries {
		if e.ID == "fangs-chiot-1" && (e.Status != "modelled" || len(e.NotModelled) > 0) {
			t.Errorf("chiot %s, not modelled %q: want modelled", e.Status, e.NotModelled)
		}
	}
}

// TestRulesMapProblems checks the mapping file's problems: each placed at
// its line and column with the field, all at once; an entry that matches no
// card or no rule is a problem of the import, named with its line.
func TestRulesMapProblems(t *testing.T) {
	_, err := ReadRulesMap("m.yaml", []byte(`rules:
  - card: heron-2
    rule: Coup de bec
    skills: {kick: ~}
  - {card: heron-2, rule: X, skills: {brutality: ~}}
  - {card: heron-2, rule: X, skills: {trample: 2}}
  - {card: heron-2, rule: X, skills: {heroic: offensive}}
  - {card: heron-2, rule: X}
  - {card: heron-2, rule: X, no_effect: y, skills: {trample: ~}}
  - {rule: X, no_effect: y, colour: red}
`))
	for _, want := range []string{
		`m.yaml:4:14: rules[0].skills.kick: unknown skill "kick"`,
		"m.yaml:5:50: rules[1].skills.brutality: skill brutality takes a number from 1 to 99",
		"m.yaml:6:48: rules[2].skills.trample: skill trample takes no value: write trample: ~",
		"m.yaml:7:39: rules[3].skills.heroic: skill heroic takes a field, a distance or a text",
		"m.yaml:8:5: rules[4]: give skills, no_effect, special_attack or profile, one of them",
		"m.yaml:9:5: rules[5]: give skills, no_effect, special_attack or profile, one of them",
		"m.yaml:10:29: rules[6].colour: unknown field (known: card, rule, skills, no_effect, special_attack, profile)",
		"m.yaml:10:5: rules[6]: card and rule are required",
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("got %v\nwant %q", err, want)
		}
	}
	rm, err := ReadRulesMap("m.yaml", []byte("rules:\n  - {card: nobody-1, rule: X, no_effect: y}\n  - {card: heron-2, rule: Ruade, no_effect: y}\n"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := ConvertFileWith(filepath.Join("testdata", "catalog-056.json"), rm)
	if err != nil {
		t.Fatal(err)
	}
	var text []string
	for _, w := range c.Report.Warnings() {
		text = append(text, w.Error())
	}
	for _, want := range []string{
		`m.yaml: rules[0]: line 2: card "nobody-1" is no profile, mount or special card of the catalogue: mapping not applied`,
		`m.yaml: rules[1]: line 3: card "heron-2" has no rule "Ruade" (its rules: "Coup de bec"): mapping not applied`,
	} {
		if !slices.Contains(text, want) {
			t.Errorf("no problem %q in\n%s", want, strings.Join(text, "\n"))
		}
	}
}

// TestRulesMapSpecialAttack checks a card rule mapped to a card-defined
// special attack (skills.md section 3 I): on a mount (the heron's Coup de
// bec, an invented reading) the mounted Safar carries it, made with its
// rider's AP, and the mount is no longer partly modelled; the mapping's
// problems are placed at their line and field, and an attack engaging a
// characteristic the card does not print (the chiot's P, catalogue.md 4.5) is
// not applied. Fails before: special_attack is an unknown field.
func TestRulesMapSpecialAttack(t *testing.T) {
	rm, err := ReadRulesMap("m.yaml", []byte(`rules:
  - card: heron-2
    rule: Coup de bec
    special_attack: {chars: VC, damage: C, daze: true, once_per_activation: true}
  - {card: fangs-chiot-1, rule: Coup de gueule, special_attack: {chars: VP, damage: V}}
`))
	if err != nil {
		t.Fatal(err)
	}
	c, err := ConvertFileWith(filepath.Join("testdata", "catalog-056.json"), rm)
	if err != nil {
		t.Fatal(err)
	}
	var text []string
	for _, w := range c.Report.Warnings() {
		text = append(text, w.Error())
	}
	want := `m.yaml: rules[1]: line 5: the special attack of rule "Coup de gueule" engages VP, which card "fangs-chiot-1" does not print (catalogue.md 4.5): mapping not applied`
	if !slices.Contains(text, want) {
		t.Errorf("no problem %q in\n%s", want, strings.Join(text, "\n"))
	}
	for _, e := range c.Report.JSONSummary().Entries {
		if e.ID == "heron-2" && (e.Status != "modelled" || len(e.NotModelled) > 0) {
			t.Errorf("heron-2 %s, not modelled %q: want modelled", e.Status, e.NotModelled)
		}
	}
	p, err := c.DataSet().Profile("kharns-rempart-2" + profiles.MountedSep + "heron-2")
	if err != nil {
		t.Fatal(err)
	}
	if len(p.SpecialAttacks) != 1 || p.SpecialAttacks[0].Name != "Coup de bec" || !p.SpecialAttacks[0].Daze ||
		!p.SpecialAttacks[0].OncePerActivation || p.SpecialAttacks[0].Chars != [2]profiles.Char{profiles.V, profiles.C} {
		t.Errorf("mounted on the heron: special attacks %+v, want Coup de bec VC, daze, once per activation", p.SpecialAttacks)
	}
	if _, err := ReadRulesMap("b.yaml", []byte("rules:\n  - {card: heron-2, rule: Coup de bec, special_attack: {chars: VT, damage: V}}\n")); err == nil ||
		!strings.Contains(err.Error(), `b.yaml:2:64: rules[0].special_attack.chars: want two characteristics among V, P, A, C`) {
		t.Errorf("bad special attack: %v", err)
	}
}

// withRules returns catalog-056.json with the rules given added to the
// profiles named (invented labels and texts).
func withRules(t *testing.T, rules map[string][]string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "catalog-056.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cat map[string]any
	if err := json.Unmarshal(data, &cat); err != nil {
		t.Fatal(err)
	}
	for _, p := range cat["profiles"].([]any) {
		pm := p.(map[string]any)
		for _, l := range rules[pm["id"].(string)] {
			pm["rules"] = append(pm["rules"].([]any), map[string]any{"label": l, "text": "<texte inventé>"})
		}
	}
	out, err := json.Marshal(cat)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestRulesMapProfileFields checks a card rule mapped to profile fields of
// the data format (the card-rule patterns' fields, skills.md section 3): the
// gouns' servant's rule becomes its in_leader_aura (pattern B), the
// rempart's its aura_grants (pattern D), written in the converted YAML and
// read back, and neither rule is named not modelled any more; two rules
// giving list items add up, a field given twice is a problem of the mapping
// and leaves its rule not modelled; a mount card takes no profile fields.
// Fails before: profile is an unknown field of a mapping entry.
func TestRulesMapProfileFields(t *testing.T) {
	data := withRules(t, map[string][]string{
		"gouns-petiot-1":   {"Serviteur", "Serviteur zélé"},
		"kharns-rempart-2": {"Bannière", "Cri"},
	})
	rm, err := ReadRulesMap("m.yaml", []byte(`rules:
  - card: gouns-petiot-1
    rule: Serviteur
    profile:
      in_leader_aura: {velocity: 1, pass_terror: true}  # an invented reading
  - card: gouns-petiot-1
    rule: Serviteur zélé
    profile: {in_leader_aura: {velocity: 2}}
  - card: kharns-rempart-2
    rule: Bannière
    profile:
      aura_grants:
        - {skills: {brutality: 1}, to: {traits: [guerrier]}, within: aura}
  - card: kharns-rempart-2
    rule: Cri
    profile:
      aura_grants: [{skills: {heroic: defensive}, to: {levels: [1]}, within: 3}]
  - {card: heron-2, rule: Coup de bec, profile: {in_leader_aura: {velocity: 1}}}
`))
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
		`m.yaml: rules[1]: line 6: field in_leader_aura is given already (rule Serviteur, hand mapping m.yaml:2): mapping not applied`,
		`m.yaml: rules[4]: line 18: card "heron-2" is a mount, whose data format has no profile fields: give its rule as skills, special_attack or no_effect: mapping not applied`,
	} {
		if !slices.Contains(text, want) {
			t.Errorf("no problem %q in\n%s", want, strings.Join(text, "\n"))
		}
	}
	notModelled := map[string][]string{}
	for _, e := range c.Report.JSONSummary().Entries {
		notModelled[e.ID] = e.NotModelled
	}
	for id, rules := range map[string][2]string{"gouns-petiot-1": {"Serviteur", "Serviteur zélé"}, "kharns-rempart-2": {"Bannière", "Cri"}} {
		if slices.Contains(notModelled[id], `rule "`+rules[0]+`"`) {
			t.Errorf("%s still names rule %q not modelled: %q", id, rules[0], notModelled[id])
		}
		named := slices.Contains(notModelled[id], `rule "`+rules[1]+`"`)
		if want := id == "gouns-petiot-1"; named != want {
			t.Errorf("%s names rule %q not modelled: %v, want %v (%q)", id, rules[1], named, want, notModelled[id])
		}
	}
	if !slices.Contains(notModelled["heron-2"], `rule "Coup de bec"`) {
		t.Errorf("heron-2's rule not applied but not named either: %q", notModelled["heron-2"])
	}
	ds := c.DataSet()
	petiot, err := ds.Profile("gouns-petiot-1")
	if err != nil {
		t.Fatal(err)
	}
	if a := petiot.InLeaderAura; a == nil || a.Velocity != 1 || !a.PassTerror {
		t.Errorf("petiot's leader aura %+v, want +1 V and terror passed", a)
	}
	rempart, err := ds.Profile("kharns-rempart-2")
	if err != nil {
		t.Fatal(err)
	}
	if g := rempart.AuraGrants; len(g) != 2 || g[0].Skills[0].Name != profiles.SkillBrutality || g[0].Skills[0].Value != 1 ||
		g[1].Skills[0].Name != profiles.SkillHeroic || g[1].Within != 3 {
		t.Errorf("rempart's aura grants %+v, want Brutality 1 in its aura and Heroic within 3", g)
	}
	var y string
	for _, f := range c.Files {
		y += string(f.Data)
	}
	if !strings.Contains(y, "# aura_grants: rule Bannière, hand mapping m.yaml:9; rule Cri, hand mapping m.yaml:14") ||
		strings.Contains(y, "an invented reading") {
		t.Errorf("converted YAML without the fields' sources, or with the mapping's comments:\n%s", y)
	}
}

// TestRulesMapProfileFieldProblems checks the problems of a mapping's profile
// fields, placed in the mapping file as in a data file: a field the card
// prints, an unknown field (with the closest one), a value out of its range,
// an empty mapping.
func TestRulesMapProfileFieldProblems(t *testing.T) {
	_, err := ReadRulesMap("m.yaml", []byte(`rules:
  - {card: gouns-petiot-1, rule: A, profile: {stats: {V: 9}}}
  - {card: gouns-petiot-1, rule: B, profile: {in_leader_aur: {velocity: 1}}}
  - {card: gouns-petiot-1, rule: C, profile: {in_leader_aura: {velocity: many}}}
  - {card: gouns-petiot-1, rule: D, profile: {}}
  - {card: gouns-petiot-1, rule: E, profile: {in_leader_aura: {velocity: 1}}, no_effect: x}
`))
	for _, want := range []string{
		"m.yaml:2:47: rules[0].profile.stats: stats is printed on the card and read from the catalogue; a rule's mapping sets only grants_allies, stat_counts, ",
		`m.yaml:3:47: rules[1].profile.in_leader_aur: unknown field "in_leader_aur" (did you mean in_leader_aura?)`,
		"m.yaml:4:74: rules[2].profile.in_leader_aura.velocity: want a whole number, got \"many\"",
		"m.yaml:5:46: rules[3].profile: want a mapping of profile fields",
		"m.yaml:6:5: rules[4]: give skills, no_effect, special_attack or profile, one of them",
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("got %v\nwant %q", err, want)
		}
	}
}
