package sim

import (
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
