package field

import (
	"math"
	"slices"
)

// TurnPoint returns where point p of a table width x height lies once the
// table is turned half round (a half turn about its centre): the far edge
// becomes the near one.
func TurnPoint(p Vec, width, height float64) Vec { return Vec{X: width - p.X, Y: height - p.Y} }

// Turned returns f turned half round (TurnPoint): every piece keeps its
// index, kind, height, structure and name. A side that deploys along the far
// edge of f deploys along the near edge of Turned (sim/edge.go).
func (f Field) Turned() Field {
	g := f
	g.Terrain = slices.Clone(f.Terrain)
	for i := range g.Terrain {
		t := &g.Terrain[i]
		if t.IsCircle() {
			c := TurnPoint(Vec{X: t.Circle.X, Y: t.Circle.Y}, f.Width, f.Height)
			t.Circle.X, t.Circle.Y = c.X, c.Y
		} else {
			t.Rect.X, t.Rect.Y = f.Width-t.Rect.X-t.Rect.W, f.Height-t.Rect.Y-t.Rect.H
		}
	}
	return g
}

// Mirrored returns f reflected across the line y = height/2 (near and far
// edges swapped, left and right kept).
func (f Field) Mirrored() Field {
	g := f
	g.Terrain = slices.Clone(f.Terrain)
	for i := range g.Terrain {
		t := &g.Terrain[i]
		if t.IsCircle() {
			t.Circle.Y = f.Height - t.Circle.Y
		} else {
			t.Rect.Y = f.Height - t.Rect.Y - t.Rect.H
		}
	}
	return g
}

// SameTerrain reports whether f and g hold the same pieces, in any order, up
// to 1e-9 toise, names aside, and the same gaps between them: the same table
// to play on.
func (f Field) SameTerrain(g Field) bool {
	if f.Width != g.Width || f.Height != g.Height || len(f.Terrain) != len(g.Terrain) {
		return false
	}
	used := make([]bool, len(g.Terrain))
	match := make([]int, len(f.Terrain)) // f's piece i is g's match[i]
	for i := range f.Terrain {
		found := false
		for k := range g.Terrain {
			if !used[k] && samePiece(&f.Terrain[i], &g.Terrain[k]) {
				used[k], found, match[i] = true, true, k
				break
			}
		}
		if !found {
			return false
		}
	}
	if len(f.Gaps) != len(g.Gaps) {
		return false
	}
	for _, p := range f.Gaps {
		a, b := match[p[0]], match[p[1]]
		if !slices.ContainsFunc(g.Gaps, func(q [2]int) bool { return q == [2]int{a, b} || q == [2]int{b, a} }) {
			return false
		}
	}
	return true
}

// samePiece reports whether a and b are the same piece at the same place, up
// to 1e-9 toise, names aside.
func samePiece(a, b *Terrain) bool {
	near := func(x, y float64) bool { return math.Abs(x-y) <= 1e-9 }
	return a.Kind == b.Kind && near(a.Height, b.Height) && a.Structure == b.Structure && a.Door == b.Door && a.Lock == b.Lock &&
		near(a.Circle.X, b.Circle.X) && near(a.Circle.Y, b.Circle.Y) && near(a.Circle.R, b.Circle.R) &&
		near(a.Rect.X, b.Rect.X) && near(a.Rect.Y, b.Rect.Y) && near(a.Rect.W, b.Rect.W) && near(a.Rect.H, b.Rect.H)
}
