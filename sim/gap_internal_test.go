package sim

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/sim/field"
)

// gapEngine returns the engine of a skirmish of jumper (Safar 0, side A)
// against foe (Safar 1, side B) on a 15 x 15 table with two roofs 3 toises
// high and 3 across, the west one from x 3 to 6, the east one from 6 + width,
// y 6 to 9, named in a gap when declared; reset.
func gapEngine(t *testing.T, jumper, foe *Fighter, width float64, declared bool, v Variant) *engine {
	t.Helper()
	f := field.Field{Width: 15, Height: 15, Terrain: []field.Terrain{
		{Kind: field.Cover, Height: 3, Rect: field.Rect{X: 3, Y: 6, W: 3, H: 3}},
		{Kind: field.Cover, Height: 3, Rect: field.Rect{X: 6 + width, Y: 6, W: 3, H: 3}},
	}}
	if declared {
		f.Gaps = [][2]int{{0, 1}}
	}
	return fieldEngine(t, jumper, foe, f, v) // climb_internal_test.go
}

// jumpWalk puts Safar 0 on the west roof at (5.4, 7.5) with ap AP and its
// foe on the east roof, 2 toises in from its edge, and plays the walk of
// Safar 0 toward it with dice from r.
func jumpWalk(e *engine, r *rand.PCG, width float64, ap int) {
	e.reset()
	e.c[0].pos, e.c[1].pos = field.Vec{X: 5.4, Y: 7.5}, field.Vec{X: 6 + width + 2, Y: 7.5}
	placedAloft(e)
	e.c[0].ap, e.c[0].walks = ap, 0
	e.do(r, 0, action{kind: actToward, target: 1})
}

// TestJumpGap checks jumping over a gap between two roofs (seed 000 lines
// 742-748, seed 004 lines 682-688: "A Safar can jump over an empty space if
// its size does not exceed [the worst] characteristic between V and A. If the
// gap is larger, he can perform this action if the size of the gap does not
// exceeds the best of his characteristics between V and A. He succeeds on a
// die roll of 6+. If he fails, apply the effects of an unintentional fall").
// A walk from the west roof toward a foe on the east one (its free walk):
//   - greedy-2 (V 5, A 5) over 1.5 toises: no roll; it lands on the east
//     roof's edge (x 7.5 + 0.5) at 3 toises, engaged with its foe, 0 AP;
//   - the gap not declared by the scenario: no jump (it climbs down between);
//   - fang-prowler-1 (V 5, A 4) over 4.5 toises: more than A 4, at most V 5:
//     a roll; in 2000 walks the share made lies in the 99.99% Wilson interval
//     of the exact 5/10 (a d10 of 6+), and every failure lands on the ground
//     between the roofs (an unintentional fall from 3 toises, no higher than
//     A 4: C 2 HP on a d10 of 1-2, fallRoll);
//   - fang-prowler-1 over 3 toises: no roll in the French rules (up to the
//     worst of V and A, 4), a roll under english (half of it, 2: seed 000
//     line 744);
//   - greedy-2 over 5.5 toises (more than its best, 5): no jump.
func TestJumpGap(t *testing.T) {
	greedy, prowler, foe := fighterWith(t, "greedy-2"), fighterWith(t, "fang-prowler-1"), fighterWith(t, "greedy-2")
	r := rand.NewPCG(7, 8)

	e := gapEngine(t, greedy, foe, 1.5, true, Variant{})
	jumpWalk(e, r, 1.5, 4)
	c := &e.c[0]
	if e.elev(0) != 3 || math.Abs(c.pos.X-8) > 1e-6 || c.ap != 4 || c.walks != 1 || !e.engaged(0, 1) {
		t.Errorf("over 1.5 toises: at %v, elevation %v, %d AP, %d walks, engaged %v; want (8, 7.5) on the roof, 4 AP, 1 walk, engaged",
			c.pos, e.elev(0), c.ap, c.walks, e.engaged(0, 1))
	}

	e = gapEngine(t, greedy, foe, 1.5, false, Variant{})
	jumpWalk(e, r, 1.5, 4)
	if c := &e.c[0]; e.elev(0) != 0 || c.pos.X < 6 || c.pos.X > 7.5 {
		t.Errorf("no gap declared: at %v, elevation %v; want on the ground between the roofs (climbed down)", c.pos, e.elev(0))
	}

	e = gapEngine(t, prowler, foe, 4.5, true, Variant{})
	const n = 2000
	made := 0
	for range n {
		jumpWalk(e, r, 4.5, 3)
		c := &e.c[0]
		switch {
		case e.elev(0) == 3 && c.pos.X > 10.5:
			made++
		case e.elev(0) == 0 && c.pos.X > 6 && c.pos.X < 10.5:
			if c.hp != 6 && c.hp != 6-2 {
				t.Fatalf("a failed jump left %d HP, want 6 or 4 (C 2 on a d10 of 1-2), gap %v", c.hp, e.gap(0, 1))
			}
		default:
			t.Fatalf("over 4.5 toises: at %v, elevation %v: neither on the east roof nor between", c.pos, e.elev(0))
		}
	}
	t.Logf("jumps made over 4.5 toises: %d of %d", made, n)
	if lo, hi := wilson(made, n); 0.5 < lo || 0.5 > hi {
		t.Errorf("jumps made over 4.5 toises: %d of %d, 99.99%% interval [%.3f, %.3f] misses the exact 0.5", made, n, lo, hi)
	}

	for _, tc := range []struct {
		v    Variant
		roll bool
	}{{Variant{}, false}, {Variant{English: true}, true}} {
		e = gapEngine(t, prowler, foe, 3, true, tc.v)
		fails := 0
		for range 200 {
			jumpWalk(e, r, 3, 3)
			if e.elev(0) != 3 {
				fails++
			}
		}
		if (fails > 0) != tc.roll {
			t.Errorf("over 3 toises, english %v: %d of 200 jumps failed; want a roll %v", tc.v.English, fails, tc.roll)
		}
	}

	e = gapEngine(t, greedy, foe, 5.5, true, Variant{})
	jumpWalk(e, r, 5.5, 4)
	if c := &e.c[0]; c.pos.X > 6+5.5 {
		t.Errorf("over 5.5 toises (more than V and A 5): at %v, elevation %v; want no jump", c.pos, e.elev(0))
	}
}
