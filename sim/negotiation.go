package sim

import (
	"math/rand/v2"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// Convincing/negotiating, a generic action (seed 000 lines 1131-1135: "1
// AP/ZOC/I x2 + LD10 >= 13. The Safar trying to negotiate must be free from
// any other opponent. If the roll is successful the Safar wins the
// negotiation, the discussion..."; seed 004 lines 1090-1092, where the
// characteristic is OCR'd "{", the glyph of Intellect, seed 000 lines 591 and
// 1450), played on the neutral of a scenario (profiles.Negotiation). How the
// engine reads it:
//
//   - The neutral's point lies within the Safar's zone of control (the edge
//     of its base within ZOC, or its natural Reach X); the Safar is engaged
//     with no enemy ("free from any other opponent"), standing, may handle
//     objectives (not Savage, skills.md #58) and prints I (catalogue.md 4.5).
//   - 1 AP (+1 dazed, R17); I twice plus its level dice (R1, +1 Heroic
//     objective) against 13, a natural 1 failing (R3, none with Specialist
//     objective); as a generic action it is an objectives action (seed 000
//     line 343): objective mastery dice reroll a failure (R4), and so, once
//     per turn, do Master objective and Master of this action alone ("master:
//     negotiating", the catalogue's "maître: convaincre / négocier",
//     skills.md #35).
//   - A success wins the negotiation: the Safar's side scores the neutral's
//     points, once; the negotiation is over. A failure may be tried again.
//
// The default policy (objectiveAct): the neutral is an objective worth its
// points; its runner (the nearest Safar) values it at those points times the
// chance of one try of its own (negotiationOdds), walks to it when that is
// worth the walk's AP, and once there and unengaged negotiates while it is
// worth the AP (apWorth); engaged, it fights.

// negotiationChars are the characteristics of the test: I twice.
var negotiationChars = []profiles.Char{profiles.I, profiles.I}

// negotiationValue returns what the neutral is worth to side side now, in HP
// of the enemy: nothing once won over.
func (e *engine) negotiationValue(side int) float64 {
	s := e.obj
	if s.o.Negotiation == nil || s.negotiated {
		return 0
	}
	return float64(s.o.Negotiation.Points) * s.pointHP[side]
}

// negotiationAct is the play of Safar i, runner for the neutral (objective k).
func (e *engine) negotiationAct(i, k int, keep bool) (action, bool) {
	s := e.obj
	g := s.o.Negotiation
	c := &e.c[i]
	if !printedAll(c.f.Profile, negotiationChars) {
		return action{}, false
	}
	// Worth the chance of one try of this runner: the walk there too.
	s.want[k] *= e.negotiationOdds(i)
	if !e.near(i, field.Vec{X: g.X, Y: g.Y}, e.naturalReach(i)) {
		return e.walkFor(i, k, 0, keep)
	}
	cost := e.actionCost(i, profiles.NegotiationAP)
	if e.engagedAny(i) || cost > c.ap || !(s.want[k] > e.apWorth(i, cost, keep)) {
		return action{}, false
	}
	return action{kind: actNegotiate}, true
}

// negotiationOdds returns the chance that one negotiation of Safar i
// succeeds (objectiveOdds).
func (e *engine) negotiationOdds(i int) float64 {
	need := profiles.NegotiationThreshold - 2*e.c[i].f.Stats().I
	switch e.info[e.c[i].kind].generic.negotiate { // a card's rule (sim/genericactions.go)
	case profiles.NegotiateAutomatic:
		return 1
	case profiles.NegotiateNoCritical:
		p, _ := e.objectiveOddsCF(i, need, true)
		return p
	}
	p, _ := e.objectiveOdds(i, need)
	return p
}

// objectiveOdds returns the chances that an objectives test of Safar i
// needing a face of need succeeds and that it is a CH, its rerolls left
// aside: the best of its level dice (R1, +1 Heroic objective) reaching need,
// a natural 1 failing unless Specialist objective (R3), a CH a kept 10 (R2).
func (e *engine) objectiveOdds(i, need int) (success, critical float64) {
	return e.objectiveOddsCF(i, need, false)
}

// objectiveOddsCF is objectiveOdds, with no critical failure when noCF (a
// card's rule on Convincing, sim/genericactions.go).
func (e *engine) objectiveOddsCF(i, need int, noCF bool) (success, critical float64) {
	c := &e.c[i]
	n := c.dice
	if c.f.Skills.Heroic&FieldObjective != 0 {
		n++
	}
	lo := max(need, 2) // the lowest face that succeeds
	if noCF || c.f.Skills.Specialist&FieldObjective != 0 {
		lo = max(need, 1)
	}
	if lo > 10 {
		return 0, 0
	}
	miss, noTen := 1.0, 1.0
	for range n {
		miss *= float64(lo-1) / 10
		noTen *= 0.9
	}
	return 1 - miss, 1 - noTen
}

// negotiate plays Convincing/negotiating of Safar i with the scenario's
// neutral. It reports whether the activation goes on.
func (e *engine) negotiate(r *rand.PCG, i int) bool {
	s := e.obj
	c := &e.c[i]
	if s == nil || s.o.Negotiation == nil || s.negotiated {
		return false
	}
	g := s.o.Negotiation
	cost := e.actionCost(i, profiles.NegotiationAP)
	if !e.handles(i) || c.ground || c.ap < cost || e.engagedAny(i) ||
		!e.near(i, field.Vec{X: g.X, Y: g.Y}, e.naturalReach(i)) || !printedAll(c.f.Profile, negotiationChars) {
		return false
	}
	c.ap -= cost
	c.spent += cost
	var ok bool
	switch e.info[c.kind].generic.negotiate { // a card's rule (sim/genericactions.go)
	case profiles.NegotiateAutomatic:
		ok = true
		if e.trace != nil {
			e.tracef("  %s convinces without a roll (card rule)\n", e.name(i))
		}
	case profiles.NegotiateNoCritical:
		need := profiles.NegotiationThreshold - 2*c.f.Stats().I
		ok, _ = e.fieldRoll(r, i, FieldObjective, 0, need, c.f.Skills.MasterNegotiate) // no natural 1 failing
	default:
		ok, _ = e.objectiveRoll(r, i, negotiationChars, profiles.NegotiationThreshold, c.f.Skills.MasterNegotiate)
	}
	if !ok {
		if e.trace != nil {
			e.tracef("  %s fails to convince the %s (%d AP)\n", e.name(i), g.Name, cost)
		}
		return true
	}
	s.negotiated = true
	s.points[c.side] += g.Points
	if e.trace != nil {
		e.tracef("  %s convinces the %s (%d AP): +%d (A %d, B %d)\n", e.name(i), g.Name, cost, g.Points, s.points[0], s.points[1])
	}
	return true
}
