package sim

import (
	"math"
	"testing"
)

// TestPlanKeyRanged: the defender's reserve (engine.plan) counts the
// attacker's shots only while its shooting weapon is in hand
// (combatant.ranged, switched for 1 AP: engine.do's actSwitch). The plan
// key lacked that state, so a plan cached for a crossbowman with its
// crossbow in hand gave the reserve of that state to the same attack made
// with the dagger in hand, and the other way round. Each plan's reserve must
// be minus the attacker's rest of activation in its own state.
func TestPlanKeyRanged(t *testing.T) {
	e := posEngine(t, "guild-crossbowman-2", "kherops-warrior-1")
	att, def := e.c[0].kind, e.c[2].kind
	if e.kinds[att].Ranged == nil {
		t.Fatal("guild-crossbowman-2 has no shooting weapon: not a test of the ranged state")
	}
	n := plainMeleeOpt(e, att, def)
	if n < 0 {
		t.Fatal("no 2 AP melee option of guild-crossbowman-2 against kherops-warrior-1")
	}
	opt := &e.opts[att][def][n]
	const apLeft = 3
	differ := false
	var first [8]float64
	for _, ranged := range []bool{true, false} {
		e.c[0].ranged = ranged
		key := e.canonical(planKey{att: int8(att), def: int8(def), apLeft: apLeft, opt: int16(n), band: bandEffective, attRanged: ranged}, opt)
		r := e.plan(key, 0, opt).ex.Policy.Reserve
		if r == nil {
			t.Fatal("no reserve on the plan: the default policy reserves")
		}
		always := func(o *fightOption) (int, int, bool) { return o.ap(), bandEffective, !o.shot || ranged }
		for k := range 8 {
			rest, _ := planDP(e.opts[att][def], apLeft, k, always, zero, 0, 0)
			if math.Abs(-r[k]-rest) > 1e-12 {
				t.Errorf("ranged %v, AP held %d: reserve %.6f, want -%.6f", ranged, k, r[k], rest)
			}
			if ranged {
				first[k] = rest
			} else if math.Abs(first[k]-rest) > 1e-12 {
				differ = true
			}
		}
	}
	if !differ {
		t.Error("the rest of activation is the same with the crossbow and with the dagger in hand: not a test of the key")
	}
}
