package sim

import "github.com/kharn-ages/kharn/sim/dice"

// The exact engine's inner loop over attack totals (issue #13). It does the sums
// of groupTotal, in the same order, so that every result is the same to the bit
// (TestExactStable), with what does not change from one total to the next looked
// up once per run of totals answered by the same defence: the candidate, its
// modifier and the group its outcomes add to.

// groupDist adds the outcomes of every total of the attack roll d (the attack's
// modifier mod added) from state s to the groups; row is the decision row of s.
func (pl *plan) groupDist(gs []group, row []uint16, s state, ac *acc, free bool, a Attack, d *dice.Dist, mod int, res *Result) []group {
	for ch, vals := range [2][]float64{d.Plain, d.Crit} {
		attCH := ch == 1
		if row == nil {
			// The policy's fixed defence: the general path.
			for v, q := range vals {
				if q > 0 {
					gs = pl.groupTotal(gs, row, s, ac, free, a, v+mod, attCH, q, res)
				}
			}
			continue
		}
		cur := -2 // the candidate answering the current run of totals
		var def Defence
		var gi [2]int // the groups of the run (-1: not found yet), by mastery die spent
		for v, q := range vals {
			if !(q > 0) {
				continue
			}
			t := v + mod
			idx := pl.defendIdx(row, s, free, t, attCH)
			if idx != cur {
				cur, def, gi = idx, pl.defence(free, idx), [2]int{-1, -1}
			}
			switch {
			case def.Discard:
				gs, gi[0] = addGroupAt(gs, gi[0], idx, attCH, 0, stopParts{stop: q})
				continue
			case def.None:
				if res != nil {
					res.PSuccess += ac.mass * q
					if attCH {
						res.PCriticalSuccess += ac.mass * q
					}
				}
				gs, gi[0] = addGroupAt(gs, gi[0], idx, attCH, 0, stopParts{succ: q})
				continue
			}
			tails := pl.tailsFor(s, free, idx, def, t, attCH)
			dmod := pl.dmod(free, idx, def)
			for used, dd := range tails {
				total := dd.cf + dd.crit + atLeast(dd.plain, 0)
				if total == 0 {
					continue
				}
				o := pl.outcomes(s, free, def, dd, t, dmod, attCH)
				if res != nil {
					hit := o.succ + o.succCF + o.cSucc
					res.PDefenceCF += ac.mass * q * dd.cf
					res.PSuccess += ac.mass * q * hit
					if attCH {
						res.PCriticalSuccess += ac.mass * q * hit
					}
				}
				gs, gi[used] = addGroupAt(gs, gi[used], idx, attCH, used, o.scaled(q))
			}
		}
	}
	return gs
}

// addGroupAt is addGroup with the group's index known (i >= 0) or to be found
// (i < 0); it returns the groups and the group's index.
func addGroupAt(gs []group, i, idx int, ch bool, used int, p stopParts) ([]group, int) {
	if i < 0 {
		for j := range gs {
			if g := &gs[j]; g.idx == idx && g.ch == ch && g.used == used {
				i = j
				break
			}
		}
		if i < 0 {
			return append(gs, group{idx: idx, ch: ch, used: used, p: p}), len(gs)
		}
	}
	gs[i].p = gs[i].p.plus(p)
	return gs, i
}
