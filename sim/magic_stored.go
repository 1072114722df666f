package sim

import (
	"math/rand/v2"

	"github.com/kharn-ages/kharn/sim/dice"
)

// This file plays a d10 kept by a dice-tool spell in fights (skills.md 4.3 "a
// d10 kept to replace a later one"; profiles.EffectParams.StoredDie;
// sim/stored.go): when the spell takes effect the face is rolled and recorded
// with the effect (activeEffect.stored); while the effect lasts and until it
// is spent, the target's next exchange roll uses it (the attack roll of its
// next attack or its defence roll against the next main attack on it), which
// spends it and ends the effect. The casting rolls, spell defences, armour
// rolls and temerity tests that come between do not use it.
//
// The policy values it as a reroll it would hold (holderWorth), from the
// exact gain tables of the kept d10 averaged over its ten faces
// (fateGainTable with toolStored): the face is not known before the cast.

// keepDie rolls the face of the d10 that option opt, cast by Safar i and
// taken effect, keeps for Safar j.
func (e *engine) keepDie(r *rand.PCG, i, j int, opt *castOption) {
	if !opt.level.EffectParams.StoredDie {
		return
	}
	fx := &e.c[j].fx
	for n := range fx.n {
		if a := &fx.on[n]; a.spell == opt.spell {
			a.stored = int8(dice.D10(r))
			if e.trace != nil {
				e.tracef("    %s keeps a d10 showing %d for %s's next roll\n", e.name(i), a.stored, e.name(j))
			}
		}
	}
	fx.sum()
}

// spendStored ends the kept-d10 effects on Safar i, whose roll has used them.
func (e *engine) spendStored(i int) {
	fx := &e.c[i].fx
	for n := fx.n - 1; n >= 0; n-- {
		if a := &fx.on[n]; a.level.EffectParams.StoredDie {
			if e.trace != nil {
				e.tracef("    %s's %s (a kept %d) is spent on %s's roll\n", e.name(int(a.by)), a.spell.ID, a.stored, e.name(i))
			}
			fx.remove(n)
		}
	}
	fx.sum()
}
