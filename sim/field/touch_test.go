package field

import "testing"

// TestWalkFromContact checks that a base touching an obstacle, where a walk
// against it stops, may walk away from it and along it, and not into it
// (Terrain.contact). Before, exact contact read as a contact at 0 in every
// direction: a Safar that walked against the ruins' tall wall (x 7 to 7.5) or
// the collapsed tower never moved again, the main cause of the ruins' draws
// (docs/design-skirmish.md, "Stalemates on the ruins").
func TestWalkFromContact(t *testing.T) {
	wallPiece := Terrain{Kind: Cover, Height: 2.5, Rect: Rect{7, 3.5, 0.5, 2.5}}
	tower := Terrain{Kind: Impassable, Height: 4, Circle: Circle{12, 5, 1}}
	tests := []struct {
		name    string
		terrain Terrain
		from    Vec // a 0.5-toise base touching the piece
		toward  Vec
		want    Vec
	}{
		{"wall: along it", wallPiece, Vec{8, 4.1}, Vec{8, 14}, Vec{8, 7.1}},
		{"wall: away from it", wallPiece, Vec{8, 4.1}, Vec{14, 4.1}, Vec{11, 4.1}},
		{"wall: into it", wallPiece, Vec{8, 4.1}, Vec{2, 4.1}, Vec{8, 4.1}},
		{"tower: away from it", tower, Vec{13.5, 5}, Vec{14.5, 5}, Vec{14.5, 5}},
		{"tower: tangent to it", tower, Vec{13.5, 5}, Vec{13.5, 14}, Vec{13.5, 8}},
		{"tower: into it", tower, Vec{13.5, 5}, Vec{2, 5}, Vec{13.5, 5}},
	}
	for _, tt := range tests {
		f := Field{Width: KharnAgesSize, Height: KharnAgesSize, Terrain: []Terrain{tt.terrain}}
		if got := f.Walk(NewBase(tt.from, 3), tt.toward, 3, nil); !nearVec(got, tt.want) {
			t.Errorf("%s: Walk from %v toward %v = %v, want %v", tt.name, tt.from, tt.toward, got, tt.want)
		}
	}
}
