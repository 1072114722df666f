package main

import (
	"strings"
	"testing"
)

// TestCastMasterDefenceNamed: a target with Master X (esoteric) defends against
// a cast without the free reroll of its pool; kharn odds --cast says so, and
// only for such a target (sim/rules.go row "Master X (esoteric) on a defence
// against a spell"; seed 000 l.1636, seed 004 l.1569).
func TestCastMasterDefenceNamed(t *testing.T) {
	const note = "not modelled: Master X (esoteric) on a defence against a spell"
	out, errOut, code := runCLI(t, "odds", "--cast", "spark-of-will", "-a", "bone-seer-2", "-d", "fang-witch-3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, note+": fang-witch-3") {
		t.Errorf("fang-witch-3 (master: esoteric) as the target: no %q in\n%s", note, out)
	}
	out, errOut, code = runCLI(t, "odds", "--cast", "spark-of-will", "-a", "bone-seer-2", "-d", "paladin-3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if strings.Contains(out, note) {
		t.Errorf("paladin-3 has no Master X, yet the output names it:\n%s", out)
	}
}
