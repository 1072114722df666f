package field

import "math"

// Heights: climbing, standing on top, falling (seed 000 lines 721-732 and
// 754-774; seed 004 lines 648-656 and 692-713).
//
//   - Scenery (kind Cover) no higher than StepOverHeight is stepped over by
//     a walk, not slowed ("If the obstacle does not exceed 1.5 toises, the
//     Safar is not slowed down", seed 000 line 723, seed 004 line 649).
//   - Taller scenery is climbable (Terrain.Climbable): a walk stops at its
//     foot and only the climbing action goes up it ("mandatory as soon as an
//     obstacle is more than 1.5 toise high", seed 000 line 730). Impassable
//     terrain is never climbed.
//   - A climbable piece is a platform: a Safar whose base centre lies on its
//     footprint stands on top of it, at its height (Platform, Elevation). A
//     ground base never has its centre there (the piece is an obstacle to it),
//     so a position says where a Safar stands. Its walks stay on the top
//     (they stop where the centre would leave it: sweep), other pieces are
//     obstacles as on the ground, and a repel may push it over the edge
//     (RepelFall): it falls.
//   - ClimbToward is the geometry of one climb along a straight line: onto the
//     top when a base fits there, over a piece too narrow to stand on (up and
//     down), or down from a platform.
//
// What this package does not read: slopes (every piece is a vertical-sided
// block), pieces stacked on pieces (the tallest under a point counts) and a
// piece's top shared with a touching piece of the same height (a walk stays on
// the piece it stands on).

// edgeHair is how far inside a platform's edge a walk on top stops, so that
// its centre stays on the footprint.
const edgeHair = 1e-6

// climbStep is the step, in toises, by which ClimbToward looks along its line
// for a spot where the base fits.
const climbStep = 0.05

// Climbable reports whether t is scenery only the climbing action crosses:
// kind Cover taller than StepOverHeight (seed 000 line 730).
func (t *Terrain) Climbable() bool { return t.Kind == Cover && t.Height > StepOverHeight }

// HasHeights reports whether f has a climbable piece.
func (f *Field) HasHeights() bool {
	for i := range f.Terrain {
		if f.Terrain[i].Climbable() {
			return true
		}
	}
	return false
}

// Platform returns the index in f.Terrain of the tallest climbable piece whose
// footprint holds p (a Safar whose centre is at p stands on top of it), or -1
// on the ground. It does not allocate.
func (f *Field) Platform(p Vec) int {
	k, h := -1, 0.0
	for i := range f.Terrain {
		if t := &f.Terrain[i]; t.Climbable() && t.Height > h && t.Dist(p) == 0 {
			k, h = i, t.Height
		}
	}
	return k
}

// Elevation returns the height in toises at which a Safar whose centre is at p
// stands: the height of its Platform, 0 on the ground.
func (f *Field) Elevation(p Vec) float64 {
	if k := f.Platform(p); k >= 0 {
		return f.Terrain[k].Height
	}
	return 0
}

// topRay returns the parameters s where a base of radius rho centred on p+u*s
// lies wholly on the top of t (its footprint shrunk by rho).
func (t *Terrain) topRay(p, u Vec, rho float64) (tin, tout float64, ok bool) {
	if t.IsCircle() {
		if t.Circle.R <= rho {
			return 0, 0, false
		}
		return rayCircle(p, u, Vec{t.Circle.X, t.Circle.Y}, t.Circle.R-rho)
	}
	r := t.Rect
	if r.W <= 2*rho || r.H <= 2*rho {
		return 0, 0, false
	}
	return rayBox(p, u, r.X+rho, r.Y+rho, r.X+r.W-rho, r.Y+r.H-rho)
}

// Climb is one climb (ClimbToward): where it ends, the heights climbed up and
// down, and its length: the distance its centre covers on the table plus Up
// and Down, the movement the climbing action pays at half speed.
type Climb struct {
	To       Vec
	Up, Down float64
	Length   float64
	Piece    int // the climbed piece's index in Field.Terrain
}

