package sim

import (
	"math"
	"math/rand/v2"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/dice"
	"github.com/kharn-ages/kharn/sim/field"
)

// Throwing an object (issue #11; seed 000 lines 1029-1062, seed 004 lines
// 992-1027) with the movable objects of a scenario (profiles.Movable, the
// rulebook's table of objects to throw: profiles.MovableKinds). How the
// engine plays it:
//
//   - Picking up: "Dropping/picking up: 1 AP/ZOC" (seed 000 line 1161, seed
//     004 line 1112), +1 dazed (R17): the object within the Safar's zone of
//     control, the Safar standing, fielding hands (not Savage, as the relic),
//     its P at least the "needed P" of the table (seed 000 line 1120: "he
//     needs to have a P value sufficient to carry it"), holding nothing else
//     and not the relic (two loads, seed 000 line 1127, are not played: a
//     Safar picking up the relic puts its object down first, 1 AP).
//     While it holds the object it carries it: V -2 with P under 4, -1
//     otherwise (seed 004 lines 1205-1208, as the relic: carryMalus).
//   - "Throwing an object: 2AP/variable/C + A + LD10 >= 12. It allows the
//     Safar to throw an object at a distance up to and including his stature
//     value ... farther ..., but the difficulty increases by 2 for each
//     additional toise" (seed 000 lines 1033-1037): 2 AP (+1 dazed), the
//     object in hand, C at least the table's "C min"; 12 + the table's
//     modifier + 2 per toise begun beyond its stature, the distance measured
//     from the edge of its base to the target's (as a shot's range), in line
//     of sight (a reading: the rules say the distance is measured "in a
//     straight line"). The roll is a shooting action (the throw is one of the
//     shooting actions of seed 000 and 004; catalogue.md: the "tir" domain
//     covers "shooting and throwing"): C + A + its level dice (R1, +1 Heroic
//     shooting), a kept 1 or 2 failing (R3), a CH a kept 10 rerolled and
//     added (R2), shooting mastery dice and Master shooting reroll it (R4).
//   - "If the throw is successful, it hits the targeted Safar or scenery
//     element" (line 1043): no defence is rolled (none is named). A Safar hit
//     takes the table's damage through its armour (R12: one box ticked, one
//     d10, as a spell's damage) and its effect: bleeding X for one turn (X HP
//     at the start of its next activation, once), on a CH falling to the
//     ground, losing 2 AP (of those it has now, as a Bite's fear) or being
//     dazed; the anvil's "-3 armour lifespan boxes" on any hit. A throw
//     targets a Safar only: throws at a scenery object (sim/objects.go) or
//     at empty ground are not played (sim/rules.go).
//   - "If the throw fails ..., roll a deviation die ... Threshold is 5 or
//     above. On a success, the object stays at the targeted area. On a
//     failure, the object rolls or bounces over [5 - die result] toises in the
//     direction of the die" (lines 1045-1049): a hit leaves the object at the
//     target; a miss rolls the die, a face under 5 moves it 5 - face toises in
//     a direction drawn uniformly, kept on the table.
//   - The thrown object loses 1 SP a throw (a reading: the rules name the
//     throw among the ways to lose SP without a number; 1, the least, breaks
//     the table's 1-SP objects, a bottle, on their first throw, and lets a
//     stone of 10 SP fly ten times). At 0 SP it leaves the table.
//
// The default policy (throwChoice): a Safar holding an object throws it at
// the enemy where the expected HP it takes (success chance times damage after
// armour, plus the bleeding) is highest, when that beats what the 2 AP are
// worth to its other actions (apWorth, as the objectives and generic actions
// weigh them); a Safar with an object within its zone of control picks it up
// when the same throw beats the 3 AP of the pick-up and the throw. The
// effects on a CH and the anvil's armour boxes are not valued (the throw must
// pay by its HP). Without movable objects (open ground) nothing of this runs:
// e.throw is nil.

// throwState is the state of the movable objects of a battle: nil in an
// engine whose table has none.
type throwState struct {
	orig    []profiles.Movable // the scenario's, shared, read-only
	kinds   []*profiles.MovableKind
	pos     []field.Vec
	sp      []int // structure points left, 0: destroyed
	holder  []int // by object: the Safar holding it, -1 none
	held    []int // by Safar: the object it holds, -1 none
	bleed   []int // by Safar: bleeding of a throw to take at its next activation
	bleedBy []int
}

