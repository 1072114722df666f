package sim_test

import (
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/sim"
)

// TestBudgetMatchPolicy checks that BudgetMatch.Policy plays the studied side:
// bone-seer-2 (bone-splinters and spark-of-will, damage spells the fights cast)
// with the no-magic policy plays other battles than with the default policy
// from the same random numbers, and a nil Policy plays exactly as the default.
// Before the Policy field the side was always played by the default policy,
// and the scores of the two runs were equal.
func TestBudgetMatchPolicy(t *testing.T) {
	scores := func(pol sim.FightPolicy) []float64 {
		m := budgetMatch(t)
		m.Fighter = cardFighter(t, "bone-seer-2")
		m.Policy = pol
		pl, err := m.NewPlayer()
		if err != nil {
			t.Fatal(err)
		}
		var out []float64
		for i := range 200 {
			r := rand.NewPCG(7, uint64(i))
			out = append(out, pl.Play(r, 70))
		}
		return out
	}
	def, none, magic := scores(nil), scores(sim.NoMagic), scores(sim.DefaultFightPolicy)
	differ := 0
	for i := range def {
		if def[i] != magic[i] {
			t.Fatalf("battle %d: nil policy scored %v, the default policy %v", i, def[i], magic[i])
		}
		if def[i] != none[i] {
			differ++
		}
	}
	if differ == 0 {
		t.Error("no-magic played the same 200 battles as the default policy: BudgetMatch.Policy is not used")
	}
}
