package sim

import (
	"math"
	"math/rand/v2"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/dice"
	"github.com/kharn-ages/kharn/sim/field"
)

// Scenario objectives (issue #11, section 3; profiles.Objectives): "most of the
// games you will play will follow a scenario. In that case, the player who has
// achieved all of the objectives or the majority of them will win even if his
// Spearhead has been annihilated" (seed 000 line 114, seed 004 line 41). The
// rulebooks give no concrete scenario; this file plays the objectives of this
// toolkit's scenario format, as read here:
//
//   - Markers (R-Obj1). At the end of every round, a side holds a marker when
//     one of its Safars fit for battle (in play, not stunned: seed 000 line
//     1376) that may handle objectives stands with the edge of its base within
//     the marker's control distance of the marker's point, and no such enemy
//     does (an enemy there contests it: nobody scores). The holder scores the
//     marker's points.
//   - The relic (R-Obj2). A Safar picks it up with the generic action
//     "Dropping/picking up: 1 AP/ZOC" (seed 000 line 1161, seed 004 line 1112):
//     the relic's point within its zone of control, its AP (the scenario's,
//     +1 dazed, R17), not on the ground, and when the scenario sets a test, the
//     characteristics plus its level dice (R1) reaching the threshold, a
//     natural 1 failing (R3), its objective mastery dice rerolling a failure
//     ("Objectives Mastery: used for every generic action or actions dedicated
//     to accomplishing the scenario objectives", seed 000 line 343, seed 004
//     line 274; R4). It carries it ("Carrying/transporting: 0 AP", seed 000
//     lines 1118-1125, seed 004 lines 1201-1208: velocity -2 with P under 4, -1
//     with P 4 or more, the French text settling P = 4); one object leaves it
//     free to attack and defend. It drops it where it stands when it leaves
//     play (defeated or demoralised). It scores the relic's points once, when
//     its base touches its own side's table edge (side A's y = 0, side B's y =
//     height): the relic leaves the table there, the Safar stays.
//   - Savage Safars "cannot resolve scenario actions nor handle objectives"
//     (skills.md #58): they never hold, contest, pick up or carry.
//   - Winner (R-Obj3). At the end of the game (the round limit, or the end of
//     the round in which a side is wiped out, R16a) the side with more points
//     wins, even if wiped out; equal points leave the result of the battle as
//     it is (the side left alone wins, else a draw).
//
// Only the default policy plays for objectives (objectiveAct); the simple
// policies (nearest, random, always-N) fight as before, which the policy
// checks show.

// objectives is the state of a battle's objectives: nil in an engine without
// any. Its slices are sized once (NewPlayer), so a battle does not allocate.
type objectives struct {
	o      *profiles.Objectives
	points [2]int
	// relic: where it lies (while nobody carries it), its carrier (-1: none),
	// and whether it has been carried off.
	relic   field.Vec
	carrier int
	scored  bool
	// negotiated: the neutral has been won over (sim/negotiation.go).
	negotiated bool
	// docs: the documents read (sim/reading.go).
	docs documentState
	// pointHP is what one victory point is worth to each side, in HP of the
	// enemy (objectiveValue).
	pointHP [2]float64
	// runner and want are scratch of assign: the Safar sent to each objective
	// (markers, then the relic) and the value of each.
	runner []int
	want   []float64
}

// newObjectives prepares the objectives o for engine e (nil when o is nil).
func newObjectives(e *engine, o *profiles.Objectives) *objectives {
	if o == nil || len(o.Markers) == 0 && o.Relic == nil && o.Negotiation == nil && len(o.Documents) == 0 {
		return nil
	}
	n := len(o.Markers) + 2 + len(o.Documents) // the markers, the relic, the negotiation, the documents
	s := &objectives{o: o, carrier: -1, runner: make([]int, n), want: make([]float64, n),
		docs: newDocuments(len(o.Documents), len(e.c))} // sim/reading.go
	// A point is worth the enemy side's HP divided by all the points the game
	// offers: taking every point wins the game as surely as annihilating the
	// enemy does, so both are worth the same (the policies' currency is HP).
	var hp [2]float64
	for i := range e.c {
		hp[e.c[i].side] += float64(e.c[i].f.Profile.HP)
	}
	if m := o.MaxPoints(e.rounds); m > 0 {
		for s2 := range 2 {
			s.pointHP[s2] = hp[1-s2] / float64(m)
		}
	}
	return s
}

