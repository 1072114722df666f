package sim

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// grandCall is an invented spell in the shape of the catalogue's fixture
// grand-appel (profiles/catalog/testdata/catalog-056.json, not card text):
// target all Safars (any), duration special, a ward that lasts the game at
// 14 and every activation played again at 15 (low thresholds, so that a
// Khémist casts them often).
func grandCall() *profiles.Spell {
	return &profiles.Spell{ID: "grand-call", Name: "Grand Call", Kind: profiles.GenericSpell,
		Target: profiles.TargetAny, Cadence: profiles.Cadence{Per: "unlimited"}, Duration: profiles.SpecialDuration,
		Levels: []profiles.SpellLevel{
			{Difficulty: 14, Effect: profiles.EffectAntiMagic, Lasts: profiles.WholeGame,
				EffectParams: profiles.EffectParams{Ward: 1}, Text: "enemy spells +1 difficulty"},
			{Difficulty: 15, Effect: profiles.EffectControl,
				EffectParams: profiles.EffectParams{ReplayAll: true}, Text: "all Safars play their activation again"}}}
}

// TestReplayAll checks activations played again (replay_all; skills.md 4.3,
// "all Safars play their activation again"; sim/magic_replay.go): cast on the
// caster (no defence), a success makes the Khémist and the paladin, both
// activated this round, ready again (R15), and says so in the trace; a second
// success in the same round does nothing, one in the next round plays them
// again. The policy's worth: each activated Safar's threat over an
// activation (returnWorth), for the caster's side and against the other,
// nothing once the round was played again.
func TestReplayAll(t *testing.T) {
	e, _ := spellEngineVs(t, grandCall(), "paladin-2")
	opt := e.option(t, 0, 0, "grand-call", 15)
	if e.option(t, 0, 0, "grand-call", 14) == nil || opt.plans[e.c[1].kind] != nil {
		t.Fatal("the replay is cast on the paladin")
	}
	oi := -1
	for k := range e.magic.opts[e.c[0].kind] {
		if &e.magic.opts[e.c[0].kind][k] == opt {
			oi = k
		}
	}
	e.c[1].ap = 0 // the paladin holds no AP: the Khémist's threat on it is the largest
	mine, theirs := e.returnWorth(0), e.returnWorth(1)
	if mine <= 0 || theirs <= 0 {
		t.Fatalf("threats %.3f, %.3f: the two Safars in contact should threaten each other", mine, theirs)
	}
	e.c[0].acted, e.c[1].acted = true, true
	if v := e.effectWorth(0, 0, opt); !near(v, mine-theirs) {
		t.Errorf("replay with both activated: worth %.4f, want %.4f", v, mine-theirs)
	}
	e.c[1].acted = false
	if v := e.effectWorth(0, 0, opt); !near(v, mine) {
		t.Errorf("replay with the paladin to come: worth %.4f, want %.4f", v, mine)
	}

	var b strings.Builder
	e.trace = &b
	r := rand.NewPCG(28, 24)
	succeeded := 0
	for range 60 {
		e.round = 1
		e.c[0].spells, e.c[1].spells = spellState{}, spellState{}
		e.c[0].ap, e.c[1].ap = 4, 0
		e.c[0].acted, e.c[1].acted = true, true
		b.Reset()
		if !e.cast(r, 0, action{kind: actCast, opt: oi, target: 0}) {
			t.Fatal("the cast was not played")
		}
		if e.c[0].spells.succeeded == 0 {
			if !e.c[0].acted || !e.c[1].acted {
				t.Fatal("a failed cast made a Safar ready again")
			}
			continue
		}
		succeeded++
		if e.c[0].acted || e.c[1].acted || !strings.Contains(b.String(), "paladin-2 will play its activation again") {
			t.Fatalf("after the replay: acted %v, %v; trace\n%s", e.c[0].acted, e.c[1].acted, b.String())
		}
		if v := e.effectWorth(0, 0, opt); v != 0 {
			t.Errorf("a second replay in the round: worth %.4f, want 0", v)
		}
		e.c[0].acted, e.c[1].acted = true, true
		e.c[0].ap = 4
		e.replayAll(0)
		if !e.c[0].acted || !e.c[1].acted {
			t.Fatal("a second replay in the same round made the Safars ready again")
		}
		e.round = 2
		e.replayAll(0)
		if e.c[0].acted || e.c[1].acted {
			t.Fatal("the replay of the next round did not make the Safars ready again")
		}
	}
	if succeeded == 0 {
		t.Fatal("no cast succeeded in 60")
	}
}

// TestSpecialDurationWard checks a ward of a spell of duration special whose
// difficulty lasts the game (profiles.SpellLevel.Lasts): applied, it is on
// for the whole game, ended by no activation.
func TestSpecialDurationWard(t *testing.T) {
	e, _ := spellEngineVs(t, grandCall(), "paladin-2")
	opt := e.option(t, 0, 0, "grand-call", 14)
	e.applyEffect(0, 0, opt)
	if a := e.c[0].fx.on[0]; e.c[0].fx.n != 1 || !a.whole || e.c[0].fx.ward != 1 {
		t.Fatalf("effects %+v: want one ward for the whole game", e.c[0].fx)
	}
	for range 3 {
		e.effectsAtStart(0)
		e.effectsAtEnd(0)
		e.effectsAtStart(1)
		e.effectsAtEnd(1)
	}
	if e.wardAgainst(1) != 1 {
		t.Errorf("the paladin's spells: ward %d after three rounds, want 1", e.wardAgainst(1))
	}
}
