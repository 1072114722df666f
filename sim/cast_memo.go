package sim

// This file holds what the casters' decisions (castFirst, sim/magic_fight.go)
// compute once per decision instead of once per option and target (issue #13,
// docs/benchmarks.md "Twelfth round: the casters' decisions"). Results are the
// same to the bit: the memoised values depend on nothing the decision changes.

// wayMemo is a Safar's way bonus (engine.wayBonus) computed on first use: it
// counts the allies, the wounded and the defeated of the whole battlefield, and
// a decision weighing every option on every target reads it for each.
type wayMemo struct {
	bonus int
	ok    bool
}

// of returns Safar i's way bonus, computed on the first call. A wayMemo serves
// one Safar in one state of the battlefield (positions and HP).
func (w *wayMemo) of(e *engine, i int) int {
	if !w.ok {
		w.bonus, w.ok = e.wayBonus(i), true
	}
	return w.bonus
}

// masterOnBit is masterOn for a way given by its bit (wayBit), precomputed in
// the cast options: wayBit compares the way's name with every way's.
func (s *Skills) masterOnBit(bit uint8) bool {
	return s.Master&FieldEsoteric != 0 || s.MasterWays&bit != 0
}
