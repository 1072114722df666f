package sim

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// Doors and locks (issue #11, section 3; profiles.TerrainPiece.Door and
// Lock, field.Terrain.Door and Lock). Two generic actions act on them:
//
//   - "Opening/closing: 1 AP/no difficulty. This action can only be
//     performed on an object within the miniature zone of control" (seed 000
//     lines 1210-1212, seed 004 lines 1172-1174): 1 AP (+1 dazed, R17), the
//     piece within the Safar's zone of control (the edge of its base within
//     ZOC, or its natural Reach X, of the piece), standing, no roll. An open
//     door is no obstacle (it leaves the table as a destroyed object does:
//     field.Destroyed, height 0; a Safar hiding behind it no longer is); an
//     open chest gives up the relic lying in it. A locked piece does not
//     open. Only pieces the scenario makes doors or gives a lock open: a
//     chest without a lock is nailed shut and only broken (sim/objects.go),
//     as scenarios written before doors had it. Closing is not played: no
//     policy shuts a door behind it.
//   - "Picking a lock: 1 AP/ZOC/A+I+LD10 >= 12 or as specified in the
//     scenario. The Safar trying to pick a lock must not be engaged. If the
//     action is successful, the Safar has unlocked any lock or mechanism. The
//     Safar must have hands to perform this action" (seed 000 lines
//     1214-1218, seed 004 lines 1104-1108): 1 AP (+1 dazed), the piece within
//     its zone of control, standing, engaged with no enemy, hands (not
//     Savage, as for the relic and objects to throw), A and I printed
//     (catalogue.md 4.5); A + I + its level dice against the lock's threshold
//     (12, or the scenario's), a natural 1 failing (R3), an objectives action
//     (seed 000 line 343): objective mastery dice and Master objective reroll
//     it (R4), as engine.destroy's roll. A success unlocks it for good; the
//     piece is then opened (1 AP).
//   - A locked piece with structure points may instead be broken
//     (engine.destroy): a destroyed door or chest is gone, open for good.
//
// The default policy: a closed door in the straight line to its target or
// objective, within the zone of control, is opened (unlocked), or, locked,
// passed by the cheaper way in expected AP (wayAP): picking, 1 AP per try
// over the exact chance of one try with the Safar's level dice
// (objectiveOdds, rerolls aside), then 1 AP to open, against breaking, 2 AP
// per try times the exact expected number of tries to take the piece's SP
// left off (breakTries: a success takes 1D5-2 SP, at least 1, twice that on
// a CH). A relic runner at a locked chest does the same. The trace says
// which way and both expectations.

// doorState is the state of the doors and locks of a battle, in
// sceneryObjects: by piece, whether it is open and whether its lock has been
// picked.
type doorState struct {
	open     []bool
	unlocked []bool
}

// Costs of the two actions (seed 000 lines 1210, 1214).
const (
	openAP = 1
	pickAP = 1
)

// pickChars are the characteristics of "Picking a lock": A + I.
var pickChars = []profiles.Char{profiles.A, profiles.I}

// hasDoors reports whether terrain t holds a door or a lock.
func hasDoors(t []field.Terrain) bool {
	for k := range t {
		if t[k].Door || t[k].Lock > 0 {
			return true
		}
	}
	return false
}

// initDoors sizes the door state of s, n pieces.
func (d *doorState) initDoors(n int) {
	d.open, d.unlocked = make([]bool, n), make([]bool, n)
}

// cloneDoors returns a copy of d for another engine.
func (d *doorState) cloneDoors() doorState {
	return doorState{open: append([]bool(nil), d.open...), unlocked: append([]bool(nil), d.unlocked...)}
}

// resetDoors closes and locks every piece again, before a battle.
func (d *doorState) resetDoors() {
	clear(d.open)
	clear(d.unlocked)
}

// destroyed reports whether piece k was an object whose SP are gone.
func (e *engine) destroyed(k int) bool {
	return e.objs.orig[k].Structure > 0 && e.objs.sp[k] == 0
}