// Costs and thresholds of the rulebook's actions (seed 000 lines 1033, 1161).
const (
	throwAP        = 2
	throwThreshold = 12
	pickUpAP       = 1
	// throwCFMax: the throw is a shooting action, a kept 1 or 2 fails (R3).
	throwCFMax = 2
	// throwSPLoss is what a throw takes off the thrown object (see above).
	throwSPLoss = 1
)

// throwChars are the characteristics of "Throwing an object": C + A.
var throwChars = []profiles.Char{profiles.C, profiles.A}

// initThrow gives engine e the state of its table's movable objects
// (NewPlayer).
func (e *engine) initThrow() {
	ms := e.field.Movable
	if len(ms) == 0 {
		e.throw = nil
		return
	}
	s := &throwState{orig: ms, kinds: make([]*profiles.MovableKind, len(ms)), pos: make([]field.Vec, len(ms)),
		sp: make([]int, len(ms)), holder: make([]int, len(ms)),
		held: make([]int, len(e.c)), bleed: make([]int, len(e.c)), bleedBy: make([]int, len(e.c))}
	for k := range ms {
		s.kinds[k] = profiles.MovableKindOf(ms[k].Kind)
		if s.kinds[k] == nil {
			panic("sim: movable object of unknown kind " + ms[k].Kind)
		}
	}
	e.throw = s
	s.reset()
}

// cloneFor gives clone q its own state of the movable objects.
func (s *throwState) cloneFor(q *engine) {
	if s == nil {
		return
	}
	t := *s
	t.pos = append([]field.Vec(nil), s.pos...)
	t.sp = append([]int(nil), s.sp...)
	t.holder = append([]int(nil), s.holder...)
	t.held = append([]int(nil), s.held...)
	t.bleed = append([]int(nil), s.bleed...)
	t.bleedBy = append([]int(nil), s.bleedBy...)
	q.throw = &t
}

// reset puts every movable object back at its place, whole, before a battle.
func (s *throwState) reset() {
	if s == nil {
		return
	}
	for k := range s.orig {
		s.pos[k] = field.Vec{X: s.orig[k].X, Y: s.orig[k].Y}
		s.sp[k] = s.kinds[k].Structure
		s.holder[k] = -1
	}
	for i := range s.held {
		s.held[i], s.bleed[i], s.bleedBy[i] = -1, 0, -1
	}
}

// settle drops, where its holder stood, an object whose holder has left
// play.
func (e *engine) settle() {
	s := e.throw
	for k, h := range s.holder {
		if h >= 0 && !e.c[h].inPlay() {
			s.pos[k], s.holder[k], s.held[h] = e.c[h].pos, -1, -1
		}
	}
}

// holdsMovable reports whether Safar i holds a movable object.
func (e *engine) holdsMovable(i int) bool {
	return e.throw != nil && e.throw.held[i] >= 0
}

// movableName names movable object k in a trace.
func (e *engine) movableName(k int) string { return "the " + e.throw.orig[k].String() }

// canLift reports whether Safar i may pick up movable object k where it lies
// now (see above), AP aside.
func (e *engine) canLift(i, k int) bool {
	s, c := e.throw, &e.c[i]
	return s.sp[k] > 0 && s.holder[k] < 0 && s.held[i] < 0 && !c.ground && e.handles(i) &&
		!(e.obj != nil && e.obj.carrier == i) && e.carried(i) < 0 && c.f.Stats().P >= s.kinds[k].Power &&
		e.near(i, s.pos[k], e.naturalReach(i))
}

// pickUpMovable plays "Dropping/picking up" of movable object k by Safar i.
// It reports whether the activation goes on.
func (e *engine) pickUpMovable(i, k int) bool {
	s, c := e.throw, &e.c[i]
	if s == nil || k < 0 || k >= len(s.sp) {
		return false
	}
	e.settle()
	cost := e.actionCost(i, pickUpAP)
	if c.ap < cost || !e.canLift(i, k) {
		return false
	}
	c.ap -= cost
	c.spent += cost
	s.holder[k], s.held[i] = i, k
	if e.trace != nil {
		e.tracef("  %s picks up %s (%d AP)\n", e.name(i), e.movableName(k), cost)
	}
	return true
}

