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
// vertices of an octagon round each of two pieces and the end.
const routeNodes = 2 + 2*8

// RouteWalk returns where a base b stops walking dist toises toward the point
// toward along the shortest path round the first piece of terrain that stops
// its straight line (an obstacle it does not leap, or ground whose reduction
// leaves it no velocity), and whether there is such a piece and a path round
// it on the table. When a second piece stops every way round the first (a
// piece beside it, or one on the leg beyond it), the path goes round both:
// the piece that stops the straight line from the node the search reached
// nearest the end. The walk follows the path's legs while its movement lasts
// (slowing ground costs as in Walk); it stops at bases of others as Walk does.
// A base standing on a top is not routed. RouteWalk does not allocate.
func (f *Field) RouteWalk(b Base, toward Vec, dist float64, others []Base, leap float64) (Vec, bool) {
	p, _, ok := f.route(b, toward, dist, others, leap, false)
	return p, ok
}

// RouteDry is RouteWalk with deep water (Water) read as a piece that stops
// the walk: the shortest dry way round the water that the straight line to
// toward enters (and round one more piece, as RouteWalk). It returns where b
// stops walking dist toises along it, the way's whole length to toward, and
// whether the straight line enters water and a dry way exists. It does not
// allocate.
func (f *Field) RouteDry(b Base, toward Vec, dist float64, others []Base, leap float64) (Vec, float64, bool) {
	return f.route(b, toward, dist, others, leap, true)
}

// route is RouteWalk and RouteDry (dry: water stops the walk); it also
// returns the length of the path found.
func (f *Field) route(b Base, toward Vec, dist float64, others []Base, leap float64, dry bool) (Vec, float64, bool) {
	d := toward.Sub(b.Pos)
	l := d.Len()
	if !(dist > 0) || !(l > Epsilon) || math.IsInf(l, 0) || math.IsInf(dist, 0) || f.Platform(b.Pos) >= 0 {
		return b.Pos, 0, false
	}
	k := f.blocker(b, d.Scale(1/l), l, dist, leap, dry)
	if k < 0 {
		return b.Pos, 0, false
	}
	var nodes [routeNodes]Vec
	var cost [routeNodes]float64
	var prev [routeNodes]int
	pieces := [2]int{k, -1}
	n := 0
	for np := 1; np <= 2; np++ {
		n = 0
		nodes[n] = b.Pos
		n++
		for _, q := range pieces[:np] {
			n = f.corners(&nodes, n, q, b.Radius)
		}
		nodes[n] = toward
		n++
		f.shortest(b, nodes[:n], cost[:n], prev[:n], dist, leap, dry)
		if prev[n-1] >= 0 || np == 2 {
			break
		}
		// No way round the first piece: round, as well, the piece other than
		// it that stops the straight line to the end from a node reached,
		// the one nearest the end by its path first.
		k2, best := -1, math.Inf(1)
		for m := range n - 1 {
			if math.IsInf(cost[m], 1) || cost[m]+nodes[m].Dist(toward) >= best {
				continue
			}
			from := b
			from.Pos = nodes[m]
			e := toward.Sub(from.Pos)
			el := e.Len()
			if !(el > Epsilon) {
				continue
			}
			if q := f.blockerBut(from, e.Scale(1/el), el, dist, leap, dry, k); q >= 0 {
				k2, best = q, cost[m]+nodes[m].Dist(toward)
			}
		}
		if k2 < 0 {
			break
		}
		pieces[1] = k2
	}
	if prev[n-1] < 0 {
		return b.Pos, 0, false
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
	return pos, cost[n-1], true
}

// corners adds to nodes, from index n, the waypoints round piece k for a base
// of radius rho: the corners of its rectangle or the vertices of an octagon
// whose sides touch its circle, grown by routeMargin (and rho for an
// obstacle, whose edge the base's edge must not cross; ground is entered by
// the centre). It returns the new count.
func (f *Field) corners(nodes *[routeNodes]Vec, n, k int, rho float64) int {
	t := &f.Terrain[k]
	g := routeMargin
	if t.Obstacle() {
		g += rho
	}
	if t.IsCircle() {
		c, rr := Vec{t.Circle.X, t.Circle.Y}, (t.Circle.R+g)/math.Cos(math.Pi/8)
		for m := range 8 {
			sin, cos := math.Sincos(math.Pi/8 + float64(m)*math.Pi/4)
			nodes[n] = c.Add(Vec{cos * rr, sin * rr})
			n++
		}
		return n
	}
	r := t.Rect
	for _, v := range [4]Vec{{r.X - g, r.Y - g}, {r.X + r.W + g, r.Y - g}, {r.X + r.W + g, r.Y + r.H + g}, {r.X - g, r.Y + r.H + g}} {
		nodes[n] = v
		n++
	}
	return n
}

// shortest fills cost and prev with the shortest paths from nodes[0] (a
// Dijkstra over the nodes, an edge where the base goes straight from one to
// the other clear of obstacles, of ground that stops it and of the table's
// edges: clear); prev[m] < 0 where node m is not reached.
func (f *Field) shortest(b Base, nodes []Vec, cost []float64, prev []int, dist, leap float64, dry bool) {
	n := len(nodes)
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
			if cost[a]+w < cost[m] && f.clear(b, nodes[a], nodes[m], dist, leap, dry) {
				cost[m], prev[m] = cost[a]+w, a
			}
		}
	}
}

// stops reports whether ground piece t stops a walk of dist toises of base b
// (its centre entering it): ground whose reduction leaves no velocity
// (R-FR; with HalveDifficult difficult ground never does), not for a
// SureFooted base; with dry, deep water as well.
func (f *Field) stops(t *Terrain, b Base, dist float64, dry bool) bool {
	if dry && t.Kind == Water {
		return true
	}
	red := reduction(t.Kind, f.HalveDifficult)
	return !t.Obstacle() && red >= dist && !b.SureFooted
}

// blocker returns the index of the first piece of terrain that stops the
// straight walk of b along u (a unit vector) within l toises, for a walk of
// dist toises: an obstacle b meets, or ground that stops it (stops), the
// centre entering it; -1 for none, or when b's centre is inside such ground
// already (on its edge, where a walk into it stops, it may go round).
func (f *Field) blocker(b Base, u Vec, l, dist, leap float64, dry bool) int {
	return f.blockerBut(b, u, l, dist, leap, dry, -1)
}

// blockerBut is blocker with piece skip left out.
func (f *Field) blockerBut(b Base, u Vec, l, dist, leap float64, dry bool, skip int) int {
	k, first := -1, l
	for i := range f.Terrain {
		if i == skip {
			continue
		}
		t := &f.Terrain[i]
		s := math.Inf(1)
		switch {
		case t.Obstacle():
			if !leapsTerrain(t, leap) {
				s = t.contact(b.Pos, u, b.Radius)
			}
		case f.stops(t, b, dist, dry):
			tin, tout, ok := t.ray(b.Pos, u)
			if !ok || tout <= 0 || tin > l || leapsStretch(t, tout-tin, leap) {
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
// obstacle or a table edge, nor entering ground that stops it (stops).
func (f *Field) clear(b Base, p, q Vec, dist, leap float64, dry bool) bool {
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
	for i := range f.Terrain {
		t := &f.Terrain[i]
		if !f.stops(t, b, dist, dry) {
			continue
		}
		tin, tout, ok := t.ray(p, u)
		if ok && tout > Epsilon && tin < l-Epsilon && tout-tin > Epsilon && !leapsStretch(t, tout-tin, leap) {
			return false
		}
	}
	return true
}
