package sim_test

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestGameEndsAtEndOfRound checks R16a (seed 000 line 460: "if, before the end
// of the game one Spearhead has been wiped out, the game ends at the end of the
// current round"): in traced battles of kharns-300 against kherops-300, the
// Safars of the winning side that had not activated yet when the last enemy fell
// still activate in that round, and nobody attacks any more.
func TestGameEndsAtEndOfRound(t *testing.T) {
	c := skirmishCases[0]
	after := 0
	for seed := uint64(1); seed <= 40; seed++ {
		p := c.player(t)
		var b bytes.Buffer
		p.SetTrace(&b)
		res := p.Play(rand.NewPCG(seed, 0))
		if res.Winner != 0 && res.Winner != 1 {
			continue
		}
		lines := strings.Split(b.String(), "\n")
		last := -1 // the line of the last defeat
		for k, l := range lines {
			if strings.HasSuffix(l, "is defeated") || strings.HasSuffix(l, "leaves the battlefield") {
				last = k
			}
		}
		if last < 0 {
			continue
		}
		for _, l := range lines[last+1:] {
			if strings.HasPrefix(l, "Round ") {
				t.Errorf("seed %d: a new round after the wipe-out: %q", seed, l)
			}
			if strings.Contains(l, " attacks ") {
				t.Errorf("seed %d: an attack after the wipe-out: %q", seed, l)
			}
			if strings.Contains(l, " activates: ") {
				after++
			}
		}
	}
	if after == 0 {
		t.Error("in 40 battles no Safar activated after its side wiped out the other: the game ended at once (R16a)")
	}
}
