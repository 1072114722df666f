package sim

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/stats"
)

// crookedOmen is an invented dice-tool spell (not card text): the enemy
// target must reroll one die of its next roll (force_reroll), at 14, until
// the end of the target's next activation.
func crookedOmen() *profiles.Spell {
	return &profiles.Spell{ID: "crooked-omen", Name: "Crooked Omen", Kind: profiles.GrimoireSpell,
		Way: profiles.Adansonia, Pages: 1, Target: profiles.TargetEnemy, Range: 6,
		Cadence: profiles.Cadence{N: 1, Per: "turn"}, Duration: profiles.UntilTargetActivation,
		Levels: []profiles.SpellLevel{{Difficulty: 14, Effect: profiles.EffectDiceTool,
			EffectParams: profiles.EffectParams{ForceReroll: true}, Text: "the enemy must reroll one die of its next roll"}}}
}

// spellEngine returns the Khémist (A), knowing only spell s, in contact with
// a paladin (B), both with 4 AP in round 1.
func spellEngine(t *testing.T, s *profiles.Spell) (*engine, *Fighter) {
	t.Helper()
	return spellEngineVs(t, s, "paladin-2")
}

// spellEngineVs is spellEngine against the card opp.
func spellEngineVs(t *testing.T, s *profiles.Spell, opp string) (*engine, *Fighter) {
	t.Helper()
	k := *cardFighterIn(t, "tembo-khemist-2")
	p := *k.Profile
	mg := *p.Magic
	mg.Known = []*profiles.Spell{s}
	p.Magic = &mg
	k.Profile = &p
	ids := []string{"tembo-khemist-2", opp}
	e, err := newEngine([]*Fighter{&k, cardFighterIn(t, ids[1])}, []int{SideA, SideB}, Variant{}, [2]FightPolicy{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if e.magic == nil {
		t.Fatal("no cast options")
	}
	e.rounds = 20
	e.field.Width, e.field.Height = DefaultTable, DefaultTable
	e.labels = ids
	fateSetUp(e)
	return e, &k
}

// forcedEngine returns spellEngine with crookedOmen and the Khémist's
// crooked-omen option on the paladin.
func forcedEngine(t *testing.T) (*engine, *castOption) {
	t.Helper()
	e, _ := spellEngine(t, crookedOmen())
	return e, e.option(t, 0, 1, "crooked-omen", 14)
}

// TestForcedInFight checks an enemy's forced reroll (dice-tool, "force an
// enemy reroll", skills.md 4.3; sim/magic_forced.go) in fights: it is cast on
// enemies only; the effect puts its target under a forced reroll that its
// next exchange roll spends, its defence or its own attack, and the effect
// ends then, the trace saying so and tagging the forced roll; the gain tables the policy reads are
// positive both ways, and the cast is worth the caster's attack's gain in
// contact, the enemy's attack's gain from afar, nothing once it is on. The
// paladin's sampled attacks hurt the Khémist less often under it (disjoint
// 99.99% Wilson intervals).
func TestForcedInFight(t *testing.T) {
	e, forced := forcedEngine(t)
	if ally, enemy := effectSides(forced.spell, *forced.level); ally || !enemy {
		t.Fatalf("a forced reroll cast on allies %v, enemies %v", ally, enemy)
	}
	kk, kp := int8(e.c[0].kind), int8(e.c[1].kind)
	def, att := e.magic.fateGain[fateKey{kp, kk, false, toolForced}], e.magic.fateGain[fateKey{kp, kk, true, toolForced}]
	if !(def[4] > 0 && att[0] > 0) {
		t.Fatalf("gain tables: the paladin defending %v, attacking %v", def, att)
	}
	if w := e.effectWorth(0, 1, forced); w != def[e.heldAP(1)] || w <= 0 {
		t.Errorf("worth %.4f in contact with 3 AP left, want the Khémist's attack's gain %.4f", w, def[e.heldAP(1)])
	}
	e.applyEffect(0, 1, forced)
	if !e.c[1].fx.forced {
		t.Fatal("the paladin is not under a forced reroll after the cast")
	}
	if w := e.effectWorth(0, 1, forced); w != 0 {
		t.Errorf("recasting worth %.4f, want 0", w)
	}

	// The Khémist's attack: the paladin's defence roll spends it.
	r := rand.NewPCG(5, 14)
	var b strings.Builder
	e.trace = &b
	e.attack(r, 0, action{kind: actAttack, opt: meleeOpt(t, e, 0, 1), target: 1})
	e.trace = nil
	if e.c[1].fx.forced || e.c[1].fx.has(forced.spell) {
		t.Error("the forced reroll is still on the paladin after its defence")
	}
	if !strings.Contains(b.String(), "crooked-omen is spent on") {
		t.Errorf("the trace does not say the forced reroll is spent:\n%s", b.String())
	}

	// The paladin's attack: its attack roll spends it.
	fateSetUp(e)
	e.applyEffect(0, 1, forced)
	e.attack(r, 1, action{kind: actAttack, opt: meleeOpt(t, e, 1, 0), target: 0})
	if e.c[1].fx.forced {
		t.Error("the forced reroll is still on the paladin after its attack")
	}

	// From afar, the Khémist cannot attack: the paladin's attack on it, the
	// Khémist holding its AP.
	fateSetUp(e)
	e.place(1, 3+e.c[0].radius+6+e.c[1].radius)
	if w, want := e.effectWorth(0, 1, forced), att[e.heldAP(0)]; w != want || w <= 0 {
		t.Errorf("worth %.4f 6 toises away, want the paladin's attack's loss with %d AP held, %.4f", w, e.heldAP(0), want)
	}

	// Sampled attacks of the paladin with and without it.
	const n = 30000
	var hurt [2]int
	opt := meleeOpt(t, e, 1, 0)
	var seen bool
	for spell := range 2 {
		for k := range n {
			fateSetUp(e)
			e.c[0].ap = 0 // no defence: the attack roll decides
			if spell == 1 {
				e.applyEffect(0, 1, forced)
			}
			if spell == 1 && k < 200 { // the trace tags a forced roll
				b.Reset()
				e.trace = &b
			}
			hp := e.c[0].hp
			e.attack(r, 1, action{kind: actAttack, opt: opt, target: 0})
			e.trace = nil
			seen = seen || strings.Contains(b.String(), "forced by a spell")
			if e.c[0].hp < hp {
				hurt[spell]++
			}
		}
	}
	if !seen {
		t.Error("no trace of 200 attacks under the forced reroll tags a roll forced by a spell")
	}
	lo0, _ := stats.Wilson(hurt[0], n, 0.9999)
	_, hi1 := stats.Wilson(hurt[1], n, 0.9999)
	if hi1 >= lo0 {
		t.Errorf("attacks that hurt: %d of %d without the forced reroll, %d with it: not significantly fewer", hurt[0], n, hurt[1])
	}
	t.Logf("the paladin's attacks that hurt: %d of %d without crooked-omen, %d of %d with it", hurt[0], n, hurt[1], n)
}
