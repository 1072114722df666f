package field

import (
	"fmt"

	"github.com/kharn-ages/kharn/profiles"
)

// FromScenario returns the table of scenario s: its size and terrain pieces
// (profiles.Scenario, checked when it was decoded).
func FromScenario(s *profiles.Scenario) (Field, error) {
	f := Field{Width: s.Width, Height: s.Height, NoScouts: s.NoScouts, Movable: s.Movable}
	for i, p := range s.Terrain {
		var k Kind
		switch p.Kind {
		case "cover":
			k = Cover
		case "difficult":
			k = Difficult
		case "impassable":
			k = Impassable
		case "loose":
			k = Loose
		case "slippery":
			k = Slippery
		case "water":
			k = Water
		default:
			return Field{}, fmt.Errorf("field: scenario %s: terrain[%d]: unknown kind %q", s.Name, i, p.Kind)
		}
		t := Terrain{Kind: k, Height: p.Height, Structure: p.Structure, Name: p.Name, Door: p.Door, Lock: p.Lock}
		if p.Circle {
			t.Circle = Circle{X: p.X, Y: p.Y, R: p.R}
		} else {
			t.Rect = Rect{X: p.X, Y: p.Y, W: p.W, H: p.H}
		}
		f.Terrain = append(f.Terrain, t)
	}
	for _, g := range s.Gaps {
		f.Gaps = append(f.Gaps, g.Pieces)
	}
	return f, nil
}
