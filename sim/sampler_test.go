package sim_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/internal/longtest"
	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
	"github.com/kharn-ages/kharn/stats"
)

// samplerCase is one exchange of the sampler-against-exact table.
type samplerCase struct {
	name string
	ex   func() *sim.Exchange
}

// samplerCases returns exchanges that between them use every rule the sampler
// and the exact engine share: weapons, armour, shields, free attacks, shots,
// best-response defences with counter damage, mastery and Master, both rules
// variants, Executioner, Sadistic, a discarded shield and special attacks.
func samplerCases() []samplerCase {
	fighter := safar("fighter", 2, stats4(4, 5, 4, 3), 3)
	guard := safar("guard", 2, stats4(3, 4, 4, 5), 3)
	sadist := safar("sadist", 2, stats4(4, 5, 4, 3), 3, skill("sadistic"))
	mk := func(att, def *sim.Fighter, a sim.Attack, pol sim.Policy) *sim.Exchange {
		return &sim.Exchange{Attacker: att, Defender: def, Attack: a, Policy: pol}
	}
	pa := sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.P)}
	cases := []samplerCase{
		{"bare hands, best response", func() *sim.Exchange {
			return mk(sim.NewFighter(fighter, nil), sim.NewFighter(guard, nil), pa, sim.Policy{})
		}},
		{"sword CH 9-10 bleeding, 1 AP defence", func() *sim.Exchange {
			return mk(sim.NewFighter(fighter, []*profiles.Equipment{sword}), sim.NewFighter(guard, nil), pa,
				fixed(sim.Defence{AP: 1, Chars: sim.CharsOf(sim.A)}))
		}},
		{"maul 1D5+1 armour-piercing vs plate", func() *sim.Exchange {
			return mk(sim.NewFighter(fighter, []*profiles.Equipment{maul}),
				sim.NewFighter(guard, []*profiles.Equipment{wear(plate)}),
				sim.Attack{AP: 3, Chars: sim.CharsOf(sim.P, sim.P, sim.C), Effects: sim.CharsOf(sim.P, sim.C),
					Fixed: true, DamageChosen: true}, sim.Policy{})
		}},
		{"club vs half-plate, reflex, Sadistic", func() *sim.Exchange {
			e := mk(sim.NewFighter(sadist, []*profiles.Equipment{club}),
				sim.NewFighter(guard, []*profiles.Equipment{wear(halfPlate)}), pa, fixed(sim.Defence{}))
			e.Policy.Sadistic = 1
			return e
		}},
		{"shield used, 2 AP defence with counter", func() *sim.Exchange {
			return mk(sim.NewFighter(fighter, []*profiles.Equipment{club}),
				sim.NewFighter(guard, []*profiles.Equipment{club, shield}), pa,
				fixed(sim.Defence{AP: 2, Chars: sim.CharsOf(sim.P, sim.C), Shield: true,
					Counter: sim.C, CounterDamage: true}))
		}},
		{"3 AP PA effects, free attack", func() *sim.Exchange {
			return mk(sim.NewFighter(fighter, []*profiles.Equipment{club}),
				sim.NewFighter(guard, []*profiles.Equipment{wear(halfPlate)}),
				sim.Attack{AP: 3, Chars: sim.CharsOf(sim.P, sim.A, sim.C), Effects: sim.CharsOf(sim.P, sim.A)}, sim.Policy{})
		}},
		{"classic shot, short range", func() *sim.Exchange {
			e := mk(sim.NewFighter(fighter, []*profiles.Equipment{bow}), sim.NewFighter(guard, nil),
				sim.Attack{Kind: sim.Shot, AP: 2, Chars: sim.CharsOf(sim.A, sim.A)}, sim.Policy{})
			e.Range = 1
			return e
		}},
		{"basic shot AV, long range, cover", func() *sim.Exchange {
			e := mk(sim.NewFighter(fighter, []*profiles.Equipment{bow}), sim.NewFighter(guard, nil),
				sim.Attack{Kind: sim.Shot, AP: 2, Chars: sim.CharsOf(sim.A, sim.V), Effects: sim.CharsOf(sim.A)}, sim.Policy{})
			e.Range, e.Cover = 8, 1
			return e
		}},
		{"mastery and Master on both sides", func() *sim.Exchange {
			att := withMastery(safar("master", 3, stats4(4, 5, 4, 3), 3, profiles.Skill{Name: "master", Field: profiles.Offensive}),
				profiles.Offensive, profiles.Offensive, profiles.Defensive)
			def := withMastery(safar("veteran", 3, stats4(3, 4, 5, 4), 3, profiles.Skill{Name: "master", Field: profiles.Defensive}),
				profiles.Defensive, profiles.Defensive)
			return mk(sim.NewFighter(att, []*profiles.Equipment{sword}), sim.NewFighter(def, []*profiles.Equipment{club}),
				sim.Attack{AP: 3, Chars: sim.CharsOf(sim.P, sim.A, sim.A), Effects: sim.CharsOf(sim.P, sim.A)}, sim.DefaultPolicy)
		}},
		{"ch-auto-success", func() *sim.Exchange {
			e := mk(sim.NewFighter(fighter, []*profiles.Equipment{sword}), sim.NewFighter(guard, nil), pa, sim.Policy{})
			e.Variant = sim.Variant{CHAutoSuccess: true}
			return e
		}},
		{"armour-level-dice", func() *sim.Exchange {
			e := mk(sim.NewFighter(fighter, []*profiles.Equipment{club}),
				sim.NewFighter(safar("knight", 3, stats4(3, 4, 4, 5), 3), []*profiles.Equipment{wear(plate)}),
				pa, fixed(sim.Defence{AP: 1, Chars: sim.CharsOf(sim.P)}))
			e.Variant = sim.Variant{ArmourLevelDice: true}
			return e
		}},
		{"Executioner 3 AP", func() *sim.Exchange {
			att := safar("headsman", 2, stats4(3, 5, 4, 4), 4, skill("executioner"))
			return mk(sim.NewFighter(att, []*profiles.Equipment{club}),
				sim.NewFighter(guard, []*profiles.Equipment{wear(halfPlate)}),
				sim.Attack{AP: 3, Chars: sim.CharsOf(sim.P, sim.P, sim.C), Effects: sim.CharsOf(sim.P, sim.P)}, sim.Policy{})
		}},
		{"Bunt", func() *sim.Exchange {
			return specialExchange(sim.Bunt, 4)
		}},
		{"shield discarded", func() *sim.Exchange {
			return mk(sim.NewFighter(fighter, []*profiles.Equipment{sword}),
				sim.NewFighter(guard, []*profiles.Equipment{shield, wear(halfPlate)}), pa,
				fixed(sim.Defence{Discard: true}))
		}},
		{"fixed 2 AP defence, counter with a maul through plate (R11a, R9a)", func() *sim.Exchange {
			return mk(sim.NewFighter(fighter, []*profiles.Equipment{club, wear(plate)}),
				sim.NewFighter(guard, []*profiles.Equipment{maul}), pa,
				fixed(sim.Defence{AP: 2, Chars: sim.CharsOf(sim.P, sim.C)}))
		}},
		{"best response, 3 AP counters with a maul through half-plate", func() *sim.Exchange {
			return mk(sim.NewFighter(fighter, []*profiles.Equipment{club, wear(halfPlate)}),
				sim.NewFighter(safar("veteran", 3, stats4(3, 4, 4, 6), 4), []*profiles.Equipment{maul}),
				sim.Attack{AP: 3, Chars: sim.CharsOf(sim.P, sim.A, sim.C), Effects: sim.CharsOf(sim.P, sim.A)}, sim.DefaultPolicy)
		}},
		{"Riposte: best response, counters with two effects (skills.md #24)", func() *sim.Exchange {
			def := safar("riposter", 2, stats4(4, 4, 4, 5), 3, skill("riposte"))
			return mk(sim.NewFighter(fighter, []*profiles.Equipment{club}),
				sim.NewFighter(def, []*profiles.Equipment{club, wear(halfPlate)}),
				sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.C), Effects: sim.CharsOf(sim.C)}, sim.Policy{})
		}},
		{"Cunning: best response, free attack, shield (skills.md #12)", func() *sim.Exchange {
			def := safar("cunning", 2, stats4(4, 3, 4, 6), 3, skill("cunning"))
			return mk(sim.NewFighter(fighter, []*profiles.Equipment{club}),
				sim.NewFighter(def, []*profiles.Equipment{club, shield, wear(halfPlate)}),
				sim.Attack{AP: 3, Chars: sim.CharsOf(sim.P, sim.A, sim.C), Effects: sim.CharsOf(sim.P, sim.A)}, sim.DefaultPolicy)
		}},
		{"Cunning: AP reserve, ch-auto-success, Riposte (skills.md #12, #24)", func() *sim.Exchange {
			def := safar("cunning", 3, stats4(4, 5, 3, 4), 3, skill("cunning"), skill("riposte"))
			e := mk(sim.NewFighter(safar("att", 3, stats4(4, 5, 4, 3), 3), []*profiles.Equipment{sword}),
				sim.NewFighter(def, []*profiles.Equipment{club}), pa,
				sim.Policy{Reserve: &[8]float64{0, 2, 3.5, 4.5, 5, 5.3, 5.5, 5.6}})
			e.Variant = sim.Variant{CHAutoSuccess: true}
			return e
		}},
		{"Slender both sides: V effects on the rolls, 1-toise repel (skills.md #28)", func() *sim.Exchange {
			att := safar("slender", 2, stats4(4, 5, 3, 6), 3, skill("slender"))
			def := safar("slender-def", 2, stats4(5, 3, 4, 4), 3, skill("slender"), skill("riposte"))
			return mk(sim.NewFighter(att, []*profiles.Equipment{club}),
				sim.NewFighter(def, []*profiles.Equipment{club, wear(halfPlate)}),
				sim.Attack{AP: 3, Chars: sim.CharsOf(sim.V, sim.C, sim.P), Effects: sim.CharsOf(sim.V, sim.C)}, sim.DefaultPolicy)
		}},
		{"Master Popinjay shooting up at Stealth in cover (skills.md #44, #45)", func() *sim.Exchange {
			att := safar("popinjay", 2, stats4(4, 3, 5, 3), 3, skill("master popinjay"))
			def := safar("stealthy", 2, stats4(4, 3, 4, 4), 3, skill("stealth"), skill("cunning"))
			e := mk(sim.NewFighter(att, []*profiles.Equipment{bow}), sim.NewFighter(def, nil),
				sim.Attack{Kind: sim.Shot, AP: 2, Chars: sim.CharsOf(sim.A, sim.A)}, sim.DefaultPolicy)
			e.Range, e.Cover, e.Height = 2, 1, -3
			return e
		}},
		{"Tembo hide under half-plate, Executioner, counters on a hide (skills.md #40)", func() *sim.Exchange {
			tembo := safar("tembo", 3, stats4(3, 6, 3, 5), 5, skill("tembo hide"), skill("executioner"))
			def := safar("tembo-def", 2, stats4(3, 5, 4, 5), 5, skill("tembo hide"))
			return mk(sim.NewFighter(tembo, []*profiles.Equipment{club}),
				sim.NewFighter(def, []*profiles.Equipment{club, wear(halfPlate)}),
				sim.Attack{AP: 3, Chars: sim.CharsOf(sim.P, sim.P, sim.C), Effects: sim.CharsOf(sim.P, sim.P)}, sim.DefaultPolicy)
		}},
		{"Heroic bunt: one more die on the bunt (skills.md #14)", func() *sim.Exchange {
			e := specialExchange(sim.Bunt, 4)
			p := *e.Attacker.Profile
			p.Skills = append(append([]profiles.Skill{}, p.Skills...), profiles.Skill{Name: "heroic", Text: "bunt"})
			e.Attacker = sim.NewFighter(&p, nil)
			e.Policy = sim.DefaultPolicy
			return e
		}},
		{"Bite against best response", func() *sim.Exchange {
			e := specialExchange(sim.Bite, 5)
			e.Policy = sim.Policy{}
			return e
		}},
		// Generic actions (seed 000 lines 1204-1208 and 1238-1244): on the alert,
		// a free characteristic on the defence; warned, a free defence of two
		// characteristics (its 2 AP given in Defender.AP).
		{"defender on the alert, best response", func() *sim.Exchange {
			e := mk(sim.NewFighter(fighter, nil), sim.NewFighter(guard, nil), pa, sim.Policy{})
			e.DefenderAlert = true
			return e
		}},
		{"defender warned of a shot", func() *sim.Exchange {
			def := sim.NewFighter(guard, nil)
			def.AP = 3
			e := mk(sim.NewFighter(fighter, []*profiles.Equipment{bow}), def, sim.Attack{Kind: sim.Shot, AP: 2, Chars: sim.CharsOf(sim.A, sim.V)}, sim.Policy{})
			e.DefenderWarned = true
			return e
		}},
		// Vivacity (skills.md #33): each free attack of an A effect engages a
		// second characteristic and deals it in full; against armour and a
		// best response, and with two A effects (two vivid free attacks, the
		// defender's AP running down).
		{"Vivacity: 2 AP PA:A, vivid free attack vs half-plate", func() *sim.Exchange {
			att := safar("quick", 2, stats4(4, 4, 5, 3), 3, skill(profiles.SkillVivacity))
			return mk(sim.NewFighter(att, []*profiles.Equipment{sword}),
				sim.NewFighter(guard, []*profiles.Equipment{wear(halfPlate)}),
				sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.A), Vivid: true}, sim.DefaultPolicy)
		}},
		{"stunning mace vs a helmet immune to stun, with no CH damage (catalogue.md 4.6)", func() *sim.Exchange {
			helm := &profiles.Equipment{ID: "helm", Kind: profiles.KindHelmet, Effects: profiles.Effects{NoCriticalDamage: true, Immune: []profiles.Status{profiles.Stun}}}
			return mk(sim.NewFighter(fighter, []*profiles.Equipment{stunMace}), sim.NewFighter(guard, []*profiles.Equipment{helm}), pa, sim.Policy{})
		}},
		{"Vivacity: 3 AP AAC:AA, two vivid free attacks", func() *sim.Exchange {
			att := safar("quick", 2, stats4(4, 4, 5, 3), 3, skill(profiles.SkillVivacity))
			return mk(sim.NewFighter(att, []*profiles.Equipment{club}), sim.NewFighter(guard, []*profiles.Equipment{club}),
				sim.Attack{AP: 3, Chars: sim.CharsOf(sim.A, sim.A, sim.C), Effects: sim.CharsOf(sim.A, sim.A), Vivid: true}, sim.Policy{})
		}},
	}
	cases = append(cases, equipmentSamplerCases()...)     // armour_slots_test.go
	cases = append(cases, fateSamplerCases()...)          // fate_test.go
	cases = append(cases, reachSamplerCases()...)         // reach_test.go
	cases = append(cases, forcedSamplerCases()...)        // forced_test.go
	cases = append(cases, fixedSamplerCases()...)         // fixed_test.go
	cases = append(cases, cardSamplerCases()...)          // cardattack_test.go
	cases = append(cases, boldSamplerCases()...)          // critthresh_test.go
	cases = append(cases, counterStatusSamplerCases()...) // counterstatus_test.go
	cases = append(cases, storedSamplerCases()...)        // stored_test.go
	cases = append(cases, ownSamplerCases()...)           // ownrules_test.go
	cases = append(cases, turnRollSamplerCases()...)      // turnroll_test.go
	cases = append(cases, wardSamplerCases()...)          // wards_test.go
	cases = append(cases, savingSamplerCases()...)        // wards_test.go
	return append(cases, counterWorthSamplerCases()...)   // countervalue_test.go
}

