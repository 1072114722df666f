package sim_test

import (
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// fixedSamplerCases are the exchanges of TestSamplerAgainstExact where a
// side's main roll has its result fixed by a dice-tool spell ("a roll's
// result fixed at the caster's I + 2", skills.md 4.3: sim/fixed.go): the
// attack roll of a level I attacker with a mastery die (not spent); the
// defence of a defender with mastery dice against a 3 AP attack whose A
// effect brings a free attack (rolled there); a defence fixed at 2 with a
// shield, against an attacker under a forced reroll.
//
// Against a defender with its AP, a fixed attack result does worse than the
// dice, which may explode (a level I attacker against 5 AP, computed exactly:
// P(success) 0.126 rolled, 0.090 fixed at 9); against 2 AP it does better
// (0.410 rolled, 0.640 at 9).
func fixedSamplerCases() []samplerCase {
	guard := safar("guard", 2, stats4(3, 4, 4, 5), 3)
	return []samplerCase{
		{"fixed result: level I attacker's roll at 9 on a defender with 2 AP", func() *sim.Exchange {
			att := withMastery(safar("novice", 1, stats4(4, 5, 4, 3), 3), profiles.Offensive)
			tired := *guard
			tired.AP = 2
			return &sim.Exchange{Attacker: sim.NewFighter(att, []*profiles.Equipment{club}),
				Defender: sim.NewFighter(&tired, []*profiles.Equipment{club}),
				Attack:   sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.P)},
				Policy:   sim.DefaultPolicy, AttackerFixed: 9}
		}},
		{"fixed result: defender's at 6 on the main attack, not on its free attack", func() *sim.Exchange {
			def := withMastery(safar("warden", 2, stats4(3, 4, 5, 5), 3), profiles.Defensive)
			return &sim.Exchange{Attacker: sim.NewFighter(safar("fighter", 2, stats4(4, 5, 4, 3), 3), []*profiles.Equipment{club}),
				Defender: sim.NewFighter(def, []*profiles.Equipment{club, wear(halfPlate)}),
				Attack:   sim.Attack{AP: 3, Chars: sim.CharsOf(sim.P, sim.A, sim.C), Effects: sim.CharsOf(sim.P, sim.A)},
				Policy:   sim.DefaultPolicy, DefenderFixed: 6}
		}},
		{"fixed result: defence at 2 with a shield, the attacker under a forced reroll", func() *sim.Exchange {
			return &sim.Exchange{Attacker: sim.NewFighter(safar("fighter", 3, stats4(4, 5, 4, 3), 3), []*profiles.Equipment{sword}),
				Defender: sim.NewFighter(guard, []*profiles.Equipment{club, shield}),
				Attack:   sim.Attack{AP: 3, Chars: sim.CharsOf(sim.P, sim.A, sim.A), Effects: sim.CharsOf(sim.P, sim.A)},
				Policy:   sim.DefaultPolicy, DefenderFixed: 2, AttackerForced: true}
		}},
	}
}

// TestFixedOdds checks, in the exact engine, what a fixed result does: a
// high one helps whoever rolls it, a low one hurts it (a level I attacker at
// 9 and at 2 against 2 AP; a level II defender at 9 and at 2), and a fixed
// attack roll never makes a CF or a CH.
func TestFixedOdds(t *testing.T) {
	c := fixedSamplerCases()
	for _, w := range []struct {
		name       string
		ex         func() *sim.Exchange
		attack, up bool
		v          int
	}{
		{"attacker at 9", c[0].ex, true, true, 9},
		{"attacker at 2", c[0].ex, true, false, 2},
		{"defender at 9", c[1].ex, false, true, 9},
		{"defender at 2", c[1].ex, false, false, 2},
	} {
		t.Run(w.name, func(t *testing.T) {
			ex := w.ex()
			ex.AttackerFixed, ex.DefenderFixed = 0, 0
			without := exact(t, ex)
			ex = w.ex()
			ex.AttackerFixed, ex.DefenderFixed = 0, 0
			if w.attack {
				ex.AttackerFixed = w.v
			} else {
				ex.DefenderFixed = w.v
			}
			with := exact(t, ex)
			// The roller's gain: the attacker's P(success) up, the defender's down.
			gain := with.PSuccess - without.PSuccess
			if !w.attack {
				gain = -gain
			}
			if w.up && gain <= 1e-6 || !w.up && gain >= -1e-6 {
				t.Errorf("p_success %.6f with the result fixed at %d, %.6f without", with.PSuccess, w.v, without.PSuccess)
			}
			if w.attack && (with.PAttackCF != 0 || with.PAttackCritical != 0) {
				t.Errorf("a fixed attack roll: P(CF) %g, P(CH) %g", with.PAttackCF, with.PAttackCritical)
			}
		})
	}
}
