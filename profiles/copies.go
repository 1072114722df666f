package profiles

import (
	"errors"
	"fmt"
)

// slotProblems returns what is wrong with the items a Safar carries, one
// message per item at fault, keyed by its index in items (catalogue.md 4.6):
// it wears one ordinary armour, one armour that stacks with it and one helmet
// at most; it carries several copies of one item only when that item is a
// weapon (each copy held in its own hand and chosen per action, seed 000 line
// 1722) or stackable (poison doses: catalogue.md 4.6 "stackable").
func slotProblems(items []*Equipment) map[int]string {
	out := map[int]string{}
	first := map[string]int{}
	var armour, stacking, helmet = -1, -1, -1
	for i, e := range items {
		if e == nil {
			continue
		}
		if _, ok := first[e.ID]; ok && e.Kind != KindMelee && e.Kind != KindRanged && !e.Stackable {
			out[i] = fmt.Sprintf("%q carried twice: only weapons and stackable items may be carried in several copies (catalogue.md 4.6)", e.ID)
			continue
		}
		if _, ok := first[e.ID]; !ok {
			first[e.ID] = i
		}
		slot, name := &helmet, "helmet"
		switch {
		case e.Kind == KindArmour && e.Armour != nil && e.Armour.Stacks:
			slot, name = &stacking, "armour worn over another (stacks_with_armour)"
		case e.Kind == KindMelee && e.Armour != nil:
			// A weapon that also protects takes the same second slot.
			slot, name = &stacking, "second armour (stacks_with_armour, or a weapon that protects)"
		case e.Kind == KindArmour:
			slot, name = &armour, "armour"
		case e.Kind != KindHelmet:
			continue
		}
		if *slot >= 0 {
			out[i] = fmt.Sprintf("%q and %q: one %s per Safar (catalogue.md 4.6)", items[*slot].ID, e.ID, name)
			continue
		}
		*slot = i
	}
	return out
}

// refSlotProblems is slotProblems on the base equipment of a profile entry,
// each problem at the reference it is about.
func refSlotProblems(p *profileEntry, lookup func(string) *Equipment) Errors {
	items := make([]*Equipment, len(p.refs))
	for i, r := range p.refs {
		items[i] = lookup(r.id)
	}
	var errs Errors
	probs := slotProblems(items)
	for i, r := range p.refs {
		if msg, ok := probs[i]; ok {
			errs = append(errs, Error{Pos: r.pos, Field: r.path, Msg: msg})
		}
	}
	return errs
}

// loadoutSlotProblems is slotProblems on a loadout's items, in item order.
func loadoutSlotProblems(items []*Equipment) []error {
	probs := slotProblems(items)
	var errs []error
	for i := range items {
		if msg, ok := probs[i]; ok {
			errs = append(errs, errors.New(msg))
		}
	}
	return errs
}
