package sim_test

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/kharn-ages/kharn/sim"
)

// This file checks the exact engine against a separate, deliberately naive
// enumeration of every dice sequence of an exchange. It shares no code with sim:
// it rolls level dice by listing all 10^level faces, follows critical rerolls
// recursively, and applies R6 and R9 as the rulebook states them.

// bruteDepth is the number of critical rerolls the enumeration follows before it
// drops the branch. A branch still exploding after bruteDepth rerolls has
// probability P(CH) * 10^-bruteDepth, at most 0.271e-8 at level 3.
const bruteDepth = 8

// bruteRoll is one outcome of an action roll: the dice value (kept face plus
// critical rerolls) and whether it is a CH or a CF.
type bruteRoll struct {
	value  int
	ch, cf bool
}

// enumerateRoll lists the outcomes of a roll of level d10 keeping the best (R1),
// with a 10 critical (R2) and a 1 a critical failure (R3), with their
// probabilities; dropped is the mass of the branches cut at bruteDepth.
func enumerateRoll(level int) (out map[bruteRoll]float64, dropped float64) {
	return enumerateRollFrom(level, 10)
}

// enumerateRollFrom is enumerateRoll with the critical range critFrom-10 (R2;
// 9 for a threshold lowered, sim/critthresh.go).
func enumerateRollFrom(level, critFrom int) (out map[bruteRoll]float64, dropped float64) {
	out = map[bruteRoll]float64{}
	// explode follows the rerolls of a CH: a CF (1) adds nothing and stops, 2-9 add
	// and stop, a 10 adds and rerolls again (seed 000 lines 189-193); a face of
	// the critical range rerolls again.
	var explode func(p float64, value, depth int)
	explode = func(p float64, value, depth int) {
		for d := 1; d <= 10; d++ {
			w := p / 10
			switch {
			case d == 1:
				out[bruteRoll{value: value, ch: true}] += w
			case d < critFrom:
				out[bruteRoll{value: value + d, ch: true}] += w
			case depth == bruteDepth:
				dropped += w
			default:
				explode(w, value+d, depth+1)
			}
		}
	}
	faces := make([]int, level)
	var roll func(i int, p float64)
	roll = func(i int, p float64) {
		if i == level {
			kept := slices.Max(faces)
			switch {
			case kept == 1:
				out[bruteRoll{value: 1, cf: true}] += p
			case kept >= critFrom:
				explode(p, kept, 1)
			default:
				out[bruteRoll{value: kept}] += p
			}
			return
		}
		for d := 1; d <= 10; d++ {
			faces[i] = d
			roll(i+1, p/10)
		}
	}
	roll(0, 1)
	return out, dropped
}

// bruteResult holds the figures of an exchange the enumeration computes.
type bruteResult struct {
	success, attCH, attCF, defCF, critSuccess float64
	damage, counter                           map[int]float64
	dropped                                   float64
}

// bruteExchange enumerates an attack of total modifier attMod dealing dmg (dmgCH
// on a CH) against a defence of modifier defMod, levels attL and defL, that deals
// ctr counter damage when it stops the attack (ctrCH on a defence CH).
func bruteExchange(attL, defL, attMod, defMod, dmg, dmgCH, ctr, ctrCH int) bruteResult {
	return bruteExchangeV(attL, defL, attMod, defMod, dmg, dmgCH, ctr, ctrCH, false)
}

// bruteExchangeV is bruteExchange, under the ch-auto-success option when chAuto
// is set (R2: an attack CH succeeds unless the defence is a CH too; R2a: with two
// CHs the totals decide).
func bruteExchangeV(attL, defL, attMod, defMod, dmg, dmgCH, ctr, ctrCH int, chAuto bool) bruteResult {
	return bruteExchangeFrom(attL, defL, 10, 10, attMod, defMod, dmg, dmgCH, ctr, ctrCH, chAuto)
}

