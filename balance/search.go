package balance

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
)

// stage2Seed derives the master seed of Search's second stage from the first's,
// so that the stages share no stream and seeds 1, 2, 3... of a user do not
// overlap (0x9e37... is 2⁶⁴ over the golden ratio).
func stage2Seed(seed uint64) uint64 { return seed ^ 0x9e3779b97f4a7c15 }

// stageSeed derives the master seed of Search's extra stage i (0, 1, ...: the
// widened first stages, then a replayed second stage) the way stage2Seed does,
// with another multiple of the golden-ratio constant.
func stageSeed(seed uint64, i int) uint64 { return seed ^ 0x9e3779b97f4a7c15*uint64(i+2) }

// maxWiden is how many times Search widens its first grid looking for the 50%
// crossing; each doubles the span, so the last spans 64 times the first.
const maxWiden = 6

// Search looks for the fair cost in stages with the same game: it brackets the
// cost where the curve crosses 50%, then refines.
//
// The first stage plays cfg.MinTrials trials (zero means 2×ChunkSize) on
// cfg.Costs, a wide grid (moved up to start at cfg.MinCost if it starts below,
// down to end at cfg.MaxCost if it ends above). If the win rate there is
// significantly above 50% at the dearest cost, or the fitted crossing lies
// above the grid, the grid is moved up and its span doubled, never above
// cfg.MaxCost, and the stage replayed (with a seed of its own); below 50% at
// the cheapest cost, it is moved down, never below cfg.MinCost, nor to zero or
// below. At most 6 times: the curve is taken to be monotone, so this brackets
// the crossing. A crossing below cfg.MinCost or above cfg.MaxCost cannot be
// bracketed: the fair-cost interval is then one-sided ("at most", "at least").
//
// The second stage plays cfg's trials, or its precision run, on as many costs
// spread evenly over the fair cost of the first stage ± max(2 half-widths of its
// interval, a sixth of the grid's span), moved up to start at cfg.MinCost if it
// would start below, down to end at cfg.MaxCost if it would end above, with
// the master seed cfg.Seed XOR 0x9e3779b97f4a7c15. If its fair cost falls
// outside its grid or its interval is not bounded, it is replayed once on a
// grid twice as wide with a seed of its own (Curve.Notes says so), unless it
// is a precision run stopped because the fair cost lies at or below
// cfg.MinCost, or at or above cfg.MaxCost (Curve.Unmet says so; see
// Config.Precision).
//
// A narrow grid around the crossing makes the fit's shape matter little: a
// logistic curve that is wrong far from 50% no longer biases the fair cost (see
// docs/cost.md). The returned curve is the second stage's, with the last first
// stage in Coarse for plots. If the first stage finds no crossing to refine
// (a flat curve, a crossing below cfg.MinCost or above cfg.MaxCost, a failed
// fit), or is interrupted, Search returns it alone, so its warnings say why; a
// precision run then says in Curve.Unmet why its target was not met.
func Search(ctx context.Context, cfg Config, newGame GameFactory) (*Curve, error) {
	size := cfg.ChunkSize
	if size == 0 {
		size = DefaultChunkSize
	}
	if len(cfg.Costs) < 2 {
		return nil, fmt.Errorf("balance: need at least two costs")
	}
	floor, ceiling := cfg.MinCost, cfg.MaxCost
	k := len(cfg.Costs)
	first := cfg
	first.Precision, first.Trials = 0, cfg.MinTrials
	if first.Trials == 0 {
		first.Trials = 2 * size
	}
	if lo := slices.Min(cfg.Costs); floor > 0 && lo < floor {
		first.Costs = make([]float64, k)
		for i, c := range cfg.Costs {
			first.Costs[i] = c - lo + floor
		}
	}
	if hi := slices.Max(first.Costs); ceiling > 0 && hi > ceiling {
		first.Costs = around(ceiling-(hi-slices.Min(first.Costs))/2, (hi-slices.Min(first.Costs))/2, k, floor, ceiling)
	}
	var notes []string
	coarse, err := Sample(ctx, first, newGame)
	if err != nil {
		return nil, err
	}
	for i := 0; !coarse.Interrupted; i++ {
		lo, hi := slices.Min(first.Costs), slices.Max(first.Costs)
		dir := direction(coarse)
		if dir == 0 || dir < 0 && floorEdge(floor).reached(lo) || dir > 0 && ceilingEdge(ceiling).reached(hi) {
			break
		}
		if i == maxWiden {
			notes = append(notes, fmt.Sprintf("no 50%% crossing found after widening the grid %d times (last grid %.1f-%.1f Kr)", maxWiden, lo, hi))
			break
		}
		w := 2 * (hi - lo)
		var nlo, nhi float64
		what := "above"
		if dir > 0 {
			nlo, nhi = hi-w/4, hi+3*w/4
			if ceiling > 0 {
				nhi = min(nhi, ceiling)
			}
		} else {
			what = "below"
			nlo, nhi = max(lo-3*w/4, floor), lo+w/4
			if nlo <= 0 {
				nlo = lo / 4 // costs stay positive
			}
		}
		first.Costs = spread(nlo, nhi, k)
		first.Seed = stageSeed(cfg.Seed, i)
		notes = append(notes, fmt.Sprintf("the win rate is %s 50%% across %.1f-%.1f Kr: first stage replayed on %.1f-%.1f Kr (seed %d)",
			what, lo, hi, nlo, nhi, first.Seed))
		if coarse, err = Sample(ctx, first, newGame); err != nil {
			return nil, err
		}
	}
	coarse.Notes = notes
	c, w, ok := refineAround(coarse)
	if coarse.Interrupted || !ok {
		if cfg.Precision > 0 && !coarse.Interrupted {
			coarse.Precision = cfg.Precision
			coarse.Unmet = "the first stage found no 50% crossing to refine, so the precision run (second stage) was not played"
			f := coarse.FairCost()
			for _, e := range coarse.edges() {
				if e.bounds(f) {
					coarse.Unmet = e.lies() + " and the precision run (second stage) was not played"
				}
			}
		}
		return coarse, nil
	}
	second := cfg
	second.Seed = stage2Seed(cfg.Seed)
	second.Costs = around(c, w, k, floor, ceiling)
	fine, err := Sample(ctx, second, newGame)
	if err != nil {
		return nil, err
	}
	if !fine.Interrupted && fine.Unmet == "" { // a run stopped at the floor: a wider grid starts there too
		f := fine.FairCost()
		glo, ghi := second.Costs[0], second.Costs[k-1]
		if !f.Bounded() || f.Cost < glo || f.Cost > ghi {
			if !math.IsNaN(f.Cost) && f.Cost > glo-w && f.Cost < ghi+w {
				c = f.Cost
			}
			second.Costs = around(c, 2*w, k, floor, ceiling)
			second.Seed = stageSeed(cfg.Seed, maxWiden+1)
			notes = append(notes, fmt.Sprintf("the second stage on %.1f-%.1f Kr gave %v: replayed on %.1f-%.1f Kr (seed %d)",
				glo, ghi, f, second.Costs[0], second.Costs[k-1], second.Seed))
			if fine, err = Sample(ctx, second, newGame); err != nil {
				return nil, err
			}
		}
	}
	fine.Coarse = coarse
	fine.Notes = notes
	return fine, nil
}

