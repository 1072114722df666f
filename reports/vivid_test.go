package reports

import (
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/sim"
)

// TestVividAttackNames: an odds table and a single result tell a Vivacity
// attack (skills.md #33) from the plain attack of the same characteristics.
func TestVividAttackNames(t *testing.T) {
	a := sim.Attack{AP: 2, Chars: sim.CharsOf(sim.A, sim.A), Effects: sim.CharsOf(sim.A), DamageChar: sim.A}
	v := a
	v.Vivid = true
	if attackName(a) == attackName(v) || !strings.Contains(attackName(v), "+vivacity") {
		t.Errorf("table names %q and %q: the vivid attack is not told apart", attackName(a), attackName(v))
	}
	if !strings.Contains(describeAttack(v), "Vivacity") || strings.Contains(describeAttack(a), "Vivacity") {
		t.Errorf("descriptions %q and %q: want Vivacity named for the vivid attack only", describeAttack(a), describeAttack(v))
	}
}
