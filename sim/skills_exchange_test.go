package sim_test

import (
	"math"
	"testing"

	"github.com/kharn-ages/kharn/sim"
)

// The skills of this file change one exchange; each test cites its entry of
// the design page skills.md (the catalogue's skill list, written from seeds 000
// and 004; these skills have no line in the rulebooks).

// TestRiposte checks skills.md #24: a successful 2 AP defence deals its damage
// and one effect (instead of damage only), a successful 3 AP defence its damage
// and two effects (instead of one); effects come from the engaged
// characteristics, the same one twice only when it is engaged twice.
func TestRiposte(t *testing.T) {
	att := safar("att", 1, stats4(3, 5, 4, 2), 3)
	pc := sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.C), Effects: sim.CharsOf(sim.P), DamageChar: sim.P, DamageChosen: true}
	const defStature = 3
	for _, c := range []struct {
		name          string
		d             sim.Defence
		plain, plainR int // counter damage on a plain stop, without and with Riposte
		repelR        bool
	}{
		// 2 AP PC: C = 4 (R11); with Riposte also the P effect, +1 (R10).
		{"2 AP PC", sim.Defence{AP: 2, Chars: sim.CharsOf(sim.P, sim.C)}, 4, 5, false},
		// 2 AP CC: C = 4; with Riposte also the C effect: the attacker, of
		// the same stature, is repelled C/2 (R10).
		{"2 AP CC", sim.Defence{AP: 2, Chars: sim.CharsOf(sim.C, sim.C)}, 4, 4, true},
		// 3 AP PPC: C = 4 and one P effect, +1; with Riposte PP, +2.
		{"3 AP PPC", sim.Defence{AP: 3, Chars: sim.CharsOf(sim.P, sim.P, sim.C)}, 5, 6, false},
		// 3 AP PCC: C = 4 and P, +1; with Riposte P and C: +1 and a repel.
		{"3 AP PCC", sim.Defence{AP: 3, Chars: sim.CharsOf(sim.P, sim.C, sim.C)}, 5, 5, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			run := func(skills ...string) *sim.Result {
				p := safar("def", 1, stats4(4, 3, 5, 4), defStature)
				for _, s := range skills {
					p.Skills = append(p.Skills, skill(s))
				}
				return exact(t, &sim.Exchange{Attacker: sim.NewFighter(att, nil), Defender: sim.NewFighter(p, nil),
					Attack: pc, Policy: fixed(c.d)})
			}
			plain, rip := run(), run("riposte")
			if math.Abs(plain.PSuccess-rip.PSuccess) > 1e-15 {
				t.Errorf("Riposte changed p_success: %g -> %g", plain.PSuccess, rip.PSuccess)
			}
			stopPlain := pmf(plain.CounterPMF, c.plain)
			if stopPlain < 0.05 {
				t.Fatalf("counter %d has mass %g without Riposte: the case tells little", c.plain, stopPlain)
			}
			if got := pmf(rip.CounterPMF, c.plainR); math.Abs(got-stopPlain) > 1e-12 {
				t.Errorf("with Riposte P(counter = %d) = %.12g, want the plain stop's %.12g", c.plainR, got, stopPlain)
			}
			// R9a: a CH on the defence adds the stature once.
			if got, want := pmf(rip.CounterPMF, c.plainR+defStature), pmf(plain.CounterPMF, c.plain+defStature); math.Abs(got-want) > 1e-12 || want == 0 {
				t.Errorf("with Riposte P(counter = %d) = %.12g, want the CH stop's %.12g", c.plainR+defStature, got, want)
			}
			if plain.PAttackerRepelled != 0 && c.d.AP == 2 {
				t.Errorf("a 2 AP defence without Riposte repelled: %g", plain.PAttackerRepelled)
			}
			if c.repelR && math.Abs(rip.PAttackerRepelled-(1-rip.PSuccess-rip.PAttackCF)) > 1e-12 {
				t.Errorf("with Riposte p_attacker_repelled = %g, want every stop: %g", rip.PAttackerRepelled, 1-rip.PSuccess-rip.PAttackCF)
			}
		})
	}
}
