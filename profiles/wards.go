package profiles

import "go.yaml.in/yaml/v3"

// Wards are a card's rules that soften what reaches it (skills.md section 3,
// patterns G and H). A data file writes them under the profile:
//
//	damage_reduction:
//	  per_attack: 2        # G: damage less from each successful attack (1-5)
//	  any_source: 1        # G: damage stopped from any source (1-5)
//	armour_reroll: once_per_turn # G: a failed armour roll rerolled once per turn
//	saving_roll: 7         # H: a d10 at 7 or more cancels a negative effect (2-10)
//
// Pattern G, skills.md "Recommended": the reductions apply after armour (and
// after the armour worn under it and Tembo hide) and never take damage below
// 0. per_attack applies to each hit of an attack (main, free, special, card
// attacks and shots); the counter damage of a successful defence (R11) is no
// attack: only any_source reduces it. any_source applies to every damage the
// engine deals: each hit and each counter of an exchange, bleeding, fire,
// falls and collisions, thrown objects, damage spells; a Safar's own payments
// (HP paid for a spell, a mount's sacrifice) are no damage, and poison's
// death takes every HP (no amount to reduce).
//
// Pattern H, skills.md "Recommended" (**Open**): one d10 per negative effect
// when it is inflicted, at or above the threshold cancels it; effects and
// statuses (bleeding, daze, stun, repel, a Bite's fright, poison, fire,
// frostbite, a thrown object's effect, a fright result, an enemy spell's
// effect), not damage (sim/wards.go).
//
// None of them sits on a mount's card (Mount has no such field): a mounted
// Safar has its rider's.
type Wards struct {
	PerAttack    int  // damage less from each successful attack
	AnySource    int  // damage less from any source
	ArmourReroll bool // a failed armour roll rerolled, once per turn
	SavingRoll   int  // the d10 threshold of the saving roll, 0 for none
	Pos          Pos
}

// Any reports whether w holds any rule.
func (w Wards) Any() bool {
	return w.PerAttack > 0 || w.AnySource > 0 || w.ArmourReroll || w.SavingRoll > 0
}

var damageReductionFields = []string{"per_attack", "any_source"}

const wardAmountMessage = "must be from 1 to 5 (skills.md section 3 G: 1 or 2 on the cards)"

// damageReduction decodes damage_reduction into w.
func (d *decoder) damageReduction(n *yaml.Node, field string, w *Wards) {
	fields, ok := d.mapping(n, field)
	if !ok {
		return
	}
	if w.Pos == (Pos{}) {
		w.Pos = d.pos(deref(n))
	}
	for _, f := range fields {
		ff := join(field, f.key)
		switch f.key {
		case "per_attack":
			w.PerAttack, _ = d.intIn(f.v, ff, 1, 5, "per_attack "+wardAmountMessage)
		case "any_source":
			w.AnySource, _ = d.intIn(f.v, ff, 1, 5, "any_source "+wardAmountMessage)
		default:
			d.unknown(f.k, ff, f.key, damageReductionFields)
		}
	}
	if len(fields) == 0 {
		d.errorf(deref(n), field, "gives nothing: want per_attack N or any_source N")
	}
}

// armourReroll decodes armour_reroll: once_per_turn (the one frequency the
// cards print, skills.md section 3 G).
func (d *decoder) armourReroll(n *yaml.Node, field string, w *Wards) {
	s, ok := d.stringValue(n, field)
	if !ok {
		return
	}
	if s != "once_per_turn" {
		d.errorf(deref(n), field, "want once_per_turn (skills.md section 3 G: a failed armour roll rerolled once per turn), got %q", s)
		return
	}
	w.ArmourReroll = true
	if w.Pos == (Pos{}) {
		w.Pos = d.pos(deref(n))
	}
}

// savingRoll decodes saving_roll: N, the d10 threshold (9, 7, 5 or 3 on the
// cards, skills.md section 3 H; 2 to 10 accepted: a natural 1 always fails).
func (d *decoder) savingRoll(n *yaml.Node, field string, w *Wards) {
	w.SavingRoll, _ = d.intIn(n, field, 2, 10, "saving_roll must be from 2 to 10, the d10 at or above which a negative effect is cancelled (skills.md section 3 H: 9, 7, 5 or 3 on the cards)")
	if w.Pos == (Pos{}) {
		w.Pos = d.pos(deref(n))
	}
}
