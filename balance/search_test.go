package balance

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/kharn-ages/kharn/stats"
)

// cappedGame is logisticGame(c0, s) for a game that cannot tell costs below
// floor apart, as kharn cost's battles where the budget buys at most 12 Safars:
// below floor it plays as at floor. Like sim.BudgetMatch with a side of no
// Safar, it panics on a cost of zero or less, and it records the lowest and
// highest costs asked for in seen.
func cappedGame(c0, s, floor float64, seen *lowest) GameFactory {
	return edgedGame(c0, s, floor, 0, seen)
}

// edgedGame is cappedGame with a ceiling too (zero: none), above which it
// plays as kharn cost's battles do above the budget: with probability
// 1 - ceiling/c the side fields no Safar and loses, and otherwise it plays
// as at the ceiling. The forfeit is drawn first from r, at every cost.
func edgedGame(c0, s, floor, ceiling float64, seen *lowest) GameFactory {
	return func() (Game, error) {
		return func(r *rand.PCG, c float64) float64 {
			if c <= 0 {
				panic("sim: budget match: sim: side A has no Safar")
			}
			seen.add(c)
			if ceiling > 0 {
				if uniform(r) >= ceiling/c {
					return 0
				}
				c = min(c, ceiling)
			}
			if uniform(r) < logistic(max(c, floor), c0, s) {
				return 1
			}
			return 0
		}, nil
	}
}

// recorded returns g's games recording the costs they are asked for in seen
// as well.
func recorded(g GameFactory, seen *lowest) GameFactory {
	return func() (Game, error) {
		game, err := g()
		return func(r *rand.PCG, c float64) float64 {
			seen.add(c)
			return game(r, c)
		}, err
	}
}

// lowest records the lowest cost a game was asked to play, and the highest.
type lowest struct {
	mu    sync.Mutex
	c, hi float64
}

func (l *lowest) add(c float64) {
	if l == nil {
		return
	}
	l.mu.Lock()
	if l.c == 0 || c < l.c {
		l.c = c
	}
	l.hi = max(l.hi, c)
	l.mu.Unlock()
}

// TestSearchStaysPositive reproduces issue #10 item 4: a first stage whose
// fitted crossing lies far below its grid (a profile worth a few Krowns on a
// grid of 20-80 Kr) made the second stage ask for costs of zero or less, and
// the game panicked in a worker ("side A has no Safar"), losing the run. The
// search now brackets the crossing with positive costs only.
func TestSearchStaysPositive(t *testing.T) {
	var seen lowest
	cfg := Config{Costs: grid(20, 80, 10), Trials: 2000, MinTrials: 512, ChunkSize: 256, Seed: 1}
	c, err := Search(context.Background(), cfg, cappedGame(6, 6, 0, &seen))
	if err != nil {
		t.Fatalf("search failed: %v", err)
	}
	f := c.FairCost()
	t.Logf("%v; lowest cost played %.2f Kr; notes %q", f, seen.c, c.Notes)
	if !(seen.c > 0) {
		t.Errorf("lowest cost played %v, want positive", seen.c)
	}
	// logistic(c, 6, 6) is 50% at 6 Kr (the game's definition).
	if !f.Bounded() || !(f.Lo <= 6 && 6 <= f.Hi) {
		t.Errorf("%v does not hold the fair cost 6 Kr", f)
	}
	if len(c.Notes) == 0 {
		t.Errorf("the grid was widened without a note")
	}
}

