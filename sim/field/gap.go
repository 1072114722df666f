package field

import "math"

// Gaps between heights (seed 000 lines 742-748, seed 004 lines 682-688;
// profiles.Gap): a Safar on one of the two climbable pieces of a gap
// (Field.Gaps) jumps to the top of the other. JumpToward is the geometry of
// that jump along a straight line; the engine plays its roll and its fall
// (sim/gap.go).

// Jump is one jump over a gap (JumpToward).
type Jump struct {
	// To is where the base lands on the far top, Onto that piece's index in
	// Field.Terrain and From the index of the top it jumps from.
	To         Vec
	From, Onto int
	// Width is the size of the gap along the jump: from the edge of one top
	// to the edge of the other.
	Width float64
	// Drop is how much lower the far top stands (0 for tops of one height).
	Drop float64
	// Fall is where a Safar that fails the jump lands, on the ground between
	// the tops (CanFall false: no room for its base there).
	Fall    Vec
	CanFall bool
}

// JumpToward returns the jump of base b, standing on a top, along the
// straight line toward the point toward, and whether there is one: the line
// leaves b's top and meets another top no higher, named with it in a gap
// (Field.Gaps); the base lands at the first spot of the line where it lies
// wholly on that top clear of the bases of others. JumpToward does not
// allocate.
func (f *Field) JumpToward(b Base, toward Vec, others []Base) (Jump, bool) {
	on := f.Platform(b.Pos)
	if on < 0 || len(f.Gaps) == 0 || f.Platform(toward) == on {
		return Jump{}, false
	}
	d := toward.Sub(b.Pos)
	l := d.Len()
	if !(l > Epsilon) || math.IsInf(l, 0) || !b.Pos.finite() {
		return Jump{}, false
	}
	u := d.Scale(1 / l)
	t := &f.Terrain[on]
	_, tout, ok := t.ray(b.Pos, u)
	if !ok {
		return Jump{}, false
	}
	best, found := Jump{}, false
	for _, g := range f.Gaps {
		k := g[1]
		switch on {
		case g[0]:
		case g[1]:
			k = g[0]
		default:
			continue
		}
		tk := &f.Terrain[k]
		if tk.Height > t.Height+Epsilon {
			continue // no jump up
		}
		tin, _, ok := tk.ray(b.Pos, u)
		if !ok || tin < tout-Epsilon || found && tin-tout >= best.Width {
			continue
		}
		lo, hi, ok := tk.topRay(b.Pos, u, b.Radius)
		if !ok {
			continue
		}
		for x := max(lo, tin); x <= hi; x += climbStep {
			p := b.Pos.Add(u.Scale(x))
			if f.Platform(p) == k && clearOf(Base{Pos: p, Radius: b.Radius}, others) {
				best = Jump{To: p, From: on, Onto: k, Width: max(tin-tout, 0), Drop: t.Height - tk.Height}
				found = true
				break
			}
		}
	}
	if !found {
		return Jump{}, false
	}
	if s, ok := f.landBeyond(b, u, t, max(tout, 0), others); ok && s < tout+best.Width+b.Radius {
		best.Fall, best.CanFall = b.Pos.Add(u.Scale(s)), true
	}
	return best, true
}
