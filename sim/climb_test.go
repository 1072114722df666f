package sim_test

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestWatchtowerClimbs checks that the default policy climbs in whole
// battles: on the watchtower (an illustrative scenario with a 2.5-toise tower
// base and 2-toise outcrops, profiles/data/scenarios/watchtower.yaml) the
// fangs-300 list, whose fang witch and greedy have the velocity and AP to pay
// a climb, climbs onto a top in some of 40 seeded battles against
// black-guild-300 and jumps down from one (60 traced battles of six pairs of
// lists showed 7 climbs onto a top and 2 jumps down, docs/design-skirmish.md).
// Before sim/climb.go no walk crossed scenery taller than 1.5 toises.
func TestWatchtowerClimbs(t *testing.T) {
	c := skirmishCase{name: "fangs-black-guild-300-watchtower", a: "fangs-300", b: "black-guild-300", scenario: "watchtower"}
	pl := c.player(t)
	var b strings.Builder
	pl.SetTrace(&b)
	r := rand.NewPCG(1, 0)
	for range 40 {
		pl.Play(r)
	}
	trace := b.String()
	for _, want := range []string{" climbs onto a ", " jumps down from a "} {
		if !strings.Contains(trace, want) {
			t.Errorf("no Safar%s2-toise or higher top in 40 battles on the watchtower", want)
		}
	}
}
