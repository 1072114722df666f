package field

import (
	"math"
	"testing"
)

// TestWaterEntry checks where a straight walk enters deep water (swimming is
// the only movement there: seed 000 line 736, seed 004 line 678): a pool at
// y 5-7 across a walk from (2, 2) toward (2, 12) is entered after 3 toises
// (the centre at y 5); a walk stopping short of it, or heading away, stays
// dry; one starting in the pool is wet from 0; a 2-toise stretch is leapt by
// Leap 2, not by Leap 1.
func TestWaterEntry(t *testing.T) {
	pool := Terrain{Kind: Water, Rect: Rect{X: 0, Y: 5, W: 15, H: 2}}
	f := &Field{Width: 15, Height: 15, Terrain: []Terrain{pool, {Kind: Loose, Rect: Rect{X: 0, Y: 3, W: 15, H: 1}}}}
	b := NewBase(Vec{2, 2}, 2)
	for _, tc := range []struct {
		name string
		from Vec
		to   Vec
		leap float64
		s    float64
		wet  bool
	}{
		{"across", Vec{2, 2}, Vec{2, 12}, 0, 3, true},
		{"short of it", Vec{2, 2}, Vec{2, 4.9}, 0, 0, false},
		{"away", Vec{2, 2}, Vec{2, 0}, 0, 0, false},
		{"from inside", Vec{2, 6}, Vec{2, 12}, 0, 0, true},
		{"leapt", Vec{2, 2}, Vec{2, 12}, 2, 0, false},
		{"too wide to leap", Vec{2, 2}, Vec{2, 12}, 1, 3, true},
		{"slanting", Vec{2, 2}, Vec{6, 5}, 0, 5, true},
	} {
		b.Pos = tc.from
		s, wet := f.WaterEntry(b, tc.to, tc.leap)
		if wet != tc.wet || math.Abs(s-tc.s) > 1e-9 {
			t.Errorf("%s: WaterEntry = %v, %v; want %v, %v", tc.name, s, wet, tc.s, tc.wet)
		}
	}
	if n := testing.AllocsPerRun(100, func() { f.WaterEntry(b, Vec{2, 12}, 0) }); n != 0 {
		t.Errorf("WaterEntry allocates %v times", n)
	}
}
