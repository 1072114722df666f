package sim

import (
	"math"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// TestCastMasterDefenceByHand checks the stop probability of a one-die spell
// defence with Master esoteric and no mastery die, by hand: a face of at least
// need = t - mod stops the cast, p = (11 - need)/10 for need in 2..10, and the
// free reroll of the whole pool (one die here) after a face that does not
// gives 1 - (1-p)^2 (seed 000 l.1636; R5: the target knows the total).
func TestCastMasterDefenceByHand(t *testing.T) {
	caster := &profiles.Profile{ID: "seer", Name: "seer", Level: 2, AP: 5, HP: 10, Faction: "fangs",
		Stats: profiles.Stats{V: 3, P: 3, A: 3, C: 3, T: 4, I: 5}, Magic: &profiles.Magic{Way: profiles.Osteomancy}}
	tgt := &profiles.Profile{ID: "hermit", Name: "hermit", Level: 1, AP: 5, HP: 10,
		Stats: profiles.Stats{V: 3, P: 3, A: 3, C: 3, T: 4, I: 3}, Skills: []profiles.Skill{{Name: "master", Field: profiles.Esoteric}}}
	spell := &profiles.Spell{ID: "bolt", Name: "bolt", Kind: profiles.GrimoireSpell, Way: profiles.Osteomancy, Target: profiles.TargetEnemy,
		Levels: []profiles.SpellLevel{{Difficulty: 12, Effect: profiles.EffectDamage, Amount: &profiles.Dice{N: 1, Sides: 5}}}}
	c := &Cast{Caster: NewFighter(caster, nil), Target: NewFighter(tgt, nil), Spell: spell, Difficulty: 12, AP: 2, Reroll: true, DefenceMastery: true}
	pl, err := c.plan()
	if err != nil {
		t.Fatal(err)
	}
	for k := 1; k <= 3; k++ {
		mod := pl.defMod[k] // k x I, no quick or complex modifier at 2 AP
		if mod != 3*k {
			t.Fatalf("defence modifier at %d AP: %d, want %d", k, mod, 3*k)
		}
		for need := 2; need <= 10; need++ {
			p := float64(11-need) / 10
			tot := need + mod
			if got := pl.stopIn(k, tot, false, false, false); math.Abs(got-p) > 1e-12 {
				t.Errorf("%d AP, total %d, no Master: stop %.12f, want %.12f", k, tot, got, p)
			}
			want := 1 - (1-p)*(1-p)
			if got := pl.stopIn(k, tot, false, false, true); math.Abs(got-want) > 1e-12 {
				t.Errorf("%d AP, total %d, Master: stop %.12f, want %.12f", k, tot, got, want)
			}
		}
	}
}
