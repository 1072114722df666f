package sim

import (
	"math"
	"testing"

	"github.com/kharn-ages/kharn/sim/field"
)

// TestMoveOnEnemySupport checks R10a's valuation of a melee fighter's V move
// on to a second enemy (moveOn) when it ends engaged with both: each of the
// two enemies, engaged with it alone, now supports the other against it (R8:
// +1 on their attack and defence rolls, seed 000 lines 790-794 and 1112-1114), and the move
// is charged supportHP for each support the enemies gain. Before, moveOn
// counted the supports its mover gives and loses, never those it hands the
// enemy: kherops-300 and kharns-300 moved on into two enemies (paired battles
// of docs/policies.md, "The supports a move on hands the enemy"). Two
// guild-cutthroat-1 against two: A1 in contact with B1 to its left, B2 free,
// 0.7 toises above it, within its move, at 2 HP; A2 out of the way.
func TestMoveOnEnemySupport(t *testing.T) {
	e, opts, k, r, d := moveOnScene(t)
	e.c[0].pos = field.Vec{X: 7.5, Y: 7.5}             // A1
	e.c[2].pos = field.Vec{X: 7.5 - 2*r, Y: 7.5}       // B1 in contact, to its left
	e.c[3].pos = field.Vec{X: 7.5, Y: 7.5 + 2*r + 0.7} // B2 above, free
	e.c[1].pos = field.Vec{X: 2, Y: 2}                 // A2 out of the way
	e.c[0].ap, e.c[1].ap, e.c[2].ap, e.c[3].ap = 3, 0, 0, 0
	e.c[3].hp = 2 // wounded: the move on is worth it with the supports charged
	if !e.engaged(0, 2) || e.engaged(0, 3) || e.engagedAny(3) {
		t.Fatalf("placement: A1-B1 %v, A1-B2 %v, B2 with anyone %v: want engaged, not, not", e.engaged(0, 2), e.engaged(0, 3), e.engagedAny(3))
	}
	g := moveOnToB2(t, e, &opts[k])
	from := e.c[0].pos
	before := e.enemySupports(0)
	e.c[0].pos, _ = e.destination(0, 3, d, true)
	if !e.engaged(0, 2) || !e.engaged(0, 3) {
		t.Fatalf("after the move: A1-B1 %v, A1-B2 %v: the case wants both engaged", e.engaged(0, 2), e.engaged(0, 3))
	}
	after := e.enemySupports(0)
	rest := e.c[0].ap - e.attackCost(0, opts[k].ap())
	costOf := meleePlanCost(e, 0)
	plan, _ := planDPWith(&e.dp, e.opts[e.c[0].kind][e.c[3].kind], rest, e.targetAP(3), costOf, func(int) float64 { return 0 }, e.c[3].hp, killWeight*e.threat[e.c[0].kind][e.c[3].kind][0], nil)
	sup := supportHP * float64(e.alliesOn(0, 3))
	e.c[0].pos = from
	if before != 0 || after != 2 {
		t.Fatalf("enemy supports %d before the move, %d after: want 0 and 2 (B1 and B2 each support the other against A1)", before, after)
	}
	want := plan + sup - 2*supportHP
	if math.Abs(g.value-want) > 1e-9 {
		t.Errorf("moveOn's value %.4f, want the plan against B2 %.4f + supports %.1f - 2 enemy supports x %.1f = %.4f (without them %.4f)",
			g.value, plan, sup, supportHP, want, plan+sup)
	}
}
