package sim_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
	"github.com/kharn-ages/kharn/stats"
)

// TestExchangeAttackBonus checks Exchange.AttackBonus and DamageBonus (an
// ambusher's first attack, sim/ambush.go) against the weapon's own bonus,
// the exact engine's oracle: +2 to the threshold and +1 damage give the
// figures of the same attack with a weapon of +2 in attack and +1 damage;
// the sampler agrees with the exact figure in a 99.99% Wilson interval.
func TestExchangeAttackBonus(t *testing.T) {
	att := sim.NewFighter(safar("cutthroat", 1, stats4(4, 3, 4, 2), 3), []*profiles.Equipment{club})
	def := sim.NewFighter(safar("warrior", 1, stats4(4, 4, 3, 3), 3), []*profiles.Equipment{club})
	a := sim.Attack{Kind: sim.Melee, AP: 2, Chars: sim.CharsOf(sim.V, sim.P), DamageChar: sim.P, DamageChosen: true}
	bonus := sim.Exchange{Attacker: att, Defender: def, Attack: a, AttackBonus: 2, DamageBonus: 1}
	w := *att.Melee
	w.Effects.AttackBonus += 2
	w.Effects.DamageBonus += 1
	weapon := sim.Exchange{Attacker: att.WithWeapon(&w), Defender: def, Attack: a}
	plain := sim.Exchange{Attacker: att, Defender: def, Attack: a}
	got, want, base := exact(t, &bonus), exact(t, &weapon), exact(t, &plain)
	if math.Abs(got.PSuccess-want.PSuccess) > 1e-12 || math.Abs(got.ExpectedDamage-want.ExpectedDamage) > 1e-12 {
		t.Errorf("bonus: P(success) %.6f, damage %.6f; weapon +2/+1: %.6f, %.6f", got.PSuccess, got.ExpectedDamage, want.PSuccess, want.ExpectedDamage)
	}
	if !(got.PSuccess > base.PSuccess && got.ExpectedDamage > base.ExpectedDamage) {
		t.Errorf("bonus: P(success) %.6f, damage %.6f; none: %.6f, %.6f", got.PSuccess, got.ExpectedDamage, base.PSuccess, base.ExpectedDamage)
	}
	sm, err := bonus.NewSampler()
	if err != nil {
		t.Fatal(err)
	}
	const n = 100_000
	r := rand.NewPCG(5, 6)
	var c sampleCounts
	for range n {
		c.add(sm.Sample(r))
	}
	if lo, hi := stats.Wilson(c.success, n, 0.9999); got.PSuccess < lo || got.PSuccess > hi {
		t.Errorf("sampled P(success) [%.4f, %.4f], exact %.4f", lo, hi, got.PSuccess)
	}
}
