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
)

// Logistic is a logistic curve of the win rate on the cost,
//
//	logit p(c) = A + B·(c - Center)/Scale,
//
// with the covariance of (A, B). Center and Scale only condition the fit.
type Logistic struct {
	Center, Scale float64
	A, B          float64
	// VarA, CovAB and VarB are the cluster-robust covariance of A and B.
	VarA, CovAB, VarB float64
	// OK reports that the fit converged to finite values.
	OK bool
}

// Rate returns the fitted win rate at cost c and its pointwise 95% interval.
func (l Logistic) Rate(c float64) (p, lo, hi float64) {
	u := (c - l.Center) / l.Scale
	eta := l.A + l.B*u
	se := math.Sqrt(max(l.VarA+2*u*l.CovAB+u*u*l.VarB, 0))
	return sigmoid(eta), sigmoid(eta - z95*se), sigmoid(eta + z95*se)
}

// Slope returns the change of the logit of the win rate per Krown.
func (l Logistic) Slope() float64 { return l.B / l.Scale }

// root returns the cost where the fitted win rate is 50%, and the 95% Fieller
// interval of that cost: the costs c where a+b·u(c) is not significantly
// different from zero. It is unbounded when the slope is not significant.
func (l Logistic) root() (c, lo, hi float64) {
	c = l.Center - l.A/l.B*l.Scale
	z2 := z95 * z95
	qa := l.B*l.B - z2*l.VarB
	qb := l.A*l.B - z2*l.CovAB
	qc := l.A*l.A - z2*l.VarA
	disc := qb*qb - qa*qc
	if qa <= 0 || disc < 0 {
		return c, math.Inf(-1), math.Inf(1)
	}
	s := math.Sqrt(disc)
	u1, u2 := (-qb-s)/qa, (-qb+s)/qa
	return c, l.Center + u1*l.Scale, l.Center + u2*l.Scale
}

