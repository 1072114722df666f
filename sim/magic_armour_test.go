package sim_test

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
	"github.com/kharn-ages/kharn/sim/dice"
)

// pcgState returns r's state, to compare the draws two sequences consumed.
func pcgState(t *testing.T, r *rand.PCG) []byte {
	t.Helper()
	b, err := r.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestCastSampleArmourLevelDiceDraws checks that a sampled damage spell under
// the armour-level-dice option (R12: the wearer rolls its level dice and keeps
// the best, instead of one d10) draws exactly the amount dice and the level dice,
// and no other die. The target is Responsive to the spell's way, so the cast
// succeeds without a roll (seed 000 line 1648) and the draws are those of the
// damage alone. It failed before the fix: the sampler rolled a d10 first and threw
// it away.
func TestCastSampleArmourLevelDiceDraws(t *testing.T) {
	seer := mage("seer", 2, 5, profiles.Osteomancy, nil, profiles.Esoteric)
	for _, level := range []int{1, 3} {
		resp := target("resp", level, 3, []profiles.Skill{{Name: "responsive", Text: "osteomancy"}})
		for _, v := range []sim.Variant{{}, {ArmourLevelDice: true}} {
			c := &sim.Cast{Caster: sim.NewFighter(seer, nil), Target: sim.NewFighter(resp, []*profiles.Equipment{wear(plate)}),
				Spell: bolt, Difficulty: 12, AP: 2, Variant: v}
			sm, err := c.NewSampler()
			if err != nil {
				t.Fatal(err)
			}
			for seed := range uint64(50) {
				r, replay := rand.NewPCG(seed, 3), rand.NewPCG(seed, 3)
				o := sm.Sample(r)
				if !o.Success {
					t.Fatalf("level %d %+v: a cast on a Responsive target failed", level, v)
				}
				dice.Roll(replay, 1, 5, 0) // 1D5 damage
				if v.ArmourLevelDice {
					dice.Best(replay, level)
				} else {
					dice.D10(replay)
				}
				if !bytes.Equal(pcgState(t, r), pcgState(t, replay)) {
					t.Fatalf("level %d %+v seed %d: the cast drew other dice than 1D5 and its armour roll", level, v, seed)
				}
			}
		}
	}
}
