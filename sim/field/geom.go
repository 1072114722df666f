package field

import "math"

// Vec is a point or a displacement on the table, in toises; X runs along the
// deployment edges and Y from one deployment edge to the other.
type Vec struct{ X, Y float64 }

// Add returns v+w.
func (v Vec) Add(w Vec) Vec { return Vec{v.X + w.X, v.Y + w.Y} }

// Sub returns v-w.
func (v Vec) Sub(w Vec) Vec { return Vec{v.X - w.X, v.Y - w.Y} }

// Scale returns k*v.
func (v Vec) Scale(k float64) Vec { return Vec{k * v.X, k * v.Y} }

// Dot returns the dot product of v and w.
func (v Vec) Dot(w Vec) float64 { return v.X*w.X + v.Y*w.Y }

// Len returns the length of v.
func (v Vec) Len() float64 { return math.Hypot(v.X, v.Y) }

// Dist returns the distance between the points v and w.
func (v Vec) Dist(w Vec) float64 { return v.Sub(w).Len() }

// finite reports whether both coordinates of v are finite numbers.
func (v Vec) finite() bool {
	return !math.IsNaN(v.X) && !math.IsNaN(v.Y) && !math.IsInf(v.X, 0) && !math.IsInf(v.Y, 0)
}

// slab returns the parameters t where p+u*t lies in [lo, hi] along one axis.
func slab(p, u, lo, hi float64) (t0, t1 float64, ok bool) {
	if u == 0 {
		if p < lo || p > hi {
			return 0, 0, false
		}
		return math.Inf(-1), math.Inf(1), true
	}
	t0, t1 = (lo-p)/u, (hi-p)/u
	if t0 > t1 {
		t0, t1 = t1, t0
	}
	return t0, t1, true
}

// rayBox returns the parameters t where p+u*t lies in the box [x0, x1]x[y0, y1].
func rayBox(p, u Vec, x0, y0, x1, y1 float64) (tin, tout float64, ok bool) {
	ax, bx, okx := slab(p.X, u.X, x0, x1)
	ay, by, oky := slab(p.Y, u.Y, y0, y1)
	if !okx || !oky {
		return 0, 0, false
	}
	tin, tout = max(ax, ay), min(bx, by)
	return tin, tout, tin <= tout
}

// rayCircle returns the parameters t where p+u*t lies in the disc of centre c and
// radius r; u must be a unit vector.
func rayCircle(p, u, c Vec, r float64) (tin, tout float64, ok bool) {
	d := p.Sub(c)
	b := u.Dot(d)
	disc := b*b - (d.Dot(d) - r*r)
	if disc < 0 {
		return 0, 0, false
	}
	s := math.Sqrt(disc)
	return -b - s, -b + s, true
}

// first folds the interval [tin, tout] of one convex part into the first contact
// time best: parts already behind are skipped and a part the point is already in
// gives 0.
func first(best, tin, tout float64, ok bool) float64 {
	if !ok || tout < 0 {
		return best
	}
	return min(best, max(tin, 0))
}
