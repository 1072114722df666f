package sim

import (
	"math"
	"math/rand/v2"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// Reading/decrypting, a generic action (seed 000 lines 1230-1236: "2AP/ZOC/
// once per activation/T + 1 + LD10 >= 13. If the roll is a success, the
// Safar understands the meaning of a document, how a mechanism works... The
// Safar must not be engaged to perform this action"; seed 004 lines
// 1158-1160, the same), played on the documents of a scenario
// (profiles.Document). How the engine reads it:
//
//   - The document's point lies within the Safar's zone of control (the edge
//     of its base within ZOC, or its natural Reach X); the Safar is engaged
//     with no enemy, standing, may handle objectives (not Savage, skills.md
//     #58: no scenario action) and prints T (catalogue.md 4.5).
//   - 2 AP (+1 dazed, R17); T + 1 plus its level dice (R1, +1 Heroic
//     objective) against 13, a natural 1 failing (R3); an objectives action
//     (seed 000 line 343): objective mastery dice and Master objective
//     reroll it (R4). Once per activation: a Safar activates once a round
//     (R14), so it reads at most once a round (an extra activation a spell
//     grants, sim/magic_activate.go, does not read again: a simplification).
//   - A success: the first side to read the document scores its points, once;
//     the lock of the piece it unlocks (sim/doors.go) is unlocked for good.
//     The document is then read: nobody reads it again. A failure may be
//     tried again in a later activation.
//
// The default policy (objectiveAct): a document is an objective worth its
// points; its runner (the nearest Safar) values it at those points times the
// chance of one try of its own (readingOdds), walks to it when that is worth
// the walk's AP, and once there and unengaged reads while it is worth the 2
// AP (apWorth), as for the negotiation (sim/negotiation.go). A document that
// only unlocks a lock is worth no points: the policy does not go to read it
// (it picks or breaks the lock instead).

// readingChars are the characteristics of the test: T (the + 1 is in
// profiles.ReadingThreshold).
var readingChars = []profiles.Char{profiles.T}

// documentState is the state of a battle's documents, in objectives: by
// document whether it has been read, by Safar the round it last read in.
type documentState struct {
	read      []bool
	readRound []int
}

// newDocuments sizes the state of n documents for a battle of safars Safars.
func newDocuments(n, safars int) documentState {
	if n == 0 {
		return documentState{}
	}
	return documentState{read: make([]bool, n), readRound: make([]int, safars)}
}

// clone returns a copy for another engine.
func (d documentState) clone() documentState {
	if d.read == nil {
		return d
	}
	return documentState{read: append([]bool(nil), d.read...), readRound: append([]int(nil), d.readRound...)}
}

// reset makes every document unread again, before a battle.
func (d *documentState) reset() {
	clear(d.read)
	clear(d.readRound)
}

// firstDocument returns the objective index of document 0: after the
// markers, the relic and the negotiation (objectives.assign).
func (s *objectives) firstDocument() int { return len(s.o.Markers) + 2 }

// documentPoint returns where document d lies; ok is false once it is read.
func (e *engine) documentPoint(d int) (field.Vec, bool) {
	s := e.obj
	doc := &s.o.Documents[d]
	return field.Vec{X: doc.X, Y: doc.Y}, !s.docs.read[d]
}

// documentValue returns what document d is worth to side side now, in HP of
// the enemy: its points, nothing once read.
func (e *engine) documentValue(side, d int) float64 {
	s := e.obj
	if s.docs.read[d] {
		return 0
	}
	return float64(s.o.Documents[d].Points) * s.pointHP[side]
}

// readingOdds returns the chance that one reading of Safar i succeeds
// (objectiveOdds).
func (e *engine) readingOdds(i int) float64 {
	p, _ := e.objectiveOdds(i, profiles.ReadingThreshold-e.c[i].f.Stats().T)
	return p
}

// canRead reports whether Safar i may read document d now, its AP aside.
func (e *engine) canRead(i, d int) bool {
	s := e.obj
	c := &e.c[i]
	doc := &s.o.Documents[d]
	return !s.docs.read[d] && s.docs.readRound[i] != e.round && e.handles(i) && !c.ground && !e.engagedAny(i) &&
		e.near(i, field.Vec{X: doc.X, Y: doc.Y}, e.naturalReach(i)) && printedAll(c.f.Profile, readingChars)
}

// documentAct is the play of Safar i, runner for document objective k.
func (e *engine) documentAct(i, k int, keep bool) (action, bool) {
	s := e.obj
	d := k - s.firstDocument()
	c := &e.c[i]
	if !printedAll(c.f.Profile, readingChars) {
		return action{}, false
	}
	s.want[k] *= e.readingOdds(i) // worth the chance of one try: the walk there too
	doc := &s.o.Documents[d]
	if !e.near(i, field.Vec{X: doc.X, Y: doc.Y}, e.naturalReach(i)) {
		return e.walkFor(i, k, 0, keep)
	}
	cost := e.actionCost(i, profiles.ReadingAP)
	if cost > c.ap || !e.canRead(i, d) || !(s.want[k] > e.apWorth(i, cost, keep)) {
		return action{}, false
	}
	return action{kind: actRead, opt: d}, true
}

// readDocument plays Reading/decrypting of document d by Safar i. It reports
// whether the activation goes on.
func (e *engine) readDocument(r *rand.PCG, i, d int) bool {
	s := e.obj
	c := &e.c[i]
	if s == nil || d < 0 || d >= len(s.o.Documents) {
		return false
	}
	cost := e.actionCost(i, profiles.ReadingAP)
	if c.ap < cost || !e.canRead(i, d) {
		return false
	}
	c.ap -= cost
	c.spent += cost
	s.docs.readRound[i] = e.round // once per activation
	doc := &s.o.Documents[d]
	ok, _ := e.objectiveRoll(r, i, readingChars, profiles.ReadingThreshold, false)
	if !ok {
		if e.trace != nil {
			e.tracef("  %s fails to read the %s (%d AP)\n", e.name(i), doc.Name, cost)
		}
		return true
	}
	s.docs.read[d] = true
	s.points[c.side] += doc.Points
	if e.trace != nil {
		e.tracef("  %s reads the %s (%d AP): +%d (A %d, B %d)\n", e.name(i), doc.Name, cost, doc.Points, s.points[0], s.points[1])
	}
	if p := doc.UnlocksPiece; p >= 0 && e.objs != nil && p < len(e.objs.unlocked) && !e.objs.unlocked[p] {
		e.objs.unlocked[p] = true
		if e.trace != nil {
			e.tracef("    the lock of %s is unlocked\n", e.objectName(p))
		}
	}
	return true
}

// moveDocuments returns a copy of docs with every point moved by to (a table
// turned or mirrored, sim/edge.go); nil for none.
func moveDocuments(docs []profiles.Document, to func(x, y float64) (float64, float64)) []profiles.Document {
	if docs == nil {
		return nil
	}
	q := append([]profiles.Document(nil), docs...)
	for k := range q {
		q[k].X, q[k].Y = to(q[k].X, q[k].Y)
	}
	return q
}

// sameDocuments reports whether a and b hold the same documents, in any
// order, at the same places up to 1e-9 toise, with the same points and
// locks.
func sameDocuments(a, b []profiles.Document) bool {
	if len(a) != len(b) {
		return false
	}
	var used [profiles.MaxDocuments]bool
	if len(b) > len(used) {
		return false // not from a scenario file: told apart
	}
	for _, x := range a {
		found := false
		for k, y := range b {
			if !used[k] && math.Abs(x.X-y.X) <= 1e-9 && math.Abs(x.Y-y.Y) <= 1e-9 && x.Points == y.Points && x.UnlocksPiece == y.UnlocksPiece {
				used[k], found = true, true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}
