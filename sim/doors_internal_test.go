package sim

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
	"github.com/kharn-ages/kharn/stats"
)

// doorTable is the 15 x 15 table cut at y 7 to 7.5 by a door 3 toises high
// (it stops walks and sight while closed) with a lock of threshold lock (0:
// none) and sp structure points, and a chest of chestSP SP at (12, 3) locked
// at chestLock.
func doorTable(lock, sp, chestSP, chestLock int) field.Field {
	return field.Field{Width: 15, Height: 15, Terrain: []field.Terrain{
		{Kind: field.Impassable, Height: 3, Rect: field.Rect{X: 0, Y: 7, W: 15, H: 0.5}, Structure: sp, Name: "gate", Door: true, Lock: lock},
		{Kind: field.Impassable, Height: 0.5, Circle: field.Circle{X: 12, Y: 3, R: 0.4}, Structure: chestSP, Name: "chest", Lock: chestLock},
	}}
}

// TestOpenDoor checks "Opening/closing: 1 AP/no difficulty. This action can
// only be performed on an object within the miniature zone of control" (seed
// 000 lines 1210-1212, seed 004 lines 1172-1174): out of the zone of control
// or locked, nothing and no AP; in contact, 1 AP and the door no longer
// stops walks nor sight; the default policy opens a closed door between it
// and its enemy, and a battle's reset closes it again.
func TestOpenDoor(t *testing.T) {
	pal := fighterOf(t, "paladin-2")
	e := objectsBattle(t, []*Fighter{pal}, []*Fighter{pal}, doorTable(0, 0, 2, 0), nil)
	r := rand.NewPCG(3, 4)
	e.round = 2
	a, b := &e.c[0], &e.c[1]
	a.ap, b.ap = 4, 4
	b.pos = field.Vec{X: 7.5, Y: 10}
	a.pos = field.Vec{X: 7.5, Y: 7 - a.radius - field.ZOC - 0.1}
	if e.do(r, 0, action{kind: actOpen, opt: 0}) || a.ap != 4 {
		t.Fatalf("opening from beyond its zone of control: AP %d", a.ap)
	}
	a.pos = field.Vec{X: 7.5, Y: 7 - a.radius}
	if e.field.LineOfSight(a.base(), b.base(), nil) {
		t.Fatal("the closed door does not block sight")
	}
	if got := DefaultFightPolicy.act(e, 0, r); got.kind != actOpen || got.opt != 0 {
		t.Fatalf("closed door between it and its enemy: %+v, want opening it", got)
	}
	if e.do(r, 0, action{kind: actOpen, opt: 1}) || a.ap != 4 {
		t.Fatalf("opened the chest without a lock (nailed shut: only broken): AP %d", a.ap)
	}
	if !e.do(r, 0, action{kind: actOpen, opt: 0}) || a.ap != 3 {
		t.Fatalf("opening in contact: AP %d, want 3 left", a.ap)
	}
	if !e.field.LineOfSight(a.base(), b.base(), nil) || e.field.Terrain[0].Obstacle() {
		t.Error("the open door still blocks sight or walks")
	}
	if got := DefaultFightPolicy.act(e, 0, r); got.kind == actOpen || got.kind == actPick || got.kind == actDestroy {
		t.Errorf("door open: %+v, want no action on it", got)
	}
	e.objs.reset(e)
	if e.field.LineOfSight(a.base(), b.base(), nil) || !e.shut(0) {
		t.Error("a reset leaves the door open")
	}
	// Locked: it does not open.
	e = objectsBattle(t, []*Fighter{pal}, []*Fighter{pal}, doorTable(12, 0, 2, 0), nil)
	a = &e.c[0]
	a.ap, a.pos = 4, field.Vec{X: 7.5, Y: 7 - a.radius}
	if e.do(r, 0, action{kind: actOpen, opt: 0}) || a.ap != 4 {
		t.Errorf("opened a locked door: AP %d", a.ap)
	}
}

