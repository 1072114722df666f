package balance

import (
	"context"
	"errors"
	"flag"
	"math"
	"math/rand/v2"
	"reflect"
	"sync/atomic"
	"testing"

	"github.com/kharn-ages/kharn/sim/runner"
	"github.com/kharn-ages/kharn/stats"
)

var coverageSeeds = flag.Int("balance.seeds", 200, "number of independent seeds of the coverage tests")

// uniform returns a uniform number in [0, 1) from r, as rand.Float64 does.
func uniform(r *rand.PCG) float64 { return float64(r.Uint64()<<11>>11) * 0x1p-53 }

// logistic is the true win rate 1/(1+exp((c-c0)/s)) of the synthetic games:
// 50% at c0, falling as the cost rises.
func logistic(c, c0, s float64) float64 { return 1 / (1 + math.Exp((c-c0)/s)) }

// logisticGame wins when one uniform from r is below the true win rate. With common
// random numbers a trial won at some cost is won at every lower cost.
func logisticGame(c0, s float64) GameFactory {
	return func() (Game, error) {
		return func(r *rand.PCG, c float64) float64 {
			if uniform(r) < logistic(c, c0, s) {
				return 1
			}
			return 0
		}, nil
	}
}

// drawGame has draws with probability L(1-L), wins with L - L(1-L)/2, so that its
// mean score is exactly L = logistic(c, c0, s). Both thresholds rise with L, so it
// is monotone in the cost under common random numbers too.
func drawGame(c0, s float64) GameFactory {
	return func() (Game, error) {
		return func(r *rand.PCG, c float64) float64 {
			l := logistic(c, c0, s)
			win, draw := l-l*(1-l)/2, l*(1-l)
			switch u := uniform(r); {
			case u < win:
				return 1
			case u < win+draw:
				return 0.5
			}
			return 0
		}, nil
	}
}

// mixedGame has the win rate of logisticGame, but in half of the trials, chosen
// by a draw from r, the game draws its uniform from a stream seeded by r and the
// cost: its costs then share nothing, as when a change of cost changes how many
// dice a real game rolls. It is not monotone in the cost, and the costs of a trial
// are less correlated than in logisticGame.
func mixedGame(c0, s float64) GameFactory {
	return func() (Game, error) {
		var own rand.PCG // per worker, as a real game's caches
		return func(r *rand.PCG, c float64) float64 {
			u := uniform(r)
			if uniform(r) < 0.5 {
				own.Seed(r.Uint64(), math.Float64bits(c))
				u = uniform(&own)
			}
			if u < logistic(c, c0, s) {
				return 1
			}
			return 0
		}, nil
	}
}

// gumbelGame wins with probability exp(-exp((c-m)/s)), a curve steeper above
// its 50% point than below, so that a logistic curve does not fit it. Its fair
// cost is m + s·ln(ln 2).
func gumbelGame(m, s float64) GameFactory {
	return func() (Game, error) {
		return func(r *rand.PCG, c float64) float64 {
			if uniform(r) < math.Exp(-math.Exp((c-m)/s)) {
				return 1
			}
			return 0
		}, nil
	}
}

// gumbelFair is the fair cost 83 Kr of gumbelGame(gumbelM, 12).
const gumbelM = 83 - 12*(-0.36651292058166435) // ln(ln 2) = -0.3665...

// grid returns the costs from lo to hi by step.
func grid(lo, hi, step float64) []float64 {
	var g []float64
	for c := lo; c <= hi; c += step {
		g = append(g, c)
	}
	return g
}

