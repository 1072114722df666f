package profiles

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

func TestParseScenarioDefaults(t *testing.T) {
	s, err := ParseScenario("s.yaml", []byte("name: bare\n"))
	if err != nil {
		t.Fatal(err)
	}
	// 15 x 15 (rulebook "Game area"), 20 rounds (R16), strips left to the rules
	// (0; checked as 3 toises deep, seed 004 line 467).
	if s.Name != "bare" || s.Width != 15 || s.Height != 15 || s.Rounds != 20 || s.Deployment != 0 || s.StripDepth() != 3 ||
		len(s.Terrain) != 0 || s.Pos != (Pos{"s.yaml", 1, 1}) {
		t.Errorf("scenario %+v", s)
	}
}

func TestParseScenario(t *testing.T) {
	const src = `name: fort
table: {width: 24, height: 20}
rounds: 12
deployment: 3
terrain:
  - {kind: cover, height: 1.5, rect: {x: 3, y: 6, w: 3, h: 0.5}}
  - kind: impassable
    height: 4
    circle: {x: 12, y: 10, r: 1}
`
	s, err := ParseScenario("fort.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := []TerrainPiece{
		{Kind: "cover", Height: 1.5, X: 3, Y: 6, W: 3, H: 0.5, Pos: Pos{"fort.yaml", 6, 5}},
		{Kind: "impassable", Height: 4, Circle: true, X: 12, Y: 10, R: 1, Pos: Pos{"fort.yaml", 7, 5}},
	}
	if s.Width != 24 || s.Height != 20 || s.Rounds != 12 || s.Deployment != 3 || len(s.Terrain) != 2 {
		t.Fatalf("scenario %+v", s)
	}
	for i := range want {
		if s.Terrain[i] != want[i] {
			t.Errorf("terrain[%d] = %+v, want %+v", i, s.Terrain[i], want[i])
		}
	}
}

func TestParseScenarioErrors(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string // one line per problem, in order
	}{
		{"empty", "", []string{"s.yaml:1: empty scenario file: want a mapping with name and optionally table, rounds, deployment and terrain"}},
		{"not a mapping", "- a\n", []string{"s.yaml:1:1: want a scenario (a mapping with name, table, rounds, deployment and terrain), got a list"}},
		{"syntax", "name: [a\n", []string{"s.yaml:2: invalid YAML: did not find expected ',' or ']'"}},
		{"missing name, unknown field", "nmae: x\n", []string{
			`s.yaml:1:1: missing field "name"`,
			`s.yaml:1:1: nmae: unknown field "nmae" (did you mean name?)`}},
		{"bad sizes", "name: x\ntable: {width: 0, height: -3, depth: 2}\nrounds: 0\ndeployment: 1.5x\n", []string{
			"s.yaml:2:16: table.width: must be more than 0 and at most 1000 toises, got 0",
			"s.yaml:2:27: table.height: must be more than 0 and at most 1000 toises, got -3",
			`s.yaml:2:31: table.depth: unknown field "depth"`,
			"s.yaml:3:9: rounds: rounds must be from 1 to 999, got 0",
			`s.yaml:4:13: deployment: want a number, got "1.5x"`}},
		{"missing table height", "name: x\ntable: {width: 10}\n", []string{`s.yaml:2:8: table: missing field "height"`}},
		{"strips overlap", "name: x\ntable: {width: 10, height: 6}\ndeployment: 4\n", []string{
			"s.yaml:3:13: deployment: the two deployment strips of 4 toises overlap on a table 6 toises deep"}},
		{"bad pieces", `name: x
terrain:
  - {kind: wall, rect: {x: 1, y: 3, w: 1, h: 1}}
  - {kind: cover, height: -1, circle: {x: 1, y: 5}}
  - {kind: difficult}
  - {kind: cover, rect: {x: 1, y: 3, w: 1, h: 1}, circle: {x: 5, y: 5, r: 1}}
  - {rect: {x: 1, y: 3, w: 0, h: 1, z: 2}}
  - 3
`, []string{
			`s.yaml:3:12: terrain[0].kind: unknown terrain kind "wall" (want cover, difficult, impassable, loose, slippery, water)`,
			"s.yaml:4:27: terrain[1].height: height must not be negative, got -1",
			`s.yaml:4:39: terrain[1].circle: missing field "r"`,
			`s.yaml:5:5: terrain[2]: missing field "rect" or "circle"`,
			"s.yaml:6:5: terrain[3]: a piece is a rect or a circle, not both",
			`s.yaml:7:5: terrain[4]: missing field "kind"`,
			"s.yaml:7:28: terrain[4].rect.w: must be more than 0 and at most 1000 toises, got 0",
			`s.yaml:7:37: terrain[4].rect.z: unknown field "z" (did you mean x?)`,
			"s.yaml:8:5: terrain[5]: want a mapping, got the number 3"}},
		{"pieces off the table and in a strip", `name: x
terrain:
  - {kind: cover, rect: {x: 14, y: 3, w: 2, h: 1}}
  - {kind: difficult, circle: {x: 5, y: 0.5, r: 1}}
  - {kind: impassable, circle: {x: 5, y: 2.5, r: 1}}
  - {kind: impassable, rect: {x: 5, y: 12, w: 1, h: 1.5}}
  - {kind: cover, height: 3, rect: {x: 5, y: 0, w: 1, h: 1}}
`, []string{
			"s.yaml:3:5: terrain[0]: the piece spans x 14 to 16 and y 3 to 4: off the 15 x 15 table",
			"s.yaml:4:5: terrain[1]: the piece spans x 4 to 6 and y -0.5 to 1.5: off the 15 x 15 table",
			"s.yaml:5:5: terrain[2]: impassable terrain in a deployment strip (y from 0 to 3 or from 12 to 15)",
			"s.yaml:6:5: terrain[3]: impassable terrain in a deployment strip (y from 0 to 3 or from 12 to 15)"}},
		{"two documents", "name: a\n---\nname: b\n", []string{
			"s.yaml:3:1: a scenario file holds one scenario: this is a second YAML document"}},
	}
	for _, tt := range tests {
		s, err := ParseScenario("s.yaml", []byte(tt.src))
		if err == nil {
			t.Errorf("%s: no error, scenario %+v", tt.name, s)
			continue
		}
		if s != nil {
			t.Errorf("%s: a scenario with an error", tt.name)
		}
		if got := err.Error(); got != strings.Join(tt.want, "\n") {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, got, strings.Join(tt.want, "\n"))
		}
	}
}

