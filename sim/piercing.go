package sim

import "github.com/kharn-ages/kharn/profiles"

// Armour-piercing ammunition (catalogue.md 4.7: the type "armour-piercing",
// which the catalogue gives by name only; a list's purchase's piercing
// shots, profiles.Effects.PiercingShots). Reading: each such shot is shot
// with armour-piercing 1, R12's "Armour-piercing X ticks X boxes before the
// roll", as a weapon's perceArmure 1 (Exchange.PiercingShot, exact engine
// and sampler alike); a weapon with its own armour-piercing keeps it (the
// ammunition gives the shot armour-piercing 1, which the weapon already
// gives: not summed). The shooter spends one on an enemy whose ordinary
// armour has boxes left, after a fire shot on a target not yet burning and a
// poisoned one on a target that can still be poisoned, and a plain shot
// otherwise while it has one (engine.specialShot, sim/fire.go); the policies
// value the shot as a plain one (not modelled: the gain of the piercing in
// their choice of attack and target). The hydra arrow's effect is only in its
// card's text: its shots are named and not counted (kharn import list).

// ammoPiercing is the armour-piercing of a shot of armour-piercing
// ammunition: 1 box (R12). One value, so that damage specs compare equal
// (sameSpec compares the pointer).
var ammoPiercing = &profiles.Dice{Plus: 1}

// pierceShot gives s, the damage of a shot of armour-piercing ammunition,
// armour-piercing 1 unless its weapon has its own.
func pierceShot(s *damageSpec) {
	if s.piercing == nil {
		s.piercing = ammoPiercing
	}
}

// pierces reports whether an armour-piercing shot at Safar j would tick its
// armour: an enemy whose ordinary armour has boxes left.
func (e *engine) pierces(i, j int) bool {
	o := &e.c[j]
	return e.c[i].side != o.side && o.f.Armour != nil && o.armour > 0
}
