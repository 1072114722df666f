package sim_test

import (
	"math"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// TestAutoDefenceExchange checks free_auto_defence (skills.md section 3 F:
// "once per turn a free 3 AP defence that succeeds automatically";
// sim/autodefence.go) in the exact engine: a defender with no AP left, whose
// only other defence is the reflex one, takes it against every attack that
// does not fail (the best response: a sure stop and a counter), so no attack
// succeeds, P(attack CF) is unchanged and the counter is that of a 3 AP
// defence on every roll but a CF; with 4 AP it is taken too, no AP spent on
// it; the same card without the rule is hit. Fails before: no field, the
// defender without AP defended by reflex.
func TestAutoDefenceExchange(t *testing.T) {
	att := sim.NewFighter(safar("att", 2, stats4(4, 5, 4, 3), 3), []*profiles.Equipment{club})
	def := func(rule bool, ap int) *sim.Fighter {
		f := sim.NewFighter(ownCard("sure", 2, stats4(3, 4, 4, 5), profiles.OwnRules{AutoDefence: rule}), nil)
		f.AP = ap
		return f
	}
	pa := sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.P)}
	for _, ap := range []int{0, 4} {
		plain := exact(t, &sim.Exchange{Attacker: att, Defender: def(false, ap), Attack: pa, Policy: sim.DefaultPolicy})
		got := exact(t, &sim.Exchange{Attacker: att, Defender: def(true, ap), Attack: pa, Policy: sim.DefaultPolicy})
		if plain.PSuccess < 0.05 {
			t.Fatalf("AP %d: without the rule P(success) %.4f: the case tells little", ap, plain.PSuccess)
		}
		if ap > 0 {
			// With AP, a rolled defence may be worth more where it stops
			// surely and may counter with a CH (AP kept are worth nothing to
			// the default policy): fewer hits and fewer AP spent, not none.
			if got.PSuccess >= plain.PSuccess || got.ExpectedDefenceAP >= plain.ExpectedDefenceAP {
				t.Errorf("AP %d: P(success) %.6f, E[defence AP] %.4f; without the rule %.6f, %.4f: want both lower",
					ap, got.PSuccess, got.ExpectedDefenceAP, plain.PSuccess, plain.ExpectedDefenceAP)
			}
			continue
		}
		if got.PSuccess != 0 || !close9(got.PAttackCF, plain.PAttackCF) || got.PDefenceCF != 0 {
			t.Errorf("AP %d: P(success) %.6f (want 0), P(attack CF) %.6f (want %.6f), P(defence CF) %.6f (want 0)",
				ap, got.PSuccess, got.PAttackCF, plain.PAttackCF, got.PDefenceCF)
		}
		if got.ExpectedDefenceAP != 0 {
			t.Errorf("AP %d: E[defence AP] %.4f, want 0 (the automatic defence costs none)", ap, got.ExpectedDefenceAP)
		}
		// The counter of a 3 AP defence (R11: its damage characteristic, here
		// C 5, and an effect) on every attack but a CF.
		if got.ExpectedCounter < 0.5*(1-got.PAttackCF) {
			t.Errorf("AP %d: E[counter] %.4f: no counter of a 3 AP defence", ap, got.ExpectedCounter)
		}
	}
}

// TestAutoDefenceSampler checks the sampler against the exact engine on
// free_auto_defence's exchanges, as TestSamplerAgainstExact does (its table
// asks for an expected damage of 0.1 at least, which a sure stop does not
// give): P(success), the attack and defence CFs, the attacker's statuses
// and the counter damage within 99.99% Wilson intervals, the mean defence
// AP within 3.9 standard errors. Fails before: no field.
func TestAutoDefenceSampler(t *testing.T) {
	n := 100_000
	for i, c := range autoDefenceSamplerCases() {
		t.Run(c.name, func(t *testing.T) {
			want := exact(t, c.ex())
			sm, err := c.ex().NewSampler()
			if err != nil {
				t.Fatal(err)
			}
			r := rand.NewPCG(uint64(7000+i), 0)
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
				{"p_attack_critical_failure", got.attCF, want.PAttackCF},
				{"p_defence_critical_failure", got.defCF, want.PDefenceCF},
				{"p_attacker_dazed", got.attDazed, want.PAttackerDazed},
				{"p_attacker_stunned", got.attStunned, want.PAttackerStunned},
				{"p_attacker_repelled", got.attRepelled, want.PAttackerRepelled},
			} {
				checkPMF(t, p.what, []int{p.k}, n, []float64{p.want})
			}
			checkPMF(t, "damage_pmf", got.damage, n, want.DamagePMF)
			checkPMF(t, "counter_damage_pmf", got.counter, n, want.CounterPMF)
			if mean, se := got.defenceAP.Mean(), got.defenceAP.SE(); se > 0 && math.Abs(mean-want.ExpectedDefenceAP) > 3.9*se || se == 0 && !close9(mean, want.ExpectedDefenceAP) {
				t.Errorf("defence AP: sample %.4f ± %.4f, exact %.4f", mean, se, want.ExpectedDefenceAP)
			}
			if want.ExpectedCounter < 0.5 {
				t.Errorf("expected counter %g: the case tells little", want.ExpectedCounter)
			}
			t.Logf("exact P(success) %.4f, E[counter] %.4f, E[defence AP] %.4f; sample %.4f, %.4f",
				want.PSuccess, want.ExpectedCounter, want.ExpectedDefenceAP, float64(got.success)/float64(n), got.defenceAP.Mean())
		})
	}
}

