package sim

import (
	"reflect"
	"testing"
)

// TestOwnTablesMirror checks that an engine without run-wide tables computes
// the option table of a pair of kinds with equal cards once (a mirror duel: A
// against B and B against A; a battle whose sides field the same card), each
// pair holding a copy of its own (the plan caches find a table by its
// address) equal to the table computed alone.
func TestOwnTablesMirror(t *testing.T) {
	for _, c := range []struct {
		name  string
		sides [][]string
		want  int // tables computed: one per distinct (attacker card, defender card)
	}{
		{"mirror duel", [][]string{{"paladin-3"}, {"paladin-3"}}, 1},
		// 8 pairs; paladin-2 against paladin-2 both ways is one.
		{"same card on both sides", [][]string{{"paladin-2", "crown-guard-1"}, {"kherops-warrior-1", "paladin-2"}}, 7},
	} {
		var fs []*Fighter
		var sides []int
		for s, ids := range c.sides {
			for _, id := range ids {
				fs = append(fs, cardFighterIn(t, id))
				sides = append(sides, s)
			}
		}
		e, err := newEngine(fs, sides, Variant{}, [2]FightPolicy{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		n := len(e.kinds)
		var pairs int
		seen := map[*float32][2]int{} // a computed table's kill probabilities, by the first pair holding them
		for a := range n {
			for d := range n {
				opts := e.opts[a][d]
				if opts == nil {
					continue
				}
				pairs++
				alone, err := e.options(a, d)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(opts, alone) {
					t.Errorf("%s: kinds %d against %d: table differs from the one computed alone", c.name, a, d)
				}
				if p, ok := seen[&opts[0].kill.p[0]]; ok && &e.opts[p[0]][p[1]][0] == &opts[0] {
					t.Errorf("%s: kinds %d against %d hold the slice of %v, want a copy", c.name, a, d, p)
				} else if !ok {
					seen[&opts[0].kill.p[0]] = [2]int{a, d}
				}
			}
		}
		if len(seen) != c.want {
			t.Errorf("%s: %d tables computed for %d pairs of kinds, want %d", c.name, len(seen), pairs, c.want)
		}
	}
}
