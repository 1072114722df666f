package sim_test

import (
	"math"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// TestExchangeCritDrain checks the staff's "3 AP instead of the CH bonus in
// combat" in a single exchange (skills.md 3.2; Exchange.CritDrain,
// sim/cardcrit.go): a melee attack's CH adds no stature (R9, R9a), so the
// exact damage distribution of a stature 3 attacker with the card is that
// of the same attacker at stature 0 without it, while P(success) and
// P(CH and success) stay those of the plain exchange and the plain
// distribution differs; a Bite's CH puts no bleeding 2 (R18); a shot keeps
// its doubled CH; the sampler agrees with the exact P(success), P(CH and
// success) and damage distribution (99.99% Wilson intervals).
func TestExchangeCritDrain(t *testing.T) {
	att := sim.NewFighter(safar("staff", 2, stats4(4, 4, 4, 2), 3), []*profiles.Equipment{club})
	flat := sim.NewFighter(safar("staff", 2, stats4(4, 4, 4, 2), 0), []*profiles.Equipment{club})
	def := sim.NewFighter(safar("victim", 1, stats4(3, 3, 3, 3), 3), []*profiles.Equipment{club})
	for _, spec := range []string{"2:VP:P", "3:VPA:PA"} {
		a, _, err := sim.ParseAttack(spec)
		if err != nil {
			t.Fatal(err)
		}
		drain := sim.Exchange{Attacker: att, Defender: def, Attack: a, CritDrain: true}
		got := exact(t, &drain)
		plain := exact(t, &sim.Exchange{Attacker: att, Defender: def, Attack: a})
		noStature := exact(t, &sim.Exchange{Attacker: flat, Defender: def, Attack: a})
		if math.Abs(got.PSuccess-plain.PSuccess) > 1e-12 || math.Abs(got.PCriticalSuccess-plain.PCriticalSuccess) > 1e-12 {
			t.Errorf("%s: P(success) %.6f, P(CH success) %.6f with the card; %.6f, %.6f plain", spec, got.PSuccess, got.PCriticalSuccess, plain.PSuccess, plain.PCriticalSuccess)
		}
		if !(plain.PCriticalSuccess > 0.01) || !(plain.ExpectedDamage > got.ExpectedDamage+0.02) {
			t.Errorf("%s: P(CH success) %.4f; damage %.4f plain, %.4f with the card", spec, plain.PCriticalSuccess, plain.ExpectedDamage, got.ExpectedDamage)
		}
		for d := range max(len(got.DamagePMF), len(noStature.DamagePMF)) {
			if g, w := pmf(got.DamagePMF, d), pmf(noStature.DamagePMF, d); math.Abs(g-w) > 1e-12 {
				t.Errorf("%s: P(damage %d) %.6g with the card, want %.6g (no stature bonus)", spec, d, g, w)
			}
		}
		s := sampleExchange(t, &drain, [2]uint64{5, 9}, 100_000)
		checkWilson(t, spec+": sampled P(success)", s.success, s.n, got.PSuccess)
		checkWilson(t, spec+": sampled P(CH success)", s.critSucc, s.n, got.PCriticalSuccess)
		checkPMF(t, spec+" damage with the staff", s.damage, s.n, got.DamagePMF)
	}

	// A Bite: its CH bonus is the bleeding 2 (R18); with the card, a CH
	// bleeds as any hit of it does, so no more than without a CH.
	bite := sim.Attack{Kind: sim.Bite, AP: 2}
	biter := sim.NewFighter(beast(2, skill("bite")), nil)
	prey := sim.NewFighter(safar("prey", 1, stats4(3, 3, 3, 3), 2), nil)
	bitePlain := exact(t, &sim.Exchange{Attacker: biter, Defender: prey, Attack: bite})
	biteDrain := exact(t, &sim.Exchange{Attacker: biter, Defender: prey, Attack: bite, CritDrain: true})
	if !(bitePlain.ExpectedBleeding > 0.01) || biteDrain.ExpectedBleeding != 0 {
		t.Errorf("Bite: expected bleeding %.4f plain, %.4f with the card (want 0: its CH's bleeding 2 traded)", bitePlain.ExpectedBleeding, biteDrain.ExpectedBleeding)
	}

	// A shot is no combat: its CH still doubles.
	shooter := sim.NewFighter(safar("staff", 2, stats4(4, 4, 4, 2), 3), []*profiles.Equipment{bow})
	shot, _, err := sim.ParseAttack("shot:2:VA")
	if err != nil {
		t.Fatal(err)
	}
	shotPlain := exact(t, &sim.Exchange{Attacker: shooter, Defender: def, Attack: shot})
	shotDrain := exact(t, &sim.Exchange{Attacker: shooter, Defender: def, Attack: shot, CritDrain: true})
	if math.Abs(shotPlain.ExpectedDamage-shotDrain.ExpectedDamage) > 1e-12 {
		t.Errorf("a shot: damage %.6f plain, %.6f with the card", shotPlain.ExpectedDamage, shotDrain.ExpectedDamage)
	}
}

// cardCritSkirmish is an invented battle: two mongo warriors whose list's
// staff takes 3 AP instead of the CH bonus in combat (card_crit_drain;
// skills.md 3.2), against two Khérops warriors.
func cardCritSkirmish(t testing.TB, card bool) *sim.Skirmish {
	a := cardSide(t, []string{"mongo-warrior-2", "mongo-warrior-2"}, 60, 60)
	if card {
		a.CardCritDrains = []profiles.CardCritDrain{{By: profiles.Selector{Profiles: []string{"mongo-warrior-2"}}, AP: 3}}
	}
	return againstTwoWarriors(t, a)
}

// TestCardCritSkirmish plays the staff's CH trade (skills.md 3.2;
// sim/cardcrit.go) in whole battles: the trace shows a CH taking AP
// instead of its bonus; warm battles allocate nothing.
func TestCardCritSkirmish(t *testing.T) {
	pl, tr := playTraced(t, cardCritSkirmish(t, true), [2]uint64{7, 3}, 100, nil)
	checkTraceSays(t, tr, 100, "mongo-warrior-2's CH takes ", "instead of its CH bonus (card_crit_drain)")
	checkWarmAllocs(t, pl, 200, "battle with the staff's CH trade")
}