// HalfWidth returns half the width of the 95% fair-cost interval, or +Inf if it
// is unbounded or the fit failed.
func (l Logistic) HalfWidth() float64 {
	if !l.OK {
		return math.Inf(1)
	}
	_, lo, hi := l.root()
	return (hi - lo) / 2
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// fit fits the logistic curve to the mean scores of t by maximum binomial
// likelihood (Newton-Raphson), treating each score, a draw counting half, as a
// fractional success. The covariance is the cluster-robust sandwich
// A⁻¹·B·A⁻¹·n/(n-1), the trials being the clusters: B sums over trials the outer
// product of each trial's score vector across all costs, which Tally.Cross gives
// without storing trials. It respects the pairing of the costs by common random
// numbers, where the binomial covariance A⁻¹ would treat the costs as independent.
func fit(costs []float64, t *Tally) Logistic { return fitCov(costs, t, true) }

// fitCov is fit with, if robust is false, the binomial covariance A⁻¹ that treats
// the costs as independent samples: the tests measure what ignoring the pairing
// does to the coverage.
func fitCov(costs []float64, t *Tally, robust bool) Logistic {
	k := len(costs)
	lo, hi := slices.Min(costs), slices.Max(costs)
	l := Logistic{Center: (lo + hi) / 2, Scale: (hi - lo) / 2}
	if t.N < 2 {
		return l
	}
	n := float64(t.N)
	u := make([]float64, k)
	y := make([]float64, k)
	mean := 0.0
	for i, c := range costs {
		u[i] = (c - l.Center) / l.Scale
		y[i] = t.score(i)
		mean += y[i] / float64(k)
	}
	mean = min(max(mean, 0.01), 0.99)
	a, b := math.Log(mean/(1-mean)), 0.0
	p := make([]float64, k)
	converged := false
	for range 100 {
		var g0, g1, h00, h01, h11 float64
		for i := range k {
			p[i] = sigmoid(a + b*u[i])
			w := n * p[i] * (1 - p[i])
			r := n * (y[i] - p[i])
			g0 += r
			g1 += r * u[i]
			h00 += w
			h01 += w * u[i]
			h11 += w * u[i] * u[i]
		}
		det := h00*h11 - h01*h01
		if !(det > 0) {
			return l
		}
		da := (h11*g0 - h01*g1) / det
		db := (h00*g1 - h01*g0) / det
		a, b = a+da, b+db
		if math.Abs(b) > 1e3 { // a step within a grid cell: no finite maximum
			return l
		}
		if math.Abs(da) < 1e-10 && math.Abs(db) < 1e-10 {
			converged = true
			break
		}
	}
	if !converged {
		return l
	}
	// Bread: the binomial information at the fit, X'WX with W = n·p(1-p).
	x := mat.NewDense(k, 2, nil)
	for i := range k {
		p[i] = sigmoid(a + b*u[i])
		x.Set(i, 0, 1)
		x.Set(i, 1, u[i])
	}
	w := make([]float64, k)
	for i := range k {
		w[i] = n * p[i] * (1 - p[i])
	}
	xw := mat.NewDense(k, 2, nil)
	xw.Apply(func(i, j int, v float64) float64 { return v * w[i] }, x)
	var infoD mat.Dense
	infoD.Mul(x.T(), xw)
	var bread mat.Dense
	if err := bread.Inverse(&infoD); err != nil {
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
	l.A, l.B = a, b
	l.VarA, l.CovAB, l.VarB = cov.At(0, 0), cov.At(0, 1), cov.At(1, 1)
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
}

// HalfWidth returns half the width of the 95% interval.
func (f FairCost) HalfWidth() float64 { return (f.Hi - f.Lo) / 2 }

// Bounded reports whether the estimate and its interval are finite numbers.
func (f FairCost) Bounded() bool {
	return !math.IsNaN(f.Cost) && !math.IsInf(f.Cost, 0) && !math.IsInf(f.Lo, 0) && !math.IsInf(f.Hi, 0)
}

// String formats the estimate as "fair cost 92 Kr, 95% interval 88-97", with a
// decimal when the interval is narrower than 4 Kr.
func (f FairCost) String() string {
	switch {
	case math.IsNaN(f.Cost) || math.IsInf(f.Cost, 0):
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

// FairCost fits a logistic curve of the win rate on the cost to c and returns the
// cost where it crosses 50%.
//
// The fit maximises the binomial likelihood of the mean scores, a draw counting
// half a win. Its covariance is cluster-robust, the trials being the clusters, so
// it respects the correlation between costs that common random numbers create. The
// interval is Fieller's: the costs where the fitted logit is not significantly
// different from zero at the 5% level. It is asymmetric, and unbounded when the
// slope is not significant (ErrFlat).
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
	l := fit(costs, c.Tally)
	f.Fit = l
	if !l.OK {
		f.Warnings = append(f.Warnings, fmt.Errorf("%w after %d trials: try a wider grid of costs or more trials", ErrFitFailed, c.Trials))
		return f
	}
	f.Cost, f.Lo, f.Hi = l.root()
	if c.Precision > 0 && !c.Converged && !c.Interrupted {
		f.Warnings = append(f.Warnings, fmt.Errorf("%w: 95%% interval ±%.1f Kr after %d trials, target ±%g Kr", ErrNotConverged, f.HalfWidth(), c.Trials, c.Precision))
	}
	lo, hi := slices.Min(costs), slices.Max(costs)
	switch {
	case !f.Bounded():
		f.Warnings = append(f.Warnings, fmt.Errorf("%w: the win rate does not change significantly between %g and %g Kr (slope %.3g logit/Kr ± %.2g)",
			ErrFlat, lo, hi, l.Slope(), math.Sqrt(l.VarB)/l.Scale))
	case l.B > 0:
		f.Warnings = append(f.Warnings, fmt.Errorf("%w (slope %.3g logit/Kr): is the game playing the cost for the right side?", ErrRising, l.Slope()))
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
