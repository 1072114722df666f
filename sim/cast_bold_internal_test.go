package sim

import (
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// TestBoldCastInFight checks that a fight casts with the lowered thresholds
// of a Safar that passed its last-Safar temerity test (seed 004 lines
// 1231-1232; sim/cast_bold.go): a bold bone seer's Bone Splinters on a Khérops
// warrior is cast from a plan whose casting roll has its CH on 9-10 and takes
// effect more often than its own plan says, a bold warrior defends with its
// CH on 9-10 and the spell takes effect less often, and the per-kind plan is
// untouched; a duel, where no Safar is the last of a side of two, builds no
// bold plans. Fails before: the casting tables had no lowered threshold (the
// rule table named it not modelled).
func TestBoldCastInFight(t *testing.T) {
	e := posEngine(t, "bone-seer-2", "kherops-warrior-1")
	i, j := 0, 2
	ck, tk := e.c[i].kind, e.c[j].kind
	oi := -1
	for n := range e.magic.opts[ck] {
		o := &e.magic.opts[ck][n]
		if o.spell.ID == "bone-splinters" && o.plans[tk] != nil && o.level.Effect == profiles.EffectDamage {
			oi = n
			break
		}
	}
	if oi < 0 {
		t.Fatal("no Bone Splinters option of bone-seer-2 on kherops-warrior-1")
	}
	opt := &e.magic.opts[ck][oi]
	if opt.bold == nil {
		t.Fatal("a skirmish of two a side has no bold plans")
	}
	s0 := e.castStateOf(i, j, opt)
	p0 := e.pSuccess(ck, oi, tk, s0)
	if s0.bold != 0 || e.castPlanOf(opt, tk, s0.bold) != opt.plans[tk] {
		t.Fatalf("no one bold: variant %d", s0.bold)
	}

	e.c[i].morale.bold = true
	s1 := e.castStateOf(i, j, opt)
	pl := e.castPlanOf(opt, tk, s1.bold)
	if s1.bold != 1 || pl.pool.CritFrom != 9 || opt.plans[tk].pool.CritFrom != 10 {
		t.Errorf("bold caster: variant %d, casting CH from %d (the kind's plan: %d); want 1, 9, 10", s1.bold, pl.pool.CritFrom, opt.plans[tk].pool.CritFrom)
	}
	if p1 := e.pSuccess(ck, oi, tk, s1); !(p1 > p0) {
		t.Errorf("bold caster: P(success) %.6f, want more than %.6f", p1, p0)
	}
	if again := e.castPlanOf(opt, tk, s1.bold); again != pl {
		t.Error("the bold plan was built twice")
	}

	e.c[i].morale.bold, e.c[j].morale.bold = false, true
	s2 := e.castStateOf(i, j, opt)
	if pl := e.castPlanOf(opt, tk, s2.bold); s2.bold != 2 || pl.defPool[0].CritFrom != 9 || pl.pool.CritFrom != 10 {
		t.Errorf("bold target: variant %d, defence CH from %d, casting CH from %d; want 2, 9, 10", s2.bold, pl.defPool[0].CritFrom, pl.pool.CritFrom)
	}
	if p2 := e.pSuccess(ck, oi, tk, s2); !(p2 < p0) {
		t.Errorf("bold target: P(success) %.6f, want less than %.6f", p2, p0)
	}

	d := &Duel{A: fighterOf(t, "bone-seer-2"), B: fighterOf(t, "kherops-warrior-1")}
	p, err := d.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	for _, opts := range p.e.magic.opts {
		for n := range opts {
			if opts[n].bold != nil {
				t.Fatalf("duel: bold plans for %s", opts[n].spell.ID)
			}
		}
	}
}
