package sim

import (
	"math/rand/v2"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/dice"
)

// This file plays a card's d10 at each activation start (skills.md section 3,
// pattern F: "at the start of each activation a d10: 1-3 gives -2 to the
// natural result of all its dice, 8+ gives +2 to all its characteristics, for
// that activation"; profiles.OwnRules.ActivationD10, field activation_d10).
//
// Readings:
//   - how long: skills.md's Open, "recommended until its next activation
//     start, defences included": the result holds from its activation start
//     to the next one, so the defences it makes in the enemies' activations
//     read it too; before its first activation it has none;
//   - "-2 to the natural result of all its dice": 2 less on the value of each
//     of its attack and defence rolls (Fighter.RollMod, added where the
//     characteristics are: Exchange.attackModifier, defenceMods), free
//     attacks and reflex defences included; the CH and the CF read the die as
//     rolled (as a charm's bonus on a mastery reroll does, dice.Pool
//     RerollBonus). Open: a reading where the shifted face decides the CH and
//     the CF (a 10 no longer a CH, a 3 a CF) is not played;
//   - "+2 to all its characteristics": + 2 to each characteristic its card
//     prints (a blank one, "~", stays blank), through the plan key's
//     characteristic slots as a spell's buff: attack and defence totals,
//     counter damage, its walks (the V of engine.velocity).
//
// Fights carry it in each Safar's modifier (combatant.mods: statMod slots
// V..I and modRoll), so the exact engine and the sampler play the exchange
// with it (Fighter.RollMod, the modified characteristics) and the plans and
// their tables see it in the plan key.
//
// Not modelled: the -2 on its other dice (temerity and objective tests,
// casting, armour and damage rolls): only its attack and defence rolls; the
// +2 on the tests outside the exchanges (as spell modifiers, which do not
// change them either, sim/magic_effects.go). Not on a mount's card
// (profiles.Mount has no such field).

// turnRollAt rolls Safar i's card's d10 at its activation start, when its
// card has activation_d10, and keeps the result until the next one.
func (e *engine) turnRollAt(r *rand.PCG, i int) {
	c := &e.c[i]
	if !c.f.Profile.Own.ActivationD10 {
		return
	}
	d := dice.D10(r)
	c.turnRoll = turnRollOf(d)
	if e.trace != nil {
		switch c.turnRoll {
		case -1:
			e.tracef("  %s rolls its card's d10: %d, -2 to its dice until its next activation (activation_d10)\n", e.name(i), d)
		case 1:
			e.tracef("  %s rolls its card's d10: %d, +2 to its characteristics until its next activation (activation_d10)\n", e.name(i), d)
		default:
			e.tracef("  %s rolls its card's d10: %d, no change (activation_d10)\n", e.name(i), d)
		}
	}
}

// turnRollOf returns the state of a d10 face of activation_d10: -1 on 1-3,
// +1 on 8-10, 0 otherwise.
func turnRollOf(d int) int8 {
	switch {
	case d <= 3:
		return -1
	case d >= 8:
		return 1
	}
	return 0
}

// turnRollMods adds c's activation_d10 result to its modifier m.
func (c *combatant) turnRollMods(m *statMod) {
	if c.turnRoll < 0 {
		m[modRoll] -= 2
		return
	}
	for k := range 6 {
		m[k] += int8(c.turnRollStat(profiles.Char(k)))
	}
}

// turnRollStat returns what c's activation_d10 adds to its characteristic
// ch now: 2 after an 8+, when its card prints ch.
func (c *combatant) turnRollStat(ch profiles.Char) int {
	if c.turnRoll > 0 && !c.f.Profile.NotPrinted.Has(ch) {
		return 2
	}
	return 0
}
