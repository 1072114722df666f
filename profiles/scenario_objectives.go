package profiles

import (
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Objectives are the objectives of a scenario (issue #11, section 3): "most of
// the games you will play will follow a scenario. In that case, the player who
// has achieved all of the objectives or the majority of them will win even if
// his Spearhead has been annihilated" (seed 000 line 114, seed 004 line 41).
// The rulebooks give no concrete scenario, so the objectives are this
// toolkit's: markers held at the end of each round and an object (the relic)
// carried off the table, each worth victory points; the side with more points
// at the end wins. A scenario file holds them under objectives:
//
//	objectives:
//	  markers:                              # held at the end of each round
//	    - {name: ford, x: 7.5, y: 7.5, control: 1, points: 1}
//	  relic:                                # carried off its carrier's own edge
//	    name: relic
//	    x: 7.5
//	    y: 7.5
//	    points: 5
//	    pick_up: {ap: 1, test: [A, I], threshold: 12}
//
// A marker's control is the distance, in toises, from the edge of a Safar's
// base to the marker's point within which the Safar holds it (1 when left
// out); its points are scored by the side holding it at the end of each round
// (1 when left out). The relic lies at its point until a Safar picks it up
// (pick_up: its AP, 1 when left out, seed 000 line 1161 "Dropping/picking up:
// 1 AP/ZOC"; an optional test, the characteristics added to the Safar's level
// dice against a threshold, as the generic actions' tests, seed 000 line 1214).
// Its points go to the side whose Safar carries it off that side's own table
// edge. The engine's reading of these rules is in sim/objectives.go.
type Objectives struct {
	Markers []Marker
	Relic   *Relic
	// Negotiation, when not nil, is a neutral to convince
	// (scenario_negotiation.go).
	Negotiation *Negotiation
	// Documents are documents to read (scenario_documents.go).
	Documents []Document
	Pos       Pos // where objectives: starts in its file
}

// Marker is a point of the table a side holds at the end of a round for
// Points victory points (Objectives).
type Marker struct {
	Name    string
	X, Y    float64
	Control float64 // toises from the edge of a base to the point
	Points  int
	Pos     Pos
	at      int // its index in the file's list, for errors
}

// Relic is the object of a scenario to carry off the table (Objectives).
type Relic struct {
	Name   string
	X, Y   float64
	Points int
	// PickUpAP is what picking it up costs (1: seed 000 line 1161).
	PickUpAP int
	// Test, when not empty, are the characteristics of the pick-up test:
	// their sum plus the Safar's level dice (R1) must reach Threshold; objective
	// mastery dice reroll it (seed 000 line 343).
	Test      []Char
	Threshold int
	// In names the scenery object the relic lies in (a chest,
	// scenario_objects.go): it is picked up only once that object is
	// destroyed; "" lies in the open. InPiece is that object's index in the
	// scenario's Terrain, -1 for none.
	In      string
	InPiece int
	Pos     Pos
}

// Defaults and bounds of the objectives of a scenario file.
const (
	DefaultMarkerControl = 1
	DefaultMarkerPoints  = 1
	DefaultRelicPoints   = 3
	DefaultPickUpAP      = 1 // seed 000 line 1161
	maxMarkers           = 8
	maxObjectivePoints   = 99
)

var (
	objectivesFields = []string{"markers", "relic", "negotiation", "documents"}
	markerFields     = []string{"name", "x", "y", "control", "points"}
	relicFields      = []string{"name", "x", "y", "points", "pick_up", "in"}
	pickUpFields     = []string{"ap", "test", "threshold"}
	allChars         = []Char{V, P, A, C, T, I}
)

// objectives decodes objectives: {markers, relic}. The places are checked
// against the table by checkObjectives, once the whole file is read.
func (d *decoder) objectives(n *yaml.Node) *Objectives {
	fields, ok := d.mapping(n, "objectives")
	if !ok {
		return nil
	}
	o := &Objectives{Pos: d.pos(deref(n))}
	before := len(d.errs)
	names := map[string]bool{}
	for _, f := range fields {
		switch f.key {
		case "markers":
			elems, _ := d.sequence(f.v, "objectives.markers")
			if len(elems) > maxMarkers {
				d.errorf(deref(f.v), "objectives.markers", "at most %d markers, got %d", maxMarkers, len(elems))
			}
			for i, e := range elems {
				path := index("objectives.markers", i)
				if m, ok := d.marker(e, path); ok {
					m.at = i
					if names[m.Name] {
						d.errorf(deref(e), join(path, "name"), "marker %q named twice", m.Name)
					}
					names[m.Name] = true
					o.Markers = append(o.Markers, m)
				}
			}
		case "relic":
			o.Relic = d.relic(f.v, "objectives.relic")
		case "negotiation":
			o.Negotiation = d.negotiation(f.v, "objectives.negotiation") // scenario_negotiation.go
		case "documents":
			o.Documents = d.documents(f.v) // scenario_documents.go
		default:
			d.unknown(f.k, join("objectives", f.key), f.key, objectivesFields)
		}
	}
	if len(o.Markers) == 0 && o.Relic == nil && o.Negotiation == nil && len(o.Documents) == 0 {
		if len(d.errs) == before {
			d.errorf(deref(n), "objectives", "want markers, a relic, a negotiation, documents or several")
		}
		return nil
	}
	return o
}

// point decodes a required coordinate of an objective.
func (d *decoder) point(f kv, field string) (float64, bool) {
	v, ok := d.numberValue(f.v, field)
	return v, ok
}

// points decodes victory points, 1 to maxObjectivePoints.
func (d *decoder) points(f kv, field string) (int, bool) {
	return d.intIn(f.v, field, 1, maxObjectivePoints, fmt.Sprintf("points must be from 1 to %d", maxObjectivePoints))
}

// marker decodes one marker; ok is false when it is broken.
func (d *decoder) marker(n *yaml.Node, path string) (Marker, bool) {
	m := Marker{Control: DefaultMarkerControl, Points: DefaultMarkerPoints}
	e, ok := d.entry(n, path)
	if !ok {
		return m, false
	}
	m.Pos = e.pos
	for f, field := range e.keys() {
		var good bool
		switch f.key {
		case "name":
			m.Name, good = d.stringValue(f.v, field)
		case "x":
			m.X, good = d.point(f, field)
		case "y":
			m.Y, good = d.point(f, field)
		case "control":
			m.Control, good = d.positive(f.v, field, maxTableSize)
		case "points":
			m.Points, good = d.points(f, field)
		default:
			d.unknown(f.k, field, f.key, markerFields)
		}
		ok = ok && (good || !slices.Contains(markerFields, f.key))
	}
	if !e.require("name", "x", "y") {
		ok = false
	}
	return m, ok
}

// relic decodes the relic; nil when it is broken.
func (d *decoder) relic(n *yaml.Node, path string) *Relic {
	r := &Relic{Points: DefaultRelicPoints, PickUpAP: DefaultPickUpAP, InPiece: -1}
	e, ok := d.entry(n, path)
	if !ok {
		return nil
	}
	r.Pos = e.pos
	for f, field := range e.keys() {
		var good bool
		switch f.key {
		case "name":
			r.Name, good = d.stringValue(f.v, field)
		case "x":
			r.X, good = d.point(f, field)
		case "y":
			r.Y, good = d.point(f, field)
		case "points":
			r.Points, good = d.points(f, field)
		case "pick_up":
			good = d.pickUp(r, f.v, field)
		case "in":
			r.In, good = d.stringValue(f.v, field)
		default:
			d.unknown(f.k, field, f.key, relicFields)
		}
		ok = ok && (good || !slices.Contains(relicFields, f.key))
	}
	if !e.require("x", "y") {
		ok = false
	}
	if r.Name == "" {
		r.Name = "relic"
	}
	if !ok {
		return nil
	}
	return r
}

// pickUp decodes pick_up: {ap, test, threshold}: test and threshold go together.
func (d *decoder) pickUp(r *Relic, n *yaml.Node, path string) bool {
	fields, ok := d.mapping(n, path)
	if !ok {
		return false
	}
	present := map[string]bool{}
	for _, f := range fields {
		present[f.key] = true
		field := join(path, f.key)
		switch f.key {
		case "ap":
			v, good := d.intIn(f.v, field, 0, 7, "ap must be from 0 to 7 (the AP of a Safar)")
			r.PickUpAP, ok = v, ok && good
		case "test":
			r.Test = d.chars(f.v, field, allChars, "in a test")
			if len(r.Test) == 0 {
				d.errorf(deref(f.v), field, "want one or more characteristics (V, P, A, C, T, I)")
				ok = false
			}
		case "threshold":
			v, good := d.intIn(f.v, field, 2, 60, "threshold must be from 2 to 60")
			r.Threshold, ok = v, ok && good
		default:
			d.unknown(f.k, field, f.key, pickUpFields)
		}
	}
	if present["test"] != present["threshold"] {
		d.errorf(deref(n), path, "test and threshold go together: give both or neither")
		ok = false
	}
	return ok
}

// checkObjectives checks that every marker and the relic lie on the table,
// outside impassable terrain.
func (d *decoder) checkObjectives(s *Scenario) {
	o := s.Objectives
	if o == nil {
		return
	}
	in := -1 // the object the relic lies in
	if r := o.Relic; r != nil && r.In != "" {
		in = s.Object(r.In)
		if in < 0 {
			d.errs = append(d.errs, Error{Pos: r.Pos, Field: "objectives.relic.in",
				Msg: fmt.Sprintf("no scenery object named %q (a terrain piece with name and structure points)", r.In)})
		} else if p := &s.Terrain[in]; !p.inside(r.X, r.Y) {
			d.errs = append(d.errs, Error{Pos: r.Pos, Field: "objectives.relic.in",
				Msg: fmt.Sprintf("the relic at (%g, %g) does not lie in %q (terrain[%d])", r.X, r.Y, r.In, in)})
			in = -1
		}
		r.InPiece = in
	}
	check := func(x, y float64, at Pos, path string) {
		if x < 0 || y < 0 || x > s.Width || y > s.Height {
			d.errs = append(d.errs, Error{Pos: at, Field: path,
				Msg: fmt.Sprintf("(%g, %g) is off the %g x %g table", x, y, s.Width, s.Height)})
			return
		}
		for i, p := range s.Terrain {
			if p.Kind == "impassable" && p.inside(x, y) && (i != in || path != "objectives.relic") {
				d.errs = append(d.errs, Error{Pos: at, Field: path,
					Msg: fmt.Sprintf("(%g, %g) lies in impassable terrain (terrain[%d]): no Safar can reach it", x, y, i)})
			}
		}
	}
	for _, m := range o.Markers {
		check(m.X, m.Y, m.Pos, index("objectives.markers", m.at))
	}
	if r := o.Relic; r != nil {
		check(r.X, r.Y, r.Pos, "objectives.relic")
	}
	if g := o.Negotiation; g != nil {
		check(g.X, g.Y, g.Pos, "objectives.negotiation")
	}
	d.checkDocuments(s, check) // scenario_documents.go
}

// inside reports whether the point (x, y) lies in the piece.
func (p *TerrainPiece) inside(x, y float64) bool {
	if p.Circle {
		dx, dy := x-p.X, y-p.Y
		return dx*dx+dy*dy < p.R*p.R
	}
	return x > p.X && x < p.X+p.W && y > p.Y && y < p.Y+p.H
}

// MaxPoints returns the victory points the objectives can give over rounds
// rounds: every marker held in every round, and the relic.
func (o *Objectives) MaxPoints(rounds int) int {
	if o == nil {
		return 0
	}
	n := 0
	for _, m := range o.Markers {
		n += m.Points * rounds
	}
	if o.Relic != nil {
		n += o.Relic.Points
	}
	if o.Negotiation != nil {
		n += o.Negotiation.Points
	}
	for _, doc := range o.Documents {
		n += doc.Points
	}
	return n
}

// Victory describes how the scenario's battles are won: "annihilation" without
// objectives, else the victory points and what gives them ("victory points:
// ford 1 a round held; relic 5 carried off").
func (s *Scenario) Victory() string {
	if s == nil || s.Objectives == nil {
		return "annihilation"
	}
	var parts []string
	for _, m := range s.Objectives.Markers {
		parts = append(parts, fmt.Sprintf("%s %d a round held", m.Name, m.Points))
	}
	if r := s.Objectives.Relic; r != nil {
		parts = append(parts, fmt.Sprintf("%s %d carried off", r.Name, r.Points))
	}
	if g := s.Objectives.Negotiation; g != nil {
		parts = append(parts, fmt.Sprintf("%s %d convinced", g.Name, g.Points))
	}
	for _, doc := range s.Objectives.Documents {
		if doc.Points > 0 {
			parts = append(parts, fmt.Sprintf("%s %d read", doc.Name, doc.Points))
		}
	}
	return "victory points: " + strings.Join(parts, "; ")
}