// clone returns a copy for another engine.
func (s *objectives) clone() *objectives {
	if s == nil {
		return nil
	}
	q := *s
	q.runner = make([]int, len(s.runner))
	q.want = make([]float64, len(s.want))
	q.docs = s.docs.clone()
	return &q
}

// reset puts the relic back at its place and the points at 0.
func (s *objectives) reset() {
	if s == nil {
		return
	}
	s.points = [2]int{}
	s.carrier, s.scored, s.negotiated = -1, false, false
	s.docs.reset()
	if r := s.o.Relic; r != nil {
		s.relic = field.Vec{X: r.X, Y: r.Y}
	}
}

// handles reports whether Safar i may handle objectives: in play and not Savage.
func (e *engine) handles(i int) bool {
	c := &e.c[i]
	return c.inPlay() && !c.f.Skills.Savage
}

// relicAt returns where the relic is, dropping it where its carrier stands
// when the carrier has left play (R-Obj2); ok is false once it is carried off
// or when the scenario has none.
func (e *engine) relicAt() (field.Vec, bool) {
	s := e.obj
	if s == nil || s.o.Relic == nil || s.scored {
		return field.Vec{}, false
	}
	if k := s.carrier; k >= 0 {
		if e.c[k].inPlay() {
			return e.c[k].pos, true
		}
		s.relic, s.carrier = e.c[k].pos, -1
		if e.trace != nil {
			e.tracef("  %s drops the %s at (%.1f, %.1f)\n", e.name(k), s.o.Relic.Name, s.relic.X, s.relic.Y)
		}
	}
	return s.relic, true
}

// carryMalus is what carrying the relic, an ally (sim/carry.go) or a movable
// object (sim/throw.go) takes off Safar i's velocity: 2 with P under 4, 1 with
// P 4 or more (seed 004 lines 1205-1208).
func (e *engine) carryMalus(i int) float64 {
	if e.c[i].bear.carrying > 0 && e.carried(i) >= 0 {
		return e.burden(i) // an ally (sim/carry.go)
	}
	if (e.obj == nil || e.obj.carrier != i || e.obj.scored) && !e.holdsMovable(i) { // or an object to throw (sim/throw.go)
		return 0
	}
	if e.c[i].f.Stats().P < 4 {
		return 2
	}
	return 1
}

// near reports whether Safar i's base edge lies within d toises of p.
func (e *engine) near(i int, p field.Vec, d float64) bool {
	return e.c[i].pos.Dist(p)-e.c[i].radius <= d+1e-9
}

// holder returns the side holding marker m now (R-Obj1), -1 for none.
func (e *engine) holder(m int) int {
	mk := &e.obj.o.Markers[m]
	p := field.Vec{X: mk.X, Y: mk.Y}
	var at [2]bool
	for i := range e.c {
		if e.handles(i) && e.c[i].fit() && e.near(i, p, mk.Control) {
			at[e.c[i].side] = true
		}
	}
	switch {
	case at[0] && !at[1]:
		return SideA
	case at[1] && !at[0]:
		return SideB
	}
	return -1
}

// scoreRound scores the markers at the end of a round (R-Obj1).
func (e *engine) scoreRound() {
	s := e.obj
	if s == nil {
		return
	}
	for m := range s.o.Markers {
		if h := e.holder(m); h >= 0 {
			s.points[h] += s.o.Markers[m].Points
			if e.trace != nil {
				e.tracef("  side %s holds %s: +%d (A %d, B %d)\n", sideName(h), s.o.Markers[m].Name, s.o.Markers[m].Points, s.points[0], s.points[1])
			}
		}
	}
}

// objectiveWinner decides the winner of a battle whose result is w by the
// points (R-Obj3); without objectives it is w.
func (e *engine) objectiveWinner(w int) int {
	s := e.obj
	if s == nil {
		return w
	}
	switch {
	case s.points[0] > s.points[1]:
		return SideA
	case s.points[1] > s.points[0]:
		return SideB
	}
	return w
}