// ClimbToward returns the climb of base b along the straight line toward the
// point toward, and whether there is one:
//
//   - b on the ground, the first thing its walk would meet a climbable piece:
//     up onto its top, at the first spot of the line where the base lies
//     wholly on the top clear of the bases of others; when the top holds no
//     base on that line (a wall), over it: up, down, and on to the first spot
//     beyond where the base fits on the ground (Fits);
//   - b on a platform and toward off it: down, to the first spot beyond the
//     edge where the base fits on the ground.
//
// The climbing action must overcome the whole obstacle (seed 000 line 730):
// with no spot to end on within a base's width and a toise of the far side,
// there is no climb. ClimbToward does not allocate.
func (f *Field) ClimbToward(b Base, toward Vec, others []Base) (Climb, bool) {
	d := toward.Sub(b.Pos)
	l := d.Len()
	if !(l > Epsilon) || math.IsInf(l, 0) || !b.Pos.finite() {
		return Climb{}, false
	}
	u := d.Scale(1 / l)
	if on := f.Platform(b.Pos); on >= 0 {
		t := &f.Terrain[on]
		if f.Platform(toward) == on {
			return Climb{}, false // a walk on the top
		}
		_, tout, ok := t.ray(b.Pos, u)
		if !ok {
			return Climb{}, false
		}
		s, ok := f.landBeyond(b, u, t, max(tout, 0), others)
		return Climb{To: b.Pos.Add(u.Scale(s)), Down: t.Height, Length: s + t.Height, Piece: on}, ok
	}
	s, hit := f.sweepFrom(b, u, math.Inf(1), others, 0, true)
	if hit != HitObstacle {
		return Climb{}, false
	}
	k := -1
	for i := range f.Terrain {
		if t := &f.Terrain[i]; t.Climbable() && math.Abs(t.contact(b.Pos, u, b.Radius)-s) <= 1e-9 {
			k = i
			break
		}
	}
	if k < 0 {
		return Climb{}, false // the table's edge or impassable terrain
	}
	t := &f.Terrain[k]
	tin, tout, ok := t.ray(b.Pos, u)
	if !ok || tout <= max(tin, 0) {
		return Climb{}, false // the line only grazes it: go round, not over
	}
	if lo, hi, ok := t.topRay(b.Pos, u, b.Radius); ok && hi >= max(lo, s) {
		for x := max(lo, s); x <= hi; x += climbStep {
			p := b.Pos.Add(u.Scale(x))
			if f.Platform(p) == k && clearOf(Base{Pos: p, Radius: b.Radius}, others) {
				return Climb{To: p, Up: t.Height, Length: x + t.Height, Piece: k}, true
			}
		}
		return Climb{}, false // the top is taken
	}
	x, ok := f.landBeyond(b, u, t, tout, others)
	return Climb{To: b.Pos.Add(u.Scale(x)), Up: t.Height, Down: t.Height, Length: x + 2*t.Height, Piece: k}, ok
}

// landBeyond returns the first s >= from, within the base's width and a toise,
// at which base b moved by u*s is clear of t and fits on the ground.
func (f *Field) landBeyond(b Base, u Vec, t *Terrain, from float64, others []Base) (float64, bool) {
	for s := from; s <= from+2*b.Radius+1; s += climbStep {
		nb := b
		nb.Pos = b.Pos.Add(u.Scale(s))
		if t.Dist(nb.Pos) >= b.Radius-Epsilon && f.Platform(nb.Pos) < 0 && f.Fits(nb, others) {
			return s, true
		}
	}
	return 0, false
}

// clearOf reports whether b overlaps none of the bases of others.
func clearOf(b Base, others []Base) bool {
	for _, o := range others {
		if Gap(b, o) < -Epsilon {
			return false
		}
	}
	return true
}

// RepelFall is Repel, for a base that may stand on a platform: pushed over
// the edge, it does not stop there (no collision) but falls, and fall is the
// height it falls from (0 when it stays on top or stood on the ground). It
// lands where the repel ends, or, when its base would overlap the piece it fell
// from, at the first spot beyond where it is clear of it and fits (Fits), or
// else where the repel ends. RepelFall does not allocate.
func (f *Field) RepelFall(b Base, from Vec, dist float64, others []Base) (pos Vec, collision bool, hit int, fall float64) {
	on := f.Platform(b.Pos)
	if on < 0 {
		pos, collision, hit = f.Repel(b, from, dist, others)
		return pos, collision, hit, 0
	}
	d := b.Pos.Sub(from)
	l := d.Len()
	if !(dist > 0) || !(l > 0) || math.IsInf(l, 0) || math.IsInf(dist, 0) {
		return b.Pos, false, HitNone, 0
	}
	u := d.Scale(1 / l)
	s, hit := f.sweepFrom(b, u, dist, others, 0, false)
	pos = b.Pos.Add(u.Scale(s))
	collision = hit != HitNone
	if f.Platform(pos) == on {
		return pos, collision, hit, 0
	}
	t := &f.Terrain[on]
	if t.Dist(pos) < b.Radius-Epsilon {
		if x, ok := f.landBeyond(b, u, t, s, others); ok {
			pos = b.Pos.Add(u.Scale(x))
		}
	}
	return pos, collision, hit, t.Height
}
