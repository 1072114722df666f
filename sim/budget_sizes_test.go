package sim_test

import (
	"math/rand/v2"
	"testing"
)

// TestBudgetSizes checks that BudgetPlayer.Sizes leaves the PCG as it was, and
// that Play with the PCG in the same state and a cost of the same sizes plays
// the same battle: it returns the same score and leaves the PCG in the same
// state (the numbers it drew are the same), while a cost of other sizes
// fields other sides (cmd/kharn onceAcrossCosts relies on both).
func TestBudgetSizes(t *testing.T) {
	m := budgetMatch(t) // 300 Kr a side
	pl, err := m.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	same, other := 0, 0
	for s := range uint64(200) {
		r := rand.NewPCG(s, 7)
		before := *r
		sz := pl.Sizes(r, 60)
		if *r != before {
			t.Fatalf("seed %d: Sizes drew from the PCG", s)
		}
		if sz.Opponent < 0 || sz.Opponent >= len(m.Pool) || sz.A != 5 || sz.B < 1 {
			t.Fatalf("seed %d: sizes %+v, want an opponent of the pool, A 5 (300/60 Kr), B at least 1", s, sz)
		}
		r1, r2 := *r, *r
		s1 := pl.Play(&r1, 60)
		sz2 := pl.Sizes(&r2, 56) // 5.36 Safars: 5 or 6
		if sz2 == sz {
			same++
			if s2 := pl.Play(&r2, 56); s2 != s1 || r2 != r1 {
				t.Errorf("seed %d: sizes %+v at 60 and 56 Kr, scores %v and %v", s, sz, s1, s2)
			}
		} else {
			other++
		}
	}
	if same == 0 || other == 0 {
		t.Errorf("%d seeds of equal sizes at 60 and 56 Kr, %d of other sizes: want some of each", same, other)
	}
}
