package sim

import "testing"

// The helpers of the card rules' engine tests (sim/card*_internal_test.go
// and their kin), which build a battle of the embedded data set and place
// its Safars by hand. The costs are the tests' own (invented), not card
// values.

// handSide returns a spearhead of the embedded data set's Safars, ids[k] at
// costs[k], with no leader (Leader -1: the hand-placed tests need none). A
// profile named twice is one *Fighter, as the tests wrote it by hand
// ("warrior, warrior").
func handSide(t testing.TB, ids []string, costs ...int) Spearhead {
	t.Helper()
	if len(ids) != len(costs) {
		t.Fatalf("handSide: %d Safars, %d costs", len(ids), len(costs))
	}
	loaded := map[string]*Fighter{}
	s := Spearhead{Safars: make([]*Fighter, len(ids)), Costs: costs, Leader: -1}
	for k, id := range ids {
		if loaded[id] == nil {
			loaded[id] = cardFighterIn(t, id)
		}
		s.Safars[k] = loaded[id]
	}
	return s
}

// handEngine returns the engine of a player of s with no ambush and its
// battle reset (round 0, the Safars where reset puts them), for a test that
// sets the round and places the Safars by hand.
func handEngine(t testing.TB, s *Skirmish) *engine {
	t.Helper()
	pl, err := s.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	pl.e.ambush = nil
	pl.e.reset()
	return pl.e
}