// dropMovable plays "Dropping/picking up" of the object Safar i holds: 1 AP
// (+1 dazed), put down where it stands. The relic's pick-up plays it first
// (two loads are not played). It reports whether the activation goes on.
func (e *engine) dropMovable(i int) bool {
	s, c := e.throw, &e.c[i]
	cost := e.actionCost(i, pickUpAP)
	k := s.held[i]
	if c.ap < cost || k < 0 {
		return false
	}
	c.ap -= cost
	c.spent += cost
	s.pos[k], s.holder[k], s.held[i] = c.pos, -1, -1
	if e.trace != nil {
		e.tracef("  %s puts down %s (%d AP)\n", e.name(i), e.movableName(k), cost)
	}
	return true
}

// throwReach returns the distance of a throw by Safar i at Safar j: from the
// edge of its base to the edge of j's.
func (e *engine) throwReach(i, j int) float64 { return max(e.gap(i, j), 0) }

// throwNeed returns the difficulty of a throw of object kind m by Safar i
// over dist toises: 12, the kind's modifier, 2 per toise begun beyond its
// stature (seed 000 lines 1033-1037).
func (e *engine) throwNeed(i int, m *profiles.MovableKind, dist float64) int {
	over := int(math.Ceil(dist - float64(e.c[i].stature) - 1e-9))
	return throwThreshold + m.Modifier + 2*max(over, 0)
}

// canThrow reports whether Safar i may throw the object it holds, AP aside.
func (e *engine) canThrow(i int) bool {
	s, c := e.throw, &e.c[i]
	k := s.held[i]
	return k >= 0 && !c.ground && c.f.Stats().C >= s.kinds[k].MinC && printedAll(c.f.Profile, throwChars)
}

// throwAt plays "Throwing an object": Safar i throws the object it holds at
// Safar j. It reports whether the activation goes on.
func (e *engine) throwAt(r *rand.PCG, i, j int) bool {
	s, c := e.throw, &e.c[i]
	if s == nil || j < 0 || j >= len(e.c) || j == i {
		return false
	}
	e.settle()
	cost := e.actionCost(i, throwAP)
	if c.ap < cost || !e.canThrow(i) || !e.c[j].inPlay() || !e.throwSight(i, j) {
		return false
	}
	k := s.held[i]
	m := s.kinds[k]
	need := e.throwNeed(i, m, e.throwReach(i, j))
	c.ap -= cost
	c.spent += cost
	s.held[i], s.holder[k] = -1, -1
	ok, crit := e.throwRoll(r, i, need)
	o := &e.c[j]
	s.pos[k] = o.pos
	if !ok {
		if e.trace != nil {
			e.tracef("  %s throws %s at %s (%d AP, difficulty %d): missed\n", e.name(i), e.movableName(k), e.name(j), cost, need)
		}
		e.deviate(r, k)
	} else {
		by := i
		if o.side == c.side {
			by = -1
		}
		dmg := m.Damage
		if o.f.Armour != nil && o.armour > 0 {
			taken, ticked := spellArmour(o.f.Armour, o.armour, dmg, armourFace(r, e.variant, o.f))
			dmg = taken
			o.armour = max(o.armour-ticked, 0)
		}
		if e.trace != nil {
			e.tracef("  %s throws %s at %s (%d AP, difficulty %d): hits%s, %d damage\n", e.name(i), e.movableName(k), e.name(j), cost, need,
				map[bool]string{true: " (CH)", false: ""}[crit], dmg)
		}
		e.hurtFrom(j, by, dmg) // a card's any_source reduction (sim/wards.go)
		e.throwEffect(r, j, by, m, crit)
		if e.trace != nil { // as an attack's (engine.attack)
			e.tracef("    HP: %s %d, %s %d; AP: %s %d, %s %d; %s\n", e.name(i), max(c.hp, 0), e.name(j), max(o.hp, 0),
				e.name(i), c.ap, e.name(j), o.ap, e.where(i, j))
			if !o.inPlay() {
				e.tracef("    %s is defeated\n", e.name(j))
			}
		}
	}
	e.wearMovable(k)
	return true
}

// throwSight reports whether Safar i sees Safar j to throw at it (as a shot:
// engine.band).
func (e *engine) throwSight(i, j int) bool {
	return !e.hiddenFrom(j, i) && e.field.LineOfSight(e.c[i].base(), e.c[j].base(), e.othersOf(i, j))
}

