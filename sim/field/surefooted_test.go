package field

import (
	"math"
	"testing"
)

// TestWalkSureFooted: a SureFooted base (Bulky, skills.md #41: "loose,
// slippery and difficult ground do not slow it") walks its full distance
// across ground that shortens a plain walk: difficult ground takes 2 off
// velocity (R-FR, seed 004 line 590) or halves the walk (English, seed 000
// line 655), loose and slippery ground take 1 (seed 004 lines 587-588).
// Obstacles still stop it.
func TestWalkSureFooted(t *testing.T) {
	for _, tc := range []struct {
		kind   Kind
		halve  bool
		plainY float64 // where a plain base stops walking 6 toises from y=2
	}{
		{Difficult, false, 6},   // inside from the start: 6-2 = 4 toises
		{Difficult, true, 5},    // halved: 3 toises
		{Loose, false, 7},       // 6-1 = 5
		{Slippery, false, 7},    // 6-1 = 5
		{Impassable, false, -1}, // stops at the obstacle either way
	} {
		f := Field{Width: 15, Height: 15, HalveDifficult: tc.halve,
			Terrain: []Terrain{{Kind: tc.kind, Rect: Rect{0, 0, 15, 15}}}}
		if tc.kind == Impassable {
			f.Terrain = []Terrain{wall(Impassable, 0, 5, 1)}
		}
		for _, sure := range []bool{false, true} {
			b := NewBase(Vec{X: 7.5, Y: 2}, 3)
			b.SureFooted = sure
			got := f.Walk(b, Vec{X: 7.5, Y: 14}, 6, nil)
			want := tc.plainY
			switch {
			case tc.kind == Impassable:
				want = 5 - b.Radius
			case sure:
				want = 8
			}
			if math.Abs(got.Y-want) > 1e-9 {
				t.Errorf("%v ground (halve %v), sure-footed %v: walk of 6 from y=2 stops at y=%.3f, want %.3f", tc.kind, tc.halve, sure, got.Y, want)
			}
		}
	}
}
