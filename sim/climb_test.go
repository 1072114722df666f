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
// a climb, climbs onto a top in some of 400 seeded battles against
// black-guild-300. A walk climbs only where going round fails
// (engine.climbInstead); since walks go round the piece that stops them
// (engine.route) climbs are rarer: 4 onto a top in these 400 battles, none in
// the first 40, where there were climbs and jumps down before (60 traced
// battles of six pairs of lists showed 7 climbs onto a top and 2 jumps down
// then, docs/design-skirmish.md). Jumps down are checked on a constructed
// position (TestJumpDown, climb_internal_test.go). Before sim/climb.go no
// walk crossed scenery taller than 1.5 toises.
func TestWatchtowerClimbs(t *testing.T) {
	c := skirmishCase{name: "fangs-black-guild-300-watchtower", a: "fangs-300", b: "black-guild-300", scenario: "watchtower"}
	pl := c.player(t)
	var b strings.Builder
	pl.SetTrace(&b)
	r := rand.NewPCG(1, 0)
	for range 400 {
		pl.Play(r)
	}
	if !strings.Contains(b.String(), " climbs onto a ") {
		t.Errorf("no Safar climbs onto a 2-toise or higher top in 400 battles on the watchtower")
	}
}
