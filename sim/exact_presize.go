package sim

// Capacities given up front to the slices an exact exchange fills by appending
// (issue #13, tenth round): the same elements in the same order, so the same
// values, in one allocation instead of one per doubling. An exchange that
// needs more grows them by append as before.

// freeGroupsCap is the capacity of a free attack's groups (plan.freeGroups):
// a group per chosen defence, CH flag and mastery die spent.
const freeGroupsCap = 8

// attDistsCap is the capacity of a plan's attack distributions
// (plan.attackDist): one per attack pool met, the main and free attacks with
// and without their mastery die.
const attDistsCap = 4

// presizePMFs gives res's damage, counter damage and defence AP distributions
// the capacity the final states cur need, so that exactFrom's sums fill them
// without growing them. Their lengths stay zero: exactFrom extends them as
// before, to the same lengths and values.
func presizePMFs(res *Result, cur *stateDist) {
	nd, nc, na := 0, 0, 0
	for i, s := range cur.keys {
		ac := &cur.accs[i]
		nd, nc, na = max(nd, len(ac.dmg)), max(nc, len(ac.ctr)), max(na, int(s.defSpent)+1)
	}
	res.DamagePMF, res.CounterPMF, res.DefenceAPPMF = capped(nd), capped(nc), capped(na)
}

// capped returns an empty slice of capacity n, nil for n = 0: a distribution
// exactFrom never extends stays nil, as before (JSON's null, not []).
func capped(n int) []float64 {
	if n == 0 {
		return nil
	}
	return make([]float64, 0, n)
}
