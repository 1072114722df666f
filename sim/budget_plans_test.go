package sim_test

import (
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/sim"
)

// TestBudgetPlansShared checks that a BudgetPlayer's skirmish players of one
// opponent at different numbers of Safars share their exchange plans
// (sim/budget_plans.go) and that the battles score the same, battle by
// battle, as with players keeping plans of their own: the same seeds at costs
// that field 3 to 7 Safars against both opponents of the pool.
func TestBudgetPlansShared(t *testing.T) {
	m := budgetMatch(t)
	shared, err := m.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	own, err := m.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	sim.UnsharedPlans(own)
	costs := []float64{43, 50, 60, 75, 100}
	for s := range uint64(40) {
		for _, c := range costs {
			r1, r2 := rand.NewPCG(s, 11), rand.NewPCG(s, 11)
			if a, b := shared.Play(r1, c), own.Play(r2, c); a != b {
				t.Fatalf("seed %d at %v Kr: score %v with shared plans, %v with plans of its own", s, c, a, b)
			}
		}
	}
	players, maps := sim.PlanMaps(shared)
	if players < 2*len(costs) || maps > 2 {
		t.Errorf("shared: %d players use %d plan maps, want at least %d players and one map per opponent (2)", players, maps, 2*len(costs))
	}
	if p, n := sim.PlanMaps(own); n != p {
		t.Errorf("own plans: %d players use %d plan maps, want one each", p, n)
	}
}
