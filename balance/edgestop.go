package balance

import (
	"fmt"
	"math"
)

// zEdgeStop is the normal quantile of the test that stops a precision run at
// an edge of the range of costs the game tells apart (settled): 3.29,
// two-sided 99.9%. The run looks after every chunk and would stop at the
// first look where the test holds: at the 95% level (1.96), the intervals of
// fair costs just above the floor (25.5 and 27 Kr, floor 25 Kr) held the true
// cost in 92.0-92.5% of 4000 precision searches, against 94.0% without the
// stop; at 3.29, 94.0% as without it (TestSearchCoveragePrecisionNearFloor,
// docs/cost.md). Near the ceiling (63.5 and 62 Kr, ceiling 64 Kr), 94.4% and
// 94.1% at 3.29 as without the stop, and 93.2% at 63.5 Kr at the 95% level
// (TestSearchCoveragePrecisionNearCeiling).
const zEdgeStop = 3.290526731491926

// An edge is one end of the range of costs a game tells apart: the floor
// (Config.MinCost), below which the game plays as at the floor, or the
// ceiling (Config.MaxCost), above which it says nothing more of the profile.
// A fair cost beyond an edge cannot be measured: its interval is one-sided,
// bounded on the edge's side only.
type edge struct {
	// cost is the edge, in Krowns; zero: no such edge.
	cost float64
	// sign is the sign of the fitted logit at the edge when the crossing lies
	// beyond it: -1 at the floor (the win rate is below 50% there already),
	// +1 at the ceiling (still above 50%).
	sign float64
	// name ("floor", "ceiling"), most ("lowest", "highest"), beyond
	// ("below", "above"), bound ("at most", "at least") and inside ("above",
	// "below": the win rate's side of 50% within the range) spell the edge in
	// messages.
	name, most, beyond, bound, inside string
}

// floorEdge and ceilingEdge return the edges at cost (zero: none).
func floorEdge(cost float64) edge {
	return edge{cost, -1, "floor", "lowest", "below", "at most", "above"}
}

func ceilingEdge(cost float64) edge {
	return edge{cost, 1, "ceiling", "highest", "above", "at least", "below"}
}

// reached reports whether the cost c lies at or beyond the edge, to a
// relative 1e-9.
func (e edge) reached(c float64) bool {
	return e.cost > 0 && e.sign*c >= e.sign*e.cost*(1-e.sign*1e-9)
}

// past reports whether the cost c lies beyond the edge (strictly).
func (e edge) past(c float64) bool { return e.cost > 0 && e.sign*(c-e.cost) > 0 }

// settled reports whether a precision run may stop with its target unmet
// because the fair cost lies beyond e (at or below the floor, at or above the
// ceiling): the fitted win rate at the edge is on the far side of 50%,
// significantly at the level of zEdgeStop, so the 95% interval is "at most
// the floor" or "at least the ceiling". Beyond the edge the game tells no more
// (below the floor it plays as at the floor; above the ceiling, kharn cost's
// battles are forfeits), so no number of trials bounds such an interval on
// that side, and the verdict it gives (over-costed by at least card - floor,
// under-costed by at least ceiling - card, or none) is the one a longer run
// would report. A fit that crosses 50% within the range, or whose rate at the
// edge is not that far from 50%, is left to the half-width rule and
// MaxTrials: more trials may still close its interval within the range.
func (l Logistic) settled(e edge) bool {
	if !l.OK || !l.sees(e) {
		return false
	}
	eta, se := l.Logit(e.cost)
	return e.sign*eta-zEdgeStop*se > 0
}

// sees reports whether the fit can say on which side of 50% the game is at
// edge e: e lies within the grid, or within reach of it (see reach: 1.5 grid
// widths beyond it) with the fitted logit falling all the way from the
// grid's top to e. A fitted polynomial extrapolated farther, or turning back
// up, says nothing of e: the first stage of greedy-2 (72 Kr, grid 36-144 Kr)
// crossed 50% at 92 Kr, and its quadratic logit, turning up beyond the grid,
// was positive again at 300 Kr, kharn cost's budget, which made its fair cost
// "above 300 Kr" (TestEdgeOutOfSight). Such an edge is left out of the
// stopping rule and of the one-sided interval at it; an interval reaching
// beyond it still loses that end (clip). The floor is looked at wherever it
// lies, as it was before the ceiling, so that no result at the floor
// changes; it lies at or near the bottom of kharn cost's grids.
func (l Logistic) sees(e edge) bool {
	switch {
	case e.cost <= 0:
		return false
	case e.sign < 0:
		return true
	}
	top := l.Center + l.Scale
	if e.cost <= top*(1+1e-9) {
		return true
	}
	return e.cost-l.Center <= reach*l.Scale && l.Slope(top) < 0 && l.Slope(e.cost) < 0
}

