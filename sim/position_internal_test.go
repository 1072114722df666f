package sim

import (
	"testing"

	"github.com/kharn-ages/kharn/sim/field"
)

// TestRepelValue checks what a C repel is worth to the default policy (R10a):
// a kherops-warrior-1 (A1) attacks a shock-vanguard-2 (B1) in base contact
// with a second shock-vanguard-2 (B2) straight behind it: the repel ends in a collision, 1D5
// to each (seed 000 line 637, "Collision"), so the C option gains at least 2 x
// collisionHP more than a repel into nothing; with an ally of A1 behind B1
// instead, the ally's 1D5 is a loss. With the gain, the default's plan takes the
// C option first; the damage-only plan never does.
func TestRepelValue(t *testing.T) {
	a, b := fighterOf(t, "kherops-warrior-1"), fighterOf(t, "shock-vanguard-2")
	sk := &Skirmish{Sides: [2]Spearhead{
		{Safars: []*Fighter{a, a}, Costs: []int{100, 100}, Leader: -1},
		{Safars: []*Fighter{b, b}, Costs: []int{48, 48}, Leader: -1},
	}}
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	pl.e.ambush = nil // Safars placed by hand: none in ambush (sim/ambush.go)
	e := pl.e
	e.reset()
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
	d := repel(a, b, opts[k].attack.Effects.Count(C), repelSide{})
	if d <= 0 {
		t.Fatalf("%s repels a shock-vanguard-2 by %.1f toises, want > 0", opts[k].attack, d)
	}
	ra, rb := e.c[0].radius, e.c[2].radius
	far := [2]field.Vec{{X: 1, Y: 14}, {X: 14, Y: 1}}
	e.c[0].pos = field.Vec{X: 7.5, Y: 5}           // A1
	e.c[2].pos = field.Vec{X: 7.5, Y: 5 + ra + rb} // B1, in contact
	e.c[1].pos, e.c[3].pos = far[0], far[1]        // A2, B2 far away
	g0 := positionValue(e, 0, 2, &opts[k], true)
	behind := field.Vec{X: 7.5, Y: 5 + ra + 3*rb + d/2} // within the repel
	e.c[3].pos = behind
	g1 := positionValue(e, 0, 2, &opts[k], true)
	// At least the two collisions: the equal bases both fall too (seed 000 line
	// 640), which adds to the gain (collisionFalls, TestRepelFallValue).
	if diff := g1.value - g0.value; diff < 2*collisionHP-1e-9 {
		t.Errorf("repel into an enemy: gain %.2f more than into nothing, want at least 2 x %.0f", diff, collisionHP)
	}
	e.c[0].ap = 2
	if first, _ := bestAttack(e, 0, 2, 0, nil, false, true); first != k {
		t.Errorf("default with 2 AP: first attack %d, want the C option %d (%s)", first, k, opts[k].attack)
	}
	if first, _ := bestAttack(e, 0, 2, 0, nil, false, false); first >= 0 && opts[first].pos != posNone {
		t.Errorf("damage-only: first attack %s is positional", opts[first].attack)
	}
	e.c[1].pos, e.c[3].pos = behind, far[1] // A2 behind B1 now
	if g2 := positionValue(e, 0, 2, &opts[k], true); g2.value >= g1.value {
		t.Errorf("repel into an ally: gain %.2f, into an enemy %.2f, want less", g2.value, g1.value)
	}
}
