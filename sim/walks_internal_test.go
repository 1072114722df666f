package sim

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/sim/field"
)

// TestWalkAwayRound: a kherops-warrior-1 (velocity 3) with its back against
// a tall wall (2.5 toises high, x 5 to 10, y 3 to 3.5: no walk steps over
// it, seed 000 lines 721-723), its foe 1 toise in front, walks away with its
// free walk. Straight away is into the wall: before, the walk went nowhere
// (the free walk spent, nothing gained). Now it goes round the wall's end
// (engine.routeAway, field.RouteWalk) and ends farther from its foe.
func TestWalkAwayRound(t *testing.T) {
	wall := field.Terrain{Kind: field.Cover, Height: 2.5, Rect: field.Rect{X: 5, Y: 3, W: 5, H: 0.5}}
	e := heightsEngine(t, fighterWith(t, "kherops-warrior-1"), fighterWith(t, "kherops-warrior-1"), wall)
	c := &e.c[0]
	from := field.Vec{X: 7.5, Y: 3.5 + c.radius}
	c.pos, e.c[1].pos = from, field.Vec{X: 7.5, Y: from.Y + c.radius + e.c[1].radius + 1}
	c.ap, c.walks = 0, 0
	before := e.gap(0, 1)
	if !e.do(rand.NewPCG(1, 2), 0, action{kind: actAway, target: 1}) {
		t.Fatal("the free walk away ended the activation")
	}
	if g := e.gap(0, 1); !(g > before+1) {
		t.Errorf("walk away from the wall: at %v, %.2f toises from its foe (%.2f before): want more than a toise farther", c.pos, g, before)
	}
	if d := wall.Dist(c.pos); d < c.radius-1e-9 {
		t.Errorf("walk away ends at %v, overlapping the wall (%.3f)", c.pos, d)
	}
}

// TestObjectiveWalkRound: the ford marker (7.5, 7.5) behind a tall wall (x 5
// to 10, y 5 to 5.5) from a paladin-2 (velocity 3 in its half-plate,
// TestSwimToObjective) at (7.5, 3): its walk to the marker (goTo) stopped at the wall
// for the rest of the battle before (a plain field.Walk); now it goes round
// the wall (walkToPoint, engine.route) and holds the marker, its base's
// edge within 1 toise, within 4 activations of free walks.
func TestObjectiveWalkRound(t *testing.T) {
	pal, foe := fighterOf(t, "paladin-2"), fighterOf(t, "kherops-warrior-1")
	e := objectiveBattle(t, []*Fighter{pal}, []*Fighter{foe}, ford())
	wall := field.Terrain{Kind: field.Cover, Height: 2.5, Rect: field.Rect{X: 5, Y: 5, W: 5, H: 0.5}}
	e.field.Terrain = []field.Terrain{wall}
	c := &e.c[0]
	c.pos = field.Vec{X: 7.5, Y: 3}
	marker := field.Vec{X: 7.5, Y: 7.5}
	r := rand.NewPCG(1, 2)
	n := 1
	for ; n <= 6; n++ {
		c.ap, c.walks = 0, 0
		e.do(r, 0, action{kind: actGoTo, opt: 0})
		if d := wall.Dist(c.pos); d < c.radius-1e-9 {
			t.Fatalf("walk %d ends at %v, overlapping the wall", n, c.pos)
		}
		if c.pos.Dist(marker)-c.radius <= 1 {
			break
		}
	}
	if n > 4 {
		t.Errorf("the paladin at %v after %d free walks (7: never in 6), %.2f from the marker: want within 1 toise in 4", c.pos, min(n, 6), c.pos.Dist(marker)-c.radius)
	}
}