// TestSearchWidens checks issue #10 item 2: a fair cost above the first grid
// (the kherops-commander-3 case, "166.4-n/a") is bracketed by widening the grid
// and then refined to a two-sided interval holding it.
func TestSearchWidens(t *testing.T) {
	for _, tc := range []struct {
		name string
		c0   float64 // true fair cost (logistic game)
	}{
		{"above the grid", 300},
		{"below the grid", 25},
	} {
		var seen lowest
		cfg := Config{Costs: grid(60, 120, 10), Trials: 2000, MinTrials: 512, ChunkSize: 256, Seed: 4}
		c, err := Search(context.Background(), cfg, cappedGame(tc.c0, tc.c0/6, 0, &seen))
		if err != nil {
			t.Fatal(err)
		}
		f := c.FairCost()
		t.Logf("%s: %v; notes %q", tc.name, f, c.Notes)
		if !f.Bounded() || !(f.Lo <= tc.c0 && tc.c0 <= f.Hi) {
			t.Errorf("%s: %v does not hold %g Kr, warnings %v", tc.name, f, tc.c0, f.Warnings)
		}
		if c.Coarse == nil || len(c.Notes) == 0 || !strings.Contains(c.Notes[0], "replayed") {
			t.Errorf("%s: no widening noted: %q", tc.name, c.Notes)
		}
	}
}

// TestSearchEdges checks the floor of issue #10 item 2 (guild-cutthroat-1,
// and crown-guard-1 at 400 Kr with --precision 3): the fair cost lies below
// the lowest cost the game tells apart; and the ceiling, a fair cost above the
// highest (a profile one copy of which wins most of its battles against a
// whole budget, kharn cost's ceiling). The search plays nothing beyond the
// edge, from a grid within the range, widened up to the edge, or reaching
// beyond it; the interval is one-sided ("at most", "at least"), the verdict
// is said with "at least", and a precision run says why its target was not
// met.
func TestSearchEdges(t *testing.T) {
	const floor = 25
	// 50% at 18 Kr for a game that would go on getting better below 25 Kr,
	// but plays every cost below 25 as 25 (34% there).
	below := cappedGame(18, 10, floor, nil)
	// 50% at 80 Kr for a game that tells nothing more above 64 Kr (73% there).
	above := edgedGame(80, 10, 0, testCeiling, nil)
	for _, tc := range []struct {
		name string
		cfg  Config
		game GameFactory
		e    edge
		card float64
	}{
		{"floor, fixed", Config{Costs: grid(25, 64, 6.5), MinCost: floor, Trials: 600, MinTrials: 256, ChunkSize: 256, Seed: 3}, below, floorEdge(floor), 32},
		{"floor, precision", Config{Costs: grid(25, 64, 6.5), MinCost: floor, Precision: 3, MinTrials: 256, ChunkSize: 256, Seed: 3}, below, floorEdge(floor), 32},
		{"grid below the floor", Config{Costs: grid(10, 49, 6.5), MinCost: floor, Trials: 600, MinTrials: 256, ChunkSize: 256, Seed: 3}, below, floorEdge(floor), 32},
		{"ceiling, fixed", Config{Costs: grid(25, 64, 6.5), MaxCost: testCeiling, Trials: 600, MinTrials: 256, ChunkSize: 256, Seed: 3}, above, ceilingEdge(testCeiling), 45},
		{"ceiling, precision", Config{Costs: grid(25, 64, 6.5), MaxCost: testCeiling, Precision: 3, MinTrials: 256, ChunkSize: 256, Seed: 3}, above, ceilingEdge(testCeiling), 45},
		{"widened to the ceiling", Config{Costs: grid(10, 30, 4), MaxCost: testCeiling, Trials: 600, MinTrials: 256, ChunkSize: 256, Seed: 3}, above, ceilingEdge(testCeiling), 45},
		{"grid above the ceiling", Config{Costs: grid(40, 79, 6.5), MaxCost: testCeiling, Trials: 600, MinTrials: 256, ChunkSize: 256, Seed: 3}, above, ceilingEdge(testCeiling), 45},
	} {
		var seen lowest
		c, err := Search(context.Background(), tc.cfg, recorded(tc.game, &seen))
		if err != nil {
			t.Fatal(err)
		}
		if seen.c < tc.cfg.MinCost || tc.cfg.MaxCost > 0 && seen.hi > tc.cfg.MaxCost {
			t.Errorf("%s: played %g-%g Kr, beyond the edge", tc.name, seen.c, seen.hi)
		}
		verdict := "over-costed by at least"
		if tc.e.sign > 0 {
			verdict = "under-costed by at least"
		}
		checkOneSided(t, tc.name, c, tc.e, tc.card, verdict)
		if tc.cfg.Precision > 0 {
			checkEdgeUnmet(t, c.FairCost(), fmt.Sprintf("the fair cost lies at or %s %.1f Kr", tc.e.beyond, tc.e.cost))
		}
	}
}