// lies says that the fair cost lies beyond e, for Curve.Unmet.
func (e edge) lies() string {
	return fmt.Sprintf("the fair cost lies at or %s %.1f Kr, the %s cost the game tells apart, so its interval is one-sided", e.beyond, e.cost, e.most)
}

// unmet is Curve.Unmet for a precision run stopped by settled.
func (e edge) unmet() string {
	return fmt.Sprintf("%s and the precision run stopped there: no number of trials bounds it from %s", e.lies(), e.beyond)
}

// boundFrom returns, for a curve whose fitted logit at e is on the far side
// of zero (e.sign), the nearest cost to e within the range from which the
// logit is significantly so (e.sign·η − z·se > 0), e itself if it is there,
// or an infinity beyond e's opposite end if there is none within reach: the
// fair cost lies on e's side of it. At the floor it is the upper end of an
// "at most" interval; at the ceiling, the lower end of an "at least" one.
func (l Logistic) boundFrom(e edge) float64 {
	sig := func(u float64) float64 {
		eta, se := l.logitU(u)
		return e.sign*eta - z95*se
	}
	u := (e.cost - l.Center) / l.Scale
	if sig(u) > 0 {
		return e.cost
	}
	in := -e.sign // the way into the range
	for ; in*u < reach; u += in * step {
		if next := u + in*step; sig(next) > 0 {
			return l.Center + bisect(sig, u, next)*l.Scale
		}
	}
	return math.Inf(int(in))
}

// clip applies e to a fitted crossing c and its interval lo-hi: if the fitted
// logit at e is on the far side of zero, any crossing lies beyond e and the
// interval is one-sided, bounded by boundFrom; if the interval reaches beyond
// e, its end on e's side would extrapolate a curve the game does not follow, and it
// is dropped (an infinity); a crossing beyond e is dropped (NaN). done
// reports the first case, which needs e within the fit's sight (sees).
func (l Logistic) clip(e edge, c, lo, hi float64) (c2, lo2, hi2 float64, done bool) {
	if e.cost <= 0 {
		return c, lo, hi, false
	}
	if eta, _ := l.Logit(e.cost); l.sees(e) && e.sign*eta > 0 {
		if e.sign < 0 {
			return math.NaN(), math.Inf(-1), l.boundFrom(e), true
		}
		return math.NaN(), l.boundFrom(e), math.Inf(1), true
	}
	end := &lo // the interval's end on e's side
	if e.sign > 0 {
		end = &hi
	}
	if e.past(*end) {
		*end = math.Inf(int(e.sign))
	}
	if e.past(c) {
		c = math.NaN()
	}
	return c, lo, hi, false
}

// oneSided is the warning of a fair-cost interval one-sided at e, whose
// finite end is bound.
func (e edge) oneSided(bound float64) error {
	return fmt.Errorf("%w: the win rate is not significantly %s 50%% at %.1f Kr, the %s cost the game tells apart, so the fair cost may lie %s it: it is %s %.1f Kr",
		ErrOneSided, e.inside, e.cost, e.most, e.beyond, e.bound, bound)
}

// pointBound bounds f by e's own point when the fit failed: if the win rate
// at a cost at or beyond e is significantly on the far side of 50% (its 95%
// Wilson interval lies below 0.5 at the floor, above it at the ceiling), the
// fair cost lies beyond e, and f's end on the other side is e. It returns the
// warning that says so, or nil.
func (e edge) pointBound(ps []Point, f *FairCost) error {
	for _, p := range ps {
		far := p.Hi // the end of the point's interval nearer 50% at the floor
		if e.sign > 0 {
			far = p.Lo
		}
		if !e.reached(p.Cost) || p.N == 0 || e.sign*(far-0.5) <= 0 {
			continue
		}
		if e.sign < 0 {
			f.Hi = e.cost
		} else {
			f.Lo = e.cost
		}
		f.setBeyond(e)
		return fmt.Errorf("%w: the win rate is %.1f%% (95%% interval %.1f%%-%.1f%%) at %.1f Kr, the %s cost the game tells apart: the fair cost is %s %.1f Kr",
			ErrOneSided, 100*p.Rate, 100*p.Lo, 100*p.Hi, p.Cost, e.most, e.bound, e.cost)
	}
	return nil
}

// edges returns the curve's floor and ceiling, those it has.
func (c *Curve) edges() []edge {
	var es []edge
	for _, e := range [2]edge{floorEdge(c.MinCost), ceilingEdge(c.MaxCost)} {
		if e.cost > 0 {
			es = append(es, e)
		}
	}
	return es
}

// bounds reports whether f is one-sided on e's side: "at most" at the floor,
// "at least" at the ceiling.
func (e edge) bounds(f FairCost) bool {
	if e.sign < 0 {
		return f.UpperOnly()
	}
	return f.LowerOnly()
}
