package balance

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync/atomic"

	"github.com/kharn-ages/kharn/sim/runner"
)

// A Game plays one trial of the studied profile's side, with a Krown cost of cost
// for the profile, against the reference pool at equal budget, and returns the
// side's score: 1 for a win, 0.5 for a draw, 0 for a loss. Any other score makes the
// run fail with a *runner.PanicError.
//
// Common random numbers: for one trial, Sample gives the Game a PCG in the same
// state at every cost of the grid. A Game must therefore draw everything it
// samples (dice, the opponent's choice, the rounding of counts) from r, and from
// nothing else, so that the costs of a trial differ only by the cost.
type Game func(r *rand.PCG, cost float64) float64

// A GameFactory makes one Game per worker goroutine, so that a Game may keep
// caches without locks. An error stops the run before any trial is played.
type GameFactory func() (Game, error)

// DefaultChunkSize is the number of trials per chunk when Config.ChunkSize is zero.
// A trial plays every cost of the grid, so a chunk is ChunkSize×len(Costs) games.
const DefaultChunkSize = 1024

// DefaultDegree is the degree of the fit when Config.Degree is zero.
const DefaultDegree = 2

// Config says which costs to try, how many trials to play and how.
type Config struct {
	// Costs is the grid of Krown costs, each tried in every trial. Sample needs
	// at least two distinct costs, all positive.
	Costs []float64

	// MinCost is the lowest cost the game tells apart: below it the game plays
	// as at MinCost (kharn cost: the budget buys no more than sim.MaxBudgetSafars
	// Safars). Search plays no cost below it, and a fair-cost interval reaching
	// below it is one-sided (see FairCost). Zero means no floor other than
	// costs staying positive.
	MinCost float64

	// MaxCost is the highest cost at which the game tells the profile apart:
	// above it the game's outcomes say nothing more of the profile (kharn
	// cost: the budget buys a single Safar at MaxCost; dearer, a side fields
	// it in some battles only and forfeits the others, so the win rate is the
	// one at MaxCost scaled by MaxCost/cost). Search plays no cost above it,
	// and a fair-cost interval reaching above it is one-sided (see FairCost).
	// Zero means no ceiling. When positive, it must lie above MinCost.
	MaxCost float64

	// Trials is the number of trials of a fixed run; each trial plays every cost.
	// It is ignored when Precision is positive.
	Trials int

	// Precision, when positive, makes a precision run: trials are added chunk by
	// chunk until the half-width of the 95% fair-cost interval (see Curve.FairCost)
	// is at most Precision Krowns, or MaxTrials trials have been played. With a
	// MinCost, the run also stops, its target unmet (Curve.Unmet), as soon as the
	// fitted win rate at MinCost is below 50%, significantly at the 99.9% level:
	// the interval is then "at most MinCost", one-sided, and no number of trials
	// bounds it from below. With a MaxCost, the same at the ceiling: the run
	// stops as soon as the fitted win rate at MaxCost is above 50% at that
	// level, the interval being "at least MaxCost".
	Precision float64

	// MinTrials is the number of trials a precision run plays before it first
	// looks at the interval. Zero means 2×ChunkSize.
	MinTrials int

	// MaxTrials caps a precision run. Zero means runner.DefaultMaxTrials.
	MaxTrials int

	// Degree is the degree of the polynomial in the cost that the fit uses for
	// the logit of the win rate; zero means DefaultDegree. Degree 1 is the
	// logistic curve; 2 lets the curve be asymmetric. The grid needs more costs
	// than Degree.
	Degree int

	// Independent, if true, gives each cost of a trial its own stream instead
	// of common random numbers. The curve is then bumpier but the fair cost
	// more precise for the same trials when the game's outcomes are strongly
	// correlated across costs; docs/cost.md gives the measured trade-off.
	Independent bool

	// Seed is the master seed. Trial j of chunk c draws its stream's seed from
	// rand.NewPCG(Seed, c), so a Seed and ChunkSize fix every number sampled.
	Seed uint64

	// Workers is the number of worker goroutines; zero means GOMAXPROCS. It does
	// not change the result.
	Workers int

	// ChunkSize is the number of trials per chunk; zero means DefaultChunkSize.
	ChunkSize int

	// Progress, if not nil, is called with the trials done and aimed at (Trials,
	// or MaxTrials for a precision run), as runner.Config.Progress is.
	Progress func(done, target int)
}

// Tally holds the sufficient statistics of a run, in half-points (a win scores 2,
// a draw 1, a loss 0), so that sums are exact integers whatever the merge order.
// Index k follows Costs. The zero value is empty; use NewTally.
type Tally struct {
	// N is the number of trials; each played every cost.
	N int
	// Wins and Draws count the wins and draws at each cost.
	Wins, Draws []int
	// Cross is the K×K matrix, row-major, of the sums over trials of h_k·h_l,
	// h_k the half-points of the trial at cost k. Its diagonal gives the variance
	// at each cost and the rest the covariance that common random numbers create.
	Cross []int64
}

