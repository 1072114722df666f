package field

import "testing"

// TestTurned checks the table turned half round (the other table edge, sim/edge.go):
// a rectangle's corner and a circle's centre move to (width - x - w, height -
// y - h) and (width - x, height - y), pieces keep their indices, and
// SameTerrain tells a table whose edges differ from one alike, gaps
// included.
func TestTurned(t *testing.T) {
	f := Field{Width: 15, Height: 15, Terrain: []Terrain{
		{Kind: Cover, Height: 3, Rect: Rect{X: 1, Y: 2, W: 3, H: 1}},
		{Kind: Difficult, Circle: Circle{X: 4, Y: 5, R: 1}},
	}}
	g := f.Turned()
	if r := g.Terrain[0].Rect; r != (Rect{X: 11, Y: 12, W: 3, H: 1}) {
		t.Errorf("turned rect %+v, want corner (11, 12), 3 x 1", r)
	}
	if c := g.Terrain[1].Circle; c != (Circle{X: 11, Y: 10, R: 1}) {
		t.Errorf("turned circle %+v, want centre (11, 10)", c)
	}
	if f.Terrain[0].Rect.X != 1 {
		t.Error("Turned changed f")
	}
	if f.SameTerrain(g) {
		t.Error("a table with its pieces on one side: the same turned")
	}
	// Two roofs placed half a turn apart, a gap between them: alike.
	h := Field{Width: 15, Height: 15, Terrain: []Terrain{
		{Kind: Cover, Height: 3, Rect: Rect{X: 3, Y: 4, W: 3, H: 3}},
		{Kind: Cover, Height: 3, Rect: Rect{X: 9, Y: 8, W: 3, H: 3}},
	}, Gaps: [][2]int{{0, 1}}}
	if !h.SameTerrain(h.Turned()) {
		t.Error("two roofs half a turn apart: not the same turned")
	}
	h2 := h
	h2.Gaps = nil
	if h.SameTerrain(h2) {
		t.Error("the same roofs without their gap: the same table")
	}
	if m := h.Mirrored(); m.Terrain[0].Rect.Y != 8 || m.Terrain[0].Rect.X != 3 {
		t.Errorf("mirrored rect %+v, want corner (3, 8)", m.Terrain[0].Rect)
	}
}