// sampleCounts tallies n sampled exchanges.
type sampleCounts struct {
	n                                       int
	success, attCH, attCF, defCF, critSucc  int
	bleeding, dazed, stunned, feared        int
	repelled, attRepelled, attMove, defMove int
	attBleeding, attDazed, attStunned       int // counter statuses (counterstatus_test.go)
	meanAttBleeding                         stats.Mean
	damage, counter                         []int
	meanDamage                              stats.Mean
	armourBoxes, shieldBoxes, defenceAP     stats.Mean
}

func (c *sampleCounts) add(o sim.Outcome) {
	c.n++
	b := func(v bool, k *int) {
		if v {
			*k++
		}
	}
	b(o.Success, &c.success)
	b(o.Critical, &c.attCH)
	b(o.AttackCF, &c.attCF)
	b(o.DefenceCF, &c.defCF)
	b(o.Critical && o.Success, &c.critSucc)
	b(o.Bleeding > 0, &c.bleeding)
	b(o.Dazed, &c.dazed)
	b(o.Stunned, &c.stunned)
	b(o.Feared, &c.feared)
	b(o.Repel > 0, &c.repelled)
	b(o.AttackerRepelled, &c.attRepelled)
	b(o.AttackerMove, &c.attMove)
	b(o.DefenderMove, &c.defMove)
	b(o.AttackerBleeding > 0, &c.attBleeding)
	b(o.AttackerDazed, &c.attDazed)
	b(o.AttackerStunned, &c.attStunned)
	c.meanAttBleeding.Add(float64(o.AttackerBleeding))
	c.damage = bump(c.damage, o.Damage)
	c.counter = bump(c.counter, o.Counter)
	c.meanDamage.Add(float64(o.Damage))
	c.armourBoxes.Add(float64(o.ArmourBoxes))
	c.shieldBoxes.Add(float64(o.ShieldBoxes))
	c.defenceAP.Add(float64(o.DefenceAP))
}

