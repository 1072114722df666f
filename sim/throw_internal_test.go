package sim

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
	"github.com/kharn-ages/kharn/stats"
)

// throwTable is the open 15 x 15 table with the movable objects ms.
func throwTable(ms ...profiles.Movable) field.Field {
	return field.Field{Width: 15, Height: 15, Movable: ms}
}

// throwBattle is objectsBattle with a at (7.5, 5) and b at (7.5, 5+dist)
// apart by dist toises between base edges, every Safar with ap AP, its level
// dice and no mastery die.
func throwBattle(t *testing.T, a, b *Fighter, dist float64, ap int, ms ...profiles.Movable) *engine {
	t.Helper()
	e := objectsBattle(t, []*Fighter{a}, []*Fighter{b}, throwTable(ms...), nil)
	ca, cb := &e.c[0], &e.c[1]
	ca.pos = field.Vec{X: 7.5, Y: 5}
	cb.pos = field.Vec{X: 7.5, Y: 5 + ca.radius + cb.radius + dist}
	for i := range e.c {
		e.c[i].ap, e.c[i].dice, e.c[i].nMastery = ap, e.c[i].f.Profile.Level, 0
	}
	return e
}

// TestThrowNeed checks the difficulty of a throw: "C + A + LD10 >= 12 ...
// at a distance up to and including his stature value ... the difficulty
// increases by 2 for each additional toise" (seed 000 lines 1033-1037, seed
// 004 lines 998-1002), plus the table's modifier (seed 000 lines 1050-1060).
func TestThrowNeed(t *testing.T) {
	fl := fighterOf(t, "kherops-flayer-2") // stature 3
	e := throwBattle(t, fl, fl, 1, 4, profiles.Movable{Kind: "stone", X: 7.5, Y: 5})
	tests := []struct {
		kind string
		dist float64
		want int
	}{
		{"stone", 0, 12},
		{"stone", 3, 12},   // up to and including its stature
		{"stone", 3.2, 14}, // a toise begun beyond it
		{"stone", 4, 14},   // one toise beyond
		{"stone", 5.5, 18}, // three begun
		{"bottle", 2, 11},  // -1
		{"small-object", 0, 10},
		{"anvil", 1, 17},     // +5
		{"big-stone", 4, 16}, // +2 and one toise
	}
	for _, tt := range tests {
		if got := e.throwNeed(0, profiles.MovableKindOf(tt.kind), tt.dist); got != tt.want {
			t.Errorf("%s at %g toises: difficulty %d, want %d", tt.kind, tt.dist, got, tt.want)
		}
	}
}

// TestPickUpMovable checks "Dropping/picking up: 1 AP/ZOC" (seed 000 line
// 1161, seed 004 line 1112) of a movable object: within the zone of control
// only, with the P the table needs (seed 000 line 1120: "he needs to have a P
// value sufficient to carry it"; an anvil needs 6), one object at a time; the
// object carried slows as a load (seed 004 lines 1205-1208: V -1 with P 4).
func TestPickUpMovable(t *testing.T) {
	fl := fighterOf(t, "kherops-flayer-2") // P 4, V 3
	e := throwBattle(t, fl, fl, 6, 4,
		profiles.Movable{Kind: "stone", X: 7.5, Y: 3},   // 2 toises off its centre: out of its ZOC
		profiles.Movable{Kind: "anvil", X: 8, Y: 5},     // in reach, too heavy
		profiles.Movable{Kind: "bottle", X: 7, Y: 5},    // in reach
		profiles.Movable{Kind: "stool", X: 7.5, Y: 5.5}) // in reach
	c := &e.c[0]
	v0 := e.velocity(0)
	if e.do(nil, 0, action{kind: actPickUpMovable, opt: 0}) || c.ap != 4 {
		t.Fatalf("picked up the stone out of its zone of control (AP %d)", c.ap)
	}
	if e.do(nil, 0, action{kind: actPickUpMovable, opt: 1}) || c.ap != 4 {
		t.Fatalf("picked up the anvil with P 4, 6 needed (AP %d)", c.ap)
	}
	if !e.do(nil, 0, action{kind: actPickUpMovable, opt: 2}) || c.ap != 3 || e.throw.held[0] != 2 || e.throw.holder[2] != 0 {
		t.Fatalf("the bottle: AP %d, held %d, want 3 AP left and the bottle in hand", c.ap, e.throw.held[0])
	}
	if e.do(nil, 0, action{kind: actPickUpMovable, opt: 3}) || c.ap != 3 {
		t.Fatalf("picked up the stool with the bottle in hand")
	}
	if v := e.velocity(0); v != v0-1 {
		t.Errorf("velocity carrying the bottle %g, want %g - 1", v, v0)
	}
	// Its holder out of play, the bottle lies where it stood.
	c.hp = 0
	e.settle()
	if e.throw.holder[2] != -1 || e.throw.pos[2] != c.pos {
		t.Errorf("bottle of a fallen holder: holder %d at %v, want none at %v", e.throw.holder[2], e.throw.pos[2], c.pos)
	}
	// A new battle puts every object back.
	e.throw.reset()
	if e.throw.held[0] != -1 || e.throw.pos[2] != (field.Vec{X: 7, Y: 5}) || e.throw.sp[2] != 1 {
		t.Errorf("after reset: held %d, bottle at %v with %d SP", e.throw.held[0], e.throw.pos[2], e.throw.sp[2])
	}
}

