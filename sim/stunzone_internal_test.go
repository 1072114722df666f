package sim

import (
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/sim/field"
)

// TestStunnedZoneOfControl checks that a stunned Safar exerts no zone of
// control (seed 000 line 1368: "He cannot do anything until his next
// activation. He doesn't apply his ZOC either"; seed 004 line 1312: "Il
// n'exerce plus non plus de ZDC"), while still lying in its enemies' zones (seed
// 000 line 627: "the Greedy is engaged with Tarsak but not the other way
// around"). Two paladin-2 (A1, A2) and two kherops-warrior-1 (B1, B2) are placed
// by hand: A1 in contact with B1, B2 a toise beyond A1 on the other side.
// Before the rule, A1 next to a stunned B1 was engaged: it could neither
// assault B2 nor support A2 against B2.
func TestStunnedZoneOfControl(t *testing.T) {
	a, b := fighterOf(t, "paladin-2"), fighterOf(t, "kherops-warrior-1")
	sk := &Skirmish{Sides: [2]Spearhead{
		{Safars: []*Fighter{a, a}, Costs: []int{90, 90}, Leader: -1},
		{Safars: []*Fighter{b, b}, Costs: []int{48, 48}, Leader: -1},
	}}
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	pl.e.ambush = nil // Safars placed by hand: none in ambush (sim/ambush.go)
	e := pl.e
	const a1, a2, b1, b2 = 0, 1, 2, 3
	place := func() {
		e.reset()
		r := e.c[a1].radius + e.c[b1].radius
		e.c[b1].pos = field.Vec{X: 7.5, Y: 7.5}
		e.c[a1].pos = field.Vec{X: 7.5 - r, Y: 7.5}                                       // in contact with B1
		e.c[b2].pos = field.Vec{X: 7.5 - r - e.c[a1].radius - e.c[b2].radius - 1, Y: 7.5} // a toise from A1
		e.c[a2].pos = field.Vec{X: 2, Y: 2}                                               // far away
		for k := range e.c {
			e.c[k].ranged = false
		}
	}
	place()
	if !e.engagedAny(a1) || !e.engaged(a1, b1) || !e.engaged(b1, a1) {
		t.Fatal("A1 in contact with a fit B1: not engaged")
	}
	e.c[b1].stunned, e.c[b1].ground = true, true
	if e.engaged(a1, b1) || e.engagedAny(a1) {
		t.Errorf("B1 stunned: A1 still engaged with it (B1 applies no zone of control)")
	}
	if !e.engaged(b1, a1) || !e.engagedAny(b1) {
		t.Errorf("B1 stunned: B1 not engaged with A1, want engaged (it lies in A1's zone)")
	}
	// A shot at A1 finds it in no melee; a shot at B1 finds it in A1's.
	if n := len(e.engagedWith(a2, a1)); n != 0 {
		t.Errorf("shot at A1 next to a stunned B1: %d bases of its melee, want 0", n)
	}
	if n := len(e.engagedWith(a2, b1)); n != 1 {
		t.Errorf("shot at a stunned B1 next to A1: %d bases of its melee, want 1 (A1)", n)
	}
	// A2 attacking the stunned B1 still has A1's support (B1 lies in A1's zone).
	e.c[a2].pos = field.Vec{X: 7.5 + e.c[a2].radius + e.c[b1].radius, Y: 7.5}
	if n, _ := e.supporters(a2, b1); n != 1 {
		t.Errorf("A2 against a stunned B1: %d supporters, want A1: 1", n)
	}
	// A2 fighting B2: A1, in contact with B2 too, is held by no other enemy
	// (B1 stunned), so it supports.
	e.c[b2].pos = field.Vec{X: 7.5 - e.c[a1].radius - e.c[b1].radius, Y: 7.5 + e.c[a1].radius + e.c[b2].radius}
	e.c[a2].pos = field.Vec{X: e.c[b2].pos.X, Y: e.c[b2].pos.Y + e.c[b2].radius + e.c[a2].radius}
	if n, _ := e.supporters(a2, b2); n != 1 {
		t.Errorf("A2 against B2, A1 next to B2 and a stunned B1: %d supporters, want A1: 1", n)
	}
	e.c[b1].stunned = false
	if n, _ := e.supporters(a2, b2); n != 0 {
		t.Errorf("A2 against B2, A1 next to B2 and a fit B1: %d supporters, want 0 (A1 engaged with B1)", n)
	}

	// A1 assaults B2 from its place next to the stunned B1 (R8: "the Safar must
	// not be engaged when they launch their assault", seed 000 line 715).
	opt := -1
	for k, o := range e.opts[e.c[a1].kind][e.c[b2].kind] {
		if !o.shot && !o.attack.Kind.Special() && o.attack.AP == 1 {
			opt = k
			break
		}
	}
	if opt < 0 {
		t.Fatal("no 1 AP melee option")
	}
	for _, stunned := range []bool{false, true} {
		place()
		e.c[b1].stunned, e.c[b1].ground = stunned, stunned
		e.c[b2].hp = 100 // stays in play whatever the attack does
		c := &e.c[a1]
		c.ap, c.walks = c.f.Profile.AP, 0
		from := c.pos
		ok := e.do(rand.NewPCG(1, 2), a1, action{kind: actAssault, opt: opt, target: b2})
		if ok == !stunned {
			t.Errorf("B1 stunned %v: assault on B2 accepted %v, want %v", stunned, ok, stunned)
		}
		if moved := c.pos != from; moved != stunned {
			t.Errorf("B1 stunned %v: A1 moved %v, want %v", stunned, moved, stunned)
		}
	}
}

