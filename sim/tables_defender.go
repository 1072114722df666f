package sim

import "fmt"

// defenderKey returns what an option table (engine.options) reads of its
// defender, as a comparable string: fighterKey without the weapon in hand and
// the shooting weapon. The defender's exchanges are played with its melee
// weapon in hand (engine.exchange: chunkFighter(df, df.Melee), or its other
// hand's weapon, defWeapons), so its own Weapon field is replaced before any
// exchange reads it, and no exchange, reach or split reads Ranged. A loadout
// that only adds or swaps a shooting weapon therefore defends with the table
// of its card's loadout (issue #13, docs/benchmarks.md "Tenth round": kharn
// report's loadouts stage). TestDefenderKey fails when Fighter gains a field
// this key does not place.
func (t *Tables) defenderKey(f *Fighter) string {
	if k, ok := t.defKeys.Load(f); ok {
		return k.(string)
	}
	k := fmt.Sprintf("%p %p %p %p %p %p %p %d %d %d %d %d %d %d %v %t %+v %+v %d %d %d",
		f.Profile, f.Melee, f.Offhand, f.Shield, f.Armour, f.Under, f.Helmet,
		f.ShieldBoxes, f.ArmourBoxes, f.UnderBoxes, f.HelmetBoxes, f.PoisonDoses, f.AP, f.Dice, f.Mastery, f.Bleeding, f.Skills, f.Items,
		f.CriticalLower, f.DefenceBonus, f.RollMod)
	t.defKeys.Store(f, k)
	return k
}
