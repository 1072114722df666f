package field

import "testing"

// TestWalkFromContact checks that a base touching an obstacle, where a walk
// against it stops, may walk away from it and along it, and not into it
// (Terrain.contact). Before, exact contact read as a contact at 0 in every
// direction: a Safar that walked against the ruins' tall wall (x 7 to 7.5) or
// the collapsed tower never moved again, the main cause of the ruins' draws
// (docs/design-skirmish.md, "Stalemates on the ruins").
func TestWalkFromContact(t *testing.T) {
	wallPiece := Terrain{Kind: Cover, Height: 2.5, Rect: Rect{7, 3.5, 0.5, 2.5}}
	tower := Terrain{Kind: Impassable, Height: 4, Circle: Circle{12, 5, 1}}
	tests := []struct {
		name    string
		terrain Terrain
		from    Vec // a 0.5-toise base touching the piece
		toward  Vec
		want    Vec
	}{
		{"wall: along it", wallPiece, Vec{8, 4.1}, Vec{8, 14}, Vec{8, 7.1}},
		{"wall: away from it", wallPiece, Vec{8, 4.1}, Vec{14, 4.1}, Vec{11, 4.1}},
		{"wall: into it", wallPiece, Vec{8, 4.1}, Vec{2, 4.1}, Vec{8, 4.1}},
		{"tower: away from it", tower, Vec{13.5, 5}, Vec{14.5, 5}, Vec{14.5, 5}},
		{"tower: tangent to it", tower, Vec{13.5, 5}, Vec{13.5, 14}, Vec{13.5, 8}},
		{"tower: into it", tower, Vec{13.5, 5}, Vec{2, 5}, Vec{13.5, 5}},
	}
	for _, tt := range tests {
		f := Field{Width: KharnAgesSize, Height: KharnAgesSize, Terrain: []Terrain{tt.terrain}}
		if got := f.Walk(NewBase(tt.from, 3), tt.toward, 3, nil); !nearVec(got, tt.want) {
			t.Errorf("%s: Walk from %v toward %v = %v, want %v", tt.name, tt.from, tt.toward, got, tt.want)
		}
	}
}

// TestRouteWalk checks RouteWalk round the ruins' collapsed tower
// (impassable, a circle of radius 1 at (12, 5)): a 0.5-toise base touching it,
// its target straight behind it, goes round it (the octagon's vertices, clear
// of the tower by the base's radius) and after 2.5 toises' movement is nearer
// its target than it started, clear of the tower; it reaches the target
// within three such walks (straight on once nothing stops it); it allocates nothing. A walk nothing stops is
// not routed.
func TestRouteWalk(t *testing.T) {
	tower := Terrain{Kind: Impassable, Height: 4, Circle: Circle{12, 5, 1}}
	f := Field{Width: KharnAgesSize, Height: KharnAgesSize, Terrain: []Terrain{tower}}
	target := Vec{12, 8}
	b := NewBase(Vec{12, 3.5}, 3)
	if got := f.Walk(b, target, 2.5, nil); !nearVec(got, b.Pos) {
		t.Fatalf("straight walk into the tower moved to %v", got)
	}
	start := b.Pos.Dist(target)
	n := 0
	for ; n < 3 && !nearVec(b.Pos, target); n++ {
		p, ok := f.RouteWalk(b, target, 2.5, nil, 0)
		if !ok { // clear of it: straight on
			p = f.Walk(b, target, 2.5, nil)
		}
		if n == 0 && !ok {
			t.Fatalf("first walk from %v: no route", b.Pos)
		}
		if d := tower.Dist(p); d < b.Radius-Epsilon {
			t.Fatalf("walk %d ends at %v, %v from the tower: overlapping it", n+1, p, d)
		}
		if n == 0 && !(p.Dist(target) < start) {
			t.Errorf("first walk ends at %v, no nearer its target than %v", p, start)
		}
		b.Pos = p
	}
	if !nearVec(b.Pos, target) {
		t.Errorf("after 3 walks at %v, want %v", b.Pos, target)
	}
	if _, ok := f.RouteWalk(NewBase(Vec{3, 3}, 3), Vec{3, 10}, 2.5, nil, 0); ok {
		t.Errorf("a walk nothing stops was routed")
	}
	b.Pos = Vec{12, 3.5}
	if a := testing.AllocsPerRun(100, func() { f.RouteWalk(b, target, 2.5, nil, 0) }); a != 0 {
		t.Errorf("RouteWalk allocates %v times a walk, want 0", a)
	}
}