// TestThrowOdds checks a throw's success chance against the rule: "C + A +
// LD10 >= 12" (seed 000 line 1033), a shooting action whose kept 1 or 2
// fails (R3), a kept 10 rerolled and added (R2). kherops-flayer-2 has C 4, A
// 3 and 2 level dice. A stone within its stature (3 toises) needs a face of
// 5: 1 - 0.4^2 = 0.84; at 4.5 toises (+4: two toises begun) a face of 9: 1 -
// 0.8^2 = 0.36; a big stone at 4.5 toises (+2 more) a face of 11: a kept 10
// (1 - 0.9^2 = 0.19) and a reroll of at least 2 that is no CF (R2: a reroll
// in the CF range adds nothing), 3 to 10: 0.19 x 0.8 = 0.152. A CH is a kept
// 10: 0.19. The exact values lie in 99.99% Wilson intervals of 20 000
// throws, and the policy's throwOdds gives them.
func TestThrowOdds(t *testing.T) {
	fl := fighterOf(t, "kherops-flayer-2")
	tests := []struct {
		kind     string
		dist     float64
		want, ch float64
	}{
		{"stone", 2, 0.84, 0.19},
		{"stone", 4.5, 0.36, 0.19},
		{"big-stone", 4.5, 0.152, 0.152},
	}
	r := rand.NewPCG(11, 12)
	const n = 20000
	for _, tt := range tests {
		e := throwBattle(t, fl, fl, tt.dist, 4, profiles.Movable{Kind: tt.kind, X: 7.5, Y: 5})
		m := profiles.MovableKindOf(tt.kind)
		face := e.throwNeed(0, m, e.throwReach(0, 1)) - 7
		if got := e.throwOdds(0, face); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("%s at %g: throwOdds %g, want %g", tt.kind, tt.dist, got, tt.want)
		}
		var ok, ch int
		for range n {
			e.c[0].dice, e.c[0].nMastery = 2, 0
			s, c := e.throwRoll(r, 0, face+7)
			if s {
				ok++
			}
			if c {
				ch++
			}
		}
		for _, w := range []struct {
			name string
			k    int
			p    float64
		}{{"success", ok, tt.want}, {"CH", ch, tt.ch}} {
			if lo, hi := stats.Wilson(w.k, n, 0.9999); w.p < lo || w.p > hi {
				t.Errorf("%s at %g: %s %d of %d, 99.99%% interval %.4f-%.4f, want %.4f", tt.kind, tt.dist, w.name, w.k, n, lo, hi, w.p)
			}
		}
	}
}

