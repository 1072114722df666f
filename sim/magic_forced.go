package sim

// This file plays an enemy's forced reroll, a dice tool of spells, in fights
// (skills.md 4.3 "force an enemy reroll"; profiles.EffectParams.ForceReroll):
// while the effect lasts and until it is spent, the enemy it is on is under a
// forced reroll of the highest die of its next exchange roll, the attack roll
// of its next attack or its defence roll against the next main attack on it
// (sim/forced.go: state.attTools, defTools); the roll spends it, forced or
// not, and the effect ends. The casting rolls, spell defences, armour rolls
// and temerity tests that come between do not use it (a simplification: it
// waits for the exchange, as a dice-tool reroll does, sim/magic_fate.go).
//
// The policy values it (forcedWorth) by what it takes off the enemy in the
// exchange it will serve, computed exactly (fateGainTable with forced): the
// caster's best attack on the enemy with and without the forced reroll on
// the enemy's defence, when the caster can still attack it in this
// activation, else the enemy's best attack on its nearest enemy with and
// without it on its attack roll.

// spendTools ends the dice-tool effects on Safar i whose roll has used them:
// bits b of toolBits (a reroll it held, a forced reroll it was under).
func (e *engine) spendTools(i int, b toolBits) {
	if b.has(toolFate) {
		e.spendFate(i) // sim/magic_fate.go
	}
	if b.has(toolForced) {
		e.spendForced(i)
	}
	if b.fixed() > 0 {
		e.spendFixed(i) // sim/magic_fixed.go
	}
	if b.stored() > 0 {
		e.spendStored(i) // sim/magic_stored.go
	}
	if b.has(toolArmour) {
		e.c[i].armourRerollUsed = true // once per turn (sim/wards.go)
	}
	if b.has(toolBoost) {
		e.c[i].boostUsed = true // an ally's aura's +1D10, once per turn (sim/auragrants.go)
	}
}

// spendForced ends the forced-reroll effects on Safar i, whose roll was under
// them.
func (e *engine) spendForced(i int) {
	fx := &e.c[i].fx
	for n := fx.n - 1; n >= 0; n-- {
		if a := &fx.on[n]; a.level.EffectParams.ForceReroll {
			if e.trace != nil {
				e.tracef("    %s's %s is spent on %s's roll\n", e.name(int(a.by)), a.spell.ID, e.name(i))
			}
			fx.remove(n)
		}
	}
	fx.sum()
}

// forcedWorth is what a forced reroll on enemy Safar j, cast by Safar i with
// cost AP spent, is worth to i's side: the exchange it serves first, from the
// gain tables. When i can still attack j in this activation with the AP left
// (in reach), j's defence roll against i's attack; otherwise j's attack roll
// on its nearest enemy in its next activation, when j may reach that enemy
// (the enemy holding the AP it holds now). An effect already on j adds
// nothing (paramsWorth asks only then).
func (e *engine) forcedWorth(i, cost, j int) float64 {
	return e.enemyToolWorth(i, cost, j, toolForced)
}

// enemyToolWorth is forcedWorth for dice tool tool on enemy Safar j: an
// enemy's forced reroll (toolForced), whose tables are already the caster's
// side's gain, or a fixed result (sim/magic_fixed.go), whose tables are j's
// gain, counted negated.
func (e *engine) enemyToolWorth(i, cost, j int, tool toolBits) float64 {
	sign := 1.0
	if tool.fixed() > 0 {
		sign = -1
	}
	kj := int8(e.c[j].kind)
	if e.c[i].ap-cost > 0 && e.gap(i, j) <= e.assaultReach(i)+1e-9 {
		g := e.magic.fateGain[fateKey{kj, int8(e.c[i].kind), false, tool}]
		return sign * g[e.heldAP(j)]
	}
	t := e.nearestEnemy(j)
	if t < 0 || !e.mayThreaten(j, t) {
		return 0
	}
	g := e.magic.fateGain[fateKey{kj, int8(e.c[t].kind), true, tool}]
	return sign * g[e.heldAP(t)]
}
