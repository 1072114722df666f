package sim

import "github.com/kharn-ages/kharn/profiles"

// Card rules on the generic actions (profiles.GenericActions, a card's
// "generic_actions:"): skills.md section 3, pattern J ("Automatic Detect
// (always, or once per activation); automatic Convince/negotiate; no CF on
// Convince/negotiate") and pattern K ("Doubles the HP gained by Devour (2,
// one of which must go and devour a carcass in its aura when there is one);
// may loot although its people normally cannot"). How the engine reads them:
//
//   - Automatic Detecting (engine.detect, sim/detect.go): the action is paid
//     (2 AP) and succeeds without a roll; once per activation, a second
//     Detecting in that activation rolls as the rulebook's. The policy
//     (detectWorth) weighs it at a chance of 1.
//   - Automatic Convincing (engine.negotiate, sim/negotiation.go): paid (1 AP),
//     won without a roll. No critical failure: the roll's natural 1 does not
//     fail (R3), as Specialist objective gives, for this action only. The
//     policy's chance (negotiationOdds) reads both.
//   - Doubled Devouring (devourHeal, sim/devour.go): 4 HP per AP instead of 2,
//     the caps of seed 000 lines 1145-1146 kept (never more than the victim's
//     starting HP nor above its own). "Must go and devour a carcass in its
//     aura" (devour: double_and_seek; Open, our reading): at the start of its
//     activation, wounded or not, not engaged, when a carcass lies within its
//     aura (I toises of its centre) it walks to the nearest and devours it
//     with all the AP that heal (at least 1) before anything else
//     (seekCarcass); a carcass out of its walk this activation is walked
//     towards.
//   - Looting (mayLoot, sim/loot.go): a card with loot: true may loot
//     although its people cannot (a Khârn, seed 000 line 1198); a Fang's
//     temerity test before looting stays.

// genericKind is a card's rules on the generic actions, read once per kind.
type genericKind struct {
	detect        profiles.DetectRule
	negotiate     profiles.NegotiateRule
	devourX, seek bool
	loot          bool
}

func newGenericKind(p *profiles.Profile) genericKind {
	g := p.GenericActions
	if g == nil {
		return genericKind{}
	}
	return genericKind{detect: g.Detect, negotiate: g.Negotiate, devourX: g.DevourDouble, seek: g.DevourSeek, loot: g.Loot}
}

// autoDetect reports whether Safar i's next Detecting succeeds without a
// roll (pattern J).
func (e *engine) autoDetect(i int) bool {
	switch e.info[e.c[i].kind].generic.detect {
	case profiles.DetectAutomatic:
		return true
	case profiles.DetectOncePerActivation:
		return !e.c[i].detected
	}
	return false
}

// seekCarcass returns what Safar i, whose card must go and devour a carcass
// in its aura (devour: double_and_seek), plays now, whatever its side's
// policy (a card's "must", as Berserk's): on its feet, not engaged (Devouring
// forbids it, seed 000 line 1147), with the AP to devour, the nearest carcass
// within its aura (I toises from its centre): devoured at once when in its
// zone of control, with the AP that heal more (1 at least: it must devour
// it), else walked towards, when a walk is paid for and gets nearer. false:
// the policy plays.
func (e *engine) seekCarcass(i int) (action, bool) {
	c := &e.c[i]
	if !e.info[c.kind].generic.seek || c.ground || c.stunned || c.ap < e.actionCost(i, 1) || e.engagedAny(i) {
		return action{}, false
	}
	r := float64(c.f.Stats().I)
	k := -1
	for m := range e.c {
		if m != i && e.carcass(m) && e.within(i, m, r) && (k < 0 || e.gap(i, m) < e.gap(i, k)) {
			k = m
		}
	}
	if k < 0 {
		return action{}, false
	}
	if e.canDevour(i, k) {
		ap := 1
		for e.actionCost(i, ap+1) <= c.ap && e.devourHeal(i, k, ap+1) > e.devourHeal(i, k, ap) {
			ap++
		}
		return action{kind: actDevour, opt: ap, target: k}, true
	}
	if c.morale.rooted || e.walkCost(i) > c.ap || !(e.velocity(i) > 0) {
		return action{}, false
	}
	to, ok := e.destination(i, k, e.velocity(i), true)
	if !ok || to.Dist(c.pos) < 1e-6 {
		return action{}, false
	}
	return action{kind: actToward, target: k}, true
}