// pickUp plays "Dropping/picking up" of the relic by Safar i (R-Obj2), with
// its test when the scenario sets one. It reports whether the activation goes
// on.
func (e *engine) pickUp(r *rand.PCG, i int) bool {
	c := &e.c[i]
	rl := e.obj.o.Relic
	p, ok := e.relicAt()
	cost := e.actionCost(i, rl.PickUpAP)
	if !ok || e.obj.carrier >= 0 || !e.handles(i) || c.ground || c.ap < cost || !e.near(i, p, e.naturalReach(i)) || e.relicLocked() ||
		!printedAll(c.f.Profile, rl.Test) { // catalogue.md 4.5: a test engaging what its card does not print
		return false
	}
	if e.holdsMovable(i) {
		return e.dropMovable(i) // an object to throw in hand: put down first (sim/throw.go)
	}
	c.ap -= cost
	c.spent += cost
	if len(rl.Test) > 0 && !e.objectiveTest(r, i, rl.Test, rl.Threshold) {
		if e.trace != nil {
			e.tracef("  %s fails to pick up the %s (%d AP)\n", e.name(i), rl.Name, cost)
		}
		return true
	}
	e.obj.carrier = i
	if e.trace != nil {
		e.tracef("  %s picks up the %s (%d AP)\n", e.name(i), rl.Name, cost)
	}
	return true
}

// objectiveTest rolls a test of Safar i in the objective field: the sum of
// chars plus its level dice (R1, +1 Heroic) against threshold, a natural 1
// failing unless Specialist (R3); an objective mastery die rerolls a failing
// roll (R4: then one die fewer until its next activation), Master X once per
// turn.
func (e *engine) objectiveTest(r *rand.PCG, i int, chars []profiles.Char, threshold int) bool {
	ok, _ := e.objectiveRoll(r, i, chars, threshold, false)
	return ok
}

// objectiveRoll is objectiveTest reporting also a CH (R2: a kept 10); master
// adds a Master X reroll of this one action (a Master of one generic action,
// sim/negotiation.go).
func (e *engine) objectiveRoll(r *rand.PCG, i int, chars []profiles.Char, threshold int, master bool) (ok, critical bool) {
	c := &e.c[i]
	st := c.f.Stats()
	sum := 0
	for _, ch := range chars {
		sum += st.Get(ch)
	}
	need := threshold - sum // the face (or critical value) that succeeds
	return e.fieldRoll(r, i, FieldObjective, 1, need, master)
}

// fieldRoll rolls Safar i's level dice in field fl for a kept face of at
// least face: +1 die with Heroic in fl, a kept face up to cfMax failing
// unless Specialist in fl (R3), a kept 10 (9 after a passed last-Safar
// temerity test) a CH rerolled and added (R2); a mastery die of fl rerolls a
// failing roll (R4), Master in fl (or master: a Master of this one action)
// once per turn; a charm's reroll bonus. It returns whether it succeeds and
// whether it is a CH: an objective action (objectiveRoll) or a throw
// (throwRoll, sim/throw.go).
func (e *engine) fieldRoll(r *rand.PCG, i int, fl Fields, cfMax, face int, master bool) (ok, critical bool) {
	c := &e.c[i]
	pool := dice.Pool{Dice: c.dice, CFMax: cfMax}
	pool.RerollBonus = c.f.rerollBonus(fl) // a charm (sim/items.go)
	if c.f.Skills.Heroic&fl != 0 {
		pool.Dice++
	}
	if c.f.Skills.Specialist&fl != 0 {
		pool.CFMax = 0
	}
	if c.morale.bold {
		pool.CritFrom = 9 // a passed last-Safar temerity test (sim/critthresh.go)
	}
	fail := min(max(face-1, pool.CFMax), 9) // the highest failing face
	if fail > 0 && countMastery(c, fl) > 0 {
		pool.Reroll = fail
	}
	if fail > 0 && !c.masterUsed && (master || c.f.Skills.Master&fl != 0) {
		pool.RerollAll = fail
	}
	res := pool.Roll(r)
	if res.Mastery {
		spendMastery(c, fl, 1)
		c.dice = max(c.dice-1, 1)
	}
	c.masterUsed = c.masterUsed || res.MasterUse
	ok = !res.Failure && res.Value >= face
	return ok, ok && res.Critical
}

// edgeY returns the y of side s's own table edge (its deployment strip's).
func (e *engine) edgeY(s int) float64 {
	if s == SideA {
		return 0
	}
	return e.field.Height
}

