package sim

import "github.com/kharn-ages/kharn/profiles"

// This file plays Master X, Heroic X and Specialist X whose X is a way of
// magic ("master: osteomancy", "heroic: osteomancy", "specialist: osteomancy";
// profiles/master_way.go) on the esoteric actions of that way only, casting a
// spell of the way and defending against one: the free reroll of Master X
// (esoteric), once per turn (skills.md #35: "a way name (2: esoteric actions
// of that way)"; seed 000 l.1636, seed 004 l.1569); the one more die of Heroic
// X (skills.md #14; seed 000 l.1632, seed 004 l.1561); no CF on a natural 1
// for Specialist X (skills.md #42; seed 000 l.1658, seed 004 l.1579). A spell
// of another way, or a generic spell of no way, gets nothing from them.

// wayBit returns the bit of way w in Skills.MasterWays, HeroicWays and
// SpecialistWays, or 0 for no known way.
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

// heroicOn reports whether the Heroic X of s gives its one more die on the
// esoteric actions of a spell of way w: Heroic esoteric (every way) or Heroic
// of way w.
func (s *Skills) heroicOn(w profiles.Way) bool {
	return s.Heroic&FieldEsoteric != 0 || s.HeroicWays&wayBit(w) != 0
}

// specialistOn reports whether the Specialist X of s takes the CF off a
// natural 1 on the esoteric actions of a spell of way w: Specialist esoteric
// (every way) or Specialist of way w.
func (s *Skills) specialistOn(w profiles.Way) bool {
	return s.Specialist&FieldEsoteric != 0 || s.SpecialistWays&wayBit(w) != 0
}
