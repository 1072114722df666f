package balance

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"
)

// Warnings of a fair-cost estimate. FairCost.Warnings wraps them with details;
// test for them with errors.Is.
var (
	// ErrFlat reports that the win rate does not change significantly over the
	// grid, so the 95% interval of the fair cost is unbounded.
	ErrFlat = errors.New("flat curve")
	// ErrExtrapolated reports that the fair cost lies outside the grid of costs.
	ErrExtrapolated = errors.New("fair cost outside the grid")
	// ErrNotConverged reports that a precision run stopped at MaxTrials.
	ErrNotConverged = errors.New("not converged")
	// ErrInterrupted reports that the run was cancelled.
	ErrInterrupted = errors.New("interrupted")
	// ErrFitFailed reports that the logistic fit has no finite maximum, as when
	// every trial is won below some cost and lost above it.
	ErrFitFailed = errors.New("logistic fit failed")
	// ErrLackOfFit reports a point more than 4 standard errors from the fitted
	// curve: the logistic shape does not fit, and the fair cost may be biased.
	ErrLackOfFit = errors.New("logistic curve does not fit")
	// ErrRising reports a win rate that rises significantly with the cost.
	ErrRising = errors.New("win rate rises with cost")
	// ErrOneSided reports a 95% interval bounded on one side only: the fair
	// cost lies below a bound (at or near Config.MinCost, below which the game
	// cannot tell costs apart) or above one (the curve does not fall
	// significantly below 50% within reach of the grid).
	ErrOneSided = errors.New("one-sided interval")
)

// Logistic is a logistic curve of the win rate on the cost, a polynomial of
// degree len(Coef)-1 in the cost for the logit:
//
//	logit p(c) = Σ_j Coef[j]·u^j,  u = (c - Center)/Scale,
//
// with the covariance of Coef. Center and Scale map the grid of costs onto
// [-1, 1], to condition the fit.
type Logistic struct {
	Center, Scale float64
	Coef          []float64
	// Cov is the cluster-robust covariance of Coef, row-major.
	Cov []float64
	// OK reports that the fit converged to finite values.
	OK bool
}

// Logit returns the fitted logit of the win rate at cost c and its standard error.
func (l Logistic) Logit(c float64) (eta, se float64) {
	return l.logitU((c - l.Center) / l.Scale)
}

func (l Logistic) logitU(u float64) (eta, se float64) {
	d := len(l.Coef)
	v := 0.0
	for i, pi := 0, 1.0; i < d; i, pi = i+1, pi*u {
		eta += l.Coef[i] * pi
		for j, pj := 0, 1.0; j < d; j, pj = j+1, pj*u {
			v += pi * pj * l.Cov[i*d+j]
		}
	}
	return eta, math.Sqrt(max(v, 0))
}

// Rate returns the fitted win rate at cost c and its pointwise 95% interval.
func (l Logistic) Rate(c float64) (p, lo, hi float64) {
	eta, se := l.Logit(c)
	return sigmoid(eta), sigmoid(eta - z95*se), sigmoid(eta + z95*se)
}

// Slope returns the derivative of the fitted logit per Krown at cost c.
func (l Logistic) Slope(c float64) float64 {
	u := (c - l.Center) / l.Scale
	s := 0.0
	for j, pj := 1, 1.0; j < len(l.Coef); j, pj = j+1, pj*u {
		s += float64(j) * l.Coef[j] * pj
	}
	return s / l.Scale
}

// reach is how far, in half-widths of the grid from its centre, root looks for
// the fair cost and the ends of its interval: 4 is the grid and 1.5 grid widths
// on either side. Beyond, the interval is unbounded.
const reach = 4

// step is the scan step of root, in half-widths of the grid: 0.6 Kr on a grid
// 60-120 Kr. The root and the ends are then found by bisection; the logit and
// its variance are low-degree polynomials, which do not change sign twice within
// a step.
const step = 1.0 / 50

