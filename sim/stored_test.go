package sim_test

import (
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// storedSamplerCases are the exchanges of TestSamplerAgainstExact where a side
// holds a d10 kept by a dice-tool spell ("a d10 kept to replace a later one",
// skills.md 4.3: sim/stored.go): a 8 on the attack roll of a level II
// attacker with a mastery die; a 7 on the defence of a defender with mastery
// dice against a 3 AP attack whose A effect brings a free attack (not used
// there); an 8 on a defence with a shield, the attacker holding a dice-tool
// reroll.
func storedSamplerCases() []samplerCase {
	guard := safar("guard", 2, stats4(3, 4, 4, 5), 3)
	return []samplerCase{
		{"kept d10: an 8 on a level II attack roll, then its mastery die", func() *sim.Exchange {
			att := withMastery(safar("fighter", 2, stats4(4, 5, 4, 3), 3), profiles.Offensive)
			return &sim.Exchange{Attacker: sim.NewFighter(att, []*profiles.Equipment{club}),
				Defender: sim.NewFighter(guard, []*profiles.Equipment{club}),
				Attack:   sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.P)},
				Policy:   sim.DefaultPolicy, AttackerStored: 8}
		}},
		{"kept d10: a 7 on the defence of the main attack, not on its free attack", func() *sim.Exchange {
			def := withMastery(safar("warden", 2, stats4(3, 4, 5, 5), 3), profiles.Defensive)
			return &sim.Exchange{Attacker: sim.NewFighter(safar("fighter", 2, stats4(4, 5, 4, 3), 3), []*profiles.Equipment{club}),
				Defender: sim.NewFighter(def, []*profiles.Equipment{club, wear(halfPlate)}),
				Attack:   sim.Attack{AP: 3, Chars: sim.CharsOf(sim.P, sim.A, sim.C), Effects: sim.CharsOf(sim.P, sim.A)},
				Policy:   sim.DefaultPolicy, DefenderStored: 7}
		}},
		{"kept d10: an 8 on a defence with a shield, the attacker holding rooted-fate", func() *sim.Exchange {
			return &sim.Exchange{Attacker: sim.NewFighter(safar("fighter", 3, stats4(4, 5, 4, 3), 3), []*profiles.Equipment{sword}),
				Defender: sim.NewFighter(guard, []*profiles.Equipment{club, shield}),
				Attack:   sim.Attack{AP: 3, Chars: sim.CharsOf(sim.P, sim.A, sim.A), Effects: sim.CharsOf(sim.P, sim.A)},
				Policy:   sim.DefaultPolicy, DefenderStored: 8, AttackerFate: true}
		}},
	}
}

// TestStoredOdds checks, in the exact engine, that a kept d10 helps whoever
// holds it (the attacker's raises P(success) and E[damage], the defender's
// lowers them), and that a kept 1 changes nothing (it never replaces a die).
func TestStoredOdds(t *testing.T) {
	for _, c := range storedSamplerCases() {
		t.Run(c.name, func(t *testing.T) {
			with := exact(t, c.ex())
			ex := c.ex()
			attacker := ex.AttackerStored > 0
			ex.AttackerStored, ex.DefenderStored = 0, 0
			without := exact(t, ex)
			up := with.PSuccess > without.PSuccess+1e-6 && with.ExpectedDamage > without.ExpectedDamage+1e-6
			down := with.PSuccess < without.PSuccess-1e-6 && with.ExpectedDamage < without.ExpectedDamage-1e-6
			if attacker && !up || !attacker && !down {
				t.Errorf("attacker %v: p_success %.6f -> %.6f, E[damage] %.6f -> %.6f without it",
					attacker, with.PSuccess, without.PSuccess, with.ExpectedDamage, without.ExpectedDamage)
			}
			ex = c.ex()
			if attacker {
				ex.AttackerStored = 1
			} else {
				ex.DefenderStored = 1
			}
			if one := exact(t, ex); one.PSuccess != without.PSuccess || one.ExpectedDamage != without.ExpectedDamage {
				t.Errorf("a kept 1: p_success %.17g, E[damage] %.17g; without %.17g, %.17g", one.PSuccess, one.ExpectedDamage, without.PSuccess, without.ExpectedDamage)
			}
		})
	}
}
