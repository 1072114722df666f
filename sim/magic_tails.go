package sim

import (
	"sync"

	"github.com/kharn-ages/kharn/sim/dice"
)

// A cast plan holds the tails of its target's spell-defence rolls: one per AP
// of the defence and mastery threshold (castPlan.defTails, 40 a plan), and 72
// more for a target with Master X (defTailsX). They depend only on the
// defence's dice.Pool, not on the caster, the spell or its difficulty, so the
// plans of every cast on a target computed the same tails again and each kept
// its own copy. Since the bold plans of sim/cast_bold.go (three more plans per
// cast, of which two keep the target's pools as they are) they were half the
// live heap of kharn report's fair costs (185 MB of 385 MB, heap profile of
// the embedded report in its costs stage at 10d90d5; 61 MB of 221 MB before
// the bold plans, at d6d4b69: issue #13, docs/benchmarks.md "Eleventh
// round"). They are now computed once per pool and shared, as the exchanges'
// tails are (splitTailsOf): a tail is never modified once built, so the
// values read are the same.

// defTailCache maps a dice.Pool to the *splitTail of its Dist.
var defTailCache sync.Map

// sharedDefTail returns newSplitTail(p.Dist()), computed once per pool and
// shared: read only. Safe for concurrent use.
func sharedDefTail(p dice.Pool) *splitTail {
	if t, ok := defTailCache.Load(p); ok {
		return t.(*splitTail)
	}
	t, _ := defTailCache.LoadOrStore(p, newSplitTail(p.Dist()))
	return t.(*splitTail)
}
