package sim

import (
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/stats"
)

// wakefulEye is an invented dice-tool spell (not card text): an ally (the
// caster included) gains Awakened (grant_skill: awakened), at 14, until the
// end of its next activation.
func wakefulEye() *profiles.Spell {
	return &profiles.Spell{ID: "wakeful-eye", Name: "Wakeful Eye", Kind: profiles.GrimoireSpell,
		Way: profiles.Adansonia, Pages: 1, Target: profiles.TargetAlly, Range: 6,
		Cadence: profiles.Cadence{N: 1, Per: "turn"}, Duration: profiles.UntilTargetActivation,
		Levels: []profiles.SpellLevel{{Difficulty: 14, Effect: profiles.EffectDiceTool,
			EffectParams: profiles.EffectParams{GrantSkill: profiles.SkillAwakened}, Text: "the ally gains Awakened"}}}
}

// TestAwakeGrant checks Awakened granted by a spell (sim/magic_awake.go)
// against Awakened on the card: the casts of the bone-seer's damage spell on
// the Khémist with its defence totals raised by its I (castState.awake) have,
// for every AP held and AP value, the exact P(success) of the same casts on a
// copy of the Khémist's card with the skill (Cast plans, to 1e-12), and the
// sampled casts have it inside their 99.99% Wilson interval; in fights the
// spell goes to allies only, the grant raises the target's castState, a card
// with the skill gains nothing, and the policy values it by what it takes off
// the enemy caster's best damage cast (awakeWorth > 0 against the bone-seer).
func TestAwakeGrant(t *testing.T) {
	e, k := spellEngineVs(t, wakefulEye(), "bone-seer-2")
	opt := e.option(t, 0, 0, "wakeful-eye", 14)
	if ally, enemy := effectSides(opt.spell, *opt.level); !ally || enemy {
		t.Fatalf("Awakened granted to allies %v, enemies %v", ally, enemy)
	}
	seer := e.c[1].f
	kp := *k.Profile
	kp.Skills = append(append([]profiles.Skill(nil), kp.Skills...), profiles.Skill{Name: profiles.SkillAwakened})
	woke := *k
	woke.Profile = &kp
	var bolt *profiles.Spell
	for _, s := range seer.Profile.Magic.Known {
		if s != nil && s.ID == "bone-splinters" {
			bolt = s
		}
	}
	if bolt == nil {
		t.Fatal("the bone-seer does not know bone-splinters")
	}
	plan := func(tgt *Fighter) *castPlan {
		c := &Cast{Caster: seer, Target: tgt, Spell: bolt, Difficulty: 14, AP: 2, Reroll: true, DefenceMastery: true, enemy: true}
		pl, err := c.plan()
		if err != nil {
			t.Fatal(err)
		}
		return pl
	}
	plain, awake := plan(k), plan(&woke)
	in := k.Stats().I
	for held := range 4 {
		for _, apv := range []float64{0, 0.3, 1.5} {
			got := plain.pSuccessWard(2, 0, in, held, true, true, apv)
			want := awake.pSuccessWard(2, 0, 0, held, true, true, apv)
			if d := got - want; d > 1e-12 || d < -1e-12 {
				t.Errorf("%d AP held, AP value %g: P(success) %.15f granted, %.15f on the card", held, apv, got, want)
			}
		}
	}
	const n = 20000
	r := rand.NewPCG(5, 21)
	succ := 0
	for range n {
		if plain.sampleWard(r, 2, 0, in, 3, true, true, 0.3).Success {
			succ++
		}
	}
	want := awake.pSuccessWard(2, 0, 0, 3, true, true, 0.3)
	if lo, hi := stats.Wilson(succ, n, 0.9999); want < lo || want > hi {
		t.Errorf("sampled casts on the granted Khémist: %d of %d, [%.4f, %.4f] misses the exact %.4f", succ, n, lo, hi, want)
	}
	if without := plain.pSuccessWard(2, 0, 0, 3, true, true, 0.3); !(want < without) {
		t.Errorf("Awakened does not lower P(success): %.4f with, %.4f without", want, without)
	}

	// In fights.
	fateSetUp(e)
	w := e.effectWorth(0, 0, opt)
	if w <= 0 {
		t.Errorf("worth %.4f against the bone-seer, want > 0", w)
	}
	var seerOpt *castOption
	for oi := range e.magic.opts[e.c[1].kind] {
		if o := &e.magic.opts[e.c[1].kind][oi]; o.spell.ID == "bone-splinters" && o.plans[e.c[0].kind] != nil {
			seerOpt = o
			break
		}
	}
	if seerOpt == nil {
		t.Fatal("no bone-splinters option on the Khémist")
	}
	if a := e.castStateOf(1, 0, seerOpt).awake; a != 0 {
		t.Errorf("castState.awake %d before the grant", a)
	}
	e.applyEffect(0, 0, opt)
	if a := e.castStateOf(1, 0, seerOpt).awake; a != in {
		t.Errorf("castState.awake %d after the grant, want the Khémist's I %d", a, in)
	}
	if w := e.effectWorth(0, 0, opt); w != 0 {
		t.Errorf("recasting worth %.4f, want 0", w)
	}
	e.c[0].f = &woke
	if a := e.awakeOf(0); a != 0 {
		t.Errorf("a card with Awakened gains %d more", a)
	}
}