// throwEffect applies the effect of object kind m to Safar j, hit by Safar by
// (-1: nobody's credit); crit: the throw was a CH.
// A card's saving roll (sim/wards.go) cancels the effect, rolled when it
// would apply.
func (e *engine) throwEffect(r *rand.PCG, j, by int, m *profiles.MovableKind, crit bool) {
	o := &e.c[j]
	if !o.inPlay() {
		return
	}
	switch m.Effect {
	case profiles.ThrowFallsOnCH, profiles.ThrowAPLossOnCH, profiles.ThrowDazedOnCH:
		if !crit {
			return
		}
	}
	if int(m.Effect) < len(throwEffectNames) && throwEffectNames[m.Effect] != "" && e.saves(r, j, throwEffectNames[m.Effect]) {
		return
	}
	switch m.Effect {
	case profiles.ThrowBleeding: // "Bleeding X/1 turn"
		e.throw.bleed[j] += m.EffectValue
		e.throw.bleedBy[j] = by
	case profiles.ThrowArmourBoxes: // "-3 armour lifespan boxes"
		o.armour = max(o.armour-m.EffectValue, 0)
	case profiles.ThrowFallsOnCH:
		if crit {
			o.ground = true
		}
	case profiles.ThrowAPLossOnCH:
		if crit {
			o.ap = max(o.ap-m.EffectValue, 0)
		}
	case profiles.ThrowDazedOnCH:
		if crit {
			o.dazed = true
		}
	default:
		return
	}
	if e.trace != nil {
		e.tracef("    %s: %s\n", e.name(j), throwEffectNames[m.Effect])
	}
}

var throwEffectNames = [...]string{
	profiles.ThrowBleeding:    "bleeding for one turn",
	profiles.ThrowArmourBoxes: "armour boxes lost",
	profiles.ThrowFallsOnCH:   "falls to the ground",
	profiles.ThrowAPLossOnCH:  "loses AP",
	profiles.ThrowDazedOnCH:   "dazed",
}

// deviate plays the deviation die of a missed throw of object k (seed 000
// lines 1045-1049): 5 or more, it stays; else it rolls 5 - face toises in a
// direction drawn uniformly, kept on the table.
func (e *engine) deviate(r *rand.PCG, k int) {
	f := dice.D10(r)
	if f >= 5 {
		return
	}
	sin, cos := math.Sincos(2 * math.Pi * float64(r.Uint64()>>11) / (1 << 53))
	p := e.throw.pos[k].Add(field.Vec{X: cos, Y: sin}.Scale(float64(5 - f)))
	p.X = min(max(p.X, 0), e.field.Width)
	p.Y = min(max(p.Y, 0), e.field.Height)
	e.throw.pos[k] = p
	if e.trace != nil {
		e.tracef("    %s rolls %d toises, to (%.1f, %.1f)\n", e.movableName(k), 5-f, p.X, p.Y)
	}
}

// wearMovable takes a throw's SP off object k, removing it at 0.
func (e *engine) wearMovable(k int) {
	s := e.throw
	s.sp[k] = max(s.sp[k]-throwSPLoss, 0)
	if s.sp[k] == 0 && e.trace != nil {
		e.tracef("    %s breaks\n", e.movableName(k))
	}
}

// throwBleedTick plays, at the start of Safar i's activation, the bleeding a
// throw put on it for one turn; it reports whether i is still alive.
func (e *engine) throwBleedTick(i int) bool {
	s := e.throw
	if s == nil || s.bleed[i] == 0 {
		return true
	}
	n := s.bleed[i]
	s.bleed[i] = 0
	n = e.hurtFrom(i, s.bleedBy[i], n) // a card's any_source reduction (sim/wards.go)
	if e.trace != nil {
		e.tracef("  %s bleeds %d HP (%d left)\n", e.name(i), n, max(e.c[i].hp, 0)) // as R14's bleeding
	}
	return e.c[i].hp > 0
}

// throwRoll rolls a throw of Safar i against difficulty need: C + A + its
// level dice (R1, +1 Heroic shooting), a kept 1 or 2 failing unless
// Specialist shooting (R3), a kept 10 a CH rerolled and added (R2); a
// shooting mastery die rerolls a failing roll (R4), Master shooting once per
// turn. It returns whether it succeeds and whether it is a CH.
func (e *engine) throwRoll(r *rand.PCG, i, need int) (ok, critical bool) {
	st := e.c[i].f.Stats()
	return e.fieldRoll(r, i, FieldShooting, throwCFMax, need-st.C-st.A, false) // sim/objectives.go
}

