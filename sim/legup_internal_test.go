package sim

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/sim/field"
)

// legUpEngine returns the engine of a skirmish of climber (Safar 0) and
// helper (Safar 1) on side A against foe (Safar 2, side B) on a 15 x 15 table
// with terrain, reset.
func legUpEngine(t *testing.T, climber, helper, foe *Fighter, terrain ...field.Terrain) *engine {
	t.Helper()
	sk := &Skirmish{Sides: [2]Spearhead{
		{Safars: []*Fighter{climber, helper}, Costs: make([]int, 2), Leader: -1},
		{Safars: []*Fighter{foe}, Costs: make([]int, 1), Leader: -1},
	}, Field: field.Field{Width: 15, Height: 15, Terrain: terrain}}
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	e := pl.e
	e.c[0].pos, e.c[1].pos, e.c[2].pos = field.Vec{X: 2, Y: 1}, field.Vec{X: 4, Y: 1}, field.Vec{X: 12, Y: 14}
	e.reset()
	return e
}

// TestLegUp checks giving somebody a leg up (seed 000 lines 725-726, seed 004
// lines 650-652: "If both Safars are in "base to base" contact at the bottom
// of an obstacle of 2 toises or more, the ally can spend 1 AP (for each 2
// toises), for the active Safar to climb over the obstacle without penalty
// [...] the strength of the ally must be at least equal to the constitution
// of the active Safar"). A greedy-2 (V 5, C 3, a 1-toise base) with 3 AP, its
// base against the 3 x 3 block (corner (6, 6)), walks with its free walk
// toward a foe on the top; alone it needs 4 AP (TestClimbWalk: 3.5 toises at
// V/2 = 2.5 a climbing action, 2 actions) and does not climb.
//   - a greedy-2 ally (P 4 >= C 3) at the foot, base to base with it: the
//     climb is a walk (3.5 toises <= V 5), its free walk, 0 AP; the ally pays
//     ceil(2.5 / 2) = 2 AP; the climber ends on the top (elevation 2.5)
//     engaged with its foe;
//   - a 2-toise block: the ally pays 1 AP;
//   - a bone-seer-2 ally (P 2 < C 3): no leg up, no climb;
//   - the greedy-2 ally 1 toise away (not in base contact): no leg up;
//   - a 1.75-toise block (under 2 toises): no leg up;
//   - with 4 AP alone the climb costs 4 AP, with the leg up 0 AP and 2 of the
//     ally's: the policy takes it (it saves more than it costs).
func TestLegUp(t *testing.T) {
	greedy, seer, foe := fighterWith(t, "greedy-2"), fighterWith(t, "bone-seer-2"), fighterWith(t, "fang-prowler-1")
	r := rand.NewPCG(1, 2)
	blockH := func(h float64) field.Terrain {
		return field.Terrain{Kind: field.Cover, Height: h, Rect: field.Rect{X: 6, Y: 6, W: 3, H: 3}}
	}
	type want struct {
		climbed    bool
		ap, helpAP int
	}
	cases := []struct {
		name   string
		helper *Fighter
		h      float64
		helpAt field.Vec
		ap     int
		want   want
	}{
		{"leg up 2.5", greedy, 2.5, field.Vec{X: 6.5, Y: 5.5}, 3, want{true, 3, 5 - 2}},
		{"leg up 2", greedy, 2, field.Vec{X: 6.5, Y: 5.5}, 3, want{true, 3, 5 - 1}},
		{"weak ally", seer, 2.5, field.Vec{X: 6.5, Y: 5.5}, 3, want{false, 3, 5}},
		{"ally not in contact", greedy, 2.5, field.Vec{X: 5.5, Y: 5.5}, 3, want{false, 3, 5}},
		{"under 2 toises", greedy, 1.75, field.Vec{X: 6.5, Y: 5.5}, 3, want{false, 3, 5}},
		{"worth it with 4 AP", greedy, 2.5, field.Vec{X: 6.5, Y: 5.5}, 4, want{true, 4, 5 - 2}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := legUpEngine(t, greedy, tc.helper, foe, blockH(tc.h))
			e.c[0].pos, e.c[1].pos, e.c[2].pos = field.Vec{X: 7.5, Y: 5.5}, tc.helpAt, field.Vec{X: 7.5, Y: 8}
			e.c[0].ap, e.c[0].walks, e.c[1].ap = tc.ap, 0, 5
			e.do(r, 0, action{kind: actToward, target: 2})
			c, a := &e.c[0], &e.c[1]
			climbed := e.elev(0) == tc.h
			if climbed != tc.want.climbed || c.ap != tc.want.ap || a.ap != tc.want.helpAP {
				t.Errorf("climbed %v (at %v, elevation %v), climber %d AP, ally %d AP; want climbed %v, %d AP, %d AP",
					climbed, c.pos, e.elev(0), c.ap, a.ap, tc.want.climbed, tc.want.ap, tc.want.helpAP)
			}
			if tc.want.climbed {
				if c.walks != 1 || math.Abs(c.pos.Y-6.5) > 1e-6 {
					t.Errorf("%d walks, at %v; want 1 walk, at (7.5, 6.5)", c.walks, c.pos)
				}
				if !e.engaged(0, 2) {
					t.Errorf("not engaged with its foe on the top (gap %v)", e.gap(0, 2))
				}
			}
		})
	}
}

// TestLegUpAP checks the ally's AP: 1 for every 2 toises (seed 000 line
// 725), per 2-toise step begun (a reading of "pour chaque palier de 2
// toises", seed 004 line 652).
func TestLegUpAP(t *testing.T) {
	for _, tc := range []struct {
		h    float64
		want int
	}{{2, 1}, {2.5, 2}, {4, 2}, {4.5, 3}} {
		if got := legUpAP(tc.h); got != tc.want {
			t.Errorf("legUpAP(%v) = %d, want %d", tc.h, got, tc.want)
		}
	}
}
