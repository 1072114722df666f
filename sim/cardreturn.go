package sim

import (
	"math"
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
//
// Its neighbour, the Fang matriarch "coming back in the nearest allied
// female Fang when defeated" (skills.md section 3.2; a list's
// card_returns_in_ally, profiles/listcards.go), plays through the same
// steps (firstDown, then playReturns at the end of the action in which it
// fell): skills.md gives no reading, so the simplest one: once per battle,
// when the first Safar the entry's to names is defeated, the ally the
// entry's into names that is in play and nearest to where it fell (centre
// to centre; ties the first listed) leaves the battlefield (as a
// demoralised Safar does: no carcass, its Krowns no longer in play) and
// the defeated Safar comes back in its place (engine.returnFromDefeat from
// that spot: the nearest free spot to it) with the ally's HP at that
// moment, at most its own starting HP less its Sacrifice scar, and the
// ally's place in the round (it activates in this round when the ally had
// not yet); its statuses and spell effects gone, no AP nor mastery die
// until its next activation, as any return from defeat. A Safar demoralised (it left),
// or no ally in play to come back in, spends the card; a devoured or
// looted carcass does not stop it (it comes back in another body).

// cardReturn is one list card's return: the side it is on, its rule, the
// first Safar it names defeated in the battle (-1: none yet) and whether it
// is spent.
type cardReturn struct {
	side int
	rule *profiles.CardReturn
	// into: a return in an ally's place (card_returns_in_ally), rule nil.
	into  *profiles.CardReturnInAlly
	first int
	spent bool
}

// names reports whether the card's return names profile p.
func (cr *cardReturn) names(p *profiles.Profile) bool {
	if cr.into != nil {
		return cr.into.To.Matches(p)
	}
	return cr.rule.To.Matches(p)
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
		for x := range h.CardReturnsInAlly {
			e.returns = append(e.returns, cardReturn{side: s, into: &h.CardReturnsInAlly[x], first: -1})
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
		if cr.first < 0 && !cr.spent && cr.side == c.side && cr.names(c.f.Profile) {
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
		if cr.into != nil {
			e.returnInAlly(j, cr.into)
			continue
		}
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

// returnInAlly brings Safar j, defeated, back in the place of the ally rule
// names in play nearest to where j fell (card_returns_in_ally; see the file
// comment). It reports whether j came back. It allocates nothing.
func (e *engine) returnInAlly(j int, rule *profiles.CardReturnInAlly) bool {
	c := &e.c[j]
	if c.demoralised || c.hp > 0 {
		return false
	}
	k, bd := -1, math.Inf(1)
	for a := range e.c {
		o := &e.c[a]
		if a == j || o.side != c.side || !o.inPlay() || !rule.Into.Matches(o.f.Profile) {
			continue
		}
		if d := o.pos.Dist(c.pos); d < bd-1e-9 {
			k, bd = a, d
		}
	}
	if k < 0 {
		if e.trace != nil {
			e.tracef("  %s cannot come back in an ally (its special card's return, card_returns_in_ally): none in play\n", e.name(j))
		}
		return false
	}
	o := &e.c[k]
	fell, hp, acted := c.pos, o.hp, c.acted
	o.demoralised, o.hp = true, 0 // it leaves the battlefield: no carcass, no activation left
	c.pos = o.pos
	c.acted = o.acted                   // its place in the round: it activates when the ally would have
	got := e.returnFromDefeat(j, hp, 0) // sim/magic_return.go
	if got == 0 {
		o.demoralised, o.hp, c.pos, c.acted = false, hp, fell, acted // no free spot: the ally stays
		if e.trace != nil {
			e.tracef("  %s cannot come back in %s (its special card's return, card_returns_in_ally): no free spot\n", e.name(j), e.name(k))
		}
		return false
	}
	if e.trace != nil {
		e.tracef("  %s comes back in %s's place with %d HP (its special card's return, card_returns_in_ally): %s leaves the battlefield; %s\n", e.name(j), e.name(k), got, e.name(k), e.where(j, -1))
	}
	return true
}
