package sim

import (
	"math/rand/v2"
	"testing"
)

// BudgetCount exposes BudgetMatch.count to the tests of package sim_test.
func BudgetCount(m *BudgetMatch, r *rand.PCG, cost float64) int { return m.count(r, cost) }

// NotModelledContains reports whether a not-modelled entry of d names skill.
func (d *Duel) NotModelledContains(skill string) bool {
	for _, n := range d.NotModelled() {
		if n == skill || len(n) > len(skill) && n[:len(skill)+1] == skill+" " {
			return true
		}
	}
	return false
}

// EffectMoves returns, per Safar of the last skirmish p played (in Labels
// order), its successful 2-3 AP attacks and how many of them took a V or C
// effect (R10a).
func (p *SkirmishPlayer) EffectMoves() (moves, moved []int) {
	for i := range p.e.c {
		moves = append(moves, p.e.c[i].moves)
		moved = append(moved, p.e.c[i].moved)
	}
	return moves, moved
}

// WarmAllocs plays battles of pl from seed 1 once to warm it, then returns
// the allocations per battle of playing the same battles again
// (TestSkirmishAllocs says why the same ones).
func WarmAllocs(pl *SkirmishPlayer, battles int) float64 {
	var r rand.PCG
	replay := func() {
		r.Seed(1, 0)
		for range battles {
			pl.Play(&r)
		}
	}
	replay()
	return testing.AllocsPerRun(5, replay) / float64(battles)
}
