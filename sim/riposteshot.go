package sim

import "math/rand/v2"

// This file plays a card's Riposte shot (skills.md section 3, pattern F:
// "during a defence with Riposte, its A effect may be a free shot if its
// weapon is loaded, even in melee"; profiles.OwnRules.RiposteShot, field
// riposte_shot).
//
// Reading and policy: the A effect of a successful defence gives a free
// basic attack (R10, R11), and after a shot a lightning shot (Exchange
// freeAttack); the card makes it a free lightning shot of its shooting
// weapon, even engaged. The policies never take A as a counter's effect
// otherwise (counterChoice); with the card, Riposte (skills.md #24) and its
// shooting weapon loaded (shots left and loaded, engine.shotReady: the plan
// key's defShot, Exchange.DefenderShotReady), a Riposte defence that engages
// A takes the A effect first (a simple rule: the shot is worth more than a
// P, C or V effect to a shooter), then its other effect as usual. In the
// exchange the A effect changes nothing (the exact engine and the sampler
// play the defence's other effect and its damage); once the exchange is
// played, the Safar, fit, shoots its attacker for no AP (engine.strike with
// no cost: an exchange of its own, its ammunition and load spent), when its
// weapon reaches it in sight; none from within such a shot or a card's free
// attack (engine.countering). Not valued: the best response weighs such a
// defence by its counter damage, as without the shot. Not on a mount's card.

// riposteShot reports whether the defence d of ex takes its card's A effect
// as a free shot: Riposte, the card's rule, its weapon loaded, A engaged.
func (ex *Exchange) riposteShot(d Defence) bool {
	def := ex.Defender
	return ex.DefenderShotReady && def.Skills.Riposte && def.Profile.Own.RiposteShot && d.Chars.Has(A) && !def.Profile.Own.DefenceDamageOnly
}

// shotReady reports whether Safar j's card makes its Riposte's A effect a
// free shot and its shooting weapon is loaded (shots left, loaded).
func (e *engine) shotReady(j int) bool {
	o := &e.c[j]
	return o.f.Profile.Own.RiposteShot && o.f.Skills.Riposte && o.f.Ranged != nil && o.ammo != 0 && o.loaded != 0
}

// riposteShot makes Safar j's free shot at Safar i, its Riposte defence's A
// effect: a lightning shot (the free attack of an A effect after a shot,
// R10), or its cheapest shot when its tables have none.
func (e *engine) riposteShot(r *rand.PCG, j, i int) {
	o, c := &e.c[j], &e.c[i]
	if e.countering || !o.fit() || !c.inPlay() || o.side == c.side || !e.shotReady(j) {
		return
	}
	opts := e.opts[o.kind][c.kind]
	k := -1
	for n := range opts {
		if op := &opts[n]; op.shot && op.weapon == o.f.Ranged && op.pos == posNone && op.split == 0 && (k < 0 || op.attack.AP < opts[k].attack.AP) {
			k = n
		}
	}
	if k < 0 {
		return
	}
	opt := &opts[k]
	band, ok := e.band(j, i, opt.weapon)
	if !ok {
		return
	}
	if e.trace != nil {
		e.tracef("    %s's Riposte A effect is a free shot (riposte_shot)\n", e.name(j))
	}
	e.countering = true // no free shot nor card attack from within it (sim/cardcounter.go)
	e.strike(r, j, i, k, opt, false, band, e.cover(j, i), 0)
	e.countering = false
}