// autoDefenceSamplerCases are TestAutoDefenceSampler's exchanges.
func autoDefenceSamplerCases() []samplerCase {
	sure := ownCard("sure", 2, stats4(3, 4, 4, 5), profiles.OwnRules{AutoDefence: true})
	att := withMastery(safar("att", 2, stats4(4, 5, 4, 3), 3), profiles.Offensive)
	return []samplerCase{
		{"free_auto_defence: a 3 AP attack with A effects against 4 AP and armour, mastery, best response", func() *sim.Exchange {
			d := sim.NewFighter(withMastery(sure, profiles.Defensive), []*profiles.Equipment{wear(halfPlate)})
			return &sim.Exchange{Attacker: sim.NewFighter(att, []*profiles.Equipment{club}), Defender: d,
				Attack: sim.Attack{AP: 3, Chars: sim.CharsOf(sim.P, sim.A, sim.V), Effects: sim.CharsOf(sim.A, sim.P)}, Policy: sim.DefaultPolicy}
		}},
		{"free_auto_defence: no AP left, best response", func() *sim.Exchange {
			d := sim.NewFighter(sure, nil)
			d.AP = 0
			return &sim.Exchange{Attacker: sim.NewFighter(att, []*profiles.Equipment{club}), Defender: d,
				Attack: sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.A)}, Policy: sim.DefaultPolicy}
		}},
	}
}

// TestAutoDefenceSkirmish plays free_auto_defence in skirmishes: each sure
// Safar makes its free automatic defence at most once per round, the trace
// stays consistent, and it happens. Fails before: no field.
func TestAutoDefenceSkirmish(t *testing.T) {
	sk := autoDefenceSkirmish()
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	events := map[string]int{}
	used := 0
	re := regexp.MustCompile(`; (\S+ \S+) defends free 3:`)
	for seed := range uint64(30) {
		var buf strings.Builder
		pl.SetTrace(&buf)
		res := pl.Play(rand.NewPCG(seed, 23))
		newTraceChecker(t, "free_auto_defence", sk, pl.Labels(), events).check(buf.String(), res)
		if t.Failed() {
			t.Logf("trace:\n%s", buf.String())
			return
		}
		for _, round := range strings.Split(buf.String(), "Round ") {
			seen := map[string]bool{}
			for _, m := range re.FindAllStringSubmatch(round, -1) {
				if seen[m[1]] {
					t.Fatalf("seed %d: %s made its free automatic defence twice in a round:\n%s", seed, m[1], buf.String())
				}
				seen[m[1]] = true
				used++
			}
		}
	}
	if used == 0 {
		t.Error("no free automatic defence in 30 battles")
	}
	t.Logf("%d free automatic defences in 30 battles; events %v", used, events)
}

// autoDefenceSkirmish is TestAutoDefenceSkirmish's battle: two sure Safars
// (free_auto_defence) against two plain Khârns.
func autoDefenceSkirmish() *sim.Skirmish {
	mk := func(id string, rule bool) *sim.Fighter {
		p := ownCard(id, 2, stats4(4, 4, 4, 4), profiles.OwnRules{AutoDefence: rule})
		p.HP = 10
		return sim.NewFighter(p, []*profiles.Equipment{club})
	}
	return &sim.Skirmish{Sides: [2]sim.Spearhead{
		{Name: "sure", Safars: []*sim.Fighter{mk("sure-a", true), mk("sure-b", true)}, Costs: []int{1, 1}, Leader: 0},
		{Name: "plain", Safars: []*sim.Fighter{mk("plain-a", false), mk("plain-b", false)}, Costs: []int{1, 1}, Leader: 0},
	}}
}

// TestAutoDefenceAllocs checks that warm battles with free_auto_defence
// allocate nothing.
func TestAutoDefenceAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	pl, err := autoDefenceSkirmish().NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	if n := sim.WarmAllocs(pl, 50); n != 0 {
		t.Errorf("%v allocations per battle, want 0", n)
	}
}
