package sim

import (
	"math/rand/v2"
	"slices"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/dice"
	"github.com/kharn-ages/kharn/sim/field"
)

// Scenery objects with structure points (issue #11, section 3;
// profiles.TerrainPiece.Structure, field.Terrain.Structure): "An object with
// no SP left is considered as destroyed and will be removed from the game
// area. The only ways to remove SP from objects are the following actions:
// destroying an object, throwing an object or setting an object on fire"
// (seed 000 lines 1066-1082, seed 004 lines 1029-1043). How the engine plays
// them:
//
//   - An object is a terrain piece of a scenario (cover or impassable: a
//     barricade, a door, a chest) with structure points. Until destroyed it
//     is scenery of its kind and height: it stops walks and repels, blocks
//     sight and gives cover, and one may hide behind it.
//   - "Destroying an object: 2 AP/ZOC/C+P+LD10 >= 12. If the action is
//     successful, the Safar inflicts 1D5-2 SP to the object (1 SP minimum).
//     In case of CH, points of damage are doubled" (seed 000 lines 1076-1078,
//     seed 004 lines 1037-1039): the object within the Safar's zone of control
//     (the edge of its base within ZOC of the piece), 2 AP (+1 dazed, R17),
//     standing; C + P + its level dice (R1, +1 Heroic) against 12, a natural
//     1 failing (R3), a CH a kept 10 (R2). The roll is an objectives action
//     ("used for every generic action or actions dedicated to accomplishing
//     the scenario objectives", seed 000 line 343): objective mastery dice
//     and Master objective reroll it (R4), as engine.objectiveTest does. A
//     card that does not print C or P cannot take it (catalogue.md 4.5).
//   - "In case of collision of a Safar with an object that has structure
//     points ... it will lose a number of structure points equal to the
//     stature of the fighter -2" (seed 000 line 1082, seed 004 line 1043): a
//     Safar repelled into an object (engine.push) takes 1D5 as into any
//     obstacle, and the object loses stature-2 SP when that is positive.
//   - At 0 SP the piece leaves the table (field.Destroyed, height 0): it no
//     longer stops, hides or covers anything; a Safar hiding behind it no
//     longer is; a relic lying in it (objectives.relic.in) can be picked up.
//   - Throwing an object and setting one on fire are not played (no object to
//     throw, no fire on the table: sim/rules.go).
//
// The default policy (breakThrough, and objectiveAct for a relic in a chest):
// a Safar whose straight walk toward its target or its objective is stopped by
// an object within its zone of control, who cannot attack that target now and
// is not engaged, destroys the object; a relic runner standing at its chest
// destroys the chest when the relic is worth the 2 AP (as the pick-up).

// sceneryObjects is the state of the objects of a battle: nil in an engine
// whose table has none. The engine then owns its Terrain slice (a copy), in
// which a destroyed object becomes field.Destroyed.
type sceneryObjects struct {
	orig      []field.Terrain // the scenario's pieces, shared, read-only
	sp        []int           // structure points left, by piece (0: no object, or destroyed)
	doorState                 // doors open, locks picked (sim/doors.go)
}

// Thresholds and costs of the rulebook's action (seed 000 line 1076).
const (
	destroyAP        = 2
	destroyThreshold = 12
)

// destroyChars are the characteristics of "Destroying an object": C + P.
var destroyChars = []profiles.Char{profiles.C, profiles.P}

// initObjects gives engine e its own copy of the table's pieces when some are
// objects, doors or locked (NewPlayer; sim/doors.go).
func (e *engine) initObjects() {
	if !slices.ContainsFunc(e.field.Terrain, func(t field.Terrain) bool { return t.Structure > 0 }) && !hasDoors(e.field.Terrain) {
		return
	}
	e.objs = &sceneryObjects{orig: e.field.Terrain, sp: make([]int, len(e.field.Terrain))}
	e.objs.initDoors(len(e.field.Terrain)) // sim/doors.go
	e.field.Terrain = slices.Clone(e.field.Terrain)
	e.objs.reset(e)
}