// direction says where the 50% crossing of a first stage lies: 0 within its
// grid (or nowhere to be seen: a flat curve), +1 above it (the win rate is
// significantly above 50% at the dearest cost, or the fit crosses above the
// grid), -1 below it.
func direction(c *Curve) int {
	ps := slices.Clone(c.Points)
	slices.SortFunc(ps, func(a, b Point) int { return cmp.Compare(a.Cost, b.Cost) })
	bottom, top := ps[0], ps[len(ps)-1]
	f := c.FairCost()
	known := !math.IsNaN(f.Cost) && !math.IsInf(f.Cost, 0)
	if f.Bounded() && f.Cost >= bottom.Cost && f.Cost <= top.Cost {
		return 0
	}
	up := top.Lo > 0.5 || top.Rate > 0.5 && (known && f.Cost > top.Cost || f.LowerOnly())
	down := bottom.Hi < 0.5 || bottom.Rate < 0.5 && (known && f.Cost < bottom.Cost || f.UpperOnly())
	switch {
	case up && !down:
		return 1
	case down && !up:
		return -1
	}
	return 0
}

// refineAround returns the centre and half-span of the second stage's grid from
// a first stage: its fair cost ± max(2 half-widths, a sixth of the grid's span),
// a one-sided interval's finite end standing for the half-width. ok is false
// when there is no crossing to refine: no fitted crossing within the grid, or
// one below the floor (Curve.MinCost) or above the ceiling (Curve.MaxCost).
func refineAround(c *Curve) (centre, w float64, ok bool) {
	f := c.FairCost()
	lo, hi := c.Points[0].Cost, c.Points[0].Cost
	for _, p := range c.Points {
		lo, hi = min(lo, p.Cost), max(hi, p.Cost)
	}
	switch {
	case f.Bounded():
	case math.IsNaN(f.Cost) || math.IsInf(f.Cost, 0) || f.Cost < lo || f.Cost > hi:
		return 0, 0, false
	case !f.OneSided():
		return 0, 0, false // the curve is too flat to locate the crossing
	}
	half := f.HalfWidth()
	switch {
	case f.UpperOnly():
		half = f.Hi - f.Cost
	case f.LowerOnly():
		half = f.Cost - f.Lo
	}
	return f.Cost, max(2*half, (hi-lo)/6), true
}

// around returns k costs spread evenly over c ± w, moved up to start at
// floor if they would start below it, and kept positive; moved down to end at
// ceiling (zero: none) if they would end above it, still starting at floor or
// above (then over less than 2w).
func around(c, w float64, k int, floor, ceiling float64) []float64 {
	lo := c - w
	if lo < floor {
		lo = floor
	}
	if lo <= 0 {
		lo = w / 8 // costs stay positive
	}
	if ceiling > 0 && lo+2*w > ceiling {
		lo = max(ceiling-2*w, floor)
		if lo <= 0 {
			lo = min(w/8, ceiling/2)
		}
		return spread(lo, ceiling, k)
	}
	out := make([]float64, k)
	for i := range k {
		out[i] = lo + 2*w*float64(i)/float64(k-1)
	}
	return out
}

// spread returns k costs spread evenly from lo to hi.
func spread(lo, hi float64, k int) []float64 {
	out := make([]float64, k)
	for i := range k {
		out[i] = lo + (hi-lo)*float64(i)/float64(k-1)
	}
	return out
}