// offEdge reports whether Safar i's base touches its own side's table edge.
func (e *engine) offEdge(i int) bool {
	c := &e.c[i]
	if c.side == SideA {
		return c.pos.Y-c.radius <= 1e-3
	}
	return c.pos.Y+c.radius >= e.field.Height-1e-3
}

// goTo walks Safar i toward objective k (a marker, len(Markers) the relic, or
// its own edge when it carries the relic): a paid walk as actToward (R14). It
// reports whether the activation goes on.
func (e *engine) goTo(r *rand.PCG, i, k int) bool {
	c := &e.c[i]
	p, ok := e.objectivePoint(i, k)
	cost := e.walkCost(i)
	if !ok || c.ap < cost || c.ground {
		return false
	}
	from := c.pos
	// Round scenery and deep water (sim/walks.go); a swim in water (sim/water.go).
	c.pos = e.walkToPoint(i, c.base(), p, e.velocity(i), e.othersOf(i, -1))
	cost, moved, _ := e.wade(i, from, cost, c.ap)
	if !moved && cost > 0 {
		c.pos = from
		return false // blocked: no AP paid for a walk that goes nowhere
	}
	c.ap -= cost
	c.spent += cost
	c.walks++
	if moved {
		e.enteredTerror(r, i, from)
	}
	if e.trace != nil {
		e.tracef("  %s walks to %s (%d AP): %s\n", e.name(i), e.objectiveName(i, k), cost, e.where(i, -1))
	}
	if s := e.obj; s.carrier == i && e.offEdge(i) && !s.scored {
		s.scored = true
		s.points[c.side] += s.o.Relic.Points
		if e.trace != nil {
			e.tracef("  %s carries the %s off the table: +%d (A %d, B %d)\n", e.name(i), s.o.Relic.Name, s.o.Relic.Points, s.points[0], s.points[1])
		}
	}
	return true
}

// objectivePoint returns where objective k takes Safar i (see goTo).
func (e *engine) objectivePoint(i, k int) (field.Vec, bool) {
	s := e.obj
	if k < len(s.o.Markers) {
		return field.Vec{X: s.o.Markers[k].X, Y: s.o.Markers[k].Y}, true
	}
	if k >= s.firstDocument() {
		return e.documentPoint(k - s.firstDocument()) // sim/reading.go
	}
	if k > len(s.o.Markers) { // the neutral (sim/negotiation.go)
		g := s.o.Negotiation
		if g == nil || s.negotiated {
			return field.Vec{}, false
		}
		return field.Vec{X: g.X, Y: g.Y}, true
	}
	p, ok := e.relicAt()
	if ok && i >= 0 && s.carrier == i {
		// Straight to its own edge.
		return field.Vec{X: e.c[i].pos.X, Y: e.edgeY(e.c[i].side)}, true
	}
	return p, ok && s.carrier < 0
}

// objectiveName names objective k for a trace.
func (e *engine) objectiveName(i, k int) string {
	s := e.obj
	switch {
	case k < len(s.o.Markers):
		return s.o.Markers[k].Name
	case k >= s.firstDocument():
		return "the " + s.o.Documents[k-s.firstDocument()].Name // sim/reading.go
	case k > len(s.o.Markers):
		return "the " + s.o.Negotiation.Name
	case i >= 0 && s.carrier == i:
		return "its table edge with the " + s.o.Relic.Name
	}
	return "the " + s.o.Relic.Name
}

// The default policy's objectives (objectiveAct), in the currency of its
// attack plans, expected HP of the enemy:
//
//   - a victory point is worth pointHP: the enemy side's HP over all the points
//     the game offers (taking them all wins as surely as annihilation);
//   - a marker is worth its points times the rounds left, including this one
//     (held from now on it scores each of them); the relic lying on the table
//     its points times the chance of the pick-up test, the relic carried by an
//     enemy its points (stopping the carrier saves them);
//   - each objective gets one runner per side: the nearest Safar that can
//     handle it, objectives taken by value, each Safar running for one;
//   - a walk toward an objective gains the objective's value times the share of
//     the way left it covers; it is made when that exceeds what its AP are
//     worth to the attack plan (apWorth). A runner within a marker's control
//     stays there: it only attacks what it reaches without moving. A carrier
//     walks home by the same reckoning.