// TestThrowHit checks a throw that hits a Safar: "If the throw is
// successful, it hits the targeted Safar" (seed 000 line 1043), with the
// table's damage and effect (line 1051: a bottle deals 2 and bleeding 2 for
// one turn), 2 AP (line 1033); the object stays at the target (line 1047)
// and loses 1 SP: the bottle (1 SP) breaks. The bleeding is taken once, at
// the start of the target's next activation. A Safar whose Profile prints
// no armour takes the damage whole.
func TestThrowHit(t *testing.T) {
	fl := fighterOf(t, "kherops-flayer-2") // no armour, 9 HP
	var hits int
	for seed := range uint64(200) {
		e := throwBattle(t, fl, fl, 2, 4, profiles.Movable{Kind: "bottle", X: 7.5, Y: 5})
		r := rand.NewPCG(seed, 3)
		if !e.do(r, 0, action{kind: actPickUpMovable, opt: 0}) || !e.do(r, 0, action{kind: actThrow, target: 1}) {
			t.Fatal("the pick-up and the throw were refused")
		}
		a, b := &e.c[0], &e.c[1]
		if a.ap != 1 || e.throw.held[0] != -1 || e.throw.sp[0] != 0 {
			t.Fatalf("after the throw: %d AP (want 1), held %d, bottle SP %d (want 0: broken)", a.ap, e.throw.held[0], e.throw.sp[0])
		}
		if b.hp == 9 {
			continue // missed
		}
		hits++
		if b.hp != 7 || e.throw.bleed[1] != 2 || e.throw.pos[0] != b.pos {
			t.Fatalf("a hit: HP %d (want 7), bleeding %d (want 2), bottle at %v (want the target's %v)", b.hp, e.throw.bleed[1], e.throw.pos[0], b.pos)
		}
		b.ap = 0
		e.activate(r, 1)
		if b.hp != 5 || e.throw.bleed[1] != 0 {
			t.Fatalf("its next activation: HP %d (want 5), bleeding %d left (want 0: one turn)", b.hp, e.throw.bleed[1])
		}
		if a.dealt != 4 {
			t.Fatalf("the thrower is credited with %d, want 4", a.dealt)
		}
	}
	if hits == 0 {
		t.Fatal("no throw hit in 200 battles (P = 0.91 each)")
	}
	// A broken bottle is thrown no more; nothing to throw, nothing done.
	e := throwBattle(t, fl, fl, 2, 4, profiles.Movable{Kind: "bottle", X: 7.5, Y: 5})
	e.throw.sp[0] = 0
	if e.do(nil, 0, action{kind: actPickUpMovable, opt: 0}) || e.do(nil, 0, action{kind: actThrow, target: 1}) || e.c[0].ap != 4 {
		t.Errorf("a broken bottle was picked up or something thrown")
	}
}

// TestThrowArmourAndCH checks a hit on an armoured Safar (R12: one box
// ticked, as any damage) and the effects of a CH (seed 000 lines 1053-1060):
// the bucket puts the victim on the ground, the barrel takes 2 AP, the big
// stone dazes it; the anvil takes 3 armour boxes on any hit. The C minimum
// of the anvil (5, line 1057) refuses a thrower of C 4.
func TestThrowArmourAndCH(t *testing.T) {
	kw := fighterOf(t, "kherops-warrior-2") // C 5, A 3, P 5, half-plate
	fl := fighterOf(t, "kherops-flayer-2")  // C 4
	for _, tt := range []struct {
		kind  string
		check func(o *combatant) bool
	}{
		{"bucket", func(o *combatant) bool { return o.ground }},
		{"barrel", func(o *combatant) bool { return o.ap == 2 }},
		{"big-stone", func(o *combatant) bool { return o.dazed }},
	} {
		var crits, effects int
		for seed := range uint64(400) {
			e := throwBattle(t, kw, kw, 1, 4, profiles.Movable{Kind: tt.kind, X: 7.5, Y: 5})
			r := rand.NewPCG(seed, 9)
			e.do(r, 0, action{kind: actPickUpMovable, opt: 0})
			var b strings.Builder
			e.trace = &b
			e.do(r, 0, action{kind: actThrow, target: 1})
			crit := strings.Contains(b.String(), "(CH)")
			if crit {
				crits++
			}
			if tt.check(&e.c[1]) {
				effects++
				if !crit {
					t.Fatalf("%s: the effect without a CH:\n%s", tt.kind, b.String())
				}
			}
			if e.c[1].hp < e.c[1].f.Profile.HP && e.c[1].armour != e.c[1].f.ArmourBoxes-1 && e.c[1].armour != e.c[1].f.ArmourBoxes-2 {
				t.Fatalf("%s: a hit on half-plate left %d boxes of %d: one ticks (two on a natural 1)", tt.kind, e.c[1].armour, e.c[1].f.ArmourBoxes)
			}
		}
		if crits == 0 || effects != crits {
			t.Errorf("%s: %d CHs, %d with the effect; want every CH to have it", tt.kind, crits, effects)
		}
	}
	e := throwBattle(t, fl, kw, 1, 4, profiles.Movable{Kind: "anvil", X: 7.5, Y: 5})
	e.throw.holder[0], e.throw.held[0] = 0, 0 // in hand (a flayer cannot lift it: P 4)
	if e.do(rand.NewPCG(1, 1), 0, action{kind: actThrow, target: 1}) || e.c[0].ap != 4 {
		t.Errorf("a thrower of C 4 threw the anvil (C min 5)")
	}
	if hits := anvilHits(t, kw); hits == 0 {
		t.Error("no anvil hit in 100 throws")
	}
}

