package main

import (
	"encoding/csv"
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// spellCostArgs prices bone-seer-2 (invented, profiles/data/casters.yaml: it
// casts spark-of-will, 1D5 ignoring armour at 12, and bone-splinters, 1D5 at
// 14 or 2D5 at 20, damage spells the fights play) against one opponent, on
// few trials.
var spellCostArgs = []string{"cost", "bone-seer-2", "--vs", "kherops-warrior-1", "--first-trials", "100", "--trials", "200", "--seed", "3"}

// spellCostJSON is the part of kharn cost --spells both --json the tests read.
type spellCostJSON struct {
	WithoutMeans string `json:"without_spells_means"`
	Casters      []struct {
		Profile string   `json:"profile"`
		Spells  []string `json:"spells"`
		Card    int      `json:"card_cost_kr"`
		With    struct {
			Fair     *float64 `json:"fair_cost_kr"`
			Lo       *float64 `json:"ci95_low"`
			Hi       *float64 `json:"ci95_high"`
			Interval string   `json:"interval"`
		} `json:"with_spells"`
		Without struct {
			Fair     *float64 `json:"fair_cost_kr"`
			Lo       *float64 `json:"ci95_low"`
			Hi       *float64 `json:"ci95_high"`
			Interval string   `json:"interval"`
		} `json:"without_spells"`
		Worth   *float64 `json:"magic_worth_kr"`
		WorthLo *float64 `json:"magic_worth_ci95_low"`
		WorthHi *float64 `json:"magic_worth_ci95_high"`
		Verdict string   `json:"magic_worth_verdict"`
	} `json:"casters"`
}

// TestCostSpellsBoth checks kharn cost --spells both on a damage caster: its
// spells named as on its card, both fair costs bounded, the worth their
// difference with an interval around it, and the worth significantly
// positive: a Bone Seer that casts its damage spells is worth more Krowns
// than the same card that never does (measured with these arguments: 73.5
// against 51.0 Kr, worth +22.5 [+18.7, +26.3]; 0 [-4.7, +4.7] when the
// no-magic policy was not passed to the battles). --spells without prices the caster as
// the "without" side of both does, and --spells with as its "with" side and
// as plain kharn cost: the same searches with the same seed. The CSV holds the
// same numbers as the JSON.
func TestCostSpellsBoth(t *testing.T) {
	out, errs, code := runCLI(t, append(spellCostArgs, "--spells", "both", "--json")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got spellCostJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Casters) != 1 {
		t.Fatalf("%d casters, want bone-seer-2 alone:\n%s", len(got.Casters), out)
	}
	c := got.Casters[0]
	want := []string{"spark-of-will", "null-ward", "bone-splinters", "marrow-chill", "ossuary-dread"} // casters.yaml
	if c.Profile != "bone-seer-2" || c.Card != 70 || !slices.Equal(c.Spells, want) {
		t.Errorf("row %s, card %d, spells %v; want bone-seer-2, 70, %v", c.Profile, c.Card, c.Spells, want)
	}
	if !strings.Contains(got.WithoutMeans, "no-magic") {
		t.Errorf("without_spells_means %q does not name the no-magic policy", got.WithoutMeans)
	}
	if c.With.Interval != "two-sided" || c.Without.Interval != "two-sided" || c.Worth == nil {
		t.Fatalf("intervals %q and %q, worth %v: want two bounded fair costs and a worth\n%s", c.With.Interval, c.Without.Interval, c.Worth, out)
	}
	if d := *c.With.Fair - *c.Without.Fair; math.Abs(d-*c.Worth) > 1e-9 {
		t.Errorf("worth %v, want with minus without %v", *c.Worth, d)
	}
	if !(*c.WorthLo < *c.Worth && *c.Worth < *c.WorthHi) {
		t.Errorf("worth %v outside its interval [%v, %v]", *c.Worth, *c.WorthLo, *c.WorthHi)
	}
	// The interval is at least as wide as each fair cost's: the two errors add.
	if w := *c.WorthHi - *c.WorthLo; w < *c.With.Hi-*c.With.Lo || w < *c.Without.Hi-*c.Without.Lo {
		t.Errorf("worth interval %v Kr wide, narrower than a fair cost's", w)
	}
	if !(*c.WorthLo > 0) || !strings.HasPrefix(c.Verdict, "significant") {
		t.Errorf("spells worth %v [%v, %v] (%s): want significantly positive for a damage caster", *c.Worth, *c.WorthLo, *c.WorthHi, c.Verdict)
	}

	fair := func(mode string) float64 {
		t.Helper()
		args := append(spellCostArgs, "--json")
		if mode != "" {
			args = append(args, "--spells", mode)
		}
		out, errs, code := runCLI(t, args...)
		if code != 0 {
			t.Fatalf("--spells %s: exit %d: %s", mode, code, errs)
		}
		var r struct {
			Profiles []struct {
				Fair    *float64 `json:"fair_cost_kr"`
				Without []string `json:"computed_without"`
				Fielded string   `json:"fielded"`
			} `json:"profiles"`
		}
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatal(err)
		}
		if len(r.Profiles) != 1 || r.Profiles[0].Fair == nil {
			t.Fatalf("--spells %s: no fair cost:\n%s", mode, out)
		}
		p := r.Profiles[0]
		if mode == spellsWithout && (!slices.Contains(p.Without, "every spell (--spells without)") || !strings.Contains(p.Fielded, "no-magic")) {
			t.Errorf("--spells without: computed_without %v, fielded %q: want every spell and the no-magic policy named", p.Without, p.Fielded)
		}
		return *p.Fair
	}
	if f := fair(spellsWithout); f != *c.Without.Fair {
		t.Errorf("--spells without: fair cost %v, --spells both says %v", f, *c.Without.Fair)
	}
	if f := fair(""); f != *c.With.Fair {
		t.Errorf("kharn cost (default --spells with): fair cost %v, --spells both says %v", f, *c.With.Fair)
	}

	out, errs, code = runCLI(t, append(spellCostArgs, "--spells", "both", "--csv")...)
	if code != 0 {
		t.Fatalf("--csv: exit %d: %s", code, errs)
	}
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(recs) != 2 {
		t.Fatalf("CSV: %v, %d lines:\n%s", err, len(recs), out)
	}
	col := map[string]string{}
	for i, k := range recs[0] {
		col[k] = recs[1][i]
	}
	for k, v := range map[string]float64{"fair_with_spells_kr": *c.With.Fair, "fair_without_spells_kr": *c.Without.Fair,
		"magic_worth_kr": *c.Worth, "magic_worth_ci95_low": *c.WorthLo, "magic_worth_ci95_high": *c.WorthHi} {
		x, err := strconv.ParseFloat(col[k], 64)
		if err != nil || math.Abs(x-v) > 1e-6*max(1, math.Abs(v)) {
			t.Errorf("CSV %s = %q, JSON says %v", k, col[k], v)
		}
	}
	for _, k := range []string{"profile", "spells", "card_cost_kr", "magic_worth_verdict", "seed", "trials", "rules", "version"} {
		if _, ok := col[k]; !ok {
			t.Errorf("CSV has no column %s: %v", k, recs[0])
		}
	}
	if col["spells"] != strings.Join(want, "; ") {
		t.Errorf("CSV spells %q", col["spells"])
	}
}

// TestCostSpellsErrors checks that a bad --spells, and without or both on
// profiles none of which casts, are usage errors (exit 2) saying what is
// allowed.
func TestCostSpellsErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"cost", "bone-seer-2", "--spells", "some"}, []string{`--spells "some"`, "with", "without", "both"}},
		{[]string{"cost", "paladin-2", "--spells", "both"}, []string{"--spells both", "casters: bone-seer-2,"}},
		{[]string{"cost", "--faction", "black-guild", "--spells", "without"}, []string{"--spells without", "bone-seer-2"}},
	} {
		_, errs, code := runCLI(t, c.args...)
		if code != 2 {
			t.Errorf("%v: exit %d, want 2 (%s)", c.args, code, errs)
		}
		for _, w := range c.want {
			if !strings.Contains(errs, w) {
				t.Errorf("%v: error %q does not say %q", c.args, errs, w)
			}
		}
	}
}
