package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCastMasterDefencePlayed: a target with Master X (esoteric) rerolls its
// whole defence pool against a cast (seed 000 l.1636, seed 004 l.1569; sim/rules.go
// row "Master X (esoteric) on a defence against a spell"): kharn odds --cast
// gives fang-witch-3 (master: esoteric) a lower P(success) at every incantation
// than the same card without the skill, names the skill in the target's line,
// and no longer calls it not modelled.
func TestCastMasterDefencePlayed(t *testing.T) {
	// fang-witch-3 of profiles/data/fangs.yaml without "master: esoteric".
	plain := filepath.Join(t.TempDir(), "witch.yaml")
	if err := os.WriteFile(plain, []byte(`id: fang-witch-3-plain
name: Fang Witch
faction: fangs
level: 3
cost: 110
limitation: U
stats: {V: 4, P: 2, A: 4, C: 3, T: 5, I: 6}
stature: 3
ap: 5
hp: 9
mastery:
  - [esoteric]
  - [esoteric, defensive]
  - [esoteric, objective]
skills:
  affinity: osteomancy
  bite: ~
equipment: [dagger]
`), 0o644); err != nil {
		t.Fatal(err)
	}
	type result struct {
		Target string   `json:"target"`
		Notes  []string `json:"notes"`
		Casts  []struct {
			AP       int     `json:"ap"`
			PSuccess float64 `json:"p_success"`
		} `json:"casts"`
	}
	cast := func(target string) result {
		t.Helper()
		out, errOut, code := runCLI(t, "odds", "--cast", "spark-of-will", "-a", "bone-seer-2", "-d", target, "--json")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", target, code, errOut)
		}
		var r result
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatalf("%s: %v\n%s", target, err, out)
		}
		return r
	}
	with, without := cast("fang-witch-3"), cast(plain)
	if len(with.Casts) != 3 || len(without.Casts) != 3 {
		t.Fatalf("want the three incantations, got %d and %d rows", len(with.Casts), len(without.Casts))
	}
	for i, c := range with.Casts {
		w := without.Casts[i]
		if !(c.PSuccess < w.PSuccess) {
			t.Errorf("%d AP: P(success) %.6f on fang-witch-3 (Master esoteric), %.6f without the skill: not lower", c.AP, c.PSuccess, w.PSuccess)
		}
	}
	if !strings.Contains(with.Target, "Master esoteric") || strings.Contains(without.Target, "Master esoteric") {
		t.Errorf("target lines: %q and %q; want Master esoteric named for fang-witch-3 only", with.Target, without.Target)
	}
	for _, n := range with.Notes {
		if strings.Contains(n, "Master X") {
			t.Errorf("note %q: Master X on a spell defence is played", n)
		}
	}
}
