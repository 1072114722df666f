package sim

import (
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/sim/field"
)

// activationsToReach plays Safar 0's free walk toward Safar 1 (no AP: no climb,
// no paid walk), one activation at a time, and returns how many it takes until
// 1 is within 0's reach, or max+1 when it never is within max.
func activationsToReach(t *testing.T, e *engine, max int) int {
	t.Helper()
	r := rand.NewPCG(1, 2)
	for n := 1; n <= max; n++ {
		c := &e.c[0]
		c.ap, c.walks = 0, 0
		e.do(r, 0, action{kind: actToward, target: 1})
		if e.gap(0, 1) <= e.reach(0)+1e-9 {
			return n
		}
	}
	return max + 1
}

// TestRouteRoundWall: a crown-guard-1 (velocity 3, a 0.5-toise base) against
// the ruins' tall wall (2.5 toises high, x 7 to 7.5, y 3.5 to 6: scenario
// ruins), where an earlier walk stopped it, its foe straight behind the wall.
// Its straight walk goes nowhere and every sidestep (at most 80 degrees off)
// heads into the wall; it goes round the wall's corner (engine.route,
// field.RouteWalk) and reaches its foe in its second activation. Before, it
// never did: without the route its sidesteps went nowhere, and without
// field's contact fix (TestWalkFromContact) no walk left the wall at all.
func TestRouteRoundWall(t *testing.T) {
	wall := field.Terrain{Kind: field.Cover, Height: 2.5, Rect: field.Rect{X: 7, Y: 3.5, W: 0.5, H: 2.5}}
	e := heightsEngine(t, fighterWith(t, "crown-guard-1"), fighterWith(t, "kherops-warrior-1"), wall)
	e.c[0].pos, e.c[1].pos = field.Vec{X: 8, Y: 4.75}, field.Vec{X: 3, Y: 4.75}
	if n := activationsToReach(t, e, 10); n != 2 {
		t.Errorf("behind the wall: reached its foe in activation %d (11: never in 10), want 2; at %v", n, e.c[0].pos)
	}
}

// TestRouteRoundRubble: a kherops-commander-3 of velocity 2 cannot enter
// difficult ground, which takes 2 off velocity (seed 004 line 590, "sa
// vitesse est réduite de 2"; line 594: a Safar whose velocity falls to zero
// "ne peut pas bouger"). With the ruins' rubble (x 1 to 4, y 9 to 11) between
// it and its foe, its walk stopped at the rubble's edge for the rest of the
// battle; it goes round it now and reaches its foe in its third activation
// (the first straight to the edge, 1.5 toises, then 2 toises round the corner
// and the rest in).
func TestRouteRoundRubble(t *testing.T) {
	rubble := field.Terrain{Kind: field.Difficult, Rect: field.Rect{X: 1, Y: 9, W: 3, H: 2}}
	e := heightsEngine(t, fighterWith(t, "kherops-commander-3"), fighterWith(t, "paladin-3"), rubble)
	e.c[0].pos, e.c[1].pos = field.Vec{X: 2.5, Y: 12.5}, field.Vec{X: 2.5, Y: 7.5}
	if v := e.velocity(0); v != 2 {
		t.Fatalf("kherops-commander-3 velocity %v, want 2 (the position assumes it)", v)
	}
	if n := activationsToReach(t, e, 10); n != 3 {
		t.Errorf("across the rubble: reached its foe in activation %d (11: never in 10), want 3; at %v", n, e.c[0].pos)
	}
}

// TestAssaultWalks: the commander on the rubble's edge (where its walks
// stopped), its foe on the other edge, 0.6 toise apart: within a straight walk
// and an assault, but the assault's walk cannot enter the rubble, and
// engine.attack refuses it. The default policy chose that assault in every
// activation, which then ended with nothing done; now it walks in (round the
// rubble) instead, and the action is played.
func TestAssaultWalks(t *testing.T) {
	rubble := field.Terrain{Kind: field.Difficult, Rect: field.Rect{X: 1, Y: 9, W: 3, H: 2}}
	e := heightsEngine(t, fighterWith(t, "kherops-commander-3"), fighterWith(t, "paladin-3"), rubble)
	e.c[0].pos, e.c[1].pos = field.Vec{X: 2.4, Y: 11}, field.Vec{X: 2.3, Y: 9}
	if e.gap(0, 1) > e.assaultReach(0) {
		t.Fatalf("gap %v beyond the assault reach %v: the position does not test the refusal", e.gap(0, 1), e.assaultReach(0))
	}
	if e.assaultWalks(0, 1) {
		t.Errorf("assaultWalks across the rubble = true, want false")
	}
	a := playWell(e, 0, 1, nil, true, true)
	from := e.c[0].pos
	if a.kind != actToward || !e.do(rand.NewPCG(1, 2), 0, a) || e.c[0].pos == from {
		t.Errorf("the policy's action %+v: want a walk in that moves it (at %v, from %v)", a, e.c[0].pos, from)
	}
}