// NewTally returns an empty tally for k costs.
func NewTally(k int) *Tally {
	return &Tally{Wins: make([]int, k), Draws: make([]int, k), Cross: make([]int64, k*k)}
}

// Add adds a trial whose half-points at each cost are h.
func (t *Tally) Add(h []int8) {
	k := len(t.Wins)
	if len(h) != k {
		panic("balance: trial length does not match the tally")
	}
	t.N++
	for i, hi := range h {
		switch hi {
		case 2:
			t.Wins[i]++
		case 1:
			t.Draws[i]++
		}
		if hi == 0 {
			continue
		}
		row := t.Cross[i*k : (i+1)*k]
		for j, hj := range h {
			row[j] += int64(hi) * int64(hj)
		}
	}
}

// Merge adds the trials of src to t.
func (t *Tally) Merge(src *Tally) {
	t.N += src.N
	for i := range t.Wins {
		t.Wins[i] += src.Wins[i]
		t.Draws[i] += src.Draws[i]
	}
	for i := range t.Cross {
		t.Cross[i] += src.Cross[i]
	}
}

// score returns the mean score at cost k, draws counting half.
func (t *Tally) score(k int) float64 {
	return (float64(t.Wins[k]) + float64(t.Draws[k])/2) / float64(t.N)
}

// Point is the sampled win rate at one cost.
type Point struct {
	Cost float64
	// Wins and Draws count the trials won and drawn at this cost, out of N.
	Wins, Draws, N int
	// Rate is the mean score (Wins + Draws/2)/N: a draw counts as half a win.
	Rate float64
	// Lo and Hi bound the 95% interval of Rate (see Curve).
	Lo, Hi float64
}

// Curve is the sampled win rate of a profile against its cost.
//
// The interval of each point is Wilson's score interval computed with the mean
// score as the proportion and N trials. A score with draws has the variance
// w + d/4 - p², below the binomial p(1-p) of the same mean p = w + d/2, so the
// interval is exact without draws (it is then stats.Wilson) and conservative with
// them. The intervals are marginal: with common random numbers, the points of a
// curve are positively correlated, which makes differences between costs far
// more precise than two independent intervals suggest. Curve.FairCost accounts
// for that.
type Curve struct {
	Points []Point
	// Tally holds the sufficient statistics the points and the fit come from.
	Tally *Tally
	// Seed and ChunkSize reproduce the run; Trials is Tally.N.
	Seed      uint64
	ChunkSize int
	Trials    int
	// Degree is the degree of the fit (see Config.Degree).
	Degree int
	// Precision is the target half-width of a precision run, zero for a fixed one.
	Precision float64
	// Converged reports that a precision run met its target.
	Converged bool
	// Interrupted reports that the context was cancelled: the curve is then the
	// result of a shorter run with the same seed.
	Interrupted bool
	// Coarse is the first stage of a Search, on the wide grid (the last one when
	// Search widened the grid), and nil for a curve from Sample.
	Coarse *Curve
	// MinCost is Config.MinCost: an interval reaching below it is one-sided.
	MinCost float64
	// MaxCost is Config.MaxCost: an interval reaching above it is one-sided.
	MaxCost float64
	// Notes says what Search did beyond its two stages (a widened grid, a
	// second stage replayed on a wider grid, a stage not played), in words.
	Notes []string
	// Unmet, when not empty, says why a precision run could not meet its
	// target before MaxTrials (the fair cost lies at or below MinCost, or at
	// or above MaxCost, so the interval is one-sided; Search: the second stage
	// was not played).
	Unmet string
}