// anvilHits throws an anvil 100 times (seeds 0-99) from a copy of kw with P
// 6, strong enough to lift it, at kw in base contact; it fails t unless each
// hit takes 3 armour boxes and the one ticked, and returns the hits.
func anvilHits(t *testing.T, kw *Fighter) int {
	t.Helper()
	strong := strongerCopy(kw, 6)
	hits := 0
	for seed := range uint64(100) {
		e := throwBattle(t, kw, kw, 0, 4, profiles.Movable{Kind: "anvil", X: 7.5, Y: 5})
		e.c[0].f = strong
		r := rand.NewPCG(seed, 2)
		e.do(r, 0, action{kind: actPickUpMovable, opt: 0})
		e.do(r, 0, action{kind: actThrow, target: 1})
		if o := &e.c[1]; o.hp < o.f.Profile.HP {
			hits++
			if lost := o.f.ArmourBoxes - o.armour; lost != 4 && lost != 5 {
				t.Fatalf("an anvil hit took %d armour boxes, want 3 and the one ticked (4; 5 on a natural 1)", lost)
			}
		}
	}
	return hits
}

// strongerCopy returns a copy of f with P p, its Profile copied too: f's
// Profile is the embedded data set's, shared by every battle of the process
// (profiles.Default), which a test must not change (TestMain,
// sim/main_test.go; TestSameBattleAfterThrowTests).
func strongerCopy(f *Fighter, p int) *Fighter {
	g, prof := *f, *f.Profile
	prof.Stats.P = p
	g.Profile = &prof
	return &g
}

// TestThrowDeviation checks a missed throw: "roll a deviation die ...
// Threshold is 5 or above. On a success, the object stays at the targeted
// area. On a failure, the object rolls or bounces over [5 - die result]
// toises" (seed 000 lines 1045-1049, seed 004 lines 1010-1014): it stays with
// P 0.6; else it moves 1, 2, 3 or 4 toises, 0.1 each (kept on the table: the
// target stands in the middle).
func TestThrowDeviation(t *testing.T) {
	fl := fighterOf(t, "kherops-flayer-2")
	e := throwBattle(t, fl, fl, 1, 4, profiles.Movable{Kind: "stone", X: 7.5, Y: 5})
	at := field.Vec{X: 7.5, Y: 7.5}
	r := rand.NewPCG(7, 7)
	const n = 20000
	var moved [5]int
	for range n {
		e.throw.pos[0] = at
		e.deviate(r, 0)
		d := e.throw.pos[0].Dist(at)
		k := int(math.Round(d))
		if math.Abs(d-float64(k)) > 1e-9 || k > 4 {
			t.Fatalf("the stone moved %g toises: want 0 to 4 whole", d)
		}
		moved[k]++
	}
	for k, want := range []float64{0.6, 0.1, 0.1, 0.1, 0.1} {
		if lo, hi := stats.Wilson(moved[k], n, 0.9999); want < lo || want > hi {
			t.Errorf("moved %d toises: %d of %d, 99.99%% interval %.4f-%.4f, want %.1f", k, moved[k], n, lo, hi, want)
		}
	}
}

