package sim

// A special card's "3 AP instead of the CH bonus in combat" (skills.md
// section 3.2, the staff, whose other rule is card_spell_drain,
// sim/cardap.go; a list's card_crit_drain, profiles/listcards.go): when a
// Safar it names scores a CH with a successful 2 or 3 AP combat attack (a
// melee attack or a special attack, not a shot: "in combat"), its damage
// has no CH bonus (R9, R9a: the attacker's stature; a Bite's bleeding 2,
// which stands in for it, R18) and the target loses the card's AP instead,
// down to 0. Readings (the card's text is open; the simplest, chosen): the
// trade is not a choice, every such CH makes it (a choice would split the
// exchange's tables at each CH); the AP are taken from the target after the
// exchange (its free attacks, its counter, its defences against them
// played with the AP it held), and the attacker does not gain them; its
// counters as a defender keep their CH bonus (the card says "instead of the
// CH bonus", read as of its attacks); a CH of a 1 AP attack (a free attack
// too) has no CH bonus (R9), so it takes nothing. The exchange has it
// (Exchange.CritDrain, exact and sampled; the plan is keyed by it,
// planKey.critDrain), so the defender's choices see the damage without the
// bonus. Not modelled: the policies weighing the AP taken, or the bonus
// lost, in choosing an attack (they value the attack as without the card).
// A duel has no list: skirmishes only.

// initCritDrains sets, for each Safar of sk, the AP its list's cards take
// instead of its CH bonus (e.critDrain); nil when no list has such a card.
func (e *engine) initCritDrains(sk *Skirmish) {
	e.critDrain = nil
	sk.eachSafar(func(i int, h *Spearhead, f *Fighter) {
		for _, c := range h.CardCritDrains {
			if c.By.Matches(f.Profile) {
				if e.critDrain == nil {
					e.critDrain = make([]int8, len(e.c))
				}
				e.critDrain[i] = max(e.critDrain[i], int8(c.AP))
			}
		}
	})
}

// critDrains reports whether the card's trade applies to attack a: a 2 or
// 3 AP combat attack, not a shot (R9: a 1 AP attack has no CH bonus).
func critDrains(a Attack) bool {
	return a.Kind != Shot && a.AP >= 2 && !a.Free
}

// drainOnCrit plays, after the exchange of Safar i's option opt against
// Safar j, its card's AP taken on a CH of a successful combat attack
// (card_crit_drain): j loses them, down to 0.
func (e *engine) drainOnCrit(i, j int, opt *fightOption, out *Outcome) {
	if !out.Success || !out.Critical || !critDrains(opt.attack) || e.c[j].side == e.c[i].side {
		return
	}
	o := &e.c[j]
	took := min(int(e.critDrain[i]), max(o.ap, 0))
	o.ap -= took
	if e.trace != nil {
		e.tracef("    %s's CH takes %d AP from %s instead of its CH bonus (card_crit_drain): %d AP left\n", e.name(i), took, e.name(j), o.ap)
	}
}