// shut reports whether piece k, a door or a piece with a lock, stands closed.
func (e *engine) shut(k int) bool {
	s := e.objs
	return s != nil && (s.orig[k].Door || s.orig[k].Lock > 0) && !s.open[k] && !e.destroyed(k)
}

// closedDoor reports whether piece k is a door standing closed.
func (e *engine) closedDoor(k int) bool {
	return e.shut(k) && e.objs.orig[k].Door
}

// locked reports whether piece k still stands with its lock unpicked.
func (e *engine) locked(k int) bool {
	return e.shut(k) && e.objs.orig[k].Lock > 0 && !e.objs.unlocked[k]
}

// openPiece plays "Opening/closing" of piece k by Safar i, opening it. It
// reports whether the activation goes on.
func (e *engine) openPiece(i, k int) bool {
	c := &e.c[i]
	cost := e.actionCost(i, openAP)
	if k < 0 || e.objs == nil || k >= len(e.objs.orig) || !e.shut(k) || e.locked(k) || c.ground || c.ap < cost || !e.objectInReach(i, k) {
		return false
	}
	c.ap -= cost
	c.spent += cost
	e.objs.open[k] = true
	if e.objs.orig[k].Door {
		t := &e.field.Terrain[k]
		t.Kind, t.Height = field.Destroyed, 0 // no obstacle while open
		for j := range e.c {
			if int(e.c[j].behind) == k+1 {
				e.c[j].behind = 0
			}
		}
	}
	if e.trace != nil {
		e.tracef("  %s opens %s (%d AP)\n", e.name(i), e.objectName(k), cost)
	}
	return true
}

// canPick reports whether Safar i may try to pick piece k's lock now, its AP
// aside.
func (e *engine) canPick(i, k int) bool {
	c := &e.c[i]
	return e.locked(k) && e.handles(i) && !c.ground && !e.engagedAny(i) && e.objectInReach(i, k) &&
		printedAll(c.f.Profile, pickChars)
}

// pickLock plays "Picking a lock" of piece k by Safar i. It reports whether
// the activation goes on.
func (e *engine) pickLock(r *rand.PCG, i, k int) bool {
	c := &e.c[i]
	cost := e.actionCost(i, pickAP)
	if k < 0 || e.objs == nil || k >= len(e.objs.orig) || c.ap < cost || !e.canPick(i, k) {
		return false
	}
	c.ap -= cost
	c.spent += cost
	ok, _ := e.objectiveRoll(r, i, pickChars, e.objs.orig[k].Lock, false)
	if e.trace != nil {
		verb := "fails to pick"
		if ok {
			verb = "picks"
		}
		e.tracef("  %s %s the lock of %s (%d AP; %s)\n", e.name(i), verb, e.objectName(k), cost, e.wayNote(i, k))
	}
	if ok {
		e.objs.unlocked[k] = true
	}
	return true
}

// wayNote says in a trace the expected AP of both ways through locked piece
// k for Safar i (wayAP).
func (e *engine) wayNote(i, k int) string {
	pick, brk := e.wayAP(i, k)
	return fmt.Sprintf("expected AP: picking %s, breaking %s", apText(pick), apText(brk))
}

// apText writes an expected AP, "-" when the way is closed.
func apText(x float64) string {
	if math.IsInf(x, 1) {
		return "-"
	}
	return fmt.Sprintf("%.1f", x)
}

