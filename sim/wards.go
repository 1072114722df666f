package sim

import "github.com/kharn-ages/kharn/profiles"

// Card wards (skills.md section 3, patterns G and H; profiles/wards.go).
//
// G, damage reduction: "It takes 1 or 2 damage less from each successful
// attack; it always stops 1 damage from any source; once per turn it rerolls
// a failed armour roll. Recommended: these reductions apply after armour and
// never take damage below 0." wardTaken applies the reductions to what a hit
// lets through after the armour (and the armour under it, and Tembo hide), in
// the exact engine's hit distributions (plan.computeHitDist) and the sampler
// (plan.sampleHit, sampleCounter) alike, so the policies' decision tables
// (expectedTaken, hitValue, counterValue: all read hitDist) see them. Other
// damage goes through engine.hurtFrom (any_source only).
//
// The armour reroll: a failed armour roll (R12: a face below the armour's
// threshold, not a 10; a 1 too) is rolled again, once per turn, and the new
// face stands. Policy: rerolled whenever the failed face lets damage through
// (the reroll is free; keeping it for a later hit of the turn is not
// weighed). The exchange's state carries "still available" in bit
// toolArmour of state.defTools (the defender's armour) and state.attTools (the
// attacker's, against counter damage), beside the other once-per-turn and
// dice-tool bits; engine.spendTools marks it used for the turn
// (combatant.armourRerollUsed, reset each round with Master X's).

// wardTaken returns the damage f takes of taken HP let through by its armour:
// less its any_source reduction, and its per_attack one when the damage is an
// attack's (not a counter's: R11's counter damage is no attack); never below 0.
func wardTaken(f *Fighter, taken int, attack bool) int {
	if taken <= 0 || f.Profile == nil {
		return taken
	}
	w := &f.Profile.Wards
	red := w.AnySource
	if attack {
		red += w.PerAttack
	}
	return max(taken-red, 0)
}

// hasArmourReroll reports whether f rerolls a failed armour roll once per turn.
func hasArmourReroll(f *Fighter) bool {
	return f.Profile != nil && f.Profile.Wards.ArmourReroll && f.Armour != nil
}

// armourFailed reports whether face is a failed roll of armour a (R12): below
// its threshold and not a 10.
func armourFailed(a *profiles.ArmourStats, face int) bool {
	return face != 10 && face < a.Threshold
}

// rerollArmour reports whether a Safar holding its reroll rerolls the armour
// face just rolled: a failed roll that lets damage through (policy above).
func rerollArmour(a *profiles.ArmourStats, face, baseLeft, critLeft int) bool {
	return armourFailed(a, face) && baseLeft+critLeft > 0
}

// rerollBits returns the toolArmour bit of f's reroll, available unless used.
func rerollBits(f *Fighter, used bool) toolBits {
	if !used && hasArmourReroll(f) {
		return toolArmour
	}
	return 0
}

// hurtFrom takes n HP of damage from a source other than an exchange's blows
// (bleeding, fire, falls, collisions, thrown Safars, spells) from Safar i,
// credited to by, less its card's any_source reduction (skills.md section 3
// G: "always stops 1 damage from any source"). It returns the HP taken.
func (e *engine) hurtFrom(i, by, n int) int {
	c := &e.c[i]
	if m := wardTaken(c.f, n, false); m < n {
		if e.trace != nil {
			e.tracef("    %s's card stops %d damage (any source)\n", e.name(i), n-m)
		}
		n = m
	}
	e.hurt(i, by, n)
	return n
}

// spendReroll returns b without its armour reroll when rerolled.
func spendReroll(b toolBits, rerolled bool) toolBits {
	if rerolled {
		return b &^ toolArmour
	}
	return b
}
