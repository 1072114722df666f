package field

import (
	"math"
	"testing"
)

// tower is a 3 x 3 toise block of scenery of the given height, corner (6, 6):
// a base of stature 3 (radius 0.5) fits on its top.
func tower(height float64) Terrain {
	return Terrain{Kind: Cover, Height: height, Rect: Rect{6, 6, 3, 3}}
}

func TestClimbableAndElevation(t *testing.T) {
	// Taller than 1.5 toises, scenery needs the climbing action (seed 000
	// line 730, seed 004 line 656); impassable terrain is never climbed.
	tests := []struct {
		name  string
		t     Terrain
		climb bool
		elev  float64 // at the piece's centre (7.5, 7.5)
	}{
		{"low wall stepped over", tower(1.5), false, 0},
		{"tall block", tower(2.5), true, 2.5},
		{"impassable rock", Terrain{Kind: Impassable, Height: 4, Rect: Rect{6, 6, 3, 3}}, false, 0},
		{"difficult ground", Terrain{Kind: Difficult, Height: 2, Rect: Rect{6, 6, 3, 3}}, false, 0},
	}
	for _, tt := range tests {
		if got := tt.t.Climbable(); got != tt.climb {
			t.Errorf("%s: Climbable = %v, want %v", tt.name, got, tt.climb)
		}
		f := Field{Width: KharnAgesSize, Height: KharnAgesSize, Terrain: []Terrain{tt.t}}
		if got := f.Elevation(Vec{7.5, 7.5}); got != tt.elev {
			t.Errorf("%s: Elevation on it = %v, want %v", tt.name, got, tt.elev)
		}
		if got := f.Elevation(Vec{2, 2}); got != 0 {
			t.Errorf("%s: Elevation off it = %v, want 0", tt.name, got)
		}
		if f.HasHeights() != tt.climb {
			t.Errorf("%s: HasHeights = %v, want %v", tt.name, f.HasHeights(), tt.climb)
		}
	}
}

func TestClimbToward(t *testing.T) {
	s3 := func(x, y float64) Base { return NewBase(Vec{x, y}, 3) }
	narrow := Terrain{Kind: Cover, Height: 2.5, Rect: Rect{0, 7, KharnAgesSize, 0.5}}
	tests := []struct {
		name     string
		terrain  []Terrain
		others   []Base
		from     Base
		toward   Vec
		ok       bool
		to       Vec
		up, down float64
	}{
		// At the foot of the block (its edge y = 6, the base's centre 0.5
		// below): up 2.5 toises onto the first spot where the base lies on the
		// top, its centre 0.5 inside the edge: 1 toise on the table.
		{"onto a block", []Terrain{tower(2.5)}, nil, s3(7.5, 5.5), Vec{7.5, 12}, true, Vec{7.5, 6.5}, 2.5, 0},
		// Its walk meets the block 2 toises on: the climb covers them too.
		{"onto a block from afar", []Terrain{tower(2.5)}, nil, s3(7.5, 3.5), Vec{7.5, 12}, true, Vec{7.5, 6.5}, 2.5, 0},
		// A wall half a toise thick holds no base: up, over and down, to the
		// first spot beyond it where the base fits (its centre 0.5 past y = 7.5).
		{"over a wall", []Terrain{narrow}, nil, s3(7.5, 6.5), Vec{7.5, 12}, true, Vec{7.5, 8}, 2.5, 2.5},
		// A Safar on the far side at the landing spot: the climb ends past it.
		{"over a wall, a base beyond", []Terrain{narrow}, []Base{s3(7.5, 8)}, s3(7.5, 6.5), Vec{7.5, 12}, true, Vec{7.5, 9}, 2.5, 2.5},
		// Down from the block's top: to the first spot off its edge (y = 9).
		{"down from a block", []Terrain{tower(2.5)}, nil, s3(7.5, 8), Vec{7.5, 14}, true, Vec{7.5, 9.5}, 0, 2.5},
		// Toward a point of the same top: a walk, not a climb.
		{"along the top", []Terrain{tower(2.5)}, nil, s3(7.5, 7), Vec{8, 8.5}, false, Vec{}, 0, 0},
		// Scenery stepped over, impassable terrain, open ground: no climb.
		{"low wall", []Terrain{wall(Cover, 1.5, 7, 0.5)}, nil, s3(7.5, 6.5), Vec{7.5, 12}, false, Vec{}, 0, 0},
		{"impassable", []Terrain{wall(Impassable, 4, 7, 0.5)}, nil, s3(7.5, 6.5), Vec{7.5, 12}, false, Vec{}, 0, 0},
		{"open ground", nil, nil, s3(7.5, 6.5), Vec{7.5, 12}, false, Vec{}, 0, 0},
		// A base in the way before the block: the walk meets it first.
		{"a base first", []Terrain{tower(2.5)}, []Base{s3(7.5, 4.5)}, s3(7.5, 3), Vec{7.5, 12}, false, Vec{}, 0, 0},
	}
	for _, tt := range tests {
		f := Field{Width: KharnAgesSize, Height: KharnAgesSize, Terrain: tt.terrain}
		c, ok := f.ClimbToward(tt.from, tt.toward, tt.others)
		if ok != tt.ok {
			t.Errorf("%s: ClimbToward ok = %v, want %v (%+v)", tt.name, ok, tt.ok, c)
			continue
		}
		if !ok {
			continue
		}
		if math.Abs(c.To.X-tt.to.X) > 1e-6 || math.Abs(c.To.Y-tt.to.Y) > 1e-6 || c.Up != tt.up || c.Down != tt.down {
			t.Errorf("%s: ClimbToward = %+v, want to %v, up %v, down %v", tt.name, c, tt.to, tt.up, tt.down)
		}
		if want := c.To.Dist(tt.from.Pos) + c.Up + c.Down; math.Abs(c.Length-want) > 1e-6 {
			t.Errorf("%s: Length = %v, want %v (the distance on the table, up and down)", tt.name, c.Length, want)
		}
	}
}

