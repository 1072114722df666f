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

// TestParseScenarioDocuments reads documents to read ("Reading/decrypting:
// 2AP/ZOC/once per activation/T + 1 + LD10 >= 13", seed 000 lines
// 1230-1236): points to the first side that reads one (1 when left out), or
// a named lock it unlocks; and the errors, as file:line:col: field: message.
func TestParseScenarioDocuments(t *testing.T) {
	const src = `name: archive
terrain:
  - {kind: impassable, height: 0.5, circle: {x: 7.5, y: 7.5, r: 0.4}, name: chest, structure: 2, lock: true}
objectives:
  documents:
    - {name: ledger, x: 3, y: 7.5, points: 2}
    - {name: cipher, x: 12, y: 7.5, unlocks: chest}
    - {x: 5, y: 5}
`
	s, err := ParseScenario("archive.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	docs := s.Objectives.Documents
	if len(docs) != 3 || docs[0].Name != "ledger" || docs[0].Points != 2 || docs[0].UnlocksPiece != -1 ||
		docs[1].Points != 0 || docs[1].UnlocksPiece != 0 || docs[2].Name != "document" || docs[2].Points != 1 {
		t.Errorf("documents %+v", docs)
	}
	if got := s.Objectives.MaxPoints(10); got != 3 {
		t.Errorf("MaxPoints = %d, want 3 (ledger 2, the unnamed document 1)", got)
	}
	if got, want := s.Victory(), "victory points: ledger 2 read; document 1 read"; got != want {
		t.Errorf("Victory() = %q, want %q", got, want)
	}
	const bad = `name: x
terrain:
  - {kind: impassable, height: 0.5, circle: {x: 7.5, y: 7.5, r: 0.4}, name: chest, structure: 2}
objectives:
  documents:
    - {name: a, x: 3, y: 7.5, unlocks: chest}
    - {name: a, x: 30, y: 7.5}
    - {name: b, y: 7.5, seal: wax}
    - {name: c, x: 7.5, y: 7.5, points: 0}
`
	want := []string{
		`s.yaml:6:7: objectives.documents[0].unlocks: no terrain piece named "chest" with a lock (a door or a chest with lock: true or a threshold)`,
		`s.yaml:7:7: objectives.documents[1]: (30, 7.5) is off the 15 x 15 table`,
		`s.yaml:7:7: objectives.documents[1].name: document "a" named twice`,
		`s.yaml:8:7: objectives.documents[2]: missing field "x"`,
		`s.yaml:8:25: objectives.documents[2].seal: unknown field "seal"`,
		`s.yaml:9:41: objectives.documents[3].points: points must be from 1 to 99, got 0`,
	}
	_, err = ParseScenario("s.yaml", []byte(bad))
	if err == nil {
		t.Fatal("no error")
	}
	if got := err.Error(); got != strings.Join(want, "\n") {
		t.Errorf("\n got %s\nwant %s", got, strings.Join(want, "\n"))
	}
}
