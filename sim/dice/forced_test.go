package dice

import (
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/stats"
)

// forcedFaces enumerates the kept face of n dice (n = 1 or 2) when an opponent's
// Duellist 1 forces the highest die to be rolled again whenever the kept face is at
// least from: the independent oracle of RollForced.
func forcedFaces(n, from int) [11]float64 {
	var out [11]float64
	if n == 1 {
		for a := 1; a <= 10; a++ {
			if a < from {
				out[a] += 0.1
				continue
			}
			for c := 1; c <= 10; c++ {
				out[c] += 0.01
			}
		}
		return out
	}
	for a := 1; a <= 10; a++ {
		for b := 1; b <= 10; b++ {
			hi, lo := max(a, b), min(a, b)
			if hi < from {
				out[hi] += 0.01
				continue
			}
			for c := 1; c <= 10; c++ {
				out[max(lo, c)] += 0.001
			}
		}
	}
	return out
}

// TestRollForced checks the kept face of RollForced (no mastery, no CF, no CH
// reroll counted: the face only) against the enumeration, inside 99.99% Wilson
// intervals of 10^6 rolls.
func TestRollForced(t *testing.T) {
	for _, n := range []int{1, 2} {
		want := forcedFaces(n, 6)
		p := Pool{Dice: n}
		r := rand.NewPCG(uint64(n), 9)
		const draws = 1_000_000
		var got [11]int
		for range draws {
			got[p.RollForced(r, 1, 6).Face]++
		}
		for f := 1; f <= 10; f++ {
			lo, hi := stats.Wilson(got[f], draws, 0.9999)
			if want[f] < lo || want[f] > hi {
				t.Errorf("%d dice: P(face %d) = %.4f, sample %d/%d [%.4f, %.4f]", n, f, want[f], got[f], draws, lo, hi)
			}
		}
	}
	// x = 0 or from = 0 is a plain roll: the same stream as Roll.
	a, b := rand.NewPCG(3, 3), rand.NewPCG(3, 3)
	for range 1000 {
		if x, y := (Pool{Dice: 2}).RollForced(a, 0, 6), (Pool{Dice: 2}).Roll(b); x != y {
			t.Fatalf("RollForced(0, 6) = %+v, Roll = %+v", x, y)
		}
	}
}
