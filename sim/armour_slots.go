package sim

import (
	"math/rand/v2"

	"github.com/kharn-ages/kharn/profiles"
)

// wearArmour puts armour a, an item p carries, on f (catalogue.md 4.6
// "Armour"): the first ordinary armour replaces the armour printed on the card,
// with its heavy threshold when the printed one already stops at least as much
// (ArmourStats.ForWearer); *worn records that one is worn, so that a later one
// is left in the bag. An armour that stacks (stacks_with_armour) is worn in a
// slot of its own, under the other one (Fighter.Under).
func wearArmour(f *Fighter, p *profiles.Profile, a *profiles.ArmourStats, worn *bool) {
	switch {
	case a == nil:
	case a.Stacks:
		if f.Under == nil {
			f.Under, f.UnderBoxes = a, a.Boxes
		}
	case !*worn:
		f.Armour = a.ForWearer(p)
		f.ArmourBoxes = a.Boxes
		*worn = true
	}
}

// wearWeaponArmour wears the armour of a melee weapon that also protects
// (catalogue.md 4.6 "Armour": "an item of another category that carries a
// seuil also protects, in addition to the armour, limited only by the hands it
// needs") in the second armour slot, Fighter.Under, while f holds it (Melee or
// Offhand): it then meets what the ordinary armour lets through, as an armour
// that stacks does. The slot holds one piece (profiles' slotProblems refuses a
// loadout with both).
func wearWeaponArmour(f *Fighter) {
	for _, w := range [...]*profiles.Equipment{f.Melee, f.Offhand} {
		if w != nil && w.Armour != nil && f.Under == nil {
			f.Under, f.UnderBoxes = w.Armour, w.Armour.Boxes
		}
	}
}

// The reading of an armour worn under the other (catalogue.md 4.6 "Armour":
// "worn in a slot of its own, in addition to one ordinary armour"; the
// rulebooks say nothing of two armours): what the ordinary armour lets
// through, base damage and CH bonus apart, then meets the second armour, which
// is rolled and ticked by R12 on its own (a natural 10 stops the base damage
// left, a natural 1 ticks two boxes, an attack that does not damage armour
// ticks none). Armour-piercing and armour-ignoring are spent on the ordinary
// armour. Its boxes are read when an exchange starts (UnderBoxes) and ticked
// after it (Outcome.UnderBoxes): within one exchange the exact engine and the
// sampler both see the boxes it started with.

// underPart is one outcome of the second armour's roll: base damage and CH
// bonus left, with probability q.
type underPart struct {
	base, crit int
	q          float64
}

// underParts returns the distribution of what f's second armour lets through
// of base damage and crit CH bonus, its roll distributed as faces (the exact
// engine); a single sure part when it has none or no box left. The parts are
// written into buf (at most one per face), so that the exact engine's inner
// loop allocates nothing (TestNewPlanAllocs).
func underParts(buf *[10]underPart, f *Fighter, faces *[11]float64, base, crit int, ticks bool) []underPart {
	out := buf[:0]
	if f.Under == nil || f.UnderBoxes <= 0 || base+crit <= 0 {
		return append(out, underPart{base, crit, 1})
	}
	for face := 1; face <= 10; face++ {
		if faces[face] == 0 {
			continue
		}
		b, c, _ := armourParts(f.Under, f.UnderBoxes, base, crit, face, 0, ticks)
		out = append(out, underPart{b, c, faces[face]})
	}
	return out
}

// underRoll draws what f's second armour lets through of base damage and
// crit CH bonus (the sampler) and the boxes it ticks.
func (pl *plan) underRoll(r *rand.PCG, f *Fighter, base, crit int, ticks bool) (int, int, int) {
	if f.Under == nil || f.UnderBoxes <= 0 || base+crit <= 0 {
		return base, crit, 0
	}
	b, c, ticked := armourParts(f.Under, f.UnderBoxes, base, crit, pl.armourRoll(r, f), 0, ticks)
	return b, c, min(ticked, f.UnderBoxes)
}

// underOff reports whether c's second armour has no box left: its exchanges
// are then played without it (planKey.attUnder, defUnder).
func (c *combatant) underOff() bool { return c.f.Under != nil && c.under <= 0 }

// withoutUnder returns f with its second armour's boxes used up.
func withoutUnder(f *Fighter) *Fighter {
	g := *f
	g.UnderBoxes = 0
	return &g
}

// wearUnder ticks the boxes of the second armours of the defender j and the
// attacker i that the exchange out ticked.
func (e *engine) wearUnder(i, j int, out *Outcome) {
	e.c[j].under = max(e.c[j].under-out.UnderBoxes, 0)
	e.c[i].under = max(e.c[i].under-out.AttackerUnderBoxes, 0)
}
