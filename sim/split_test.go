package sim_test

import (
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
	"github.com/kharn-ages/kharn/stats"
)

// splitCase is an Ambidextrous Safar with a sword (bleeding 1, CH 9-10) and a
// club, and Bloodlust 2, against a level 2 defender in plate with a shield and
// a defensive mastery die: the second attack meets what the first left (AP,
// armour and shield boxes, dice, the bleeding its Bloodlust reads).
func splitCase() *sim.Split {
	twin := withMastery(safar("twin", 2, stats4(3, 4, 4, 3), 3, skill(profiles.SkillAmbidextrous),
		profiles.Skill{Name: profiles.SkillBloodlust, Value: 2}), profiles.Offensive)
	guard := withMastery(safar("guard", 2, stats4(3, 3, 4, 4), 3), profiles.Defensive)
	guard.Armour = plate
	def := sim.NewFighter(guard, []*profiles.Equipment{club, shield})
	att := sim.NewFighter(twin, []*profiles.Equipment{sword, club})
	first := sim.Exchange{Attacker: att.WithWeapon(sword), Defender: def,
		Attack: sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.P)}, Policy: sim.DefaultPolicy, Assault: true}
	second := sim.Exchange{Attacker: att.WithWeapon(club), Defender: def,
		Attack: sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.A)}, Policy: sim.DefaultPolicy}
	return &sim.Split{First: first, Second: second}
}

// TestSplitSamplerExact checks the exact Ambidextrous split (skills.md #21:
// "a 3 AP attack may be resolved instead as two successive 2 AP attacks, each
// weapon used once (two separate exchanges, each defended ...)"; the assault
// bonus on the first only, "Open", R8a) against its sampler: the damage and
// counter distributions and both attacks' success rates lie in the 99.99%
// Wilson intervals of 10^5 sampled splits.
func TestSplitSamplerExact(t *testing.T) {
	sp := splitCase()
	res, err := sp.Exact()
	if err != nil {
		t.Fatal(err)
	}
	sm, err := sp.NewSampler()
	if err != nil {
		t.Fatal(err)
	}
	const n = 100000
	r := rand.NewPCG(21, 1)
	var dmg, ctr []int
	s1, s2 := 0, 0
	grow := func(c []int, k int) []int {
		for len(c) <= k {
			c = append(c, 0)
		}
		c[k]++
		return c
	}
	for range n {
		a, b := sm.Sample(r)
		dmg = grow(dmg, a.Damage+b.Damage)
		ctr = grow(ctr, a.Counter+b.Counter)
		if a.Success {
			s1++
		}
		if b.Success {
			s2++
		}
	}
	checkPMF(t, "split damage", dmg, n, res.DamagePMF)
	checkPMF(t, "split counter damage", ctr, n, res.CounterPMF)
	for _, c := range []struct {
		what string
		k    int
		p    float64
	}{{"first attack succeeds", s1, res.PFirst}, {"second attack succeeds", s2, res.PSecond}} {
		lo, hi := stats.Wilson(c.k, n, 0.9999)
		if c.p < lo || c.p > hi {
			t.Errorf("%s: %d of %d, 99.99%% interval [%.5f, %.5f], exact %.5f", c.what, c.k, n, lo, hi, c.p)
		}
	}
	// The split is more than the first attack alone, and its second attack
	// meets fewer AP than a fresh one: it succeeds more often.
	alone, err := sp.Second.Exact()
	if err != nil {
		t.Fatal(err)
	}
	if !(res.PSecond > alone.PSuccess) || !(res.ExpectedDamage > alone.ExpectedDamage) {
		t.Errorf("second attack: P %.4f after the first, %.4f alone; E[damage] of the split %.4f", res.PSecond, alone.PSuccess, res.ExpectedDamage)
	}
}

// TestSplitRules checks what a split needs (skills.md #21): Ambidextrous,
// two 2 AP melee attacks, two weapons.
func TestSplitRules(t *testing.T) {
	sp := splitCase()
	bad := *sp
	bad.Second.Attack = sim.Attack{AP: 3, Chars: sim.CharsOf(sim.P, sim.A, sim.A), Effects: sim.CharsOf(sim.P, sim.A)}
	if _, err := bad.Exact(); err == nil {
		t.Error("a 3 AP second attack was accepted")
	}
	bad = *sp
	bad.Second.Attacker = bad.First.Attacker
	if _, err := bad.Exact(); err == nil {
		t.Error("the same weapon twice was accepted")
	}
	plain := *sp.First.Attacker
	plain.Skills.Ambidextrous = false
	bad = *sp
	bad.First.Attacker = &plain
	if _, err := bad.Exact(); err == nil {
		t.Error("a split without Ambidextrous was accepted")
	}
}
