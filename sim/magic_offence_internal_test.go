package sim

import (
	"math"
	"strings"
	"testing"
)

// TestSpellOffensiveBuff checks tempered-edge (offensive-buff, "+2 to the
// ally's attack totals", at 20 "and critical hits on 9-10";
// sim/magic_offence.go): the exchanges of the buffed paladin read its weapon
// with the attack bonus raised by 2 and critical hits from 9, exactly as an
// exchange of the same card with that weapon written by hand (Exchange.Exact;
// the sampler reads the same weapon), its expected damage higher; the cast is
// worth something on the ally about to strike and nothing once on; the effect
// ends with the ally's next activation (seed 000 line 1518); the trace names
// it.
func TestSpellOffensiveBuff(t *testing.T) {
	// adept (A), paladin (A), bone seer (B) in the paladin's reach.
	e := effectEngine(t, []string{"blood-steel-adept-3", "paladin-3", "bone-seer-2"}, []int{SideA, SideA, SideB})
	e.place(0, 3)
	e.place(1, 3+e.c[0].radius+1+e.c[1].radius)
	e.place(2, e.c[1].pos.X+e.c[1].radius+e.c[2].radius+0.5)
	edge := e.option(t, 0, 1, "tempered-edge", 20)
	if edge.level.AttackBonus != 2 || edge.level.CriticalFrom != 9 {
		t.Fatalf("tempered-edge:20 %+v, want +2 and critical from 9", edge.level.EffectParams)
	}
	opts := e.opts[e.c[1].kind][e.c[2].kind]
	k := -1
	for n, o := range opts {
		if !o.shot && !o.attack.Kind.Special() && o.attack.AP == 2 && o.weapon != nil && o.pos == posNone {
			k = n
			break
		}
	}
	if k < 0 {
		t.Fatal("no 2 AP weapon attack of the paladin")
	}
	key := planKey{att: int8(e.c[1].kind), def: int8(e.c[2].kind), apLeft: 2, opt: int16(k), band: bandEffective}
	exact := func(key planKey) *Result {
		res, err := e.plan(key, 1, &opts[k]).ex.Exact()
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	base := exact(key)
	key.attMod = paramsMod(&edge.level.EffectParams)
	pl := e.plan(key, 1, &opts[k])
	card := opts[k].weapon.Effects
	if w := pl.ex.Attacker.Weapon.Effects; w.AttackBonus != card.AttackBonus+2 || w.CriticalFrom != 9 {
		t.Fatalf("buffed weapon: attack bonus %d crit %d, card %d %d", w.AttackBonus, w.CriticalFrom, card.AttackBonus, card.CriticalFrom)
	}
	if c := opts[k].weapon.Effects; c.AttackBonus != card.AttackBonus || c.CriticalFrom != card.CriticalFrom || pl.ex.Attacker.Weapon == opts[k].weapon {
		t.Fatal("the buff changed the card's weapon")
	}
	buffed := exact(key)
	hand := pl.ex
	f := *e.plan(planKey{att: key.att, def: key.def, apLeft: 2, opt: key.opt, band: bandEffective}, 1, &opts[k]).ex.Attacker
	w := *f.Weapon
	w.Effects.AttackBonus += 2
	w.Effects.CriticalFrom = 9
	f.Weapon = &w
	hand.Attacker = &f
	want, err := hand.Exact()
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(want.ExpectedDamage-buffed.ExpectedDamage) > 1e-12 || math.Abs(want.PCriticalSuccess-buffed.PCriticalSuccess) > 1e-12 {
		t.Errorf("buffed E[damage] %.6f P(CH) %.6f, the hand-written weapon %.6f %.6f", buffed.ExpectedDamage, buffed.PCriticalSuccess, want.ExpectedDamage, want.PCriticalSuccess)
	}
	if buffed.ExpectedDamage <= base.ExpectedDamage || buffed.PCriticalSuccess <= base.PCriticalSuccess {
		t.Errorf("buffed E[damage] %.4f P(CH) %.4f, not above %.4f %.4f", buffed.ExpectedDamage, buffed.PCriticalSuccess, base.ExpectedDamage, base.PCriticalSuccess)
	}
	// The policy's worth, the effect on, its end.
	e.c[2].ap = 4
	if v := e.effectWorth(0, 1, edge); v <= 0 {
		t.Errorf("tempered-edge on the paladin about to strike worth %.4f", v)
	}
	var b strings.Builder
	e.trace = &b
	e.applyEffect(0, 1, edge)
	if got := e.c[1].fx.mod; got[modAttack] != 2 || got[modCrit] != 9 {
		t.Fatalf("paladin's modifier %v", got)
	}
	if v := e.effectWorth(0, 1, edge); v != 0 {
		t.Errorf("recasting worth %.4f, want 0", v)
	}
	e.effectsAtEnd(0)
	if e.c[1].fx.mod[modAttack] != 2 {
		t.Error("the buff ended at the end of the caster's activation")
	}
	e.effectsAtEnd(1)
	if e.c[1].fx.mod != (statMod{}) {
		t.Errorf("modifier %v after the paladin's activation", e.c[1].fx.mod)
	}
	if got := effectText(edge.level, edge.spell.Duration); got != "+2 to attack totals, critical hits on 9-10 (target-next-activation)" {
		t.Errorf("effect text %q", got)
	}
	if !strings.Contains(b.String(), "tempered-edge ends on") {
		t.Errorf("trace lacks the end of the buff:\n%s", b.String())
	}
}
