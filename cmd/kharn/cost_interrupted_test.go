package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/balance"
	"github.com/kharn-ages/kharn/reports"
	"github.com/kharn-ages/kharn/sim"
)

// TestCostJSONInterrupted checks that an interrupted kharn cost still writes
// its JSON: a stage stopped before its first trial has points with no trial,
// whose win rate is NaN (balance: no trial, no rate), and the JSON writes it as
// null. Before, `kharn cost --json` stopped by SIGINT failed with "json:
// unsupported value: NaN" and printed nothing (docs/benchmarks.md, "Eleventh
// round": a 150-profile run's 23 minutes lost).
func TestCostJSONInterrupted(t *testing.T) {
	cases, rp, tbl, sc := costFixture(t, []string{"crown-guard-1"}, "kherops-warrior-1")
	// Interrupted as soon as the first stage reports progress: the stage
	// after it (the second, or a widened first) stops before its first trial.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	f := &costFlags{first: 100, trials: 100, budget: 300, maxTrials: 100, seed: 1, json: true}
	res, interrupted, err := assessCosts(ctx, cases, rp.fs, rp.costs, f, tbl, sc, sim.Variant{}, func(int, string, int, int) { cancel() })
	if err != nil || !interrupted {
		t.Fatalf("err %v, interrupted %t, want an interrupted run", err, interrupted)
	}
	nan := 0
	for _, r := range res {
		if r.curve != nil {
			for _, p := range r.curve.Points {
				if p.N == 0 && p.Rate != p.Rate {
					nan++
				}
			}
		}
	}
	if nan == 0 {
		t.Fatalf("no point without a trial in %d results: the test does not reach the case", len(res))
	}
	var as []balance.Assessment
	for _, r := range res {
		if r.notAssessed == "" {
			as = append(as, r.a)
		}
	}
	var buf strings.Builder
	if err := reports.WriteJSON(&buf, costJSON(as, res, f, rp, sc, sim.Variant{}, []string{}, interrupted)); err != nil {
		t.Fatalf("JSON of an interrupted run: %v", err)
	}
	var got struct {
		Interrupted bool `json:"interrupted"`
		Profiles    []struct {
			Points []struct {
				Rate *float64 `json:"win_rate"`
				N    int      `json:"trials"`
			} `json:"points"`
		} `json:"profiles"`
	}
	if err := json.Unmarshal([]byte(buf.String()), &got); err != nil {
		t.Fatalf("%v\n%s", err, buf.String())
	}
	nulls := 0
	for _, p := range got.Profiles {
		for _, pt := range p.Points {
			if pt.N == 0 && pt.Rate != nil {
				t.Errorf("a point with no trial has win rate %v, want null", *pt.Rate)
			}
			if pt.Rate == nil {
				nulls++
			}
		}
	}
	if !got.Interrupted || nulls != nan {
		t.Errorf("interrupted %t, %d null rates, want true and %d\n%s", got.Interrupted, nulls, nan, buf.String())
	}
}
