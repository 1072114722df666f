package field

import "math"

// This file routes a walk round the piece of scenery that stops it. A walk is
// a straight line (Walk); a Safar whose straight line toward its target meets
// an obstacle (a tall wall, impassable ground) or slowing ground it cannot
// enter (difficult terrain takes 2 off velocity, seed 004 line 590: a Safar
// of velocity 2 "ne peut pas bouger" there, line 594) went round before only
// by sidesteps, straight walks a little off its line, which end nearer to the
// target only when the piece is small: behind the ruins' wall and on either
// side of their rubble Safars waited out the battle (docs/design-skirmish.md,
// "Stalemates on the ruins"). RouteWalk walks the shortest path round that
// piece instead: through the corners of its rectangle, or the vertices of an
// octagon round its circle, kept clear of it by the base's radius.

// routeMargin is how far, in toises, a route's waypoints stay beyond the
// clearance a base needs, so that a walk along a route never ends touching.
const routeMargin = 0.05

// routeNodes is the most nodes of a route's graph: the start, the eight
// vertices of an octagon and the end.
const routeNodes = 10

// RouteWalk returns where a base b stops walking dist toises toward the point
// toward along the shortest path round the first piece of terrain that stops
// its straight line (an obstacle it does not leap, or ground whose reduction
// leaves it no velocity), and whether there is such a piece and a path round
// it on the table. The walk follows the path's legs while its movement lasts
// (slowing ground costs as in Walk); it stops at bases of others as Walk does.
// A base standing on a top is not routed. RouteWalk does not allocate.
func (f *Field) RouteWalk(b Base, toward Vec, dist float64, others []Base, leap float64) (Vec, bool) {
	d := toward.Sub(b.Pos)
	l := d.Len()
	if !(dist > 0) || !(l > Epsilon) || math.IsInf(l, 0) || math.IsInf(dist, 0) || f.Platform(b.Pos) >= 0 {
		return b.Pos, false
	}
	k := f.blocker(b, d.Scale(1/l), l, dist, leap)
	if k < 0 {
		return b.Pos, false
	}
	t := &f.Terrain[k]
	var nodes [routeNodes]Vec
	n := 0
	nodes[n] = b.Pos
	n++
	g := routeMargin
	if t.Obstacle() {
		g += b.Radius
	}
	if t.IsCircle() {
		// An octagon whose sides touch the circle grown by g.
		c, rr := Vec{t.Circle.X, t.Circle.Y}, (t.Circle.R+g)/math.Cos(math.Pi/8)
		for m := range 8 {
			sin, cos := math.Sincos(math.Pi/8 + float64(m)*math.Pi/4)
			nodes[n] = c.Add(Vec{cos * rr, sin * rr})
			n++
		}
	} else {
		r := t.Rect
		for _, v := range [4]Vec{{r.X - g, r.Y - g}, {r.X + r.W + g, r.Y - g}, {r.X + r.W + g, r.Y + r.H + g}, {r.X - g, r.Y + r.H + g}} {
			nodes[n] = v
			n++
		}
	}
	nodes[n] = toward
	n++
	// Dijkstra over the nodes, an edge where the base goes straight from one
	// to the other clear of the terrain and of the table's edges.
	var cost [routeNodes]float64
	var prev [routeNodes]int
	var done [routeNodes]bool
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
		return f.routeAmong(b, toward, dist, others, leap, k) // round several pieces (routemany.go)
	}
	// The path's nodes, from the start: walk its legs in turn.
	var path [routeNodes]int
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

// blocker returns the index of the first piece of terrain that stops the
// straight walk of b along u (a unit vector) within l toises, for a walk of
// dist toises: an obstacle b meets, or slowing ground whose reduction leaves
// no velocity (with HalveDifficult difficult ground never does), the centre
// entering it; -1 for none, or when b's centre is inside such ground already
// (on its edge, where a walk into it stops, it may go round).
func (f *Field) blocker(b Base, u Vec, l, dist, leap float64) int {
	k, first := -1, l
	for i := range f.Terrain {
		t := &f.Terrain[i]
		s := math.Inf(1)
		switch red := reduction(t.Kind, f.HalveDifficult); {
		case t.Obstacle():
			if !leapsTerrain(t, leap) {
				s = t.contact(b.Pos, u, b.Radius)
			}
		case red >= dist && !b.SureFooted:
			tin, tout, ok := t.ray(b.Pos, u)
			if !ok || tout <= 0 || leapsStretch(t, tout-tin, leap) {
				continue
			}
			if tin < -Epsilon {
				return -1 // in it: no walk anywhere
			}
			s = max(tin, 0) // its centre on the edge, where a walk stopped
		}
		if s < first {
			k, first = i, s
		}
	}
	return k
}

// clear reports whether b goes straight from p to q without meeting an
// obstacle or a table edge, nor entering piece k's ground.
func (f *Field) clear(b Base, p, q Vec, k int, leap float64) bool {
	d := q.Sub(p)
	l := d.Len()
	if !(l > Epsilon) {
		return true
	}
	if q.X < b.Radius || q.Y < b.Radius || q.X > f.Width-b.Radius || q.Y > f.Height-b.Radius {
		return false
	}
	u := d.Scale(1 / l)
	b.Pos = p
	if s, _ := f.sweep(b, u, l, nil, leap); s < l-Epsilon {
		return false
	}
	t := &f.Terrain[k]
	if t.Obstacle() {
		return true
	}
	tin, tout, ok := t.ray(p, u)
	return !ok || tout <= Epsilon || tin >= l-Epsilon || tout-tin <= Epsilon
}
