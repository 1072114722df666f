package sim

import (
	"errors"
	"strings"
	"testing"
)

// TestCheckDefenceAllocs checks that asking whether a defence is legal without
// its message (describe false, as Exchange.candidates asks for every new plan
// of a battle) allocates nothing, and that with describe the same refusal still
// names its rule. Before, every refusal boxed its message's arguments whether
// or not the message was written: with the plans' caches in chunks
// (planalloc.go), that was 38% of what a warm battle still allocated (issue
// #13, docs/benchmarks.md "Fifth round").
func TestCheckDefenceAllocs(t *testing.T) {
	def := fighterOf(t, "kherops-warrior-2")
	def.AP = 2 // a defender with 2 AP left
	ex := &Exchange{Attacker: fighterOf(t, "paladin-3"), Defender: def,
		Attack: Attack{AP: 2, Chars: CharsOf(P, A)}}
	if err := ex.Prepare(); err != nil {
		t.Fatal(err)
	}
	illegal := []struct {
		d    Defence
		rule string
	}{
		{Defence{AP: 3, Chars: CharsOf(P, A, C)}, "R14"}, // more AP than it holds
		{Defence{AP: 2, Chars: CharsOf(P)}, "R7"},        // 2 AP, one characteristic
		{Defence{AP: 1, Chars: CharsOf(C)}, "R7"},        // shares nothing with the attack
	}
	for _, c := range illegal {
		err := ex.checkDefence(c.d, false, false)
		if !errors.Is(err, errIllegal) {
			t.Fatalf("checkDefence(%v, describe false) = %v, want errIllegal", c.d, err)
		}
		if err := ex.checkDefence(c.d, false, true); err == nil || !strings.Contains(err.Error(), c.rule) {
			t.Errorf("checkDefence(%v, describe true) = %v, want a message naming %s", c.d, err, c.rule)
		}
	}
	if allocsRaceEnabled {
		t.Skip("the race detector allocates")
	}
	n := testing.AllocsPerRun(200, func() {
		for _, c := range illegal {
			_ = ex.checkDefence(c.d, false, false)
		}
	})
	if n != 0 {
		t.Errorf("checkDefence without describe: %v allocations per %d refusals, want 0", n, len(illegal))
	}
}
