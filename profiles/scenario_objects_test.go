package profiles

import (
	"strings"
	"testing"
)

// TestParseScenarioObjects reads scenery objects with structure points (seed
// 000 lines 1066-1082), a relic lying in one of them and a neutral to
// negotiate with (seed 000 lines 1131-1135).
func TestParseScenarioObjects(t *testing.T) {
	const src = `name: vault
terrain:
  - {kind: impassable, height: 2, rect: {x: 4, y: 9, w: 7, h: 0.5}, name: barricade, structure: 6}
  - {kind: impassable, height: 0.5, circle: {x: 7.5, y: 7.5, r: 0.5}, name: chest, structure: 4}
  - {kind: cover, height: 1, rect: {x: 1, y: 6, w: 2, h: 0.5}}
objectives:
  relic: {x: 7.5, y: 7.5, points: 5, in: chest}
  negotiation: {name: envoy, x: 12, y: 7.5}
`
	s, err := ParseScenario("vault.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if p := s.Terrain[0]; !p.IsObject() || p.Name != "barricade" || p.Structure != 6 {
		t.Errorf("terrain[0] = %+v, want the barricade of 6 SP", p)
	}
	if p := s.Terrain[2]; p.IsObject() {
		t.Errorf("terrain[2] = %+v: a wall without structure points is no object", p)
	}
	if got := s.Object("chest"); got != 1 {
		t.Errorf(`Object("chest") = %d, want 1`, got)
	}
	if got := s.Object("nothing"); got != -1 {
		t.Errorf(`Object("nothing") = %d, want -1`, got)
	}
	o := s.Objectives
	if r := o.Relic; r.In != "chest" || r.InPiece != 1 {
		t.Errorf("relic %+v, want in the chest (terrain[1])", r)
	}
	// Default points of a negotiation: 3.
	if g := o.Negotiation; g == nil || g.Name != "envoy" || g.X != 12 || g.Y != 7.5 || g.Points != DefaultNegotiationPoints {
		t.Errorf("negotiation %+v", g)
	}
	if got := o.MaxPoints(10); got != 5+3 {
		t.Errorf("MaxPoints(10) = %d, want 8 (relic 5, negotiation 3)", got)
	}
	if got, want := s.Victory(), "victory points: relic 5 carried off; envoy 3 convinced"; got != want {
		t.Errorf("Victory() = %q, want %q", got, want)
	}
	// A relic in the open is in no object.
	s2, err := ParseScenario("s.yaml", []byte("name: x\nobjectives: {relic: {x: 7, y: 7}}\n"))
	if err != nil || s2.Objectives.Relic.InPiece != -1 {
		t.Errorf("relic in the open: %+v, %v", s2.Objectives.Relic, err)
	}
}

// TestParseScenarioObjectsErrors checks that every problem of the objects,
// the relic's container and the negotiation is reported as
// file:line:col: field: message.
func TestParseScenarioObjectsErrors(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
	}{
		{"bad objects", `name: x
terrain:
  - {kind: difficult, rect: {x: 4, y: 9, w: 7, h: 0.5}, structure: 3}
  - {kind: cover, height: 1, rect: {x: 4, y: 5, w: 1, h: 1}, name: door, structure: 0}
  - {kind: cover, height: 1, rect: {x: 6, y: 5, w: 1, h: 1}, name: door, structure: 2}
  - {kind: cover, height: 1, rect: {x: 7, y: 5, w: 1, h: 1}, name: door, structure: 2}
  - {kind: cover, height: 1, rect: {x: 8, y: 5, w: 1, h: 1}, structure: many}
`, []string{
			"s.yaml:3:5: terrain[0].structure: a piece with structure points is a scenery object: kind cover or impassable, got difficult (seed 000 line 1068: tables, chests, any movable scenery element)",
			"s.yaml:4:85: terrain[1].structure: structure points must be from 1 to 99 (seed 000 lines 1066-1082), got 0",
			`s.yaml:6:5: terrain[2].name: piece "door" named twice (terrain[1] too)`,
			`s.yaml:7:73: terrain[4].structure: want a whole number, got "many"`,
		}},
		{"relic in nothing", `name: x
terrain:
  - {kind: impassable, height: 0.5, circle: {x: 7.5, y: 7.5, r: 0.5}, name: chest, structure: 4}
objectives:
  relic: {x: 3, y: 7.5, in: chest}
  negotiation: {name: envoy, x: 20, points: 0, talk: 1}
`, []string{
			`s.yaml:5:10: objectives.relic.in: the relic at (3, 7.5) does not lie in "chest" (terrain[0])`,
			`s.yaml:6:16: objectives.negotiation: missing field "y"`,
			"s.yaml:6:45: objectives.negotiation.points: points must be from 1 to 99, got 0",
			`s.yaml:6:48: objectives.negotiation.talk: unknown field "talk"`,
		}},
		{"no such object", "name: x\nobjectives: {relic: {x: 3, y: 7.5, in: safe}}\n", []string{
			`s.yaml:2:21: objectives.relic.in: no scenery object named "safe" (a terrain piece with name and structure points)`,
		}},
	}
	for _, tt := range tests {
		s, err := ParseScenario("s.yaml", []byte(tt.src))
		if err == nil {
			t.Errorf("%s: no error, scenario %+v", tt.name, s)
			continue
		}
		if got := err.Error(); got != strings.Join(tt.want, "\n") {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, got, strings.Join(tt.want, "\n"))
		}
	}
}