// throwOdds returns the chance that a throw of Safar i needing a face of
// face succeeds, its rerolls left aside: the best of its level dice (+1
// Heroic shooting) reaching face, a kept 1 or 2 failing (R3); above 10 a kept
// 10 and its reroll (R2: a reroll in the CF range adds nothing; a second CH
// left out).
func (e *engine) throwOdds(i, face int) float64 {
	c := &e.c[i]
	n := c.dice
	if c.f.Skills.Heroic&FieldShooting != 0 {
		n++
	}
	cf := throwCFMax
	if c.f.Skills.Specialist&FieldShooting != 0 {
		cf = 0
	}
	lo := max(face, cf+1)
	if lo <= 10 {
		return 1 - math.Pow(float64(lo-1)/10, float64(n))
	}
	ten := 1 - math.Pow(0.9, float64(n))
	rest := face - 10 // the reroll must add at least this
	if rest > 10 {
		return 0 // two CHs and more: left out
	}
	return ten * float64(11-max(rest, cf+1)) / 10
}

// throwValue returns what a throw by Safar i of object kind m at Safar j is
// expected to take off j, in HP: its success chance times the damage left
// after j's armour (R12, averaged over the armour die) plus the bleeding; 0
// when it cannot be thrown at j.
func (e *engine) throwValue(i, j int, m *profiles.MovableKind) float64 {
	c, o := &e.c[i], &e.c[j]
	if o.side == c.side || !o.inPlay() || c.f.Stats().C < m.MinC || !e.throwSight(i, j) {
		return 0
	}
	st := c.f.Stats()
	p := e.throwOdds(i, e.throwNeed(i, m, e.throwReach(i, j))-st.C-st.A)
	if p == 0 {
		return 0
	}
	dmg := float64(m.Damage)
	if a := o.f.Armour; a != nil && o.armour > 0 { // one d10 (R12; its level dice under armour-level-dice: not weighed)
		sum := 0
		for face := 1; face <= 10; face++ {
			t, _ := spellArmour(a, o.armour, m.Damage, face)
			sum += t
		}
		dmg = float64(sum) / 10
	}
	if m.Effect == profiles.ThrowBleeding {
		dmg += float64(m.EffectValue)
	}
	return p * min(dmg, float64(o.hp))
}

// bestThrow returns the enemy of Safar i that a throw of object k takes
// most HP off on average (throwValue), and that value; -1 for none. What the
// enemy may do with the object, which lands at its feet, is not weighed: that
// weight (its expected throw back, subtracted) lost 6 of kherops-300's 8
// points of the default against no-throw on the ruins (4000 battles, seed 1).
func (e *engine) bestThrow(i, k int) (int, float64) {
	m := e.throw.kinds[k]
	best, bv := -1, 0.0
	for j := range e.c {
		if v := e.throwValue(i, j, m); v > bv {
			best, bv = j, v
		}
	}
	return best, bv
}

// throwChoice is the default policy's throw (see above): the throw of the
// object Safar i holds, or the pick-up of one within its zone of control;
// ok is false when none is worth its AP.
func (e *engine) throwChoice(i int, keep bool) (action, bool) {
	s, c := e.throw, &e.c[i]
	if s == nil || c.ground || !printedAll(c.f.Profile, throwChars) {
		return action{}, false
	}
	e.settle()
	if k := s.held[i]; k >= 0 {
		cost := e.actionCost(i, throwAP)
		if cost > c.ap || !e.canThrow(i) {
			return action{}, false
		}
		if j, v := e.bestThrow(i, k); j >= 0 && v > e.apWorth(i, cost, keep) {
			return action{kind: actThrow, target: j}, true
		}
		return action{}, false
	}
	cost := e.actionCost(i, pickUpAP) + e.actionCost(i, throwAP)
	if cost > c.ap {
		return action{}, false
	}
	best, bv := -1, 0.0
	for k := range s.sp {
		m := s.kinds[k]
		if !e.canLift(i, k) || c.f.Stats().C < m.MinC {
			continue
		}
		if _, v := e.bestThrow(i, k); v > bv {
			best, bv = k, v
		}
	}
	if best >= 0 && bv > e.apWorth(i, cost, keep) {
		return action{kind: actPickUpMovable, opt: best}, true
	}
	return action{}, false
}
