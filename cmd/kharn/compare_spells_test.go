package main

import (
	"encoding/csv"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/reports"
)

// TestCompareSpells checks kharn compare --spells auto on bone-seer-2
// (invented, profiles/data/casters.yaml): a row for its known spells, one per
// spell left out and one without spells, each named in spell_sets with its
// pages and magic cost; the row without spells wins significantly less
// often than the card's spells (95% Wilson intervals apart at 1000 duels:
// measured 16.9 points less against kherops-warrior-1, seed 1), and leaving
// out a spell that does nothing against this opponent (null-ward, a ward
// against enemy spells: kherops-warrior-1 casts none) changes no duel (common
// random numbers). The CSV names the same rows.
func TestCompareSpells(t *testing.T) {
	args := []string{"compare", "bone-seer-2", "--spells", "auto", "--vs", "kherops-warrior-1", "--trials", "1000"}
	out, errs, code := runCLI(t, append(args, "--json")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got struct {
		Rows      []reports.LoadoutRow `json:"loadouts"`
		Grimoire  string               `json:"grimoire"`
		SpellSets []struct {
			Label     string   `json:"label"`
			Spells    []string `json:"spells"`
			Pages     int      `json:"pages"`
			MagicCost int      `json:"magic_cost_kr"`
		} `json:"spell_sets"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	// casters.yaml: bone-seer-2 knows these, in a small grimoire (20 Kr,
	// seed 000 line 1475) holding bone-splinters (2 pages), marrow-chill and
	// ossuary-dread (1 page each); its card costs 70 Kr with its dagger.
	wantLabels := []string{"card spells", "-spark-of-will", "-null-ward", "-bone-splinters", "-marrow-chill", "-ossuary-dread", "no spells"}
	var labels []string
	set := map[string]int{}
	for i, s := range got.SpellSets {
		labels = append(labels, s.Label)
		set[s.Label] = i
	}
	if !slices.Equal(labels, wantLabels) || got.Grimoire != "small" {
		t.Fatalf("spell sets %v with grimoire %q, want %v with small", labels, got.Grimoire, wantLabels)
	}
	if s := got.SpellSets[set["-bone-splinters"]]; s.Pages != 2 || s.MagicCost != 20 || slices.Contains(s.Spells, "bone-splinters") || len(s.Spells) != 4 {
		t.Errorf("-bone-splinters: %+v, want the 4 others, 2 pages, 20 Kr", s)
	}
	if s := got.SpellSets[set["no spells"]]; s.Pages != 0 || s.MagicCost != 0 || len(s.Spells) != 0 {
		t.Errorf("no spells: %+v, want no page and no grimoire to pay", s)
	}
	row := map[string]reports.LoadoutRow{}
	for _, r := range got.Rows {
		row[r.Loadout] = r
	}
	card, none := row["card spells"], row["no spells"]
	if card.Cost != 90 || none.Cost != 70 {
		t.Errorf("costs %d and %d Kr, want 90 (70 + the small grimoire) and 70", card.Cost, none.Cost)
	}
	if !(none.Wins.Hi < card.Wins.Lo) {
		t.Errorf("without spells %.1f%% [%.1f, %.1f], with its card's %.1f%% [%.1f, %.1f]: want intervals apart, lower without",
			100*none.Wins.Rate, 100*none.Wins.Lo, 100*none.Wins.Hi, 100*card.Wins.Rate, 100*card.Wins.Lo, 100*card.Wins.Hi)
	}
	if nw := row["-null-ward"]; nw.Wins != card.Wins || nw.DamageTaken != card.DamageTaken {
		t.Errorf("-null-ward (a ward, the opponent casts nothing) %+v, card spells %+v: want the same duels", nw.Wins, card.Wins)
	}

	out, errs, code = runCLI(t, append(args, "--csv")...)
	if code != 0 {
		t.Fatalf("--csv: exit %d: %s", code, errs)
	}
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var csvLabels []string
	for _, r := range recs[1:] {
		if r[0] != recs[0][0] && !slices.Contains(csvLabels, r[0]) {
			csvLabels = append(csvLabels, r[0])
		}
	}
	slices.Sort(csvLabels)
	slices.Sort(wantLabels)
	if recs[0][0] != "loadout" || !slices.Equal(csvLabels, wantLabels) {
		t.Errorf("CSV column %q rows %v, want loadout rows %v", recs[0][0], csvLabels, wantLabels)
	}

	out, _, code = runCLI(t, args...)
	if code != 0 || !strings.Contains(out, "Spell sets of bone-seer-2 (way osteomancy, grimoire small)") ||
		!strings.Contains(out, "no spells: none (0 pages, +0 Kr); win rate -") ||
		strings.Contains(out, "not played in fights") { // bone-seer-2's spells are all played (sim/magic_effects.go)
		t.Errorf("text output (exit %d) does not name the sets and the legend:\n%s", code, out)
	}
}

// TestCompareSpellsSkirmish checks --spells in skirmish context: battles at
// equal budgets, each set at the card's cost plus its magic cost, so that the
// set without spells (70 Kr, no grimoire to buy) fields more Safars than the
// card's (90 Kr).
func TestCompareSpellsSkirmish(t *testing.T) {
	out, errs, code := runCLI(t, "compare", "bone-seer-2", "--spells", "bone-splinters;none", "--context", "skirmish",
		"--vs", "kherops-warrior-1", "--trials", "40", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got struct {
		Context string               `json:"context"`
		Budget  int                  `json:"budget_kr"`
		Rows    []reports.LoadoutRow `json:"loadouts"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	cost := map[string]int{}
	for _, r := range got.Rows {
		cost[r.Loadout] = r.Cost
		if r.Wins.Count > 40 || len(r.PerOpponent) != 1 {
			t.Errorf("%s: %+v", r.Loadout, r)
		}
	}
	want := map[string]int{"card spells": 90, "spells: bone-splinters": 90, "no spells": 70}
	if got.Context != "skirmish" || got.Budget != 300 || len(cost) != 3 {
		t.Fatalf("context %q, budget %d, rows %v", got.Context, got.Budget, cost)
	}
	for k, v := range want {
		if cost[k] != v {
			t.Errorf("%s costs %d Kr, want %d", k, cost[k], v)
		}
	}
}

// TestCompareSpellsErrors checks that bad spell sets and grimoires are usage
// errors (exit 2) naming the set, the spell and the rule.
func TestCompareSpellsErrors(t *testing.T) {
	base := []string{"compare", "bone-seer-2", "--vs", "kherops-warrior-1", "--trials", "10"}
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"--spells", "bone-splinter"}, []string{`set "bone-splinter"`, `unknown spell "bone-splinter"`, "did you mean bone-splinters"}},
		{[]string{"--spells", "blood-tithe"}, []string{`"blood-tithe" belongs to the way sacrifice`, "masters osteomancy", "line 1466"}},
		{[]string{"--spells", "spark-of-will,null-ward,mending-word"}, []string{"3 level(s)", "at most 2", "line 1462"}},
		{[]string{"--spells", "bone-splinters;;none"}, []string{"set 2 is empty"}},
		{[]string{"--spells", "bone-splinters,"}, []string{"empty spell id"}},
		{[]string{"--spells", "spark-of-will", "--grimoire", "none"}, []string{"card spells", "no grimoire", "line 1471"}},
		{[]string{"--spells", "auto", "--grimoire", "huge"}, []string{`--grimoire "huge"`, "small, large or none"}},
		{[]string{"--grimoire", "large"}, []string{"--grimoire needs --spells"}},
	} {
		_, errs, code := runCLI(t, append(slices.Clone(base), c.args...)...)
		if code != 2 {
			t.Errorf("%v: exit %d, want 2 (%s)", c.args, code, errs)
		}
		for _, w := range c.want {
			if !strings.Contains(errs, w) {
				t.Errorf("%v: error %q does not say %q", c.args, errs, w)
			}
		}
	}
	_, errs, code := runCLI(t, "compare", "paladin-2", "--spells", "auto", "--vs", "kherops-warrior-1")
	if code != 2 || !strings.Contains(errs, "paladin-2 masters no way") || !strings.Contains(errs, "casters: bone-seer-2") {
		t.Errorf("a profile that casts nothing: exit %d, %q", code, errs)
	}
}
