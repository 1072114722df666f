package sim

import (
	"math/rand/v2"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/dice"
)

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

// anySource returns f's any_source reduction, 0 for none.
func anySource(f *Fighter) int {
	if f.Profile == nil {
		return 0
	}
	return f.Profile.Wards.AnySource
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

// The saving roll (skills.md section 3 H: "when a negative effect would
// apply to it, a d10 at or above a threshold (9, 7, 5 or 3) cancels it";
// **Open**, Recommended: "effects and statuses inflicted on it (bleeding,
// poison, fire, frostbite, daze, stun, repel, fright results, spell
// debuffs), not damage; one roll per effect when inflicted"). In an exchange
// the effects are the state's: on the defender its bleeding, daze, stun,
// repel and a Bite's fright; on the attacker a counter's bleeding, daze, stun
// and repel. Each one newly put by a hit or a counter gets one roll: the
// exact engine splits the state into the saved and the unsaved branches
// (savedSplit), weighted by the roll's chance; the sampler rolls
// (sampleSaves). Poison, fire and frostbite, which ride on a hit outside the
// state, are weighed in Exact's results (Exchange.onSuccess) and rolled by
// the engine when they are inflicted (engine.saves).

// saveChance returns the chance that f's saving roll cancels an effect: a
// d10 at or above its threshold; 0 without one.
func saveChance(f *Fighter) float64 {
	if f.Profile == nil || f.Profile.Wards.SavingRoll == 0 {
		return 0
	}
	return float64(11-f.Profile.Wards.SavingRoll) / 10
}

// saveRoll rolls f's saving roll: it reports whether the effect is
// cancelled. Without a saving roll it draws nothing.
func saveRoll(r *rand.PCG, f *Fighter) bool {
	thr := 0
	if f.Profile != nil {
		thr = f.Profile.Wards.SavingRoll
	}
	return thr > 0 && dice.D10(r) >= thr
}

// saves rolls Safar i's saving roll against the effect what (for the trace):
// it reports whether the effect is cancelled.
func (e *engine) saves(r *rand.PCG, i int, what string) bool {
	if !saveRoll(r, e.c[i].f) {
		return false
	}
	if e.trace != nil {
		e.tracef("    %s's saving roll cancels %s\n", e.name(i), what)
	}
	return true
}

// The effects of a state a saving roll may cancel, by side.
const (
	wardBleed = iota
	wardDaze
	wardStun
	wardRepel
	wardFear // the defender only
	wardEffects
)

// newEffects returns the bits of the effects s1 puts on the defender (or the
// attacker) that s0 did not hold.
func newEffects(s0, s1 *state, onAttacker bool) uint8 {
	var m uint8
	set := func(k int, v bool) {
		if v {
			m |= 1 << k
		}
	}
	if onAttacker {
		a0, a1 := s0.attStatus, s1.attStatus
		set(wardBleed, a1.bleeding() > a0.bleeding())
		set(wardDaze, a1.dazed() && !a0.dazed())
		set(wardStun, a1.stunned() && !a0.stunned())
		set(wardRepel, s1.repelAtt != s0.repelAtt)
		return m
	}
	set(wardBleed, s1.bleeding > s0.bleeding)
	set(wardDaze, s1.dazed && !s0.dazed)
	set(wardStun, s1.stunned && !s0.stunned)
	set(wardRepel, s1.repelDef != s0.repelDef)
	set(wardFear, s1.flag(stFeared) && !s0.flag(stFeared))
	return m
}

// cancel returns s with effect k put back as s0 held it.
func cancel(s state, s0 *state, k int, onAttacker bool) state {
	if onAttacker {
		switch k {
		case wardBleed:
			s.attStatus = s.attStatus&^attBleedMask | s0.attStatus&attBleedMask
		case wardDaze:
			s.attStatus &^= attDazed
		case wardStun:
			s.attStatus &^= attStunned
		case wardRepel:
			s.repelAtt = s0.repelAtt
		}
		return s
	}
	switch k {
	case wardBleed:
		s.bleeding = s0.bleeding
	case wardDaze:
		s.dazed = false
	case wardStun:
		s.stunned = false
	case wardRepel:
		s.repelDef = s0.repelDef
	case wardFear:
		s.setFlag(stFeared, false)
	}
	return s
}

// savedSplit is the distribution of a state after the saving rolls of the
// effects it puts on one side (the exact engine): n states and weights.
type savedSplit struct {
	n int
	s [1 << wardEffects]state
	w [1 << wardEffects]float64
}

// split fills sp from s1, reached from s0, on the defender's or the
// attacker's side, with p the chance of each saving roll: one state, weight
// 1, without a saving roll or a new effect.
func (sp *savedSplit) split(s0, s1 state, onAttacker bool, p float64) {
	m := uint8(0)
	if p > 0 {
		m = newEffects(&s0, &s1, onAttacker)
	}
	if m == 0 {
		sp.n, sp.s[0], sp.w[0] = 1, s1, 1
		return
	}
	sp.n = 0
	// Every subset of the new effects cancelled, in a fixed order.
	for sub := uint8(0); sub < 1<<wardEffects; sub++ {
		if sub&^m != 0 {
			continue
		}
		s, w := s1, 1.0
		for k := range wardEffects {
			if m&(1<<k) == 0 {
				continue
			}
			if sub&(1<<k) != 0 {
				s, w = cancel(s, &s0, k, onAttacker), w*p
			} else {
				w *= 1 - p
			}
		}
		sp.s[sp.n], sp.w[sp.n] = s, w
		sp.n++
	}
}

// sampleSaves rolls f's saving roll against each effect s1 puts on its side
// that s0 did not hold (the sampler), and returns the state with those saved
// cancelled, and how many were.
func sampleSaves(r *rand.PCG, f *Fighter, s0, s1 state, onAttacker bool) (state, int) {
	if saveChance(f) == 0 {
		return s1, 0
	}
	m := newEffects(&s0, &s1, onAttacker)
	n := 0
	for k := range wardEffects {
		if m&(1<<k) != 0 && saveRoll(r, f) {
			s1 = cancel(s1, &s0, k, onAttacker)
			n++
		}
	}
	return s1, n
}
