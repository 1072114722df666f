package sim

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/sim/field"
)

// TestSwim checks Swimming (seed 000 lines 734-736, seed 004 lines 676-680:
// "Swimming: 2 AP/the Safar. Only movement allowed to move in deep water
// [...] A Safar wearing a metallic or stone armour cannot swim") on a pool
// across the table at y 4-10, each walker 1.5 toises short of it (the slow
// tembo 0.5), walking in
// toward a foe beyond it with its free walk:
//   - a kherops warrior (V 3, no armour) swims: 2 AP, one movement, ending
//     0.75 toise into the water (1.5 dry, the 1.5 left halved, seed 000
//     line 654);
//   - with 1 AP it cannot pay the swim: its free walk stops at the water;
//   - a paladin-2 in half-plate (metal_or_stone) cannot swim: stopped at the
//     water, no AP paid; once the armour is off it swims for 2 AP;
//   - a tembo guardian in its natural shell (an item marked natural, seed 000
//     line 654: "Natural armour ... does not prevent the Safar who wears it
//     from swimming") swims and, activated in the water, keeps the shell and
//     its AP.
func TestSwim(t *testing.T) {
	pool := []field.Terrain{{Kind: field.Water, Rect: field.Rect{X: 0, Y: 4, W: 15, H: 6}}}
	war := fighterWith(t, "kherops-warrior-1")
	pal := fighterWith(t, "paladin-2")
	tem := fighterWith(t, "tembo-guardian-2")
	foe := fighterWith(t, "kherops-warrior-1")
	if pal.Armour == nil || !pal.Armour.MetalOrStone || tem.Armour == nil || !tem.Armour.Natural {
		t.Fatalf("paladin armour %+v, tembo armour %+v: want metal and natural", pal.Armour, tem.Armour)
	}
	sk := &Skirmish{Sides: [2]Spearhead{
		{Safars: []*Fighter{war, pal, tem}, Costs: make([]int, 3), Leader: -1},
		{Safars: []*Fighter{foe}, Costs: make([]int, 1), Leader: -1},
	}, Field: field.Field{Width: 15, Height: 15, Terrain: pool}}
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	e := pl.e
	r := rand.NewPCG(1, 2)
	// walk puts Safar i at x, 2.5 with ap AP, its free walk unused, and walks
	// it toward the foe straight ahead at (x, 14).
	walk := func(i int, x float64, ap int) bool {
		y := 2.5
		if i == 2 {
			y = 3.5 // the tembo's velocity is 1 (V 2, the shell's malus 1)
		}
		e.c[i].pos, e.c[3].pos = field.Vec{X: x, Y: y}, field.Vec{X: x, Y: 14}
		e.c[i].ap, e.c[i].walks = ap, 0
		return e.do(r, i, action{kind: actToward, target: 3})
	}
	type want struct {
		ap, walks int
		y         float64
	}
	check := func(name string, i int, w want) {
		t.Helper()
		c := &e.c[i]
		if c.ap != w.ap || c.walks != w.walks || math.Abs(c.pos.Y-w.y) > 1e-3 {
			t.Errorf("%s: %d AP, %d walks, y %.4f; want %d AP, %d walks, y %.4f", name, c.ap, c.walks, c.pos.Y, w.ap, w.walks, w.y)
		}
	}
	for i := range e.c {
		e.c[i].pos = field.Vec{X: 1 + 4*float64(i), Y: 0.5 + float64(i)}
	}
	e.reset()
	if !walk(0, 7.5, 3) {
		t.Fatal("warrior: activation stopped")
	}
	check("warrior, 3 AP", 0, want{1, 1, 4.75})
	e.c[0].pos = field.Vec{X: 1, Y: 1}
	walk(0, 7.5, 1)
	check("warrior, 1 AP", 0, want{1, 1, 4})
	if e.inWater(0) {
		t.Errorf("warrior, 1 AP: in the water")
	}
	e.c[0].pos = field.Vec{X: 1, Y: 1}

	walk(1, 7.5, 4)
	check("paladin in half-plate", 1, want{4, 1, 4})
	if e.inWater(1) {
		t.Errorf("paladin in half-plate: in the water")
	}
	e.c[1].armour = 0 // taken off
	walk(1, 7.5, 4)
	v := e.velocity(1)
	check("paladin, armour off", 1, want{2, 1, 4 + (v-1.5)/2})
	e.c[1].pos = field.Vec{X: 14, Y: 1}

	shell := e.c[2].armour
	walk(2, 7.5, 4)
	v = e.velocity(2)
	check("tembo in its shell", 2, want{2, 1, 4 + (v-0.5)/2})
	if !e.inWater(2) || shell == 0 {
		t.Fatalf("tembo: in water %v, shell %d boxes", e.inWater(2), shell)
	}
	e.c[2].ap = 4
	if !e.swim(2) || e.c[2].armour != shell || e.c[2].ap != 4 {
		t.Errorf("tembo activated in water: shell %d boxes (want %d), %d AP (want 4)", e.c[2].armour, shell, e.c[2].ap)
	}
}

