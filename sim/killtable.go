package sim

// killTable holds an option's kill probabilities (fightOption.kill): the
// probability that the attack alone takes at least h HP (h < killHP) from a
// defender holding k AP, in range band b. It keeps only the rows a fight can
// read: the bands the option has (one for a melee attack, three for a shot) and
// the defender AP up to the defender's own (min(AP, 7)), the rows above it
// being the same as its last. A full [3][8][killHP]float32 array took 3 KB of
// the 3.8 KB of an option; at catalogue scale (150 profiles, 22 350 tables of
// about 16 options) the tables of a report are the bulk of its memory
// (docs/benchmarks.md).
type killTable struct {
	p      []float32 // [band][k][h], nb*nk*killHP
	nb, nk int
}

// newKillTable returns a table of zeros for bands bands and defender AP 0 to
// maxAP (at most 7).
func newKillTable(bands, maxAP int) killTable {
	nk := min(maxAP, 7) + 1
	return killTable{p: make([]float32, bands*nk*killHP), nb: bands, nk: nk}
}

// at returns the probability of taking at least h HP in band b from a
// defender holding k AP (0 <= k, 0 <= h < killHP): 0 in a band the option
// does not have, the row of the defender's full AP above it.
func (t *killTable) at(b, k, h int) float32 {
	if b >= t.nb {
		return 0
	}
	return t.p[(b*t.nk+min(k, t.nk-1))*killHP+h]
}

// set sets the probability at band b, defender AP k (< nk) and h.
func (t *killTable) set(b, k, h int, v float32) { t.p[(b*t.nk+k)*killHP+h] = v }

// clone returns a copy that shares nothing with t.
func (t killTable) clone() killTable {
	t.p = append([]float32(nil), t.p...)
	return t
}
