package sim

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/stats"
)

// fateEngine returns the Khémist (A, rooted-fate) in contact with a paladin
// (B), both with 4 AP in round 1, and the Khémist's rooted-fate option on
// itself.
func fateEngine(t *testing.T) (*engine, *castOption) {
	t.Helper()
	e := effectEngine(t, []string{"tembo-khemist-2", "paladin-2"}, []int{SideA, SideB})
	return e, e.option(t, 0, 0, "rooted-fate", 14)
}

// fateSetUp puts e's two Safars back in contact at full strength.
func fateSetUp(e *engine) {
	e.reset()
	e.round = 1
	e.place(0, 3)
	e.place(1, 3+e.c[0].radius+e.c[1].radius)
	e.c[0].ap, e.c[1].ap = 4, 4
}

// meleeOpt returns the index of attacker i's 2 AP melee option on j (not
// positional).
func meleeOpt(t *testing.T, e *engine, i, j int) int {
	t.Helper()
	for k, o := range e.opts[e.c[i].kind][e.c[j].kind] {
		if !o.shot && o.pos == posNone && o.split == 0 && o.attack.AP == 2 && !o.attack.Kind.Special() {
			return k
		}
	}
	t.Fatalf("no 2 AP melee option of Safar %d on Safar %d", i, j)
	return -1
}

// TestFateInFight checks rooted-fate (dice-tool, "the ally may reroll one die
// of its next roll"; sim/magic_fate.go) in fights: the effect gives its
// target a reroll that the next exchange roll spends, its own attack or its
// defence, and the effect ends then; the gain tables the policy reads are
// positive both ways, and the cast is worth the attack's gain before it is on
// and nothing once it is; from afar, only once the caster has walked; the
// trace says when it is spent. The Khémist's
// sampled attacks hurt the paladin more often with it (disjoint 99.99%
// Wilson intervals).
func TestFateInFight(t *testing.T) {
	e, fate := fateEngine(t)
	if !fate.level.Reroll {
		t.Fatalf("rooted-fate level %+v: no reroll", fate.level.EffectParams)
	}
	fateSetUp(e)
	kk, kp := int8(e.c[0].kind), int8(e.c[1].kind)
	att, def := e.magic.fateGain[fateKey{kk, kp, true, toolFate}], e.magic.fateGain[fateKey{kk, kp, false, toolFate}]
	if !(att[4] > 0 && def[4] > 0) {
		t.Fatalf("gain tables: attacking %v, defending %v", att, def)
	}
	if w := e.effectWorth(0, 0, fate); w != att[e.heldAP(1)] || w <= 0 {
		t.Errorf("worth %.4f on itself in contact with 3 AP left, want its attack's gain %.4f", w, att[e.heldAP(1)])
	}
	e.applyEffect(0, 0, fate)
	if !e.c[0].fx.fate {
		t.Fatal("no reroll held after the cast")
	}
	if w := e.effectWorth(0, 0, fate); w != 0 {
		t.Errorf("recasting worth %.4f, want 0", w)
	}
	r := rand.NewPCG(3, 14)
	var b strings.Builder
	e.trace = &b
	e.attack(r, 0, action{kind: actAttack, opt: meleeOpt(t, e, 0, 1), target: 1})
	e.trace = nil
	if e.c[0].fx.fate || e.c[0].fx.has(fate.spell) {
		t.Error("the reroll is still held after the Khémist's attack")
	}
	if !strings.Contains(b.String(), "rooted-fate is spent") {
		t.Errorf("the trace does not say the reroll is spent:\n%s", b.String())
	}

	// The paladin's attack: the Khémist's defence roll spends it.
	fateSetUp(e)
	e.applyEffect(0, 0, fate)
	e.attack(r, 1, action{kind: actAttack, opt: meleeOpt(t, e, 1, 0), target: 0})
	if e.c[0].fx.fate {
		t.Error("the reroll is still held after the Khémist's defence")
	}
	// Unused, it ends with the Khémist's next activation (not this one).
	fateSetUp(e)
	e.applyEffect(0, 0, fate)
	e.effectsAtEnd(0)
	if !e.c[0].fx.fate {
		t.Error("the reroll ended with the activation it was cast in")
	}
	e.effectsAtEnd(0)
	if e.c[0].fx.fate {
		t.Error("the reroll outlived the Khémist's next activation")
	}

	// From afar the reroll waits for the paladin's attack: worth nothing before
	// the Khémist's walk (cast after it, the same reroll serves the same
	// defence), the defence's gain after it.
	fateSetUp(e)
	e.place(1, 3+e.c[0].radius+6+e.c[1].radius)
	if w := e.effectWorth(0, 0, fate); w != 0 {
		t.Errorf("worth %.4f before its walk, 6 toises away, want 0 (deferred)", w)
	}
	e.c[0].walks = 1
	if w, want := e.effectWorth(0, 0, fate), def[3]; w != want || w <= 0 {
		t.Errorf("worth %.4f after its walk, want the defence's gain with 3 AP held, %.4f", w, want)
	}

	// Sampled attacks with and without it.
	const n = 30000
	var hurt [2]int
	opt := meleeOpt(t, e, 0, 1)
	for spell := range 2 {
		for range n {
			fateSetUp(e)
			if spell == 1 {
				e.applyEffect(0, 0, fate)
			}
			hp := e.c[1].hp
			e.attack(r, 0, action{kind: actAttack, opt: opt, target: 1})
			if e.c[1].hp < hp {
				hurt[spell]++
			}
		}
	}
	lo1, _ := stats.Wilson(hurt[1], n, 0.9999)
	_, hi0 := stats.Wilson(hurt[0], n, 0.9999)
	if lo1 <= hi0 {
		t.Errorf("attacks that hurt: %d of %d without the reroll, %d with it: not significantly more", hurt[0], n, hurt[1])
	}
	t.Logf("attacks that hurt: %d of %d without rooted-fate, %d of %d with it", hurt[0], n, hurt[1], n)
}

