package sim

import (
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
	"github.com/kharn-ages/kharn/stats"
)

// objectsBattle is objectiveBattle on the table fld.
func objectsBattle(t *testing.T, a, b []*Fighter, fld field.Field, o *profiles.Objectives) *engine {
	t.Helper()
	sk := &Skirmish{Sides: [2]Spearhead{
		{Safars: a, Costs: make([]int, len(a)), Leader: -1},
		{Safars: b, Costs: make([]int, len(b)), Leader: -1},
	}, Field: fld, Objectives: o}
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	e := pl.e
	e.ambush = nil
	e.reset()
	e.obj.reset()
	e.objs.reset(e)
	for i := range e.c {
		e.c[i].pos = field.Vec{X: 1 + 2*float64(i), Y: 1 + 13*float64(e.c[i].side)}
		e.c[i].target = -1 // chosen at its activation's start
	}
	return e
}

// barricadeTable is the 15 x 15 table with a barricade of sp structure
// points across it at y 7 to 7.5 (impassable, 3 toises high: it stops walks
// and sight) and a chest of 4 SP at (12, 3).
func barricadeTable(sp int) field.Field {
	return field.Field{Width: 15, Height: 15, Terrain: []field.Terrain{
		{Kind: field.Impassable, Height: 3, Rect: field.Rect{X: 0, Y: 7, W: 15, H: 0.5}, Structure: sp, Name: "barricade"},
		{Kind: field.Impassable, Height: 0.5, Circle: field.Circle{X: 12, Y: 3, R: 0.4}, Structure: 4, Name: "chest"},
	}}
}

// TestDestroyObject checks "Destroying an object: 2AP/ZOC/C+P+LD10>=12. If
// the action is successful, the Safar inflicts 1D5-2 SP to the object (1 SP
// minimum). In case of CH, points of damage are doubled" (seed 000 lines
// 1076-1078, seed 004 lines 1037-1039). paladin-2 has C 4, P 4 and 2 level
// dice: a success needs a best die of 4 or more, P = 1 - 0.3^2 = 0.91; a CH
// (best die 10) P = 1 - 0.9^2 = 0.19. The SP of a success: 1D5-2, at least
// 1: 1, 1, 1, 2, 3; doubled on a CH: 2, 2, 2, 4, 6. So P(2 SP or more) =
// (0.91 - 0.19) x 2/5 + 0.19 = 0.478, P(4 or more) = 0.19 x 2/5 = 0.076.
// The exact values lie in the 99.99% Wilson intervals of 20 000 tries.
func TestDestroyObject(t *testing.T) {
	pal := fighterOf(t, "paladin-2")
	e := objectsBattle(t, []*Fighter{pal}, []*Fighter{pal}, barricadeTable(99), nil)
	r := rand.NewPCG(5, 6)
	c := &e.c[0]
	// Out of its zone of control: nothing, no AP.
	c.ap, c.dice = 4, 2
	c.pos = field.Vec{X: 7.5, Y: 7 - c.radius - field.ZOC - 0.1}
	if e.do(r, 0, action{kind: actDestroy, opt: 0}) || c.ap != 4 || e.objs.sp[0] != 99 {
		t.Fatalf("destroying from beyond its zone of control: AP %d, SP %d", c.ap, e.objs.sp[0])
	}
	c.pos = field.Vec{X: 7.5, Y: 7 - c.radius}
	if !e.do(r, 0, action{kind: actDestroy, opt: 0}) || c.ap != 2 {
		t.Fatalf("destroying in contact: AP %d, want 2 left", c.ap)
	}
	const n = 20000
	var succ, two, four int
	for range n {
		e.objs.reset(e)
		c.ap, c.dice, c.nMastery = 4, 2, 0
		e.do(r, 0, action{kind: actDestroy, opt: 0})
		lost := 99 - e.objs.sp[0]
		if lost > 0 {
			succ++
		}
		if lost >= 2 {
			two++
		}
		if lost >= 4 {
			four++
		}
		if lost > 6 || lost == 5 {
			t.Fatalf("%d SP lost in one action: the rule gives 1, 2, 3, 4 or 6", lost)
		}
	}
	for _, w := range []struct {
		name string
		k    int
		want float64
	}{{"success", succ, 0.91}, {"2 SP or more", two, 0.478}, {"4 SP or more", four, 0.076}} {
		if lo, hi := stats.Wilson(w.k, n, 0.9999); w.want < lo || w.want > hi {
			t.Errorf("%s: %d of %d, 99.99%% interval %.4f-%.4f, want %.4f", w.name, w.k, n, lo, hi, w.want)
		}
	}
}

