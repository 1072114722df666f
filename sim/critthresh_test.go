package sim_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// This file checks the critical thresholds lowered by 1 after a passed
// temerity test of the last Safar of a side (seed 004 lines 1231-1232, seed 000
// line 1284; sim/critthresh.go): a CH on 9-10, and on 8-10 with a "CH = 9-10"
// weapon, on its attack and defence rolls until the start of the next turn.

// lowered returns a fighter of p with items whose critical thresholds are
// lowered by 1.
func lowered(p *profiles.Profile, items ...*profiles.Equipment) *sim.Fighter {
	f := sim.NewFighter(p, items)
	f.CriticalLower = 1
	return f
}

// boldSamplerCases are exchanges of fighters with their critical thresholds
// lowered, for TestSamplerAgainstExact: a defence CH adds the stature to the
// counter (R9a), a shield CH stops the attack (R13).
func boldSamplerCases() []samplerCase {
	fighter := safar("fighter", 2, stats4(4, 5, 4, 3), 3)
	guard := safar("guard", 2, stats4(3, 4, 4, 5), 3)
	pa := sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.P)}
	return []samplerCase{
		{"critical thresholds lowered: attacker with a CH 9-10 sword (8-10), best response", func() *sim.Exchange {
			return &sim.Exchange{Attacker: lowered(fighter, sword), Defender: sim.NewFighter(guard, []*profiles.Equipment{club}),
				Attack: pa, Policy: sim.DefaultPolicy}
		}},
		{"critical thresholds lowered: defender countering with a shield", func() *sim.Exchange {
			return &sim.Exchange{Attacker: sim.NewFighter(fighter, []*profiles.Equipment{club}),
				Defender: lowered(guard, club, shield), Attack: pa,
				Policy: fixed(sim.Defence{AP: 2, Chars: sim.CharsOf(sim.P, sim.C), Shield: true, Counter: sim.C, CounterDamage: true})}
		}},
		{"critical thresholds lowered: both, ch-auto-success, free attack", func() *sim.Exchange {
			return &sim.Exchange{Attacker: lowered(fighter, club), Defender: lowered(guard, club, wear(halfPlate)),
				Attack:  sim.Attack{AP: 3, Chars: sim.CharsOf(sim.P, sim.A, sim.C), Effects: sim.CharsOf(sim.P, sim.A)},
				Variant: sim.Variant{CHAutoSuccess: true}, Policy: sim.DefaultPolicy}
		}},
	}
}

