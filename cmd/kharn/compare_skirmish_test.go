package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/internal/longtest"
)

// TestCompareSkirmish checks kharn compare in skirmish context: every loadout's
// pooled win rate the sum of its per-opponent counts, each rate inside its
// interval, and (a long test, internal/longtest: over a minute under -race) the
// same output for 1 and 3 workers.
func TestCompareSkirmish(t *testing.T) {
	args := []string{"compare", "crown-guard-1", "--vs", "kherops-warrior-1,fang-prowler-1", "--context", "skirmish", "--trials", "30", "--json"}
	one, errs, code := runCLI(t, append(args, "--workers", "3")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if longtest.Enabled() {
		if other, _, _ := runCLI(t, append(args, "--workers", "1")...); one != other {
			t.Fatalf("--workers 1 and 3 differ")
		}
	}
	var got struct {
		Context string `json:"context"`
		Budget  int    `json:"budget_kr"`
		Trials  int    `json:"trials_per_opponent"`
		Rows    []struct {
			Loadout string `json:"loadout"`
			Wins    struct {
				Count int     `json:"count"`
				Rate  float64 `json:"rate"`
				Lo    float64 `json:"ci95_low"`
				Hi    float64 `json:"ci95_high"`
			} `json:"wins"`
			PerOpponent []struct {
				Count int `json:"count"`
			} `json:"per_opponent"`
		} `json:"loadouts"`
	}
	if err := json.Unmarshal([]byte(one), &got); err != nil {
		t.Fatal(err)
	}
	if got.Context != "skirmish" || got.Budget != 300 || got.Trials != 30 || len(got.Rows) < 5 {
		t.Fatalf("context %q, budget %d, trials %d, %d loadouts", got.Context, got.Budget, got.Trials, len(got.Rows))
	}
	for _, r := range got.Rows {
		sum := 0
		for _, p := range r.PerOpponent {
			sum += p.Count
		}
		if len(r.PerOpponent) != 2 || sum != r.Wins.Count {
			t.Errorf("%s: pooled wins %d, per opponent %+v", r.Loadout, r.Wins.Count, r.PerOpponent)
		}
		if want := float64(r.Wins.Count) / 60; r.Wins.Rate != want || r.Wins.Lo > want || r.Wins.Hi < want || r.Wins.Hi-r.Wins.Lo < 0.05 {
			t.Errorf("%s: rate %v (%v-%v), want %v", r.Loadout, r.Wins.Rate, r.Wins.Lo, r.Wins.Hi, want)
		}
	}
	if _, errs, code := runCLI(t, "compare", "crown-guard-1", "--context", "battle"); code != 2 || !strings.Contains(errs, "--context") {
		t.Errorf("bad --context: exit %d, %s", code, errs)
	}
}
