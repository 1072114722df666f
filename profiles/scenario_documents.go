package profiles

import (
	"fmt"

	"go.yaml.in/yaml/v3"
)

// Document is a document of a scenario a Safar reads with the generic action
// "Reading/decrypting: 2 AP/ZOC/once per activation/T + 1 + LD10 >= 13. If
// the roll is a success, the Safar understands the meaning of a document, how
// a mechanism works... The Safar must not be engaged to perform this action"
// (seed 000 lines 1230-1236; seed 004 lines 1158-1160). The rulebooks leave
// what a document gives to the scenario: in this toolkit's format the first
// side to read it scores Points victory points, once, and reading it unlocks
// the lock of the piece Unlocks names (a door or a chest with a lock,
// scenario_doors.go), for good. A scenario file lists them under objectives:
//
//	objectives:
//	  documents:
//	    - {name: ledger, x: 3, y: 7.5, points: 2}
//	    - {name: cipher, x: 12, y: 7.5, unlocks: chest}
//
// A document lies at its point as a token (no base). It gives points, unlocks
// a lock or both; points are 0 when left out with unlocks, else 1. The
// engine's reading is in sim/reading.go.
type Document struct {
	Name    string
	X, Y    float64
	Points  int
	Unlocks string
	// UnlocksPiece is the index in the scenario's Terrain of the piece
	// Unlocks names, -1 for none.
	UnlocksPiece int
	Pos          Pos
	at           int // its index in the file's list, for errors
}

// The rulebook's reading (seed 000 lines 1230-1232) and the bound of a file's list.
const (
	ReadingAP = 2
	// ReadingThreshold is 13 - 1: the test is T + 1 + LD10 >= 13, the 1
	// moved to the threshold.
	ReadingThreshold = 12
	// MaxDocuments bounds the documents of a scenario file.
	MaxDocuments = 8
)

var documentFields = []string{"name", "x", "y", "points", "unlocks"}

// documents decodes objectives.documents.
func (d *decoder) documents(n *yaml.Node) []Document {
	elems, _ := d.sequence(n, "objectives.documents")
	if len(elems) > MaxDocuments {
		d.errorf(deref(n), "objectives.documents", "at most %d documents, got %d", MaxDocuments, len(elems))
		return nil
	}
	var out []Document
	names := map[string]bool{}
	for i, e := range elems {
		path := index("objectives.documents", i)
		doc, ok := d.document1(e, path)
		if !ok {
			continue
		}
		doc.at = i
		if names[doc.Name] {
			d.errorf(deref(e), join(path, "name"), "document %q named twice", doc.Name)
		}
		names[doc.Name] = true
		out = append(out, doc)
	}
	return out
}

// document1 decodes one document; ok is false when it is broken.
func (d *decoder) document1(n *yaml.Node, path string) (Document, bool) {
	doc := Document{UnlocksPiece: -1}
	e, ok := d.entry(n, path)
	if !ok {
		return doc, false
	}
	doc.Pos = e.pos
	for f, field := range e.keys() {
		good := true
		switch f.key {
		case "name":
			doc.Name, good = d.stringValue(f.v, field)
		case "x":
			doc.X, good = d.point(f, field)
		case "y":
			doc.Y, good = d.point(f, field)
		case "points":
			doc.Points, good = d.points(f, field)
		case "unlocks":
			doc.Unlocks, good = d.stringValue(f.v, field)
		default:
			d.unknown(f.k, field, f.key, documentFields)
		}
		ok = ok && good
	}
	if !e.require("x", "y") {
		ok = false
	}
	if !e.present["points"] && !e.present["unlocks"] {
		doc.Points = DefaultMarkerPoints
	}
	if doc.Name == "" {
		doc.Name = "document"
	}
	return doc, ok
}

// checkDocuments checks that each document lies on the table, outside
// impassable terrain (check), and that the piece it unlocks exists and has a
// lock.
func (d *decoder) checkDocuments(s *Scenario, check func(x, y float64, at Pos, path string)) {
	for k := range s.Objectives.Documents {
		doc := &s.Objectives.Documents[k]
		path := index("objectives.documents", doc.at)
		check(doc.X, doc.Y, doc.Pos, path)
		if doc.Unlocks == "" {
			continue
		}
		doc.UnlocksPiece = -1
		for i := range s.Terrain {
			if s.Terrain[i].Name == doc.Unlocks && s.Terrain[i].Locked() {
				doc.UnlocksPiece = i
			}
		}
		if doc.UnlocksPiece < 0 {
			d.errs = append(d.errs, Error{Pos: doc.Pos, Field: join(path, "unlocks"),
				Msg: fmt.Sprintf("no terrain piece named %q with a lock (a door or a chest with lock: true or a threshold)", doc.Unlocks)})
		}
	}
}
