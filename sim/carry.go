package sim

import (
	"math"
	"math/rand/v2"

	"github.com/kharn-ages/kharn/sim/field"
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

// Carrying an ally (issue #11, section 3): "Carrying/transporting: 0 AP/the
// Safar. The Safar must first pick-up the load [...] The 'carried' load can be
// an ally. In that case, the Safar's P needs to be at least equal to the C of
// the Safar being carried. Pay attention, if a Safar carries two objects at the
// same time or an ally, he can't attack or defend himself unless he spends some
// AP to 'Drop/pick up' his load beforehand (doable outside his activation). The
// Safar must have at least one hand" (seed 000 lines 1118-1127; seed 004 lines
// 1201-1212: "il ne peut plus attaquer ou se défendre en dépensant des PA").
//
// Read as (R-Carry):
//
//   - Picking the ally up is "Dropping/picking up: 1 AP/ZOC" (seed 000 line
//     1161; 2 AP dazed, R17): an ally in play in its zone of control, alive (a
//     defeated ally is a carcass: carrying it changes no battle), its C at most
//     the carrier's P, neither carrying nor carried, the carrier on its feet,
//     handling objects (not Savage) and carrying nothing else (not the relic, no object to throw).
//   - The carrier walks with the burden (engine.burden: -2 V with P under 4,
//     -1 with P 4 or more); the ally moves with it, its base in contact behind
//     the carrier's after each action of the carrier.
//   - The carrier makes no attack; a defence spends no AP ("en dépensant des
//     PA": a reflex defence stays) unless it puts the ally down first, 1 AP,
//     which it does when attacked with 2 AP or more (1 to put down, 1 or more
//     to defend).
//   - Putting the ally down is 1 AP in the carrier's activation. A carried
//     Safar gets down at the start of its own activation, where it is (the
//     rulebooks do not take its activation away), and when its carrier leaves
//     play.
//
// No policy carries an ally: the engine's battles give no Safar a reason to
// (no Safar has to be brought somewhere it cannot walk to: the relic is carried
// by itself, R-Give, and a Safar on the ground stands up for 0-1 AP), so the
// mechanism is played only when asked (actCarry), by tests and future policies.

// carryState is who a Safar carries and who carries it (index+1, 0 none).
type carryState struct {
	carrying, carriedBy int8
}

// bearer returns the Safar carrying Safar k, -1 none; a carrier that left play
// lets it go.
func (e *engine) bearer(k int) int {
	b := int(e.c[k].bear.carriedBy) - 1
	if b < 0 {
		return -1
	}
	if !e.c[b].inPlay() || !e.c[k].inPlay() {
		e.c[b].bear.carrying, e.c[k].bear.carriedBy = 0, 0
		return -1
	}
	return b
}

// carried returns the ally Safar i carries, -1 none.
func (e *engine) carried(i int) int {
	k := int(e.c[i].bear.carrying) - 1
	if k < 0 || e.bearer(k) != i {
		return -1
	}
	return k
}

// canCarry reports whether Safar i may pick up ally k now (R-Carry).
func (e *engine) canCarry(i, k int) bool {
	if k < 0 || k >= len(e.c) || k == i || k >= 127 || i >= 127 {
		return false
	}
	c, o := &e.c[i], &e.c[k]
	carriesRelic := e.obj != nil && e.obj.carrier == i && !e.obj.scored
	return c.side == o.side && e.handles(i) && o.inPlay() && !c.ground && !c.stunned && !carriesRelic && !e.holdsMovable(i) &&
		e.carried(i) < 0 && e.bearer(i) < 0 && e.carried(k) < 0 && e.bearer(k) < 0 &&
		o.f.Stats().C <= c.f.Stats().P && e.gap(i, k) <= e.naturalReach(i)+1e-9
}

// pickUpAlly plays picking up ally k by Safar i: 1 AP (R-Carry). It reports
// whether the activation goes on.
func (e *engine) pickUpAlly(i, k int) bool {
	c := &e.c[i]
	cost := e.actionCost(i, 1)
	if !e.canCarry(i, k) || c.ap < cost {
		return false
	}
	c.ap -= cost
	c.spent += cost
	c.bear.carrying, e.c[k].bear.carriedBy = int8(k+1), int8(i+1)
	if e.trace != nil {
		e.tracef("  %s picks up %s to carry it (%d AP)\n", e.name(i), e.name(k), cost)
	}
	return true
}

// putDown ends Safar i's carrying of its ally, paying ap AP; it reports
// whether it carried one and could pay.
func (e *engine) putDown(i, ap int) bool {
	c := &e.c[i]
	k := e.carried(i)
	if k < 0 || c.ap < ap {
		return false
	}
	c.ap -= ap
	c.spent += ap
	c.bear.carrying, e.c[k].bear.carriedBy = 0, 0
	if e.trace != nil {
		e.tracef("  %s puts %s down (%d AP)\n", e.name(i), e.name(k), ap)
	}
	return true
}

// carryAlong brings the ally Safar i carries in contact behind it, after i
// moved from from.
func (e *engine) carryAlong(i int, from field.Vec) {
	k := e.carried(i)
	c := &e.c[i]
	d := c.pos.Sub(from)
	if k < 0 || d.Len() < 1e-9 {
		return
	}
	back := d.Scale(-(c.radius + e.c[k].radius) / d.Len())
	p := c.pos.Add(back)
	p.X = min(max(p.X, e.c[k].radius), e.field.Width-e.c[k].radius)
	p.Y = min(max(p.Y, e.c[k].radius), e.field.Height-e.c[k].radius)
	e.c[k].pos = p
}

// getDown puts Safar k down at the start of its activation when carried.
func (e *engine) getDown(k int) {
	if b := e.bearer(k); b >= 0 {
		e.c[b].bear.carrying, e.c[k].bear.carriedBy = 0, 0
		if e.trace != nil {
			e.tracef("  %s gets down from %s's arms\n", e.name(k), e.name(b))
		}
	}
}

// carrierHeldAP returns the AP carrier j cannot spend on a defence against an attack
// now: none when it carries nobody; else it puts the ally down (1 AP, 2 dazed)
// when it holds 1 AP more, and then defends freely; otherwise all its AP (a
// reflex defence).
func (e *engine) carrierHeldAP(j int) int {
	if e.carried(j) < 0 {
		return 0
	}
	cost := e.actionCost(j, 1)
	if e.c[j].ap > cost && e.putDown(j, cost) {
		return 0
	}
	return e.c[j].ap
}
