package sim

import (
	"github.com/kharn-ages/kharn/sim/field"
	"math"
	"testing"
)

// posEngine returns the engine of a two-against-two skirmish of a and b, the
// Safars placed by hand (none in ambush).
func posEngine(t *testing.T, a, b string) *engine {
	t.Helper()
	fa, fb := fighterOf(t, a), fighterOf(t, b)
	sk := &Skirmish{Sides: [2]Spearhead{
		{Safars: []*Fighter{fa, fa}, Costs: []int{100, 100}, Leader: -1},
		{Safars: []*Fighter{fb, fb}, Costs: []int{100, 100}, Leader: -1},
	}}
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	pl.e.ambush = nil
	e := pl.e
	e.reset()
	return e
}

// TestExpectedAtNegativeAP: a warning's gain (engine.shout) asked for a
// defender whose AP a spell's defence took below 0 panicked in the exact
// engine (makeslice: len out of range, seen in the mirror battles of
// TestPositionalEffectsChosen over the ready-made lists); it holds no AP.
func TestExpectedAtNegativeAP(t *testing.T) {
	e := posEngine(t, "guild-crossbowman-2", "kherops-warrior-1")
	opt := &e.opts[e.c[0].kind][e.c[2].kind][0]
	key := planKey{att: int8(e.c[0].kind), def: int8(e.c[2].kind), apLeft: 2, opt: 0}
	pl := e.plan(key, 0, opt)
	want := expectedAt(pl, 0)
	if got := expectedAt(pl, -3); math.Abs(got-want) > 1e-12 {
		t.Errorf("expected damage against -3 AP: %.6f, want that against 0 AP, %.6f", got, want)
	}
}

// TestAssaultRepelValue checks R10a in an assault after a paid walk: a
// kherops-warrior-1 (A1) that has walked once already (its next walk costs 1
// AP) assaults a shock-vanguard-2 (B1) 1.5 toises away, with a second one (B2)
// straight behind B1: the repel after the walk ends in a collision (1D5 to each,
// seed 000 line 640), as in TestRepelValue, so the default's assault takes the
// C option. Before, an assault's walk that cost AP left every positional option
// out of the plan.
func TestAssaultRepelValue(t *testing.T) {
	e := posEngine(t, "kherops-warrior-1", "shock-vanguard-2")
	opts := e.opts[e.c[0].kind][e.c[2].kind]
	k := -1
	for n := range opts {
		if opts[n].pos == posC && opts[n].attack.AP == 2 {
			k = n
		}
	}
	if k < 0 {
		t.Fatal("no 2 AP positional C option for kherops-warrior-1 against shock-vanguard-2")
	}
	d := repel(e.c[0].f, e.c[2].f, opts[k].attack.Effects.Count(C), repelSide{})
	ra, rb := e.c[0].radius, e.c[2].radius
	e.c[0].pos = field.Vec{X: 7.5, Y: 5}
	e.c[2].pos = field.Vec{X: 7.5, Y: 5 + ra + rb + 1.5}
	e.c[3].pos = field.Vec{X: 7.5, Y: 5 + ra + 3*rb + 1.5 + d/2} // within the repel
	e.c[1].pos = field.Vec{X: 14, Y: 1}
	e.c[0].walks = 1
	w := e.walkCost(0)
	if w != 1 || e.gap(0, 2) <= e.reach(0) || e.gap(0, 2) > e.assaultReach(0) {
		t.Fatalf("walk cost %d, gap %.2f: want 1 AP, beyond reach %.2f and within the assault's %.2f", w, e.gap(0, 2), e.reach(0), e.assaultReach(0))
	}
	e.c[0].ap = w + 2
	first, _ := bestAttack(e, 0, 2, w, nil, false, true)
	if first != k {
		name := "none"
		if first >= 0 {
			name = opts[first].attack.String()
		}
		t.Errorf("assault after a paid walk with 2 AP left: first attack %s, want the C option %s", name, opts[k].attack)
	}
	if e.c[0].pos != (field.Vec{X: 7.5, Y: 5}) || e.c[0].ap != w+2 {
		t.Errorf("the valuation moved A1 to %v, %d AP", e.c[0].pos, e.c[0].ap)
	}
}
