package profiles

import (
	"strings"
	"testing"
)

// TestParseScenarioDoors reads doors and locks: "Opening/closing: 1 AP/no
// difficulty" and "Picking a lock: 1 AP/ZOC/A+I+LD10>=12 or as specified in
// the scenario" (seed 000 lines 1210-1214; seed 004 lines 1104, 1172).
func TestParseScenarioDoors(t *testing.T) {
	const src = `name: doors
terrain:
  - {kind: impassable, height: 2, rect: {x: 7, y: 7, w: 1, h: 0.3}, name: gate, door: true}
  - {kind: impassable, height: 2, rect: {x: 9, y: 7, w: 1, h: 0.3}, door: true, lock: 14, structure: 6}
  - {kind: impassable, height: 0.5, circle: {x: 3, y: 5, r: 0.4}, name: chest, structure: 2, lock: true}
  - {kind: impassable, height: 0.5, circle: {x: 5, y: 5, r: 0.4}, structure: 2, lock: false}
`
	s, err := ParseScenario("doors.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		door bool
		lock int
	}{
		{true, 0},
		{true, 14},                    // the scenario's threshold
		{false, DefaultLockThreshold}, // the book's, 12 (seed 000 line 1214)
		{false, 0},
	}
	for k, tt := range tests {
		if p := s.Terrain[k]; p.IsDoor() != tt.door || p.Lock != tt.lock || p.Locked() != (tt.lock > 0) {
			t.Errorf("terrain[%d] = %+v, want door %v, lock %d", k, p, tt.door, tt.lock)
		}
	}
}

// TestParseScenarioDoorsErrors checks that bad doors and locks are reported
// as file:line:col: field: message, with the rule.
func TestParseScenarioDoorsErrors(t *testing.T) {
	const src = `name: x
terrain:
  - {kind: cover, height: 1, rect: {x: 4, y: 5, w: 1, h: 1}, door: true}
  - {kind: impassable, height: 1, rect: {x: 6, y: 5, w: 1, h: 1}, lock: true}
  - {kind: impassable, height: 1, rect: {x: 7, y: 5, w: 1, h: 1}, door: true, lock: 1}
  - {kind: impassable, height: 1, rect: {x: 8, y: 5, w: 1, h: 1}, door: yes please, lock: hard}
`
	want := []string{
		`s.yaml:3:62: terrain[0].door: a door is kind impassable (closed, it stops walks: seed 000 line 1210), got cover`,
		`s.yaml:4:67: terrain[1].lock: a lock needs a door (door: true) or a scenery object with structure points (a chest) to lock (seed 000 lines 1214-1218)`,
		`s.yaml:5:85: terrain[2].lock: a lock's threshold must be from 2 to 60 (A + I + LD10 against it; seed 000 line 1214), got 1`,
		`s.yaml:6:73: terrain[3].door: want true or false, got "yes please"`,
		`s.yaml:6:91: terrain[3].lock: want true (the book's lock, A + I + LD10 >= 12) or a threshold from 2 to 60, got "hard"`,
	}
	_, err := ParseScenario("s.yaml", []byte(src))
	if err == nil {
		t.Fatal("no error")
	}
	if got := err.Error(); got != strings.Join(want, "\n") {
		t.Errorf("\n got %s\nwant %s", got, strings.Join(want, "\n"))
	}
}
