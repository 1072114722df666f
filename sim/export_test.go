package sim

import "math/rand/v2"

// BudgetCount exposes BudgetMatch.count to the tests of package sim_test.
func BudgetCount(m *BudgetMatch, r *rand.PCG, cost float64) int { return m.count(r, cost) }