// Sample plays cfg's trials of the game at every cost of cfg.Costs, through
// sim/runner, and returns the curve.
//
// Each trial draws two words from its chunk's PCG and seeds a fresh PCG of its own
// with them before each cost, so the game sees the same random numbers at every
// cost (common random numbers). The result is the same for any number of workers.
// If ctx is cancelled, Sample returns the trials completed so far, with
// Interrupted set and a nil error.
func Sample(ctx context.Context, cfg Config, newGame GameFactory) (*Curve, error) {
	if len(cfg.Costs) < 2 {
		return nil, errors.New("balance: need at least two costs")
	}
	distinct := false
	for _, c := range cfg.Costs {
		if math.IsNaN(c) || math.IsInf(c, 0) {
			return nil, fmt.Errorf("balance: cost %v is not a number", c)
		}
		if c <= 0 {
			return nil, fmt.Errorf("balance: cost %v is not positive", c)
		}
		distinct = distinct || c != cfg.Costs[0]
	}
	if !distinct {
		return nil, errors.New("balance: need at least two distinct costs")
	}
	if cfg.MaxCost != 0 && !(cfg.MaxCost > cfg.MinCost) {
		return nil, fmt.Errorf("balance: highest cost %v is not above the lowest %v", cfg.MaxCost, cfg.MinCost)
	}
	if !(cfg.Precision >= 0) {
		return nil, fmt.Errorf("balance: precision %v is negative or NaN", cfg.Precision)
	}
	size := cfg.ChunkSize
	if size == 0 {
		size = DefaultChunkSize
	}
	degree := cfg.Degree
	if degree == 0 {
		degree = DefaultDegree
	}
	if degree < 1 || degree >= len(cfg.Costs) {
		return nil, fmt.Errorf("balance: a fit of degree %d needs more than %d costs and degree at least 1", degree, degree)
	}
	minTrials := cfg.MinTrials
	if minTrials == 0 {
		minTrials = 2 * size
	}
	rc := runner.Config{
		Trials: cfg.Trials, Precision: cfg.Precision, MaxTrials: cfg.MaxTrials,
		Seed: cfg.Seed, Workers: cfg.Workers, ChunkSize: size, Progress: cfg.Progress,
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	games := make([]Game, workers)
	for i := range games {
		g, err := newGame()
		if err != nil {
			return nil, fmt.Errorf("balance: %w", err)
		}
		if g == nil {
			return nil, errors.New("balance: game factory returned a nil game")
		}
		games[i] = g
	}
	var next atomic.Int64
	costs := slices.Clone(cfg.Costs)
	k := len(costs)
	newWorker := func() func(*rand.PCG, *Tally) {
		i := next.Add(1) - 1
		if int(i) >= len(games) {
			panic("balance: more workers than games")
		}
		game := games[i]
		var trial rand.PCG // held by the worker, reseeded at each cost
		h := make([]int8, k)
		return func(r *rand.PCG, t *Tally) {
			s1, s2 := r.Uint64(), r.Uint64()
			for j, c := range costs {
				if cfg.Independent {
					// A distinct odd multiplier per cost: streams as unrelated
					// as two chunk seeds.
					trial.Seed(s1, s2+uint64(j)*0x9e3779b97f4a7c15)
				} else {
					trial.Seed(s1, s2)
				}
				h[j] = halfPoints(game(&trial, c))
			}
			t.Add(h)
		}
	}
	var done func(*Tally, int) bool
	var atEdge *edge // the edge at which the last look stopped the run
	edges := [2]edge{floorEdge(cfg.MinCost), ceilingEdge(cfg.MaxCost)}
	if cfg.Precision > 0 {
		done = func(t *Tally, n int) bool {
			atEdge = nil
			if n < minTrials {
				return false
			}
			l := fit(costs, t, degree)
			if l.halfWidth(cfg.MinCost, cfg.MaxCost) <= cfg.Precision {
				return true
			}
			for i := range edges {
				if l.settled(edges[i]) {
					atEdge = &edges[i]
					return true
				}
			}
			return false
		}
	}
	res, err := runner.Run(ctx, rc,
		func() *Tally { return NewTally(k) },
		(*Tally).Merge, newWorker, done)
	if err != nil {
		return nil, err
	}
	c := &Curve{
		Tally: res.Acc, Seed: cfg.Seed, Degree: degree, ChunkSize: size, Trials: res.Acc.N,
		Precision: cfg.Precision, Converged: res.Converged && atEdge == nil, Interrupted: res.Interrupted,
		MinCost: cfg.MinCost, MaxCost: cfg.MaxCost,
	}
	if res.Converged && atEdge != nil {
		c.Unmet = atEdge.unmet()
	}
	c.Points = points(costs, res.Acc)
	return c, nil
}

// halfPoints converts a score to half-points, and panics on a score that is not
// 0, 0.5 or 1.
func halfPoints(s float64) int8 {
	switch s {
	case 0:
		return 0
	case 0.5:
		return 1
	case 1:
		return 2
	}
	panic(fmt.Sprintf("balance: game returned score %v, want 0, 0.5 or 1", s))
}

// points returns the curve's points from a tally.
func points(costs []float64, t *Tally) []Point {
	ps := make([]Point, len(costs))
	for k, c := range costs {
		p := Point{Cost: c, Wins: t.Wins[k], Draws: t.Draws[k], N: t.N}
		if t.N > 0 {
			p.Rate = t.score(k)
			p.Lo, p.Hi = wilson(p.Rate, t.N, z95)
		} else {
			p.Rate, p.Lo, p.Hi = math.NaN(), 0, 1
		}
		ps[k] = p
	}
	return ps
}

// z95 is the 0.975 quantile of the unit normal, for two-sided 95% intervals.
const z95 = 1.959963984540054

// wilson returns Wilson's score interval for the proportion p of n trials, with
// the normal quantile z. It is stats.Wilson for a proportion that need not be a
// count over n.
func wilson(p float64, n int, z float64) (lo, hi float64) {
	fn := float64(n)
	z2n := z * z / fn
	denom := 1 + z2n
	center := (p + z2n/2) / denom
	half := z / denom * math.Sqrt(max(p*(1-p), 0)/fn+z2n/(4*fn))
	lo, hi = center-half, center+half
	if p == 0 {
		lo = 0
	}
	if p == 1 {
		hi = 1
	}
	return max(lo, 0), min(hi, 1)
}
