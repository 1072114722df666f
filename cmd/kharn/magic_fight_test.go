package main

import (
	"encoding/json"
	"testing"
)

// TestFightJSONCountsSpells checks issue #14's counts: the JSON of a duel gives
// spells_cast and spells_succeeded per side, that of a skirmish per Safar; the
// casters cast (successes at most the casts), the others and a no-magic side do
// not.
func TestFightJSONCountsSpells(t *testing.T) {
	out, errs, code := runCLI(t, "duel", "bone-seer-2", "kherops-warrior-2", "--policy-b", "no-magic", "--trials", "500", "--json")
	if code != 0 {
		t.Fatalf("duel: exit %d: %s", code, errs)
	}
	var duel struct {
		Cast      *[2]int `json:"spells_cast"`
		Succeeded *[2]int `json:"spells_succeeded"`
	}
	if err := json.Unmarshal([]byte(out), &duel); err != nil {
		t.Fatal(err)
	}
	if duel.Cast == nil || duel.Succeeded == nil {
		t.Fatalf("duel JSON lacks spells_cast or spells_succeeded:\n%s", out)
	}
	if c, s := *duel.Cast, *duel.Succeeded; c[0] == 0 || s[0] > c[0] || s[0] == 0 || c[1] != 0 || s[1] != 0 {
		t.Errorf("duel: spells_cast %v, spells_succeeded %v; want casts by the bone seer only, some successful", c, s)
	}
	out, errs, code = runCLI(t, "skirmish", "testdata/lists/kherops-magic.yaml", "testdata/lists/fangs-magic.yaml", "--policy-b", "no-magic", "--trials", "200", "--json")
	if code != 0 {
		t.Fatalf("skirmish: exit %d: %s", code, errs)
	}
	var sk struct {
		Safars []struct {
			Name      string `json:"name"`
			Cast      *int   `json:"spells_cast"`
			Succeeded *int   `json:"spells_succeeded"`
		} `json:"safars"`
	}
	if err := json.Unmarshal([]byte(out), &sk); err != nil {
		t.Fatal(err)
	}
	if len(sk.Safars) != 6 {
		t.Fatalf("skirmish JSON: %d Safars, want 6", len(sk.Safars))
	}
	for i, s := range sk.Safars {
		if s.Cast == nil || s.Succeeded == nil {
			t.Fatalf("%s: no spells_cast or spells_succeeded", s.Name)
		}
		caster := i == 0 // A1 kherops-flayer-2; side B (bone seer first) plays no-magic
		if caster != (*s.Cast > 0) || *s.Succeeded > *s.Cast {
			t.Errorf("%s: spells_cast %d, spells_succeeded %d", s.Name, *s.Cast, *s.Succeeded)
		}
	}
}
