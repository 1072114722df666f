package sim

import (
	"math/rand/v2"
	"testing"
)

// TestCastPlansShared checks that the engines of one run share their cast
// plans (sim/cast_tables.go): two battles of a caster against the same
// opponent with other side sizes, as a fair-cost search sets them up, plan
// each cast once, and play the battles they play with plans of their own.
func TestCastPlansShared(t *testing.T) {
	skirmish := func(tb *Tables, a, b int) *SkirmishPlayer {
		t.Helper()
		sk := &Skirmish{Tables: tb}
		sk.Sides[0] = repeatSide(cardFighterIn(t, "goun-shaman-2"), a)
		sk.Sides[1] = repeatSide(cardFighterIn(t, "kherops-warrior-2"), b)
		pl, err := sk.NewPlayer()
		if err != nil {
			t.Fatal(err)
		}
		return pl
	}
	var tb Tables
	one, two := skirmish(&tb, 1, 1), skirmish(&tb, 2, 1)
	m1, m2 := one.e.magic, two.e.magic
	if m1 == nil || m2 == nil {
		t.Fatal("no cast options for goun-shaman-2")
	}
	plans := 0
	for a := range m1.opts {
		for i, o := range m1.opts[a] {
			for d, pl := range o.plans {
				if pl == nil {
					continue
				}
				plans++
				if got := m2.opts[a][i].plans[d]; got != pl {
					t.Errorf("kind %d, %s at %d AP on kind %d: a plan of its own (%p, %p) in the second battle", a, o.spell.Name, o.ap, d, got, pl)
				}
			}
		}
	}
	if plans == 0 {
		t.Fatal("no cast plan")
	}
	// The same battles as with plans of their own (no shared tables).
	for _, size := range [][2]int{{1, 1}, {2, 1}} {
		shared, alone := skirmish(&tb, size[0], size[1]), skirmish(nil, size[0], size[1])
		r1, r2 := rand.NewPCG(5, 0), rand.NewPCG(5, 0)
		for i := range 200 {
			if g, w := shared.Play(r1), alone.Play(r2); g.Winner != w.Winner || g.Rounds != w.Rounds || g.Krowns != w.Krowns {
				t.Fatalf("%v: battle %d: shared plans %+v, its own %+v", size, i, g, w)
			}
		}
	}
}
