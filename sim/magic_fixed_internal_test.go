package sim

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// steadyHand is an invented dice-tool spell (not card text): the target's
// next roll is fixed at the caster's I + 2 (fixed_result), at 14, on anyone,
// until the end of the target's next activation.
func steadyHand() *profiles.Spell {
	return &profiles.Spell{ID: "steady-hand", Name: "Steady Hand", Kind: profiles.GrimoireSpell,
		Way: profiles.Adansonia, Pages: 1, Target: profiles.TargetAny, Range: 6,
		Cadence: profiles.Cadence{N: 1, Per: "turn"}, Duration: profiles.UntilTargetActivation,
		Levels: []profiles.SpellLevel{{Difficulty: 14, Effect: profiles.EffectDiceTool,
			EffectParams: profiles.EffectParams{FixedResult: 2}, Text: "the target's next roll is fixed at the caster's I + 2"}}}
}

// TestFixedInFight checks a result fixed by a spell (dice-tool, "a roll's
// result fixed at the caster's I + 2", skills.md 4.3; sim/magic_fixed.go) in
// fights: the spell (target any) may go to allies and enemies; the cast
// records the caster's I + 2; the target's next exchange roll is that value,
// its attack or its defence, which spends the effect, the trace saying so; the
// policy's value is the holder's gain from the exact tables on itself and that
// gain negated on the enemy, so that it is cast only where it helps the
// caster's side.
func TestFixedInFight(t *testing.T) {
	e, _ := spellEngine(t, steadyHand())
	self, enemy := e.option(t, 0, 0, "steady-hand", 14), e.option(t, 0, 1, "steady-hand", 14)
	if ally, en := effectSides(self.spell, *self.level); !ally || !en {
		t.Fatalf("a fixed result on any target: cast on allies %v, enemies %v", ally, en)
	}
	v := min(e.c[0].f.Stats().I+2, 10)
	tool := toolsOf(false, false, v, 0)
	kk, kp := int8(e.c[0].kind), int8(e.c[1].kind)
	mine, theirs := e.magic.fateGain[fateKey{kk, kp, true, tool}], e.magic.fateGain[fateKey{kp, kk, false, tool}]
	if mine == ([8]float64{}) || theirs == ([8]float64{}) {
		t.Fatalf("no gain tables for the result fixed at %d: %v, %v", v, mine, theirs)
	}
	// In contact with AP left: on itself, its own attack's gain; on the
	// paladin, the paladin's defence's gain, negated.
	if w := e.effectWorth(0, 0, self); w != mine[e.heldAP(1)] {
		t.Errorf("on itself: worth %.4f, want its attack's gain %.4f", w, mine[e.heldAP(1)])
	}
	if w := e.effectWorth(0, 1, enemy); w != -theirs[e.heldAP(1)] {
		t.Errorf("on the paladin: worth %.4f, want its defence's gain negated %.4f", w, -theirs[e.heldAP(1)])
	}
	t.Logf("fixed at %d: the Khémist's attack gains %.4f, the paladin's defence %.4f (4 AP held)", v, mine[4], theirs[4])

	e.applyEffect(0, 1, enemy)
	if int(e.c[1].fx.fixed) != v {
		t.Fatalf("fixed result %d on the paladin, want the Khémist's I + 2 = %d", e.c[1].fx.fixed, v)
	}
	if w := e.effectWorth(0, 1, enemy); w != 0 {
		t.Errorf("recasting worth %.4f, want 0", w)
	}
	// The paladin's attack: its attack roll is the fixed value, and spends it.
	r := rand.NewPCG(7, 14)
	var b strings.Builder
	e.trace = &b
	e.attack(r, 1, action{kind: actAttack, opt: meleeOpt(t, e, 1, 0), target: 0})
	e.trace = nil
	if e.c[1].fx.fixed != 0 || e.c[1].fx.has(enemy.spell) {
		t.Error("the fixed result is still on the paladin after its attack")
	}
	if s := b.String(); !strings.Contains(s, fmt.Sprintf(": rolls %d", v)) || !strings.Contains(s, "steady-hand (result fixed at") {
		t.Errorf("the trace does not show the roll at %d and the effect spent:\n%s", v, s)
	}
	// The Khémist's attack on it: the paladin's defence roll spends it.
	fateSetUp(e)
	e.applyEffect(0, 1, enemy)
	e.attack(r, 0, action{kind: actAttack, opt: meleeOpt(t, e, 0, 1), target: 1})
	if e.c[1].fx.fixed != 0 {
		t.Error("the fixed result is still on the paladin after its defence")
	}
}