// objectiveAct returns the objective play of Safar i, when it has one worth
// more than its attacks; ok is false otherwise (the policy fights as usual).
func (e *engine) objectiveAct(i int, keep bool) (action, bool) {
	s := e.obj
	c := &e.c[i]
	if s == nil || !e.handles(i) || c.ground {
		return action{}, false
	}
	nm := len(s.o.Markers)
	if a, ok := e.handOverAct(i); ok { // the relic to a better carrier (sim/carry.go)
		return a, true
	}
	// The carrier heads home.
	if s.carrier == i {
		if _, ok := e.relicAt(); ok {
			return e.walkFor(i, nm, s.o.Relic.Points, keep)
		}
	}
	k := e.assign(i)
	if k < 0 {
		return action{}, false
	}
	if k < nm {
		mk := &s.o.Markers[k]
		if e.near(i, field.Vec{X: mk.X, Y: mk.Y}, mk.Control) {
			return e.hold(i, keep)
		}
		return e.walkFor(i, k, 0, keep)
	}
	if k >= s.firstDocument() {
		return e.documentAct(i, k, keep) // sim/reading.go
	}
	if k > nm {
		return e.negotiationAct(i, k, keep) // sim/negotiation.go
	}
	p, ok := e.relicAt()
	if !ok {
		return action{}, false
	}
	if e.relicLocked() { // in a chest: break it open first (sim/objects.go)
		return e.chestAct(i, k, keep)
	}
	if s.carrier >= 0 { // an enemy carries it: go for the carrier
		j := s.carrier
		if e.targetValue(i, j, nil, keep) > unreachable/2 {
			c.target = j
			return playWell(e, i, j, nil, keep, true), true
		}
		return e.walkTo(i, j, s.want[k], keep)
	}
	if e.near(i, p, e.naturalReach(i)) {
		if cost := e.actionCost(i, s.o.Relic.PickUpAP); cost <= c.ap && s.want[k] > e.apWorth(i, cost, keep) {
			return action{kind: actPickUp}, true
		}
		return action{}, false
	}
	return e.walkFor(i, k, 0, keep)
}

// objectiveValue returns what objective k (a marker, len(Markers) the relic)
// is worth to side side now, in HP (see above).
func (e *engine) objectiveValue(side, k int) float64 {
	s := e.obj
	if k < len(s.o.Markers) {
		return float64(s.o.Markers[k].Points*max(e.rounds-e.round+1, 0)) * s.pointHP[side]
	}
	if k >= s.firstDocument() {
		return e.documentValue(side, k-s.firstDocument()) // sim/reading.go
	}
	if k > len(s.o.Markers) {
		return e.negotiationValue(side) // sim/negotiation.go
	}
	if _, ok := e.relicAt(); !ok {
		return 0
	}
	v := float64(s.o.Relic.Points) * s.pointHP[side]
	if s.carrier < 0 && len(s.o.Relic.Test) > 0 {
		v *= 0.5 // the test's odds are not known before a Safar is chosen: an even chance
	}
	return v
}

// assign sends the Safars of Safar i's side to the objectives, each to at most
// one, by value, the nearest free Safar to each; it returns i's objective, -1
// for none. The carrier of the relic runs for nothing else.
func (e *engine) assign(i int) int {
	s := e.obj
	side := e.c[i].side
	nm := len(s.o.Markers)
	for k := range s.runner {
		s.runner[k] = -1
		s.want[k] = e.objectiveValue(side, k)
	}
	if s.carrier >= 0 && e.c[s.carrier].side == side {
		s.want[nm] = 0 // ours: the carrier walks home (objectiveAct)
	}
	for range s.runner {
		best, bv := -1, 0.0
		for k, v := range s.want {
			if s.runner[k] < 0 && v > bv {
				best, bv = k, v
			}
		}
		if best < 0 {
			break
		}
		p, ok := e.objectivePoint(-1, best)
		if best == nm && s.carrier >= 0 {
			p, ok = e.c[s.carrier].pos, true
		}
		runner, rd := -2, math.Inf(1)
		if ok {
			for j := range e.c {
				if e.c[j].side != side || !e.handles(j) || j == s.carrier || e.running(j) {
					continue
				}
				if d := e.c[j].pos.Dist(p) - e.c[j].radius; d < rd-1e-9 {
					runner, rd = j, d
				}
			}
		}
		s.runner[best] = runner
		if runner == i {
			return best
		}
	}
	return -1
}