func sample(t testing.TB, cfg Config, g GameFactory) *Curve {
	t.Helper()
	c, err := Sample(context.Background(), cfg, g)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestPointInterval checks the point intervals against stats.Wilson without draws
// and the half-point bookkeeping of draws.
func TestPointInterval(t *testing.T) {
	tally := NewTally(2)
	// 3 trials: (win, draw), (draw, loss), (loss, loss).
	for _, h := range [][]int8{{2, 1}, {1, 0}, {0, 0}} {
		tally.Add(h)
	}
	ps := points([]float64{80, 100}, tally)
	// Cost 80: 1 win, 1 draw of 3: rate (1 + 1/2)/3.
	if ps[0].Wins != 1 || ps[0].Draws != 1 || ps[0].N != 3 || ps[0].Rate != 0.5 {
		t.Errorf("point 0 = %+v, want 1 win 1 draw of 3, rate 0.5", ps[0])
	}
	// Cross sums of half-points: 2·1 between the costs, 4+1 on the first diagonal.
	if tally.Cross[1] != 2 || tally.Cross[2] != 2 || tally.Cross[0] != 5 || tally.Cross[3] != 1 {
		t.Errorf("cross = %v, want [5 2 2 1]", tally.Cross)
	}
	for _, tc := range []struct{ k, n int }{{0, 10}, {3, 10}, {10, 10}, {517, 1000}} {
		lo, hi := wilson(float64(tc.k)/float64(tc.n), tc.n, z95)
		wlo, whi := stats.Wilson(tc.k, tc.n, 0.95)
		if math.Abs(lo-wlo) > 1e-12 || math.Abs(hi-whi) > 1e-12 {
			t.Errorf("wilson(%d/%d) = [%v, %v], stats.Wilson [%v, %v]", tc.k, tc.n, lo, hi, wlo, whi)
		}
	}
}

// TestCommonRandomNumbers checks that every cost of a trial sees the same stream:
// the logistic game is then monotone, so a trial won at a cost is won at every
// lower cost, and the cross sum of two costs is 4 times the wins at the higher.
func TestCommonRandomNumbers(t *testing.T) {
	costs := grid(60, 120, 10)
	var done, target int
	progress := func(d, tg int) { done, target = d, tg }
	c := sample(t, Config{Costs: costs, Trials: 5000, Seed: 3, Progress: progress}, logisticGame(90, 12))
	if done != 5000 || target != 5000 || c.Trials != 5000 {
		t.Errorf("last progress %d of %d, %d trials, want 5000 of 5000", done, target, c.Trials)
	}
	k := len(costs)
	for i := range k - 1 {
		if got, want := c.Tally.Cross[i*k+i+1], 4*int64(c.Tally.Wins[i+1]); got != want {
			t.Errorf("cross(%g, %g) = %d, want %d: the costs do not share their random numbers", costs[i], costs[i+1], got, want)
		}
	}
	// Each point is a binomial sample of the true rate: inside a 99.99% interval.
	for _, p := range c.Points {
		lo, hi := stats.Wilson(p.Wins, p.N, 0.9999)
		if truth := logistic(p.Cost, 90, 12); truth < lo || truth > hi {
			t.Errorf("rate at %g = %d/%d, 99.99%% interval [%.4f, %.4f] misses the truth %.4f", p.Cost, p.Wins, p.N, lo, hi, truth)
		}
	}
}

// TestDeterministicWorkers checks that fixed and precision runs give the same
// curve and fair cost with 1 and 3 workers.
func TestDeterministicWorkers(t *testing.T) {
	for _, cfg := range []Config{
		{Costs: grid(60, 120, 10), Trials: 5000, Seed: 7, ChunkSize: 256},
		{Costs: grid(60, 120, 10), Precision: 3, Seed: 7, ChunkSize: 256},
	} {
		var got [2]*Curve
		for i, w := range []int{1, 3} {
			cfg.Workers = w
			got[i] = sample(t, cfg, drawGame(95, 10))
		}
		if !reflect.DeepEqual(got[0], got[1]) {
			t.Errorf("precision %g: 1 worker %+v, 3 workers %+v", cfg.Precision, got[0].Points, got[1].Points)
		}
		f1, f3 := got[0].FairCost(), got[1].FairCost()
		if !reflect.DeepEqual(f1, f3) {
			t.Errorf("precision %g: fair cost %v with 1 worker, %v with 3", cfg.Precision, f1, f3)
		}
		if got[0].Tally.Draws[0] == 0 {
			t.Errorf("the draw game drew no draws")
		}
	}
}

// TestFairCostRecovers checks that the interval of a large run holds the true fair
// cost, with and without draws, and that nothing is flagged.
func TestFairCostRecovers(t *testing.T) {
	for _, tc := range []struct {
		name string
		game GameFactory
	}{
		{"wins", logisticGame(92, 10)},
		{"draws", drawGame(92, 10)},
	} {
		for _, degree := range []int{1, 2} {
			c := sample(t, Config{Costs: grid(70, 120, 10), Trials: 20_000, Seed: 11, Degree: degree}, tc.game)
			f := c.FairCost()
			t.Logf("%s, degree %d: %v (±%.2f), %d trials, seed %d", tc.name, degree, f, f.HalfWidth(), f.Trials, f.Seed)
			if !(f.Lo <= 92 && 92 <= f.Hi) {
				t.Errorf("%s, degree %d: %v misses the true fair cost 92", tc.name, degree, f)
			}
			if len(f.Warnings) > 0 {
				t.Errorf("%s, degree %d: warnings %v", tc.name, degree, f.Warnings)
			}
			if degree != 1 {
				continue
			}
			// The slope of the truth is -1/s logit per Krown.
			if se := math.Sqrt(f.Fit.Cov[3]) / f.Fit.Scale; math.Abs(f.Fit.Slope(92)+0.1) > 4*se {
				t.Errorf("%s: slope %v ± %v, want -0.1", tc.name, f.Fit.Slope(92), se)
			}
		}
	}
}

// coverage runs the game with seeds 1..n and counts the 95% intervals that hold c0.
// Unbounded intervals cover; unbounded counts them.
// A search case runs Search instead of Sample.
func coverage(t *testing.T, cfg Config, g GameFactory, c0 float64, search bool) (covered, unbounded, n int) {
	n = *coverageSeeds
	for seed := 1; seed <= n; seed++ {
		cfg.Seed = uint64(seed)
		var c *Curve
		if search {
			var err error
			if c, err = Search(context.Background(), cfg, g); err != nil {
				t.Fatal(err)
			}
		} else {
			c = sample(t, cfg, g)
		}
		f := c.FairCost()
		if f.Lo <= c0 && c0 <= f.Hi {
			covered++
		}
		if !f.Bounded() {
			unbounded++
		}
	}
	return covered, unbounded, n
}

// TestCoverage checks that the 95% fair-cost interval holds the true fair cost in
// 95% of independent runs, for small fixed runs of both games and for precision
// runs: the Wilson 99.9% interval of the fraction covered must contain 0.95.
// go test ./balance -run Coverage -v -balance.seeds 2000 gives the numbers of
// docs/cost.md.
func TestCoverage(t *testing.T) {
	costs := grid(60, 120, 10)
	for _, tc := range []struct {
		name   string
		cfg    Config
		game   GameFactory
		search bool
	}{
		{"wins, 500 trials", Config{Costs: costs, Trials: 500, ChunkSize: 256}, logisticGame(83, 15), false},
		{"wins, 500 trials, degree 1", Config{Costs: costs, Trials: 500, ChunkSize: 256, Degree: 1}, logisticGame(83, 15), false},
		{"draws, 500 trials", Config{Costs: costs, Trials: 500, ChunkSize: 256}, drawGame(83, 15), false},
		{"mixed, 500 trials", Config{Costs: costs, Trials: 500, ChunkSize: 256}, mixedGame(83, 15), false},
		{"wins, 100 trials", Config{Costs: costs, Trials: 100, ChunkSize: 256}, logisticGame(83, 15), false},
		{"wins, precision 4 Kr", Config{Costs: costs, Precision: 4, ChunkSize: 128, MinTrials: 256}, logisticGame(83, 15), false},
		{"mixed, independent, 500 trials", Config{Costs: costs, Trials: 500, ChunkSize: 256, Independent: true}, mixedGame(83, 15), false},
		{"asymmetric, 2000 trials", Config{Costs: costs, Trials: 2000, ChunkSize: 256}, gumbelGame(gumbelM, 12), false},
		{"asymmetric, search, 256 + 2000 trials", Config{Costs: costs, Trials: 2000, ChunkSize: 256, MinTrials: 256}, gumbelGame(gumbelM, 12), true},
		{"mixed, precision 4 Kr", Config{Costs: costs, Precision: 4, ChunkSize: 128, MinTrials: 256}, mixedGame(83, 15), false},
	} {
		covered, unbounded, n := coverage(t, tc.cfg, tc.game, 83, tc.search)
		lo, hi := stats.Wilson(covered, n, 0.999)
		t.Logf("%s: %d of %d intervals hold 83 Kr (%d unbounded): %.3f, 99.9%% Wilson %.3f-%.3f",
			tc.name, covered, n, unbounded, float64(covered)/float64(n), lo, hi)
		if !(lo <= 0.95 && 0.95 <= hi) {
			t.Errorf("%s: coverage %d/%d, 99.9%% interval [%.3f, %.3f] excludes 0.95", tc.name, covered, n, lo, hi)
		}
	}
}

// TestPairingMatters checks that the binomial covariance, which treats the costs
// of a trial as independent samples, gives intervals that do not cover 95% of the
// time under common random numbers: the sandwich of fit is needed.
func TestPairingMatters(t *testing.T) {
	costs := grid(60, 120, 10)
	for _, tc := range []struct {
		name string
		game GameFactory
	}{
		{"wins", logisticGame(83, 15)},
		{"mixed", mixedGame(83, 15)},
	} {
		covered, n := 0, *coverageSeeds
		for seed := 1; seed <= n; seed++ {
			c := sample(t, Config{Costs: costs, Trials: 500, Seed: uint64(seed)}, tc.game)
			_, lo, hi := fitCov(costs, c.Tally, c.Degree, false).root()
			if lo <= 83 && 83 <= hi {
				covered++
			}
		}
		lo, hi := stats.Wilson(covered, n, 0.999)
		t.Logf("%s, binomial covariance: %d of %d intervals hold 83 Kr: %.3f, 99.9%% Wilson %.3f-%.3f", tc.name, covered, n, float64(covered)/float64(n), lo, hi)
		if lo <= 0.95 && 0.95 <= hi {
			t.Errorf("%s: the binomial covariance covers %d/%d, compatible with 95%%", tc.name, covered, n)
		}
	}
}

// TestAsymmetricCurve checks that the default quadratic logit holds the fair
// cost of an asymmetric curve where the linear logit of degree 1 is biased enough
// for its intervals to miss.
func TestAsymmetricCurve(t *testing.T) {
	if math.Abs(math.Exp(-math.Exp((83-gumbelM)/12))-0.5) > 1e-12 {
		t.Fatalf("gumbelM is wrong")
	}
	costs := grid(60, 120, 10)
	for _, tc := range []struct {
		degree int
		ok     bool
	}{{1, false}, {2, true}} {
		n := max(*coverageSeeds/4, 20)
		covered := 0
		var est stats.Mean
		for seed := 1; seed <= n; seed++ {
			f := sample(t, Config{Costs: costs, Trials: 5000, Seed: uint64(seed), Degree: tc.degree}, gumbelGame(gumbelM, 12)).FairCost()
			if f.Lo <= 83 && 83 <= f.Hi {
				covered++
			}
			est.Add(f.Cost)
		}
		lo, hi := stats.Wilson(covered, n, 0.999)
		t.Logf("degree %d, 5000 trials: %d of %d intervals hold 83 Kr (99.9%% Wilson %.3f-%.3f), mean estimate %.2f ± %.2f Kr",
			tc.degree, covered, n, lo, hi, est.Mean(), est.SE())
		if ok := lo <= 0.95 && 0.95 <= hi; ok != tc.ok {
			t.Errorf("degree %d: coverage %d/%d compatible with 95%%: %t, want %t", tc.degree, covered, n, ok, tc.ok)
		}
	}
}

// TestSearch checks the two stages of Search: the second grid is narrow and
// around the fair cost, the result does not depend on the workers, and a flat
// first stage is returned alone.
func TestSearch(t *testing.T) {
	ctx := context.Background()
	cfg := Config{Costs: grid(40, 160, 20), Trials: 4000, Seed: 2, ChunkSize: 256, MinTrials: 512}
	var got [2]*Curve
	for i, w := range []int{1, 3} {
		cfg.Workers = w
		c, err := Search(ctx, cfg, gumbelGame(gumbelM, 12))
		if err != nil {
			t.Fatal(err)
		}
		got[i] = c
	}
	if !reflect.DeepEqual(got[0], got[1]) {
		t.Errorf("1 and 3 workers differ")
	}
	c := got[0]
	f := c.FairCost()
	t.Logf("%v after %d + %d trials, grid %.1f-%.1f Kr, seed %d", f, c.Coarse.Trials, c.Trials, c.Points[0].Cost, c.Points[len(c.Points)-1].Cost, f.Seed)
	if c.Coarse == nil || c.Coarse.Trials != 512 || c.Trials != 4000 || c.Seed != stage2Seed(2) {
		t.Fatalf("stages: coarse %v, trials %d, seed %d", c.Coarse != nil, c.Trials, c.Seed)
	}
	// The first stage's interval at 512 trials is a few Kr wide: the second grid
	// spans ±20 Kr (a sixth of 120) around it.
	if lo, hi := c.Points[0].Cost, c.Points[len(c.Points)-1].Cost; hi-lo != 40 || lo > 83 || hi < 83 {
		t.Errorf("second grid %g-%g Kr, want 40 Kr wide around 83", lo, hi)
	}
	if !(f.Lo <= 83 && 83 <= f.Hi) || len(f.Warnings) > 0 {
		t.Errorf("%v misses 83 Kr or warns %v", f, f.Warnings)
	}
	flat, err := Search(ctx, Config{Costs: grid(60, 120, 10), Trials: 1000}, func() (Game, error) {
		return func(r *rand.PCG, c float64) float64 { return float64(r.Uint64() & 1) }, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if flat.Coarse != nil || !hasWarning(flat.FairCost(), ErrFlat) {
		t.Errorf("flat: a second stage was played, or no ErrFlat: %v", flat.FairCost().Warnings)
	}
}

// TestIndependentStreams checks that Independent gives each cost its own stream
// (the logistic game is then not monotone) and measures the mean half-width of
// the fair-cost interval with and without common random numbers.
func TestIndependentStreams(t *testing.T) {
	costs := grid(60, 120, 10)
	c := sample(t, Config{Costs: costs, Trials: 5000, Seed: 3, Independent: true}, logisticGame(90, 12))
	// Independent costs: cross(i, i+1) = 4·wins(i)·wins(i+1)/N on average, far
	// below the 4·wins(i+1) of common random numbers.
	if got, crn := c.Tally.Cross[1], 4*int64(c.Tally.Wins[1]); got >= crn {
		t.Errorf("cross(%g, %g) = %d, as high as under common random numbers (%d)", costs[0], costs[1], got, crn)
	}
	for _, g := range []struct {
		name string
		game GameFactory
	}{{"wins", logisticGame(83, 15)}, {"mixed", mixedGame(83, 15)}} {
		var hw [2]stats.Mean
		for i, ind := range []bool{false, true} {
			for seed := 1; seed <= 50; seed++ {
				f := sample(t, Config{Costs: costs, Trials: 500, Seed: uint64(seed), Independent: ind}, g.game).FairCost()
				hw[i].Add(f.HalfWidth())
			}
		}
		t.Logf("%s, 500 trials, 50 seeds: mean half-width %.2f ± %.2f Kr with common random numbers, %.2f ± %.2f independent",
			g.name, hw[0].Mean(), hw[0].SE(), hw[1].Mean(), hw[1].SE())
		// Common random numbers make the whole curve of a trial move together,
		// which moves its root: in these games independent streams do better.
		if !(hw[1].Mean()+4*hw[1].SE() < hw[0].Mean()-4*hw[0].SE()) {
			t.Errorf("%s: independent streams are not narrower", g.name)
		}
	}
}

// TestInterrupted cancels a run from inside the game and checks that the partial
// result is flagged and is a shorter run with the same seed.
func TestInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var games atomic.Int64
	inner := logisticGame(90, 10)
	factory := func() (Game, error) {
		g, _ := inner()
		return func(r *rand.PCG, c float64) float64 {
			if games.Add(1) == 7*3000 {
				cancel()
			}
			return g(r, c)
		}, nil
	}
	cfg := Config{Costs: grid(60, 120, 10), Trials: 100_000, Seed: 5, ChunkSize: 256, Workers: 2}
	c, err := Sample(ctx, cfg, factory)
	if err != nil {
		t.Fatal(err)
	}
	if !c.Interrupted || c.Trials >= cfg.Trials || c.Trials%256 != 0 {
		t.Fatalf("interrupted %t after %d trials, want a partial run of whole chunks", c.Interrupted, c.Trials)
	}
	f := c.FairCost()
	if !hasWarning(f, ErrInterrupted) {
		t.Errorf("warnings %v lack ErrInterrupted", f.Warnings)
	}
	cfg.Trials = c.Trials
	full := sample(t, cfg, logisticGame(90, 10))
	if !reflect.DeepEqual(full.Tally, c.Tally) {
		t.Errorf("the partial run differs from a run of %d trials with the same seed", c.Trials)
	}
}

func hasWarning(f FairCost, target error) bool {
	for _, w := range f.Warnings {
		if errors.Is(w, target) {
			return true
		}
	}
	return false
}

// TestWarnings checks the warnings and verdicts of shaky estimates.
func TestWarnings(t *testing.T) {
	constant := func(p float64) GameFactory {
		return func() (Game, error) {
			return func(r *rand.PCG, c float64) float64 {
				if uniform(r) < p {
					return 1
				}
				return 0
			}, nil
		}
	}
	step := func() (Game, error) {
		return func(r *rand.PCG, c float64) float64 {
			if c < 90 {
				return 1
			}
			return 0
		}, nil
	}
	// A curve logistic on neither side of 90 Kr: 80% below, 20% from 90 on.
	cliff := func() (Game, error) {
		return func(r *rand.PCG, c float64) float64 {
			p := 0.8
			if c >= 90 {
				p = 0.2
			}
			if uniform(r) < p {
				return 1
			}
			return 0
		}, nil
	}
	costs := grid(60, 120, 10)
	for _, tc := range []struct {
		name    string
		cfg     Config
		game    GameFactory
		want    error
		bounded bool
	}{
		{"flat", Config{Costs: costs, Trials: 4000}, constant(0.5), ErrFlat, false},
		{"extrapolated", Config{Costs: costs, Trials: 4000}, logisticGame(150, 20), ErrExtrapolated, true},
		{"not converged", Config{Costs: costs, Precision: 0.1, MaxTrials: 2048}, logisticGame(90, 10), ErrNotConverged, true},
		{"step", Config{Costs: costs, Trials: 1000}, step, ErrFitFailed, false},
		{"cliff", Config{Costs: costs, Trials: 20_000}, cliff, ErrLackOfFit, true},
		{"rising", Config{Costs: costs, Trials: 4000}, logisticGame(90, -10), ErrRising, true},
	} {
		c := sample(t, tc.cfg, tc.game)
		f := c.FairCost()
		t.Logf("%s: %v, warnings %v", tc.name, f, f.Warnings)
		if !hasWarning(f, tc.want) {
			t.Errorf("%s: warnings %v lack %v", tc.name, f.Warnings, tc.want)
		}
		if f.Bounded() != tc.bounded {
			t.Errorf("%s: bounded %t, want %t", tc.name, f.Bounded(), tc.bounded)
		}
		if a := Assess(tc.name, 100, f); !tc.bounded && a.Verdict != NoVerdict {
			t.Errorf("%s: verdict %v on an unbounded interval", tc.name, a.Verdict)
		}
	}
}

// TestSampleErrors checks the errors of bad configurations and games.
func TestSampleErrors(t *testing.T) {
	ctx := context.Background()
	if _, err := Sample(ctx, Config{Costs: []float64{90}, Trials: 10}, logisticGame(90, 10)); err == nil {
		t.Error("one cost: no error")
	}
	if _, err := Sample(ctx, Config{Costs: []float64{90, 90}, Trials: 10}, logisticGame(90, 10)); err == nil {
		t.Error("no distinct costs: no error")
	}
	boom := errors.New("no reference pool")
	if _, err := Sample(ctx, Config{Costs: []float64{80, 90}, Trials: 10}, logisticGame(90, 10)); err == nil {
		t.Error("degree 2 on two costs: no error")
	}
	_, err := Sample(ctx, Config{Costs: []float64{80, 90}, Trials: 10, Degree: 1}, func() (Game, error) { return nil, boom })
	if !errors.Is(err, boom) {
		t.Errorf("factory error: got %v", err)
	}
	third := func() (Game, error) { return func(*rand.PCG, float64) float64 { return 1.0 / 3 }, nil }
	_, err = Sample(ctx, Config{Costs: []float64{80, 90}, Trials: 10, Degree: 1}, third)
	var pe *runner.PanicError
	if !errors.As(err, &pe) {
		t.Errorf("score 1/3: got %v, want a *runner.PanicError", err)
	}
}

// TestAssess checks the verdicts and their wording on hand-made estimates.
func TestAssess(t *testing.T) {
	f := FairCost{Cost: 92, Lo: 88, Hi: 97}
	for _, tc := range []struct {
		card float64
		want Verdict
		text string
	}{
		{100, OverCosted, "fair cost 92 Kr, 95% interval 88-97; card says 100: over-costed by about 8 Kr"},
		{80, UnderCosted, "fair cost 92 Kr, 95% interval 88-97; card says 80: under-costed by about 12 Kr"},
		{97, Fair, "fair cost 92 Kr, 95% interval 88-97; card says 97: fair (card cost inside the interval)"},
		{88, Fair, "fair cost 92 Kr, 95% interval 88-97; card says 88: fair (card cost inside the interval)"},
	} {
		a := Assess("p", tc.card, f)
		if a.Verdict != tc.want || a.String() != tc.text {
			t.Errorf("card %g: %v %q, want %v %q", tc.card, a.Verdict, a, tc.want, tc.text)
		}
		if a.Flagged() != (tc.want != Fair) {
			t.Errorf("card %g: flagged %t", tc.card, a.Flagged())
		}
	}
	flat := Assess("flat", 100, FairCost{Cost: 92, Lo: math.Inf(-1), Hi: math.Inf(1)})
	if flat.Verdict != NoVerdict || flat.Flagged() {
		t.Errorf("unbounded interval: %v, flagged %t", flat.Verdict, flat.Flagged())
	}
}

// TestRank checks the order of a ranking: efficiency first, no verdict last.
func TestRank(t *testing.T) {
	f := func(c float64) FairCost { return FairCost{Cost: c, Lo: c - 5, Hi: c + 5} }
	as := []Assessment{
		Assess("even", 100, f(100)),
		Assess("flat", 100, FairCost{Cost: 300, Lo: math.Inf(-1), Hi: math.Inf(1)}),
		Assess("cheap", 50, f(80)),
		Assess("dear", 120, f(90)),
	}
	Rank(as)
	var got []string
	for _, a := range as {
		got = append(got, a.Label)
	}
	if want := []string{"cheap", "even", "dear", "flat"}; !reflect.DeepEqual(got, want) {
		t.Errorf("ranking %v, want %v", got, want)
	}
}
