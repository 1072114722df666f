package sim

// This file plays the offensive buffs of spells (profiles.EffectParams
// AttackBonus and CriticalFrom, offensive-buff: "+2 to the ally's attack
// totals", "critical hits on 9-10"): while the effect lasts they ride on the
// weapon in hand, its attack bonus raised and its critical range widened, so
// that the exact engine and the sampler read them as they read the weapon's
// own (Exchange.attackModifier, attackPool). What that leaves out: a Safar
// with no weapon in hand (bare hands) and the special attacks, which use no
// weapon, get neither.

// applyOffence puts the attack bonus and the critical face of m on g's weapon
// (a copy; g is itself a copy).
func (m statMod) applyOffence(g *Fighter) {
	if m[modAttack] == 0 && m[modCrit] == 0 || g.Weapon == nil {
		return
	}
	w := *g.Weapon
	w.Effects.AttackBonus += int(m[modAttack])
	if c := int(m[modCrit]); c > 0 && (w.Effects.CriticalFrom < 2 || c < w.Effects.CriticalFrom) {
		w.Effects.CriticalFrom = c
	}
	g.Weapon = &w
}
