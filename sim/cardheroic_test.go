package sim_test

import (
	"math"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// TestExchangeHeroicAttack checks a special card's Heroic attack in a single
// exchange (skills.md 3.2; Exchange.HeroicAttack, sim/cardheroic.go): the
// exact figures of a melee attack are those of the same attacker with the
// skill Heroic attack (skills.md #14), better than without; the sampler
// agrees with the exact P(success) and damage distribution (99.99% Wilson
// intervals).
func TestExchangeHeroicAttack(t *testing.T) {
	att := sim.NewFighter(safar("warrior", 2, stats4(4, 4, 4, 2), 3), []*profiles.Equipment{club})
	hero := sim.NewFighter(safar("warrior", 2, stats4(4, 4, 4, 2), 3, profiles.Skill{Name: profiles.SkillHeroic, Field: profiles.Offensive}), []*profiles.Equipment{club})
	def := sim.NewFighter(safar("victim", 2, stats4(3, 3, 3, 3), 3), []*profiles.Equipment{club})
	for _, spec := range []string{"2:VP:P", "3:VPA:PA"} {
		a, _, err := sim.ParseAttack(spec)
		if err != nil {
			t.Fatal(err)
		}
		card := sim.Exchange{Attacker: att, Defender: def, Attack: a, HeroicAttack: true}
		got, want, base := exact(t, &card), exact(t, &sim.Exchange{Attacker: hero, Defender: def, Attack: a}), exact(t, &sim.Exchange{Attacker: att, Defender: def, Attack: a})
		if math.Abs(got.PSuccess-want.PSuccess) > 1e-12 || math.Abs(got.ExpectedDamage-want.ExpectedDamage) > 1e-12 {
			t.Errorf("%s: card P(success) %.6f, damage %.6f; skill %.6f, %.6f", spec, got.PSuccess, got.ExpectedDamage, want.PSuccess, want.ExpectedDamage)
		}
		if !(got.PSuccess > base.PSuccess+0.01) {
			t.Errorf("%s: P(success) %.4f with Heroic attack, %.4f without", spec, got.PSuccess, base.PSuccess)
		}
		s := sampleExchange(t, &card, [2]uint64{5, 6}, 100_000)
		checkWilson(t, spec+": sampled P(success)", s.success, s.n, got.PSuccess)
		checkPMF(t, spec+" damage", s.damage, s.n, got.DamagePMF)
	}
}
