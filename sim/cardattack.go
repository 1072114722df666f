package sim

import (
	"math"

	"github.com/kharn-ages/kharn/profiles"
)

// Card-defined special attacks (skills.md section 3, pattern I;
// profiles.CardAttack) and characteristics a card does not print
// (catalogue.md 4.5, profiles.Profile.NotPrinted).
//
// A Card attack is played as the rulebook's special attacks are (R18, seed
// 000 lines 874-892): 2 AP, its two engaged characteristics plus the level
// dice, the offensive mastery field, no weapon bonus and no effect; a hit
// deals the value of its damage characteristic, puts its bleeding, dazes
// when its card says so, and a CH on it adds the attacker's stature once as
// on any successful 2 AP combat action (R9a; as Bunt and Trample). A natural
// attack: it ticks no armour box (R12). Its frequency is limited only by AP
// unless the card says once per activation (then it shares R18's limit with
// Bunt, Bite and Trample). A card attack marked only_attack is the Safar's
// only attack besides its rulebook special attacks: no melee attack or shot
// (skills.md section 3 I: "it is their only attack").

// onlyCardAttacks reports whether f's card says its card attack is its only
// attack (profiles.CardAttack.OnlyAttack): no ordinary melee attack or shot.
func (f *Fighter) onlyCardAttacks() *profiles.CardAttack {
	if f.Profile == nil {
		return nil
	}
	for i := range f.Profile.SpecialAttacks {
		if f.Profile.SpecialAttacks[i].OnlyAttack {
			return &f.Profile.SpecialAttacks[i]
		}
	}
	return nil
}

// cardAttack returns the card-defined attack a names on f's card, or nil.
func (f *Fighter) cardAttack(a Attack) *profiles.CardAttack {
	if a.Kind != Card || f.Profile == nil || int(a.CardIndex) >= len(f.Profile.SpecialAttacks) {
		return nil
	}
	return &f.Profile.SpecialAttacks[a.CardIndex]
}

// cardChars returns the characteristics a card attack engages.
func cardChars(ca *profiles.CardAttack) Chars {
	return CharsOf(ca.Chars[0], ca.Chars[1])
}

// oncePerActivation reports whether attack a of f counts against the one
// special attack of an activation (R18): Bunt, Bite, Trample, and a card
// attack whose card says once per activation.
func (f *Fighter) oncePerActivation(a Attack) bool {
	if a.Kind != Card {
		return a.Kind.Special()
	}
	ca := f.cardAttack(a)
	return ca != nil && ca.OncePerActivation
}

// cardAttackDamage fills the damage spec of card attack ca.
func cardAttackDamage(s *damageSpec, ca *profiles.CardAttack, att *Fighter) {
	v := max(att.Stats().Get(ca.Damage), 0)
	s.raw = pointDist(v) // planchunks.go
	s.rawPlus = v
	s.ticks = false // a natural attack (R12)
	s.bleeding = ca.Bleeding
	s.daze = ca.Daze
	s.critStature = att.Profile.Stature // R9a
}

// printed reports whether every characteristic of cs is printed on p's card
// (catalogue.md 4.5: a characteristic not printed cannot be engaged).
func printed(p *profiles.Profile, cs Chars) bool {
	if p == nil || p.NotPrinted == 0 {
		return true
	}
	for i := 0; i < cs.Len(); i++ {
		if p.NotPrinted.Has(cs.At(i)) {
			return false
		}
	}
	return true
}

// printedAll reports whether every characteristic of cs is printed on p's
// card: a test engaging one it does not print cannot be taken (the relic's
// pick-up test, sim/objectives.go).
func printedAll(p *profiles.Profile, cs []Char) bool {
	for _, c := range cs {
		if p.NotPrinted.Has(c) {
			return false
		}
	}
	return true
}

// errNotPrinted is the rule error of an action engaging a characteristic
// the card does not print.
func errNotPrinted(f *Fighter, cs Chars) error {
	return ruleErr("catalogue.md 4.5", "%s's card does not print %s: an action cannot engage it (%s)", f.Name(), f.Profile.NotPrinted, cs)
}

// poisonFloor returns the lowest of P, A, C and I printed on f's card: poison
// kills when one of them goes below zero (R17); one the card does not print
// has no value to lose (catalogue.md 4.5), and with none printed poison
// never kills.
func poisonFloor(f *Fighter) int {
	st := f.Stats()
	low := math.MaxInt32
	for _, c := range [...]Char{P, A, C, profiles.I} {
		if !f.Profile.NotPrinted.Has(c) {
			low = min(low, st.Get(c))
		}
	}
	return low
}
