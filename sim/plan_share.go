package sim

// Candidate defences shared between the exchanges of one attack (issue #13).
// The legal defences and those the best response may prefer (candidates,
// undominated) read the attack's kind, AP and characteristics, not its
// effects: BestEffects, which computes an attack with each of its effect
// choices, lists them once instead of once per choice (a seventh of a cold
// Duel.NewPlayer, most of it checkDefence).
//
// The counter damage of each defence (plan.counterOf) reads the defence and
// the two fighters only: the plans of one attack share the entries too.
//
// The free attack of A effects is the same for every effect choice with an A
// (a 1 AP basic attack, R7a), and so are the defender's answers to it: its
// decision rows, the groups of its outcomes (freeGroups) and its expected
// damage by AP (freeValue) read the free attack, its candidates, its hit value
// and the decision tables' range (maxTotal), not the main attack's effects.
// The plans of one attack share them when those agree.

// candShare keeps the candidates of the plans of one attack: key is that attack,
// prepared, its effects cleared; the free attack's list is made by the first
// plan with an A effect.
type candShare struct {
	key   Attack
	ready [2]bool
	cands [2][]Defence
	// The free attack's rows, groups and values, and what they were made with.
	freeReady  bool
	free       Attack
	freeMod    int
	freeHit    [2]float64
	maxTotal   int
	freeRows   map[decisionKey]*decRow
	freeGroups map[freeGroupKey][]group
	freeValue  []float64
	// counters are the counter damage entries (plan.counterOf) of the plans
	// made so far: they read the defence and the two fighters, not the attack.
	counters      [4][3]*counterEntry
	countersReady bool
}

// shareFree gives pl the free attack's rows, groups and values of sh when they
// were made for the same free attack, hit value and decision range, or makes
// them with pl (pl.freeValue included) when sh has none yet; it reports
// whether pl has them from sh. A nil sh, or one of another attack, shares
// nothing.
func (sh *candShare) shareFree(pl *plan) bool {
	key := pl.main
	key.Effects = Chars{}
	if sh == nil || sh.key != key {
		return false
	}
	if sh.freeReady {
		if sh.free != pl.free || sh.freeMod != pl.freeMod || sh.freeHit != pl.hitValue[1] || sh.maxTotal != pl.maxTotal {
			return false
		}
		pl.freeRows, pl.freeGroupMemo, pl.freeValue = sh.freeRows, sh.freeGroups, sh.freeValue
		return true
	}
	sh.free, sh.freeMod, sh.freeHit, sh.maxTotal = pl.free, pl.freeMod, pl.hitValue[1], pl.maxTotal
	sh.freeRows, sh.freeGroups = map[decisionKey]*decRow{}, map[freeGroupKey][]group{}
	pl.freeRows, pl.freeGroupMemo = sh.freeRows, sh.freeGroups
	pl.freeValue = pl.expectedFrees()
	sh.freeValue, sh.freeReady = pl.freeValue, true
	return true
}

// candidates returns the candidates of pl against its main attack and against
// the free attack of its A effects (nil without A effects: no free attack is
// ever made then), from sh when it holds those of pl's attack. A nil sh, or one
// of another attack, shares nothing.
func (sh *candShare) candidates(pl *plan) [2][]Defence {
	key := pl.main
	key.Effects = Chars{}
	if sh != nil && (sh.ready[0] || sh.ready[1]) && sh.key != key {
		sh = nil
	}
	if sh != nil && sh.countersReady {
		pl.counters = sh.counters
	}
	var out [2][]Defence
	var buf [maxScratchDefences]Defence // Exchange.candidates' list, on the stack: undominated copies what the plan keeps
	for k, free := range [2]bool{false, true} {
		if free && pl.nFree == 0 {
			continue
		}
		if sh != nil && sh.ready[k] {
			out[k] = sh.cands[k]
			continue
		}
		out[k] = pl.undominated(pl.ex.appendCandidates(buf[:0], free), free)
		if sh != nil {
			sh.key, sh.ready[k], sh.cands[k] = key, true, out[k]
			// undominated has valued every candidate's counter damage.
			sh.counters, sh.countersReady = pl.counters, true
		}
	}
	return out
}
