package main

import (
	"encoding/json"
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/balance"
)

// TestCostPrecisionAboveCeiling checks the ceiling of kharn cost's search:
// titan-guard-1 (testdata/cost, a 45 Kr card with 26 HP and 6 everywhere)
// wins most of its battles against 300 Kr of Khérops alone. Above the budget
// a side fields its one Safar in some battles only and forfeits the others,
// so a fair cost there is measured by the forfeits, not the battles. Before
// the ceiling, --precision 3 played on to --max-trials (3000 here; 20 000 by
// default, 35 s, "fair cost 337.9 Kr, 95% interval 333.3-342.6", the target
// still unmet) and reported that estimate. Now the search plays nothing
// above 300 Kr, the fair cost is "above 300.0 Kr (the range's ceiling)" with
// a lower bound, and the run stops: seed 1 after its first stage (100
// trials), seed 6 after the first chunk of its precision run (1024 trials),
// its first stage (30 trials) having fitted a crossing below the ceiling. The
// text, its table and the JSON say that the fair cost lies above the range.
func TestCostPrecisionAboveCeiling(t *testing.T) {
	titan := filepath.Join("testdata", "cost", "titan-guard-1.yaml")
	for _, tc := range []struct {
		first, seed string
		trials      int
		text        bool // the text output too (the JSON's runs again)
	}{
		{"100", "1", 100, true},
		{"30", "6", 1024, false},
	} {
		args := []string{"cost", titan, "--vs", "kherops", "--precision", "3", "--max-trials", "3000", "--first-trials", tc.first, "--seed", tc.seed}
		unmet := fmt.Sprintf("not converged: target ±3 Kr not met after %d trials: the fair cost lies at or above 300.0 Kr, the highest cost the game tells apart", tc.trials)
		const ceiling = "at 300 Kr, the budget, a side fields a single Safar"
		p := runBeyondEdge(t, args, tc.text, unmet, ceiling,
			"fair cost above 300.0 Kr (the range's ceiling), 95% interval: at least ", "card says 45: under-costed by at least", "│ above 300.0 │")
		if p.FairCost != nil || p.Interval != "lower bound only" || p.Outside != "above" || p.Edge == nil || *p.Edge != 300 ||
			p.Lo == nil || *p.Lo > 300 || *p.Lo < 45 || p.Verdict != "under-costed" || p.Trials != tc.trials {
			t.Errorf("seed %s: JSON: %+v", tc.seed, p)
		}
		for _, pt := range p.Points {
			if pt.Cost > 300 {
				t.Errorf("seed %s: played %g Kr, above the budget", tc.seed, pt.Cost)
			}
		}
	}
}

// edgeRunJSON is a profile of kharn cost --json, the fields that the tests of
// a fair cost beyond an edge of the range read.
type edgeRunJSON struct {
	FairCost       *float64 `json:"fair_cost_kr"`
	Lo             *float64 `json:"ci95_low"`
	Hi             *float64 `json:"ci95_high"`
	Interval       string   `json:"interval"`
	Outside        string   `json:"outside_range"`
	Edge           *float64 `json:"range_edge_kr"`
	Verdict        string   `json:"verdict"`
	AtLeast        bool     `json:"by_at_least"`
	Trials         int      `json:"trials"`
	PrecisionMet   *bool    `json:"precision_met"`
	PrecisionUnmet string   `json:"precision_unmet"`
	Search         []string `json:"search"`
	Points         []struct {
		Cost float64 `json:"cost_kr"`
	} `json:"points"`
}

// runBeyondEdge runs kharn cost args, a precision run of one profile whose
// fair cost lies beyond the floor or the ceiling: with text, its text output
// must hold unmet, note and wants; then with --json, whose profile must say
// its precision unmet (unmet, one-sided), a verdict "by at least" and note
// among its search notes. It returns the profile for the edge's own checks.
func runBeyondEdge(t *testing.T, args []string, text bool, unmet, note string, wants ...string) edgeRunJSON {
	t.Helper()
	if text {
		out, errs, code := runCLI(t, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		for _, want := range append([]string{unmet, note}, wants...) {
			if !strings.Contains(out, want) {
				t.Errorf("%v: text lacks %q:\n%s", args, want, out)
			}
		}
	}
	js, errs, code := runCLI(t, append(args, "--json")...)
	if code != 0 {
		t.Fatalf("%v --json: exit %d: %s", args, code, errs)
	}
	var got struct {
		Profiles []edgeRunJSON `json:"profiles"`
	}
	if err := json.Unmarshal([]byte(js), &got); err != nil {
		t.Fatal(err)
	}
	p := got.Profiles[0]
	if !p.AtLeast || p.PrecisionMet == nil || *p.PrecisionMet || !strings.Contains(p.PrecisionUnmet, unmet) ||
		!strings.Contains(p.PrecisionUnmet, "one-sided") || !strings.Contains(strings.Join(p.Search, "\n"), note) {
		t.Errorf("%v --json: %+v", args, p)
	}
	return p
}

// TestCostTableOutsideRange checks that the report's cost table says when a
// fair cost lies beyond the range the battles tell apart (its verdict cell),
// in the same words as before within it: a fair cost above the ceiling, one
// below the floor, and one bounded below within the range.
func TestCostTableOutsideRange(t *testing.T) {
	inf := math.Inf(1)
	for _, tc := range []struct {
		f    balance.FairCost
		card float64
		want string
	}{
		{balance.FairCost{Cost: math.NaN(), Lo: 273.5, Hi: inf, Beyond: 1, Edge: 300}, 45,
			"under-costed by at least 228 Kr (fair cost above 300.0 Kr (the range's ceiling), at least 273.5 Kr)"},
		{balance.FairCost{Cost: math.NaN(), Lo: -inf, Hi: 25.3, Beyond: -1, Edge: 25}, 20,
			"no verdict (fair cost below 25.0 Kr (the range's floor), at most 25.3 Kr: the card cost lies inside)"},
		{balance.FairCost{Cost: 185, Lo: 166.4, Hi: inf}, 135,
			"under-costed by at least 31 Kr (fair cost at least 166.4 Kr)"},
	} {
		a := balance.Assess("p", tc.card, tc.f)
		tbl := costTable("kharns", []balance.Assessment{a}, []costAssessment{{a: a}})
		if got := tbl.Rows[0][6].Display(); got != tc.want {
			t.Errorf("%v, card %g: verdict %q, want %q", tc.f, tc.card, got, tc.want)
		}
	}
}