// TestPickLock checks "Picking a lock: 1 AP/ZOC/A+I+LD10>=12 or as specified
// in the scenario. The Safar trying to pick a lock must not be engaged. If
// the action is successful, the Safar has unlocked any lock or mechanism"
// (seed 000 lines 1214-1218, seed 004 lines 1104-1108). paladin-2 has A 3, I
// 3 and 2 level dice: a success needs a best die of 6 or more, P = 1 - 0.5^2
// = 0.75; against the scenario's 15, 9 or more, P = 1 - 0.8^2 = 0.36. The
// exact values (objectiveOdds) lie in the 99.99% Wilson intervals of 20 000
// tries; a success unlocks for good and the door then opens.
func TestPickLock(t *testing.T) {
	pal := fighterOf(t, "paladin-2")
	for _, tt := range []struct {
		lock int
		want float64
	}{{12, 0.75}, {15, 0.36}} {
		e := objectsBattle(t, []*Fighter{pal}, []*Fighter{pal}, doorTable(tt.lock, 0, 2, 0), nil)
		r := rand.NewPCG(7, uint64(tt.lock))
		c := &e.c[0]
		c.ap, c.dice = 4, 2
		c.pos = field.Vec{X: 7.5, Y: 7 - c.radius - field.ZOC - 0.1}
		if e.do(r, 0, action{kind: actPick, opt: 0}) || c.ap != 4 {
			t.Fatalf("picking from beyond its zone of control: AP %d", c.ap)
		}
		c.pos = field.Vec{X: 7.5, Y: 7 - c.radius}
		if got, _ := e.objectiveOdds(0, tt.lock-3-3); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("lock %d: objectiveOdds %v, want %v", tt.lock, got, tt.want)
		}
		const n = 20000
		succ := 0
		for range n {
			e.objs.reset(e)
			c.ap, c.dice, c.nMastery = 4, 2, 0
			if !e.do(r, 0, action{kind: actPick, opt: 0}) || c.ap != 3 {
				t.Fatalf("a try: AP %d, want 3 left", c.ap)
			}
			if !e.locked(0) {
				succ++
			}
		}
		if lo, hi := stats.Wilson(succ, n, 0.9999); tt.want < lo || tt.want > hi {
			t.Errorf("lock %d: %d picked of %d, 99.99%% interval [%.4f, %.4f], exact %.4f", tt.lock, succ, n, lo, hi, tt.want)
		}
		// Unlocked for good: no more tries; the door opens.
		if e.do(r, 0, action{kind: actPick, opt: 0}) {
			t.Error("picked an open lock again")
		}
		if !e.do(r, 0, action{kind: actOpen, opt: 0}) || e.shut(0) {
			t.Error("the unlocked door does not open")
		}
	}
	// Engaged: no try.
	e := objectsBattle(t, []*Fighter{pal}, []*Fighter{pal}, doorTable(12, 0, 2, 0), nil)
	a, b := &e.c[0], &e.c[1]
	a.ap, a.pos = 4, field.Vec{X: 7.5, Y: 7 - a.radius}
	b.pos = field.Vec{X: 7.5 - a.radius - b.radius, Y: a.pos.Y}
	if e.do(rand.NewPCG(1, 2), 0, action{kind: actPick, opt: 0}) || a.ap != 4 {
		t.Errorf("picked engaged: AP %d", a.ap)
	}
}

