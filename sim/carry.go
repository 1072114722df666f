package sim

import (
	"math"
	"math/rand/v2"
)

// Generic actions that pass a load from one Safar to another (issue #11,
// section 3): "Giving/taking: 1AP/ZOC. It allows the Safar to exchange an
// object with one of his allies. This cannot be basic equipment listed on the
// Safar's card. The initiator of the action is the one to spend the AP. On a
// CF, exchange is missed, and the object falls to the ground. Both Safars need
// hands in order to perform this action" (seed 000 lines 1167-1173; seed 004
// lines 1132-1138, "Donner/prendre").
//
// Read as (R-Give):
//
//   - The only object of a battle that is not basic equipment of a card is the
//     scenario's relic (sim/objectives.go): it is what is given or taken.
//   - The initiator, the carrier giving it or an ally taking it, spends 1 AP
//     (2 dazed, R17), not on the ground; the other Safar is an ally in its zone
//     of control ("1AP/ZOC"), in play. Both handle objectives (a Savage Safar
//     neither carries nor takes: skills.md #58); every card of the data is read
//     as having hands, as the other generic actions read them.
//   - The CF is that of an action of the objective field rolled with no
//     threshold (R1, R3): every level die showing 1, Specialist removing it, an
//     objective mastery die rerolling it (R4: "Objectives Mastery: used for
//     every generic action", seed 000 line 343). On a CF the relic falls where
//     its carrier stands.
//   - The new carrier carries it at once, with its own burden (carryMalus), and
//     carries it off when its base touches its table edge.
//
// The default policy (handOverAct) hands the relic over, on the carrier's
// activation or the ally's, when an ally within reach, not engaged, would
// carry it further (betterCarrier): the carrier is engaged or within an
// enemy's assault reach (about to be engaged, and then defeated) and the ally
// less so, the carrier lies on the ground or is stunned, or the ally reaches
// the table edge at least one walk sooner (a faster Safar, or a lighter
// burden).

// giveAP is what Giving/taking costs its initiator (seed 000 line 1167).
const giveAP = 1

// burden returns what carrying a load takes off Safar i's velocity: "a V
// penalty of 2 if P is < 4", 1 with P 4 or more (seed 000 lines 1122-1125; the
// French text, seed 004 lines 1205-1208, settles P = 4 at 1).
func (e *engine) burden(i int) float64 {
	if e.c[i].f.Stats().P < 4 {
		return 2
	}
	return 1
}

// canHand reports whether Safar i may give the relic to ally k, or take it
// from k, now (R-Give).
func (e *engine) canHand(i, k int) bool {
	s := e.obj
	if s == nil || s.o.Relic == nil || s.scored || k < 0 || k >= len(e.c) || k == i {
		return false
	}
	if _, ok := e.relicAt(); !ok || s.carrier != i && s.carrier != k {
		return false
	}
	c, o := &e.c[i], &e.c[k]
	return c.side == o.side && e.handles(i) && e.handles(k) && !c.ground && !c.stunned &&
		e.gap(i, k) <= e.naturalReach(i)+1e-9
}

// hand plays Giving/taking of the relic by Safar i with ally k (R-Give): i
// gives it to k when it carries it, else takes it from k. It reports whether
// the activation goes on.
func (e *engine) hand(r *rand.PCG, i, k int) bool {
	c := &e.c[i]
	cost := e.actionCost(i, giveAP)
	if !e.canHand(i, k) || c.ap < cost {
		return false
	}
	c.ap -= cost
	c.spent += cost
	s := e.obj
	from, to := s.carrier, i+k-s.carrier
	verb := "takes"
	if from == i {
		verb = "gives"
	}
	if ok, _ := e.objectiveRoll(r, i, nil, 0, false); !ok { // only a CF fails
		s.relic, s.carrier = e.c[from].pos, -1
		if e.trace != nil {
			e.tracef("  %s %s the %s (%d AP): a critical failure, it falls at (%.1f, %.1f)\n", e.name(i), verb, s.o.Relic.Name, cost, s.relic.X, s.relic.Y)
		}
		return true
	}
	s.carrier = to
	if e.trace != nil {
		e.tracef("  %s %s the %s (%d AP): %s carries it\n", e.name(i), verb, s.o.Relic.Name, cost, e.name(to))
	}
	if e.offEdge(to) { // already at its table edge: off the table with it
		s.scored = true
		s.points[e.c[to].side] += s.o.Relic.Points
		if e.trace != nil {
			e.tracef("  %s carries the %s off the table: +%d (A %d, B %d)\n", e.name(to), s.o.Relic.Name, s.o.Relic.Points, s.points[0], s.points[1])
		}
	}
	return true
}

