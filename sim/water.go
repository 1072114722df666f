package sim

import "github.com/kharn-ages/kharn/sim/field"

// Water deep enough to swim (seed 000 line 654, seed 004 line 589): "their
// velocity will be divided by two and no action involving a weapon can
// happen. They will also have to take off their manufactured armour, upon
// their activation, or else they will be considered lost and removed from
// the game. Natural armour (for example a shell) does not prevent the Safar
// who wears it from swimming." The halved velocity is field.Walk's (a walk
// across water); this file plays the rest:
//   - a Safar whose centre is in water attacks and shoots with no weapon
//     (engine.attack refuses an option with one; bare-handed and natural
//     attacks stay);
//   - at the start of its activation in water, a Safar wearing manufactured
//     armour (an armour item, not the card's natural one) takes it off for
//     the rest of the battle with the generic action "Taking off one's
//     armour" (3 AP, seed 000 line 1252); with fewer than 3 AP it is lost,
//     removed from the game as a demoralised Safar is.
//
// Not played: a weapon's use in defence (defences stay as on dry land), the
// policies steering round water or out of it, Swimming as its own action
// (seed 000 line 734: a walk in water is a swim at the walk's cost).

// takeOffArmourAP is the cost of "Taking off one's armour" (seed 000 line 1252).
const takeOffArmourAP = 3

// inWater reports whether Safar i stands in deep water (its base's centre).
func (e *engine) inWater(i int) bool {
	return len(e.field.Terrain) > 0 && e.field.On(e.c[i].pos, field.Water)
}

// swim applies the armour rule of water to Safar i at the start of its
// activation, after its AP came back; it reports whether the activation
// goes on.
func (e *engine) swim(i int) bool {
	c := &e.c[i]
	if c.armour <= 0 || c.f.Armour == nil || c.f.Armour == c.f.Profile.Armour || !e.inWater(i) {
		return true
	}
	if c.ap < takeOffArmourAP {
		c.demoralised = true
		if e.trace != nil {
			e.tracef("  %s cannot take off its armour in the water: it is lost\n", e.name(i))
		}
		return false
	}
	c.ap -= takeOffArmourAP
	c.spent += takeOffArmourAP
	c.armour = 0
	if e.trace != nil {
		e.tracef("  %s takes off its armour in the water (%d AP)\n", e.name(i), takeOffArmourAP)
	}
	return true
}
