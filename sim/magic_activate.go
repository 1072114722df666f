package sim

import (
	"math/rand/v2"

	"github.com/kharn-ages/kharn/profiles"
)

// This file plays the activation of an ally inside the caster's
// (profiles.EffectParams.ActivateNow; call-of-the-ancestors: "the ally
// activates now; 2 AP less if it already acted", skills.md 4.3), in
// skirmishes: on success the target, an ally in play other than the caster,
// plays a whole activation at once (R14: its AP and mastery dice come back,
// bleeding, statuses and spell ends as at any activation start), with
// ActedAPLoss AP less when it has already been activated this round; then the
// caster's activation goes on. An ally not yet activated uses its activation
// of the round (it does not activate again when its side's turn comes, R15).
// A Safar activated so casts no such spell itself (one level of nesting).

// activatesNow reports whether option opt activates its target at once.
func (opt *castOption) activatesNow() bool { return opt.level.EffectParams.ActivateNow }

// mayActivateNow reports whether Safar j may be activated at once by Safar i:
// an ally in play, not i, not in ambush, and i not itself activated so.
func (e *engine) mayActivateNow(i, j int) bool {
	o := &e.c[j]
	return !e.magic.nested && j != i && o.side == e.c[i].side && o.inPlay() && !o.hidden
}

// activateNow plays the activation of Safar j inside the current one, with
// p.ActedAPLoss AP less (taken at its start as a spell's AP loss) when it has
// already been activated this round.
func (e *engine) activateNow(r *rand.PCG, j int, p *profiles.EffectParams) {
	o := &e.c[j]
	if o.acted && p.ActedAPLoss > 0 {
		o.fx.apLoss = max(o.fx.apLoss, int8(p.ActedAPLoss))
	}
	e.magic.nested = true
	e.activate(r, j)
	e.magic.nested = false
}

// activateWorth is what activating Safar j at once, with loss AP less when it
// already acted, is worth to its side, in HP of expected damage: for an ally
// already activated this round, an activation more, its threat over a whole
// activation on its nearest enemy (returnWorth) in the share of its AP it
// keeps; for one not yet activated nothing (it only acts sooner: the order is
// not valued).
func (e *engine) activateWorth(j, loss int) float64 {
	o := &e.c[j]
	if !o.acted {
		return 0
	}
	full := max(o.f.Profile.AP, 1)
	return e.returnWorth(j) * float64(max(full-loss, 0)) / float64(full)
}