// wayAP returns the expected AP Safar i spends to get through locked piece
// k by picking its lock and opening it, and by breaking it; +Inf for a way
// it cannot take (see the file comment).
func (e *engine) wayAP(i, k int) (pick, brk float64) {
	c := &e.c[i]
	st := c.f.Stats()
	pick, brk = math.Inf(1), math.Inf(1)
	if e.handles(i) && printedAll(c.f.Profile, pickChars) {
		if p, _ := e.objectiveOdds(i, e.objs.orig[k].Lock-st.A-st.I); p > 0 {
			pick = float64(e.actionCost(i, pickAP))/p + float64(e.actionCost(i, openAP))
		}
	}
	if sp := e.objs.sp[k]; sp > 0 && printedAll(c.f.Profile, destroyChars) {
		ok, ch := e.objectiveOdds(i, destroyThreshold-st.C-st.P)
		brk = float64(e.actionCost(i, destroyAP)) * breakTries(ok, ch, sp)
	}
	return pick, brk
}

// breakTries returns the expected number of tries of "Destroying an object"
// that take sp structure points off, each succeeding with chance ok, a CH
// with chance ch (included in ok): 1D5-2 SP, at least 1 (1, 1, 1, 2, 3),
// doubled on a CH (seed 000 lines 1076-1078). E[s] = (1 + sum_d P(d)
// E[s-d]) / ok, E[s <= 0] = 0: exact, with no allocation.
func breakTries(ok, ch float64, sp int) float64 {
	if !(ok > 0) {
		return math.Inf(1)
	}
	sp = min(sp, 99)
	var ex [100]float64
	at := func(s int) float64 { return ex[max(s, 0)] }
	plain := ok - ch
	for s := 1; s <= sp; s++ {
		sum := plain*(0.6*at(s-1)+0.2*at(s-2)+0.2*at(s-3)) + ch*(0.6*at(s-2)+0.2*at(s-4)+0.2*at(s-6))
		ex[s] = (1 + sum) / ok
	}
	return ex[sp]
}

// passAct is the default policy's play of Safar i at piece k, which stands
// between it and what is worth val to it (a target, an objective): open it,
// pick its lock or break it, whichever gets it through in fewer expected AP,
// when the share of val the action gains exceeds what its AP are worth
// (apWorth); a piece that is no door nor lockable is broken (destroyWorth).
func (e *engine) passAct(i, k int, val float64, keep bool) (action, bool) {
	if !e.shut(k) {
		return e.destroyWorth(i, k, val, keep)
	}
	c := &e.c[i]
	if !e.locked(k) {
		cost := e.actionCost(i, openAP)
		if c.ground || cost > c.ap || !(val > e.apWorth(i, cost, keep)) {
			return action{}, false
		}
		return action{kind: actOpen, opt: k}, true
	}
	pick, brk := e.wayAP(i, k)
	if pick < brk {
		cost := e.actionCost(i, pickAP)
		if cost > c.ap || !e.canPick(i, k) || !(val*float64(cost)/pick > e.apWorth(i, cost, keep)) {
			return action{}, false
		}
		return action{kind: actPick, opt: k}, true
	}
	if math.IsInf(brk, 1) {
		return action{}, false
	}
	return e.destroyWorth(i, k, val, keep)
}

// throughAct is passAct without the value check: breakThrough's play at
// piece k, for a Safar whose target lies beyond it.
func (e *engine) throughAct(i, k int) (action, bool) {
	c := &e.c[i]
	if e.shut(k) {
		if !e.locked(k) {
			return action{kind: actOpen, opt: k}, e.actionCost(i, openAP) <= c.ap
		}
		if pick, brk := e.wayAP(i, k); pick < brk {
			return action{kind: actPick, opt: k}, e.actionCost(i, pickAP) <= c.ap && e.canPick(i, k)
		}
	}
	if c.ap < e.actionCost(i, destroyAP) || !printedAll(c.f.Profile, destroyChars) || !e.intact(k) {
		return action{}, false
	}
	return action{kind: actDestroy, opt: k}, true
}

// lockNote adds to the trace of Safar i breaking piece k, when k is locked,
// the expected AP of both ways (wayAP): why it breaks rather than picks.
func (e *engine) lockNote(i, k int) string {
	if !e.locked(k) {
		return ""
	}
	return "; " + e.wayNote(i, k)
}
