package sim

import "math/rand/v2"

// BudgetSizes is what a battle of a BudgetMatch fields: the opponent drawn
// from the pool (its index) and the number of Safars of each side.
type BudgetSizes struct{ Opponent, A, B int }

// sizes draws from r the opponent and the two sides' numbers of Safars of a
// battle at cost, the first random numbers of BudgetPlayer.Play.
func (m *BudgetMatch) sizes(r *rand.PCG, cost float64) (q, a, b int) {
	q = int(r.Uint64() % uint64(len(m.Pool)))
	a = m.count(r, cost)
	b = m.count(r, float64(m.PoolCosts[q]))
	return q, a, b
}

// Sizes returns what Play(r, cost) fields, without drawing from r (it reads a
// copy). Play draws these first, then plays the battle with the numbers that
// follow in r, so two calls of Play with r in the same state and costs of
// equal Sizes play the same battle and return the same score: a fair-cost
// search, whose trials give every cost the same random numbers, plays that
// battle once (cmd/kharn stageGames).
func (p *BudgetPlayer) Sizes(r *rand.PCG, cost float64) BudgetSizes {
	c := *r
	q, a, b := p.m.sizes(&c, cost)
	return BudgetSizes{q, a, b}
}
