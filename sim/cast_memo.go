package sim

import (
	"math"
	"sync"
)

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

// pSuccessMemo holds a cast plan's exact P(success) (pSuccessMaster) by its
// arguments, for every engine of a run: each engine's own cache
// (fightMagic.p, by kinds and state, lock-free) misses once per state, and a
// run's report sets up thousands of engines on the same shared plans
// (sim/cast_tables.go), each computing again what another already had. Its
// zero value is ready; it is never copied (the plan is built in place).
type pSuccessMemo struct {
	mu sync.Mutex
	m  map[pSuccessKey]float64
}

// pSuccessKey is every argument of pSuccessMaster: apv by its bits, so that a
// value is found only for the very same float.
type pSuccessKey struct {
	apv                              uint64
	extra, ward, awake, cap          int16
	mast, master, defMast, defMaster bool
}

// pSuccessShared is pSuccessMaster through the plan's memo: the same value to
// the bit (a pure function of the plan and its arguments), computed once per
// plan and arguments. Safe for concurrent use; the computation runs outside
// the lock.
func (pl *castPlan) pSuccessShared(extra, ward, awake, cap int, mast, master, defMast, defMaster bool, apv float64) float64 {
	k := pSuccessKey{apv: math.Float64bits(apv), extra: int16(extra), ward: int16(ward), awake: int16(awake), cap: int16(cap),
		mast: mast, master: master, defMast: defMast, defMaster: defMaster}
	pm := &pl.memo
	pm.mu.Lock()
	p, ok := pm.m[k]
	pm.mu.Unlock()
	if ok {
		return p
	}
	p = pl.pSuccessMaster(extra, ward, awake, cap, mast, master, defMast, defMaster, apv)
	pm.mu.Lock()
	if pm.m == nil {
		pm.m = map[pSuccessKey]float64{}
	}
	pm.m[k] = p
	pm.mu.Unlock()
	return p
}
