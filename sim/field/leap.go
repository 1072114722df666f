package field

// Leap X (skills.md #22, the catalogue's "bond"; no English rule): "while
// moving, it crosses obstacles up to X toises high or long, and Safars of
// stature <= X, without being slowed". Walks here are straight lines, so this
// package reads it as what a straight walk meets:
//
//   - scenery (kind Cover) taller than StepOverHeight, which stops other walks,
//     is crossed when no higher than X (impassable terrain never is);
//   - the bases of Safars of stature at most X are crossed;
//   - slowing ground (difficult, loose, slippery, water) does not slow a walk
//     whose stretch across the piece is at most X toises long and whose
//     height is at most X (leapt over in one bound);
//   - the walk never ends on what it leapt: it stops before it (landing).
//
// A leap takes no AP beyond the walk's. What a straight walk never meets is
// not played: choosing a path round a piece that a leap would cross. A leap
// never ends on a top (landing), and Leap does not change climbing or
// jumping down from a top (climb.go, sim/climb.go).

// leapsTerrain reports whether a walker with Leap leap goes over the obstacle t.
func leapsTerrain(t *Terrain, leap float64) bool {
	return leap > 0 && t.Kind == Cover && t.Height <= leap
}

// leapsBase reports whether a walker with Leap leap goes over the base o.
func leapsBase(o Base, leap float64) bool {
	return leap > 0 && float64(o.Stature) <= leap
}

// leapsStretch reports whether a walker with Leap leap crosses the slowing
// piece t, over a stretch of length along its line, without being slowed.
func leapsStretch(t *Terrain, length, leap float64) bool {
	return leap > 0 && length <= leap+Epsilon && t.Height <= leap
}

// landing returns the farthest s' <= s at which the base b moved by u*s' does
// not overlap an obstacle or a base it leapt over: a leap lands on free ground.
// It does not allocate.
func (f *Field) landing(b Base, u Vec, s float64, others []Base, leap float64) float64 {
	r := b.Radius
	for range len(f.Terrain) + len(others) + 1 {
		p := b.Pos.Add(u.Scale(s))
		back := s
		for i := range f.Terrain {
			t := &f.Terrain[i]
			if t.Obstacle() && leapsTerrain(t, leap) && t.Dist(p) < r-Epsilon {
				back = min(back, t.contact(b.Pos, u, r))
			}
		}
		for _, o := range others {
			if leapsBase(o, leap) && Gap(Base{Pos: p, Radius: r}, o) < -Epsilon {
				if tin, _, ok := rayCircle(b.Pos, u, o.Pos, r+o.Radius); ok {
					back = min(back, max(tin, 0))
				}
			}
		}
		if back >= s {
			return s
		}
		s = back
	}
	return s
}
