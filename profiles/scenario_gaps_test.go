package profiles

import (
	"strings"
	"testing"
)

// TestParseScenarioGaps reads a gap between two heights (Jumping over a gap,
// seed 000 lines 742-748, seed 004 lines 682-688): two roofs 3 toises high,
// 1.5 toises apart.
func TestParseScenarioGaps(t *testing.T) {
	const src = `name: rooftops
terrain:
  - {kind: cover, height: 3, rect: {x: 3, y: 6, w: 3, h: 3}, name: west roof}
  - {kind: cover, height: 1, rect: {x: 1, y: 11, w: 2, h: 0.5}}
  - {kind: cover, height: 3, rect: {x: 7.5, y: 6, w: 3, h: 3}, name: east roof}
gaps:
  - {between: [west roof, east roof]}
`
	s, err := ParseScenario("rooftops.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Gaps) != 1 {
		t.Fatalf("%d gaps, want 1", len(s.Gaps))
	}
	if g := s.Gaps[0]; g.Between != [2]string{"west roof", "east roof"} || g.Pieces != [2]int{0, 2} || g.Pos.Line != 7 {
		t.Errorf("gap %+v, want between west roof (terrain[0]) and east roof (terrain[2]), line 7", g)
	}
}

// TestParseScenarioGapsErrors checks that every problem of a gap is reported
// as file:line:col: field: message, with the allowed values.
func TestParseScenarioGapsErrors(t *testing.T) {
	const terrain = `name: x
terrain:
  - {kind: cover, height: 3, rect: {x: 3, y: 6, w: 3, h: 3}, name: west}
  - {kind: cover, height: 3, rect: {x: 6, y: 6, w: 1, h: 3}, name: next}
  - {kind: cover, height: 1, rect: {x: 8, y: 6, w: 1, h: 3}, name: wall}
  - {kind: cover, height: 3, rect: {x: 14, y: 6, w: 1, h: 1}, name: far}
  - {kind: cover, height: 3, rect: {x: 1, y: 4.5, w: 1, h: 1}, name: near}
`
	src := terrain + `gaps:
  - {between: [west, roof]}
  - {between: [west, wall]}
  - {between: [west, next]}
  - {between: [west, west]}
  - {between: [near, far]}
  - {between: [west]}
  - {from: west}
  - {between: [near, west]}
  - {between: [west, near]}
`
	want := []string{
		`s.yaml:15:6: gaps[6].from: unknown field "from"`,
		`s.yaml:15:5: gaps[6]: missing field "between"`,
		`s.yaml:14:15: gaps[5].between: want the names of two heights, got 1`,
		`s.yaml:9:5: gaps[0].between[1]: no terrain piece named "roof" (named pieces: west, next, wall, far, near)`,
		`s.yaml:10:5: gaps[1].between[1]: a gap lies between heights: "wall" (terrain[2]) is cover 1 toises high; want cover taller than 1.5 toises (climbed and stood on, seed 000 line 730)`,
		`s.yaml:11:5: gaps[2].between: "west" and "next" touch or overlap: no gap between them`,
		`s.yaml:12:5: gaps[3].between: a gap lies between two different heights, got "west" twice`,
		`s.yaml:13:5: gaps[4].between: "near" and "far" are 12 toises apart: a jump reaches at most 10 (the best of V and A, seed 004 line 684)`,
		`s.yaml:17:5: gaps[8].between: the gap between "west" and "near" is named twice (gaps[7] too)`,
	}
	_, err := ParseScenario("s.yaml", []byte(src))
	if err == nil {
		t.Fatal("no error")
	}
	got := strings.Split(err.Error(), "\n")
	for _, w := range want {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("missing %s", w)
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d errors, want %d:\n%s", len(got), len(want), err)
	}
}
