package sim_test

import (
	"math"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// TestExchangeDoubleDamage checks a special card's double damage against a
// poisoned target in a single exchange (skills.md 3.2; Exchange.DoubleDamage,
// sim/carddouble.go): against a Safar with no armour, the exact damage
// distribution is the plain one with every value doubled (the main attack's
// and its free attacks' damage, CH bonus included), P(success) and the
// counter damage unchanged; against plate, more damage than without; the
// sampler agrees with the exact P(success) and damage distribution (99.99%
// Wilson intervals).
func TestExchangeDoubleDamage(t *testing.T) {
	att := sim.NewFighter(safar("poisoner", 2, stats4(4, 4, 4, 2), 3), []*profiles.Equipment{club})
	def := sim.NewFighter(safar("victim", 1, stats4(3, 3, 3, 3), 3), []*profiles.Equipment{club})
	plated := sim.NewFighter(safar("victim", 1, stats4(3, 3, 3, 3), 3), []*profiles.Equipment{club, wear(plate)})
	for _, spec := range []string{"2:VP:P", "3:VPA:PA"} {
		a, _, err := sim.ParseAttack(spec)
		if err != nil {
			t.Fatal(err)
		}
		double := sim.Exchange{Attacker: att, Defender: def, Attack: a, DoubleDamage: true}
		plain := sim.Exchange{Attacker: att, Defender: def, Attack: a}
		got, base := exact(t, &double), exact(t, &plain)
		if math.Abs(got.PSuccess-base.PSuccess) > 1e-12 || math.Abs(got.ExpectedCounter-base.ExpectedCounter) > 1e-12 {
			t.Errorf("%s: P(success) %.6f, counter %.6f doubled; %.6f, %.6f plain", spec, got.PSuccess, got.ExpectedCounter, base.PSuccess, base.ExpectedCounter)
		}
		for d := range max(len(got.DamagePMF), 2*len(base.DamagePMF)) {
			want := 0.0
			if d%2 == 0 {
				want = pmf(base.DamagePMF, d/2)
			}
			if g := pmf(got.DamagePMF, d); math.Abs(g-want) > 1e-12 {
				t.Errorf("%s: P(damage %d) %.6g doubled, want %.6g (P(damage %d) plain)", spec, d, g, want, d/2)
			}
		}
		onPlate := exact(t, &sim.Exchange{Attacker: att, Defender: plated, Attack: a, DoubleDamage: true})
		plainPlate := exact(t, &sim.Exchange{Attacker: att, Defender: plated, Attack: a})
		if !(onPlate.ExpectedDamage > plainPlate.ExpectedDamage+0.1) {
			t.Errorf("%s: on plate, %.4f doubled, %.4f plain", spec, onPlate.ExpectedDamage, plainPlate.ExpectedDamage)
		}
		for _, ex := range []*sim.Exchange{&double, {Attacker: att, Defender: plated, Attack: a, DoubleDamage: true}} {
			want := exact(t, ex)
			s := sampleExchange(t, ex, [2]uint64{3, 4}, 100_000)
			checkWilson(t, spec+": sampled P(success)", s.success, s.n, want.PSuccess)
			checkPMF(t, spec+" doubled damage", s.damage, s.n, want.DamagePMF)
		}
	}
}
