package sim

// A special card's Heroic attack against an enemy a warrior of its people
// made bleed (skills.md section 3.2: "Heroic attack for a warrior of its
// people that it made bleed"; a list's card_heroic, profiles/listcards.go).
// Read: the Safars the card names (the user's selector: the warriors of its
// people) roll Heroic attack's extra die (skills.md #14, "attaque" ->
// offensive: melee attacks, their free attacks included) when they attack
// an enemy bleeding from their own attack (the engine's bleedBy: who made it
// bleed last). Its exchange has it (Exchange.HeroicAttack in attackPool),
// exact and sampled alike: the plan is keyed by it (planKey.heroic). Not
// modelled: the other reading, where the card's own Safar makes the enemy
// bleed and another warrior of its people gains Heroic against it (the
// selector cannot name "another"); shots (Heroic attack is the offensive
// domain); the policies seeking that target. A duel has no list: skirmishes
// only.

// initHeroics marks the Safars of sk's sides whose list's card gives them
// Heroic attack against an enemy bleeding from their attack.
func (e *engine) initHeroics(sk *Skirmish) {
	sk.eachSafar(func(i int, h *Spearhead, f *Fighter) {
		for _, d := range h.CardHeroics {
			e.c[i].heroicOnBled = e.c[i].heroicOnBled || d.By.Matches(f.Profile)
		}
	})
}

// traceHeroic writes, in a trace, that Safar i attacks Safar j with Heroic
// attack by its card.
func (e *engine) traceHeroic(i, j int) {
	if e.trace != nil {
		e.tracef("  %s attacks %s, bleeding from its attack, with Heroic attack: its special card (card_heroic)\n", e.name(i), e.name(j))
	}
}
