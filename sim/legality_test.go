package sim_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// TestRuleErrors checks that an impossible exchange is refused with an error that
// names the rule it breaks, from both engines.
func TestRuleErrors(t *testing.T) {
	fighter := safar("fighter", 2, stats4(4, 5, 4, 3), 3)
	swordsman := safar("swordsman", 2, stats4(4, 5, 4, 3), 3, skill("skilled swordsman"))
	guard := safar("guard", 2, stats4(3, 4, 4, 5), 3)
	def := func(d sim.Defence) *sim.Defence { return &d }
	pa := sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A)}
	tests := []struct {
		name    string
		att     *profiles.Profile
		items   []*profiles.Equipment
		attack  sim.Attack
		rng     float64
		defence *sim.Defence
		rule    string
	}{
		{
			// R7: "1, 2 or 3 AP engage 1, 2 or 3 characteristics (the 1-2-3 rule)".
			name: "three characteristics on 2 AP", att: fighter,
			attack: sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A, sim.C)}, rule: "R7",
		},
		{
			// R7: "No characteristic more than twice in one action" (seed 000 line
			// 856: "you can choose the same characteristic only twice").
			name: "a characteristic three times", att: fighter,
			attack: sim.Attack{AP: 3, Chars: sim.CharsOf(sim.P, sim.P, sim.P)}, rule: "R7",
		},
		{
			// R9: weapon text modifies the attack; a spear forbids A (seed 000 line
			// 786: "you cannot ... use A with a spear").
			name: "A with a weapon that forbids it", att: fighter, items: []*profiles.Equipment{spear},
			attack: pa, rule: "R9",
		},
		{
			// R10: the effects come from the engaged characteristics.
			name: "an effect not engaged", att: fighter,
			attack: sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.C)}, rule: "R10",
		},
		{
			// R9: "1 AP basic attack ... no effect" (seed 000 line 838).
			name: "an effect on 1 AP", att: fighter,
			attack: sim.Attack{AP: 1, Chars: sim.CharsOf(sim.P), Effects: sim.CharsOf(sim.P)}, rule: "R9",
		},
		{
			// The crossbow "3/7/-": "le tir est impossible au-delà de 7 toises"
			// (seed 004 line 936).
			name: "a shot out of range", att: fighter, items: []*profiles.Equipment{crossbow},
			attack: sim.Attack{Kind: sim.Shot, AP: 2, Chars: sim.CharsOf(sim.A, sim.A)}, rng: 9,
			rule: "rulebook Shooting - Range",
		},
		{
			// R7: "The shooting techniques use exclusively V and A" (seed 000 line 956).
			name: "a shot with P", att: fighter, items: []*profiles.Equipment{bow},
			attack: sim.Attack{Kind: sim.Shot, AP: 2, Chars: sim.CharsOf(sim.P, sim.A)}, rule: "R7",
		},
		{
			// R7: "A defender who spends AP must engage at least one characteristic
			// the attacker used".
			name: "a defence that shares no characteristic", att: fighter, attack: pa,
			defence: def(sim.Defence{AP: 1, Chars: sim.CharsOf(sim.C)}), rule: "R7",
		},
		{
			// Skills: "Skilled swordsman: ... The one defending cannot spend more AP
			// than the 'skilled swordsman' attacking him" (seed 000 line 1656).
			name: "Skilled swordsman", att: swordsman,
			attack:  sim.Attack{AP: 1, Chars: sim.CharsOf(sim.P)},
			defence: def(sim.Defence{AP: 2, Chars: sim.CharsOf(sim.P, sim.A)}), rule: "skills: Skilled swordsman",
		},
		{
			// R7: "The free attack from an A effect is a 1 AP basic attack that
			// cannot be defended with more than 2 characteristics".
			name: "the free attack defended with 3 characteristics", att: fighter,
			attack:  sim.Attack{AP: 1, Chars: sim.CharsOf(sim.P), Free: true},
			defence: def(sim.Defence{AP: 3, Chars: sim.CharsOf(sim.P, sim.A, sim.C)}), rule: "R7",
		},
		{
			// R18: "only with the keyword".
			name: "Bunt without the keyword", att: fighter,
			attack: sim.Attack{Kind: sim.Bunt, AP: 2, Chars: sim.CharsOf(sim.P, sim.C)}, rule: "R18",
		},
		{
			// R13: using a shield needs one.
			name: "a shield the defender lacks", att: fighter, attack: pa,
			defence: def(sim.Defence{AP: 1, Chars: sim.CharsOf(sim.P), Shield: true}), rule: "R13",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mk := func() *sim.Exchange {
				return &sim.Exchange{
					Attacker: sim.NewFighter(tt.att, tt.items),
					Defender: sim.NewFighter(guard, nil),
					Attack:   tt.attack,
					Range:    tt.rng,
					Policy:   sim.Policy{Defence: tt.defence},
				}
			}
			_, errExact := mk().Exact()
			_, errSample := mk().NewSampler()
			for engine, err := range map[string]error{"Exact": errExact, "NewSampler": errSample} {
				var re *sim.RuleError
				if !errors.As(err, &re) {
					t.Fatalf("%s: error %v, want a *sim.RuleError", engine, err)
				}
				if re.Rule != tt.rule {
					t.Errorf("%s: rule %q (%v), want %q", engine, re.Rule, err, tt.rule)
				}
				if !strings.HasSuffix(err.Error(), "("+tt.rule+")") {
					t.Errorf("%s: message %q does not name %s", engine, err, tt.rule)
				}
			}
		})
	}
}

// TestCheckDefenceFree checks CheckDefence directly for the free attack of an A
// effect (R7: "cannot be defended with more than 2 characteristics"), which the
// best response never offers a 3 AP defence against.
func TestCheckDefenceFree(t *testing.T) {
	ex := &sim.Exchange{
		Attacker: sim.NewFighter(safar("a", 1, stats4(4, 4, 4, 4), 3), nil),
		Defender: sim.NewFighter(safar("d", 1, stats4(4, 4, 4, 4), 3), nil),
		Attack:   sim.Attack{AP: 3, Chars: sim.CharsOf(sim.P, sim.A, sim.C), Effects: sim.CharsOf(sim.A, sim.P)},
	}
	three := sim.Defence{AP: 3, Chars: sim.CharsOf(sim.P, sim.A, sim.C)}
	if err := ex.CheckDefence(three, false); err != nil {
		t.Errorf("3 AP defence against the main attack: %v", err)
	}
	var re *sim.RuleError
	if err := ex.CheckDefence(three, true); !errors.As(err, &re) || re.Rule != "R7" {
		t.Errorf("3 AP defence against the free attack: %v, want an R7 RuleError", err)
	}
	if err := ex.CheckDefence(sim.Defence{AP: 2, Chars: sim.CharsOf(sim.P, sim.A)}, true); err != nil {
		t.Errorf("2 AP defence against the free attack: %v", err)
	}
}
