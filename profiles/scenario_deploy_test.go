package profiles

import (
	"strings"
	"testing"
)

// TestParseScenarioScouts reads the scenario field of Scout X (seed 000 line
// 1654: "unless the scenario forbids the deployment of scouts"): scouts are
// allowed when the file leaves it out, forbidden by "scouts: false", and a
// value that is not a boolean is an error naming the file, line and field.
func TestParseScenarioScouts(t *testing.T) {
	for _, tt := range []struct {
		src      string
		noScouts bool
	}{
		{"name: x\n", false},
		{"name: x\nscouts: true\n", false},
		{"name: x\nscouts: false\n", true},
	} {
		s, err := ParseScenario("s.yaml", []byte(tt.src))
		if err != nil {
			t.Fatalf("%q: %v", tt.src, err)
		}
		if s.NoScouts != tt.noScouts {
			t.Errorf("%q: NoScouts %v, want %v", tt.src, s.NoScouts, tt.noScouts)
		}
	}
	_, err := ParseScenario("s.yaml", []byte("name: x\nscouts: no-way\n"))
	if want := `s.yaml:2:9: scouts: want true or false`; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("scouts: no-way: error %v, want %s...", err, want)
	}
}

// TestParseScenarioWater reads a water piece (deep water, seed 000 line 654,
// seed 004 line 589).
func TestParseScenarioWater(t *testing.T) {
	s, err := ParseScenario("s.yaml", []byte("name: x\nterrain:\n  - {kind: water, rect: {x: 6, y: 7, w: 3, h: 1}}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Terrain) != 1 || s.Terrain[0].Kind != "water" {
		t.Errorf("terrain %+v", s.Terrain)
	}
}