// TestCarcassNoObstacle checks that a carcass blocks neither walks nor sight:
// the defeated miniature "is then replaced by a carcass token" (seed 000 lines
// 277 and 1384; seed 004 lines 202 and 1323), and the obstacles of the rules
// are scenery, scenario objectives and equipment with a profile card (seed 000
// line 641; seed 004 line 574), which a token is not. A1 walks straight at B2
// through the spot where B1 fell; the same B1 standing stops it.
func TestCarcassNoObstacle(t *testing.T) {
	a, b := fighterOf(t, "paladin-2"), fighterOf(t, "kherops-warrior-1")
	sk := &Skirmish{Sides: [2]Spearhead{
		{Safars: []*Fighter{a}, Costs: []int{90}, Leader: -1},
		{Safars: []*Fighter{b, b}, Costs: []int{48, 48}, Leader: -1},
	}}
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	pl.e.ambush = nil // Safars placed by hand: none in ambush (sim/ambush.go)
	e := pl.e
	const a1, b1, b2 = 0, 1, 2
	for _, dead := range []bool{false, true} {
		e.reset()
		e.c[a1].pos = field.Vec{X: 5, Y: 7.5}
		e.c[b1].pos = field.Vec{X: 5 + e.c[a1].radius + e.c[b1].radius + 0.2, Y: 7.5}
		e.c[b2].pos = field.Vec{X: 12, Y: 7.5}
		if dead {
			e.c[b1].hp = 0 // a carcass (engine.carcass)
		}
		sight := e.field.LineOfSight(e.c[a1].base(), e.c[b2].base(), e.othersOf(a1, b2))
		from := e.c[a1].pos
		e.move(a1, b2, 3, true)
		along := e.c[a1].pos.X - from.X
		if dead && (!sight || along < 3-1e-6 || e.c[a1].pos.Y != from.Y) {
			t.Errorf("B1 a carcass: sight %v, A1 walked to %v from %v, want sight and 3 toises straight on", sight, e.c[a1].pos, from)
		}
		if !dead && along >= 3-1e-6 && e.c[a1].pos.Y == from.Y {
			t.Errorf("B1 standing: A1 walked straight through it to %v", e.c[a1].pos)
		}
	}
}
