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
//     (engine.attack refuses an option with one, and an assault whose walk
//     ends in water with one; bare-handed and natural attacks stay);
//   - at the start of its activation in water, a Safar wearing manufactured
//     armour (an armour item, not the card's natural one) takes it off for
//     the rest of the battle with the generic action "Taking off one's
//     armour" (3 AP, seed 000 line 1252); with fewer than 3 AP it is lost,
//     removed from the game as a demoralised Safar is.
//
//   - Swimming (seed 000 lines 734-736, seed 004 lines 676-680: "Swimming:
//     2 AP", "Only movement allowed to move in deep water [...] A Safar
//     wearing a metallic or stone armour cannot swim"): a paid walk whose
//     centre starts in water or enters it is a swim (engine.wade). It costs
//     2 AP in place of the walk's (+1 dazed, as every action), counts as one
//     movement (the next walk costs as after any other, as the climbing
//     example of seed 000 line 740 reads it) and goes by field.Walk (halved
//     in water). A Safar that cannot swim (an armour item marked
//     metal_or_stone still worn, or fewer AP than the swim) stops at the
//     water's edge, at the walk's cost: the walk is cut where its centre
//     would enter the water. A natural armour (the card's, or an item marked
//     natural) neither stops a swim nor is taken off.
//
//   - The policies' walks toward an enemy or an objective go the dry way
//     round water when it is no longer than the straight walk's movement, or
//     the Safar cannot swim, and a free move (a V effect, Harassment,
//     Survival instinct, a flight) into water is a swim, free, that a Safar
//     in metal or stone armour cannot make: sim/walks.go.
//
// Not played: a weapon's use in defence (defences stay as on dry land), the
// policies steering out of water or weighing a swim's 2 AP (a Safar that can
// swim and finds no dry way of similar length swims, whatever the walk would
// have cost).

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
	if c.armour <= 0 || c.f.Armour == nil || c.f.Armour == c.f.Profile.Armour || c.f.Armour.Natural || !e.inWater(i) {
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

// swimAP is the cost of Swimming (seed 000 line 734, seed 004 line 676).
const swimAP = 2

// swimCost returns the AP of a swim of Safar i: 2, +1 dazed (R17), and out
// of reach when a spell holds it (as walkCost).
func (e *engine) swimCost(i int) int {
	if e.c[i].fx.immobile {
		return 99
	}
	return e.actionCost(i, swimAP)
}

// metalArmour reports whether Safar i wears an armour item of metal or stone,
// which keeps it from swimming (seed 000 line 736): not yet taken off (swim)
// and not worn out.
func (e *engine) metalArmour(i int) bool {
	c := &e.c[i]
	return c.armour > 0 && c.f.Armour != nil && c.f.Armour.MetalOrStone
}

// wade settles a paid walk of Safar i from from to where it now stands
// (e.c[i].pos, on the straight line from from) that costs walk AP as a walk,
// with ap AP to pay it. A walk that does not touch deep water is left as it
// is. One that starts in water or enters it is a swim when Safar i can swim
// with ap AP: it costs swimCost. Otherwise the walk is cut where its centre
// would enter the water (it stays put when it starts there) and costs walk.
// wade reports the AP to pay, whether Safar i moved and whether it swam. It
// does not allocate.
func (e *engine) wade(i int, from field.Vec, walk, ap int) (cost int, moved, swam bool) {
	c := &e.c[i]
	to := c.pos
	if len(e.field.Terrain) == 0 || e.dry { // a dry way enters no water (sim/walks.go)
		return walk, to.Dist(from) > 1e-6, false
	}
	b := c.base()
	b.Pos = from
	s, wet := e.field.WaterEntry(b, to, e.info[c.kind].leap)
	if !wet {
		return walk, to.Dist(from) > 1e-6, false
	}
	if sc := e.swimCost(i); !e.metalArmour(i) && sc <= ap {
		return sc, to.Dist(from) > 1e-6, true
	}
	// Cut at the water's edge, a hair short of it so that the centre stays dry.
	if l := to.Dist(from); s-waterHair > 1e-6 && l > 0 {
		c.pos = from.Add(to.Sub(from).Scale(min(s-waterHair, l) / l))
	} else {
		c.pos = from
	}
	return walk, c.pos.Dist(from) > 1e-6, false
}

// waterHair is how far short of the water a walk that cannot swim stops.
const waterHair = 1e-4