// root returns the cost where the fitted win rate is 50%, and its 95% interval:
// the costs c where the fitted logit is not significantly different from zero,
// η(c)² ≤ z²·se(c)², the connected set around the root. With a linear logit
// this is Fieller's interval for the ratio -Coef[0]/Coef[1]. The root is the one
// nearest the centre of the grid where the logit changes sign; c is NaN if there
// is none within reach, and lo and hi are infinite if the interval reaches that
// far.
func (l Logistic) root() (c, lo, hi float64) {
	eta := func(u float64) float64 { e, _ := l.logitU(u); return e }
	g := func(u float64) float64 {
		e, se := l.logitU(u)
		return e*e - z95*z95*se*se
	}
	// The sign change nearest the centre, scanning outwards both ways.
	u0 := math.NaN()
	for i := 0; float64(i)*step < reach && math.IsNaN(u0); i++ {
		for _, sgn := range []float64{1, -1} {
			a, b := sgn*float64(i)*step, sgn*float64(i+1)*step
			if ea, eb := eta(a), eta(b); ea == 0 || ea*eb < 0 {
				u0 = bisect(eta, a, b)
				break
			}
		}
	}
	if math.IsNaN(u0) {
		return math.NaN(), math.Inf(-1), math.Inf(1)
	}
	end := func(dir float64) float64 {
		for u := u0; math.Abs(u) < reach; u += dir * step {
			if next := u + dir*step; g(next) > 0 {
				return l.Center + bisect(g, u, next)*l.Scale
			}
		}
		return dir * math.Inf(1)
	}
	return l.Center + u0*l.Scale, end(-1), end(1)
}

// bisect returns a zero of f between a and b, where f changes sign (or is zero at
// a), to 1e-9 of the grid's half-width.
func bisect(f func(float64) float64, a, b float64) float64 {
	fa := f(a)
	if fa == 0 {
		return a
	}
	for range 60 {
		m := (a + b) / 2
		fm := f(m)
		if fm == 0 || math.Abs(b-a) < 1e-9 {
			return m
		}
		if (fm < 0) == (fa < 0) {
			a, fa = m, fm
		} else {
			b = m
		}
	}
	return (a + b) / 2
}

// HalfWidth returns half the width of the 95% fair-cost interval, or +Inf if it
// is unbounded or the fit failed.
func (l Logistic) HalfWidth() float64 { return l.halfWidth(0, 0) }

// halfWidth is HalfWidth for a game whose lowest and highest distinct costs
// are floor and ceiling (see interval).
func (l Logistic) halfWidth(floor, ceiling float64) float64 {
	if !l.OK {
		return math.Inf(1)
	}
	_, lo, hi := l.interval(floor, ceiling)
	return (hi - lo) / 2
}

// interval is root for a game that plays every cost below floor as floor
// (Config.MinCost; zero: no floor) and tells nothing more of the profile
// above ceiling (Config.MaxCost; zero: no ceiling). If the fitted rate is
// below 50% already at the floor, any crossing lies below it: c is NaN, lo is
// -Inf and hi the first cost from which the rate is significantly below 50%
// (at least the floor). If the interval reaches below the floor, its lower
// end would extrapolate a curve the game does not follow there, and lo is
// -Inf. The same at the ceiling, the other way round: a rate still above 50%
// there gives c NaN, hi +Inf and lo the last cost up to which the rate is
// significantly above 50% (at most the ceiling); an interval reaching above
// it has hi +Inf (see edge.clip).
func (l Logistic) interval(floor, ceiling float64) (c, lo, hi float64) {
	c, lo, hi, _ = l.edgedInterval(floor, ceiling)
	return c, lo, hi
}

