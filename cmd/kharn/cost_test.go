package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