func TestWalkOnTop(t *testing.T) {
	// A walk on a block's top stops at its edge: it does not step into the
	// air (going down is a climb or a fall), and the block is no obstacle to
	// the Safar standing on it.
	f := Field{Width: KharnAgesSize, Height: KharnAgesSize, Terrain: []Terrain{tower(2.5)}}
	b := NewBase(Vec{7.5, 7.5}, 3)
	got := f.Walk(b, Vec{7.5, 14}, 6, nil)
	if math.Abs(got.Y-9) > 1e-5 || got.X != 7.5 || f.Elevation(got) != 2.5 {
		t.Errorf("Walk on the top = %v (elevation %v), want its edge (7.5, 9) at 2.5", got, f.Elevation(got))
	}
	if got := f.Walk(b, Vec{7.5, 8.5}, 6, nil); !nearVec(got, Vec{7.5, 8.5}) {
		t.Errorf("Walk across the top = %v, want (7.5, 8.5)", got)
	}
	// From the ground the block stops the walk at its foot, as before.
	if got := f.Walk(NewBase(Vec{7.5, 3}, 3), Vec{7.5, 14}, 6, nil); !nearVec(got, Vec{7.5, 5.5}) {
		t.Errorf("Walk from the ground = %v, want the foot (7.5, 5.5)", got)
	}
}

func TestRepelFall(t *testing.T) {
	f := Field{Width: KharnAgesSize, Height: KharnAgesSize, Terrain: []Terrain{tower(2.5)}}
	tests := []struct {
		name      string
		b         Base
		from      Vec
		dist      float64
		want      Vec
		fall      float64
		collision bool
	}{
		// Pushed 1 toise from the middle of the top: still on it.
		{"stays on top", NewBase(Vec{7.5, 7.5}, 3), Vec{7.5, 6.5}, 1, Vec{7.5, 8.5}, 0, false},
		// Pushed 2 toises from near the edge: over it, a fall of 2.5 toises,
		// landing at the end of the repel (7.5, 10.5), clear of the block.
		{"over the edge", NewBase(Vec{7.5, 8.5}, 3), Vec{7.5, 7.5}, 2, Vec{7.5, 10.5}, 2.5, false},
		// Pushed just over: the centre leaves the top but the base would
		// overlap the block: it lands at its foot (centre 0.5 past y = 9).
		{"just over", NewBase(Vec{7.5, 8.8}, 3), Vec{7.5, 7.5}, 0.4, Vec{7.5, 9.5}, 2.5, false},
		// On the ground, a repel into the block is a collision, as before.
		{"into it from the ground", NewBase(Vec{7.5, 4}, 3), Vec{7.5, 3}, 3, Vec{7.5, 5.5}, 0, true},
	}
	for _, tt := range tests {
		pos, col, _, fall := f.RepelFall(tt.b, tt.from, tt.dist, nil)
		if math.Abs(pos.X-tt.want.X) > 1e-6 || math.Abs(pos.Y-tt.want.Y) > 0.051 || fall != tt.fall || col != tt.collision {
			t.Errorf("%s: RepelFall = %v, %v, fall %v; want %v, %v, fall %v", tt.name, pos, col, fall, tt.want, tt.collision, tt.fall)
		}
	}
}

