package sim

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
	"github.com/kharn-ages/kharn/stats"
)

// ledger is an objective of one document at the centre of the table, worth
// points, unlocking piece unlocks (-1: none).
func ledger(points, unlocks int) *profiles.Objectives {
	return &profiles.Objectives{Documents: []profiles.Document{{Name: "ledger", X: 7.5, Y: 3, Points: points, UnlocksPiece: unlocks}}}
}

// TestReadDocument checks "Reading/decrypting: 2AP/ZOC/once per activation/
// T + 1 + LD10 >= 13 ... The Safar must not be engaged" (seed 000 lines
// 1230-1236, seed 004 lines 1158-1160). paladin-2 has T 5 and 2 level dice:
// a success needs a best die of 7 or more, P = 1 - 0.6^2 = 0.64; the exact
// value lies in the 99.99% Wilson interval of 20 000 tries. Out of its zone
// of control, engaged, or a second time in one activation: nothing, no AP. A
// success scores the document's points once and unlocks the lock it names.
func TestReadDocument(t *testing.T) {
	pal := fighterOf(t, "paladin-2")
	e := objectsBattle(t, []*Fighter{pal}, []*Fighter{pal}, doorTable(0, 0, 2, 12), ledger(2, 1))
	r := rand.NewPCG(21, 22)
	e.round = 1
	c := &e.c[0]
	c.ap, c.dice = 4, 2
	c.pos = field.Vec{X: 7.5, Y: 3 - c.radius - field.ZOC - 0.1}
	if e.do(r, 0, action{kind: actRead, opt: 0}) || c.ap != 4 {
		t.Fatalf("reading from beyond its zone of control: AP %d", c.ap)
	}
	c.pos = field.Vec{X: 7.5, Y: 3 - c.radius}
	if got := e.readingOdds(0); math.Abs(got-0.64) > 1e-12 {
		t.Errorf("readingOdds = %v, want 0.64", got)
	}
	const n = 20000
	succ := 0
	for k := range n {
		e.obj.reset()
		e.round = k + 1 // a new activation each try
		c.ap, c.dice, c.nMastery = 4, 2, 0
		if !e.do(r, 0, action{kind: actRead, opt: 0}) || c.ap != 2 {
			t.Fatalf("a try: AP %d, want 2 left", c.ap)
		}
		if e.obj.docs.read[0] {
			succ++
			if e.obj.points[0] != 2 {
				t.Fatalf("read: points %v, want 2 for side A", e.obj.points)
			}
		} else if e.do(r, 0, action{kind: actRead, opt: 0}) || c.ap != 2 {
			t.Fatalf("read twice in one activation: AP %d", c.ap)
		}
	}
	if lo, hi := stats.Wilson(succ, n, 0.9999); 0.64 < lo || 0.64 > hi {
		t.Errorf("%d read of %d, 99.99%% interval [%.4f, %.4f], exact 0.64", succ, n, lo, hi)
	}
	if !e.objs.unlocked[1] || e.locked(1) {
		t.Error("the ledger read, the chest it unlocks is still locked")
	}
	// Read: nobody reads it again.
	e.round++
	c.ap = 4
	if e.do(r, 0, action{kind: actRead, opt: 0}) || c.ap != 4 {
		t.Errorf("read a read document: AP %d", c.ap)
	}
	// Engaged: no reading.
	e.obj.reset()
	e.round++
	b := &e.c[1]
	b.pos = field.Vec{X: c.pos.X + c.radius + b.radius, Y: c.pos.Y}
	if e.do(r, 0, action{kind: actRead, opt: 0}) || c.ap != 4 {
		t.Errorf("read engaged: AP %d", c.ap)
	}
}

// TestReadingPolicy checks the default policy: the runner for a document
// worth points walks to it, and at it reads it; engaged it does not; a
// document that only unlocks a lock (no points) is not run for.
func TestReadingPolicy(t *testing.T) {
	pal := fighterOf(t, "paladin-2")
	e := objectsBattle(t, []*Fighter{pal}, []*Fighter{pal}, doorTable(0, 0, 2, 12), ledger(3, -1))
	r := rand.NewPCG(23, 24)
	e.round = 1
	for i := range e.c {
		e.c[i].ap, e.c[i].target = e.c[i].f.Profile.AP, -1
	}
	doc := e.obj.firstDocument()
	e.c[0].pos = field.Vec{X: 2, Y: 1}
	if a := DefaultFightPolicy.act(e, 0, r); a.kind != actGoTo || a.opt != doc {
		t.Errorf("far from the ledger: %+v, want a walk to it (objective %d)", a, doc)
	}
	e.c[0].pos = field.Vec{X: 7.5, Y: 3 - e.c[0].radius}
	if a := DefaultFightPolicy.act(e, 0, r); a.kind != actRead || a.opt != 0 {
		t.Errorf("at the ledger: %+v, want reading it", a)
	}
	e.c[1].pos = field.Vec{X: 7.5 + e.c[0].radius + e.c[1].radius, Y: e.c[0].pos.Y}
	if a := DefaultFightPolicy.act(e, 0, r); a.kind == actRead {
		t.Errorf("engaged at the ledger: %+v, want no reading", a)
	}
	e = objectsBattle(t, []*Fighter{pal}, []*Fighter{pal}, doorTable(0, 0, 2, 12), ledger(0, 1))
	e.round = 1
	e.c[0].ap, e.c[0].target = 4, -1
	e.c[0].pos = field.Vec{X: 7.5, Y: 3 - e.c[0].radius}
	if a := DefaultFightPolicy.act(e, 0, r); a.kind == actRead || a.kind == actGoTo {
		t.Errorf("a document without points: %+v, want no reading nor walk to it", a)
	}
}

// TestSameDocuments checks that a table turned half round whose documents
// swap places (two alike) holds the same documents, so that its edges do not
// differ (sim/edge.go), and that other points or places differ.
func TestSameDocuments(t *testing.T) {
	a := []profiles.Document{{X: 3, Y: 5, Points: 2, UnlocksPiece: -1}, {X: 12, Y: 10, Points: 2, UnlocksPiece: -1}}
	turned := moveDocuments(a, func(x, y float64) (float64, float64) { return 15 - x, 15 - y })
	if !sameDocuments(a, turned) {
		t.Errorf("%v turned half round is %v: want the same documents", a, turned)
	}
	b := moveDocuments(a, func(x, y float64) (float64, float64) { return x, y })
	b[1].Points = 3
	if sameDocuments(a, b) || sameDocuments(a, a[:1]) || sameDocuments(a, moveDocuments(a, func(x, y float64) (float64, float64) { return x, 15 - y })) {
		t.Error("documents with other points, fewer or elsewhere are the same")
	}
}
