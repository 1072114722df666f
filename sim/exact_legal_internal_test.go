package sim

import (
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// TestCombatChars checks combatChars against the checks it replaced in
// checkDefence (charsIn over V, P, A, C; Count of each at most 2) on every
// multiset of 0 to 3 of the six characteristics, in every order.
func TestCombatChars(t *testing.T) {
	all := []Char{V, P, A, C, profiles.T, profiles.I}
	var sets []Chars
	var grow func(cs Chars)
	grow = func(cs Chars) {
		sets = append(sets, cs)
		if cs.Len() == 3 {
			return
		}
		for _, c := range all {
			grow(cs.Add(c))
		}
	}
	grow(Chars{})
	if len(sets) != 1+6+36+216 {
		t.Fatalf("%d sets, want 259", len(sets))
	}
	notVPAC, thrice := 0, 0
	for _, cs := range sets {
		wantIn := charsIn(cs, V, P, A, C)
		wantTwice := true
		for _, c := range []Char{V, P, A, C} {
			if cs.Count(c) > 2 {
				wantTwice = false
			}
		}
		in, twice := combatChars(cs)
		if in != wantIn || (wantIn && twice != wantTwice) {
			t.Errorf("combatChars(%s) = %v, %v; want %v, %v", cs, in, twice, wantIn, wantTwice)
		}
		if !wantIn {
			notVPAC++
		} else if !wantTwice {
			thrice++
		}
	}
	if notVPAC == 0 || thrice != 4 { // VVV, PPP, AAA, CCC
		t.Errorf("%d sets outside V, P, A, C and %d thrice: the test misses a case", notVPAC, thrice)
	}
}
