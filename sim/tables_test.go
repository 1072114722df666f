package sim_test

import (
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/sim"
)

// TestTablesShared checks that duels and a skirmish sharing a sim.Tables build
// each table of one attacker kind against one defender kind once, across fighters
// made separately from the same card, and play exactly the fights they play with
// tables of their own.
func TestTablesShared(t *testing.T) {
	var tb sim.Tables
	const n = 300
	play := func(d *sim.Duel) []sim.FightResult {
		pl, err := d.NewPlayer()
		if err != nil {
			t.Fatal(err)
		}
		r := rand.NewPCG(11, 0)
		out := make([]sim.FightResult, n)
		for i := range out {
			out[i] = pl.Play(r)
		}
		return out
	}
	for _, c := range playCases[:2] {
		alone := play(&sim.Duel{A: cardFighter(t, c.a), B: cardFighter(t, c.b), Distance: c.distance})
		shared := play(&sim.Duel{A: cardFighter(t, c.a), B: cardFighter(t, c.b), Distance: c.distance, Tables: &tb})
		again := play(&sim.Duel{A: cardFighter(t, c.a), B: cardFighter(t, c.b), Distance: c.distance, Tables: &tb})
		for i := range alone {
			if alone[i] != shared[i] || alone[i] != again[i] {
				t.Fatalf("%s: fight %d: alone %+v, shared %+v, shared again %+v", c.name, i, alone[i], shared[i], again[i])
			}
		}
	}
	// Two duels, two tables each (A against B, B against A).
	if got := tb.Len(); got != 4 {
		t.Errorf("%d tables after two duels played twice, want 4", got)
	}
	// A skirmish of the same kinds adds no table.
	sk := &sim.Skirmish{Tables: &tb}
	sk.Sides[0] = sim.Spearhead{Safars: []*sim.Fighter{cardFighter(t, "paladin-3"), cardFighter(t, "paladin-3")}, Costs: []int{1, 1}, Leader: -1}
	sk.Sides[1] = sim.Spearhead{Safars: []*sim.Fighter{cardFighter(t, "kherops-warrior-2")}, Costs: []int{1}, Leader: -1}
	if _, err := sk.NewPlayer(); err != nil {
		t.Fatal(err)
	}
	if got := tb.Len(); got != 4 {
		t.Errorf("%d tables after a skirmish of the same kinds, want 4", got)
	}
}
