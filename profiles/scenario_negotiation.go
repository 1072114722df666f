package profiles

import "go.yaml.in/yaml/v3"

// Negotiation is a neutral of a scenario (an envoy, a ferryman, a
// guardian) a Spearhead wins over with the generic action "Convincing/
// negotiating: 1 AP/ZOC/I x2 + LD10 >= 13. The Safar trying to negotiate must
// be free from any other opponent. If the roll is successful the Safar wins
// the negotiation" (seed 000 lines 1131-1135; seed 004 lines 1090-1092, the
// characteristic OCR'd "{", the glyph of Intellect: seed 000 lines 591 and
// 1450). The rulebooks leave what a won negotiation gives to the scenario: in
// this toolkit's format the first side to win it scores Points victory
// points, once, and the negotiation is over. A scenario file holds it under
// objectives:
//
//	objectives:
//	  negotiation: {name: envoy, x: 7.5, y: 7.5, points: 4}
//
// The neutral stands at its point as a token (no base, no zone of control,
// nobody attacks it). The engine's reading is in sim/negotiation.go.
type Negotiation struct {
	Name   string
	X, Y   float64
	Points int
	Pos    Pos
}

// Defaults of a negotiation and the rulebook's test (seed 000 line 1133).
const (
	DefaultNegotiationPoints = 3
	NegotiationAP            = 1  // "1 AP/ZOC"
	NegotiationThreshold     = 13 // "I x2 + LD10 >= 13"
)

var negotiationFields = []string{"name", "x", "y", "points"}

// negotiation decodes objectives.negotiation; nil when it is broken.
func (d *decoder) negotiation(n *yaml.Node, path string) *Negotiation {
	g := &Negotiation{Points: DefaultNegotiationPoints}
	e, ok := d.entry(n, path)
	if !ok {
		return nil
	}
	g.Pos = e.pos
	for f, field := range e.keys() {
		var good bool
		switch f.key {
		case "name":
			g.Name, good = d.stringValue(f.v, field)
		case "x":
			g.X, good = d.point(f, field)
		case "y":
			g.Y, good = d.point(f, field)
		case "points":
			g.Points, good = d.points(f, field)
		default:
			d.unknown(f.k, field, f.key, negotiationFields)
			good = true
		}
		ok = ok && good
	}
	if !e.require("x", "y") {
		ok = false
	}
	if g.Name == "" {
		g.Name = "neutral"
	}
	if !ok {
		return nil
	}
	return g
}
