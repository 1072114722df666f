package sim

import (
	"sync"
	"sync/atomic"
)

// Critical thresholds lowered after a passed temerity test, on casting and
// spell-defence rolls (seed 004 lines 1231-1232: "les seuils de critique de
// toutes les actions entreprises par ce Safar baissent de 1 jusqu'au début du
// tour suivant"; seed 000 line 1284: "for all his actions"; sim/critthresh.go
// plays it on exchanges and objective tests).
//
// A cast and a spell defence are actions of the Safar (seed 000 lines 1432,
// 1452: a casting roll, a defence of k AP against it), so a bold caster
// casts with a CH on 9-10 and a bold target defends against a spell with a
// CH on 9-10 (Cast.plan: Fighter.CriticalLower, as on its exchange rolls,
// the CF range kept). A fight's casting tables are per kind (initMagic,
// castOption.plans), made before any Safar is bold; a bold one takes a second
// plan of the same cast, its fighters with CriticalLower 1: the caster's, the
// target's when it defends (an enemy; an ally does not defend), or both.
// Those plans are built when a bold Safar first casts or is cast on, only in
// engines where a Safar can be the last of its side (a side of two or more
// that takes temerity tests: engine.morale), and shared by the engine's
// clones (castOption is), through the run's tables when it has them
// (castKey tells the fighters apart by content, CriticalLower included).

// boldCast is one lazily built cast plan with lowered critical thresholds.
type boldCast struct {
	mu sync.Mutex
	pl atomic.Pointer[castPlan]
}

// anyBold reports whether some Safar of e can pass a last-Safar temerity test
// (engine.morale): a side of two or more, of a kind that takes the tests.
func (e *engine) anyBold() bool {
	for k := range e.kinds {
		if e.sideSize[e.kindSide[k]] >= 2 && !e.info[k].noTemerity {
			return true
		}
	}
	return false
}

// castBold returns the bold variant of a cast of option opt by Safar i on j:
// bit 0 when i's thresholds are lowered, bit 1 when j's are and it defends (an
// enemy); 0 when the option has no bold plans.
func (e *engine) castBold(i, j int, opt *castOption) uint8 {
	if opt.bold == nil {
		return 0
	}
	var b uint8
	if e.c[i].morale.bold {
		b |= 1
	}
	if i != j && e.c[j].side != e.c[i].side && e.c[j].morale.bold {
		b |= 2
	}
	return b
}

// castPlanOf returns the plan of option opt on target kind tk in bold variant
// b (castBold): opt.plans[tk] for 0, else the plan with the caster's and/or
// the target's critical thresholds lowered by 1, built on first use. It does
// not allocate once built.
func (e *engine) castPlanOf(opt *castOption, tk int, b uint8) *castPlan {
	pl := opt.plans[tk]
	if b == 0 || pl == nil || opt.bold == nil {
		return pl
	}
	slot := &opt.bold[3*tk+int(b&3)-1]
	if p := slot.pl.Load(); p != nil {
		return p
	}
	slot.mu.Lock()
	defer slot.mu.Unlock()
	if p := slot.pl.Load(); p != nil {
		return p
	}
	c := *pl.c
	if b&1 != 0 {
		c.Caster = lowered(c.Caster)
	}
	if b&2 != 0 {
		c.Target = lowered(c.Target)
	}
	p, err := e.castPlan(&c)
	if err != nil {
		panic("sim: a legal cast became illegal with lowered critical thresholds: " + err.Error())
	}
	slot.pl.Store(p)
	return p
}

// lowered returns a copy of f with its critical thresholds lowered by 1 more
// (sim/critthresh.go).
func lowered(f *Fighter) *Fighter {
	g := *f
	g.CriticalLower++
	return &g
}
