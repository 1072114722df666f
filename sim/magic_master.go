package sim

import "github.com/kharn-ages/kharn/sim/dice"

// This file plays Master X (esoteric) on a defence against a spell: "once per
// turn, a Safar with this skill can reroll for free one or more dice for
// actions from the X field" (seed 000 l.1636; seed 004 l.1569: "tout ou
// partie d'un jet"). As in the exchanges (R4, docs/rules.md) it is a free
// reroll of the whole pool (dice.Pool.RerollAll), taken after any esoteric
// mastery die when the kept face would still not stop the casting total, which
// the target knows (R5): the thresholds of the mastery die (defRerollThr). In
// fights it is spent once per turn with the Safar's other Master X rerolls
// (engine.masterUsed, reset each round as the exchanges' is); Cast.Exact and
// Cast.NewSampler treat it as available.

// initDefMaster prepares the defence tails of a target with Master X
// (esoteric), when the cast lets it reroll (Cast.DefenceMastery).
func (pl *castPlan) initDefMaster() {
	tgt := pl.c.Target
	pl.defMaster = pl.c.DefenceMastery && tgt.Skills.masterOn(pl.c.Spell.Way) && !pl.c.allied()
	if !pl.defMaster {
		return
	}
	pl.defTailsX = new([4][2][10]*splitTail)
	for k := range 4 {
		for m := range 2 {
			for thr := 1; thr < 10; thr++ {
				q := pl.defPool[k]
				q.RerollAll = thr
				if m == 1 {
					q.Reroll = thr
				}
				pl.defTailsX[k][m][thr] = sharedDefTail(q) // sim/magic_tails.go
			}
		}
	}
}

// defTail returns the distribution of a defence of k AP against total t with
// the target's esoteric die (defMast) and Master X (defMaster) as they are.
func (pl *castPlan) defTail(k, t int, ch, defMast, defMaster bool) *splitTail {
	if defMaster && pl.defMaster {
		if thr := pl.defRerollThr(k, t, ch); thr > 0 {
			return pl.defTailsX[k][b2i(defMast)][thr]
		}
	}
	return pl.defTails[k][pl.defThresholdIn(k, t, ch, defMast)]
}

// defRollPool returns the pool of a defence of k AP against total t, with its
// mastery and Master X thresholds, as defTail describes it.
func (pl *castPlan) defRollPool(k, t int, ch, defMast, defMaster bool) dice.Pool {
	dp := pl.defPool[k]
	dp.Reroll = pl.defThresholdIn(k, t, ch, defMast)
	if defMaster && pl.defMaster {
		dp.RerollAll = pl.defRerollThr(k, t, ch)
	}
	return dp
}
