package sim

import (
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// fighterWith: sim/morale_internal_test.go.

// TestScoutDeployment checks Scout X (skills.md #23, seed 000 line 1654, seed
// 004 line 1524): "the Safar can be deployed as far as X toises outside of
// his starting area unless the scenario forbids the deployment of scouts". A
// paladin with Scout 3 on side A (strip y 0-3, French rules) stands with its
// base's front edge at y 6; its twin without the skill at the strip's edge,
// y 3; the same scout on side B at y 15-6 = 9; and a scenario that forbids
// scouts (field.Field.NoScouts, "scouts: false") leaves it in its strip. A
// scout with a shooting weapon keeps the back line (the default deployment's
// choice).
func TestScoutDeployment(t *testing.T) {
	scout := fighterWith(t, "paladin-2", profiles.Skill{Name: profiles.SkillScout, Value: 3})
	plain := fighterWith(t, "paladin-2")
	archer := fighterWith(t, "goun-hunter-1", profiles.Skill{Name: profiles.SkillScout, Value: 3})
	foe := fighterWith(t, "kherops-warrior-1")
	front := func(e *engine, i int) float64 {
		if e.c[i].side == 0 {
			return e.start[i].Y + e.c[i].radius
		}
		return e.start[i].Y - e.c[i].radius
	}
	for _, noScouts := range []bool{false, true} {
		sk := &Skirmish{Sides: [2]Spearhead{
			{Safars: []*Fighter{scout, plain, archer}, Costs: make([]int, 3), Leader: -1},
			{Safars: []*Fighter{foe, scout}, Costs: make([]int, 2), Leader: -1},
		}, Field: field.Field{Width: 15, Height: 15, NoScouts: noScouts}}
		pl, err := sk.NewPlayer()
		if err != nil {
			t.Fatal(err)
		}
		e := pl.e
		e.reset()
		wantA, wantB := 6.0, 9.0
		if noScouts {
			wantA, wantB = 3, 12
		}
		if got := front(e, 0); !near(got, wantA) {
			t.Errorf("noScouts %v: side A's scout's front edge at y %.2f, want %g", noScouts, got, wantA)
		}
		if got := front(e, 1); !near(got, 3) {
			t.Errorf("noScouts %v: side A's paladin without Scout at y %.2f, want 3", noScouts, got)
		}
		if got := front(e, 2); got > 3 {
			t.Errorf("noScouts %v: the scout with a bow left the strip: front edge at y %.2f", noScouts, got)
		}
		if got := front(e, 4); !near(got, wantB) {
			t.Errorf("noScouts %v: side B's scout's front edge at y %.2f, want %g", noScouts, got, wantB)
		}
	}
}

// TestScoutStaysUnengaged: two scouts of Scout 4 facing each other on a
// 10-toise table with 2-toise strips would stand 10-2x6 = -2 toises apart; the
// first placed stops 0.5 toise plus a step short of the other's zone, and
// neither starts engaged or overlapping.
func TestScoutStaysUnengaged(t *testing.T) {
	scout := fighterWith(t, "paladin-2", profiles.Skill{Name: profiles.SkillScout, Value: 4})
	sk := &Skirmish{Sides: [2]Spearhead{
		{Safars: []*Fighter{scout}, Costs: make([]int, 1), Leader: -1},
		{Safars: []*Fighter{scout}, Costs: make([]int, 1), Leader: -1},
	}, Field: field.Field{Width: 10, Height: 10}, Deployment: 2}
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	e := pl.e
	e.reset()
	if e.engaged(0, 1) {
		t.Errorf("scouts start engaged: gap %.2f", e.gap(0, 1))
	}
	if front := e.start[0].Y + e.c[0].radius; front <= 2 {
		t.Errorf("side A's scout did not leave its strip: front edge at y %.2f", front)
	}
}

func near(a, b float64) bool { return a-b < 1e-6 && b-a < 1e-6 }

// TestLeapInSkirmish checks that a Safar with Leap X walks over what its
// skill lets it cross (skills.md #22): a paladin (V 3) at (7.5, 3.5) walking
// toward an enemy at (7.5, 12) behind a 2-toise wall (y 5 to 5.5, climbing
// needed without the skill, seed 000 lines 721-732) stops at its foot without
// Leap, and with Leap 4 walks its full velocity over it.
func TestLeapInSkirmish(t *testing.T) {
	for _, leap := range []int{0, 4} {
		var sk []profiles.Skill
		if leap > 0 {
			sk = append(sk, profiles.Skill{Name: profiles.SkillLeap, Value: leap})
		}
		a := fighterWith(t, "paladin-2", sk...)
		b := fighterWith(t, "kherops-warrior-1")
		s := &Skirmish{Sides: [2]Spearhead{
			{Safars: []*Fighter{a}, Costs: make([]int, 1), Leader: -1},
			{Safars: []*Fighter{b}, Costs: make([]int, 1), Leader: -1},
		}, Field: field.Field{Width: 15, Height: 15, Terrain: []field.Terrain{
			{Kind: field.Cover, Height: 2, Rect: field.Rect{X: 0, Y: 5, W: 15, H: 0.5}}}}}
		pl, err := s.NewPlayer()
		if err != nil {
			t.Fatal(err)
		}
		e := pl.e
		e.reset()
		e.c[0].pos, e.c[1].pos = field.Vec{X: 7.5, Y: 3.5}, field.Vec{X: 7.5, Y: 12}
		v := e.velocity(0)
		e.move(0, 1, v, true)
		got := e.c[0].pos.Y
		want := 5 - e.c[0].radius // at the foot of the wall
		if leap > 0 {
			want = 3.5 + v
		}
		if !near(got, want) {
			t.Errorf("Leap %d: walked to y %.3f, want %.3f", leap, got, want)
		}
	}
}

// TestWater checks deep water (seed 000 line 654, seed 004 line 589): "no
// action involving a weapon can happen" and the manufactured armour is taken
// off on activation ("Taking off one's armour: 3 AP", seed 000 line 1252) or
// the Safar is lost; a natural armour stays. A paladin-2 (4 AP, half-plate)
// activated in a pool takes its armour off for 3 AP; with 2 AP it is lost;
// the tembo youngling's natural armour stays; out of the pool nothing
// changes. A weapon attack from the water is refused.
func TestWater(t *testing.T) {
	pool := []field.Terrain{{Kind: field.Water, Rect: field.Rect{X: 5, Y: 5, W: 5, H: 5}}}
	pal := fighterWith(t, "paladin-2")
	tembo := fighterWith(t, "tembo-youngling-1")
	foe := fighterWith(t, "kherops-warrior-1")
	sk := &Skirmish{Sides: [2]Spearhead{
		{Safars: []*Fighter{pal, tembo}, Costs: make([]int, 2), Leader: -1},
		{Safars: []*Fighter{foe}, Costs: make([]int, 1), Leader: -1},
	}, Field: field.Field{Width: 15, Height: 15, Terrain: pool}}
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	e := pl.e
	for _, in := range []bool{true, false} {
		e.reset()
		x := 7.5
		if !in {
			x = 2
		}
		e.c[0].pos, e.c[1].pos, e.c[2].pos = field.Vec{X: x, Y: 7}, field.Vec{X: x, Y: 8.5}, field.Vec{X: 14, Y: 14}
		e.c[0].ap, e.c[1].ap = e.c[0].f.Profile.AP, e.c[1].f.Profile.AP
		natural := e.c[1].armour
		ok0, ok1 := e.swim(0), e.swim(1)
		if !ok0 || !ok1 {
			t.Fatalf("in water %v: activations stopped", in)
		}
		wantAP, wantArm := pal.Profile.AP-3, 0
		if !in {
			wantAP, wantArm = pal.Profile.AP, pal.ArmourBoxes
		}
		if e.c[0].ap != wantAP || e.c[0].armour != wantArm {
			t.Errorf("in water %v: paladin %d AP, %d armour boxes; want %d, %d", in, e.c[0].ap, e.c[0].armour, wantAP, wantArm)
		}
		if e.c[1].armour != natural || natural == 0 {
			t.Errorf("in water %v: tembo's natural armour %d boxes, want %d (> 0)", in, e.c[1].armour, natural)
		}
		// A weapon attack from the water: the paladin's first melee option
		// against the warrior put in contact.
		e.c[2].pos = field.Vec{X: x + e.c[0].radius + e.c[2].radius, Y: 7}
		e.c[0].ap = 4
		opt := -1
		for k, o := range e.opts[e.c[0].kind][e.c[2].kind] {
			if !o.shot && o.weapon != nil && o.attack.AP == 1 {
				opt = k
				break
			}
		}
		if got := e.attack(rand.NewPCG(1, 1), 0, action{kind: actAttack, opt: opt, target: 2}); got == in || opt < 0 {
			t.Errorf("in water %v: weapon attack made %v", in, got)
		}
		// With 2 AP it cannot take its armour off: lost in the water.
		e.reset()
		e.c[0].pos, e.c[0].ap = field.Vec{X: x, Y: 7}, 2
		if got := e.swim(0); got == in || e.c[0].alive() == in {
			t.Errorf("in water %v, 2 AP: activation goes on %v, still in the game %v", in, got, e.c[0].alive())
		}
	}
}
