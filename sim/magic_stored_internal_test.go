package sim

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/stats"
)

// boneToken is an invented dice-tool spell (not card text): a d10 is rolled
// and kept for an ally (the caster included) to replace a die of its next
// roll (stored_die), at 14, until the end of the target's next activation.
func boneToken() *profiles.Spell {
	return &profiles.Spell{ID: "bone-token", Name: "Bone Token", Kind: profiles.GrimoireSpell,
		Way: profiles.Adansonia, Pages: 1, Target: profiles.TargetAlly, Range: 6,
		Cadence: profiles.Cadence{N: 1, Per: "turn"}, Duration: profiles.UntilTargetActivation,
		Levels: []profiles.SpellLevel{{Difficulty: 14, Effect: profiles.EffectDiceTool,
			EffectParams: profiles.EffectParams{StoredDie: true}, Text: "a d10 kept to replace a die of the ally's next roll"}}}
}

// TestStoredInFight checks a d10 kept by a spell (dice-tool, "a d10 kept to
// replace a later one", skills.md 4.3; sim/magic_stored.go) in fights: cast on
// allies only; the face is rolled when it takes effect (uniform: 99.99%
// Wilson intervals over 20 000 casts), the trace says so; the holder's next
// exchange roll spends it, its attack or its defence, and the effect ends,
// the trace saying so; the policy's value is its attack's gain averaged over
// the face in contact; the Khémist's sampled attacks hurt the paladin more
// often with it (disjoint 99.99% Wilson intervals).
func TestStoredInFight(t *testing.T) {
	e, _ := spellEngine(t, boneToken())
	opt := e.option(t, 0, 0, "bone-token", 14)
	if ally, enemy := effectSides(opt.spell, *opt.level); !ally || enemy {
		t.Fatalf("a kept d10 cast on allies %v, enemies %v", ally, enemy)
	}
	kk, kp := int8(e.c[0].kind), int8(e.c[1].kind)
	att := e.magic.fateGain[fateKey{kk, kp, true, toolStored}]
	if att[4] <= 0 {
		t.Fatalf("gain table %v", att)
	}
	if w := e.effectWorth(0, 0, opt); w != att[e.heldAP(1)] {
		t.Errorf("worth %.4f in contact, want its attack's mean gain %.4f", w, att[e.heldAP(1)])
	}

	// The faces kept.
	r := rand.NewPCG(11, 14)
	const casts = 20000
	var count [11]int
	for range casts {
		e.c[0].fx = spellEffects{}
		e.applyEffect(0, 0, opt)
		e.keepDie(r, 0, 0, opt)
		count[e.c[0].fx.stored]++
	}
	for f := 1; f <= 10; f++ {
		if lo, hi := stats.Wilson(count[f], casts, 0.9999); 0.1 < lo || 0.1 > hi {
			t.Errorf("face %d kept %d times of %d: [%.4f, %.4f] misses 0.1", f, count[f], casts, lo, hi)
		}
	}
	if count[0] != 0 {
		t.Errorf("%d casts kept no face", count[0])
	}

	// Spent by the Khémist's attack, with the trace lines.
	fateSetUp(e)
	var b strings.Builder
	e.trace = &b
	e.applyEffect(0, 0, opt)
	e.keepDie(r, 0, 0, opt)
	e.attack(r, 0, action{kind: actAttack, opt: meleeOpt(t, e, 0, 1), target: 1})
	e.trace = nil
	if e.c[0].fx.stored != 0 || e.c[0].fx.has(opt.spell) {
		t.Error("the kept d10 is still held after the Khémist's attack")
	}
	if s := b.String(); !strings.Contains(s, "keeps a d10 showing") || !strings.Contains(s, "bone-token (a kept") {
		t.Errorf("the trace does not say the d10 is kept and spent:\n%s", s)
	}
	// Spent by its defence against the paladin's attack.
	fateSetUp(e)
	e.applyEffect(0, 0, opt)
	e.keepDie(r, 0, 0, opt)
	e.attack(r, 1, action{kind: actAttack, opt: meleeOpt(t, e, 1, 0), target: 0})
	if e.c[0].fx.stored != 0 {
		t.Error("the kept d10 is still held after the Khémist's defence")
	}

	// Sampled attacks with and without it.
	const n = 30000
	var hurt [2]int
	mo := meleeOpt(t, e, 0, 1)
	for spell := range 2 {
		for range n {
			fateSetUp(e)
			if spell == 1 {
				e.applyEffect(0, 0, opt)
				e.keepDie(r, 0, 0, opt)
			}
			hp := e.c[1].hp
			e.attack(r, 0, action{kind: actAttack, opt: mo, target: 1})
			if e.c[1].hp < hp {
				hurt[spell]++
			}
		}
	}
	lo1, _ := stats.Wilson(hurt[1], n, 0.9999)
	_, hi0 := stats.Wilson(hurt[0], n, 0.9999)
	if lo1 <= hi0 {
		t.Errorf("attacks that hurt: %d of %d without the kept d10, %d with it: not significantly more", hurt[0], n, hurt[1])
	}
	t.Logf("the Khémist's attacks that hurt: %d of %d without bone-token, %d of %d with it", hurt[0], n, hurt[1], n)
}
