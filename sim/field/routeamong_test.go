package field

import "testing"

// TestRouteAmong: the watchtower turned half round (sim/edge.go), the position
// a drawn battle stalled in (kharn skirmish fangs-300 black-guild-300
// --scenario watchtower --seed 1 --trials 1 --trace, rounds 5-20): a greedy by
// the tower's corner walking to the executioner behind the curtain wall, and
// back. The tower's corners lead only into the wall, so a RouteWalk round one piece found no
// path and neither moved. The path goes between the tower and the wall.
func TestRouteAmong(t *testing.T) {
	tower := Terrain{Kind: Cover, Height: 2.5, Rect: Rect{X: 6, Y: 6, W: 3, H: 3}}
	wall := Terrain{Kind: Cover, Height: 2, Rect: Rect{X: 1.5, Y: 9.5, W: 3, H: 0.5}}
	f := Field{Width: KharnAgesSize, Height: KharnAgesSize, Terrain: []Terrain{tower, wall}}
	for _, c := range []struct {
		name     string
		from, to Vec
	}{
		{"greedy to the executioner", Vec{6.0, 5.5}, Vec{3.5, 10.6}},
		{"executioner to the greedy", Vec{3.5, 10.6}, Vec{6.0, 5.5}},
	} {
		b := NewBase(c.from, 3)
		if got := f.Walk(b, c.to, 4, nil); got.Dist(c.to) < c.from.Dist(c.to)-1 {
			t.Fatalf("%s: the straight walk reaches %v, not stopped", c.name, got)
		}
		start := b.Pos.Dist(c.to)
		n := 0
		for ; n < 4 && b.Pos.Dist(c.to) > 2*b.Radius+0.1; n++ {
			p, ok := f.RouteWalk(b, c.to, 4, nil, 0)
			if !ok {
				p = f.Walk(b, c.to, 4, nil)
			}
			if n == 0 && (!ok || !(p.Dist(c.to) < start-1)) {
				t.Fatalf("%s: first walk from %v: routed %v, ends at %v (%.2f from the target, %.2f before)", c.name, b.Pos, ok, p, p.Dist(c.to), start)
			}
			for _, piece := range f.Terrain {
				if d := piece.Dist(p); d < b.Radius-Epsilon {
					t.Fatalf("%s: walk %d ends at %v, %v from %v: overlapping it", c.name, n+1, p, d, piece.Rect)
				}
			}
			b.Pos = p
		}
		if d := b.Pos.Dist(c.to); d > 2*b.Radius+0.1 {
			t.Errorf("%s: after %d walks of 4 toises at %v, %.2f from the target", c.name, n, b.Pos, d)
		}
		b.Pos = c.from
		if a := testing.AllocsPerRun(50, func() { f.RouteWalk(b, c.to, 4, nil, 0) }); a != 0 {
			t.Errorf("%s: RouteWalk allocates %v times a walk, want 0", c.name, a)
		}
	}
}