// cloneObjects gives clone q its own pieces and structure points.
func (s *sceneryObjects) cloneFor(q *engine) {
	if s == nil {
		return
	}
	q.objs = &sceneryObjects{orig: s.orig, sp: slices.Clone(s.sp), doorState: s.cloneDoors()}
	q.field.Terrain = slices.Clone(q.field.Terrain)
}

// reset puts every object back, whole, before a battle.
func (s *sceneryObjects) reset(e *engine) {
	if s == nil {
		return
	}
	copy(e.field.Terrain, s.orig)
	s.resetDoors() // doors closed, locks locked (sim/doors.go)
	for k := range s.orig {
		s.sp[k] = s.orig[k].Structure
	}
}

// intact reports whether piece k is an object still standing.
func (e *engine) intact(k int) bool {
	return e.objs != nil && k >= 0 && k < len(e.objs.sp) && e.objs.sp[k] > 0
}

// objectInReach reports whether object k lies within Safar i's zone of
// control (ZOC, or its natural Reach X, from the edge of its base).
func (e *engine) objectInReach(i, k int) bool {
	c := &e.c[i]
	return e.field.Terrain[k].Dist(c.pos)-c.radius <= e.naturalReach(i)+1e-6
}

// objectName names piece k in a trace.
func (e *engine) objectName(k int) string {
	if n := e.objs.orig[k].Name; n != "" {
		return "the " + n
	}
	return "the object " + e.objs.orig[k].Kind.String()
}

// destroy plays "Destroying an object" on piece k by Safar i. It reports
// whether the activation goes on.
func (e *engine) destroy(r *rand.PCG, i, k int) bool {
	c := &e.c[i]
	cost := e.actionCost(i, destroyAP)
	if !e.intact(k) || c.ground || c.ap < cost || !e.objectInReach(i, k) || !printedAll(c.f.Profile, destroyChars) {
		return false
	}
	c.ap -= cost
	c.spent += cost
	ok, crit := e.objectiveRoll(r, i, destroyChars, destroyThreshold, false)
	if !ok {
		if e.trace != nil {
			e.tracef("  %s fails to damage %s (%d AP%s)\n", e.name(i), e.objectName(k), cost, e.lockNote(i, k))
		}
		return true
	}
	n := max(dice.D5(r)-2, 1)
	if crit {
		n *= 2
	}
	if e.trace != nil {
		e.tracef("  %s strikes %s (%d AP%s): %d SP\n", e.name(i), e.objectName(k), cost, e.lockNote(i, k), n)
	}
	e.damageObject(k, n)
	return true
}

// damageObject takes n structure points off object k, removing it at 0.
func (e *engine) damageObject(k, n int) {
	s := e.objs
	s.sp[k] = max(s.sp[k]-n, 0)
	if s.sp[k] > 0 {
		if e.trace != nil {
			e.tracef("    %s has %d SP left\n", e.objectName(k), s.sp[k])
		}
		return
	}
	t := &e.field.Terrain[k]
	t.Kind, t.Height = field.Destroyed, 0
	for i := range e.c {
		if int(e.c[i].behind) == k+1 {
			e.c[i].behind = 0 // nothing left to hide behind
		}
	}
	if e.trace != nil {
		e.tracef("    %s is destroyed\n", e.objectName(k))
	}
}

// collideObject plays the collision of Safar j, repelled away from the point
// from into an obstacle, with the object that stopped it: one it touches and
// would come closer to going on (not a table edge it was pushed into along
// an object's side). The object loses j's stature - 2 SP (seed 000 line
// 1082).
func (e *engine) collideObject(j int, from field.Vec) {
	if e.objs == nil {
		return
	}
	n := e.c[j].stature - 2
	b := e.c[j].base()
	d := b.Pos.Sub(from)
	l := d.Len()
	if !(l > 0) {
		return
	}
	ahead := b.Pos.Add(d.Scale(0.05 / l)) // a little further along the repel
	for k := range e.objs.sp {
		t := &e.field.Terrain[k]
		if e.intact(k) && t.Obstacle() && t.Touches(b) && t.Dist(ahead) < t.Dist(b.Pos)-1e-9 {
			if n > 0 {
				if e.trace != nil {
					e.tracef("    %s crashes into %s: %d SP\n", e.name(j), e.objectName(k), n)
				}
				e.damageObject(k, n)
			}
			return
		}
	}
}

