package sim

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// The helpers of the card rules' engine tests (sim/card*_internal_test.go
// and their kin), which build a battle of the embedded data set and place
// its Safars by hand. The costs are the tests' own (invented), not card
// values.

// handSide returns a spearhead of the embedded data set's Safars, ids[k] at
// costs[k], with no leader (Leader -1: the hand-placed tests need none). A
// profile named twice is one *Fighter, as the tests wrote it by hand
// ("warrior, warrior").
func handSide(t testing.TB, ids []string, costs ...int) Spearhead {
	t.Helper()
	if len(ids) != len(costs) {
		t.Fatalf("handSide: %d Safars, %d costs", len(ids), len(costs))
	}
	loaded := map[string]*Fighter{}
	s := Spearhead{Safars: make([]*Fighter, len(ids)), Costs: costs, Leader: -1}
	for k, id := range ids {
		if loaded[id] == nil {
			loaded[id] = cardFighterIn(t, id)
		}
		s.Safars[k] = loaded[id]
	}
	return s
}

// handEngine returns the engine of a player of s with no ambush and its
// battle reset (round 0, the Safars where reset puts them), for a test that
// sets the round and places the Safars by hand.
func handEngine(t testing.TB, s *Skirmish) *engine {
	t.Helper()
	pl, err := s.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	pl.e.ambush = nil
	pl.e.reset()
	return pl.e
}

// checkStruckSupport checks the plan e struck for Safar option k with
// support: keyed with support want, its exchange with support want and no
// defence support; its exact P(success) above that of the same exchange
// with R8's +1; and the sampler agreeing with it (99.99% Wilson interval of
// 100 000 exchanges from rand.NewPCG(7, 8)).
func checkStruckSupport(t *testing.T, e *engine, k, want int) {
	t.Helper()
	var pl *plan
	for key, p := range e.plans {
		if int(key.opt) == k && key.support != 0 {
			if int(key.support) != want {
				t.Errorf("plan key support %d, want %d", key.support, want)
			}
			pl = p
		}
	}
	if pl == nil {
		t.Fatal("no plan with support struck")
	}
	ex := *pl.ex
	if ex.Support != want || ex.DefenceSupport != 0 {
		t.Fatalf("exchange support %d / %d, want %d / 0", ex.Support, ex.DefenceSupport, want)
	}
	got, err := ex.Exact()
	if err != nil {
		t.Fatal(err)
	}
	one := ex
	one.Support = 1
	r1, err := one.Exact()
	if err != nil {
		t.Fatal(err)
	}
	if got.PSuccess <= r1.PSuccess+1e-3 {
		t.Errorf("P(success) %.4f with +%d, %.4f with +1: want more", got.PSuccess, want, r1.PSuccess)
	}
	sm, err := ex.NewSampler()
	if err != nil {
		t.Fatal(err)
	}
	const n = 100000
	r := rand.NewPCG(7, 8)
	succ := 0
	for range n {
		if sm.Sample(r).Success {
			succ++
		}
	}
	if lo, hi := wilson(succ, n); got.PSuccess < lo || got.PSuccess > hi {
		t.Errorf("sampled %d of %d successes, 99.99%% interval [%.4f, %.4f], exact %.4f", succ, n, lo, hi, got.PSuccess)
	}
}

// strike2AP has Safar i, given 5 AP, strike Safar j with its first 2 AP
// melee option (the dice from rand.NewPCG(1, 2)); it returns the option and
// the trace of the strike.
func strike2AP(t *testing.T, e *engine, i, j int) (int, string) {
	t.Helper()
	var tr strings.Builder
	e.trace = &tr
	opts := e.opts[e.c[i].kind][e.c[j].kind]
	k := -1
	for n := range opts {
		if !opts[n].shot && opts[n].attack.AP == 2 {
			k = n
			break
		}
	}
	if k < 0 {
		t.Fatal("no 2 AP melee option")
	}
	e.c[i].ap = 5
	e.strike(rand.NewPCG(1, 2), i, j, k, &opts[k], false, bandEffective, 0, opts[k].ap())
	e.trace = nil
	return k, tr.String()
}
