package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/balance"
	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/reports"
	"github.com/kharn-ages/kharn/sim"
	"github.com/kharn-ages/kharn/sim/field"
)

// costArgs is a small fair-cost run: one profile against one opponent, few
// trials (each plays the 7 costs of the first grid, then the second).
var costArgs = []string{"cost", "crown-guard-1", "--vs", "kherops-warrior-1", "--trials", "200"}

// TestCostWorkers checks that kharn cost gives the same output for any number
// of workers with the same seed.
func TestCostWorkers(t *testing.T) {
	one, errs, code := runCLI(t, append(costArgs, "--workers", "1")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	three, _, _ := runCLI(t, append(costArgs, "--workers", "3")...)
	if one != three {
		t.Errorf("--workers 1 and 3 differ:\n%s\n---\n%s", one, three)
	}
	if !strings.Contains(one, "crown-guard-1") || !strings.Contains(one, "95% interval") {
		t.Errorf("no fair cost in the output:\n%s", one)
	}
}

// TestCostJSON checks the JSON of kharn cost against itself: the fair cost lies
// in its interval, the verdict agrees with where the card cost lies, and every
// point's rate lies in its Wilson interval. It also checks --plot.
func TestCostJSON(t *testing.T) {
	plot := filepath.Join(t.TempDir(), "cost.png")
	out, errs, code := runCLI(t, append(costArgs, "--json", "--plot", plot)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got struct {
		Budget   int `json:"budget_kr"`
		Profiles []struct {
			Profile  string   `json:"profile"`
			Card     int      `json:"card_cost_kr"`
			Fair     *float64 `json:"fair_cost_kr"`
			Lo       *float64 `json:"ci95_low"`
			Hi       *float64 `json:"ci95_high"`
			Verdict  string   `json:"verdict"`
			Trials   int      `json:"trials"`
			Warnings []string `json:"warnings"`
			Points   []struct {
				Cost float64 `json:"cost_kr"`
				Rate float64 `json:"win_rate"`
				Lo   float64 `json:"ci95_low"`
				Hi   float64 `json:"ci95_high"`
				N    int     `json:"trials"`
			} `json:"points"`
		} `json:"profiles"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if got.Budget != 300 || len(got.Profiles) != 1 {
		t.Fatalf("budget %d, %d profiles", got.Budget, len(got.Profiles))
	}
	p := got.Profiles[0]
	if p.Fair == nil || p.Lo == nil || p.Hi == nil {
		t.Fatalf("no bounded fair cost: %+v", p)
	}
	if !(*p.Lo <= *p.Fair && *p.Fair <= *p.Hi) {
		t.Errorf("fair cost %v outside its interval %v-%v", *p.Fair, *p.Lo, *p.Hi)
	}
	card := float64(p.Card)
	want := "fair"
	switch {
	case card > *p.Hi:
		want = "over-costed"
	case card < *p.Lo:
		want = "under-costed"
	}
	if p.Verdict != want {
		t.Errorf("verdict %q with card %v and interval %v-%v, want %q", p.Verdict, card, *p.Lo, *p.Hi, want)
	}
	if p.Trials < 200 || len(p.Points) < 2 {
		t.Errorf("%d trials, %d points", p.Trials, len(p.Points))
	}
	for _, pt := range p.Points {
		if !(pt.Lo <= pt.Rate && pt.Rate <= pt.Hi && pt.Hi-pt.Lo > 0) || pt.N != p.Trials || pt.Cost <= 0 {
			t.Errorf("point %+v", pt)
		}
	}
	b, err := os.ReadFile(plot)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) < 1000 || string(b[1:4]) != "PNG" {
		t.Errorf("%s is not a PNG image (%d bytes)", plot, len(b))
	}
}

// TestCostErrors checks the usage errors of kharn cost.
func TestCostErrors(t *testing.T) {
	for _, args := range [][]string{
		{"cost", "crown-guard-1", "--budget", "0"},
		{"cost", "--faction", "nowhere"},
		{"cost", "crown-guard-1", "--vs", "nobody-9"},
		{"cost", "crown-guard-1", "--json", "--csv"},
	} {
		_, errs, code := runCLI(t, args...)
		if code != 2 || !strings.Contains(errs, "kharn:") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
	if _, errs, code := runCLI(t, "cost", "nobody-9"); code != 1 || !strings.Contains(errs, "unknown profile") {
		t.Errorf("unknown profile: exit %d, stderr %q", code, errs)
	}
}

// TestCostAbsurdProfile checks issue #10 items 2 and 4 on an invented profile
// with 2 HP (testdata/cost/frail-guard-1.yaml): its fair cost lies below the
// lowest cost the search may play (budget / 12 Safars), and before the fix
// the run ended in a silent "no verdict" ("logistic fit failed", or a flat
// curve "between -24 and 62 Kr"). It now gets a verdict (one-sided when its
// fair cost lies below the floor) or is reported as not assessed with the
// reason, and crown-guard-1, assessed in the same run, keeps its result.
func TestCostAbsurdProfile(t *testing.T) {
	for _, vs := range []string{"kherops-warrior-1", "kherops"} {
		out, errs, code := runCLI(t, "cost", "crown-guard-1", filepath.Join("testdata", "cost", "frail-guard-1.yaml"),
			"--vs", vs, "--trials", "100", "--first-trials", "100")
		if code != 0 {
			t.Fatalf("--vs %s: exit %d: %s", vs, code, errs)
		}
		var frail []string
		for _, l := range strings.Split(out, "\n") {
			if strings.Contains(l, "frail-guard-1") || strings.Contains(l, "card says 45") {
				frail = append(frail, l)
			}
		}
		said := strings.Contains(out, "card says 45: over-costed by") || strings.Contains(out, "frail-guard-1 (card 45 Kr): not assessed: ")
		if !said {
			t.Errorf("--vs %s: frail-guard-1 has neither a verdict nor a reason:\n%s", vs, strings.Join(frail, "\n"))
		}
		for _, l := range frail {
			if strings.HasSuffix(l, ": no verdict") {
				t.Errorf("--vs %s: silent no verdict: %s", vs, l)
			}
		}
		if !regexp.MustCompile(`fair cost [0-9.]+ Kr, 95% interval [0-9.]+-[0-9.]+; card says 45`).MatchString(out) {
			t.Errorf("--vs %s: crown-guard-1 lost its two-sided estimate:\n%s", vs, out)
		}
	}
}

// TestCostPrecisionUnmet checks issue #10 item 2: kharn cost crown-guard-1
// --vs kherops --budget 400 --precision 3 stopped after 200 trials with "no
// verdict", the precision silently not met. At 400 Kr the budget buys 12
// Safars (the most a side fields) at 33.3 Kr, above crown-guard-1's fair cost:
// the run now says the fair cost is at most that, gives the verdict, and says
// that and why the precision was not met, in text and JSON. The pool is the
// whole faction (--pool-all), as when the issue was found: without
// kherops-commander-3 (Sadistic, partly modelled) the fair cost lies above
// the floor and the run plays on to --max-trials.
//
// Seed 1, the user's: its first stage (100 trials) finds the floor, and the
// precision run (second stage) is not played. The second case is the sharp
// edge of issue #13: with --first-trials 30 --seed 5 the first stage fits a
// crossing just above the floor (as seed 1 did before the refused router
// merge, seed 3 before branch skirmkeep changed the skirmish keep rule, and
// seed 8 before branch idlegain changed it again: seeds 1-4 and 6-10 now find
// the floor in the first stage),
// so the precision run is played, and it played on to --max-trials
// (20 000 trials of battles of 12 Safars a side: the test timed out at 10
// min); it now stops after its first chunk (1024 trials), the win rate at
// the floor being significantly below 50% (balance.Config.Precision), with
// the same verdict and reason.
func TestCostPrecisionUnmet(t *testing.T) {
	for _, tc := range []struct {
		first, seed string
		trials      int
		text        bool // the text output too (the JSON's runs again)
	}{
		{"100", "1", 100, true},
		{"30", "5", 1024, false},
	} {
		args := []string{"cost", "crown-guard-1", "--vs", "kherops", "--pool-all", "--budget", "400", "--precision", "3", "--first-trials", tc.first, "--seed", tc.seed}
		unmet := fmt.Sprintf("not converged: target ±3 Kr not met after %d trials: the fair cost lies at or below 33.3 Kr", tc.trials)
		const floor = "400 Kr buy 12 Safars, the most a side fields"
		p := runBeyondEdge(t, args, tc.text, unmet, floor, "card says 45: over-costed by at least")
		if p.Interval != "upper bound only" || p.Outside != "below" || p.Edge == nil || *p.Edge != 400.0/12 || p.Verdict != "over-costed" ||
			p.Hi == nil || *p.Hi < 400.0/12 || p.Trials != tc.trials {
			t.Errorf("seed %s: JSON: %+v", tc.seed, p)
		}
	}
}

// TestAssessCostsKeepsOthers checks issue #10 item 4: a profile whose search
// fails (here a game factory error, as a panic in a battle would be) is marked
// not assessed with the reason, and the other profiles keep their results in
// the text, JSON and CSV outputs. Before, assessCosts returned the error and
// every result was lost.
func TestAssessCostsKeepsOthers(t *testing.T) {
	ds := profiles.Default()
	cg, err := ds.ResolveProfile("crown-guard-1")
	if err != nil {
		t.Fatal(err)
	}
	cases, err := costCases(ds, []*profiles.Profile{cg, cg})
	if err != nil {
		t.Fatal(err)
	}
	cases[0].f = nil // sim: budget match without a fighter
	rp, err := costPool(ds, "kherops-warrior-1", false)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := loadScenario("open-ground")
	if err != nil {
		t.Fatal(err)
	}
	tbl, err := field.FromScenario(sc)
	if err != nil {
		t.Fatal(err)
	}
	f := &costFlags{first: 100, trials: 100, budget: 300, maxTrials: 100, seed: 1}
	res, interrupted, err := assessCosts(context.Background(), cases, rp.fs, rp.costs, f, tbl, sc, sim.Variant{}, nil)
	if err != nil || interrupted || len(res) != 2 {
		t.Fatalf("err %v, interrupted %t, %d results", err, interrupted, len(res))
	}
	if !strings.Contains(res[0].notAssessed, "without a fighter") {
		t.Errorf("first profile: not assessed %q", res[0].notAssessed)
	}
	if res[1].notAssessed != "" || !res[1].a.FairCost.Bounded() {
		t.Errorf("second profile: %v, not assessed %q", res[1].a, res[1].notAssessed)
	}
	var buf strings.Builder
	if err := writeCostCSV(&buf, []balance.Assessment{res[1].a}, res, sim.Variant{}, "open ground"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "not assessed,") || !strings.Contains(buf.String(), "without a fighter") {
		t.Errorf("CSV:\n%s", buf.String())
	}
	tab := costTable("kharns", []balance.Assessment{res[1].a}, res)
	verdict := slices.IndexFunc(tab.Columns, func(c reports.Column) bool { return c.Key == "verdict" })
	if len(tab.Rows) != 2 || verdict < 0 || !strings.HasPrefix(tab.Rows[1][verdict].Text, "not assessed: ") {
		t.Errorf("report table rows %v", tab.Rows)
	}
}

// TestCostNotModelledGrouped checks issue #10 item 15: the text output names
// only the assessed profiles' own unmodelled skills and groups the reference
// pool's by skill with counts; the JSON keeps the full list by profile. Before,
// one line named every profile of the pool, skill by skill. --pool-all keeps
// the partly modelled profiles in the pool, whose skills are grouped.
func TestCostNotModelledGrouped(t *testing.T) {
	args := []string{"cost", "guild-cutthroat-1", "--pool-all", "--trials", "50", "--first-trials", "50"}
	out, errs, code := runCLI(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var nm []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "not modelled") {
			nm = append(nm, l)
		}
	}
	text := strings.Join(nm, "\n")
	t.Logf("%s", text)
	// The embedded data: fang-witch-3, prince-3 and tembo-elder-3 have esoteric
	// mastery dice but no way and no spells (they cast nothing; fights cast the
	// spells of the embedded casters, sim/magic_fight.go), guild-cutthroat-1
	// sadistic (its ambush is played: sim/ambush.go, not listed).
	for _, want := range []string{
		"not modelled for the profiles assessed: sadistic (never used by the skirmish policies) (guild-cutthroat-1)",
		"spells (no way and no spells in the data: it casts nothing) 3 profiles",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q", want)
		}
	}
	for _, other := range []string{"fang-witch-3", "prince-3", "tembo-elder-3", "kherops-commander-3", "ambush"} {
		if strings.Contains(text, other) {
			t.Errorf("text names the pool profile %s", other)
		}
	}
	js, _, code := runCLI(t, append(args, "--json")...)
	if code != 0 {
		t.Fatalf("--json: exit %d", code)
	}
	var got struct {
		NotModelled []string `json:"not_modelled"`
	}
	if err := json.Unmarshal([]byte(js), &got); err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(got.NotModelled, "spells (no way and no spells in the data: it casts nothing) (fang-witch-3)") || !slices.Contains(got.NotModelled, "sadistic (never used by the skirmish policies) (guild-cutthroat-1)") {
		t.Errorf("JSON not_modelled %v lacks the pool's entries", got.NotModelled)
	}
}
