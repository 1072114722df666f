package balance

import (
	"context"
	"math"
)

// stage2Seed derives the master seed of Search's second stage from the first's,
// so that the stages share no stream and seeds 1, 2, 3... of a user do not
// overlap (0x9e37... is 2⁶⁴ over the golden ratio).
func stage2Seed(seed uint64) uint64 { return seed ^ 0x9e3779b97f4a7c15 }

// Search looks for the fair cost in two stages with the same game. The first
// plays cfg.MinTrials trials (zero means 2×ChunkSize) on cfg.Costs, a wide grid;
// the second plays cfg's trials, or its precision run, on as many costs spread
// evenly over the fair cost of the first stage ± max(2 half-widths of its
// interval, a sixth of the grid's span), with the master seed cfg.Seed XOR
// 0x9e3779b97f4a7c15.
//
// A narrow grid around the crossing makes the fit's shape matter little: a
// logistic curve that is wrong far from 50% no longer biases the fair cost (see
// docs/cost.md). The returned curve is the second stage's, with the first in
// Coarse for plots. If the first stage gives no bounded interval, or is
// interrupted, Search returns it alone, so its warnings say why.
func Search(ctx context.Context, cfg Config, newGame GameFactory) (*Curve, error) {
	size := cfg.ChunkSize
	if size == 0 {
		size = DefaultChunkSize
	}
	first := cfg
	first.Precision, first.Trials = 0, cfg.MinTrials
	if first.Trials == 0 {
		first.Trials = 2 * size
	}
	coarse, err := Sample(ctx, first, newGame)
	if err != nil {
		return nil, err
	}
	f := coarse.FairCost()
	if coarse.Interrupted || !f.Bounded() {
		return coarse, nil
	}
	lo, hi := cfg.Costs[0], cfg.Costs[0]
	for _, c := range cfg.Costs {
		lo, hi = math.Min(lo, c), math.Max(hi, c)
	}
	w := max(2*f.HalfWidth(), (hi-lo)/6)
	k := len(cfg.Costs)
	second := cfg
	second.Seed = stage2Seed(cfg.Seed)
	second.Costs = make([]float64, k)
	for i := range k {
		second.Costs[i] = f.Cost - w + 2*w*float64(i)/float64(k-1)
	}
	fine, err := Sample(ctx, second, newGame)
	if err != nil {
		return nil, err
	}
	fine.Coarse = coarse
	return fine, nil
}
