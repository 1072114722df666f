package sim

import "math/rand/v2"

// This file plays a card's free attack after a successful 3 AP defence
// (skills.md section 3, pattern F: "after a successful 3 AP defence, a free
// card-defined attack (pattern I)"; profiles.OwnRules.CounterAttack, field
// defence_counter_attack naming one of its special_attacks).
//
// When a 3 AP defence roll of the Safar stops the main attack of an
// exchange (not a free attack's, Outcome.Stopped3), once the exchange and
// its counter are played, the Safar, still fit (in play, not stunned) and
// within reach of its attacker, makes that card attack against it, for no
// AP: an exchange of its own (engine.strike with no cost), played as every
// card attack (sim/cardattack.go: its two characteristics plus the level
// dice, the offensive mastery field), the attacker defending with the AP it
// has left. No such free attack is made from within one (a defence of the
// first attacker against it that stops it gives nothing more), so the chain
// ends. A card attack once per activation (R18) is counted as its special
// attack of the activation, as any other.
//
// Not modelled: the best response and the policies do not value this free
// attack when they choose a defence (they weigh a 3 AP defence by its
// counter alone), so they choose the 3 AP defence no more often than
// without the rule. Not on a mount's card.

// cardCounter makes Safar j's card attack, free, against Safar i, whose main
// attack j's 3 AP defence has just stopped.
func (e *engine) cardCounter(r *rand.PCG, j, i int) {
	if e.countering {
		return
	}
	o, c := &e.c[j], &e.c[i]
	if !o.fit() || !c.inPlay() || o.side == c.side {
		return
	}
	idx := o.f.Profile.Own.CounterAttack
	opts := e.opts[o.kind][c.kind]
	k := -1
	for n := range opts {
		if a := opts[n].attack; a.Kind == Card && int(a.CardIndex) == idx && opts[n].pos == posNone && opts[n].split == 0 {
			k = n
			break
		}
	}
	if k < 0 {
		return // its tables have no such attack against this enemy (it cannot make it)
	}
	opt := &opts[k]
	if e.gap(j, i) > e.reachOf(j, opt)+1e-9 {
		return
	}
	if e.trace != nil {
		e.tracef("    %s makes its card's free attack after its 3 AP defence: %s (defence_counter_attack)\n", e.name(j), o.f.Profile.SpecialAttacks[idx].Name)
	}
	band := bandEffective
	if e.beyondCounter(j, i, opt) {
		band = bandFar // sim/reach.go
	}
	e.countering = true
	e.strike(r, j, i, k, opt, false, band, 0, 0)
	e.countering = false
}
