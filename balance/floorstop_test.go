package balance

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/stats"
)

// TestPrecisionStopsAtFloor checks the stopping rule of a precision run whose
// fair cost lies below the floor (the sharp edge of kharn cost crown-guard-1
// --vs kherops --pool-all --budget 400 --precision 3 --first-trials 100
// --seed 1, which played on to --max-trials): the game wins 34% at the floor
// (25 Kr) and plays every cheaper cost as the floor, so the fair-cost interval
// can never close from below. The run stops at its first look, as soon as the
// fitted win rate is below 50% at the floor, and says why the target was not
// met. Before the rule it played all MaxTrials trials.
func TestPrecisionStopsAtFloor(t *testing.T) {
	var seen lowest
	cfg := Config{Costs: grid(25, 64, 6.5), MinCost: 25, Precision: 3, MinTrials: 256, ChunkSize: 256, MaxTrials: 20000, Seed: 3}
	c := sample(t, cfg, cappedGame(18, 10, 25, &seen))
	f := c.FairCost()
	t.Logf("%d trials: %v; unmet %q", c.Trials, f, c.Unmet)
	if c.Trials != cfg.MinTrials {
		t.Errorf("played %d trials, want a stop at the first look (%d)", c.Trials, cfg.MinTrials)
	}
	if c.Converged || !f.UpperOnly() || f.Hi < 25 || f.Hi > 32 {
		t.Errorf("converged %t, %v: want an unmet target and an upper bound between the floor and 32 Kr", c.Converged, f)
	}
	checkEdgeUnmet(t, f, "the fair cost lies at or below 25.0 Kr")
	if a := Assess("cutthroat", 32, f); a.Verdict != OverCosted || !a.AtLeast {
		t.Errorf("%q", a)
	}
}

// TestSearchPrecisionStopsAtFloor checks the same through Search when its
// first stage (100 trials) fits a crossing just above the floor although the
// fair cost (22 Kr) lies below it, as seed 1 of kharn cost did: seed 22 gives
// "fair cost 26 Kr, 95% interval: at most 29.5 Kr", so the precision run is
// played. It stops at its first look, not replayed on a wider grid, where
// before it played MaxTrials trials twice (the replay too).
func TestSearchPrecisionStopsAtFloor(t *testing.T) {
	var seen lowest
	cfg := Config{Costs: grid(25, 64, 6.5), MinCost: 25, Precision: 3, MinTrials: 100, ChunkSize: 100, MaxTrials: 20000, Seed: 22}
	c, err := Search(context.Background(), cfg, cappedGame(22, 10, 25, &seen))
	if err != nil {
		t.Fatal(err)
	}
	f := c.FairCost()
	t.Logf("first stage %v; %d trials: %v; notes %v", c.Coarse.FairCost(), c.Trials, f, c.Notes)
	if c.Coarse == nil || !c.Coarse.FairCost().UpperOnly() {
		t.Fatalf("the first stage does not fit a crossing with an upper bound only, the case tested: %v", c.Coarse)
	}
	if c.Trials >= cfg.MaxTrials || len(c.Notes) > 0 {
		t.Errorf("%d trials, notes %v: want a stop before %d trials, without a replay", c.Trials, c.Notes, cfg.MaxTrials)
	}
	if seen.c < 25 {
		t.Errorf("played %g Kr, below the floor", seen.c)
	}
	if !f.UpperOnly() || f.Hi > 32 {
		t.Errorf("%v: want an upper bound below 32 Kr", f)
	}
	checkEdgeUnmet(t, f, "the fair cost lies at or below 25.0 Kr")
	a := Assess("cutthroat", 32, f)
	if a.Verdict != OverCosted || !a.AtLeast || !strings.Contains(a.String(), "over-costed by at least") {
		t.Errorf("%q", a)
	}
}

// TestPrecisionAboveFloorConverges checks that the rule leaves alone a
// precision run whose fair cost (40 Kr) lies well above the floor (25 Kr):
// it converges to a two-sided interval of the target half-width.
func TestPrecisionAboveFloorConverges(t *testing.T) {
	var seen lowest
	cfg := Config{Costs: grid(25, 64, 6.5), MinCost: 25, Precision: 3, MinTrials: 256, ChunkSize: 256, MaxTrials: 20000, Seed: 3}
	c := sample(t, cfg, cappedGame(40, 10, 25, &seen))
	f := c.FairCost()
	if !c.Converged || c.Unmet != "" || !f.Bounded() || f.HalfWidth() > 3 {
		t.Errorf("converged %t, unmet %q, %v", c.Converged, c.Unmet, f)
	}
}

// checkEdgeUnmet checks that f says its precision target was not met because
// its interval is one-sided at the floor or the ceiling.
func checkEdgeUnmet(t *testing.T, f FairCost, why string) {
	t.Helper()
	var unmet error
	for _, w := range f.Warnings {
		if errors.Is(w, ErrNotConverged) {
			unmet = w
		}
	}
	if unmet == nil || !strings.Contains(unmet.Error(), why) || !strings.Contains(unmet.Error(), "one-sided") {
		t.Errorf("precision not met without saying %q: %v", why, f.Warnings)
	}
	if !hasWarning(f, ErrOneSided) {
		t.Errorf("no ErrOneSided in %v", f.Warnings)
	}
}

// TestSearchCoveragePrecisionNearFloor checks that stopping at the floor keeps
// the intervals honest: with the fair cost just above the floor (25.5 and
// 27 Kr, floor 25 Kr), the intervals of precision searches, two-sided or "at
// most", hold it in 95% of the seeds (99.9% Wilson interval of the fraction
// covered). go test ./balance -run CoveragePrecisionNearFloor -v
// -balance.seeds 4000 gives the numbers of docs/cost.md.
func TestSearchCoveragePrecisionNearFloor(t *testing.T) {
	for _, c0 := range []float64{25.5, 27} {
		var seen lowest
		cfg := Config{Costs: grid(25, 64, 6.5), MinCost: 25, Precision: 3, MinTrials: 256, ChunkSize: 256, MaxTrials: 20000}
		covered, unbounded, n := coverage(t, cfg, cappedGame(c0, 10, 25, &seen), c0, true)
		lo, hi := stats.Wilson(covered, n, 0.999)
		t.Logf("precision, fair cost %g Kr: %d of %d intervals hold it (%d not bounded on both sides): %.3f, 99.9%% Wilson %.3f-%.3f",
			c0, covered, n, unbounded, float64(covered)/float64(n), lo, hi)
		if !(lo <= 0.95 && 0.95 <= hi) {
			t.Errorf("fair cost %g Kr: coverage %d/%d, 99.9%% interval [%.3f, %.3f] excludes 0.95", c0, covered, n, lo, hi)
		}
	}
}
