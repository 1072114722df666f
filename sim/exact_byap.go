package sim

import "slices"

// A fight option's table asks the exact exchange against every AP k = 0..AP
// the defender may hold (exactByAP, exactByAPFrom). Past the AP of its dearest
// defence, a defender's AP change nothing the exact engine computes when the
// attack brings no free attack and the policy values AP without a reserve:
// every candidate is feasible whatever k (plan.feasible), and the other
// readers of the AP held (the free attacks' value, the Reserve, Cunning's AP
// left, their decision rows) are not used. The states then differ only by
// their defAP, which no figure of a Result reads (the AP spent is defSpent),
// so those k give the same Result to the bit, and one is computed for all of
// them (TestExactByAP, TestBestEffectsShared compare each with Exact). In a
// 5 AP defender's table, k = 3 and 4 take k = 5's (two of the five exact
// exchanges an option computed beside BestEffects').

// apSaturation returns the least AP from which the results of pl against a
// defender holding that many AP or more are all the same, or maxAP when
// no such AP is known.
func (pl *plan) apSaturation() int {
	ex := pl.ex
	if pl.nFree > 0 || ex.Policy.Reserve != nil || ex.Policy.CounterStatus != nil || ex.Policy.Defence != nil || ex.DefenderWarned {
		return maxAP
	}
	top := 0
	for _, d := range pl.candidates[0] {
		if !d.None {
			top = max(top, d.AP)
		}
	}
	top += int(pl.defCost())
	if ex.Defender.Skills.Cunning {
		top++ // cunningOK: 1 AP left after the defence
	}
	return top
}

// maxAP stands for "no AP" in apSaturation.
const maxAP = int(^uint(0) >> 1)

// cloneResult returns a copy of r that shares no slice with it.
func cloneResult(r *Result) *Result {
	c := *r
	c.DamagePMF = slices.Clone(r.DamagePMF)
	c.CounterPMF = slices.Clone(r.CounterPMF)
	c.DefenceAPPMF = slices.Clone(r.DefenceAPPMF)
	c.Warnings = slices.Clip(r.Warnings)
	return &c
}

// The same holds for the defender's decision rows: past the AP of the
// dearest candidate, a row's decisions read nothing of the AP held when
// neither the free attacks' value (main attack with A effects), the Reserve
// nor Cunning is in play. plan.row then keys such rows by that AP (rowAPCap),
// so that the free attacks' steps, the k of a fight option's table and
// expectedFrees share one row, its decisions and its groups, instead of
// working out the same ones per AP.

// rowAPCap returns, for the main (free false) or the free attack, the AP past
// which the defender's decision rows are the same, or -1 when they may differ.
func (pl *plan) rowAPCap(free bool) int8 {
	ex := pl.ex
	if ex.Policy.Reserve != nil || ex.Policy.CounterStatus != nil || ex.Defender.Skills.Cunning || !free && (pl.nFree > 0 || ex.Policy.Defence != nil) {
		return -1
	}
	top := 0
	for _, d := range pl.candidates[b2i(free)] {
		if !d.None {
			top = max(top, d.AP)
		}
	}
	return int8(top) + pl.defCost()
}
