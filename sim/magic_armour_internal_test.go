package sim

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/sim/dice"
)

// TestFightCastArmourLevelDiceDraws checks that a damage spell cast in a fight
// under the armour-level-dice option (R12) draws the cast and defence dice, the
// amount dice and the wearer's level dice, and no other die: the replay draws
// the same cast (sampleWard, with the state the cast saw), the spell's amount and
// dice.Best of the target's level, and must end in the same RNG state. It failed
// before the fix: engine.cast rolled a d10 first and threw it away.
func TestFightCastArmourLevelDiceDraws(t *testing.T) {
	ids := []string{"bone-seer-2", "paladin-3"} // the paladin wears plate (level 3)
	var fs []*Fighter
	for _, id := range ids {
		fs = append(fs, cardFighterIn(t, id))
	}
	e, err := newEngine(fs, []int{SideB, SideA}, Variant{ArmourLevelDice: true}, [2]FightPolicy{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	e.rounds = 20
	bolt := -1
	for oi, o := range e.magic.opts[e.c[0].kind] {
		if o.spell.ID == "bone-splinters" && o.level.Difficulty == 14 && o.ap == 3 && o.plans[e.c[1].kind] != nil {
			bolt = oi
		}
	}
	if bolt < 0 {
		t.Fatal("no bone-splinters:14 complex option")
	}
	opt := &e.magic.opts[e.c[0].kind][bolt]
	pl := opt.plans[e.c[1].kind]
	level := e.c[1].f.Profile.Level
	armoured := 0
	for seed := range uint64(400) {
		e.reset()
		e.round = 1
		e.c[0].ap, e.c[1].ap = 4, 4
		e.c[1].pos = e.c[0].pos
		e.c[1].pos.X++ // in range
		if e.c[1].armour == 0 {
			t.Fatal("the paladin has no armour boxes")
		}
		s := e.castStateOf(0, 1, opt)
		apv := e.spellAPValue(e.c[0].kind, e.c[1].kind, s)
		r, replay := rand.NewPCG(seed, 9), rand.NewPCG(seed, 9)
		if !e.cast(r, 0, action{kind: actCast, opt: bolt, target: 1}) {
			t.Fatal("the damage spell was not cast")
		}
		out := pl.sampleWard(replay, s.extra, s.ward, s.awake, min(s.held, 3), s.mast, s.defMast, apv)
		if out.Success {
			dice.Roll(replay, pl.amtN, pl.amtSides, pl.amtPlus)
			dice.Best(replay, level)
			armoured++
		}
		a, err := r.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		b, err := replay.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, b) {
			t.Fatalf("seed %d (success %v): the cast drew other dice than its rolls, 1D5 and %d level dice", seed, out.Success, level)
		}
	}
	if armoured == 0 {
		t.Fatal("no cast took effect through the armour")
	}
}
