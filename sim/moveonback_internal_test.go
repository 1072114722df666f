package sim

import (
	"math"
	"testing"

	"github.com/kharn-ages/kharn/sim/field"
)

// TestMoveOnAssaultBack checks R10a's valuation of a melee fighter's V move
// on to a second enemy (moveOn): the enemy it leaves, engaged with no one
// else and within a walk of it, comes back at it in its next activation with
// an assault, its stature on its first attack (seed 000 lines 707 and 717,
// seed 004 lines 634 and 646, rulings.md R8a), as after a repel that leaves
// the target out of contact (positionValue, backReach): the move is charged
// assaultShare of that enemy's threat to the mover. Before, moveOn counted
// the plan against the second enemy and the supports won and lost, never what
// the enemy left behind still does: on black-guild-400, cutthroats at 1 or 2
// HP left a target they had not defeated with 2:VV:V (docs/policies.md,
// "Where the default still plays alike"). Two guild-cutthroat-1 against two:
// A1 in contact with B1, A2 with B2, B2 within A1's free move.
func TestMoveOnAssaultBack(t *testing.T) {
	e, opts, k, r, d := moveOnScene(t)
	e.c[0].pos = field.Vec{X: 7.5, Y: 7.5}                // A1
	e.c[2].pos = field.Vec{X: 7.5 - 2*r, Y: 7.5}          // B1 in contact, to its left
	e.c[3].pos = field.Vec{X: 7.5 + 2*r + d/2, Y: 7.5}    // B2 to its right, within the move
	e.c[1].pos = field.Vec{X: e.c[3].pos.X + 2*r, Y: 7.5} // A2 in contact with B2, beyond it
	e.c[0].ap, e.c[1].ap, e.c[2].ap, e.c[3].ap = 3, 0, 0, 0
	if !e.engaged(0, 2) || !e.engaged(1, 3) || e.engaged(0, 3) {
		t.Fatalf("placement: A1-B1 %v, A2-B2 %v, A1-B2 %v: want engaged, engaged, not", e.engaged(0, 2), e.engaged(1, 3), e.engaged(0, 3))
	}
	g := moveOnToB2(t, e, &opts[k])
	// Where the move ends, B1 is out of contact, engaged with no one, and
	// within its walk and assault of A1.
	from := e.c[0].pos
	e.c[0].pos, _ = e.destination(0, 3, d, true)
	back := !e.engagedAny(2) && e.gap(0, 2) <= e.backReach(2, false)+1e-9
	rest := e.c[0].ap - e.attackCost(0, opts[k].ap())
	kf := 0.0
	costOf := meleePlanCost(e, 0)
	plan, _ := planDPWith(&e.dp, e.opts[e.c[0].kind][e.c[3].kind], rest, e.targetAP(3), costOf, func(int) float64 { return kf }, e.c[3].hp, killWeight*e.threat[e.c[0].kind][e.c[3].kind][0], nil)
	sup := supportHP * float64(e.alliesOn(0, 3)-e.alliesOn(0, 2))
	e.c[0].pos = from
	if !back {
		t.Fatalf("B1 after the move: engaged %v, %.2f from A1, its walk back %.2f: the case wants it free and within", e.engagedAny(2), e.gap(0, 2), e.backReach(2, false))
	}
	th := e.threat[e.c[0].kind][e.c[2].kind][3]
	want := plan + sup - assaultShare*th
	if math.Abs(g.value-want) > 1e-9 {
		t.Errorf("moveOn's value %.4f, want the plan against B2 %.4f + supports %.1f - assaultShare x %.4f (B1's assault back) = %.4f (without it %.4f)",
			g.value, plan, sup, th, want, plan+sup)
	}
}

// moveOnScene sets up the scene both moveOn tests play (TestMoveOnAssaultBack,
// TestMoveOnEnemySupport): two guild-cutthroat-1 against two, A1 (c[0]) with
// its 2 AP positional V option against B1 (c[2]) at opts[k]; r is the
// models' radius and d the free move that option's V gives. The tests place
// the models.
func moveOnScene(t *testing.T) (e *engine, opts []fightOption, k int, r, d float64) {
	t.Helper()
	e = posEngine(t, "guild-cutthroat-1", "guild-cutthroat-1")
	opts = e.opts[e.c[0].kind][e.c[2].kind]
	k = -1
	for n := range opts {
		if opts[n].pos == posV && opts[n].attack.AP == 2 && !opts[n].shot {
			k = n
		}
	}
	if k < 0 {
		t.Fatal("no 2 AP positional V option for guild-cutthroat-1")
	}
	r = e.c[0].radius
	d = e.freeMoveOf(0, opts[k].attack.Effects.Count(V), false)
	return e, opts, k, r, d
}

// meleePlanCost is the costOf of planDPWith for c[i]'s melee plan, as moveOn
// charges it: a shot is not in the plan, an attack costs what c[i] pays for
// it (planCost), in the effective band.
func meleePlanCost(e *engine, i int) func(o *fightOption) (int, int, bool) {
	return func(o *fightOption) (int, int, bool) {
		if o.shot {
			return 0, 0, false
		}
		return e.planCost(i, o.ap()), bandEffective, true
	}
}

// moveOnToB2 values A1's (c[0]) move on from B1 (c[2]) with opt and fails
// the test unless the move goes to B2 (c[3]).
func moveOnToB2(t *testing.T, e *engine, opt *fightOption) posGain {
	t.Helper()
	g := moveOn(e, 0, 2, opt, false)
	if g.to != 3 {
		t.Fatalf("%s: moveOn goes to %d, want B2 (3); value %.3f", opt.attack, g.to, g.value)
	}
	return g
}
