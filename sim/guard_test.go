package sim_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
	"github.com/kharn-ages/kharn/stats"
)

// TestExchangeGuardBonus checks Exchange.GuardBonus, the "+4 to that
// defence" of a Safar defending in place of an ally (skills.md section 3,
// pattern A; sim/guard.go), against the exact engine's oracle, a weapon's
// defence bonus (R9): with no free attack, +4 to the defence gives the
// figures of the same defender holding a club of +4 in defence, and fewer
// successes than without; with an A effect, whose free attack is a later
// defensive action the bonus does not reach, more damage than the weapon's
// (which helps every defence). The sampler agrees with the exact P(success)
// and damage distribution (99.99% Wilson intervals).
func TestExchangeGuardBonus(t *testing.T) {
	att := sim.NewFighter(safar("cutthroat", 1, stats4(4, 4, 4, 2), 3), []*profiles.Equipment{club})
	def := sim.NewFighter(safar("servant", 1, stats4(3, 3, 3, 3), 3), []*profiles.Equipment{club})
	w := *club
	w.Effects.DefenceBonus += 4
	armed := def.WithWeapon(&w)
	for _, c := range []struct {
		spec  string
		equal bool // no free attack: the bonus is the weapon's
	}{{"2:VP:P", true}, {"3:VPA:PA", false}} {
		a, _, err := sim.ParseAttack(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		bonus := sim.Exchange{Attacker: att, Defender: def, Attack: a, GuardBonus: 4}
		weapon := sim.Exchange{Attacker: att, Defender: armed, Attack: a}
		plain := sim.Exchange{Attacker: att, Defender: def, Attack: a}
		got, want, base := exact(t, &bonus), exact(t, &weapon), exact(t, &plain)
		if c.equal {
			if math.Abs(got.PSuccess-want.PSuccess) > 1e-12 || math.Abs(got.ExpectedDamage-want.ExpectedDamage) > 1e-12 || math.Abs(got.ExpectedCounter-want.ExpectedCounter) > 1e-12 {
				t.Errorf("%s: bonus P(success) %.6f, damage %.6f, counter %.6f; weapon +4: %.6f, %.6f, %.6f", c.spec,
					got.PSuccess, got.ExpectedDamage, got.ExpectedCounter, want.PSuccess, want.ExpectedDamage, want.ExpectedCounter)
			}
		} else if !(got.ExpectedDamage > want.ExpectedDamage+1e-9) || math.Abs(got.PSuccess-want.PSuccess) > 1e-12 {
			t.Errorf("%s: bonus P(success) %.6f, damage %.6f; weapon +4 (every defence): %.6f, %.6f; want the same main defence and more damage from the free attack",
				c.spec, got.PSuccess, got.ExpectedDamage, want.PSuccess, want.ExpectedDamage)
		}
		if !(got.PSuccess < base.PSuccess-0.01) {
			t.Errorf("%s: P(success) %.4f with +4, %.4f without", c.spec, got.PSuccess, base.PSuccess)
		}
		sm, err := bonus.NewSampler()
		if err != nil {
			t.Fatal(err)
		}
		const n = 100_000
		r := rand.NewPCG(7, 8)
		var s sampleCounts
		for range n {
			s.add(sm.Sample(r))
		}
		if lo, hi := stats.Wilson(s.success, n, 0.9999); got.PSuccess < lo || got.PSuccess > hi {
			t.Errorf("%s: sampled P(success) [%.4f, %.4f], exact %.4f", c.spec, lo, hi, got.PSuccess)
		}
		checkPMF(t, c.spec+" damage", s.damage, n, got.DamagePMF)
	}
	bad := sim.Exchange{Attacker: att, Defender: def, Attack: sim.Attack{Kind: sim.Melee, AP: 1, Chars: sim.CharsOf(sim.V)}, GuardBonus: -1}
	if _, err := bad.Exact(); err == nil {
		t.Error("a negative guard bonus: no error")
	}
}
