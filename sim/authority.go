package sim

import (
	"fmt"

	"github.com/kharn-ages/kharn/profiles"
)

// Authority (seed 000 line 1598; skills.md #26): "a Safar (not terrorised nor
// frightened) having the "authority" skill can spend his own mastery dice
// instead of his allies as long as he respects the mastery field".

// authorityLimit returns how many mastery dice Safar k may spend for its
// allies in a turn: X of Authority X, the most dice per turn (skills.md #26,
// "Open", recommended reading); no value, as many as it has; -1 without the
// skill.
func authorityLimit(f *Fighter) int {
	sk, ok := f.Profile.Skill(profiles.SkillAuthority)
	switch {
	case !ok:
		return -1
	case sk.Value <= 0:
		return len(f.Mastery)
	}
	return sk.Value
}

// authority returns the ally of Safar i that lends it its mastery dice of
// field for a roll, and how many it can lend: an ally in play with Authority
// (any ally, skills.md #26 "Open": the text gives no range), neither
// terrorised (a failed temerity test not yet passed) nor frightened (a failed
// fright test not yet passed), with mastery dice of that field left and its
// limit for this turn not reached; of several, the one that can lend the
// most. It returns -1, 0 when none can.
func (e *engine) authority(i int, field Fields) (int, int) {
	c := &e.c[i]
	best, bn := -1, 0
	for k := range e.c {
		a := &e.c[k]
		lim := e.info[a.kind].authority
		if k == i || lim < 0 || a.side != c.side || !a.fit() || a.fails > 0 && !a.passed && !a.terrorPassed || a.morale.frightFailed != 0 {
			continue
		}
		if n := min(countMastery(a, field), lim-a.morale.authorityUsed); n > bn {
			best, bn = k, n
		}
	}
	return best, bn
}

// masteryLoan is who lends mastery dice (Authority) to the attacker and the
// defender of one exchange, how many, and the dice of their own they hold.
type masteryLoan struct {
	att, def       int // the lenders, -1 none
	attN, defN     int // dice they can lend
	attOwn, defOwn int // the attacker's and defender's own dice of the field
	field          Fields
	// attCard, defCard: the lender is an ally whose dice the Safar's
	// special card lets it use (card_borrows_mastery, sim/cardmastery.go),
	// not one with Authority.
	attCard, defCard bool
}

// loan returns the mastery dice of Safar i attacking Safar j with an attack of
// field, and of j defending, their own and those an ally with Authority can
// lend them (authority): the counts the exchange starts with.
func (e *engine) loan(i, j int, field Fields) masteryLoan {
	l := masteryLoan{att: -1, def: -1, field: field,
		attOwn: countMastery(&e.c[i], field), defOwn: countMastery(&e.c[j], FieldDefensive)}
	if e.c[i].side != e.c[j].side {
		l.att, l.attN = e.authority(i, field)
		l.def, l.defN = e.authority(j, FieldDefensive)
		if e.borrows != nil { // its special card: every ally's dice (sim/cardmastery.go)
			if l.att < 0 {
				l.att, l.attN = e.borrower(i, field)
				l.attCard = l.att >= 0
			}
			if l.def < 0 {
				l.def, l.defN = e.borrower(j, FieldDefensive)
				l.defCard = l.def >= 0
			}
		}
	}
	return l
}

// settleMastery spends the mastery dice the attacker i and the defender j used
// in an exchange that started in state st0 and ended in st: each its own
// first, then its lender's (lend).
func (e *engine) settleMastery(i, j int, l *masteryLoan, st0, st state) {
	e.lend(i, l.att, l.field, l.attOwn, int(st0.attMastery-st.attMastery), int(st0.attDice), l.attCard)
	e.lend(j, l.def, FieldDefensive, l.defOwn, int(st0.defMastery-st.defMastery), int(st0.defDice), l.defCard)
}

// lend spends the used mastery dice of field of Safar i, which held own dice
// of its own and could use those of ally k: its own first, then k's. The dice
// k lent are k's to lose: k rolls one die fewer for each until its next
// activation (R4), and i only for its own (from dice0, the dice it rolled
// before the exchange). card: k lends by i's special card
// (card_borrows_mastery), not by its Authority, whose limit it leaves.
func (e *engine) lend(i, k int, field Fields, own, used, dice0 int, card bool) {
	c := &e.c[i]
	spendMastery(c, field, min(used, own))
	lent := used - own
	if k < 0 || lent <= 0 {
		return
	}
	c.dice = max(dice0-own, 1)
	a := &e.c[k]
	spendMastery(a, field, lent)
	if !card {
		a.morale.authorityUsed += lent
	}
	a.dice = max(a.dice-lent, 1)
	if e.trace != nil {
		dice := "a mastery die"
		if lent > 1 {
			dice = fmt.Sprintf("%d mastery dice", lent)
		}
		why := "Authority"
		if card {
			why = "its special card, card_borrows_mastery"
		}
		e.tracef("    %s spends %s for %s (%s)\n", e.name(k), dice, e.name(i), why)
	}
}
