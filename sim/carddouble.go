package sim

// A special card's double damage against poisoned targets (skills.md
// section 3.2: "double damage against poisoned targets"; a list's
// card_double_damage, profiles/listcards.go): the attacks of a Safar the
// card names (the main attack and the free attacks of its effects, melee,
// shots and special attacks alike) on an enemy poisoned before the attack
// (R17, sim/poison.go; not by the dose of this very attack) deal double
// damage: the damage before the range modifier and armour, CH bonus
// included, times 2, as a shot's CH doubles (R9; Exchange.DoubleDamage,
// damageSpec.parts), in the exact engine and the sampler alike (the
// exchange's plan is keyed by it, planKey.double). Not modelled: its counter
// damage as a defender against a poisoned attacker (the card says
// "against", read as its attacks); the policies choosing a poisoned target
// for it (they value the attack as against any target). A duel has no list:
// skirmishes only.

// initDoubles marks the Safars of sk's sides whose list's card doubles
// their damage against poisoned enemies.
func (e *engine) initDoubles(sk *Skirmish) {
	sk.eachSafar(func(i int, h *Spearhead, f *Fighter) {
		for _, d := range h.CardDoubles {
			e.c[i].doubleOnPoisoned = e.c[i].doubleOnPoisoned || d.By.Matches(f.Profile)
		}
	})
}

// traceDouble writes, in a trace, that Safar i's attack on Safar j deals
// double damage by its card.
func (e *engine) traceDouble(i, j int) {
	if e.trace != nil {
		e.tracef("  %s deals double damage to %s, poisoned: its special card (card_double_damage)\n", e.name(i), e.name(j))
	}
}
