package sim_test

import (
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// fateSamplerCases are the exchanges of TestSamplerAgainstExact where a side
// holds the reroll of a dice-tool spell (rooted-fate, "the ally may reroll
// one die of its next roll": sim/fate.go): on the attack roll of a level I
// attacker, with a mastery die after it; on the defence of a defender with
// mastery dice against a 3 AP attack whose A effect brings a free attack (the
// reroll is not used there); on both sides, with a shield, and with Master X.
func fateSamplerCases() []samplerCase {
	guard := safar("guard", 2, stats4(3, 4, 4, 5), 3)
	return []samplerCase{
		{"rooted-fate: level I attacker's reroll, then its mastery die", func() *sim.Exchange {
			att := withMastery(safar("novice", 1, stats4(4, 5, 4, 3), 3), profiles.Offensive)
			return &sim.Exchange{Attacker: sim.NewFighter(att, []*profiles.Equipment{club}),
				Defender: sim.NewFighter(guard, []*profiles.Equipment{club}),
				Attack:   sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.P)},
				Policy:   sim.DefaultPolicy, AttackerFate: true}
		}},
		{"rooted-fate: defender's reroll on the main attack, not on its free attack", func() *sim.Exchange {
			def := withMastery(safar("warden", 2, stats4(3, 4, 5, 5), 3), profiles.Defensive)
			return &sim.Exchange{Attacker: sim.NewFighter(safar("fighter", 2, stats4(4, 5, 4, 3), 3), []*profiles.Equipment{club}),
				Defender: sim.NewFighter(def, []*profiles.Equipment{club, wear(halfPlate)}),
				Attack:   sim.Attack{AP: 3, Chars: sim.CharsOf(sim.P, sim.A, sim.C), Effects: sim.CharsOf(sim.P, sim.A)},
				Policy:   sim.DefaultPolicy, DefenderFate: true}
		}},
		{"rooted-fate on both sides and a shield", func() *sim.Exchange {
			return &sim.Exchange{Attacker: sim.NewFighter(safar("fighter", 3, stats4(4, 5, 4, 3), 3), []*profiles.Equipment{sword}),
				Defender: sim.NewFighter(guard, []*profiles.Equipment{club, shield}),
				Attack:   sim.Attack{AP: 3, Chars: sim.CharsOf(sim.P, sim.A, sim.A), Effects: sim.CharsOf(sim.P, sim.A)},
				Policy:   sim.DefaultPolicy, AttackerFate: true, DefenderFate: true}
		}},
		// Last, as TestFateOdds leaves it out: the reroll comes before Master
		// X's, which it may then leave unused where a new roll of the whole
		// pool would have done better (sim/fate.go).
		{"rooted-fate on both sides, Master X and a shield", func() *sim.Exchange {
			att := safar("master", 3, stats4(4, 5, 4, 3), 3, profiles.Skill{Name: "master", Field: profiles.Offensive})
			return &sim.Exchange{Attacker: sim.NewFighter(att, []*profiles.Equipment{sword}),
				Defender: sim.NewFighter(guard, []*profiles.Equipment{club, shield}),
				Attack:   sim.Attack{AP: 3, Chars: sim.CharsOf(sim.P, sim.A, sim.A), Effects: sim.CharsOf(sim.P, sim.A)},
				Policy:   sim.DefaultPolicy, AttackerFate: true, DefenderFate: true}
		}},
	}
}

// TestFateOdds checks, in the exact engine, that the reroll helps whoever
// holds it: the attacker's raises P(success) and E[damage], the defender's
// lowers them, in each case of fateSamplerCases but the last (Master X) with
// the other side's reroll left as it is.
func TestFateOdds(t *testing.T) {
	cases := fateSamplerCases()
	for _, c := range cases[:len(cases)-1] {
		t.Run(c.name, func(t *testing.T) {
			with := exact(t, c.ex())
			for _, side := range []string{"attacker", "defender"} {
				ex := c.ex()
				held := &ex.AttackerFate
				if side == "defender" {
					held = &ex.DefenderFate
				}
				if !*held {
					continue
				}
				*held = false
				without := exact(t, ex)
				up := with.PSuccess > without.PSuccess+1e-6 && with.ExpectedDamage > without.ExpectedDamage+1e-6
				down := with.PSuccess < without.PSuccess-1e-6 && with.ExpectedDamage < without.ExpectedDamage-1e-6
				if side == "attacker" && !up || side == "defender" && !down {
					t.Errorf("the %s's reroll: p_success %.6f -> %.6f, E[damage] %.6f -> %.6f without it",
						side, with.PSuccess, without.PSuccess, with.ExpectedDamage, without.ExpectedDamage)
				}
			}
		})
	}
}