// TestExactAgainstBruteForceCriticalLowered checks the exact engine against
// the enumeration of every dice sequence (brute_test.go) with the critical
// ranges of the lowered thresholds: 9-10 on bare hands, 8-10 with the CH 9-10
// sword, on the attack, the defence or both; a reroll in the range rerolls
// again (R2). The same exchanges with the thresholds as printed are checked
// too, so that the enumeration's ranges are the ones that differ.
func TestExactAgainstBruteForceCriticalLowered(t *testing.T) {
	attStats, defStats := stats4(3, 5, 4, 2), stats4(4, 3, 5, 4)
	const stature, defStature = 3, 2
	// 2 AP PA, damage P, P effect: 5 + 1; a CH adds the stature (R9, R10).
	a := sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.P), DamageChar: sim.P, DamageChosen: true}
	// 2 AP PC: counter damage C = 4, + the stature on a CH (R11, R11a, R9a).
	d := sim.Defence{AP: 2, Chars: sim.CharsOf(sim.P, sim.C)}
	for _, tc := range []struct {
		name             string
		attLow, defLow   int
		weapon           *profiles.Equipment
		attCrit, defCrit int
		chAuto           bool
	}{
		{"as printed", 0, 0, nil, 10, 10, false},
		{"attacker lowered", 1, 0, nil, 9, 10, false},
		{"attacker lowered, CH 9-10 sword", 1, 0, sword, 8, 10, false},
		{"defender lowered", 0, 1, nil, 10, 9, false},
		{"both lowered, ch-auto-success", 1, 1, nil, 9, 9, true},
	} {
		for attL := 1; attL <= 3; attL++ {
			for defL := 1; defL <= 3; defL++ {
				name := fmt.Sprintf("%s, L%d vs L%d", tc.name, attL, defL)
				var items []*profiles.Equipment
				if tc.weapon != nil {
					items = append(items, tc.weapon)
				}
				att := sim.NewFighter(safar("att", attL, attStats, stature), items)
				def := sim.NewFighter(safar("def", defL, defStats, defStature), nil)
				att.CriticalLower, def.CriticalLower = tc.attLow, tc.defLow
				ex := &sim.Exchange{Attacker: att, Defender: def, Attack: a, Variant: sim.Variant{CHAutoSuccess: tc.chAuto},
					Policy: sim.Policy{Defence: &d}}
				got := exact(t, ex)
				const dmg = 6 // the sword adds bleeding, no damage
				want := bruteExchangeFrom(attL, defL, tc.attCrit, tc.defCrit, 9, 7, dmg, dmg+stature, 4, 4+defStature, tc.chAuto)
				tol := want.dropped + 1e-12
				for _, c := range []struct {
					what      string
					got, want float64
				}{
					{"p_success", got.PSuccess, want.success},
					{"p_attack_critical", got.PAttackCritical, want.attCH},
					{"p_attack_critical_failure", got.PAttackCF, want.attCF},
					{"p_defence_critical_failure", got.PDefenceCF, want.defCF},
					{"p_critical_success", got.PCriticalSuccess, want.critSuccess},
				} {
					if math.Abs(c.got-c.want) > tol {
						t.Errorf("%s: %s = %.15g, enumeration %.15g (tolerance %.2g)", name, c.what, c.got, c.want, tol)
					}
				}
				for k := range max(len(got.DamagePMF), dmg+stature+1) {
					if g, w := pmf(got.DamagePMF, k), want.damage[k]; math.Abs(g-w) > tol {
						t.Errorf("%s: damage_pmf[%d] = %.15g, enumeration %.15g", name, k, g, w)
					}
				}
				for k := range max(len(got.CounterPMF), 4+defStature+1) {
					if g, w := pmf(got.CounterPMF, k), want.counter[k]; math.Abs(g-w) > tol {
						t.Errorf("%s: counter_damage_pmf[%d] = %.15g, enumeration %.15g", name, k, g, w)
					}
				}
			}
		}
	}
}

// The trace lines TestCriticalThresholdLoweredInSkirmish reads (sim/engine.go
// traceExchange, engine.morale).
var (
	reBoldPass    = regexp.MustCompile(`^  ` + labelRE + `(, last of its side, passes its temerity test| fails a temerity test and rallies)`)
	reBoldAttack  = regexp.MustCompile(`^    ` + labelRE + ` (?:attacks|free attack) .*?: rolls (\d+)( \(CH)?`)
	reBoldDefence = regexp.MustCompile(`; ` + labelRE + ` defends .*?, rolls (\d+), total -?\d+( \(CH\))?`)
)

