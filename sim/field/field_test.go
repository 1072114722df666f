package field

import (
	"math"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

const tol = 1e-9

func near(a, b float64) bool { return math.Abs(a-b) <= tol }

func nearVec(a, b Vec) bool { return near(a.X, b.X) && near(a.Y, b.Y) }

func TestBaseRadius(t *testing.T) {
	// 40, 50, 60 and 80 mm bases (seed 000 line 126) by this toolkit's stature
	// assumption (also used by sim/fight.go); a toise is 4 cm (seed 000 line 142).
	want := []float64{0.5, 0.5, 0.5, 0.5, 0.625, 0.75, 1}
	for st, w := range want {
		if got := BaseRadius(st); got != w {
			t.Errorf("BaseRadius(%d) = %v, want %v", st, got, w)
		}
	}
}

func TestGapAndEngaged(t *testing.T) {
	tests := []struct {
		name       string
		sa, sb     int
		dist       float64 // between centres
		zocA, zocB float64
		gap        float64
		aReachesB  bool
		engaged    bool
	}{
		// Gap = distance - radii (BaseRadius); engaged when the gap is within a
		// ZOC of 0.5 toise (seed 000 "Orientation and zone of control").
		{"40mm pair in contact", 3, 3, 1, ZOC, ZOC, 0, true, true},
		{"40mm pair at half a toise", 2, 3, 1.5, ZOC, ZOC, 0.5, true, true},
		{"40mm pair beyond the ZOC", 3, 3, 1.6, ZOC, ZOC, 0.6, false, false},
		{"50mm and 80mm", 4, 6, 2, ZOC, ZOC, 0.375, true, true},
		{"60mm pair", 5, 5, 2.1, ZOC, ZOC, 0.6, false, false},
		{"80mm pair at half a toise", 6, 6, 2.5, ZOC, ZOC, 0.5, true, true},
		{"80mm and 40mm overlapping", 6, 0, 1.4, ZOC, ZOC, -0.1, true, true},
		// Reach 2 (the Khârn's spear, seed 000): a is engaged with b, "but not
		// the other way around".
		{"reach 2 one way", 3, 3, 2.5, 2, ZOC, 1.5, true, true},
		{"reach 2 the other way", 3, 3, 2.5, ZOC, 2, 1.5, false, true},
	}
	for _, tt := range tests {
		a := NewBase(Vec{1, 1}, tt.sa)
		b := NewBase(Vec{1 + tt.dist*0.6, 1 + tt.dist*0.8}, tt.sb)
		if g := Gap(a, b); !near(g, tt.gap) {
			t.Errorf("%s: Gap = %v, want %v", tt.name, g, tt.gap)
		}
		if r := Reaches(a, b, tt.zocA); r != tt.aReachesB {
			t.Errorf("%s: Reaches = %v, want %v", tt.name, r, tt.aReachesB)
		}
		if e := Engaged(a, b, tt.zocA, tt.zocB); e != tt.engaged || Engaged(b, a, tt.zocB, tt.zocA) != e {
			t.Errorf("%s: Engaged = %v, want %v (both orders)", tt.name, e, tt.engaged)
		}
	}
}

// wall is a rectangle across the 15-toise table between y and y+h.
func wall(kind Kind, height, y, h float64) Terrain {
	return Terrain{Kind: kind, Height: height, Rect: Rect{0, y, KharnAgesSize, h}}
}

func TestWalk(t *testing.T) {
	s3 := func(x, y float64) Base { return NewBase(Vec{x, y}, 3) }
	tests := []struct {
		name    string
		terrain []Terrain
		others  []Base
		from    Base
		toward  Vec
		dist    float64
		want    Vec
	}{
		{"open ground", nil, nil, s3(2, 2), Vec{2, 10}, 5, Vec{2, 7}},
		{"reaches the point first", nil, nil, s3(2, 2), Vec{2, 4}, 5, Vec{2, 4}},
		{"diagonal", nil, nil, s3(2, 2), Vec{8, 10}, 5, Vec{5, 6}},
		// Base contact: centres 0.5+0.5 apart.
		{"stopped by a base", nil, []Base{s3(9, 9), s3(2, 6)}, s3(2, 2), Vec{2, 10}, 5, Vec{2, 5}},
		{"stopped by an 80mm base", nil, []Base{NewBase(Vec{2, 6}, 6)}, s3(2, 2), Vec{2, 10}, 5, Vec{2, 4.5}},
		{"passes beside a base", nil, []Base{s3(3.01, 5)}, s3(2, 2), Vec{2, 10}, 5, Vec{2, 7}},
		{"moves away from an overlapping base", nil, []Base{s3(2, 1.5)}, s3(2, 2), Vec{2, 10}, 5, Vec{2, 7}},
		{"blocked toward an overlapping base", nil, []Base{s3(2, 2.5)}, s3(2, 2), Vec{2, 10}, 5, Vec{2, 2}},
		// Leaving the table is impossible (seed 000 line 476).
		{"stopped by the far edge", nil, nil, s3(2, 10), Vec{2, 30}, 20, Vec{2, 14.5}},
		{"stopped by the near edge", nil, nil, s3(2, 2), Vec{2, -5}, 5, Vec{2, 0.5}},
		{"stopped by a side edge", nil, nil, NewBase(Vec{10, 5}, 6), Vec{20, 5}, 10, Vec{14, 5}},
		{"impassable wall", []Terrain{wall(Impassable, 0, 5, 1)}, nil, s3(2, 2), Vec{2, 10}, 5, Vec{2, 4.5}},
		{"impassable circle", []Terrain{{Kind: Impassable, Circle: Circle{2, 6, 1}}}, nil, s3(2, 2), Vec{2, 10}, 5, Vec{2, 4.5}},
		// Touching the corner (5, 5): 0.5 toise from it along the diagonal.
		{"impassable corner", []Terrain{{Kind: Impassable, Rect: Rect{5, 5, 2, 2}}}, nil, s3(1, 1), Vec{10, 10},
			20, Vec{5 - 0.5/math.Sqrt2, 5 - 0.5/math.Sqrt2}},
		// Above 1.5 toises an obstacle needs climbing (seed 000 lines 721-732).
		{"tall cover stops", []Terrain{wall(Cover, 2, 5, 1)}, nil, s3(2, 2), Vec{2, 10}, 5, Vec{2, 4.5}},
		{"low cover stepped over", []Terrain{wall(Cover, 1.5, 5, 1)}, nil, s3(2, 2), Vec{2, 10}, 5, Vec{2, 7}},
		// Under the english option (Field.HalveDifficult) difficult terrain
		// divides movement by 2 (seed 000 line 655): 2 toises to y=4, then 3
		// toises of movement cover 1.5 inside.
		{"into difficult terrain", []Terrain{wall(Difficult, 0, 4, 4)}, nil, s3(2, 2), Vec{2, 14}, 5, Vec{2, 5.5}},
		// 1 toise, 1 toise of difficult terrain for 2, then 2 more.
		{"through difficult terrain", []Terrain{wall(Difficult, 0, 3, 1)}, nil, s3(2, 2), Vec{2, 14}, 5, Vec{2, 6}},
		{"overlapping difficult pieces count once", []Terrain{wall(Difficult, 0, 3, 1), {Kind: Difficult, Circle: Circle{2, 3.5, 0.5}}},
			nil, s3(2, 2), Vec{2, 14}, 5, Vec{2, 6}},
		{"starting in difficult terrain", []Terrain{wall(Difficult, 0, 0, 15)}, nil, s3(2, 2), Vec{2, 14}, 5, Vec{2, 4.5}},
		{"no movement", nil, nil, s3(2, 2), Vec{2, 14}, 0, Vec{2, 2}},
		{"NaN target", nil, nil, s3(2, 2), Vec{math.NaN(), 14}, 3, Vec{2, 2}},
	}
	for _, tt := range tests {
		f := Field{Width: KharnAgesSize, Height: KharnAgesSize, Terrain: tt.terrain, HalveDifficult: true}
		got := f.Walk(tt.from, tt.toward, tt.dist, tt.others)
		if !nearVec(got, tt.want) {
			t.Errorf("%s: Walk = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestWalkVelocityReduction checks the French reading of terrain (R-FR, seed 004
// lines 587-590): difficult terrain takes 2 off velocity, loose and slippery
// ground 1; a walk partly inside loses it in proportion to the part covered.
func TestWalkVelocityReduction(t *testing.T) {
	s3 := func(x, y float64) Base { return NewBase(Vec{x, y}, 3) }
	whole := func(k Kind) Terrain { return wall(k, 0, 0, 15) }
	tests := []struct {
		name    string
		terrain []Terrain
		dist    float64
		want    Vec
	}{
		// 2 toises to y=4, then 3 toises of budget at 5/3 each: 1.8 inside.
		{"into difficult terrain", []Terrain{wall(Difficult, 0, 4, 4)}, 5, Vec{2, 5.8}},
		{"inside difficult terrain: V-2", []Terrain{whole(Difficult)}, 5, Vec{2, 5}},
		{"V 2 inside difficult terrain: no move", []Terrain{whole(Difficult)}, 2, Vec{2, 2}},
		{"loose ground: V-1", []Terrain{whole(Loose)}, 5, Vec{2, 6}},
		{"slippery ground: V-1", []Terrain{whole(Slippery)}, 5, Vec{2, 6}},
		{"loose and difficult overlapping: the costliest", []Terrain{whole(Loose), whole(Difficult)}, 5, Vec{2, 5}},
	}
	for _, tt := range tests {
		f := Field{Width: KharnAgesSize, Height: KharnAgesSize, Terrain: tt.terrain}
		got := f.Walk(s3(2, 2), Vec{2, 14}, tt.dist, nil)
		if !nearVec(got, tt.want) {
			t.Errorf("%s: Walk = %v, want %v", tt.name, got, tt.want)
		}
	}
	f := Field{Width: KharnAgesSize, Height: KharnAgesSize, Terrain: []Terrain{{Kind: Slippery, Circle: Circle{5, 5, 1}}}}
	if !f.On(Vec{5.5, 5}, Slippery) || f.On(Vec{7, 5}, Slippery) || f.On(Vec{5, 5}, Loose) {
		t.Error("On: wrong answer for a slippery circle")
	}
}

func TestRepel(t *testing.T) {
	s3 := func(x, y float64) Base { return NewBase(Vec{x, y}, 3) }
	tests := []struct {
		name      string
		terrain   []Terrain
		others    []Base
		b         Base
		from      Vec
		dist      float64
		want      Vec
		collision bool
		hit       int
	}{
		// Collision rules: seed 000 line 892 (bases), line 476 (table edge).
		{"free", nil, nil, s3(5, 5), Vec{5, 4}, 3, Vec{5, 8}, false, HitNone},
		{"into a base", nil, []Base{s3(9, 9), s3(5, 7)}, s3(5, 5), Vec{5, 4}, 3, Vec{5, 6}, true, 1},
		{"into an edge", nil, nil, s3(5, 13.5), Vec{5, 12}, 3, Vec{5, 14.5}, true, HitObstacle},
		{"ends in contact with an edge", nil, nil, s3(5, 13.5), Vec{5, 12}, 1, Vec{5, 14.5}, false, HitNone},
		{"into impassable terrain", []Terrain{wall(Impassable, 0, 7, 1)}, nil, s3(5, 5), Vec{5, 4}, 3, Vec{5, 6.5}, true, HitObstacle},
		{"into tall scenery", []Terrain{wall(Cover, 2, 7, 1)}, nil, s3(5, 5), Vec{5, 4}, 3, Vec{5, 6.5}, true, HitObstacle},
		{"difficult terrain does not shorten it", []Terrain{wall(Difficult, 0, 5, 5)}, nil, s3(5, 5), Vec{5, 4}, 3, Vec{5, 8}, false, HitNone},
		{"no direction", nil, nil, s3(5, 5), Vec{5, 5}, 3, Vec{5, 5}, false, HitNone},
	}
	for _, tt := range tests {
		f := Field{Width: KharnAgesSize, Height: KharnAgesSize, Terrain: tt.terrain}
		got, col, hit := f.Repel(tt.b, tt.from, tt.dist, tt.others)
		if !nearVec(got, tt.want) || col != tt.collision || hit != tt.hit {
			t.Errorf("%s: Repel = %v, %v, %d; want %v, %v, %d", tt.name, got, col, hit, tt.want, tt.collision, tt.hit)
		}
	}
}

func TestLineOfSight(t *testing.T) {
	// Statures 3 stand 2 toises tall (SafarHeight); a piece or a Safar blocks
	// only when taller than both ends.
	a, b := NewBase(Vec{2, 2}, 3), NewBase(Vec{2, 12}, 3)
	tests := []struct {
		name    string
		terrain []Terrain
		others  []Base
		a, b    Base
		want    bool
	}{
		{"open ground", nil, nil, a, b, true},
		{"wall taller than both", []Terrain{wall(Cover, 2.5, 6, 1)}, nil, a, b, false},
		{"impassable rock taller than both", []Terrain{{Kind: Impassable, Height: 3, Circle: Circle{2, 7, 1}}}, nil, a, b, false},
		{"wall as tall as them", []Terrain{wall(Cover, 2, 6, 1)}, nil, a, b, true},
		{"tall Safar looks over", []Terrain{wall(Cover, 3, 6, 1)}, nil, NewBase(Vec{2, 2}, 6), b, true},
		{"tall wall beside the line", []Terrain{{Kind: Cover, Height: 5, Rect: Rect{3, 5, 2, 2}}}, nil, a, b, true},
		{"stature-6 Safar in between", nil, []Base{NewBase(Vec{2.5, 7}, 6)}, a, b, false},
		{"stature-3 Safar in between", nil, []Base{NewBase(Vec{2, 7}, 3)}, a, b, true},
		{"the ends themselves are skipped", nil, []Base{a, b}, a, b, true},
	}
	for _, tt := range tests {
		f := Field{Width: KharnAgesSize, Height: KharnAgesSize, Terrain: tt.terrain}
		if got := f.LineOfSight(tt.a, tt.b, tt.others); got != tt.want {
			t.Errorf("%s: LineOfSight = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestCoverStature(t *testing.T) {
	// The rows of the cover table, seed 004 lines 894-899, as read in sight.go.
	tests := []struct {
		height float64
		want   int
	}{
		{0, 0}, {0.5, 0}, // "couverts de moins de 1/2 toise": line 895; "more than 1/2 toise": seed 000 line 922
		{0.6, 1}, {1, 1}, // "1>" (<= 1): line 899
		{1.5, 2}, {1.9, 2}, // "≤1,5": line 898, and the gap up to 2 (assumed)
		{2, 3}, {2.4, 3}, // "≥2": line 897
		{2.5, 4},          // "≥2,5": line 896
		{3, 5},            // "€>" (>= 3): line 895
		{3.5, 6}, {10, 6}, // "<3,5" (>= 3.5): line 894
		{math.NaN(), 0},
	}
	for _, tt := range tests {
		if got := CoverStature(tt.height); got != tt.want {
			t.Errorf("CoverStature(%v) = %d, want %d", tt.height, got, tt.want)
		}
	}
}

func TestCoverBonus(t *testing.T) {
	// want[screen][target], target stature 0..6; seed 004 lines 894-899. Cells
	// marked * are blank or garbled in the OCR and assumed (sight.go).
	want := [7][7]int{
		0: {0, 0, 0, 0, 0, 0, 0}, // stature 0 screens give nothing: line 895
		1: {0, 3, 2, 1, 0, 0, 0}, // line 899
		2: {0, 3, 3, 2, 1, 0, 0}, // line 898; target 1*
		3: {0, 3, 3, 3, 2, 1, 0}, // line 897; targets 1-2*
		4: {0, 3, 3, 3, 3, 2, 1}, // line 896; targets 1-3* ("-", "+")
		5: {0, 3, 3, 3, 3, 3, 2}, // line 895; targets 1-4* ("_", "4")
		6: {0, 3, 3, 3, 3, 3, 3}, // line 894: all* (only "+3" at 6 follows the diagonal)
	}
	for s := range want {
		for tg := range want[s] {
			if got := CoverBonus(s, tg); got != want[s][tg] {
				t.Errorf("CoverBonus(%d, %d) = %d, want %d", s, tg, got, want[s][tg])
			}
		}
	}
}

func TestCover(t *testing.T) {
	shooter, target := NewBase(Vec{2, 2}, 3), NewBase(Vec{2, 10}, 3)
	tests := []struct {
		name    string
		terrain []Terrain
		others  []Base
		engaged []Base
		shooter Base
		target  Base
		want    int
	}{
		{"open ground", nil, nil, nil, shooter, target, 0},
		// A 1.5-toise wall is a stature-2 screen: +2 for stature 3.
		{"wall", []Terrain{wall(Cover, 1.5, 6, 0.5)}, nil, nil, shooter, target, 2},
		{"rubble counts by its height", []Terrain{wall(Difficult, 2, 6, 0.5)}, nil, nil, shooter, target, 3},
		{"the best piece", []Terrain{wall(Cover, 1, 5, 0.5), wall(Cover, 2.5, 7, 0.5)}, nil, nil, shooter, target, 3},
		{"half a toise is no cover", []Terrain{wall(Cover, 0.5, 6, 0.5)}, nil, nil, shooter, target, 0},
		{"wall beside the line", []Terrain{{Kind: Cover, Height: 2, Rect: Rect{3, 5, 2, 2}}}, nil, nil, shooter, target, 0},
		{"stature-0 target", []Terrain{wall(Cover, 3, 6, 0.5)}, nil, nil, shooter, NewBase(Vec{2, 10}, 0), 0},
		{"tall target", []Terrain{wall(Cover, 1, 6, 0.5)}, nil, nil, shooter, NewBase(Vec{2, 10}, 5), 0},
		// "If the cover is included in the shooter zone of control, then it is
		// ignored" (seed 000 line 924): the ZOC ends 1 toise from the centre.
		{"cover in the shooter's ZOC", []Terrain{wall(Cover, 1.5, 2.6, 0.3)}, nil, nil, shooter, target, 0},
		{"cover just beyond the shooter's ZOC", []Terrain{wall(Cover, 1.5, 2.6, 0.5)}, nil, nil, shooter, target, 2},
		{"cover in the target's ZOC counts", []Terrain{wall(Cover, 1.5, 9.2, 0.3)}, nil, nil, shooter, target, 2},
		// Every miniature obstructs (line 926): a stature-4 Safar screens +3.
		{"Safar in the way", nil, []Base{shooter, target, NewBase(Vec{2.3, 6}, 4)}, nil, shooter, target, 3},
		// A base in contact with the shooter's reaches past its ZOC: it counts.
		{"Safar in base contact", nil, []Base{NewBase(Vec{2, 3.125}, 4)}, nil, shooter, target, 3},
		{"small token in the shooter's ZOC", nil, []Base{{Pos: Vec{2, 2.75}, Radius: 0.2, Stature: 4}}, nil, shooter, target, 0},
		// Engaged target: compare with the tallest other Safar of the melee
		// (seed 000 lines 936-938).
		{"engaged with a stature 1", nil, nil, []Base{NewBase(Vec{3, 10}, 1)}, shooter, target, 1},
		{"engaged with statures 1 and 2", nil, nil, []Base{NewBase(Vec{3, 10}, 1), NewBase(Vec{1, 10}, 2)}, shooter, target, 2},
		{"engaged with a stature 5", nil, nil, []Base{NewBase(Vec{3, 10}, 5)}, shooter, target, 3},
		{"engaged with a stature 0", nil, nil, []Base{NewBase(Vec{3, 10}, 0)}, shooter, target, 0},
		{"engaged behind a better wall", []Terrain{wall(Cover, 2, 6, 0.5)}, nil, []Base{NewBase(Vec{3, 10}, 1)}, shooter, target, 3},
	}
	for _, tt := range tests {
		f := Field{Width: KharnAgesSize, Height: KharnAgesSize, Terrain: tt.terrain}
		if got := f.Cover(tt.shooter, tt.target, tt.others, tt.engaged); got != tt.want {
			t.Errorf("%s: Cover = %d, want %d", tt.name, got, tt.want)
		}
	}
}

func TestDeployment(t *testing.T) {
	// 3-toise strips along opposite edges (seed 004 line 467, R-FR; the English
	// rules' 2 toises, seed 000 line 544, are the variant english).
	tests := []struct {
		w, h   float64
		side   int
		lo, hi Vec
	}{
		{KharnAgesSize, KharnAgesSize, 0, Vec{0, 0}, Vec{15, 3}},
		{KharnAgesSize, KharnAgesSize, 1, Vec{0, 12}, Vec{15, 15}},
		{TactikSize, TactikSize, 1, Vec{0, 21}, Vec{24, 24}},
	}
	for _, tt := range tests {
		lo, hi := Deployment(tt.w, tt.h, tt.side)
		if lo != tt.lo || hi != tt.hi {
			t.Errorf("Deployment(%v, %v, %d) = %v, %v; want %v, %v", tt.w, tt.h, tt.side, lo, hi, tt.lo, tt.hi)
		}
	}
	defer func() {
		if r := recover(); r != "field: deployment side must be 0 or 1" {
			t.Errorf("side 2: recovered %v", r)
		}
	}()
	Deployment(15, 15, 2)
}

func TestKindString(t *testing.T) {
	for k, w := range map[Kind]string{Cover: "cover", Difficult: "difficult", Impassable: "impassable", 7: "Kind(7)"} {
		if k.String() != w {
			t.Errorf("%d: %q", k, k.String())
		}
	}
}

// ruins is a table with every kind of piece, for the allocation test and the
// benchmarks.
func ruins() (Field, []Base) {
	f := Field{Width: KharnAgesSize, Height: KharnAgesSize, Terrain: []Terrain{
		{Kind: Cover, Height: 1.5, Rect: Rect{3, 6, 3, 0.5}},
		{Kind: Cover, Height: 2.5, Rect: Rect{9, 8, 0.5, 3}},
		{Kind: Difficult, Height: 0.5, Circle: Circle{7.5, 7.5, 1.5}},
		{Kind: Difficult, Rect: Rect{1, 10, 3, 2}},
		{Kind: Impassable, Height: 4, Circle: Circle{12, 4, 1}},
	}}
	others := []Base{NewBase(Vec{4, 13}, 3), NewBase(Vec{8, 13}, 4), NewBase(Vec{11, 12}, 6), NewBase(Vec{5, 3}, 2)}
	return f, others
}

func TestNoAllocs(t *testing.T) {
	f, others := ruins()
	from, target := NewBase(Vec{7, 1}, 3), NewBase(Vec{8, 13}, 4)
	allocs := testing.AllocsPerRun(100, func() {
		f.Walk(from, Vec{7, 14}, 6, others)
		f.Repel(from, Vec{7, 0}, 3, others)
		f.LineOfSight(from, target, others)
		f.Cover(from, target, others, others[:1])
	})
	if allocs != 0 {
		t.Errorf("%v allocations per call", allocs)
	}
}

func BenchmarkWalk(b *testing.B) {
	f, others := ruins()
	from := NewBase(Vec{7, 1}, 3)
	b.ReportAllocs()
	for b.Loop() {
		f.Walk(from, Vec{7, 14}, 6, others)
	}
}

func BenchmarkCover(b *testing.B) {
	f, others := ruins()
	shooter, target := NewBase(Vec{7, 1}, 3), NewBase(Vec{8, 13}, 4)
	b.ReportAllocs()
	for b.Loop() {
		f.Cover(shooter, target, others, others[:1])
	}
}

func FuzzWalk(f *testing.F) {
	f.Add(2.0, 2.0, 2.0, 10.0, 5.0, 2.0, 6.0, uint8(3), uint8(3), 0.0, 5.0, 15.0, 1.0, uint8(2), false)
	f.Add(1.0, 1.0, 10.0, 10.0, 20.0, 9.0, 9.0, uint8(6), uint8(0), 5.0, 5.0, 2.0, 2.0, uint8(2), true)
	f.Add(7.0, 7.0, 7.0, 20.0, 9.0, 7.0, 9.0, uint8(1), uint8(5), 6.0, 8.0, 1.0, 1.0, uint8(1), false)
	f.Fuzz(func(t *testing.T, x, y, tx, ty, dist, ox, oy float64, st, ost uint8,
		px, py, pw, ph float64, kind uint8, circle bool) {
		for _, v := range []float64{x, y, tx, ty, dist, ox, oy, px, py, pw, ph} {
			if math.IsNaN(v) || math.Abs(v) > 1e4 {
				return
			}
		}
		piece := Terrain{Kind: Kind(kind % 3), Height: 2, Rect: Rect{px, py, math.Abs(pw), math.Abs(ph)}}
		if circle {
			piece.Circle = Circle{px, py, math.Abs(pw)}
		}
		fl := Field{Width: KharnAgesSize, Height: KharnAgesSize, Terrain: []Terrain{piece}}
		b := NewBase(Vec{x, y}, int(st%7))
		others := []Base{NewBase(Vec{ox, oy}, int(ost%7)), NewBase(Vec{7.5, 7.5}, 4)}
		fl.LineOfSight(b, others[0], others)
		fl.Cover(b, others[0], others, others[1:])
		if !fl.Fits(b, others) {
			fl.Walk(b, Vec{tx, ty}, dist, others)
			fl.Repel(b, Vec{tx, ty}, dist, others)
			return
		}
		for _, name := range []string{"Walk", "Repel"} {
			var end Vec
			if name == "Walk" {
				end = fl.Walk(b, Vec{tx, ty}, dist, others)
			} else {
				end, _, _ = fl.Repel(b, Vec{tx, ty}, dist, others)
			}
			moved := b
			moved.Pos = end
			if !fl.Fits(moved, others) {
				t.Errorf("%s from %v toward %v (%v toises) ends at %v: off the table or overlapping (gaps %v, %v; piece %+v at %v)",
					name, b.Pos, Vec{tx, ty}, dist, end, Gap(moved, others[0]), Gap(moved, others[1]), piece, piece.Dist(end))
			}
		}
	})
}

// TestFromScenarioGroundKinds checks that the loose and slippery ground of a
// scenario file (seed 000 lines 652-653, seed 004 lines 587-588) become terrain
// pieces of those kinds, and that an unknown kind is an error at its line.
func TestFromScenarioGroundKinds(t *testing.T) {
	s, err := profiles.ParseScenario("s.yaml", []byte("name: beach\nterrain:\n  - {kind: loose, rect: {x: 0, y: 6, w: 15, h: 2}}\n  - {kind: slippery, circle: {x: 4, y: 10, r: 1}}\n"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := FromScenario(s)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Terrain) != 2 || f.Terrain[0].Kind != Loose || f.Terrain[1].Kind != Slippery {
		t.Errorf("terrain %+v, want a loose rect and a slippery circle", f.Terrain)
	}
	if _, err := profiles.ParseScenario("s.yaml", []byte("name: x\nterrain:\n  - {kind: mud, rect: {x: 0, y: 6, w: 1, h: 1}}\n")); err == nil ||
		!strings.Contains(err.Error(), "s.yaml:3:") || !strings.Contains(err.Error(), "loose, slippery") {
		t.Errorf("unknown kind: error %v, want one at s.yaml:3 listing the kinds", err)
	}
}