func TestLineOfSightFromAbove(t *testing.T) {
	// Statures 3 stand 2 toises tall (SafarHeight): a 3-toise wall between
	// two of them on the ground blocks their line; one of them on a 2.5-toise
	// block stands 4.5 toises tall and sees over it.
	wall3 := Terrain{Kind: Cover, Height: 3, Rect: Rect{0, 11, KharnAgesSize, 0.5}}
	f := Field{Width: KharnAgesSize, Height: KharnAgesSize, Terrain: []Terrain{tower(2.5), wall3}}
	low, high, far := NewBase(Vec{7.5, 5}, 3), NewBase(Vec{7.5, 7.5}, 3), NewBase(Vec{7.5, 13}, 3)
	if f.LineOfSight(low, far, nil) {
		t.Error("LineOfSight over a 3-toise wall from the ground = true, want false")
	}
	if !f.LineOfSight(high, far, nil) || !f.LineOfSight(far, high, nil) {
		t.Error("LineOfSight over a 3-toise wall from a 2.5-toise top = false, want true")
	}
}

func TestClimbNoAllocs(t *testing.T) {
	f := Field{Width: KharnAgesSize, Height: KharnAgesSize, Terrain: []Terrain{tower(2.5), wall(Cover, 2.5, 11, 0.5)}}
	others := []Base{NewBase(Vec{2, 2}, 3), NewBase(Vec{12, 12.5}, 4)}
	ground, top := NewBase(Vec{7.5, 5.5}, 3), NewBase(Vec{7.5, 8.5}, 3)
	allocs := testing.AllocsPerRun(100, func() {
		f.ClimbToward(ground, Vec{7.5, 14}, others)
		f.ClimbToward(top, Vec{7.5, 14}, others)
		f.RepelFall(top, Vec{7.5, 7.5}, 2, others)
		f.Walk(top, Vec{7.5, 14}, 6, others)
		f.Elevation(top.Pos)
	})
	if allocs != 0 {
		t.Errorf("%v allocations per call", allocs)
	}
}

func TestLineOfSightPastAboveSafar(t *testing.T) {
	// A stature-3 Safar (2 toises tall) on a 2.5-toise block stands 4.5 toises
	// high: it blocks the line between two stature-3 Safars on the ground on
	// either side of the block, which a stature-3 Safar on the ground would
	// not (TestLineOfSight, "stature-3 Safar in between").
	f := Field{Width: KharnAgesSize, Height: KharnAgesSize, Terrain: []Terrain{{Kind: Cover, Height: 2.5, Rect: Rect{6, 6, 3, 3}}}}
	a, b := NewBase(Vec{5, 7.5}, 3), NewBase(Vec{10, 7.5}, 3)
	// The block itself (2.5) is taller than them (2): it blocks alone.
	if f.LineOfSight(a, b, nil) {
		t.Fatal("LineOfSight through a 2.5-toise block = true, want false")
	}
	f.Terrain[0].Height = 1.75 // lower than them, still a top to stand on
	if !f.LineOfSight(a, b, nil) {
		t.Error("LineOfSight over a 1.75-toise block = false, want true")
	}
	if f.LineOfSight(a, b, []Base{NewBase(Vec{7.5, 7.5}, 3)}) {
		t.Error("LineOfSight past a Safar on a 1.75-toise block = true, want false")
	}
}

func TestCoverOnTop(t *testing.T) {
	// A stature-3 Safar standing on a 2.5-toise block (its centre on the
	// footprint) is not screened by the block under its feet, which would
	// give +3 to a target behind it (CoverStature(2.5) = 4); nor is a shot
	// from the top screened by it. A Safar at its foot, shot across it, is.
	f := Field{Width: KharnAgesSize, Height: KharnAgesSize, Terrain: []Terrain{tower(2.5)}}
	ground, top := NewBase(Vec{7.5, 2}, 3), NewBase(Vec{7.5, 8}, 3)
	if got := f.Cover(ground, top, nil, nil); got != 0 {
		t.Errorf("Cover of a Safar on the block from the ground = %d, want 0", got)
	}
	if got := f.Cover(top, ground, nil, nil); got != 0 {
		t.Errorf("Cover of a Safar on the ground from the block = %d, want 0", got)
	}
	if got := f.Cover(NewBase(Vec{7.5, 12}, 3), NewBase(Vec{7.5, 5.4}, 3), nil, nil); got != 3 {
		t.Errorf("Cover of a Safar at the block's foot, shot across it = %d, want 3", got)
	}
}