// TestSwimAssault checks an assault across deep water (seed 000 lines 654,
// 734-736): the kherops warrior, 1.5 toises short of a pool at y 4-10, in
// sight of a foe standing in the water, cannot assault it with its sabre (the
// walk would end in the water, where "no action involving a weapon can
// happen"); the paladin-2 in half-plate cannot assault a foe just beyond the
// water's edge (it cannot swim: its walk stops at the edge, out of reach).
// Both are refused before any AP is paid, where they stood.
func TestSwimAssault(t *testing.T) {
	pool := []field.Terrain{{Kind: field.Water, Rect: field.Rect{X: 0, Y: 4, W: 15, H: 6}}}
	war := fighterWith(t, "kherops-warrior-1")
	pal := fighterWith(t, "paladin-2")
	foe := fighterWith(t, "kherops-warrior-1")
	sk := &Skirmish{Sides: [2]Spearhead{
		{Safars: []*Fighter{war, pal}, Costs: make([]int, 2), Leader: -1},
		{Safars: []*Fighter{foe}, Costs: make([]int, 1), Leader: -1},
	}, Field: field.Field{Width: 15, Height: 15, Terrain: pool}}
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	e := pl.e
	r := rand.NewPCG(1, 2)
	for _, tc := range []struct {
		name    string
		i       int
		foeY    float64
		inWater bool
	}{
		{"warrior, foe in the water", 0, 4.8, true},
		{"paladin, foe beyond the edge", 1, 0, true},
	} {
		e.reset()
		c := &e.c[tc.i]
		e.c[1-tc.i].pos = field.Vec{X: 1, Y: 1}
		c.ap, c.walks = 4, 1
		opt := -1
		for k, o := range e.opts[c.kind][e.c[2].kind] {
			if !o.shot && o.weapon != nil && o.attack.AP == 1 {
				opt = k
				break
			}
		}
		if opt < 0 {
			t.Fatalf("%s: no 1-AP weapon attack", tc.name)
		}
		// The foe's base edge at foeY, or (the paladin) 0.3 beyond the reach
		// of a Safar stopped at the water's edge.
		edge := tc.foeY
		if tc.i == 1 {
			edge = 4 + c.radius + e.reachOf(tc.i, &e.opts[c.kind][e.c[2].kind][opt]) + 0.3
		}
		c.pos, e.c[2].pos = field.Vec{X: 7.5, Y: 2.5}, field.Vec{X: 7.5, Y: edge + e.c[2].radius}
		t.Logf("%s: velocity %.2f, radius %.2f, foe edge at %.2f", tc.name, e.velocity(tc.i), c.radius, edge)
		if got := e.attack(r, tc.i, action{kind: actAssault, opt: opt, target: 2}); got || c.ap != 4 || c.pos != (field.Vec{X: 7.5, Y: 2.5}) || c.walks != 1 {
			t.Errorf("%s: assault made %v, %d AP (want 4), at %v, %d walks", tc.name, got, c.ap, c.pos, c.walks)
		}
	}
}

// TestSwimToObjective checks a walk to a marker across deep water (goTo; seed
// 000 lines 734-736): the ford marker at (7.5, 7.5) beyond a pool at y 4-6;
// from y 2.5 with its free walk, the paladin-2 in half-plate stops at the
// water's edge for no AP, the kherops warrior (no armour) swims for 2 AP,
// 0.75 toise into the water.
func TestSwimToObjective(t *testing.T) {
	pal, war := fighterOf(t, "paladin-2"), fighterOf(t, "kherops-warrior-1")
	foe := fighterOf(t, "kherops-warrior-1")
	e := objectiveBattle(t, []*Fighter{pal, war}, []*Fighter{foe}, ford())
	e.field.Terrain = []field.Terrain{{Kind: field.Water, Rect: field.Rect{X: 0, Y: 4, W: 15, H: 2}}}
	r := rand.NewPCG(1, 2)
	for _, tc := range []struct {
		name string
		i    int
		ap   int
		y    float64
	}{
		{"paladin in half-plate", 0, 3, 4},
		{"warrior", 1, 1, 4.75},
	} {
		c := &e.c[tc.i]
		e.c[1-tc.i].pos = field.Vec{X: 1, Y: 1}
		c.pos, c.ap, c.walks = field.Vec{X: 7.5, Y: 2.5}, 3, 0
		if e.velocity(tc.i) != 3 {
			t.Fatalf("%s: velocity %g, want 3", tc.name, e.velocity(tc.i))
		}
		if !e.do(r, tc.i, action{kind: actGoTo, opt: 0}) || c.ap != tc.ap || c.walks != 1 || math.Abs(c.pos.Y-tc.y) > 1e-3 {
			t.Errorf("%s: %d AP (want %d), %d walks, at y %.4f (want %.4f)", tc.name, c.ap, tc.ap, c.walks, c.pos.Y, tc.y)
		}
	}
}
