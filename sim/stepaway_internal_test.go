package sim

import (
	"math"
	"testing"

	"github.com/kharn-ages/kharn/sim/field"
)

// TestStepAwayAlongEdge checks the direction of a V effect's free move away
// (seed 000 line 802: it "happens in any direction you want"; seed 004 line
// 743, "dans la direction de son choix"): a guild-crossbowman-2 (A1) deployed
// with its back to the table's edge (y = 0) steps away from a
// kherops-warrior-1 (B1) in front of it, diagonally, half a toise within B1's
// walk and assault. Straight away is into the edge; before, the step was the
// walk away (engine.destination), which goes nowhere there (fangs-300's
// prowler stepped nowhere 1664 times in 400 battles, docs/policies.md). Now it
// slides along the edge, away from B1, out of its walk and assault. When no
// direction takes it out (B1 straight in front, half a toise away), it stays:
// out of contact within B1's assault, it would hand B1 an assault (R8a). With
// nothing in the way, the move stays straight away.
func TestStepAwayAlongEdge(t *testing.T) {
	e := posEngine(t, "guild-crossbowman-2", "kherops-warrior-1")
	ra, rb := e.c[0].radius, e.c[2].radius
	a1 := field.Vec{X: 7.5, Y: ra} // against the edge y = 0
	e.c[0].pos = a1
	e.c[1].pos = field.Vec{X: 14, Y: 14}
	e.c[3].pos = field.Vec{X: 1, Y: 14} // B2 far
	dist := e.freeMoveOf(0, 1, false)
	if dist <= 0 {
		t.Fatalf("crossbowman's free move %.2f: want a V step", dist)
	}
	d := ra + rb + e.assaultReach(2) - 0.5 // half a toise within B1's walk and assault
	for _, c := range []struct {
		name string
		b1   field.Vec
		want field.Vec
	}{
		{"B1 in front, to the left", a1.Add(field.Vec{X: -d / math.Sqrt2, Y: d / math.Sqrt2}), field.Vec{X: a1.X + dist, Y: a1.Y}},
		{"B1 in front, to the right", a1.Add(field.Vec{X: d / math.Sqrt2, Y: d / math.Sqrt2}), field.Vec{X: a1.X - dist, Y: a1.Y}},
		{"B1 straight in front, half a toise away", field.Vec{X: a1.X, Y: a1.Y + ra + rb + 0.5}, a1},
	} {
		e.c[2].pos = c.b1
		if w, _ := e.destination(0, 2, dist, false); w.Dist(a1) > 1e-9 {
			t.Fatalf("%s: walk away into the edge: to %v, want %v (blocked)", c.name, w, a1)
		}
		to := e.vStepTo(0, 2, dist)
		if to.Dist(c.want) > 1e-9 {
			t.Errorf("%s: V step to %v, want %v", c.name, to, c.want)
		}
		if m, _ := e.awayMargin(0, to); c.want != a1 && m <= 0 {
			t.Errorf("%s: V step to %v, %.3f beyond B1's walk and assault: want it beyond", c.name, to, m)
		}
	}
	// In the open: straight away from B1.
	mid := field.Vec{X: 7.5, Y: 5}
	e.c[0].pos = mid
	e.c[2].pos = field.Vec{X: 7.5, Y: 5 + ra + rb + 0.5}
	want := field.Vec{X: 7.5, Y: 5 - dist}
	if to := e.vStepTo(0, 2, dist); to.Dist(want) > 1e-9 {
		t.Errorf("step away in the open: to %v, want %v (straight away)", to, want)
	}
}

// TestShooterStepRelief checks the value of a shooter's V step (R10a,
// positionValue): a guild-crossbowman-2 (A1, holding 1 AP) shoots a
// kherops-warrior-1 (B1) that stands out of its reach but within its walk and
// assault, half a toise inside; the V step (V/2 straight away, in the open)
// takes A1 beyond it, within B1's second, paid walk: A1 is relieved of what
// that walk takes off B1's threat (reliefShare x paidRelief). Before, only
// the enemies within their reach counted (those in contact): 0, and no
// shooter's step was ever worth its damage (docs/policies.md, "The paid
// walk"). Still within B1's assault after the step (a step too short): 0.
func TestShooterStepRelief(t *testing.T) {
	e := posEngine(t, "guild-crossbowman-2", "kherops-warrior-1")
	opts := e.opts[e.c[0].kind][e.c[2].kind]
	k := -1
	for n := range opts {
		if opts[n].pos == posV && opts[n].shot && opts[n].attack.Effects.Count(V) == 1 {
			k = n
			break
		}
	}
	if k < 0 || !preferRange(e, 0, 2) {
		t.Fatalf("no shot with one V effect of guild-crossbowman-2 against kherops-warrior-1 (option %d), or it would not rather shoot", k)
	}
	ra, rb := e.c[0].radius, e.c[2].radius
	e.c[0].pos, e.c[0].ap = field.Vec{X: 7.5, Y: 5}, 1
	e.c[1].pos = field.Vec{X: 14, Y: 1}
	e.c[3].pos = field.Vec{X: 1, Y: 14}
	dist := e.freeMoveOf(0, 1, false)
	for _, c := range []struct {
		name   string
		inside float64 // how far within B1's walk and assault A1 stands
		escape bool
	}{
		{"half a toise inside", 0.5, true},
		{"a whole step and more inside", dist + 0.5, false},
	} {
		e.c[2].pos = field.Vec{X: 7.5, Y: 5 + ra + rb + e.assaultReach(2) - c.inside}
		if g := e.gap(0, 2); g <= e.reach(2) {
			t.Fatalf("%s: B1 %.2f away, within its reach %.2f: want out of it", c.name, g, e.reach(2))
		}
		want := 0.0
		if c.escape {
			want = reliefShare * e.paidRelief(0, 2)
			if want <= 0 || e.assaultReach(2)-c.inside+dist > e.assaultReach(2)+e.velocity(2) {
				t.Fatalf("%s: paid relief %.3f: the case cannot show the step", c.name, want)
			}
		}
		if g := positionValue(e, 0, 2, &opts[k], false); math.Abs(g.value-want) > 1e-9 {
			t.Errorf("%s: V step's value %.4f, want %.4f", c.name, g.value, want)
		}
	}
}