// TestSteerRoundWater checks the policies' walks round deep water (seed 000
// line 654: velocity halved in water; lines 734-736: swimming 2 AP, not in a
// metal or stone armour), each walking in with its free walk toward a foe at
// (7.5, 10) straight beyond a pool:
//   - a kherops-warrior-1 (no armour) at (7.5, 4.5), a pool 3 toises wide
//     (x 6 to 9, y 6 to 8): the straight walk is 5.5 toises with 2 in water
//     (7.5 of movement), the dry way round the pool's corner 6.71; before it
//     swam (2 AP, into the water), now it walks round, dry, for no AP;
//   - the same warrior, a pool across the table but for a toise at each end
//     (x 1 to 14): the dry way, about 14 toises, is much longer; it swims;
//   - a paladin-2 in half-plate (cannot swim), the same wide pool: before
//     it stopped at the water's edge; now it walks toward the dry way.
func TestSteerRoundWater(t *testing.T) {
	narrow := field.Terrain{Kind: field.Water, Rect: field.Rect{X: 6, Y: 6, W: 3, H: 2}}
	wide := field.Terrain{Kind: field.Water, Rect: field.Rect{X: 1, Y: 6, W: 13, H: 2}}
	foe := fighterWith(t, "kherops-warrior-1")
	for _, tc := range []struct {
		name  string
		id    string
		pool  field.Terrain
		swims bool
	}{
		{"warrior, narrow pool", "kherops-warrior-1", narrow, false},
		{"warrior, wide pool", "kherops-warrior-1", wide, true},
		{"paladin in half-plate, wide pool", "paladin-2", wide, false},
	} {
		e := heightsEngine(t, fighterWith(t, tc.id), foe, tc.pool)
		c := &e.c[0]
		from := field.Vec{X: 7.5, Y: 4.5}
		c.pos, e.c[1].pos = from, field.Vec{X: 7.5, Y: 10}
		c.ap, c.walks = 3, 0
		if !e.do(rand.NewPCG(1, 2), 0, action{kind: actToward, target: 1}) {
			t.Errorf("%s: the walk ended the activation", tc.name)
			continue
		}
		swam, round := c.ap != 3, math.Abs(c.pos.X-from.X) > 0.5
		if swam != tc.swims || e.inWater(0) != tc.swims || round == tc.swims || c.pos.Dist(from) < 1 {
			t.Errorf("%s: at %v (moved %.2f), %d AP left, in water %v; want swimming %v, round the pool %v, a move of a toise at least", tc.name, c.pos, c.pos.Dist(from), c.ap, e.inWater(0), tc.swims, !tc.swims)
		}
	}
}

// TestFreeMoveSwim checks a free move into deep water (seed 000 lines
// 734-736, seed 004 lines 676-680: swimming is the only movement in deep
// water, not in a metal or stone armour): a V effect's step away (vStep,
// 1.5 toises) from a foe in front, straight into a pool behind (y 1 to 4).
// A kherops-warrior-1 swims: half a toise dry, then at half speed (seed 000
// line 654), ending 0.5 toise in. A paladin-2 in half-plate cannot swim: it
// stops at the water's edge, its centre dry; before, it walked in. Neither
// pays AP: the move is free.
func TestFreeMoveSwim(t *testing.T) {
	pool := field.Terrain{Kind: field.Water, Rect: field.Rect{X: 0, Y: 1, W: 15, H: 3}}
	foe := fighterWith(t, "kherops-warrior-1")
	for _, tc := range []struct {
		name string
		id   string
		y    float64
	}{
		{"warrior", "kherops-warrior-1", 3.5},
		{"paladin in half-plate", "paladin-2", 4 + waterHair},
	} {
		e := heightsEngine(t, fighterWith(t, tc.id), foe, pool)
		c := &e.c[0]
		c.pos = field.Vec{X: 7.5, Y: 4.5}
		e.c[1].pos = field.Vec{X: 7.5, Y: 4.5 + c.radius + e.c[1].radius + 0.5}
		c.ap = 2
		e.vStep(0, 1, 1.5)
		if math.Abs(c.pos.Y-tc.y) > 1e-6 || c.pos.X != 7.5 || c.ap != 2 {
			t.Errorf("%s: V step to %v with %d AP; want (7.5, %.4f), 2 AP", tc.name, c.pos, c.ap, tc.y)
		}
	}
}
