package stats

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// Wilson returns the Wilson score interval for a binomial proportion with the given
// number of successes out of n trials, at the given two-sided confidence level
// (0.95 for a 95% interval).
//
// The interval is
//
//	(p̂ + z²/2n ± z √(p̂(1-p̂)/n + z²/4n²)) / (1 + z²/n)
//
// with p̂ = successes/n and z the 1-(1-confidence)/2 quantile of the unit normal
// (Wilson, 1927, J. Am. Stat. Assoc. 22:209-212). Unlike the normal approximation it
// stays inside [0, 1] and is not empty when successes is 0 or n, so it suits the
// rare outcomes of a damage distribution.
//
// If n is zero, Wilson returns the uninformative interval [0, 1]. Wilson panics if
// successes is outside [0, n] or confidence is outside (0, 1).
func Wilson(successes, n int, confidence float64) (lo, hi float64) {
	if n < 0 || successes < 0 || successes > n {
		panic("stats: successes must lie in [0, n]")
	}
	if !(confidence > 0 && confidence < 1) {
		panic("stats: confidence must lie in (0, 1)")
	}
	if n == 0 {
		return 0, 1
	}
	z := distuv.UnitNormal.Quantile(1 - (1-confidence)/2)
	fn := float64(n)
	p := float64(successes) / fn
	z2n := z * z / fn
	denom := 1 + z2n
	center := (p + z2n/2) / denom
	half := z / denom * math.Sqrt(p*(1-p)/fn+z2n/(4*fn))
	lo, hi = center-half, center+half
	// The formula gives exactly 0 and 1 at successes == 0 and n; keep rounding
	// from pushing the ends outside [0, 1] or away from them.
	if successes == 0 {
		lo = 0
	}
	if successes == n {
		hi = 1
	}
	return max(lo, 0), min(hi, 1)
}

// MeanSE returns the sample mean and its standard error from the sum and the sum
// of squares of n observations:
//
//	mean = sum/n,  se = √(s²/n),  s² = (sumSq - n·mean²)/(n-1)
//
// s² is the unbiased sample variance, set to zero if rounding makes it negative.
// The sums lose precision when the mean is large against the spread; Mean
// accumulates more stably. If n is zero the mean is NaN; if n is below 2 the
// standard error is NaN.
func MeanSE(sum, sumSq float64, n int) (mean, se float64) {
	if n <= 0 {
		return math.NaN(), math.NaN()
	}
	fn := float64(n)
	mean = sum / fn
	if n < 2 {
		return mean, math.NaN()
	}
	v := max((sumSq-fn*mean*mean)/(fn-1), 0)
	return mean, math.Sqrt(v / fn)
}

// Proportion is a count of successes K out of N trials, such as the exchanges won
// by the attacker in a sample. The zero value is an empty proportion.
type Proportion struct {
	K, N int
}

// Rate returns K/N, or NaN if N is zero.
func (p Proportion) Rate() float64 {
	if p.N == 0 {
		return math.NaN()
	}
	return float64(p.K) / float64(p.N)
}

// Interval returns the Wilson score interval of the proportion at the given
// two-sided confidence level; see Wilson.
func (p Proportion) Interval(confidence float64) (lo, hi float64) {
	return Wilson(p.K, p.N, confidence)
}

// Mean accumulates observations one at a time and reports their mean and its
// standard error. It uses Welford's update, so it does not lose the precision that
// a sum of squares does when the mean is large against the spread. The zero value
// is an empty accumulator.
type Mean struct {
	n    int
	mean float64
	m2   float64 // sum of squared deviations from the running mean
}

// Add adds the observation x.
func (m *Mean) Add(x float64) {
	m.n++
	d := x - m.mean
	m.mean += d / float64(m.n)
	m.m2 += d * (x - m.mean)
}

// N returns the number of observations added.
func (m *Mean) N() int { return m.n }

// Mean returns the mean of the observations, or NaN if there are none.
func (m *Mean) Mean() float64 {
	if m.n == 0 {
		return math.NaN()
	}
	return m.mean
}

// SE returns the standard error of the mean, √(s²/n) with s² the unbiased sample
// variance, or NaN if fewer than two observations were added.
func (m *Mean) SE() float64 {
	if m.n < 2 {
		return math.NaN()
	}
	return math.Sqrt(m.m2 / float64(m.n-1) / float64(m.n))
}
