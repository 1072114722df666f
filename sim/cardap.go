package sim

import (
	"math/rand/v2"

	"github.com/kharn-ages/kharn/sim/dice"
)

// Special cards' AP taken from enemies (skills.md section 3.2; a list's
// card_steals_ap and card_spell_drain, profiles/listcards.go):
//
//   - the coin, "steals 1 AP from a model in its ZOC once per turn (or loses
//     1 AP on a CF)": at the start of the activation of a Safar it names
//     (its AP recovered, R14), once per turn, when an enemy in play stands
//     in its zone of control (engine.inZoneOf: its natural reach; none when
//     it is stunned), it rolls a d10: a natural 1 is a CF (R3) and it loses
//     the card's AP; otherwise the enemy loses them (down to 0) and it has
//     what the enemy lost. Readings (open: the card names no roll): the CF
//     of a d10 rolled for the card, 1 in 10; "a model" an enemy. Policy: it
//     plays it whenever an enemy in its zone holds AP (worth 0.9 x AP gained
//     against 0.1 x AP lost), taking from the one holding the most (an enemy
//     that has acted holds what it kept to defend with; one that has not
//     recovers its AP at its activation);
//   - the staff, "drains 1 AP from the target of each successful spell": an
//     enemy a spell of a Safar it names takes effect on (a return, a heal or
//     any effect; not one its saving roll cancels) loses the card's AP, down
//     to 0. Reading: the target loses them, the caster does not gain them
//     ("drains"), and allied targets are not drained. Its "3 AP instead of
//     the CH bonus in combat" is card_crit_drain (sim/cardcrit.go). Not
//     modelled: the policies seeking a spell for the drain.
//
// A duel has no list: skirmishes only. Neither changes an exchange.

// initCardAP sets, for each Safar of sk, the AP its list's cards let it
// steal (e.stealAP) and drain with its spells (e.drainAP); both stay nil
// when no list has such a card.
func (e *engine) initCardAP(sk *Skirmish) {
	e.stealAP, e.drainAP, e.stoleIn = nil, nil, nil
	sk.eachSafar(func(i int, h *Spearhead, f *Fighter) {
		for _, c := range h.CardStealsAP {
			if c.By.Matches(f.Profile) {
				if e.stealAP == nil {
					e.stealAP, e.stoleIn = make([]int8, len(e.c)), make([]int, len(e.c))
				}
				e.stealAP[i] = max(e.stealAP[i], int8(c.AP))
			}
		}
		for _, c := range h.CardSpellDrains {
			if c.By.Matches(f.Profile) {
				if e.drainAP == nil {
					e.drainAP = make([]int8, len(e.c))
				}
				e.drainAP[i] = max(e.drainAP[i], int8(c.AP))
			}
		}
	})
}

// stealTarget returns the enemy in play in Safar i's zone of control
// holding the most AP, or -1 when none holds any (the roll would risk a CF
// for nothing).
func (e *engine) stealTarget(i int) int {
	best := -1
	for j := range e.c {
		o := &e.c[j]
		if o.side == e.c[i].side || !o.inPlay() || o.ap < 1 || !e.inZoneOf(j, i) {
			continue
		}
		if best < 0 || o.ap > e.c[best].ap {
			best = j
		}
	}
	return best
}

// stealAtStart plays, at the start of Safar i's activation, its card's
// stolen AP (card_steals_ap): once per turn (an activation played again in
// the same round, by a card or a spell, steals nothing).
func (e *engine) stealAtStart(r *rand.PCG, i int) {
	if e.stealAP == nil || e.stealAP[i] == 0 || e.stoleIn[i] == e.round {
		return
	}
	j := e.stealTarget(i)
	if j < 0 {
		return
	}
	e.stoleIn[i] = e.round
	c, o := &e.c[i], &e.c[j]
	n := int(e.stealAP[i])
	if dice.D10(r) == 1 { // a CF (R3)
		lost := min(n, max(c.ap, 0))
		c.ap -= lost
		if e.trace != nil {
			e.tracef("  %s rolls a CF stealing AP from %s: it loses %d AP (card_steals_ap)\n", e.name(i), e.name(j), lost)
		}
		return
	}
	took := min(n, max(o.ap, 0))
	o.ap -= took
	c.ap += took
	if e.trace != nil {
		e.tracef("  %s steals %d AP from %s in its zone of control (card_steals_ap): %d AP\n", e.name(i), took, e.name(j), c.ap)
	}
}

// drainOnSpell plays the AP Safar i's card drains from the enemy j its
// spell just took effect on (card_spell_drain).
func (e *engine) drainOnSpell(i, j int) {
	if e.drainAP == nil || e.drainAP[i] == 0 || e.c[j].side == e.c[i].side {
		return
	}
	o := &e.c[j]
	took := min(int(e.drainAP[i]), max(o.ap, 0))
	o.ap -= took
	if e.trace != nil {
		e.tracef("    %s's spell drains %d AP from %s (card_spell_drain)\n", e.name(i), took, e.name(j))
	}
}