// TestGrantSkill checks a skill granted by a spell (dice-tool, grant_skill:
// skilled swordsman; sim/magic_fate.go): the modifier carries it, a copy of
// the card has it and the card does not, the exchanges of the copy forbid a
// defence of more AP than the attack (skills.md #37, seed 000 line 1656), and
// the trace's text names it.
func TestGrantSkill(t *testing.T) {
	e := effectEngine(t, []string{"tembo-khemist-2", "paladin-2"}, []int{SideA, SideB})
	p := profiles.EffectParams{GrantSkill: profiles.SkillSkilledSwordsman}
	m := paramsMod(&p)
	if m == (statMod{}) || m.String() != "has skilled swordsman" {
		t.Fatalf("modifier %v %q", m, m.String())
	}
	f := e.c[0].f
	g := m.apply(f)
	if !g.Skills.SkilledSwordsman || f.Skills.SkilledSwordsman {
		t.Fatalf("granted %v, card %v", g.Skills.SkilledSwordsman, f.Skills.SkilledSwordsman)
	}
	a := Attack{AP: 1, Chars: CharsOf(P)}
	two := Defence{AP: 2, Chars: CharsOf(P, A)}
	for _, c := range []struct {
		att  *Fighter
		fail bool
	}{{f, false}, {g, true}} {
		ex := Exchange{Attacker: c.att, Defender: e.c[1].f, Attack: a}
		if err := ex.CheckDefence(two, false); (err != nil) != c.fail {
			t.Errorf("skilled swordsman %v: a 2 AP defence against 1 AP: %v", c.att.Skills.SkilledSwordsman, err)
		}
	}
	if ally, enemy := effectSides(&profiles.Spell{Target: profiles.TargetAny}, profiles.SpellLevel{Effect: profiles.EffectDiceTool, EffectParams: p}); !ally || enemy {
		t.Errorf("a granted skill cast on allies %v, enemies %v", ally, enemy)
	}
}
