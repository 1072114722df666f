package sim

import (
	"math"
	"math/rand/v2"

	"github.com/kharn-ages/kharn/profiles"
)

// A special card's beast (skills.md section 3.2: "a beast that gives +4
// support to its mistress, may make one free leap into her melee and acts
// in her activation"; a list's card_beasts, profiles/listcards.go). Each
// Safar the entry's by names is a beast, its mistress a Safar the entry's
// mistress names: the n-th beast of the list with the n-th mistress, in
// list order, wrapping round when there are more beasts than mistresses
// (the card names no pairing; the builder attaches each beast to one
// carrier). Its three rules, each optional:
//
//   - Support (engine.support, supportTo): when it supports its mistress
//     in a melee (R8: fit, engaged with her opponent and with no other
//     enemy) it counts the card's bonus instead of +1, as pattern S's
//     stronger support does (sim/support.go); it supports any other ally
//     as before. The bonus goes into the exchange as any support
//     (Exchange.Support, exact and sampled); the policies' support values
//     (supportsGiven, alliesOn) weigh it.
//   - Free leaps (engine.beastLeap): "one free leap", read as once per
//     battle (skills.md 3.2 says "one"; free_leaps takes another number):
//     at the start of its activation, with no AP spent, when its mistress
//     is in play and engaged with an enemy and the beast is engaged with
//     none (it does not leave a melee), on its feet, not rooted, carrying
//     no one, it walks toward the enemy engaged with her nearest to it, up
//     to the card's leap length (left out: a walk's, its velocity), going
//     round obstacles as its walks do (its Leap X included); the leap is
//     taken only when it lands in that melee (engaged with that enemy),
//     else the beast stays where it was and keeps it. Walking into a
//     terrifying enemy's zone or an ambush zone plays as a walk does. The
//     default policy always takes it (it is free, and a beast's place is
//     by its mistress).
//   - Activating with her (engine.activateTurn, sim/apauras.go): pattern
//     E's engine path for activates_with_leader, with its mistress in its
//     leader's place: right after her activation, no enemy between; picked
//     first, it brings her activation forward.
//
// A duel has no list: skirmishes only.

// beastLink is a Safar's beast card: its mistress (-1: none in the list)
// and the rule.
type beastLink struct {
	mistress int
	rule     *profiles.CardBeast
}

// initBeasts pairs the beasts of sk's lists with their mistresses; e.beasts
// stays nil when no list has the card.
func (e *engine) initBeasts(sk *Skirmish) {
	e.beasts, e.withMistress = nil, false
	n := 0
	for s := range sk.Sides {
		h := &sk.Sides[s]
		for x := range h.CardBeasts {
			rule := &h.CardBeasts[x]
			var mistresses []int
			for k, f := range h.Safars {
				if rule.Mistress.Matches(f.Profile) {
					mistresses = append(mistresses, n+k)
				}
			}
			nb := 0
			for k, f := range h.Safars {
				i := n + k
				if !rule.By.Matches(f.Profile) || (e.beasts != nil && e.beasts[i].rule != nil) {
					continue // a Safar two entries name keeps the first
				}
				if e.beasts == nil {
					e.beasts = make([]beastLink, len(e.c))
					for b := range e.beasts {
						e.beasts[b].mistress = -1
					}
				}
				m := -1
				for t := range mistresses {
					if c := mistresses[(nb+t)%len(mistresses)]; c != i {
						m = c
						break
					}
				}
				nb++
				e.beasts[i] = beastLink{mistress: m, rule: rule}
				e.withMistress = e.withMistress || (m >= 0 && rule.WithMistress)
			}
		}
		n += len(h.Safars)
	}
	e.resetBeasts()
}

// resetBeasts gives every beast its free leaps back, for a new battle.
func (e *engine) resetBeasts() {
	for i := range e.beasts {
		if b := &e.beasts[i]; b.rule != nil && b.mistress >= 0 {
			e.c[i].leaps = int8(b.rule.FreeLeaps)
		}
	}
}

// beastSupport returns what Safar k counts when it supports ally i: its
// beast card's support when i is its mistress, 0 otherwise.
func (e *engine) beastSupport(k, i int) int {
	if e.beasts == nil {
		return 0
	}
	if b := &e.beasts[k]; b.rule != nil && b.mistress == i {
		return b.rule.Support
	}
	return 0
}

// mistressOf returns the mistress Safar k activates with (its beast card's
// activates_with_mistress), -1 none.
func (e *engine) mistressOf(k int) int {
	if e.beasts == nil {
		return -1
	}
	if b := &e.beasts[k]; b.rule != nil && b.rule.WithMistress {
		return b.mistress
	}
	return -1
}

// beastLeap plays, at the start of beast i's activation, a free leap into
// its mistress's melee (see the file comment); it reports whether it leapt.
func (e *engine) beastLeap(r *rand.PCG, i int) bool {
	b := &e.beasts[i]
	c := &e.c[i]
	m := b.mistress
	if b.rule == nil || m < 0 || c.leaps <= 0 || !c.fit() || c.ground || c.morale.rooted || !e.c[m].inPlay() || e.carried(i) >= 0 || e.engagedAny(i) {
		return false
	}
	j, bd := -1, math.Inf(1)
	for k := range e.c {
		if o := &e.c[k]; o.side != c.side && o.inPlay() && e.engaged(m, k) {
			if g := e.gap(i, k); g < bd {
				j, bd = k, g
			}
		}
	}
	if j < 0 {
		return false
	}
	dist := b.rule.Leap
	if dist == 0 {
		dist = e.velocity(i)
	}
	from := c.pos
	e.freeMove(i, j, dist, true)
	if !e.engaged(i, j) {
		c.pos = from
		return false
	}
	c.leaps--
	if e.trace != nil {
		e.tracef("  %s leaps into its mistress %s's melee (card_beasts, free, %d left): %s\n", e.name(i), e.name(m), c.leaps, e.where(i, j))
	}
	e.enteredTerror(r, i, from)
	e.enteredAmbush(r, i) // sim/ambush.go
	return true
}