// TestDestroyedObjectLeaves checks that an object at 0 SP "is considered as
// destroyed and will be removed from the game area" (seed 000 line 1072): it
// stops walks and sight while it stands, neither once destroyed; a Safar
// hiding behind it no longer hides; a new battle puts it back.
func TestDestroyedObjectLeaves(t *testing.T) {
	pal := fighterOf(t, "paladin-2")
	e := objectsBattle(t, []*Fighter{pal}, []*Fighter{pal}, barricadeTable(3), nil)
	a, b := &e.c[0], &e.c[1]
	a.pos = field.Vec{X: 7.5, Y: 7 - a.radius}
	b.pos = field.Vec{X: 7.5, Y: 10}
	b.behind = 1
	walk := func() field.Vec { return e.field.Walk(a.base(), b.pos, 3, nil) }
	if p := walk(); p.Dist(a.pos) > 1e-6 || e.field.LineOfSight(a.base(), b.base(), nil) {
		t.Fatalf("the standing barricade: walk to %v, sight %v; want blocked", p, e.field.LineOfSight(a.base(), b.base(), nil))
	}
	e.damageObject(0, 2)
	if e.objs.sp[0] != 1 || walk().Dist(a.pos) > 1e-6 {
		t.Fatalf("at 1 SP: SP %d, the barricade must still stand", e.objs.sp[0])
	}
	e.damageObject(0, 2)
	if e.objs.sp[0] != 0 || e.intact(0) || walk().Dist(a.pos) < 2.9 || !e.field.LineOfSight(a.base(), b.base(), nil) || b.behind != 0 {
		t.Errorf("destroyed: SP %d, walk to %v, sight %v, hiding %d; want a free walk of 3, sight, no hiding",
			e.objs.sp[0], walk(), e.field.LineOfSight(a.base(), b.base(), nil), b.behind)
	}
	// Another engine (a clone) keeps its own barricade; a new battle restores it.
	q := e.clone()
	if !q.intact(0) && q.objs.sp[0] != 0 || &q.field.Terrain[0] == &e.field.Terrain[0] {
		t.Error("a clone shares the pieces of its engine")
	}
	e.objs.reset(e)
	if !e.intact(0) || e.field.Terrain[0].Kind != field.Impassable || e.field.Terrain[0].Height != 3 {
		t.Errorf("after reset: %+v, SP %d; want the barricade whole", e.field.Terrain[0], e.objs.sp[0])
	}
}

