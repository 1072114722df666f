package sim

// This file plays a healing the caster pays in HP (profiles.SpellLevel.
// CasterPays, YAML caster_pays: true; the catalogue's "Le lanceur perd 1D5 PV,
// la cible en récupère autant", skills.md 4.3 healing): when the heal applies,
// the target recovers the amount rolled (capped at what it lost, as any heal)
// and the caster loses the amount rolled, whole; a loss of HP, not a wound:
// no armour, no Moringa, credited to nobody. A caster may fall to it.
//
// Policy (payWorth): the HP given back as for any heal, less the HP paid
// weighted by how far each Safar is from defeat: an HP counts at the ratio of
// the target's HP left to the caster's, each as a fraction of its card, so a
// caster at full health pays a quarter for an ally at a quarter of its HP and
// never transfers HP to a Safar less hurt than itself. A cast that could
// defeat the caster (the amount's maximum reaching its HP) is worth nothing,
// nor is one on itself.

// payWorth returns the worth in HP of a heal of plan pl by Safar i on Safar j
// that i pays in HP, given gain, the expected HP it gives back.
func (e *engine) payWorth(i, j int, pl *castPlan, gain float64) float64 {
	c, o := &e.c[i], &e.c[j]
	if i == j || pl.amtN*pl.amtSides+pl.amtPlus >= c.hp || c.f.Profile.HP <= 0 || o.f.Profile.HP <= 0 {
		return 0
	}
	paid := 0.0
	for v, q := range pl.amount {
		paid += q * float64(v)
	}
	w := (float64(o.hp) / float64(o.f.Profile.HP)) / (float64(c.hp) / float64(c.f.Profile.HP))
	return gain - w*paid
}

// payHeal takes from caster i the n HP its heal cost and traces it.
func (e *engine) payHeal(i, n int) {
	if n <= 0 {
		return
	}
	e.take(i, -1, n)
	if e.trace != nil {
		e.tracef("    %s pays %d HP for it (%d left)\n", e.name(i), n, max(e.c[i].hp, 0))
		if !e.c[i].inPlay() {
			e.tracef("    %s is defeated\n", e.name(i))
		}
	}
}
