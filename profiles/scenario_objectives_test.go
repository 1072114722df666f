package profiles

import (
	"io/fs"
	"slices"
	"strings"
	"testing"
)

func TestParseScenarioObjectives(t *testing.T) {
	const src = `name: fort
rounds: 8
objectives:
  markers:
    - {name: well, x: 7.5, y: 7.5}
    - {name: gate, x: 2, y: 7, control: 2, points: 3}
  relic:
    x: 10
    y: 7.5
    pick_up: {test: [A, I], threshold: 12}
`
	s, err := ParseScenario("fort.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	o := s.Objectives
	if o == nil {
		t.Fatal("no objectives")
	}
	// Defaults: control 1 toise, 1 point a marker; the relic 3 points, picked
	// up for 1 AP (seed 000 line 1161).
	wantMarkers := []Marker{
		{Name: "well", X: 7.5, Y: 7.5, Control: 1, Points: 1, Pos: Pos{"fort.yaml", 5, 7}},
		{Name: "gate", X: 2, Y: 7, Control: 2, Points: 3, Pos: Pos{"fort.yaml", 6, 7}, at: 1},
	}
	if !slices.Equal(o.Markers, wantMarkers) {
		t.Errorf("markers %+v, want %+v", o.Markers, wantMarkers)
	}
	r := o.Relic
	if r == nil || r.Name != "relic" || r.X != 10 || r.Y != 7.5 || r.Points != 3 || r.PickUpAP != 1 ||
		!slices.Equal(r.Test, []Char{A, I}) || r.Threshold != 12 || r.Pos != (Pos{"fort.yaml", 8, 5}) {
		t.Errorf("relic %+v", r)
	}
	// 8 rounds of both markers (1 + 3 a round) and the relic (3).
	if got := o.MaxPoints(8); got != 8*4+3 {
		t.Errorf("MaxPoints(8) = %d, want 35", got)
	}
	if got, want := s.Victory(), "victory points: well 1 a round held; gate 3 a round held; relic 3 carried off"; got != want {
		t.Errorf("Victory() = %q, want %q", got, want)
	}
	if s, _ := ParseScenario("s.yaml", []byte("name: x\n")); s.Objectives != nil || s.Objectives.MaxPoints(5) != 0 || s.Victory() != "annihilation" {
		t.Errorf("a scenario without objectives: %+v, %q", s.Objectives, s.Victory())
	}
}

// TestParseScenarioObjectivesErrors checks that every problem of the
// objectives is reported as file:line:col: field: message.
func TestParseScenarioObjectivesErrors(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
	}{
		{"empty", "name: x\nobjectives: {}\n", []string{
			"s.yaml:2:13: objectives: want markers, a relic, a negotiation, documents or several"}},
		{"not a mapping", "name: x\nobjectives: 3\n", []string{
			"s.yaml:2:13: objectives: want a mapping, got the number 3"}},
		{"unknown field", "name: x\nobjectives: {makers: []}\n", []string{
			`s.yaml:2:14: objectives.makers: unknown field "makers" (did you mean markers?)`}},
		{"bad markers", `name: x
objectives:
  markers:
    - {x: 1, y: 20}
    - {name: a, x: 3, y: 5, control: 0, points: 0}
    - {name: b, x: 3, y: 5, radius: 2}
    - {name: b, x: 16, y: 5}
    - {name: c, x: 12, y: 7}
terrain:
  - {kind: impassable, circle: {x: 12, y: 7, r: 1}}
`, []string{
			`s.yaml:4:7: objectives.markers[0]: missing field "name"`,
			"s.yaml:5:38: objectives.markers[1].control: must be more than 0 and at most 1000 toises, got 0",
			"s.yaml:5:49: objectives.markers[1].points: points must be from 1 to 99, got 0",
			`s.yaml:6:29: objectives.markers[2].radius: unknown field "radius"`,
			"s.yaml:7:7: objectives.markers[3]: (16, 5) is off the 15 x 15 table",
			`s.yaml:7:7: objectives.markers[3].name: marker "b" named twice`,
			"s.yaml:8:7: objectives.markers[4]: (12, 7) lies in impassable terrain (terrain[0]): no Safar can reach it"}},
		{"bad relic", `name: x
objectives:
  relic:
    x: 7
    points: 100
    pick_up: {ap: 9, test: [A, Q], thresold: 12}
`, []string{
			`s.yaml:4:5: objectives.relic: missing field "y"`,
			"s.yaml:5:13: objectives.relic.points: points must be from 1 to 99, got 100",
			"s.yaml:6:14: objectives.relic.pick_up: test and threshold go together: give both or neither",
			"s.yaml:6:19: objectives.relic.pick_up.ap: ap must be from 0 to 7 (the AP of a Safar), got 9",
			`s.yaml:6:32: objectives.relic.pick_up.test[1]: unknown characteristic "Q" (want V, P, A, C, T, I)`,
			`s.yaml:6:36: objectives.relic.pick_up.thresold: unknown field "thresold" (did you mean threshold?)`}},
		{"relic off the table", "name: x\ntable: {width: 10, height: 10}\nobjectives: {relic: {x: 5, y: 12}}\n", []string{
			"s.yaml:3:21: objectives.relic: (5, 12) is off the 10 x 10 table"}},
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

// FuzzParseScenarioObjectives checks that no scenario file, objectives
// included, makes ParseScenario panic, and that every problem it reports has
// a file and a line; a scenario it accepts has its objectives on the table.
func FuzzParseScenarioObjectives(f *testing.F) {
	names, _ := fs.Glob(embeddedScenarios, scenarioDir+"/*.yaml")
	for _, n := range names {
		data, _ := fs.ReadFile(embeddedScenarios, n)
		f.Add(data)
	}
	for _, s := range []string{
		"name: x\nobjectives: {}\n",
		"name: x\nobjectives: {markers: [{name: a, x: 1, y: 1}, {name: a, x: 99, y: -1, control: 0}]}\n",
		"name: x\nobjectives: {relic: {x: 1, y: 1, pick_up: {ap: 1, test: [A, A], threshold: 99}}}\n",
		"name: x\ntable: {width: 2, height: 20}\nobjectives: {relic: {x: 1e9, y: .nan}}\n",
		"name: x\nterrain: [{kind: impassable, circle: {x: 1, y: 7, r: 0.5}, name: c, structure: 2}]\nobjectives: {relic: {x: 1, y: 7, in: c}, negotiation: {x: 3, y: 3}}\n",
		"name: x\nterrain: [{kind: water, rect: {x: 1, y: 7, w: 1, h: 1}, name: c, structure: 0}]\nobjectives: {relic: {x: 1, y: 7, in: d}, negotiation: {x: -3, y: 3, points: 0}}\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ParseScenario("f.yaml", data)
		checkErrors(t, err)
		if err != nil || s.Objectives == nil {
			return
		}
		for _, m := range s.Objectives.Markers {
			if m.X < 0 || m.Y < 0 || m.X > s.Width || m.Y > s.Height || !(m.Control > 0) || m.Points < 1 {
				t.Fatalf("accepted marker %+v on a %g x %g table", m, s.Width, s.Height)
			}
		}
		if r := s.Objectives.Relic; r != nil && (r.X < 0 || r.Y < 0 || r.X > s.Width || r.Y > s.Height || r.Points < 1) {
			t.Fatalf("accepted relic %+v on a %g x %g table", r, s.Width, s.Height)
		}
		if r := s.Objectives.Relic; r != nil && r.In != "" && (r.InPiece < 0 || !s.Terrain[r.InPiece].IsObject() || s.Terrain[r.InPiece].Name != r.In) {
			t.Fatalf("accepted relic %+v in no object of that name", r)
		}
		if g := s.Objectives.Negotiation; g != nil && (g.X < 0 || g.Y < 0 || g.X > s.Width || g.Y > s.Height || g.Points < 1) {
			t.Fatalf("accepted negotiation %+v on a %g x %g table", g, s.Width, s.Height)
		}
	})
}
