package profiles

import "go.yaml.in/yaml/v3"

// SupportRule is how a card supports its allies in a melee (skills.md section
// 3, pattern S, "Stronger support": "It counts +3 instead of +1 when
// supporting in a melee (R8); one version also cancels the enemy's support
// bonuses, the other supports only allies of its faction"). A profile writes
// it under "support:":
//
//	support: {bonus: 3, cancels_enemy: true}
//	support: {bonus: 3, own_faction: true}
type SupportRule struct {
	// Bonus is what it adds to the supported ally's total, in place of R8's
	// +1; 1 to 9. Which side outnumbers the other still counts Safars, not
	// bonuses (R8: "when a side outnumbers the other").
	Bonus int
	// CancelsEnemy: while it stands in the melee (supporting, attacking or
	// defending), the enemy side gets no support bonus there.
	CancelsEnemy bool
	// OwnFaction: it supports only allies of its own faction (another ally
	// of its Spearhead fights without its support, and it does not count
	// among that ally's supporters).
	OwnFaction bool
	Pos        Pos
}

var supportFields = []string{"bonus", "cancels_enemy", "own_faction"}

// support decodes a profile's support.
func (d *decoder) support(n *yaml.Node, field string) *SupportRule {
	fields, ok := d.mapping(n, field)
	if !ok {
		return nil
	}
	s := &SupportRule{Pos: d.pos(deref(n)), Bonus: 1}
	for _, f := range fields {
		ff := join(field, f.key)
		switch f.key {
		case "bonus":
			s.Bonus, _ = d.intIn(f.v, ff, 1, 9, "bonus must be from 1 to 9 (what one supporter adds, R8's +1 by default)")
		case "cancels_enemy":
			s.CancelsEnemy, _ = d.boolValue(f.v, ff)
		case "own_faction":
			s.OwnFaction, _ = d.boolValue(f.v, ff)
		default:
			d.unknown(f.k, ff, f.key, supportFields)
		}
	}
	if s.Bonus == 1 && !s.CancelsEnemy && !s.OwnFaction {
		d.errorf(deref(n), field, "changes nothing from R8's +1 per supporter: want bonus 2 to 9, cancels_enemy or own_faction (skills.md section 3, pattern S)")
	}
	return s
}