// bruteExchangeFrom is bruteExchangeV with the critical ranges attCrit-10 and
// defCrit-10 of the attack and the defence rolls (R2).
func bruteExchangeFrom(attL, defL, attCrit, defCrit, attMod, defMod, dmg, dmgCH, ctr, ctrCH int, chAuto bool) bruteResult {
	att, da := enumerateRollFrom(attL, attCrit)
	def, dd := enumerateRollFrom(defL, defCrit)
	r := bruteResult{damage: map[int]float64{}, counter: map[int]float64{}, dropped: da + dd}
	for a, pa := range att {
		if a.ch {
			r.attCH += pa
		}
		if a.cf {
			// R3: the attack never happened; the defender does not roll.
			r.attCF += pa
			r.damage[0] += pa
			r.counter[0] += pa
			continue
		}
		for d, pd := range def {
			p := pa * pd
			if d.cf {
				r.defCF += p
			}
			// R6: success if the defence is a CF or the attack total is strictly
			// greater (seed 000 line 677: a draw goes to the defender).
			if d.cf || chAuto && a.ch && !d.ch || a.value+attMod > d.value+defMod {
				r.success += p
				if a.ch {
					r.critSuccess += p
					r.damage[dmgCH] += p
				} else {
					r.damage[dmg] += p
				}
				r.counter[0] += p
			} else {
				// R11: a 2-3 AP defence that stops the attack deals its counter
				// damage; R9a: a CH on it adds the defender's stature once (seed 004
				// line 312 and lines 838-848).
				r.damage[0] += p
				if d.ch {
					r.counter[ctrCH] += p
				} else {
					r.counter[ctr] += p
				}
			}
		}
	}
	return r
}

func TestExactAgainstBruteForce(t *testing.T) {
	// Attacker V3 P5 A4 C2, stature 3; defender V4 P3 A5 C4.
	attStats, defStats := stats4(3, 5, 4, 2), stats4(4, 3, 5, 4)
	const stature = 3
	attacks := []struct {
		a          sim.Attack
		mod        int
		dmg, dmgCH int
	}{
		// 1 AP basic attack with P: ceil(5/2) = 3, no CH bonus (R9; seed 000
		// lines 838-842).
		{sim.Attack{AP: 1, Chars: sim.CharsOf(sim.P)}, 5, 3, 3},
		// 2 AP PA, damage P, P effect: 5 + 1; a CH adds the stature (R9, R10).
		{sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.P),
			DamageChar: sim.P, DamageChosen: true}, 9, 6, 6 + stature},
		// 3 AP PPA, damage P, PP effect: 5 + 2 (seed 000 "PP: +2 damage").
		{sim.Attack{AP: 3, Chars: sim.CharsOf(sim.P, sim.P, sim.A), Effects: sim.CharsOf(sim.P, sim.P),
			DamageChar: sim.P, DamageChosen: true}, 14, 7, 7 + stature},
	}
	const defStature = 2
	defences := []struct {
		d          sim.Defence
		mod        int
		ctr, ctrCH int
	}{
		{sim.Defence{}, 0, 0, 0}, // reflex: the level dice alone (R7)
		{sim.Defence{AP: 1, Chars: sim.CharsOf(sim.P)}, 3, 0, 0},
		// 2 AP PC, fixed by the caller: counter damage C = 4, the highest engaged
		// characteristic, + the stature on a CH (R11, R11a: every 2-3 AP defence
		// counters; R9a).
		{sim.Defence{AP: 2, Chars: sim.CharsOf(sim.P, sim.C)}, 7, 4, 4 + defStature},
		// 3 AP PPC: C = 4 and a P effect, +1 (R11, R10).
		{sim.Defence{AP: 3, Chars: sim.CharsOf(sim.P, sim.P, sim.C)}, 10, 5, 5 + defStature},
	}
	for attL := 1; attL <= 3; attL++ {
		for defL := 1; defL <= 3; defL++ {
			for _, at := range attacks {
				for _, df := range defences {
					name := fmt.Sprintf("L%d %s vs L%d %s", attL, at.a, defL, df.d)
					ex := &sim.Exchange{
						Attacker: sim.NewFighter(safar("att", attL, attStats, stature), nil),
						Defender: sim.NewFighter(safar("def", defL, defStats, defStature), nil),
						Attack:   at.a,
						Policy:   sim.Policy{Defence: &df.d, AttackReroll: 0, DefenceMastery: false},
					}
					got := exact(t, ex)
					want := bruteExchange(attL, defL, at.mod, df.mod, at.dmg, at.dmgCH, df.ctr, df.ctrCH)
					// The enumeration lacks its dropped mass, the exact engine
					// at most 1e-13 (dice.Cutoff): each figure may differ by that.
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
					for k := range max(len(got.DamagePMF), at.dmgCH+1) {
						if g, w := pmf(got.DamagePMF, k), want.damage[k]; math.Abs(g-w) > tol {
							t.Errorf("%s: damage_pmf[%d] = %.15g, enumeration %.15g", name, k, g, w)
						}
					}
					for k := range max(len(got.CounterPMF), df.ctrCH+1) {
						if g, w := pmf(got.CounterPMF, k), want.counter[k]; math.Abs(g-w) > tol {
							t.Errorf("%s: counter_damage_pmf[%d] = %.15g, enumeration %.15g", name, k, g, w)
						}
					}
					if want.dropped > 2*0.271e-8+1e-15 {
						t.Fatalf("%s: enumeration dropped %g, more than the depth allows", name, want.dropped)
					}
				}
			}
		}
	}
}