// checkOneSided checks a search's result one-sided at edge e (its interval's
// finite end between e and the card), with the verdict for the card
// ("over-costed by at least", "under-costed by at least").
func checkOneSided(t *testing.T, name string, c *Curve, e edge, card float64, verdict string) {
	t.Helper()
	f := c.FairCost()
	a := Assess("p", card, f)
	t.Logf("%s: %v; warnings %v; notes %v", name, a, f.Warnings, c.Notes)
	end := f.Hi
	if e.sign > 0 {
		end = f.Lo
	}
	if !e.bounds(f) || e.sign*(end-e.cost) > 0 || e.sign*(end-card) < 0 {
		t.Errorf("%s: %v, want a bound %s, between the edge %g Kr and the card", name, f, e.bound, e.cost)
	}
	if !hasWarning(f, ErrOneSided) {
		t.Errorf("%s: no ErrOneSided in %v", name, f.Warnings)
	}
	// The fair cost lies beyond the range, and the text says so.
	say := fmt.Sprintf("fair cost %s %.1f Kr (the range's %s)", e.beyond, e.cost, e.name)
	if f.Outside() != e.beyond || !strings.HasPrefix(f.String(), say+", 95% interval: "+e.bound) || !strings.HasPrefix(f.BoundText(), say+", "+e.bound) {
		t.Errorf("%s: outside %q, %q, %q: want %q", name, f.Outside(), f, f.BoundText(), say)
	}
	if !a.Flagged() || !a.AtLeast || !strings.Contains(a.String(), verdict) {
		t.Errorf("%s: %q", name, a)
	}
}

// TestSampleRejectsNonPositiveCosts checks that a cost of zero or less is an
// error before any trial, not a panic in the game.
func TestSampleRejectsNonPositiveCosts(t *testing.T) {
	var seen lowest
	for _, costs := range [][]float64{{-10, 0, 10}, {0, 10, 20}} {
		_, err := Sample(context.Background(), Config{Costs: costs, Trials: 10}, cappedGame(5, 5, 0, &seen))
		if err == nil || !strings.Contains(err.Error(), "not positive") {
			t.Errorf("costs %v: error %v", costs, err)
		}
	}
}

// TestAssessOneSided checks the verdicts of one-sided intervals and their
// wording (issue #10 item 2: "at most 25 Kr: over-costed by at least 7 Kr").
func TestAssessOneSided(t *testing.T) {
	inf := math.Inf(1)
	for _, tc := range []struct {
		f    FairCost
		card float64
		want Verdict
		text string
	}{
		{FairCost{Cost: math.NaN(), Lo: -inf, Hi: 25.3}, 32, OverCosted,
			"fair cost at most 25.3 Kr (one-sided 95% interval); card says 32: over-costed by at least 7 Kr"},
		{FairCost{Cost: math.NaN(), Lo: -inf, Hi: 25.3}, 20, NoVerdict,
			"fair cost at most 25.3 Kr (one-sided 95% interval); card says 20: no verdict (the card cost lies inside the one-sided interval)"},
		{FairCost{Cost: 185, Lo: 166.4, Hi: inf}, 135, UnderCosted,
			"fair cost 185 Kr, 95% interval: at least 166.4 Kr; card says 135: under-costed by at least 31 Kr"},
		{FairCost{Cost: 185, Lo: 166.4, Hi: inf}, 170, NoVerdict,
			"fair cost 185 Kr, 95% interval: at least 166.4 Kr; card says 170: no verdict (the card cost lies inside the one-sided interval)"},
	} {
		a := Assess("p", tc.card, tc.f)
		if a.Verdict != tc.want || a.String() != tc.text {
			t.Errorf("%v, card %g: %v %q, want %v %q", tc.f, tc.card, a.Verdict, a, tc.want, tc.text)
		}
		if a.Flagged() != (tc.want != NoVerdict) || a.AtLeast != a.Flagged() {
			t.Errorf("%v, card %g: flagged %t, at least %t", tc.f, tc.card, a.Flagged(), a.AtLeast)
		}
	}
}