// running reports whether Safar j already runs for an objective in assign.
func (e *engine) running(j int) bool {
	for _, r := range e.obj.runner {
		if r == j {
			return true
		}
	}
	return false
}

// hold is the play of a runner standing on its marker: the attacks it can make
// without moving (in reach, or a shot), else nothing; in a stalemate (keep
// false, sim/fightpolicy.go) also the assault its policy would make: two
// runners standing on a contested marker out of each other's reach waited
// to the round limit, the marker scoring for no one (hold the ford,
// kharns-300 against kherops-300, 4 000 battles, seed 1: 7.80% draws with an
// idle enemy's threat counted, 0.33% with the assault; branch skirmkeep,
// TestContestedMarkerStalemate).
func (e *engine) hold(i int, keep bool) (action, bool) {
	j := e.keepTarget(i, nil, keep)
	if j >= 0 {
		a := playWell(e, i, j, nil, keep, false)
		if a.kind == actAttack || a.kind == actSwitch || a.kind == actReload || !keep && a.kind == actAssault {
			return a, true
		}
	}
	return action{kind: actEnd}, true
}

// walkFor walks Safar i toward objective k when worth it (see above): the
// objective is worth points victory points, or, when points is 0, what assign
// valued it.
func (e *engine) walkFor(i, k, points int, keep bool) (action, bool) {
	s := e.obj
	c := &e.c[i]
	val := s.want[k]
	if points > 0 {
		val = float64(points) * s.pointHP[c.side]
	}
	p, ok := e.objectivePoint(i, k)
	if !ok {
		return action{}, false
	}
	if b := e.blockingObject(i, p); b >= 0 {
		return e.passAct(i, b, val, keep) // an object or a door in the way (sim/objects.go, sim/doors.go)
	}
	left := c.pos.Dist(p)
	if s.carrier == i {
		left = math.Abs(c.pos.Y-e.edgeY(c.side)) - c.radius
	}
	return e.walkGain(i, action{kind: actGoTo, opt: k}, val, left, keep)
}

// walkTo walks Safar i toward Safar j (an enemy carrying the relic) when worth
// it: val is what reaching it is worth.
func (e *engine) walkTo(i, j int, val float64, keep bool) (action, bool) {
	if b := e.blockingObject(i, e.c[j].pos); b >= 0 {
		return e.passAct(i, b, val, keep) // an object or a door in the way (sim/objects.go, sim/doors.go)
	}
	left := max(e.gap(i, j)-e.reach(i), 0)
	return e.walkGain(i, action{kind: actToward, target: j}, val, left, keep)
}

// walkGain returns walk a when the share of the way left it covers, times val,
// exceeds what its AP are worth (apWorth).
func (e *engine) walkGain(i int, a action, val, left float64, keep bool) (action, bool) {
	c := &e.c[i]
	cost := e.walkCost(i)
	v := e.velocity(i)
	if cost > c.ap || !(v > 0) || left <= 1e-6 {
		return action{}, false
	}
	gain := val * min(1, v/left)
	if gain > e.apWorth(i, cost, keep) {
		return a, true
	}
	return action{}, false
}

// apWorth returns what n AP spent now on an objective cost Safar i: the value
// of its best attack plan now (an assault included: a walk elsewhere forgoes
// it) minus that of the plan with n AP fewer when it is in reach, or the
// defence they would buy when it cannot attack (walkKeep).
func (e *engine) apWorth(i, n int, keep bool) float64 {
	j := e.keepTarget(i, nil, keep)
	if j < 0 {
		return 0
	}
	if e.gap(i, j) <= e.reach(i)+1e-9 || e.c[i].ranged && e.c[i].f.Ranged != nil {
		_, v0 := bestAttack(e, i, j, 0, nil, keep, false)
		_, v1 := bestAttack(e, i, j, n, nil, keep, false)
		return max(v0-v1, 0)
	}
	if v := e.targetValue(i, j, nil, keep); v > unreachable/2 {
		return max(v, 0) // an assault: the walk goes elsewhere
	}
	if !keep {
		return 0
	}
	return walkKeep(e, i, n)
}

// objectivePoints returns the victory points of each side in the last battle
// played (both 0 without objectives).
func (p *SkirmishPlayer) objectivePoints() [2]int {
	if p.e.obj == nil {
		return [2]int{}
	}
	return p.e.obj.points
}