// blockingObject returns the object that stops Safar i's straight walk toward
// p (walks go straight: field.Walk): an intact obstacle within its zone of
// control that the line to p crosses; -1 when none.
func (e *engine) blockingObject(i int, p field.Vec) int {
	if e.objs == nil {
		return -1
	}
	c := &e.c[i]
	for k := range e.objs.sp {
		if t := &e.field.Terrain[k]; (e.intact(k) || e.closedDoor(k)) && t.Obstacle() && e.objectInReach(i, k) && t.Between(c.pos, p) {
			return k
		}
	}
	return -1
}

// breakThrough returns the default policy's destruction of an object that
// stands between Safar i and its target j (see above); ok is false when there
// is none to make.
func (e *engine) breakThrough(i, j int) (action, bool) {
	c := &e.c[i]
	if e.objs == nil || j < 0 || c.ground || e.engagedAny(i) {
		return action{}, false
	}
	if e.gap(i, j) <= e.reach(i)+1e-9 {
		return action{}, false // it attacks
	}
	if w := c.f.Ranged; w != nil && c.ammo != 0 {
		if _, ok := e.band(i, j, w); ok {
			return action{}, false // it shoots
		}
	}
	if k := e.blockingObject(i, e.c[j].pos); k >= 0 {
		return e.throughAct(i, k) // opened, picked or destroyed (sim/doors.go)
	}
	return action{}, false
}

// relicLocked reports whether the relic still lies in an intact object.
func (e *engine) relicLocked() bool {
	s := e.obj
	return s != nil && s.o.Relic != nil && s.o.Relic.In != "" && s.carrier < 0 && e.intact(s.o.Relic.InPiece) && !e.objs.open[s.o.Relic.InPiece]
}

// destroyWorth returns the destruction of object k by Safar i when the share
// of val it gains exceeds what its AP are worth (apWorth): val times the
// share of the object's SP left one action takes off on average
// (destroyShare), as a walk gains the share of the way it covers.
func (e *engine) destroyWorth(i, k int, val float64, keep bool) (action, bool) {
	c := &e.c[i]
	cost := e.actionCost(i, destroyAP)
	if c.ground || cost > c.ap || !printedAll(c.f.Profile, destroyChars) || !(val*e.destroyShare(i, k) > e.apWorth(i, cost, keep)) {
		return action{}, false
	}
	return action{kind: actDestroy, opt: k}, true
}

// destroyMeanSP is the mean SP of a successful destruction, 1D5-2 at least 1:
// (1+1+1+2+3)/5; a CH doubles it.
const destroyMeanSP = 1.6

// destroyShare returns the share of object k's SP left that one destruction
// by Safar i takes off on average, at most 1: its chance of success times
// 1.6 SP, doubled on a CH (objectiveOdds).
func (e *engine) destroyShare(i, k int) float64 {
	st := e.c[i].f.Stats()
	ok, ch := e.objectiveOdds(i, destroyThreshold-st.C-st.P)
	mean := (ok + ch) * destroyMeanSP // (ok - ch) x 1.6 + ch x 3.2
	return min(mean/float64(max(e.objs.sp[k], 1)), 1)
}

// chestAct is the play of the runner for a relic lying in an intact object
// (objective k): break it open when it stands at it, else walk to it.
func (e *engine) chestAct(i, k int, keep bool) (action, bool) {
	piece := e.obj.o.Relic.InPiece
	if e.objectInReach(i, piece) {
		return e.passAct(i, piece, e.obj.want[k], keep) // open, pick or break (sim/doors.go)
	}
	return e.walkFor(i, k, 0, keep)
}
