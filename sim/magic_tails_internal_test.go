package sim

import (
	"testing"

	"github.com/kharn-ages/kharn/sim/dice"
)

// TestCastDefTailsShared checks that cast plans on the same target share the
// tails of its spell-defence rolls (sim/magic_tails.go) and that a shared tail
// holds what the pool's own distribution gives: a bold caster's plan
// (sim/cast_bold.go: its casting CH lowered, the target's pools as they were)
// and the kind's plan hold the same tails, and a bold target's plan, whose
// defence CH is lowered, holds others. Fails before: every plan built its
// own tails (kharn report's fair costs kept 185 MB of them, docs/benchmarks.md
// "Eleventh round").
func TestCastDefTailsShared(t *testing.T) {
	e := posEngine(t, "bone-seer-2", "kherops-warrior-1")
	i, j := 0, 2
	ck, tk := e.c[i].kind, e.c[j].kind
	var opt *castOption
	for n := range e.magic.opts[ck] {
		if o := &e.magic.opts[ck][n]; o.spell.ID == "bone-splinters" && o.plans[tk] != nil {
			opt = o
			break
		}
	}
	if opt == nil || opt.bold == nil {
		t.Fatal("no Bone Splinters option of bone-seer-2 on kherops-warrior-1 with bold plans")
	}
	base := opt.plans[tk]
	caster := e.castPlanOf(opt, tk, 1) // the caster bold
	target := e.castPlanOf(opt, tk, 2) // the target bold
	if caster == base || target == base {
		t.Fatal("the bold plans are the kind's plan")
	}
	for k := range 4 {
		for thr := range 10 {
			if caster.defTails[k][thr] != base.defTails[k][thr] {
				t.Fatalf("defTails[%d][%d]: the bold caster's plan holds its own tail, want the kind's plan's (same pool %+v)", k, thr, base.defPool[k])
			}
			if target.defTails[k][thr] == base.defTails[k][thr] {
				t.Fatalf("defTails[%d][%d]: the bold target's plan (CH from %d) shares the tail of the pool with CH from %d",
					k, thr, target.defPool[k].CritFrom, base.defPool[k].CritFrom)
			}
		}
	}
	// A shared tail is the pool's distribution's.
	for _, pl := range []*castPlan{base, target} {
		for k := range 4 {
			for thr := range 10 {
				q := pl.defPool[k]
				q.Reroll = thr
				want := newSplitTail(q.Dist())
				if !sameTail(pl.defTails[k][thr], want) {
					t.Fatalf("defTails[%d][%d] of pool %+v differs from newSplitTail(Dist())", k, thr, q)
				}
			}
		}
	}
	if p := (dice.Pool{Dice: 2, CritFrom: 10, CFMax: 1, Reroll: 3}); sharedDefTail(p) != sharedDefTail(p) {
		t.Error("sharedDefTail built a pool's tail twice")
	}
}

// sameTail reports whether a and b hold the same values.
func sameTail(a, b *splitTail) bool {
	if a.cf != b.cf || a.crit != b.crit || len(a.plain) != len(b.plain) || len(a.ch) != len(b.ch) {
		return false
	}
	for v := range a.plain {
		if a.plain[v] != b.plain[v] {
			return false
		}
	}
	for v := range a.ch {
		if a.ch[v] != b.ch[v] {
			return false
		}
	}
	return true
}
