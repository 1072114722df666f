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

// TestTablesSharedByExchangePolicy checks that fight policies answering an
// exchange alike (the default, no-magic, nearest, always-N-AP: the same
// attack and defence Policy) share their option tables, while a policy that
// answers otherwise (reflex-only, random) gets tables of its own, and that a
// duel on shared tables plays exactly the fights it plays on tables of its
// own.
func TestTablesSharedByExchangePolicy(t *testing.T) {
	var tb sim.Tables
	const n = 300
	play := func(pols [2]sim.FightPolicy, tables *sim.Tables) []sim.FightResult {
		d := &sim.Duel{A: cardFighter(t, "paladin-3"), B: cardFighter(t, "kherops-warrior-2"), Distance: 4, Policies: pols, Tables: tables}
		pl, err := d.NewPlayer()
		if err != nil {
			t.Fatal(err)
		}
		r := rand.NewPCG(13, 0)
		out := make([]sim.FightResult, n)
		for i := range out {
			out[i] = pl.Play(r)
		}
		return out
	}
	for _, c := range []struct {
		pols [2]sim.FightPolicy
		want int // tables held after the duel
	}{
		{[2]sim.FightPolicy{nil, nil}, 2},
		{[2]sim.FightPolicy{sim.NoMagic, sim.DefaultFightPolicy}, 2},
		{[2]sim.FightPolicy{sim.NearestPolicy, sim.Always2AP}, 2},
		{[2]sim.FightPolicy{sim.DefaultFightPolicy, sim.ReflexOnly}, 3}, // paladin-3 against a reflex-only defender
		{[2]sim.FightPolicy{sim.RandomPolicy, sim.RandomPolicy}, 5},
	} {
		shared, alone := play(c.pols, &tb), play(c.pols, nil)
		for i := range alone {
			if shared[i] != alone[i] {
				t.Fatalf("policies %s: fight %d: shared tables %+v, own tables %+v", policyNames(c.pols), i, shared[i], alone[i])
			}
		}
		if got := tb.Len(); got != c.want {
			t.Errorf("policies %s: %d tables held, want %d", policyNames(c.pols), got, c.want)
		}
	}
}

// policyNames names the policies of both sides, nil as the default.
func policyNames(pols [2]sim.FightPolicy) string {
	var out [2]string
	for s, p := range pols {
		if p == nil {
			p = sim.DefaultFightPolicy
		}
		out[s] = p.Name()
	}
	return out[0] + " against " + out[1]
}
