package sim

import (
	"math/rand/v2"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/dice"
)

// A special card's return from defeat (skills.md section 3.2, a Goûn aura
// upgrade: "the first Goûn defeated comes back with 1D5 HP"; a list's
// card_returns, profiles/listcards.go): the first Safar of the list the
// card names to be defeated in a battle comes back once, with the card's HP
// (at most its starting HP less its Sacrifice scar), as a return from
// defeat puts it back (engine.returnFromDefeat, sim/magic_return.go: where
// it fell or the nearest free spot, its statuses and spell effects gone, no
// AP nor mastery die until its next activation, R14), for good (not for a
// number of activations). Readings (the card says no more): "the first
// defeated" is the first of them whose HP fall to 0, whether or not it can
// come back; it comes back at the end of the action in which it fell (or of
// the activation, for a fall outside an action: bleeding, a sacrifice), so
// that its side is not wiped out by the action that felled it (R16); a
// carcass devoured or looted, a Safar demoralised, or one with no free spot
// within 15 toises, does not come back, and the card is spent. A duel has
// no list: skirmishes only. Nothing changes in an exchange.

// cardReturn is one list card's return: the side it is on, its rule, the
// first Safar it names defeated in the battle (-1: none yet) and whether it
// is spent.
type cardReturn struct {
	side  int
	rule  *profiles.CardReturn
	first int
	spent bool
}

// initReturns lists the returns of the lists of sk; e.returns stays nil
// when no list has one.
func (e *engine) initReturns(sk *Skirmish) {
	e.returns = e.returns[:0]
	for s := range 2 {
		h := &sk.Sides[s]
		for x := range h.CardReturns {
			e.returns = append(e.returns, cardReturn{side: s, rule: &h.CardReturns[x], first: -1})
		}
	}
	if len(e.returns) == 0 {
		e.returns = nil
	}
}

// resetReturns makes every card's return unspent, for a new battle.
func (e *engine) resetReturns() {
	for x := range e.returns {
		e.returns[x].first, e.returns[x].spent = -1, false
	}
}

// firstDown notes Safar i, just defeated, as the first of a card's return
// that names it and has none yet.
func (e *engine) firstDown(i int) {
	c := &e.c[i]
	for x := range e.returns {
		cr := &e.returns[x]
		if cr.first < 0 && !cr.spent && cr.side == c.side && cr.rule.To.Matches(c.f.Profile) {
			cr.first = i
		}
	}
}

// playReturns brings back the first defeated Safar of each card's return
// that has one and is not spent, with the card's HP, and spends the card.
// It allocates nothing.
func (e *engine) playReturns(r *rand.PCG) {
	for x := range e.returns {
		cr := &e.returns[x]
		if cr.first < 0 || cr.spent {
			continue
		}
		cr.spent = true
		j := cr.first
		if !e.carcass(j) {
			if e.trace != nil {
				e.tracef("  %s cannot come back (its special card's return, card_returns): no carcass\n", e.name(j))
			}
			continue
		}
		hp := dice.Roll(r, cr.rule.HP.N, cr.rule.HP.Sides, cr.rule.HP.Plus)
		got := e.returnFromDefeat(j, hp, 0) // sim/magic_return.go
		if e.trace != nil {
			if got > 0 {
				e.tracef("  %s comes back with %d HP (its special card's return, card_returns), %s\n", e.name(j), got, e.where(j, -1))
			} else {
				e.tracef("  %s cannot come back (its special card's return, card_returns): no free spot\n", e.name(j))
			}
		}
	}
}