func TestLoadScenario(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "s.yaml")
	if err := os.WriteFile(p, []byte("name: x\nrounds: 5\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if s, err := LoadScenario(p); err != nil || s.Rounds != 5 {
		t.Errorf("LoadScenario = %+v, %v", s, err)
	}
	_, err := LoadScenario(filepath.Join(dir, "none.yaml"))
	if err == nil || !strings.HasSuffix(err.Error(), "none.yaml: no such file or directory") {
		t.Errorf("missing file: %v", err)
	}
}

func TestDefaultScenarios(t *testing.T) {
	ss := DefaultScenarios()
	// The order of the file names; hold the ford, the relic and the vault
	// have objectives (scenario_objectives.go), the others none:
	// annihilation. The vault's pieces include three objects
	// (scenario_objects.go): two barricades and the chest the relic lies in.
	want := []struct {
		name           string
		size           float64
		pieces, rounds int
		markers        int
		relic          bool
	}{{"hold the ford", 15, 5, 10, 1, false}, {"open ground", 15, 0, 20, 0, false}, {"ruins", 15, 6, 20, 0, false},
		{"tactik open", 24, 0, 20, 0, false}, {"the relic", 15, 4, 12, 0, true}, {"the vault", 15, 4, 12, 0, true},
		{"watchtower", 15, 6, 20, 0, false}}
	if len(ss) != len(want) {
		t.Fatalf("%d scenarios, want %d", len(ss), len(want))
	}
	for i, w := range want {
		s := ss[i]
		if s.Name != w.name || s.Width != w.size || s.Height != w.size || len(s.Terrain) != w.pieces || s.Rounds != w.rounds || s.Deployment != 0 {
			t.Errorf("scenario %d: %+v", i, s)
		}
		var markers int
		var relic bool
		if o := s.Objectives; o != nil {
			markers, relic = len(o.Markers), o.Relic != nil
		}
		if markers != w.markers || relic != w.relic {
			t.Errorf("scenario %s: %d markers, relic %v; want %d, %v", s.Name, markers, relic, w.markers, w.relic)
		}
	}
	var vault *Scenario
	for _, s := range ss {
		if s.Name == "the vault" {
			vault = s
		}
	}
	objects := 0
	for _, p := range vault.Terrain {
		if p.IsObject() {
			objects++
		}
	}
	if o := vault.Objectives; objects != 3 || o.Relic.In != "chest" || o.Negotiation == nil || o.Negotiation.Name != "envoy" {
		t.Errorf("the vault: %d objects, relic in %q, negotiation %+v; want 3, the chest, the envoy", objects, o.Relic.In, o.Negotiation)
	}
	names, _ := fs.Glob(embeddedScenarios, scenarioDir+"/*.yaml")
	for _, n := range names {
		data, _ := fs.ReadFile(embeddedScenarios, n)
		if !strings.Contains(string(data), "ILLUSTRATIVE, written for this project") {
			t.Errorf("%s: no illustrative header", n)
		}
	}
}

// TestEmbeddedScenariosApart checks that the profiles' //go:embed data/*.yaml
// does not take in data/scenarios, whose files are no profile data.
func TestEmbeddedScenariosApart(t *testing.T) {
	if _, err := fs.Stat(embedded, "data/scenarios"); err == nil {
		t.Error("the embedded profile data holds data/scenarios")
	}
}

func TestMustLoadScenariosPanics(t *testing.T) {
	defer func() {
		r, _ := recover().(string)
		if r != `profiles: embedded scenario invalid: data/scenarios/a.yaml:1:1: missing field "name"` {
			t.Errorf("panic %q", r)
		}
	}()
	mustLoadScenarios(fstest.MapFS{"data/scenarios/a.yaml": {Data: []byte("rounds: 3\n")}})
}

func FuzzParseScenario(f *testing.F) {
	f.Add([]byte("name: x\nterrain:\n  - {kind: cover, rect: {x: 1, y: 3, w: 1, h: 1}}\n"))
	f.Add([]byte("name: &a x\ntable: {width: 1e300, height: *a}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ParseScenario("f.yaml", data)
		if (s == nil) == (err == nil) {
			t.Fatalf("scenario %v with error %v", s, err)
		}
	})
}
