package sim

import (
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/stats"
)

// TestCriticalLoweredObjective checks the lowered critical threshold on an
// objective test (seed 004 lines 1231-1232: "toutes les actions"): a level I
// kherops-warrior-1 (no objective mastery die) testing 11 with no
// characteristic succeeds only on a CH whose reroll is no CF (R2: a reroll in
// the CF range adds 0): 10 then 2-10, 0.1 x 0.9 = 0.09; with its thresholds
// lowered, 9 or 10 then 2-10, 0.2 x 0.9 = 0.18. Sampled rates must hold them
// in their 99.99% Wilson intervals.
func TestCriticalLoweredObjective(t *testing.T) {
	war := fighterOf(t, "kherops-warrior-1")
	e := battle(t, []*Fighter{war, war}, []*Fighter{war})
	if war.Profile.Level != 1 || countMastery(&e.c[0], FieldObjective) != 0 || war.Skills.Heroic&FieldObjective != 0 {
		t.Fatalf("kherops-warrior-1: level %d, objective mastery or Heroic: the figures assume one die", war.Profile.Level)
	}
	for _, tc := range []struct {
		bold bool
		want float64
	}{{false, 0.09}, {true, 0.18}} {
		r := rand.NewPCG(11, 12)
		n, pass := 20000, 0
		for range n {
			e.c[0].morale.bold, e.c[0].dice = tc.bold, 1
			if e.objectiveTest(r, 0, nil, 11) {
				pass++
			}
		}
		lo, hi := stats.Wilson(pass, n, 0.9999)
		if tc.want < lo || tc.want > hi {
			t.Errorf("thresholds lowered %v: passed %d of %d tests of 11 (99.99%% Wilson %.4f-%.4f), want %.2f", tc.bold, pass, n, lo, hi, tc.want)
		}
	}
}

// TestCriticalLoweredPlanKey checks the way from a passed last-Safar test to
// the exchange: the Safar's modifier carries the lowered thresholds
// (combatant.mods, slot modBold, a part of the plan key), and the plan's
// fighter (statMod.apply) rolls its attacks and defences with a CH on 9-10.
// The end at the next turn: TestCriticalThresholdLoweredInSkirmish.
func TestCriticalLoweredPlanKey(t *testing.T) {
	war := fighterOf(t, "kherops-warrior-1")
	e := battle(t, []*Fighter{war, war}, []*Fighter{war})
	e.c[1].hp = 0 // A1 is the last of its side
	e.passLast(0)
	m := e.c[0].mods()
	if m[modBold] != 1 || !e.c[0].passed {
		t.Fatalf("after passLast: mods %v, passed %v; want the lowered thresholds and no more tests", m, e.c[0].passed)
	}
	if m.String() != "critical thresholds -1" {
		t.Errorf("mods read %q", m.String())
	}
	f := m.apply(e.c[0].f)
	if f.CriticalLower != 1 || e.c[0].f.CriticalLower != 0 {
		t.Errorf("apply: the plan's fighter lowers by %d, the card's by %d; want 1 and 0", f.CriticalLower, e.c[0].f.CriticalLower)
	}
	ex := Exchange{Attacker: f, Defender: e.c[2].f, Attack: Attack{AP: 2, Chars: CharsOf(P, A)}}
	if p := ex.attackPool(ex.Attack, 1, false, false, 0); p.CritFrom != 9 {
		t.Errorf("attack pool: CH from %d, want 9", p.CritFrom)
	}
	ex.Attacker, ex.Defender = e.c[2].f, f
	if p := ex.defenceBase(Defence{AP: 1, Chars: CharsOf(A)}); p.CritFrom != 9 {
		t.Errorf("defence pool: CH from %d, want 9", p.CritFrom)
	}
	// ch-auto-success (R2 option): the defender rerolls every face below its
	// CH range, 9 and 10 now.
	ex.Variant.CHAutoSuccess = true
	if k := ex.defenceReroll(ex.defenceBase(Defence{}), 5, 0, true); k != 8 {
		t.Errorf("ch-auto-success defence reroll threshold %d against an attack CH, want 8", k)
	}
}
