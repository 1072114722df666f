package stats

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// TwoProportionZ returns the z statistic of the pooled two-proportion test of
// k1 successes out of n1 trials against k2 out of n2:
//
//	z = (p̂1 - p̂2) / √(p̂(1-p̂)(1/n1 + 1/n2)),  p̂ = (k1+k2)/(n1+n2)
//
// (Agresti, Categorical Data Analysis, 3rd ed., section 3.1.3). It is positive
// when the first proportion is the larger. It returns 0 when both proportions are
// 0 or both are 1 (no spread, no evidence of a difference), and NaN when n1 or n2
// is zero. TwoProportionZ panics if a count lies outside [0, n].
//
// The test assumes the two samples independent. Two samples drawn with the same
// seed (common random numbers) are positively correlated, which makes the
// difference less variable than the test assumes: the test is then conservative.
func TwoProportionZ(k1, n1, k2, n2 int) float64 {
	if k1 < 0 || k1 > n1 || k2 < 0 || k2 > n2 {
		panic("stats: successes must lie in [0, n]")
	}
	if n1 == 0 || n2 == 0 {
		return math.NaN()
	}
	p := float64(k1+k2) / float64(n1+n2)
	v := p * (1 - p) * (1/float64(n1) + 1/float64(n2))
	if v == 0 {
		return 0
	}
	return (float64(k1)/float64(n1) - float64(k2)/float64(n2)) / math.Sqrt(v)
}

// CriticalZ returns the two-sided critical value of a z test at level alpha shared
// among m comparisons by Bonferroni's correction: the 1 - alpha/(2m) quantile of
// the unit normal (1.96 for alpha 0.05 and m 1). It panics if alpha is outside
// (0, 1) or m is below 1.
func CriticalZ(alpha float64, m int) float64 {
	if !(alpha > 0 && alpha < 1) || m < 1 {
		panic("stats: CriticalZ needs alpha in (0, 1) and m >= 1")
	}
	return distuv.UnitNormal.Quantile(1 - alpha/(2*float64(m)))
}

// DiffSE returns the standard error of the difference of two independent
// estimates given by the half-widths h1 and h2 of their 95% normal intervals:
// each half-width over 1.96, added in quadrature. The move between two fair
// costs over it is the z of their difference (kharn report --baseline, kharn
// cost --spells, benchmarks/costdiff).
func DiffSE(h1, h2 float64) float64 {
	return math.Hypot(h1/1.96, h2/1.96)
}
