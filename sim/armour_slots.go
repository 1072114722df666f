package sim

import "github.com/kharn-ages/kharn/profiles"

// wearArmour puts armour a, an item p carries, on f (catalogue.md 4.6
// "Armour"): the first ordinary armour replaces the armour printed on the card,
// with its heavy threshold when the printed one already stops at least as much
// (ArmourStats.ForWearer); *worn records that one is worn, so that a later one
// is left in the bag.
func wearArmour(f *Fighter, p *profiles.Profile, a *profiles.ArmourStats, worn *bool) {
	switch {
	case a == nil:
	case !*worn:
		f.Armour = a.ForWearer(p)
		f.ArmourBoxes = a.Boxes
		*worn = true
	}
}