func bump(c []int, i int) []int {
	for len(c) <= i {
		c = append(c, 0)
	}
	c[i]++
	return c
}

// TestSamplerAgainstExact draws 10^6 exchanges of each case with a seeded PCG
// (10^5 unless KHARN_LONG is set, and under -race) and checks that the exact figures lie inside the
// sample's 99.99% Wilson intervals, and the exact means within 3.9 standard errors
// of the sample means (two-sided 99.99%). The exact engine is the oracle: an
// error here means the two engines read a rule differently.
func TestSamplerAgainstExact(t *testing.T) {
	n := 1_000_000
	if !longtest.Enabled() || raceEnabled {
		n = 100_000
	}
	for i, c := range samplerCases() {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			want := exact(t, c.ex())
			sm, err := c.ex().NewSampler()
			if err != nil {
				t.Fatal(err)
			}
			r := rand.NewPCG(uint64(1000+i), 0)
			var got sampleCounts
			for range n {
				got.add(sm.Sample(r))
			}
			for _, p := range []struct {
				what string
				k    int
				want float64
			}{
				{"p_success", got.success, want.PSuccess},
				{"p_attack_critical", got.attCH, want.PAttackCritical},
				{"p_attack_critical_failure", got.attCF, want.PAttackCF},
				{"p_defence_critical_failure", got.defCF, want.PDefenceCF},
				{"p_critical_success", got.critSucc, want.PCriticalSuccess},
				{"p_bleeding", got.bleeding, want.PBleeding},
				{"p_dazed", got.dazed, want.PDazed},
				{"p_stunned", got.stunned, want.PStunned},
				{"p_failed_temerity_test", got.feared, want.PFeared},
				{"p_defender_repelled", got.repelled, want.PRepelled},
				{"p_attacker_repelled", got.attRepelled, want.PAttackerRepelled},
				{"p_attacker_free_move", got.attMove, want.PAttackerMove},
				{"p_defender_free_move", got.defMove, want.PDefenderMove},
				{"p_attacker_bleeding", got.attBleeding, want.PAttackerBleeding},
				{"p_attacker_dazed", got.attDazed, want.PAttackerDazed},
				{"p_attacker_stunned", got.attStunned, want.PAttackerStunned},
			} {
				checkPMF(t, p.what, []int{p.k}, n, []float64{p.want})
			}
			pools := checkPMF(t, "damage_pmf", got.damage, n, want.DamagePMF)
			t.Logf("exact p_success %.4f, E[damage] %.4f over %d damage values (%d pools); sample %.4f, %.4f",
				want.PSuccess, want.ExpectedDamage, len(want.DamagePMF), pools, float64(got.success)/float64(n), got.meanDamage.Mean())
			checkPMF(t, "counter_damage_pmf", got.counter, n, want.CounterPMF)
			for _, m := range []struct {
				what   string
				sample *stats.Mean
				want   float64
			}{
				{"expected_damage", &got.meanDamage, want.ExpectedDamage},
				{"expected_armour_boxes", &got.armourBoxes, want.ExpectedArmourBoxes},
				{"expected_shield_boxes", &got.shieldBoxes, want.ExpectedShieldBoxes},
				{"expected_defence_ap", &got.defenceAP, want.ExpectedDefenceAP},
				{"expected_attacker_bleeding", &got.meanAttBleeding, want.ExpectedAttackerBleeding},
			} {
				mean, se := m.sample.Mean(), m.sample.SE()
				if se == 0 {
					if mean != m.want && math.Abs(mean-m.want) > 1e-9 {
						t.Errorf("%s: every draw gave %g, exact %.6g", m.what, mean, m.want)
					}
					continue
				}
				if z := (mean - m.want) / se; math.Abs(z) > 3.9 {
					t.Errorf("%s: sample mean %.6g ± %.3g, exact %.6g (z = %.2f)", m.what, mean, se, m.want, z)
				}
			}
			if want.ExpectedDamage < 0.1 {
				t.Errorf("expected damage %g: the case tells little", want.ExpectedDamage)
			}
		})
	}
}

