package profiles

import (
	"slices"

	"go.yaml.in/yaml/v3"
)

// CountKind is how a StatCount recounts its characteristic (catalogue.md
// section 3.8).
type CountKind string

// The recounts of catalogue.md section 3.8 ("Counts in play").
const (
	// CountEquals: the characteristic equals the number of Safars Of names
	// (stat-count; skills.md section 3, pattern C1), the printed value a floor.
	CountEquals CountKind = "count"
	// CountMax: the highest printed value of it among the Safars Of names
	// (stat-max; pattern C2), the own printed value a floor.
	CountMax CountKind = "max"
	// CountPer: the printed value plus Amount per Safar Of names
	// (stat-per-count).
	CountPer CountKind = "per"
)

// StatCount is a characteristic of a card recounted from the Safars of its
// Spearhead in play (catalogue.md 3.8, "Counts in play": "recompute when the
// stat is used (a temerity test), counting the models matching of that are on
// the table and not defeated, with the floor rule").
type StatCount struct {
	Stat   Char
	Kind   CountKind
	Of     Selector
	Amount int // CountPer: added per Safar
	Pos    Pos
}

var statCountFields = []string{"stat", "kind", "of", "amount"}

// statCounts decodes a stat_counts list.
func (d *decoder) statCounts(n *yaml.Node, field string) []StatCount {
	var out []StatCount
	for e := range d.entries(n, field) {
		c := StatCount{Pos: e.pos}
		for f, ff := range e.keys() {
			switch f.key {
			case "stat":
				if s, ok := d.stringValue(f.v, ff); ok {
					ch, ok := ParseChar(s)
					if !ok {
						d.errorf(deref(f.v), ff, "stat %q is not one of V, P, A, C, T, I", s)
					}
					c.Stat = ch
				}
			case "kind":
				if s, ok := d.stringValue(f.v, ff); ok {
					c.Kind = CountKind(s)
					if !slices.Contains([]CountKind{CountEquals, CountMax, CountPer}, c.Kind) {
						d.errorf(deref(f.v), ff, "kind %q is not count, max or per (catalogue.md 3.8)", s)
					}
				}
			case "of":
				c.Of = d.selector(f.v, ff)
			case "amount":
				c.Amount, _ = d.intIn(f.v, ff, -9, 9, "amount must be from -9 to 9")
			default:
				d.unknown(f.k, ff, f.key, statCountFields)
			}
		}
		e.require("stat", "kind", "of")
		if c.Kind == CountPer && !e.present["amount"] {
			d.errorf(e.node, e.field, "missing field %q: kind per adds amount per Safar", "amount")
		}
		out = append(out, c)
	}
	return out
}
