package profiles

import (
	"cmp"
	"slices"
	"strings"
)

// Closest returns up to n candidates closest to s, best first, for "did you mean"
// messages. Closeness is the edit distance (insertions, deletions, substitutions and
// swaps of two neighbouring letters, ignoring case); a candidate that contains s
// (of three letters or more) counts as distance 1. Candidates farther than
// max(1, len(s)/2) are left out, so the result may be empty. Ties keep the order
// of candidates; repeated candidates are returned once.
func Closest(s string, candidates []string, n int) []string {
	if n <= 0 || len(candidates) == 0 {
		return nil
	}
	ls := strings.ToLower(s)
	limit := max(1, len([]rune(ls))/2)
	type scored struct {
		c string
		d int
	}
	var found []scored
	seen := make(map[string]bool)
	for _, c := range candidates {
		if seen[c] {
			continue
		}
		seen[c] = true
		lc := strings.ToLower(c)
		d := distance(ls, lc)
		if d > 1 && len(ls) >= 3 && strings.Contains(lc, ls) {
			d = 1
		}
		if d <= limit {
			found = append(found, scored{c, d})
		}
	}
	slices.SortStableFunc(found, func(a, b scored) int { return cmp.Compare(a.d, b.d) })
	out := make([]string, 0, min(n, len(found)))
	for _, f := range found[:min(n, len(found))] {
		out = append(out, f.c)
	}
	return out
}

// distance returns the optimal string alignment distance between a and b: the
// number of rune insertions, deletions, substitutions and adjacent transpositions
// turning a into b.
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	// Three rows of the dynamic programme: i-2, i-1 and i.
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}
