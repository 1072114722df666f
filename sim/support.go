package sim

import (
	"fmt"

	"github.com/kharn-ages/kharn/profiles"
)

// Stronger support (skills.md section 3, pattern S: "It counts +3 instead of
// +1 when supporting in a melee (R8); one version also cancels the enemy's
// support bonuses, the other supports only allies of its faction"), a card's
// "support:" (profiles.SupportRule). How the engine reads it:
//
//   - Who supports is R8's (engine.support: fit, engaged with the enemy and
//     with no other); a card with own_faction does not support, nor count as
//     a supporter of, an ally of another faction.
//   - Which side outnumbers the other still counts Safars (R8: "when a side
//     outnumbers the other"); the side that does adds the bonuses of its
//     supporters: 1 each, the card's bonus for a card with one.
//   - Cancelling (Open, our reading: the card's text says it cancels the
//     enemy's support bonuses, not when): while the card's Safar stands in the
//     melee, as a counted supporter or as the attacker or the defender, the
//     enemy side gets no support bonus there. Only the bonus: which side is
//     supported still counts for a repel (R10: statures and a lone smaller
//     winner), which is no support bonus.
//   - The exchange takes the bonus as Exchange.Support or DefenceSupport, so
//     the exact engine (Exchange.Exact) plays it as the sampler does
//     (TestStrongSupportExact).
//
// The default policy does not move a Safar to support an ally: support is
// where the melee happens to be (as for R8's +1).

// maxSupport caps a support bonus in a plan's key (int8): 30, ten supporters
// at +3.
const maxSupport = 30

// supportKind is a card's support rule, read once per kind.
type supportKind struct {
	bonus      int  // what it adds as a supporter: 1 (R8), or its card's bonus
	cancels    bool // in a melee, the enemy side gets no support bonus
	ownFaction bool // it supports only allies of its faction
	card       bool // a card's rule (the trace names it)
}

func newSupportKind(p *profiles.Profile) supportKind {
	r := p.Support
	if r == nil {
		return supportKind{bonus: 1}
	}
	return supportKind{bonus: r.Bonus, cancels: r.CancelsEnemy, ownFaction: r.OwnFaction, card: true}
}

// melee is one side's support in a melee (engine.support).
type melee struct {
	n, stature, bonus int
	cancels, card     bool
	beast             bool // a beast supports its mistress (sim/cardbeast.go)
}

// supportBonus returns the support bonuses of the attacker's side (a) and the
// defender's (d): R8, the side with more supporters adds their bonuses, unless
// the other side cancels them.
func supportBonus(a, d melee) (att, def int) {
	switch {
	case a.n > d.n && !d.cancels:
		return a.bonus, 0
	case d.n > a.n && !a.cancels:
		return 0, d.bonus
	}
	return 0, 0
}

// traceSupport writes the support of a melee where a card's support rule
// plays.
func (e *engine) traceSupport(i, j int, a, d melee, att, def int) {
	switch {
	case a.n > d.n && d.cancels:
		e.tracef("    %s's side cancels the support of %s's %s (card support rule)\n", e.name(j), e.name(i), supporterCount(a.n))
	case d.n > a.n && a.cancels:
		e.tracef("    %s's side cancels the support of %s's %s (card support rule)\n", e.name(i), e.name(j), supporterCount(d.n))
	case att > 0:
		e.tracef("    %s is supported: +%d by %s (%s)\n", e.name(i), att, supporterCount(a.n), supportRuleName(a))
	case def > 0:
		e.tracef("    %s is supported: +%d by %s (%s)\n", e.name(j), def, supporterCount(d.n), supportRuleName(d))
	}
}

// supportRuleName names the card rule behind a side's support bonus.
func supportRuleName(s melee) string {
	if s.beast {
		return "card support rule; its beast, card_beasts"
	}
	return "card support rule"
}

// supporterCount writes n supporters: "1 supporter", "2 supporters".
func supporterCount(n int) string {
	if n == 1 {
		return "1 supporter"
	}
	return fmt.Sprintf("%d supporters", n)
}