// TestObjectCollision checks "in case of collision of a Safar with an object
// that has structure points ... it will lose a number of structure points
// equal to the stature of the fighter -2" (seed 000 line 1082, seed 004 line
// 1043): paladin-2 (stature 4) repelled into the barricade takes it 2 SP.
func TestObjectCollision(t *testing.T) {
	pal := fighterOf(t, "paladin-2")
	e := objectsBattle(t, []*Fighter{pal}, []*Fighter{pal}, barricadeTable(5), nil)
	r := rand.NewPCG(7, 8)
	a, b := &e.c[0], &e.c[1]
	b.pos = field.Vec{X: 7.5, Y: 7 - b.radius - 0.5}
	a.pos = field.Vec{X: 7.5, Y: b.pos.Y - b.radius - a.radius}
	hp := b.hp
	e.push(r, 1, 0, 2)
	if b.hp >= hp || e.objs.sp[0] != 5-(pal.Profile.Stature-2) {
		t.Errorf("repelled into the barricade: HP %d of %d, barricade SP %d; want a collision and %d SP", b.hp, hp, e.objs.sp[0], 5-(pal.Profile.Stature-2))
	}
	// Along the barricade into the table's edge: a collision with the edge,
	// none with the barricade it slides along.
	e.objs.reset(e)
	b.hp = hp
	b.pos = field.Vec{X: 15 - b.radius - 0.5, Y: 7 - b.radius}
	a.pos = field.Vec{X: b.pos.X - b.radius - a.radius, Y: b.pos.Y}
	e.push(r, 1, 0, 2)
	if b.hp >= hp || e.objs.sp[0] != 5 {
		t.Errorf("repelled along the barricade into the edge: HP %d of %d, barricade SP %d; want a collision and 5 SP", b.hp, hp, e.objs.sp[0])
	}
}

// TestRelicInChest checks a relic lying in an object (objectives.relic.in):
// it cannot be picked up while the chest stands; the default policy's runner
// in contact breaks the chest open, one farther walks to it; once destroyed
// the relic is picked up.
func TestRelicInChest(t *testing.T) {
	pal := fighterOf(t, "paladin-2")
	o := &profiles.Objectives{Relic: &profiles.Relic{Name: "relic", X: 12, Y: 3, Points: 5, PickUpAP: 1, In: "chest", InPiece: 1}}
	e := objectsBattle(t, []*Fighter{pal}, []*Fighter{pal}, barricadeTable(3), o)
	r := rand.NewPCG(9, 10)
	e.round = 1
	c := &e.c[0]
	c.ap = 4
	c.pos = field.Vec{X: 12, Y: 3 - 0.4 - c.radius}
	if e.do(r, 0, action{kind: actPickUp}) || c.ap != 4 {
		t.Fatalf("picked up the relic out of a standing chest (AP %d)", c.ap)
	}
	if a := DefaultFightPolicy.act(e, 0, r); a.kind != actDestroy || a.opt != 1 {
		t.Errorf("runner at the chest: %+v, want destroying it (piece 1)", a)
	}
	c.pos = field.Vec{X: 12, Y: 1}
	if a := DefaultFightPolicy.act(e, 0, r); a.kind != actGoTo {
		t.Errorf("runner 2 toises from the chest: %+v, want a walk to it", a)
	}
	c.pos = field.Vec{X: 12, Y: 3 - 0.4 - c.radius}
	e.damageObject(1, 4)
	if !e.do(r, 0, action{kind: actPickUp}) || e.obj.carrier != 0 {
		t.Errorf("chest destroyed: carrier %d, want the runner", e.obj.carrier)
	}
}

// TestBreakThrough checks the default policy: a Safar whose walk to its
// target is stopped by an object in its zone of control destroys it; with
// the object destroyed, or its target in reach, it does not.
func TestBreakThrough(t *testing.T) {
	pal := fighterOf(t, "paladin-2")
	e := objectsBattle(t, []*Fighter{pal}, []*Fighter{pal}, barricadeTable(3), nil)
	r := rand.NewPCG(11, 12)
	e.round = 2
	a, b := &e.c[0], &e.c[1]
	a.ap, b.ap = 4, 4
	a.pos = field.Vec{X: 7.5, Y: 7 - a.radius}
	b.pos = field.Vec{X: 7.5, Y: 10}
	if got := DefaultFightPolicy.act(e, 0, r); got.kind != actDestroy || got.opt != 0 {
		t.Errorf("barricade between it and its enemy: %+v, want destroying it", got)
	}
	e.damageObject(0, 3)
	if got := DefaultFightPolicy.act(e, 0, r); got.kind == actDestroy {
		t.Errorf("barricade destroyed: %+v, want no destruction", got)
	}
}
