package sim

import "github.com/kharn-ages/kharn/profiles"

// This file plays Master X whose X is a way of magic ("master: osteomancy",
// profiles/master_way.go): the free reroll of Master X (esoteric), once per
// turn, on the esoteric actions of that way only, casting a spell of the way
// and defending against one (skills.md #35: "a way name (2: esoteric actions of
// that way)"; seed 000 l.1636, seed 004 l.1569). A spell of another way, or a
// generic spell of no way, gets nothing from it.

// wayBit returns the bit of way w in Skills.MasterWays, or 0 for no known way.
func wayBit(w profiles.Way) uint8 {
	for i, wi := range profiles.Ways {
		if wi.Way == w {
			return 1 << i
		}
	}
	return 0
}

// masterOn reports whether the Master X of s gives its free reroll on the
// esoteric actions of a spell of way w: Master esoteric (every way) or Master
// of way w.
func (s *Skills) masterOn(w profiles.Way) bool {
	return s.Master&FieldEsoteric != 0 || s.MasterWays&wayBit(w) != 0
}
