package sim

import "github.com/kharn-ages/kharn/profiles"

// A special card's casting bonus (skills.md section 3.2, for an Affranchis
// Spearhead: "its casters get +1 per ally not yet activated in their aura
// (a sixth way bonus)"; skills.md 4.2: "a special card adds, for Affranchis
// casters, +1 per ally not yet activated in the caster's aura"; a list's
// card_way_bonus, profiles/listcards.go): a caster it names adds +1 to the
// casting total of its own way's spells per ally in play standing in its
// aura (I toises from the centre of its base, centre to centre, as the
// ways' "in the caster's aura") that has not activated this round. Readings
// (open): it adds to its way's bonus where the way bonus applies (its own
// way's spells, not generic spells: engine.castStateWay), the sum capped as
// the way bonus is (maxWayBonus; the battle book's cap at the caster's I is
// not applied, sim/magic.go WayBonus); "not yet activated" is not yet in
// this round (engine.combatant.acted, reset at each round), the caster
// itself not counted. Its casting plan takes the bonus as the way bonus
// (castState.extra, exact and sampled), so the policies' odds count it. A
// duel has no list: skirmishes only.

// initWayCards marks the casters of sk whose list's card adds to their way
// bonus (e.wayCards); nil when no list has such a card.
func (e *engine) initWayCards(sk *Skirmish) {
	e.wayCards = nil
	sk.eachSafar(func(i int, h *Spearhead, f *Fighter) {
		for _, c := range h.CardWayBonuses {
			if c.Per == profiles.WayBonusPerUnactivatedAlly && c.By.Matches(f.Profile) {
				if e.wayCards == nil {
					e.wayCards = make([]bool, len(e.c))
				}
				e.wayCards[i] = true
			}
		}
	})
}

// cardWayBonus returns what Safar i's card adds to its way bonus now: the
// allies in play in its aura that have not activated this round; 0 without
// the card.
func (e *engine) cardWayBonus(i int) int {
	if e.wayCards == nil || !e.wayCards[i] {
		return 0
	}
	c := &e.c[i]
	aura := e.auraRadius(i)
	n := 0
	for k := range e.c {
		o := &e.c[k]
		if k != i && o.side == c.side && o.inPlay() && !o.acted && c.pos.Dist(o.pos) <= aura+1e-9 {
			n++
		}
	}
	return n
}