// TestSearchCoverageWidened checks that widening keeps the 95% intervals
// honest: with the fair cost (83 Kr) above the first grid (30-60 Kr), the
// intervals of the widened search hold it in 95% of the seeds (99.9% Wilson
// interval of the fraction covered).
func TestSearchCoverageWidened(t *testing.T) {
	cfg := Config{Costs: grid(30, 60, 5), Trials: 500, ChunkSize: 256, MinTrials: 256}
	covered, unbounded, n := coverage(t, cfg, logisticGame(83, 15), 83, true)
	lo, hi := stats.Wilson(covered, n, 0.999)
	t.Logf("widened search: %d of %d intervals hold 83 Kr (%d unbounded): %.3f, 99.9%% Wilson %.3f-%.3f",
		covered, n, unbounded, float64(covered)/float64(n), lo, hi)
	if !(lo <= 0.95 && 0.95 <= hi) {
		t.Errorf("coverage %d/%d, 99.9%% interval [%.3f, %.3f] excludes 0.95", covered, n, lo, hi)
	}
}

// TestFloorWithoutFit checks the bound of a failed fit at the floor: a game
// that wins a third of the time at the floor and never above it (a cliff no
// logistic curve fits) has its fair cost bounded by the floor, from the
// floor's own point, with a verdict.
func TestFloorWithoutFit(t *testing.T) {
	cliff := func() (Game, error) {
		return func(r *rand.PCG, c float64) float64 {
			if c <= 25 && uniform(r) < 1.0/3 {
				return 1
			}
			return 0
		}, nil
	}
	c, err := Search(context.Background(), Config{Costs: grid(25, 85, 10), MinCost: 25, Trials: 300, MinTrials: 300}, cliff)
	if err != nil {
		t.Fatal(err)
	}
	f := c.FairCost()
	a := Assess("frail", 45, f)
	t.Logf("%v; warnings %v", a, f.Warnings)
	if !hasWarning(f, ErrFitFailed) || !hasWarning(f, ErrOneSided) || !f.UpperOnly() || f.Hi != 25 {
		t.Errorf("%v, warnings %v: want the fit failed and the fair cost at most 25 Kr", f, f.Warnings)
	}
	if a.Verdict != OverCosted || !a.AtLeast || a.By != 20 {
		t.Errorf("%q", a)
	}
}

// TestSearchCoverageNearFloor checks the coverage of the search when the fair
// cost (28 Kr) lies just above the floor (25 Kr), below which the game plays
// as at the floor: the intervals, two-sided or "at most", hold 28 Kr in 95% of
// the seeds (99.9% Wilson interval of the fraction covered).
func TestSearchCoverageNearFloor(t *testing.T) {
	var seen lowest
	cfg := Config{Costs: grid(25, 64, 6.5), MinCost: 25, Trials: 500, ChunkSize: 256, MinTrials: 256}
	covered, unbounded, n := coverage(t, cfg, cappedGame(28, 10, 25, &seen), 28, true)
	lo, hi := stats.Wilson(covered, n, 0.999)
	t.Logf("near the floor: %d of %d intervals hold 28 Kr (%d not bounded on both sides): %.3f, 99.9%% Wilson %.3f-%.3f",
		covered, n, unbounded, float64(covered)/float64(n), lo, hi)
	if !(lo <= 0.95 && 0.95 <= hi) {
		t.Errorf("coverage %d/%d, 99.9%% interval [%.3f, %.3f] excludes 0.95", covered, n, lo, hi)
	}
	if seen.c < 25 {
		t.Errorf("played %g Kr, below the floor", seen.c)
	}
}