// TestBruteForceSanity checks the enumeration itself on the equal exchange of
// TestEqualExchange, where P(success) = 5/11 in closed form.
func TestBruteForceSanity(t *testing.T) {
	r := bruteExchange(1, 1, 4, 4, 2, 2, 0, 0)
	if math.Abs(r.success-5.0/11) > r.dropped+1e-15 {
		t.Errorf("enumerated p_success %.15g, want 5/11 = %.15g", r.success, 5.0/11)
	}
	total := 0.0
	for _, p := range r.damage {
		total += p
	}
	// The dropped mass of the defence is lost only behind attacks that happened.
	if total > 1+1e-14 || total < 1-r.dropped-1e-14 {
		t.Errorf("enumerated damage mass %.17g, dropped %g", total, r.dropped)
	}
}

// TestExactAgainstBruteForceRiposte checks the counter damage of a defender
// with Riposte (skills.md #24) against the enumeration: a 2 AP defence deals its
// damage and a P effect (+1), a 3 AP PPC defence its damage and both P effects
// (+2), R9a adding the stature on a defence CH.
func TestExactAgainstBruteForceRiposte(t *testing.T) {
	attStats, defStats := stats4(3, 5, 4, 2), stats4(4, 3, 5, 4)
	const stature, defStature = 3, 2
	a := sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.P), DamageChar: sim.P, DamageChosen: true}
	for _, df := range []struct {
		d          sim.Defence
		mod        int
		ctr, ctrCH int
	}{
		{sim.Defence{AP: 2, Chars: sim.CharsOf(sim.P, sim.C)}, 7, 5, 5 + defStature},
		{sim.Defence{AP: 3, Chars: sim.CharsOf(sim.P, sim.P, sim.C)}, 10, 6, 6 + defStature},
	} {
		for attL := 1; attL <= 3; attL++ {
			for defL := 1; defL <= 3; defL++ {
				name := fmt.Sprintf("L%d %s vs L%d %s riposte", attL, a, defL, df.d)
				ex := &sim.Exchange{
					Attacker: sim.NewFighter(safar("att", attL, attStats, stature), nil),
					Defender: sim.NewFighter(safar("def", defL, defStats, defStature, skill("riposte")), nil),
					Attack:   a,
					Policy:   sim.Policy{Defence: &df.d},
				}
				got := exact(t, ex)
				want := bruteExchange(attL, defL, 9, df.mod, 6, 6+stature, df.ctr, df.ctrCH)
				tol := want.dropped + 1e-12
				if math.Abs(got.PSuccess-want.success) > tol {
					t.Errorf("%s: p_success = %.15g, enumeration %.15g", name, got.PSuccess, want.success)
				}
				for k := range max(len(got.CounterPMF), df.ctrCH+1) {
					if g, w := pmf(got.CounterPMF, k), want.counter[k]; math.Abs(g-w) > tol {
						t.Errorf("%s: counter_damage_pmf[%d] = %.15g, enumeration %.15g", name, k, g, w)
					}
				}
			}
		}
	}
}

