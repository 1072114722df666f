package stats

import (
	"math"
	"testing"
)

func TestTwoProportionZ(t *testing.T) {
	tests := []struct {
		k1, n1, k2, n2 int
		want           float64
	}{
		// 60/100 against 40/100: p̂ = 0.5, se = √(0.25·0.02) = 0.1/√2, z = 0.2/se = 2√2.
		{60, 100, 40, 100, 2 * math.Sqrt2},
		// The sign follows the first sample.
		{40, 100, 60, 100, -2 * math.Sqrt2},
		// 30/50 against 45/150: p̂ = 75/200 = 0.375, se = √(0.375·0.625·(1/50+1/150)),
		// difference 0.6 - 0.3 = 0.3; worked by hand.
		{30, 50, 45, 150, 0.3 / math.Sqrt(0.375*0.625*(1.0/50+1.0/150))},
		// Equal proportions, and the degenerate all-success case.
		{7, 10, 70, 100, 0},
		{10, 10, 100, 100, 0},
	}
	for _, tt := range tests {
		if got := TwoProportionZ(tt.k1, tt.n1, tt.k2, tt.n2); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("TwoProportionZ(%d, %d, %d, %d) = %.15g, want %.15g", tt.k1, tt.n1, tt.k2, tt.n2, got, tt.want)
		}
	}
	if got := TwoProportionZ(0, 0, 1, 2); !math.IsNaN(got) {
		t.Errorf("TwoProportionZ with n1 = 0 = %v, want NaN", got)
	}
}

func TestCriticalZ(t *testing.T) {
	tests := []struct {
		alpha float64
		m     int
		want  float64
	}{
		// Quantiles from Python 3's statistics.NormalDist().inv_cdf: 0.975 and
		// 1 - 0.05/42 = 0.99880952380952381.
		{0.05, 1, 1.9599639845400536},
		{0.05, 21, 3.038074304924211},
	}
	for _, tt := range tests {
		if got := CriticalZ(tt.alpha, tt.m); math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("CriticalZ(%v, %d) = %.17g, want %.17g", tt.alpha, tt.m, got, tt.want)
		}
	}
}

// TestDiffSE: two 95% half-widths of 1.96 and 3 x 1.96 give standard errors 1
// and 3, whose difference has standard error sqrt(10).
func TestDiffSE(t *testing.T) {
	if got, want := DiffSE(1.96, 3*1.96), math.Sqrt(10); math.Abs(got-want) > 1e-12 {
		t.Errorf("DiffSE(1.96, 5.88) = %v, want %v", got, want)
	}
	if got := DiffSE(0, 0); got != 0 {
		t.Errorf("DiffSE(0, 0) = %v, want 0", got)
	}
}
