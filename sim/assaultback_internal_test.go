package sim

import (
	"math"
	"testing"

	"github.com/kharn-ages/kharn/sim/field"
)

// repelScene is the case of the repel tests below: two kherops-commander-3
// a side, A1 with 2 AP in contact with B1 in the middle of the table, A2 (no
// AP) and B2 far from both; k is A1's 2:CC:C against B1 among opts.
func repelScene(t *testing.T) (e *engine, k int, opts []fightOption) {
	t.Helper()
	e = posEngine(t, "kherops-commander-3", "kherops-commander-3")
	k = cOption(t, e, 0, 2, 2)
	opts = e.opts[e.c[0].kind][e.c[2].kind]
	ra, rb := e.c[0].radius, e.c[2].radius
	e.c[0].pos = field.Vec{X: 7.5, Y: 2}
	e.c[2].pos = field.Vec{X: 7.5, Y: 2 + ra + rb} // in contact with A1
	e.c[1].pos = field.Vec{X: 1, Y: 1}             // A2 and B2 far from both
	e.c[3].pos = field.Vec{X: 14, Y: 1}
	e.c[0].ap, e.c[1].ap = 2, 0
	return e, k, opts
}

// TestRepelAssaultBack checks R10a's valuation of a repel that leaves the
// target standing beyond its walk and assault of the attacker but within a
// second, paid walk: the target comes back paying that walk (reliefShare of
// what the AP takes off its threat, paidRelief), and the walk that brings it
// into contact is an assault, with its stature on its first attack (seed 000
// lines 707 and 717, seed 004 lines 634 and 646, rulings.md R8a; engine.do:
// "walks in for an assault"), as when the repel leaves it within its free
// walk and assault. Before, only the repel that ended within the free walk
// and assault handed it back an assault (assaultShare of its threat to the
// attacker); one that ended farther gained the paid relief with no assault to
// pay for it: a kherops-commander-3 with 2 AP repelling another 3 toises with
// 2:CC:C (docs/policies.md, "Where the default still plays alike, and the
// assault a repel hands back": the commander gives up 2 HP of its 2:PC:P for
// it, and its side loses more of those battles than it wins).
func TestRepelAssaultBack(t *testing.T) {
	e, k, opts := repelScene(t)
	d := repel(e.c[0].f, e.c[2].f, opts[k].attack.Effects.Count(C), repelSide{})
	pos, hit, _ := e.field.Repel(e.c[2].base(), e.c[0].pos, d, e.othersOf(2, -1))
	if hit {
		t.Fatalf("repel of B1 to %v ends in a collision: the case wants none", pos)
	}
	before := e.c[2].pos
	e.c[2].pos = pos
	g := e.gap(0, 2)
	one, two := e.assaultReach(2), e.assaultReach(2)+e.velocity(2)
	far := e.gap(1, 2) > two && e.gap(1, 3) > e.assaultReach(3)+e.velocity(3)
	e.c[2].pos = before
	if g <= one || g > two || !far {
		t.Fatalf("B1 repelled %.2f toises, %.2f from A1: want beyond its walk and assault %.2f, within two walks %.2f, A2 and B2 out of it", d, g, one, two)
	}
	ka, kb := e.c[0].kind, e.c[2].kind
	paid := e.threat[ka][kb][2] - e.threatPaid[ka][kb][2]
	back := e.threat[ka][kb][2]
	if paid <= 0 || back <= 0 {
		t.Fatalf("B1's threat to A1 holding 2 AP %.3f, with 1 AP less %.3f: the case cannot show the assault", back, back-paid)
	}
	// A1's own relief (the paid walk, reliefShare x paid) is no longer
	// counted (TestRepelNoOwnRelief): only the assault B1 comes back with.
	want := -assaultShare * back
	got := positionValue(e, 0, 2, &opts[k], false)
	if math.Abs(got.value-want) > 1e-9 {
		t.Errorf("the repel's value %.4f, want - assaultShare x %.4f (the assault it comes back with) = %.4f (A1's own relief from the paid walk, %.4f, not counted)",
			got.value, back, want, reliefShare*paid)
	}
	if got.stay {
		t.Errorf("B1 repelled out of A1's reach, stay %v", got.stay)
	}
}

// TestRepelAssaultBackActed checks that a repel hands no assault back to a
// target that has acted this round: it activates once a round (seed 000
// lines 552-581, rulings.md R14, R15; engine.activate), so it comes back at
// the attacker in the next round only, when the attacker's side may activate
// first and walk in with an assault of its own (R8a). The assault back was
// charged whatever the target's turn: the threat tables read the target's
// whole next activation as though it came now (docs/policies.md, "The V and
// C effects' valuation: the causes r10f found"). The same repel as
// TestRepelAssaultBack, the target having acted: reliefShare of the paid walk
// only.
func TestRepelAssaultBackActed(t *testing.T) {
	e, k, opts := repelScene(t)
	ka, kb := e.c[0].kind, e.c[2].kind
	paid := e.threat[ka][kb][2] - e.threatPaid[ka][kb][2]
	back := e.threat[ka][kb][2]
	for _, acted := range []bool{false, true} {
		e.c[2].acted = acted
		want := 0.0 // A1's own relief is not counted (TestRepelNoOwnRelief)
		if !acted {
			want -= assaultShare * back
		}
		got := positionValue(e, 0, 2, &opts[k], false)
		if math.Abs(got.value-want) > 1e-9 {
			t.Errorf("B1 acted %v: the repel's value %.4f, want %.4f (reliefShare x %.4f, less assaultShare x %.4f unless it has acted)",
				acted, got.value, want, paid, back)
		}
	}
}

// TestRepelNoOwnRelief checks that a repel is not credited the attacker's own
// relief from its target: a repel that leaves the target out of the
// attacker's reach ends the attacker's plan against it, and the plan credits
// the AP left with their keep value (planDPIn, keeps), which already stands
// for the attacker's defence against that target's threat; its relief counted
// that threat a second time. The repel of TestRepelAssaultBackActed (B1 has
// acted, no assault back, A2 and B2 far away): before, reliefShare of the
// paid walk, 1.95 HP, enough for kharns-300's paladins to repel a defender
// holding no AP instead of finishing it (docs/policies.md, "The attacker's
// own relief"); now nothing.
func TestRepelNoOwnRelief(t *testing.T) {
	e, k, opts := repelScene(t)
	e.c[2].acted = true
	ka, kb := e.c[0].kind, e.c[2].kind
	paid := e.threat[ka][kb][2] - e.threatPaid[ka][kb][2]
	if paid <= 0 {
		t.Fatalf("B1's paid walk takes %.4f off its threat to A1: the case cannot show the relief", paid)
	}
	got := positionValue(e, 0, 2, &opts[k], false)
	if got.stay || math.Abs(got.value) > 1e-9 {
		t.Errorf("the repel's value %.4f (stay %v), want 0 out of reach: A1's own relief (reliefShare x %.4f = %.4f) is in its keep values", got.value, got.stay, paid, reliefShare*paid)
	}
}