// bruteCunning is bruteExchange for a defender with Cunning (skills.md #12) who
// uses it whenever it can turn a hit into a stop (the policy with AP worth
// nothing): on a defence that is not a CF and falls gap short, it adds its
// best allowed characteristic cb when gap <= cb, else a d10 when gap <= 10,
// stopping on a face of at least gap. used is the probability it spends the AP.
func bruteCunning(attL, defL, attMod, defMod, dmg, dmgCH, ctr, ctrCH, cb int) (r bruteResult, used float64) {
	att, da := enumerateRoll(attL)
	def, dd := enumerateRoll(defL)
	r = bruteResult{damage: map[int]float64{}, counter: map[int]float64{}, dropped: da + dd}
	for a, pa := range att {
		if a.cf {
			r.damage[0] += pa
			r.counter[0] += pa
			continue
		}
		hitDmg := dmg
		if a.ch {
			hitDmg = dmgCH
		}
		ctrDmg := func(d bruteRoll) int {
			if d.ch {
				return ctrCH
			}
			return ctr
		}
		for d, pd := range def {
			p := pa * pd
			gap := a.value + attMod - (d.value + defMod)
			pStop := 0.0 // R6: ties to the defender
			switch {
			case d.cf:
			case gap <= 0:
				pStop = 1
			case gap <= cb:
				pStop, used = 1, used+p
			case gap <= 10:
				pStop, used = float64(11-gap)/10, used+p
			}
			r.success += p * (1 - pStop)
			r.damage[hitDmg] += p * (1 - pStop)
			r.counter[0] += p * (1 - pStop)
			r.damage[0] += p * pStop
			r.counter[ctrDmg(d)] += p * pStop
		}
	}
	return r, used
}

// TestExactAgainstBruteForceCunning checks the exact engine's Cunning against
// the enumeration, for defences of 0, 1 and 2 AP at every level pair.
func TestExactAgainstBruteForceCunning(t *testing.T) {
	attStats, defStats := stats4(3, 5, 4, 2), stats4(4, 3, 5, 4)
	const stature, defStature = 3, 2
	a := sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.P), DamageChar: sim.P, DamageChosen: true}
	for _, df := range []struct {
		d          sim.Defence
		mod        int
		ctr, ctrCH int
		cb         int // the best characteristic Cunning may add
	}{
		{sim.Defence{}, 0, 0, 0, 5},                                         // reflex: A = 5
		{sim.Defence{AP: 1, Chars: sim.CharsOf(sim.P)}, 3, 0, 0, 5},         // P once: A = 5
		{sim.Defence{AP: 2, Chars: sim.CharsOf(sim.A, sim.A)}, 10, 5, 7, 4}, // A twice: V or C = 4
	} {
		for attL := 1; attL <= 3; attL++ {
			for defL := 1; defL <= 3; defL++ {
				name := fmt.Sprintf("L%d %s vs L%d %s cunning", attL, a, defL, df.d)
				ex := &sim.Exchange{
					Attacker: sim.NewFighter(safar("att", attL, attStats, stature), nil),
					Defender: sim.NewFighter(safar("def", defL, defStats, defStature, skill("cunning")), nil),
					Attack:   a,
					Policy:   sim.Policy{Defence: &df.d},
				}
				got := exact(t, ex)
				want, used := bruteCunning(attL, defL, 9, df.mod, 6, 6+stature, df.ctr, df.ctrCH, df.cb)
				tol := want.dropped + 1e-12
				if math.Abs(got.PSuccess-want.success) > tol {
					t.Errorf("%s: p_success = %.15g, enumeration %.15g", name, got.PSuccess, want.success)
				}
				// AP spent: the defence's whenever the attack happened, and Cunning's.
				if w := float64(df.d.AP)*(1-got.PAttackCF) + used; math.Abs(got.ExpectedDefenceAP-w) > tol {
					t.Errorf("%s: expected_defence_ap = %.15g, enumeration %.15g", name, got.ExpectedDefenceAP, w)
				}
				for k := range max(len(got.DamagePMF), 6+stature+1) {
					if g, w := pmf(got.DamagePMF, k), want.damage[k]; math.Abs(g-w) > tol {
						t.Errorf("%s: damage_pmf[%d] = %.15g, enumeration %.15g", name, k, g, w)
					}
				}
				for k := range max(len(got.CounterPMF), df.ctrCH+1) {
					if g, w := pmf(got.CounterPMF, k), want.counter[k]; math.Abs(g-w) > tol {
						t.Errorf("%s: counter_damage_pmf[%d] = %.15g, enumeration %.15g", name, k, g, w)
					}
				}
			}
		}
	}
}
