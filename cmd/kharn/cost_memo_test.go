package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"sync/atomic"
	"testing"

	"github.com/kharn-ages/kharn/balance"
	"github.com/kharn-ages/kharn/sim"
)

// TestOnceAcrossCostsSameCurve checks that a search whose games play each
// distinct battle of a trial once (onceAcrossCosts) gives the curves, both
// stages, and the fair cost of games that play every cost, with common random
// numbers and with independent ones; and that with common random numbers some
// costs did share their trial's battle (else the check would test nothing),
// with independent ones none.
func TestOnceAcrossCostsSameCurve(t *testing.T) {
	cases, rp, tbl, sc := costFixture(t, []string{"crown-guard-1"}, "kherops-warrior-1,paladin-3")
	c := cases[0]
	budget := costBudget(300, c.card)
	m := &sim.BudgetMatch{Fighter: c.f, Pool: rp.fs, PoolCosts: rp.costs, Budget: budget, Field: tbl,
		Deployment: sc.Deployment, Rounds: sc.Rounds, Tables: &sim.Tables{}, Objectives: sc.Objectives}
	every := func() (balance.Game, error) {
		pl, err := m.NewPlayer()
		if err != nil {
			return nil, err
		}
		return func(r *rand.PCG, cost float64) float64 { return pl.Play(r, cost) }, nil
	}
	var calls atomic.Int64
	once := func() (balance.Game, error) {
		pl, err := m.NewPlayer()
		if err != nil {
			return nil, err
		}
		g := onceAcrossCosts(pl)
		return func(r *rand.PCG, cost float64) float64 { calls.Add(1); return g(r, cost) }, nil
	}
	for _, independent := range []bool{false, true} {
		cfg := balance.Config{Costs: costGrid(c.card, budget), MinCost: float64(budget) / sim.MaxBudgetSafars,
			Trials: 100, MinTrials: 60, Seed: 5, Workers: 2, Independent: independent}
		want, err := balance.Search(context.Background(), cfg, every)
		if err != nil {
			t.Fatal(err)
		}
		played, shared := battlesPlayed.Load(), battlesShared.Load()
		calls.Store(0)
		got, err := balance.Search(context.Background(), cfg, once)
		if err != nil {
			t.Fatal(err)
		}
		played, shared = battlesPlayed.Load()-played, battlesShared.Load()-shared
		if got.Coarse == nil || want.Coarse == nil {
			// The search must play both stages for the check to cover them.
			t.Fatalf("no second stage (coarse curves %v, %v): the fixture's search found no crossing to refine", got.Coarse != nil, want.Coarse != nil)
		}
		// %v, not DeepEqual: a fair cost may be NaN.
		if !reflect.DeepEqual(got.Points, want.Points) || !reflect.DeepEqual(got.Coarse.Points, want.Coarse.Points) ||
			fmt.Sprintf("%v %v", got.FairCost(), got.Notes) != fmt.Sprintf("%v %v", want.FairCost(), want.Notes) {
			t.Errorf("independent %t: each battle once gives %v (coarse %v), every cost played %v (coarse %v)",
				independent, got.Points, got.Coarse.Points, want.Points, want.Coarse.Points)
		}
		t.Logf("independent %t: %d battles played, %d shared", independent, played, shared)
		if played+shared != calls.Load() {
			t.Errorf("independent %t: %d battles played and %d shared, want %d in all (the games' calls)", independent, played, shared, calls.Load())
		}
		if independent && shared != 0 {
			t.Errorf("independent random numbers: %d battles shared, want none", shared)
		}
		if !independent && shared == 0 {
			t.Error("common random numbers: no battle shared between the costs of a trial")
		}
	}
}
