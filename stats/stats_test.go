package stats

import (
	"math"
	"testing"
)

func TestWilson(t *testing.T) {
	tests := []struct {
		k, n   int
		conf   float64
		lo, hi float64
		tol    float64
	}{
		// Computed independently from the closed form with Python 3's
		// statistics.NormalDist().inv_cdf (z = 1.9599639845400536 at 95%).
		{k: 0, n: 10, conf: 0.95, lo: 0, hi: 0.27753279986288915, tol: 1e-12},
		{k: 5, n: 10, conf: 0.95, lo: 0.23659309051256405, hi: 0.76340690948743595, tol: 1e-12},
		{k: 10, n: 10, conf: 0.95, lo: 0.72246720013711085, hi: 1, tol: 1e-12},
		// z = 3.8905918864131199 at 99.99%, same method.
		{k: 1, n: 10, conf: 0.9999, lo: 0.005886250231029011, hi: 0.67585406028799699, tol: 1e-12},
		{k: 500000, n: 1000000, conf: 0.9999, lo: 0.49805471877931196, hi: 0.50194528122068804, tol: 1e-12},
		// Newcombe (1998), "Two-sided confidence intervals for the single
		// proportion: comparison of seven methods", Statistics in Medicine 17:857-872,
		// Table II, method 3 (score interval), printed to 4 decimals.
		{k: 81, n: 263, conf: 0.95, lo: 0.2553, hi: 0.3662, tol: 5e-5},
		{k: 15, n: 148, conf: 0.95, lo: 0.0624, hi: 0.1605, tol: 5e-5},
		{k: 0, n: 20, conf: 0.95, lo: 0, hi: 0.1611, tol: 5e-5},
		{k: 1, n: 29, conf: 0.95, lo: 0.0061, hi: 0.1718, tol: 5e-5},
		// No trials: no information.
		{k: 0, n: 0, conf: 0.95, lo: 0, hi: 1, tol: 0},
	}
	for _, tt := range tests {
		lo, hi := Wilson(tt.k, tt.n, tt.conf)
		if math.Abs(lo-tt.lo) > tt.tol || math.Abs(hi-tt.hi) > tt.tol {
			t.Errorf("Wilson(%d, %d, %v) = [%.17g, %.17g], want [%.17g, %.17g] ±%g",
				tt.k, tt.n, tt.conf, lo, hi, tt.lo, tt.hi, tt.tol)
		}
	}
}

func TestWilsonContainsRate(t *testing.T) {
	for n := 1; n <= 50; n++ {
		for k := 0; k <= n; k++ {
			p := Proportion{K: k, N: n}
			lo, hi := p.Interval(0.99)
			if !(0 <= lo && lo <= p.Rate() && p.Rate() <= hi && hi <= 1) {
				t.Fatalf("Proportion{%d, %d}.Interval(0.99) = [%g, %g], rate %g", k, n, lo, hi, p.Rate())
			}
			// A wider confidence gives a wider interval.
			lo2, hi2 := p.Interval(0.9999)
			if lo2 > lo || hi2 < hi {
				t.Fatalf("Proportion{%d, %d}: 99.99%% interval [%g, %g] inside 99%% [%g, %g]", k, n, lo2, hi2, lo, hi)
			}
		}
	}
}

func TestWilsonPanics(t *testing.T) {
	for _, tt := range []struct {
		k, n int
		conf float64
	}{{-1, 10, 0.95}, {11, 10, 0.95}, {1, 10, 0}, {1, 10, 1}, {1, 10, math.NaN()}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Wilson(%d, %d, %v) did not panic", tt.k, tt.n, tt.conf)
				}
			}()
			Wilson(tt.k, tt.n, tt.conf)
		}()
	}
}

func TestProportionRate(t *testing.T) {
	if r := (Proportion{K: 3, N: 4}).Rate(); r != 0.75 {
		t.Errorf("Rate of 3/4 = %v, want 0.75", r)
	}
	if r := (Proportion{}).Rate(); !math.IsNaN(r) {
		t.Errorf("Rate of 0/0 = %v, want NaN", r)
	}
}

func TestMeanSE(t *testing.T) {
	tests := []struct {
		xs       []float64
		mean, se float64
	}{
		// 1..5: mean 3, sample variance 2.5, se = sqrt(2.5/5).
		{xs: []float64{1, 2, 3, 4, 5}, mean: 3, se: math.Sqrt(0.5)},
		// 2, 4, 4, 4, 5, 5, 7, 9: mean 5, sum of squared deviations 32,
		// sample variance 32/7, se = sqrt(32/7/8) = sqrt(4/7).
		{xs: []float64{2, 4, 4, 4, 5, 5, 7, 9}, mean: 5, se: math.Sqrt(4.0 / 7)},
		// A constant: no spread.
		{xs: []float64{7, 7, 7}, mean: 7, se: 0},
		// One observation: the variance is undefined.
		{xs: []float64{4}, mean: 4, se: math.NaN()},
		// None at all.
		{xs: nil, mean: math.NaN(), se: math.NaN()},
	}
	same := func(a, b float64) bool {
		return math.IsNaN(a) && math.IsNaN(b) || math.Abs(a-b) <= 1e-12
	}
	for _, tt := range tests {
		var sum, sumSq float64
		var m Mean
		for _, x := range tt.xs {
			sum += x
			sumSq += x * x
			m.Add(x)
		}
		mean, se := MeanSE(sum, sumSq, len(tt.xs))
		if !same(mean, tt.mean) || !same(se, tt.se) {
			t.Errorf("MeanSE(%v) = %v, %v; want %v, %v", tt.xs, mean, se, tt.mean, tt.se)
		}
		if m.N() != len(tt.xs) || !same(m.Mean(), tt.mean) || !same(m.SE(), tt.se) {
			t.Errorf("Mean over %v: N %d, Mean %v, SE %v; want %d, %v, %v", tt.xs, m.N(), m.Mean(), m.SE(), len(tt.xs), tt.mean, tt.se)
		}
	}
}

// TestMeanStable checks that Welford's update keeps the spread of observations
// around a large mean, where the sum of squares cancels.
func TestMeanStable(t *testing.T) {
	var m Mean
	for _, x := range []float64{1e9 + 4, 1e9 + 7, 1e9 + 13, 1e9 + 16} {
		m.Add(x)
	}
	// Deviations -6, -3, 3, 6 around 1e9+10: variance 90/3 = 30, se = sqrt(30/4).
	if got, want := m.SE(), math.Sqrt(7.5); math.Abs(got-want) > 1e-9 {
		t.Errorf("SE = %v, want %v", got, want)
	}
	if got := m.Mean(); got != 1e9+10 {
		t.Errorf("Mean = %v, want 1e9+10", got)
	}
}