// edgedInterval is interval with the edge beyond which the fitted crossing
// lies, its cost zero when it lies within the range.
func (l Logistic) edgedInterval(floor, ceiling float64) (c, lo, hi float64, beyond edge) {
	c, lo, hi = l.root()
	for _, e := range [2]edge{floorEdge(floor), ceilingEdge(ceiling)} {
		var done bool
		if c, lo, hi, done = l.clip(e, c, lo, hi); done {
			return c, lo, hi, e
		}
	}
	return c, lo, hi, edge{}
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// fit fits a logistic curve of the given degree to the mean scores of t by
// maximum binomial likelihood (Newton-Raphson), treating each score, a draw
// counting half, as a fractional success. The covariance is the cluster-robust
// sandwich A⁻¹·B·A⁻¹·n/(n-1), the trials being the clusters: B sums over trials
// the outer product of each trial's score vector across all costs, which
// Tally.Cross gives without storing trials. It respects the pairing of the costs
// by common random numbers, where the binomial covariance A⁻¹ would treat them as
// independent.
func fit(costs []float64, t *Tally, degree int) Logistic { return fitCov(costs, t, degree, true) }

// fitCov is fit with, if robust is false, the binomial covariance A⁻¹ that treats
// the costs as independent samples: the tests measure what ignoring the pairing
// does to the coverage.
func fitCov(costs []float64, t *Tally, degree int, robust bool) Logistic {
	k, d := len(costs), degree+1
	lo, hi := slices.Min(costs), slices.Max(costs)
	l := Logistic{Center: (lo + hi) / 2, Scale: (hi - lo) / 2}
	if t.N < 2 || k < d {
		return l
	}
	n := float64(t.N)
	x := mat.NewDense(k, d, nil)
	y := make([]float64, k)
	mean := 0.0
	for i, c := range costs {
		u := (c - l.Center) / l.Scale
		for j, pj := 0, 1.0; j < d; j, pj = j+1, pj*u {
			x.Set(i, j, pj)
		}
		y[i] = t.score(i)
		mean += y[i] / float64(k)
	}
	mean = min(max(mean, 0.01), 0.99)
	theta := mat.NewVecDense(d, nil)
	theta.SetVec(0, math.Log(mean/(1-mean)))
	var (
		eta, grad, delta mat.VecDense
		xw, info, bread  mat.Dense
	)
	p := make([]float64, k)
	w := make([]float64, k)
	r := mat.NewVecDense(k, nil)
	converged := false
	for range 100 {
		// Gradient X'(n(y-p)) and information X'WX, W = n·p(1-p).
		eta.MulVec(x, theta)
		for i := range k {
			p[i] = sigmoid(eta.AtVec(i))
			w[i] = n * p[i] * (1 - p[i])
			r.SetVec(i, n*(y[i]-p[i]))
		}
		grad.MulVec(x.T(), r)
		xw.Apply(func(i, j int, v float64) float64 { return v * w[i] }, x)
		info.Mul(x.T(), &xw)
		if err := delta.SolveVec(&info, &grad); err != nil {
			return l
		}
		theta.AddVec(theta, &delta)
		if mat.Norm(theta, math.Inf(1)) > 1e3 { // a step within a grid cell: no finite maximum
			return l
		}
		if mat.Norm(&delta, math.Inf(1)) < 1e-10 {
			converged = true
			break
		}
	}
	if !converged {
		return l
	}
	// Bread: the information at the fit.
	eta.MulVec(x, theta)
	for i := range k {
		p[i] = sigmoid(eta.AtVec(i))
		w[i] = n * p[i] * (1 - p[i])
	}
	xw.Apply(func(i, j int, v float64) float64 { return v * w[i] }, x)
	info.Mul(x.T(), &xw)
	if err := bread.Inverse(&info); err != nil {
		return l
	}
	// Meat: M_ij = Σ_trials (y_ti - p_i)(y_tj - p_j), from the cross sums in
	// half-points (y = h/2).
	m := mat.NewSymDense(k, nil)
	for i := range k {
		for j := i; j < k; j++ {
			cross := float64(t.Cross[i*k+j]) / 4
			m.SetSym(i, j, cross-p[j]*n*y[i]-p[i]*n*y[j]+n*p[i]*p[j])
		}
	}
	var xm, meat, bm, cov mat.Dense
	xm.Mul(x.T(), m)
	meat.Mul(&xm, x)
	bm.Mul(&bread, &meat)
	cov.Mul(&bm, &bread)
	cov.Scale(n/(n-1), &cov)
	if !robust {
		cov.CloneFrom(&bread)
	}
	l.Coef = slices.Clone(theta.RawVector().Data)
	l.Cov = make([]float64, d*d)
	for i := range d {
		for j := range d {
			l.Cov[i*d+j] = cov.At(i, j)
		}
	}
	l.OK = true
	return l
}

// FairCost is the Krown cost at which the studied profile's win rate is 50%,
// with its 95% interval, estimated from a Curve.
type FairCost struct {
	// Cost is the root of the fitted logistic curve, in Krowns; NaN if the fit
	// failed.
	Cost float64
	// Lo and Hi bound its 95% interval. They are infinite when the curve is flat.
	Lo, Hi float64
	// Fit is the logistic curve the estimate comes from.
	Fit Logistic
	// Trials, Seed and ChunkSize say what was sampled; Converged, Interrupted
	// and Precision come from the run (see Curve).
	Trials      int
	Seed        uint64
	ChunkSize   int
	Precision   float64
	Converged   bool
	Interrupted bool
	// Warnings says what makes the estimate shaky (ErrFlat, ErrExtrapolated...).
	Warnings []error
	// Beyond, when not zero, says that the fitted crossing lies beyond the
	// range of costs the game tells apart: -1 at or below its floor
	// (Config.MinCost; the interval is then "at most"), +1 at or above its
	// ceiling (Config.MaxCost; "at least"). Edge is that floor or ceiling.
	Beyond int
	Edge   float64
}

// Outside says where the fair cost lies with respect to the range of costs
// the game tells apart: "below" its floor, "above" its ceiling, or "" within
// it (or unknown).
func (f FairCost) Outside() string {
	if f.Beyond == 0 {
		return ""
	}
	return f.edge().beyond
}

// BoundText says the finite end of a one-sided interval, "fair cost at most
// 25.3 Kr", and, when the fair cost lies beyond the range of costs the game
// tells apart, which edge: "fair cost below 25.0 Kr (the range's floor), at
// most 25.3 Kr". It is empty for an interval that is not one-sided.
func (f FairCost) BoundText() string {
	end := f.end()
	switch e := f.edge(); {
	case !f.OneSided():
		return ""
	case f.Beyond != 0:
		return fmt.Sprintf("fair cost %s %.1f Kr (the range's %s), %s %.1f Kr", e.beyond, e.cost, e.name, e.bound, end)
	case f.UpperOnly():
		return fmt.Sprintf("fair cost at most %.1f Kr", end)
	}
	return fmt.Sprintf("fair cost at least %.1f Kr", end)
}

// end is the finite end of a one-sided interval: Lo if it is bounded below
// only, Hi otherwise.
func (f FairCost) end() float64 {
	if f.LowerOnly() {
		return f.Lo
	}
	return f.Hi
}

// edge is the edge f.Beyond names.
func (f FairCost) edge() edge {
	if f.Beyond < 0 {
		return floorEdge(f.Edge)
	}
	return ceilingEdge(f.Edge)
}

// setBeyond records in f that the fair cost lies beyond e (if e.cost is not zero).
func (f *FairCost) setBeyond(e edge) {
	if e.cost > 0 {
		f.Beyond, f.Edge = int(e.sign), e.cost
	}
}

// HalfWidth returns half the width of the 95% interval.
func (f FairCost) HalfWidth() float64 { return (f.Hi - f.Lo) / 2 }

// UpperOnly reports whether the 95% interval is bounded above only: the fair
// cost is at most Hi (as when it lies below the lowest cost the game tells
// apart, Config.MinCost).
func (f FairCost) UpperOnly() bool { return math.IsInf(f.Lo, -1) && !math.IsInf(f.Hi, 0) }

// LowerOnly reports whether the 95% interval is bounded below only: the fair
// cost is at least Lo.
func (f FairCost) LowerOnly() bool { return math.IsInf(f.Hi, 1) && !math.IsInf(f.Lo, 0) }

// OneSided reports whether exactly one end of the 95% interval is finite.
func (f FairCost) OneSided() bool { return f.UpperOnly() || f.LowerOnly() }

// Bounded reports whether the estimate and its interval are finite numbers.
func (f FairCost) Bounded() bool {
	return !math.IsNaN(f.Cost) && !math.IsInf(f.Cost, 0) && !math.IsInf(f.Lo, 0) && !math.IsInf(f.Hi, 0)
}

// String formats the estimate as "fair cost 92 Kr, 95% interval 88-97", with a
// decimal when the interval is narrower than 4 Kr. A one-sided interval reads
// "fair cost at most 25.3 Kr (one-sided 95% interval)", or "fair cost 185 Kr,
// 95% interval: at least 166.4 Kr" when the fit has a crossing, or "fair
// cost above 300.0 Kr (the range's ceiling), 95% interval: at least 291.5 Kr"
// when the crossing lies beyond the range of costs the game tells apart
// (Beyond).
func (f FairCost) String() string {
	known := !math.IsNaN(f.Cost) && !math.IsInf(f.Cost, 0)
	switch e := f.edge(); {
	case f.Beyond != 0 && !known && f.OneSided():
		return fmt.Sprintf("fair cost %s %.1f Kr (the range's %s), 95%% interval: %s %.1f Kr", e.beyond, e.cost, e.name, e.bound, f.end())
	case f.UpperOnly() && known:
		return fmt.Sprintf("fair cost %.0f Kr, 95%% interval: at most %.1f Kr", f.Cost, f.Hi)
	case f.UpperOnly():
		return fmt.Sprintf("fair cost at most %.1f Kr (one-sided 95%% interval)", f.Hi)
	case f.LowerOnly() && known:
		return fmt.Sprintf("fair cost %.0f Kr, 95%% interval: at least %.1f Kr", f.Cost, f.Lo)
	case f.LowerOnly():
		return fmt.Sprintf("fair cost at least %.1f Kr (one-sided 95%% interval)", f.Lo)
	case !known:
		return "fair cost unknown"
	case !f.Bounded():
		return fmt.Sprintf("fair cost %.0f Kr, 95%% interval unbounded", f.Cost)
	}
	d := 0
	if f.HalfWidth() < 2 {
		d = 1
	}
	return fmt.Sprintf("fair cost %.*f Kr, 95%% interval %.*f-%.*f", d, f.Cost, d, f.Lo, d, f.Hi)
}

// FairCost fits a logistic curve of the win rate on the cost to c, with a logit
// polynomial of degree c.Degree in the cost, and returns the cost where it
// crosses 50%.
//
// The fit maximises the binomial likelihood of the mean scores, a draw counting
// half a win. Its covariance is cluster-robust, the trials being the clusters, so
// it respects the correlation between costs that common random numbers create. The
// interval holds the costs where the fitted logit is not significantly different
// from zero at the 5% level (Fieller's interval for degree 1). It is asymmetric,
// and unbounded when the curve does not cross 50% significantly (ErrFlat).
func (c *Curve) FairCost() FairCost {
	costs := make([]float64, len(c.Points))
	for i, p := range c.Points {
		costs[i] = p.Cost
	}
	f := FairCost{
		Cost: math.NaN(), Lo: math.Inf(-1), Hi: math.Inf(1),
		Trials: c.Trials, Seed: c.Seed, ChunkSize: c.ChunkSize, Precision: c.Precision,
		Converged: c.Converged, Interrupted: c.Interrupted,
	}
	if c.Interrupted {
		f.Warnings = append(f.Warnings, fmt.Errorf("%w after %d trials: partial result", ErrInterrupted, c.Trials))
	}
	l := fit(costs, c.Tally, c.Degree)
	f.Fit = l
	if !l.OK {
		f.Warnings = append(f.Warnings, fmt.Errorf("%w after %d trials: try a wider grid of costs or more trials", ErrFitFailed, c.Trials))
		// Without a fit, an edge's own point can still bound the fair cost:
		// if the win rate is significantly below 50% at the lowest cost the
		// game tells apart, it is at every dearer cost (the curve falls), and
		// any crossing lies below the floor; if it is significantly above 50%
		// at the highest, any crossing lies above the ceiling.
		for _, e := range c.edges() {
			if w := e.pointBound(c.Points, &f); w != nil {
				f.Warnings = append(f.Warnings, w)
				break
			}
		}
		return f
	}
	var beyond edge
	f.Cost, f.Lo, f.Hi, beyond = l.edgedInterval(c.MinCost, c.MaxCost)
	f.setBeyond(beyond)
	lo, hi := slices.Min(costs), slices.Max(costs)
	floor, ceiling := floorEdge(c.MinCost), ceilingEdge(c.MaxCost)
	// near: the interval's finite end is that of a fair cost at or beyond e.
	near := func(e edge) bool {
		return e.cost > 0 && (math.IsNaN(f.Cost) || e.sign*f.Cost > e.sign*e.cost-(hi-lo)/12)
	}
	top := hi + (reach-1)*(hi-lo)/2 // the dearest cost the fit looks at
	if ceiling.cost > 0 {
		top = min(top, ceiling.cost)
	}
	if c.Precision > 0 && !c.Converged && !c.Interrupted {
		switch {
		case c.Unmet != "":
			f.Warnings = append(f.Warnings, fmt.Errorf("%w: target ±%g Kr not met after %d trials: %s", ErrNotConverged, c.Precision, c.Trials, c.Unmet))
		case !f.Bounded():
			f.Warnings = append(f.Warnings, fmt.Errorf("%w: target ±%g Kr not met after %d trials (the cap): the 95%% interval is still not bounded on both sides", ErrNotConverged, c.Precision, c.Trials))
		default:
			f.Warnings = append(f.Warnings, fmt.Errorf("%w: 95%% interval ±%.1f Kr after %d trials, target ±%g Kr", ErrNotConverged, f.HalfWidth(), c.Trials, c.Precision))
		}
	}
	switch {
	case f.UpperOnly() && near(floor):
		f.Warnings = append(f.Warnings, floor.oneSided(f.Hi))
	case f.LowerOnly() && near(ceiling):
		f.Warnings = append(f.Warnings, ceiling.oneSided(f.Lo))
	case f.UpperOnly():
		f.Warnings = append(f.Warnings, fmt.Errorf("%w: the win rate is not significantly above 50%% within reach of the grid: the fair cost is at most %.1f Kr", ErrOneSided, f.Hi))
	case f.LowerOnly():
		f.Warnings = append(f.Warnings, fmt.Errorf("%w: the win rate does not fall significantly below 50%% up to %.0f Kr: the fair cost is at least %.1f Kr",
			ErrOneSided, top, f.Lo))
	case !f.Bounded():
		f.Warnings = append(f.Warnings, fmt.Errorf("%w: the win rate does not cross 50%% significantly between %.0f and %.0f Kr",
			ErrFlat, max(lo-(reach-1)*(hi-lo)/2, floor.cost), top))
	case l.Slope(f.Cost) > 0:
		f.Warnings = append(f.Warnings, fmt.Errorf("%w (slope %.3g logit/Kr at %.0f Kr): is the game playing the cost for the right side?", ErrRising, l.Slope(f.Cost), f.Cost))
	}
	if f.Bounded() && (f.Cost < lo || f.Cost > hi) {
		f.Warnings = append(f.Warnings, fmt.Errorf("%w %g-%g Kr: %.0f Kr is extrapolated; widen the grid", ErrExtrapolated, lo, hi, f.Cost))
	}
	// Lack of fit: standardised residuals with the variance at each cost.
	t := c.Tally
	for i, cost := range costs {
		y := t.score(i)
		v := float64(t.Cross[i*len(costs)+i])/4/float64(t.N) - y*y
		if !(v > 0) {
			continue
		}
		p, _, _ := l.Rate(cost)
		if r := (y - p) / math.Sqrt(v/float64(t.N)); math.Abs(r) > 4 {
			f.Warnings = append(f.Warnings, fmt.Errorf("%w at %g Kr: sampled %.3f, fitted %.3f (%.1f standard errors); narrow the grid around the fair cost",
				ErrLackOfFit, cost, y, p, r))
			break
		}
	}
	return f
}