// TestCriticalThresholdLoweredInSkirmish plays traced battles of two
// kherops-warrior-1 against a paladin-3 (loneSkirmish) and against two
// others (so that either side may be left with one Safar) and reads
// every attack and defence roll back: from the last Safar's passed temerity
// test (seed 004 lines 1231-1232: "Si le test est réussi au début de son
// activation, les seuils de critique de toutes les actions entreprises par ce
// Safar baissent de 1 jusqu'au début du tour suivant") to the next "Round"
// line, its rolls of 9 are CHs; before and after, a 9 is no CH. Their weapons
// (steppe sabre, sword) have no critical range of their own, and none casts
// spells. The counts show that both cases happened, on attacks and defences.
func TestCriticalThresholdLoweredInSkirmish(t *testing.T) {
	lone := loneSkirmish(t)
	for _, sp := range lone.Sides {
		for _, f := range sp.Safars {
			for _, w := range []*profiles.Equipment{f.Weapon, f.Melee, f.Offhand, f.Ranged} {
				if w != nil && w.Effects.CriticalFrom != 10 && w.Effects.CriticalFrom != 0 {
					t.Fatalf("%s's %s has CH from %d: the test reads a 9 as no CH without the rule", f.Profile.ID, w.ID, w.Effects.CriticalFrom)
				}
			}
		}
	}
	mirror := *lone
	mirror.Sides[0] = lone.Sides[1]
	counts := map[string]int{}
	for _, sk := range []*sim.Skirmish{lone, &mirror} {
		pl, err := sk.NewPlayer()
		if err != nil {
			t.Fatal(err)
		}
		for seed := range uint64(400) {
			var b strings.Builder
			pl.SetTrace(&b)
			pl.Play(rand.NewPCG(seed, 7))
			bold := map[string]bool{}   // lowered thresholds in this turn
			before := map[string]bool{} // lowered in an earlier turn
			check := func(n int, who, face, ch, what string) {
				if face != "9" {
					return
				}
				key := what + " 9, not lowered"
				switch {
				case bold[who]:
					key = what + " 9, lowered"
				case before[who]:
					key = what + " 9, lowered in an earlier turn"
				}
				counts[key]++
				if (ch != "") != bold[who] {
					t.Errorf("seed %d, trace line %d: %s's %s of 9 is a CH %v, lowered thresholds %v:\n%s", seed, n+1, who, what, ch != "", bold[who], b.String())
				}
			}
			for n, l := range strings.Split(b.String(), "\n") {
				if strings.HasPrefix(l, "Round ") {
					for k := range bold {
						before[k] = true
					}
					clear(bold)
					continue
				}
				if m := reBoldPass.FindStringSubmatch(l); m != nil {
					bold[m[1]] = true
					counts["passed"]++
				}
				if m := reBoldAttack.FindStringSubmatch(l); m != nil {
					check(n, m[1], m[2], m[3], "attack")
				}
				if m := reBoldDefence.FindStringSubmatch(l); m != nil {
					check(n, m[1], m[2], m[3], "defence")
				}
			}
			if t.Failed() {
				return
			}
		}
	}
	t.Logf("rolls of 9 over the traces: %v", counts)
	for _, k := range []string{"passed", "attack 9, lowered", "defence 9, lowered", "attack 9, lowered in an earlier turn", "defence 9, lowered in an earlier turn", "attack 9, not lowered"} {
		if counts[k] == 0 {
			t.Errorf("no %q in the traced battles: the check is vacuous", k)
		}
	}
}

// TestCriticalLowerRange checks that a lowered threshold stays a critical
// range ending at 10 and above the CF range: a weapon "CH from 3" on a shot
// (CF on 1-2) keeps 3, one from 2 in melee keeps 2 (profiles: critical_from
// 2 to 10).
func TestCriticalLowerRange(t *testing.T) {
	for _, tc := range []struct {
		name   string
		from   int
		wantCH float64 // P(CH) of a level I roll: (11 - critical face) / 10
	}{
		{"CH 10 lowered to 9", 10, 0.2},
		{"CH 9-10 lowered to 8", 9, 0.3},
		{"CH 2-10 stays above the CF 1", 2, 0.9},
	} {
		w := &profiles.Equipment{ID: "w" + strconv.Itoa(tc.from), Kind: profiles.KindMelee, Hands: 1, Effects: profiles.Effects{CriticalFrom: tc.from}}
		ex := &sim.Exchange{Attacker: lowered(safar("att", 1, stats4(3, 5, 4, 2), 3), w),
			Defender: sim.NewFighter(safar("def", 1, stats4(4, 3, 5, 4), 2), nil),
			Attack:   sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A)}, Policy: fixed(sim.Defence{})}
		if got := exact(t, ex).PAttackCritical; math.Abs(got-tc.wantCH) > 1e-12 {
			t.Errorf("%s: P(CH) = %.15g, want %g", tc.name, got, tc.wantCH)
		}
	}
}
