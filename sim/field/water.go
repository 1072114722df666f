package field

// WaterEntry returns how far along the straight walk of base from toward to
// its centre first stands in deep water (Water terrain), and whether it does
// at all: 0 when it starts in water. A stretch of water a Leap leap clears
// (see LeapWalk) is not entered. Swimming is the only movement in deep water
// (seed 000 line 736, seed 004 line 678), so the engine reads a walk that
// enters water as a swim. WaterEntry does not allocate.
func (f *Field) WaterEntry(from Base, to Vec, leap float64) (float64, bool) {
	d := to.Sub(from.Pos)
	l := d.Len()
	if f.On(from.Pos, Water) {
		return 0, true
	}
	if !(l > Epsilon) {
		return 0, false
	}
	u := d.Scale(1 / l)
	best, wet := l, false
	for i := range f.Terrain {
		t := &f.Terrain[i]
		if t.Kind != Water {
			continue
		}
		tin, tout, ok := t.ray(from.Pos, u)
		if !ok || tout < 0 || tin > l || leapsStretch(t, tout-tin, leap) {
			continue
		}
		if s := max(tin, 0); s <= best {
			best, wet = s, true
		}
	}
	if !wet {
		return 0, false
	}
	return best, true
}

// WaterStretch returns how long the straight line from p to q runs in deep
// water (Water terrain; overlapping pieces count each). It does not allocate.
func (f *Field) WaterStretch(p, q Vec) float64 {
	d := q.Sub(p)
	l := d.Len()
	if !(l > Epsilon) {
		return 0
	}
	u := d.Scale(1 / l)
	w := 0.0
	for i := range f.Terrain {
		t := &f.Terrain[i]
		if t.Kind != Water {
			continue
		}
		if tin, tout, ok := t.ray(p, u); ok {
			w += max(min(tout, l)-max(tin, 0), 0)
		}
	}
	return w
}
