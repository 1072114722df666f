package reports

import (
	"math"
	"testing"
)

// TestCSVNumber: n/a (NaN, an unbounded end) is an empty cell; numbers keep
// prec significant digits.
func TestCSVNumber(t *testing.T) {
	for _, tt := range []struct {
		x    float64
		prec int
		want string
	}{
		{math.NaN(), 10, ""},
		{math.Inf(1), 8, ""},
		{math.Inf(-1), 8, ""},
		{1.0 / 3, 8, "0.33333333"},
		{1.0 / 3, 10, "0.3333333333"},
		{42, 10, "42"},
	} {
		if got := CSVNumber(tt.x, tt.prec); got != tt.want {
			t.Errorf("CSVNumber(%v, %d) = %q, want %q", tt.x, tt.prec, got, tt.want)
		}
	}
}
