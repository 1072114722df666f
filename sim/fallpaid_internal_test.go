package sim

import (
	"math"
	"testing"

	"github.com/kharn-ages/kharn/sim/field"
)

// TestFallLossPaidWalk checks what a fall costs the fallen Safar's side (R10a,
// fallLoss): a greedy-2 (B2) on the ground stands up with its free walk (seed
// 000 line 750; engine.do, actStandUp), so an enemy it reached only with that
// walk and an assault it now reaches paying a walk (1 AP) first. The loss is
// reliefShare of what that AP takes off its best attack, as paidRelief values
// the walk back of a repelled enemy: its threat with all its AP less its
// threat with one AP less, computed here as the threat tables are. Before, it
// was reliefShare of the whole threat (the fall spared the enemy entirely):
// the first case fails with it. With two enemies within its assault, the loss
// is that of its best attack: the largest threat less the largest with the
// walk paid.
func TestFallLossPaidWalk(t *testing.T) {
	e := posEngine(t, "tembo-guardian-2", "greedy-2")
	ka, kb := e.c[0].kind, e.c[3].kind
	full := e.kinds[kb].Profile.AP
	always := func(o *fightOption) (int, int, bool) { return o.ap(), bandEffective, !o.shot }
	threat := func(def int) (th, paid float64) {
		th, _ = planDP(e.opts[kb][ka], full, def, always, zero, 0, 0)
		paid, _ = planDP(e.opts[kb][ka], full-1, def, always, zero, 0, 0)
		return th, paid
	}
	b2 := field.Vec{X: 7.5, Y: 7.5}
	gap := (e.reach(3) + e.assaultReach(3)) / 2 // beyond B2's reach, within its assault
	at := func(dx float64) field.Vec {
		return field.Vec{X: b2.X + dx*(e.c[3].radius+e.c[0].radius+gap), Y: b2.Y}
	}
	e.c[3].pos = b2
	e.c[2].pos = field.Vec{X: 7.5, Y: 14}
	e.c[0].pos = field.Vec{X: 1, Y: 1} // A1 far
	e.c[1].pos = at(1)                 // A2 within B2's assault
	e.c[0].ap, e.c[1].ap = 2, 0
	if g := e.gap(1, 3); g <= e.reach(3) || g > e.assaultReach(3) || e.gap(0, 3) <= e.assaultReach(3) {
		t.Fatalf("A2 %.2f from B2, A1 %.2f: want A2 beyond its reach %.2f and within its assault %.2f, A1 beyond", g, e.gap(0, 3), e.reach(3), e.assaultReach(3))
	}
	t2, p2 := threat(0)
	if p2 <= 0 || t2-p2 >= t2 {
		t.Fatalf("B2's threat to A2 %.3f, with 1 AP less %.3f: the case cannot tell the paid AP from the whole threat", t2, p2)
	}
	if got, want := fallLoss(e, 3), reliefShare*(t2-p2); math.Abs(got-want) > 1e-9 {
		t.Errorf("B2's fall with A2 within its assault: loss %.4f, want reliefShare x (threat %.4f - threat with 1 AP less %.4f) = %.4f (the whole threat: %.4f)",
			got, t2, p2, want, reliefShare*t2)
	}
	e.c[0].pos = at(-1) // A1 within B2's assault too, on the other side
	t1, p1 := threat(2)
	if got, want := fallLoss(e, 3), reliefShare*(max(t1, t2)-max(p1, p2)); math.Abs(got-want) > 1e-9 {
		t.Errorf("B2's fall with A1 and A2 within its assault: loss %.4f, want reliefShare x (largest threat %.4f - largest with 1 AP less %.4f) = %.4f",
			got, max(t1, t2), max(p1, p2), want)
	}
	e.c[0].pos = field.Vec{X: b2.X - e.c[3].radius - e.c[0].radius, Y: b2.Y} // A1 in contact
	if got := fallLoss(e, 3); got != 0 {
		t.Errorf("B2 engaged with A1: loss %.4f, want 0 (it stands up and fights where it is)", got)
	}
}
