package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCastTargetNamesWaySkills: kharn odds --cast names a target's Heroic and
// Specialist of one way of magic (profiles.Skill.FieldWay) and of the whole
// esoteric field in its target line, as it names Master; before, only Master
// was named although the odds already counted the other two (sim/magic_masterway.go).
func TestCastTargetNamesWaySkills(t *testing.T) {
	path := filepath.Join(t.TempDir(), "warden.yaml")
	if err := os.WriteFile(path, []byte(`id: way-warden-2
name: Way warden
faction: fangs
level: 2
cost: 60
limitation: U
stats: {V: 4, P: 3, A: 3, C: 3, T: 4, I: 4}
stature: 3
ap: 4
hp: 12
skills:
  heroic: osteomancy
  specialist: esoteric
equipment: [dagger]
`), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runCLI(t, "odds", "--cast", "spark-of-will", "-a", "bone-seer-2", "-d", path, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var r struct {
		Target string `json:"target"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, want := range []string{"Heroic osteomancy (one more die", "against spells of that way only", "Specialist esoteric (a natural 1 is no critical failure"} {
		if !strings.Contains(r.Target, want) {
			t.Errorf("target line %q: want %q", r.Target, want)
		}
	}
	if strings.Contains(r.Target, "Master") {
		t.Errorf("target line %q names a Master the card does not have", r.Target)
	}
}
