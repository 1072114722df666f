package field

// Touches reports whether the base b is in contact with the terrain piece t
// (touching or overlapping it).
func (t *Terrain) Touches(b Base) bool { return t.Dist(b.Pos) <= b.Radius+1e-6 }

// Between reports whether the segment from a to b crosses the terrain piece
// t: what a line of sight between two base centres passes through.
func (t *Terrain) Between(a, b Vec) bool {
	d := b.Sub(a)
	l := d.Len()
	if !(l > Epsilon) {
		return false
	}
	tin, tout, ok := t.ray(a, d.Scale(1/l))
	return ok && tout > Epsilon && tin < l-Epsilon
}