// homeWalks returns how many walks Safar k needs to carry the relic to its
// own table edge from where it stands: the way left over its velocity with
// the burden of the relic (+Inf when it cannot walk).
func (e *engine) homeWalks(k int) float64 {
	c := &e.c[k]
	left := max(math.Abs(c.pos.Y-e.edgeY(c.side))-c.radius, 0)
	v := e.velocity(k) + e.carryMalus(k) - e.burden(k)
	if !(v > 0) {
		return math.Inf(1)
	}
	return left / v
}

// danger returns how pressed Safar k is: 2 engaged with an enemy, 1 within
// an enemy's assault reach (about to be engaged), 0 neither.
func (e *engine) danger(k int) int {
	d := 0
	for j := range e.c {
		o := &e.c[j]
		if o.side == e.c[k].side || !o.inPlay() {
			continue
		}
		if e.engaged(k, j) {
			return 2
		}
		if e.gap(k, j) <= e.assaultReach(j)+1e-9 {
			d = 1
		}
	}
	return d
}

// betterCarrier reports whether ally k would carry the relic on better than
// its carrier car: k is fit for battle, on its feet and less pressed (danger),
// or as pressed and home at least one walk sooner, or, when k takes it from a
// carrier that has acted this round (k in its activation), home no later.
func (e *engine) betterCarrier(k, car int, taking bool) bool {
	o := &e.c[k]
	if !o.fit() || o.ground || e.danger(k) == 2 {
		return false
	}
	dk, dc := e.danger(k), e.danger(car)
	if c := &e.c[car]; !c.fit() || c.ground || dk < dc {
		return true
	}
	if dk > dc {
		return false
	}
	wk, wc := e.homeWalks(k), e.homeWalks(car)
	return wk <= wc-1 || taking && e.c[car].acted && wk <= wc
}

// handOverAct returns the Giving/taking the default policy plays for Safar i
// now (see above); ok is false when it plays none. The carrier gives the
// relic to the ally in reach that is the better carrier (betterCarrier) and
// has not acted this round, unless the carrier is engaged; an ally takes it
// from a carrier it would carry it on better than.
func (e *engine) handOverAct(i int) (action, bool) {
	s := e.obj
	c := &e.c[i]
	if s.o.Relic == nil || s.scored || s.carrier < 0 || c.ap < e.actionCost(i, giveAP) {
		return action{}, false
	}
	car := s.carrier
	if e.c[car].side != c.side {
		return action{}, false
	}
	if car != i { // take it
		if e.canHand(i, car) && e.betterCarrier(i, car, true) {
			return action{kind: actGive, target: car}, true
		}
		return action{}, false
	}
	held := e.danger(i) == 2
	best := -1
	for k := range e.c {
		if k == i || !e.canHand(i, k) || e.c[k].acted && !held || !e.betterCarrier(k, i, false) {
			continue // an ally that has acted carries it no further this round
		}
		if best < 0 || e.danger(k) < e.danger(best) || e.danger(k) == e.danger(best) && e.homeWalks(k) < e.homeWalks(best) {
			best = k
		}
	}
	if best < 0 {
		return action{}, false
	}
	return action{kind: actGive, target: best}, true
}
