package field

import (
	"math"
	"testing"
)

// TestRouteTwoPieces: a tall wall from the table's left edge to x 8 and a
// second one from x 8.2 to 12.2, both at y 7 to 7.5 (2.5 toises high: walks
// do not step over them, seed 000 lines 721-723), a 0.2-toise gap between
// them that no base fits through. A stature-3 Safar (a 1-toise base) at
// (7, 5) walks toward (7, 10). Its straight line meets the first wall; there
// is no way round that wall alone (its left end is the table's edge, the way
// past its right end runs into the second wall), so the route goes round the
// second wall's right end as well: at most 2 * (12.2 + 0.55 - 7) + 4 toises
// long. Before, RouteWalk went round the first piece only and found no route.
func TestRouteTwoPieces(t *testing.T) {
	f := Field{Width: KharnAgesSize, Height: KharnAgesSize, Terrain: []Terrain{
		{Kind: Cover, Height: 2.5, Rect: Rect{X: 0, Y: 7, W: 8, H: 0.5}},
		{Kind: Cover, Height: 2.5, Rect: Rect{X: 8.2, Y: 7, W: 4, H: 0.5}},
	}}
	b := NewBase(Vec{7, 5}, 3)
	target := Vec{7, 10}
	p, ok := f.RouteWalk(b, target, 3, nil, 0)
	if !ok || !(p.X > b.Pos.X) {
		t.Fatalf("RouteWalk = %v, %v: want a route toward the second wall's right end", p, ok)
	}
	_, length, ok := f.route(b, target, 3, nil, 0, false)
	if want := 2*(12.2+0.55-7) + 4; !ok || length > want {
		t.Errorf("route length %.2f (found %v), want at most %.2f", length, ok, want)
	}
	// Walked to the end, 3 toises at a time, it gets there without ever
	// overlapping a wall.
	n := 0
	for ; n < 10 && !nearVec(b.Pos, target); n++ {
		q, ok := f.RouteWalk(b, target, 3, nil, 0)
		if !ok {
			q = f.Walk(b, target, 3, nil)
		}
		for k := range f.Terrain {
			if d := f.Terrain[k].Dist(q); d < b.Radius-Epsilon {
				t.Fatalf("walk %d ends at %v, %.3f from wall %d: overlapping it", n+1, q, d, k)
			}
		}
		b.Pos = q
	}
	if !nearVec(b.Pos, target) {
		t.Errorf("after %d walks at %v, want %v", n, b.Pos, target)
	}
	b.Pos = Vec{7, 5}
	if a := testing.AllocsPerRun(100, func() { f.RouteWalk(b, target, 3, nil, 0) }); a != 0 {
		t.Errorf("RouteWalk round two pieces allocates %v times a walk, want 0", a)
	}
}

// TestRouteDry: a pool of deep water (x 4 to 11, y 6 to 9) between a base at
// (7.5, 4) and the point (7.5, 11). RouteWalk does not route (water stops no
// walk: a Safar swims, seed 000 lines 734-736); RouteDry goes round the
// pool's corner, 2 * hypot(3.55, 1.95) + 3.1 toises (the corners grown by
// routeMargin only: a Safar is in water when its centre is, sim/water.go),
// and no walk along it ends in the water.
func TestRouteDry(t *testing.T) {
	f := Field{Width: KharnAgesSize, Height: KharnAgesSize, Terrain: []Terrain{
		{Kind: Water, Rect: Rect{X: 4, Y: 6, W: 7, H: 3}},
	}}
	b := NewBase(Vec{7.5, 4}, 3)
	target := Vec{7.5, 11}
	if _, ok := f.RouteWalk(b, target, 3, nil, 0); ok {
		t.Errorf("RouteWalk routed round water")
	}
	p, length, ok := f.RouteDry(b, target, 3, nil, 0)
	want := 2*math.Hypot(3.55, 1.95) + 3.1
	if !ok || math.Abs(length-want) > 1e-9 {
		t.Fatalf("RouteDry = %v, %.4f, %v; want a dry way of %.4f", p, length, ok, want)
	}
	for n := 0; n < 10 && !nearVec(b.Pos, target); n++ {
		q, _, ok := f.RouteDry(b, target, 3, nil, 0)
		if !ok {
			q = f.Walk(b, target, 3, nil)
		}
		if f.On(q, Water) {
			t.Fatalf("dry walk %d from %v ends in the water at %v", n+1, b.Pos, q)
		}
		b.Pos = q
	}
	if !nearVec(b.Pos, target) {
		t.Errorf("dry walks end at %v, want %v", b.Pos, target)
	}
	b.Pos = Vec{7.5, 4}
	if a := testing.AllocsPerRun(100, func() { f.RouteDry(b, target, 3, nil, 0) }); a != 0 {
		t.Errorf("RouteDry allocates %v times a walk, want 0", a)
	}
}