// TestBreakTries checks the exact expected tries of "Destroying an object"
// (seed 000 lines 1076-1078) for paladin-2 (success 0.91, CH 0.19: see
// TestDestroyObject): one SP, 1/0.91; two SP, a plain success of 1 SP (0.72
// x 0.6) leaves one: (1 + 0.432/0.91)/0.91. The mean tries of the engine's
// destroy on 2 and 4 SP lie within 3.9 standard errors (99.99%) of them.
func TestBreakTries(t *testing.T) {
	e1 := 1 / 0.91
	e2 := (1 + 0.72*0.6*e1) / 0.91
	if got := breakTries(0.91, 0.19, 1); math.Abs(got-e1) > 1e-12 {
		t.Errorf("1 SP: %v, want %v", got, e1)
	}
	if got := breakTries(0.91, 0.19, 2); math.Abs(got-e2) > 1e-12 {
		t.Errorf("2 SP: %v, want %v", got, e2)
	}
	if got := breakTries(0, 0, 2); !math.IsInf(got, 1) {
		t.Errorf("never succeeds: %v, want +Inf", got)
	}
	pal := fighterOf(t, "paladin-2")
	for _, sp := range []int{2, 4} {
		e := objectsBattle(t, []*Fighter{pal}, []*Fighter{pal}, barricadeTable(sp), nil)
		r := rand.NewPCG(13, uint64(sp))
		c := &e.c[0]
		c.pos = field.Vec{X: 7.5, Y: 7 - c.radius}
		const n = 20000
		var sum, sum2 float64
		for range n {
			e.objs.reset(e)
			tries := 0.0
			for e.intact(0) {
				c.ap, c.dice, c.nMastery = 4, 2, 0
				e.do(r, 0, action{kind: actDestroy, opt: 0})
				tries++
			}
			sum += tries
			sum2 += tries * tries
		}
		mean := sum / n
		se := math.Sqrt((sum2/n - mean*mean) / n)
		if want := breakTries(0.91, 0.19, sp); math.Abs(mean-want) > 3.9*se {
			t.Errorf("%d SP: mean %.4f tries (SE %.4f), exact %.4f", sp, mean, se, want)
		}
	}
}

// TestLockedChest checks a relic in a locked chest (the vault's): it cannot
// be picked up until the chest is opened; the runner at the chest takes the
// cheaper way in expected AP (wayAP). paladin-2 on a chest of 2 SP: picking
// a lock of 12 takes 1/0.75 + 1 = 2.33 AP, breaking 2 x 1.62 = 3.24 AP: it
// picks; a lock of 15, 1/0.36 + 1 = 3.78 AP: it breaks. Picked, the chest
// opens (1 AP) and the relic is picked up.
func TestLockedChest(t *testing.T) {
	pal := fighterOf(t, "paladin-2")
	o := &profiles.Objectives{Relic: &profiles.Relic{Name: "relic", X: 12, Y: 3, Points: 5, PickUpAP: 1, In: "chest", InPiece: 1}}
	for _, tt := range []struct {
		lock int
		want actionKind
	}{{12, actPick}, {15, actDestroy}} {
		e := objectsBattle(t, []*Fighter{pal}, []*Fighter{pal}, doorTable(0, 0, 2, tt.lock), o)
		r := rand.NewPCG(9, 10)
		e.round = 1
		c := &e.c[0]
		c.ap, c.dice = 4, 2
		c.pos = field.Vec{X: 12, Y: 3 - 0.4 - c.radius}
		pick, brk := e.wayAP(0, 1)
		if tt.lock == 12 && (math.Abs(pick-(1/0.75+1)) > 1e-9 || math.Abs(brk-2*breakTries(0.91, 0.19, 2)) > 1e-9) {
			t.Errorf("lock 12: expected AP picking %v, breaking %v", pick, brk)
		}
		if a := DefaultFightPolicy.act(e, 0, r); a.kind != tt.want || a.opt != 1 {
			t.Errorf("lock %d: runner at the chest plays %+v, want kind %d", tt.lock, a, tt.want)
		}
		if e.do(r, 0, action{kind: actPickUp}) || c.ap != 4 {
			t.Fatalf("picked up the relic out of a locked chest (AP %d)", c.ap)
		}
	}
	e := objectsBattle(t, []*Fighter{pal}, []*Fighter{pal}, doorTable(0, 0, 2, 12), o)
	r := rand.NewPCG(1, 1)
	e.round = 1
	c := &e.c[0]
	c.pos = field.Vec{X: 12, Y: 3 - 0.4 - c.radius}
	e.objs.unlocked[1] = true
	c.ap = 4
	if a := DefaultFightPolicy.act(e, 0, r); a.kind != actOpen || a.opt != 1 {
		t.Errorf("unlocked chest: %+v, want opening it", a)
	}
	if !e.do(r, 0, action{kind: actOpen, opt: 1}) || !e.do(r, 0, action{kind: actPickUp}) || e.obj.carrier != 0 {
		t.Errorf("opened chest: carrier %d, want the runner", e.obj.carrier)
	}
	if !e.field.Terrain[1].Obstacle() {
		t.Error("an open chest left the table: it stays (only an open door stops nothing)")
	}
}
