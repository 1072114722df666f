package sim_test

import (
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// A defender counters only an attacker within its counter reach: seed 000
// line 1098 ("when defending in a melee, his opponent must be within his
// weapon reach"), line 1644 and seed 004 lines 1508-1510 (a weapon's reach
// lets its wielder "attack and defend and inflict damage and effects as far
// as X"). Beyond it a 2 or 3 AP defence still stops the attack, with no
// damage and no effect (Exchange.BeyondCounterReach).

// reachExchange is a 2 AP PA attack of a fighter on a veteran holding a maul
// (counters of 1D5+1, armour-piercing 2) through the attacker's half-plate;
// beyond puts the attacker beyond the veteran's counter reach.
func reachExchange(beyond bool, pol sim.Policy) *sim.Exchange {
	att := sim.NewFighter(safar("fighter", 2, stats4(4, 5, 4, 3), 3), []*profiles.Equipment{club, wear(halfPlate)})
	def := sim.NewFighter(safar("veteran", 3, stats4(3, 4, 4, 6), 4), []*profiles.Equipment{maul})
	return &sim.Exchange{Attacker: att, Defender: def, Policy: pol, BeyondCounterReach: beyond,
		Attack: sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.C), Effects: sim.CharsOf(sim.P)}}
}

// reachSamplerCases are the sampler-against-exact cases of an attacker
// beyond the defender's counter reach (TestSamplerAgainstExact).
func reachSamplerCases() []samplerCase {
	return []samplerCase{
		{"beyond counter reach: best response, AP worth 1 HP, maul", func() *sim.Exchange {
			return reachExchange(true, sim.Policy{APValue: 1, AttackReroll: 5, DefenceMastery: true})
		}},
		{"beyond counter reach: fixed 3 AP defence ACC, free attack", func() *sim.Exchange {
			ex := reachExchange(true, fixed(sim.Defence{AP: 3, Chars: sim.CharsOf(sim.A, sim.C, sim.C)}))
			ex.Attack = sim.Attack{AP: 3, Chars: sim.CharsOf(sim.P, sim.A, sim.C), Effects: sim.CharsOf(sim.P, sim.A)}
			return ex
		}},
	}
}

// TestCounterReachExact compares the exact exchange within and beyond the
// defender's counter reach: beyond it the attacker loses no HP to counters,
// is never repelled, and the best response, which no longer earns a counter
// from its 2-3 AP defences, spends fewer AP; the attack's own odds against a
// fixed defence do not change.
func TestCounterReachExact(t *testing.T) {
	pol := sim.Policy{APValue: 1}
	near, far := exact(t, reachExchange(false, pol)), exact(t, reachExchange(true, pol))
	if near.ExpectedCounter <= 0.5 {
		t.Fatalf("within reach: expected counter %.4f, want the maul's counters", near.ExpectedCounter)
	}
	if far.ExpectedCounter != 0 || len(far.CounterPMF) > 1 || far.PAttackerRepelled != 0 {
		t.Errorf("beyond reach: expected counter %.4g, counter PMF %v, P(repelled) %.4g; want none", far.ExpectedCounter, far.CounterPMF, far.PAttackerRepelled)
	}
	if far.ExpectedDefenceAP >= near.ExpectedDefenceAP-0.05 {
		t.Errorf("best response spends %.4f AP beyond reach, %.4f within: want fewer once a counter is out of reach", far.ExpectedDefenceAP, near.ExpectedDefenceAP)
	}

	// A fixed 3 AP defence with a C effect: the same roll either way, so the
	// same success, but no counter nor repel beyond reach (R11, R11a).
	d := sim.Defence{AP: 3, Chars: sim.CharsOf(sim.A, sim.C, sim.C)}
	fn, ff := exact(t, reachExchange(false, fixed(d))), exact(t, reachExchange(true, fixed(d)))
	if fn.PSuccess != ff.PSuccess || fn.ExpectedDamage != ff.ExpectedDamage {
		t.Errorf("fixed defence: P(success) %.6f vs %.6f, damage %.6f vs %.6f; want the same", fn.PSuccess, ff.PSuccess, fn.ExpectedDamage, ff.ExpectedDamage)
	}
	if fn.ExpectedCounter <= 0 || fn.PAttackerRepelled <= 0 {
		t.Errorf("fixed 3 AP defence within reach: counter %.4f, repelled %.4f; want both", fn.ExpectedCounter, fn.PAttackerRepelled)
	}
	if ff.ExpectedCounter != 0 || ff.PAttackerRepelled != 0 {
		t.Errorf("fixed 3 AP defence beyond reach: counter %.4f, repelled %.4f; want none", ff.ExpectedCounter, ff.PAttackerRepelled)
	}
}
