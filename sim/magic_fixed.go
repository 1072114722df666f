package sim

// This file plays a result fixed by a dice-tool spell in fights (skills.md 4.3
// "a roll's result fixed at the caster's I + 2"; profiles.EffectParams
// .FixedResult; sim/fixed.go): the cast records the value, the caster's card
// I plus the spell's N capped at 10 (activeEffect.fixed; the card's I, as
// the casting tables read it), and while the effect lasts and until it is
// spent, the target's next exchange roll is that value, the attack roll of
// its next attack or its defence roll against the next main attack on it;
// the roll spends it and the effect ends. The casting rolls, spell defences,
// armour rolls and temerity tests that come between do not use it (a
// simplification: it waits for the exchange, as a dice-tool reroll does,
// sim/magic_fate.go).
//
// The policy values it from the exact gain tables of the fixed value
// (fateGainTable): on an ally, as a reroll it holds (holderWorth), on an
// enemy, as a forced reroll (enemyToolWorth) negated; a value that does
// worse than the target's dice for the caster's side is negative and never
// cast. A dispel of it is valued with the dispeller's own I (a
// simplification: paramsWorth reads the parameters, not the effect).

// spendFixed ends the fixed-result effects on Safar i, whose roll has used
// them.
func (e *engine) spendFixed(i int) {
	fx := &e.c[i].fx
	for n := fx.n - 1; n >= 0; n-- {
		if a := &fx.on[n]; a.level.EffectParams.FixedResult > 0 {
			if e.trace != nil {
				e.tracef("    %s's %s (result fixed at %d) is spent on %s's roll\n", e.name(int(a.by)), a.spell.ID, a.fixed, e.name(i))
			}
			fx.remove(n)
		}
	}
	fx.sum()
}