// TestThrowPolicy checks the default policy: a Safar that cannot reach its
// enemy this activation (4 toises, its assault reaches 3.5), with a stone at
// its feet, picks it up and throws it (kherops-warrior-2, C 5, A 3, 2 level
// dice, stature 5: a face of 4, 0.91, for 3 HP through the half-plate and 1
// bleeding beats keeping 3 AP for defence), but not in contact, where its
// attacks are worth more. NoThrow does neither; on open
// ground (no movable object) nothing of the throw exists.
func TestThrowPolicy(t *testing.T) {
	fl := fighterOf(t, "kherops-warrior-2")
	e := throwBattle(t, fl, fl, 4, 4, profiles.Movable{Kind: "stone", X: 7.5, Y: 5})
	if g := e.gap(0, 1); g <= e.assaultReach(0) {
		t.Fatalf("the enemy is in assault reach (%g <= %g): the position does not test a throw", g, e.assaultReach(0))
	}
	a, ok := e.throwChoice(0, true)
	if !ok || a.kind != actPickUpMovable || a.opt != 0 {
		t.Fatalf("throwChoice = %+v, %v; want the pick-up of the stone", a, ok)
	}
	if a := (defaultPolicy{}).act(e, 0, rand.NewPCG(1, 2)); a.kind != actPickUpMovable {
		t.Fatalf("the default policy plays %+v, want the pick-up", a)
	}
	if a := NoThrow.(defaultPolicy).act(e, 0, rand.NewPCG(1, 2)); a.kind == actPickUpMovable || a.kind == actThrow {
		t.Fatalf("the no-throw policy plays %+v", a)
	}
	e.do(rand.NewPCG(1, 2), 0, a)
	if a, ok = e.throwChoice(0, true); !ok || a.kind != actThrow || a.target != 1 {
		t.Fatalf("with the stone in hand: %+v, %v; want the throw at its enemy", a, ok)
	}
	// In base contact its attacks are worth more than a throw's 3 AP.
	e.throw.reset()
	e.c[0].ap = 4
	e.c[1].pos.Y = 5 + 2*e.c[0].radius
	if a, ok := e.throwChoice(0, true); ok {
		t.Errorf("a throw chosen in base contact: %+v", a)
	}
	// Open ground.
	o := objectsBattle(t, []*Fighter{fl}, []*Fighter{fl}, field.Field{Width: 15, Height: 15}, nil)
	if o.throw != nil {
		t.Error("open ground holds movable objects")
	}
	if _, ok := o.throwChoice(0, true); ok {
		t.Error("a throw chosen on open ground")
	}
}

// TestRelicWithMovableInHand checks that a Safar holding an object to throw
// puts it down (1 AP, "Dropping/picking up", seed 000 line 1161) before it
// picks up the relic: two loads at once (seed 000 line 1127) are not played,
// and the relic's pick-up is never refused for the object in hand.
func TestRelicWithMovableInHand(t *testing.T) {
	fl := fighterOf(t, "kherops-warrior-2")
	o := &profiles.Objectives{Relic: &profiles.Relic{Name: "relic", X: 7.5, Y: 5, Points: 5, PickUpAP: 1, InPiece: -1}}
	e := objectsBattle(t, []*Fighter{fl}, []*Fighter{fl}, throwTable(profiles.Movable{Kind: "stone", X: 7.5, Y: 5}), o)
	c := &e.c[0]
	c.pos, c.ap = field.Vec{X: 7.5, Y: 5}, 4
	if !e.do(nil, 0, action{kind: actPickUpMovable, opt: 0}) || !e.holdsMovable(0) {
		t.Fatal("the stone was not picked up")
	}
	if !e.do(nil, 0, action{kind: actPickUp}) || e.holdsMovable(0) || e.obj.carrier != -1 || c.ap != 2 {
		t.Fatalf("first relic pick-up: holds %v, carrier %d, AP %d; want the stone put down for 1 AP", e.holdsMovable(0), e.obj.carrier, c.ap)
	}
	if !e.do(nil, 0, action{kind: actPickUp}) || e.obj.carrier != 0 || c.ap != 1 {
		t.Fatalf("second: carrier %d, AP %d; want the relic carried", e.obj.carrier, c.ap)
	}
	if e.do(nil, 0, action{kind: actPickUpMovable, opt: 0}) {
		t.Error("the relic carrier picked up the stone")
	}
}
