package sim

import "math/rand/v2"

// A special card's "one extra action for a sister during another model's
// activation, once per game each" (skills.md section 3.2; a list's
// card_extra_action, profiles/listcards.go). Readings (open; the simplest,
// chosen): the engine plays one Safar's actions at a time, so the extra
// action comes at the end of another Safar's activation (an ally's or an
// enemy's), after its last action, when its side has picked it and before
// the next pick; "each": each Safar the card names has one, once per
// battle; the action is one attack, melee, on an enemy in its reach (the
// action that changes a skirmish; no walk, no shot, no spell), paid with
// the AP it holds then (those kept to defend with: no AP are given back,
// R14), its mastery dice as they stand. Policy: at the end of each
// activation, a Safar that still holds its extra action takes it when its
// best attack plan on an enemy in reach, with the AP it holds, is worth more
// than keeping them to defend with (bestAttackOf with keep, the value the
// default policy weighs its own attacks by, against the keep value of its
// AP), on the enemy where it is worth the most; otherwise it waits for a
// later activation. Not on the activation of a Safar played again by a card
// or a spell. A duel has no list: skirmishes only. No exchange changes.

// initExtras marks the Safars of sk whose list's card gives them an extra
// action (e.extraBy); nil when none.
func (e *engine) initExtras(sk *Skirmish) {
	e.extraBy, e.extraLeft = nil, nil
	sk.eachSafar(func(i int, h *Spearhead, f *Fighter) {
		for _, c := range h.CardExtraActions {
			if c.By.Matches(f.Profile) {
				if e.extraBy == nil {
					e.extraBy, e.extraLeft = make([]bool, len(e.c)), make([]bool, len(e.c))
				}
				e.extraBy[i], e.extraLeft[i] = true, true
			}
		}
	})
}

// extraMelee keeps the melee options (the extra action's attack).
func extraMelee(o *fightOption) bool { return !o.shot }

// extraChoice is the default policy's choice, for Safar k, of its extra
// action: the enemy in its reach and the first attack of its best plan on
// it when that plan is worth more than keeping its AP; -1 when none.
func (e *engine) extraChoice(k int) (int, int) {
	c := &e.c[k]
	// As engine.attack asks of a melee attack: standing, not carrying an
	// ally, its melee weapon in hand (not its shooting one), out of deep
	// water.
	if !c.inPlay() || c.stunned || c.ground || c.hidden || c.ap < 1 || e.carried(k) >= 0 || c.ranged || e.inWater(k) {
		return -1, -1
	}
	bestJ, bestOpt, bestV := -1, -1, 1e-9
	for j := range e.c {
		o := &e.c[j]
		if o.side == c.side || !o.inPlay() || e.gap(k, j) > e.reach(k)+1e-9 {
			continue
		}
		first, v := bestAttackOf(e, k, j, 0, extraMelee, classMelee, true, false)
		if first >= 0 && v > bestV {
			bestJ, bestOpt, bestV = j, first, v
		}
	}
	return bestJ, bestOpt
}

// extraActions plays, at the end of Safar i's activation, the extra action
// of each other Safar whose card gives one and that has not taken it
// (extraChoice).
func (e *engine) extraActions(r *rand.PCG, i int) {
	for k := range e.c {
		if k == i || !e.extraLeft[k] || e.inPlay(1-e.c[k].side) == 0 {
			continue
		}
		j, opt := e.extraChoice(k)
		if j < 0 {
			continue
		}
		e.extraLeft[k] = false
		if e.trace != nil {
			e.tracef("  %s takes its extra action during %s's activation (card_extra_action): an attack on %s, %d AP\n", e.name(k), e.name(i), e.name(j), e.c[k].ap)
		}
		e.attack(r, k, action{kind: actAttack, opt: opt, target: j})
		if e.returns != nil {
			e.playReturns(r) // sim/cardreturn.go
		}
	}
}
