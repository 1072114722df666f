package stats

// PoolMismatch is a pool of consecutive outcomes whose exact probability lies
// outside the interval of its sampled frequency.
type PoolMismatch struct {
	Start, End int     // outcomes [Start, End)
	Count      int     // draws that fell in the pool
	Exact      float64 // exact probability of the pool
	Lo, Hi     float64 // interval of the frequency
}

// CheckPMF compares counts[i] of n draws with exact probabilities exact[i]: it
// returns how many pools it checked and those whose exact probability lies outside
// the Wilson interval of level confidence. The Wilson interval is too narrow in its
// lower tail when the expected count is below a few units (3 draws of an outcome of
// probability 2.8e-7 in 10^6 fall outside it, yet P(X >= 3) = 0.3%), so consecutive
// outcomes are pooled until each pool expects at least minExpected draws, as a
// chi-square test pools its cells; a last pool short of that joins the one before.
// The pools depend only on exact and n, not on the sample.
func CheckPMF(counts []int, n int, exact []float64, minExpected, confidence float64) (pools int, bad []PoolMismatch) {
	m := max(len(counts), len(exact))
	at := func(i int) (int, float64) {
		k, q := 0, 0.0
		if i < len(counts) {
			k = counts[i]
		}
		if i < len(exact) {
			q = exact[i]
		}
		return k, q
	}
	var bounds []int // end (exclusive) of each pool
	q := 0.0
	for i := range m {
		_, qi := at(i)
		q += qi
		if q*float64(n) >= minExpected || i == m-1 {
			bounds = append(bounds, i+1)
			q = 0
		}
	}
	if len(bounds) > 1 {
		last, start := bounds[len(bounds)-1], bounds[len(bounds)-2]
		tail := 0.0
		for i := start; i < last; i++ {
			_, qi := at(i)
			tail += qi
		}
		if tail*float64(n) < minExpected {
			bounds = append(bounds[:len(bounds)-2], last)
		}
	}
	start := 0
	for _, end := range bounds {
		k, want := 0, 0.0
		for i := start; i < end; i++ {
			ki, qi := at(i)
			k += ki
			want += qi
		}
		if lo, hi := Wilson(k, n, confidence); want < lo || want > hi {
			bad = append(bad, PoolMismatch{Start: start, End: end, Count: k, Exact: want, Lo: lo, Hi: hi})
		}
		start = end
	}
	return len(bounds), bad
}