// TestSampleAllocs checks that a warm Sampler draws an exchange without
// allocating (style: "Zero allocations per trial").
func TestSampleAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	for _, c := range samplerCases() {
		sm, err := c.ex().NewSampler()
		if err != nil {
			t.Fatal(err)
		}
		r := rand.NewPCG(1, 0)
		// Warm the defender's decision cache: every total it can face.
		for range 100_000 {
			sm.Sample(r)
		}
		if a := testing.AllocsPerRun(1000, func() { sm.Sample(r) }); a != 0 {
			t.Errorf("%s: %v allocations per Sample", c.name, a)
		}
	}
}

// TestSampleDeterministic checks that the same seed gives the same sequence of
// outcomes, from a fresh Sampler or from one already used.
func TestSampleDeterministic(t *testing.T) {
	for _, c := range samplerCases() {
		a, err := c.ex().NewSampler()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := c.ex().NewSampler()
		b.Sample(rand.NewPCG(99, 99)) // a used sampler: its cache must not matter
		ra, rb := rand.NewPCG(42, 7), rand.NewPCG(42, 7)
		differ := 0
		other := rand.NewPCG(43, 7)
		for i := range 20_000 {
			oa, ob := a.Sample(ra), b.Sample(rb)
			if oa != ob {
				t.Fatalf("%s: draw %d differs: %+v vs %+v", c.name, i, oa, ob)
			}
			if a2 := a.Sample(other); a2 != oa {
				differ++
			}
		}
		if differ == 0 {
			t.Errorf("%s: another seed gave the same 20000 outcomes", c.name)
		}
	}
}
