package sim

import (
	"testing"
)

// TestOptBitsMatchTables checks the option masks (sim/optbits.go) against the
// option tables of every pair of kinds of three list pairs of the embedded
// data: a bit for exactly the far, positional and status options, in the
// order of the table, and posMask and statMask within the first maxOptions.
// It fails when a mask misses an option or marks one too many (each loop
// over a mask would then skip or read an option the whole-table loop did
// not), and when a list pair has no option of a kind (the check would then
// not test that mask).
func TestOptBitsMatchTables(t *testing.T) {
	var seen [3]int
	for _, lists := range [][2]string{{"kharns-300", "kherops-300"}, {"gouns-300", "tembos-400"}, {"fangs-400", "black-guild-400"}} {
		pl := listPlayer(t, lists[0], lists[1])
		e := pl.e
		e.reset()
		for i := range e.c {
			for j := range e.c {
				opts := e.opts[e.c[i].kind][e.c[j].kind]
				if len(opts) == 0 {
					continue
				}
				b, ok := e.bitsOf(i, j, opts)
				if !ok {
					t.Fatalf("%v: %d against %d: no masks for a table of %d options", lists, i, j, len(opts))
				}
				anyFar := false
				for k := range opts {
					anyFar = anyFar || opts[k].far
				}
				if b.anyFar != anyFar {
					t.Errorf("%v: %d against %d: anyFar %v, want %v", lists, i, j, b.anyFar, anyFar)
				}
				for k := range opts {
					o := &opts[k]
					for n, c := range []struct {
						name string
						m    uint64
						want bool
					}{{"far", b.far, o.far}, {"pos", b.pos, o.pos != posNone}, {"stat", b.stat, o.stat != nil}} {
						if got := c.m&(1<<k) != 0; got != c.want {
							t.Errorf("%v: %d against %d, option %d: %s bit %v, want %v", lists, i, j, k, c.name, got, c.want)
						}
						if c.want {
							seen[n]++
						}
					}
				}
				if got, want := e.posMask(i, j, opts), b.pos&below; got != want {
					t.Errorf("%v: posMask %b, want %b", lists, got, want)
				}
				if got, want := e.statMask(i, j, opts), b.stat&below; got != want {
					t.Errorf("%v: statMask %b, want %b", lists, got, want)
				}
				// Another table than i's against j: no masks, the whole table.
				if _, ok := e.bitsOf(i, j, opts[:len(opts)-1]); ok {
					t.Errorf("%v: masks for a table that is not i's against j", lists)
				}
			}
		}
	}
	for n, name := range []string{"far", "positional", "status"} {
		if seen[n] == 0 {
			t.Errorf("no %s option in the tables: the check tests nothing", name)
		}
	}
}
