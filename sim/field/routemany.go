package field

import "math"

// This file routes a walk round several pieces of scenery. RouteWalk's graph
// holds the corners of the first piece that stops the straight line only; where
// a second piece stands between those corners and the target, no path was
// found and the walk stood still. On the watchtower turned half round (the far
// edge taken by the side with the initiative, sim/edge.go) the curtain wall
// stands 1.5 toises from the tower's corner: a Safar by the tower walking to an
// enemy behind the wall, and the enemy walking back, each found no path round
// the one piece and the battle stalled to the round limit
// (docs/design-skirmish.md, "Stalemates on the far edge"). routeAmong, tried
// only when the one-piece graph has no path, walks the shortest path through
// the corners of every piece that stops walks.

// routeManyNodes is the most nodes of routeAmong's graph: the start, the end
// and the corners of up to twelve octagons or twenty-four rectangles; pieces
// beyond are left out of the graph (their corners are not offered, the legs
// still go clear of them).
const routeManyNodes = 2 + 96

// routeAmong returns where b stops walking dist toises toward toward along the
// shortest path through the start, the end and the corners of every obstacle b
// does not leap and of piece k (the ground that stopped the straight line,
// routed as RouteWalk does), each kept clear of its piece by the base's radius
// for an obstacle, and whether there is such a path. It does not allocate.
func (f *Field) routeAmong(b Base, toward Vec, dist float64, others []Base, leap float64, k int) (Vec, bool) {
	var nodes [routeManyNodes]Vec
	n := 0
	nodes[n] = b.Pos
	n++
	for i := range f.Terrain {
		t := &f.Terrain[i]
		if i != k && (!t.Obstacle() || leapsTerrain(t, leap)) {
			continue
		}
		g := routeMargin
		if t.Obstacle() {
			g += b.Radius
		}
		if t.IsCircle() {
			if n+8 > len(nodes)-1 {
				break
			}
			c, rr := Vec{t.Circle.X, t.Circle.Y}, (t.Circle.R+g)/math.Cos(math.Pi/8)
			for m := range 8 {
				sin, cos := math.Sincos(math.Pi/8 + float64(m)*math.Pi/4)
				nodes[n] = c.Add(Vec{cos * rr, sin * rr})
				n++
			}
			continue
		}
		if n+4 > len(nodes)-1 {
			break
		}
		r := t.Rect
		for _, v := range [4]Vec{{r.X - g, r.Y - g}, {r.X + r.W + g, r.Y - g}, {r.X + r.W + g, r.Y + r.H + g}, {r.X - g, r.Y + r.H + g}} {
			nodes[n] = v
			n++
		}
	}
	nodes[n] = toward
	n++
	var cost [routeManyNodes]float64
	var prev [routeManyNodes]int
	var done [routeManyNodes]bool
	for m := range n {
		cost[m], prev[m] = math.Inf(1), -1
	}
	cost[0] = 0
	for {
		a := -1
		for m := range n {
			if !done[m] && !math.IsInf(cost[m], 1) && (a < 0 || cost[m] < cost[a]) {
				a = m
			}
		}
		if a < 0 || a == n-1 {
			break
		}
		done[a] = true
		for m := range n {
			if done[m] || m == a {
				continue
			}
			w := nodes[a].Dist(nodes[m])
			if cost[a]+w < cost[m] && f.clear(b, nodes[a], nodes[m], k, leap) {
				cost[m], prev[m] = cost[a]+w, a
			}
		}
	}
	if prev[n-1] < 0 {
		return b.Pos, false
	}
	var path [routeManyNodes]int
	np := 0
	for m := n - 1; m > 0; m = prev[m] {
		path[np] = m
		np++
	}
	pos, budget := b.Pos, dist
	for q := np - 1; q >= 0 && budget > Epsilon; q-- {
		to := nodes[path[q]]
		leg := b
		leg.Pos = pos
		next, left := f.walkBudget(leg, to, dist, budget, others, leap)
		pos, budget = next, left
		if next != to {
			break
		}
	}
	return pos, true
}
