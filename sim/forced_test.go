package sim_test

import (
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// forcedSamplerCases are the exchanges of TestSamplerAgainstExact where a side
// is under an enemy's forced reroll of a dice-tool spell ("force an enemy
// reroll", skills.md 4.3: sim/forced.go): on the attack roll of a level III
// attacker, then its mastery die; on the defence of a defender with mastery
// dice against a 3 AP attack whose A effect brings a free attack (not forced
// there); on the defence of a level I defender who also holds a dice-tool
// reroll (rooted-fate), with a shield.
func forcedSamplerCases() []samplerCase {
	guard := safar("guard", 2, stats4(3, 4, 4, 5), 3)
	return []samplerCase{
		{"forced reroll: level III attacker's highest die, then its mastery die", func() *sim.Exchange {
			att := withMastery(safar("veteran", 3, stats4(4, 5, 4, 3), 3), profiles.Offensive)
			return &sim.Exchange{Attacker: sim.NewFighter(att, []*profiles.Equipment{club}),
				Defender: sim.NewFighter(guard, []*profiles.Equipment{club}),
				Attack:   sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.P)},
				Policy:   sim.DefaultPolicy, AttackerForced: true}
		}},
		{"forced reroll: defender's on the main attack, not on its free attack", func() *sim.Exchange {
			def := withMastery(safar("warden", 2, stats4(3, 4, 5, 5), 3), profiles.Defensive)
			return &sim.Exchange{Attacker: sim.NewFighter(safar("fighter", 2, stats4(4, 5, 4, 3), 3), []*profiles.Equipment{club}),
				Defender: sim.NewFighter(def, []*profiles.Equipment{club, wear(halfPlate)}),
				Attack:   sim.Attack{AP: 3, Chars: sim.CharsOf(sim.P, sim.A, sim.C), Effects: sim.CharsOf(sim.P, sim.A)},
				Policy:   sim.DefaultPolicy, DefenderForced: true}
		}},
		{"forced reroll on a level I defender holding rooted-fate, with a shield", func() *sim.Exchange {
			def := safar("novice", 1, stats4(3, 4, 4, 5), 3)
			return &sim.Exchange{Attacker: sim.NewFighter(safar("fighter", 3, stats4(4, 5, 4, 3), 3), []*profiles.Equipment{sword}),
				Defender: sim.NewFighter(def, []*profiles.Equipment{club, shield}),
				Attack:   sim.Attack{AP: 3, Chars: sim.CharsOf(sim.P, sim.A, sim.A), Effects: sim.CharsOf(sim.P, sim.A)},
				Policy:   sim.DefaultPolicy, DefenderForced: true, DefenderFate: true}
		}},
	}
}

// TestForcedOdds checks, in the exact engine, that an enemy's forced reroll
// hurts whoever is under it: on the attacker it lowers P(success) and
// E[damage], on the defender it raises them, in each case of
// forcedSamplerCases with the other tools left as they are.
func TestForcedOdds(t *testing.T) {
	for _, c := range forcedSamplerCases() {
		t.Run(c.name, func(t *testing.T) {
			with := exact(t, c.ex())
			ex := c.ex()
			side := "attacker"
			if ex.DefenderForced {
				side = "defender"
			}
			ex.AttackerForced, ex.DefenderForced = false, false
			without := exact(t, ex)
			up := with.PSuccess > without.PSuccess+1e-6 && with.ExpectedDamage > without.ExpectedDamage+1e-6
			down := with.PSuccess < without.PSuccess-1e-6 && with.ExpectedDamage < without.ExpectedDamage-1e-6
			if side == "attacker" && !down || side == "defender" && !up {
				t.Errorf("the %s's forced reroll: p_success %.6f -> %.6f, E[damage] %.6f -> %.6f without it",
					side, with.PSuccess, without.PSuccess, with.ExpectedDamage, without.ExpectedDamage)
			}
		})
	}
}
