package main

import (
	"context"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/kharn-ages/kharn/balance"
	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
	"github.com/kharn-ages/kharn/sim/field"
)

// costFixture returns the cases of ids against the pool of ids in pool, on open
// ground.
func costFixture(t *testing.T, ids []string, pool string) ([]costCase, refPool, field.Field, *profiles.Scenario) {
	t.Helper()
	ds := profiles.Default()
	var ps []*profiles.Profile
	for _, id := range ids {
		p, err := ds.ResolveProfile(id)
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	cases, err := costCases(ds, ps)
	if err != nil {
		t.Fatal(err)
	}
	rp, err := costPool(ds, pool, false)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := loadScenario("open-ground")
	if err != nil {
		t.Fatal(err)
	}
	tbl, err := field.FromScenario(sc)
	if err != nil {
		t.Fatal(err)
	}
	return cases, rp, tbl, sc
}

// TestStageGamesSameCurve checks that the players kept across the stages of a
// search (stageGames) give the curve of new players at every stage, with one
// and two workers: a battle depends only on its random numbers.
func TestStageGamesSameCurve(t *testing.T) {
	cases, rp, tbl, sc := costFixture(t, []string{"crown-guard-1"}, "kherops-warrior-1,paladin-3")
	c := cases[0]
	budget := costBudget(300, c.card)
	m := &sim.BudgetMatch{Fighter: c.f, Pool: rp.fs, PoolCosts: rp.costs, Budget: budget, Field: tbl,
		Deployment: sc.Deployment, Rounds: sc.Rounds, Tables: &sim.Tables{}, Objectives: sc.Objectives}
	fresh := func() (balance.Game, error) {
		pl, err := m.NewPlayer()
		if err != nil {
			return nil, err
		}
		return func(r *rand.PCG, cost float64) float64 { return pl.Play(r, cost) }, nil
	}
	for _, workers := range []int{1, 2} {
		cfg := balance.Config{Costs: costGrid(c.card, budget), MinCost: float64(budget) / sim.MaxBudgetSafars,
			Trials: 100, MinTrials: 60, Seed: 3, Workers: workers}
		want, err := balance.Search(context.Background(), cfg, fresh)
		if err != nil {
			t.Fatal(err)
		}
		got, err := balance.Search(context.Background(), cfg, stageGames(m, workers))
		if err != nil {
			t.Fatal(err)
		}
		if got.Coarse == nil || want.Coarse == nil {
			// The search must play both stages for the check to cover them.
			t.Fatalf("no second stage (coarse curves %v, %v): the fixture's search found no crossing to refine", got.Coarse != nil, want.Coarse != nil)
		}
		if !reflect.DeepEqual(got.Points, want.Points) || !reflect.DeepEqual(got.Coarse.Points, want.Coarse.Points) || !reflect.DeepEqual(got.FairCost(), want.FairCost()) {
			t.Errorf("workers %d: kept players give %v (coarse %v), new ones %v (coarse %v)", workers, got.Points, got.Coarse.Points, want.Points, want.Coarse.Points)
		}
	}
}

// TestAssessCostsConcurrent checks that searching several profiles at once
// (costConcurrency) gives each profile the result it gets alone, in the order
// of the cases, and reports progress for every one.
func TestAssessCostsConcurrent(t *testing.T) {
	ids := []string{"crown-guard-1", "kherops-warrior-1", "fang-prowler-1"}
	cases, rp, tbl, sc := costFixture(t, ids, "kherops-warrior-1,crown-guard-1")
	run := func(workers int) ([]costAssessment, map[int]bool) {
		seen := map[int]bool{}
		f := &costFlags{first: 60, trials: 100, budget: 300, maxTrials: 100, seed: 2, workers: workers}
		res, interrupted, err := assessCosts(context.Background(), cases, rp.fs, rp.costs, f, tbl, sc, sim.Variant{},
			func(i int, _ string, _, _ int) { seen[i] = true }) // a data race here fails under -race
		if err != nil || interrupted || len(res) != len(cases) {
			t.Fatalf("workers %d: err %v, interrupted %t, %d results", workers, err, interrupted, len(res))
		}
		return res, seen
	}
	one, _ := run(1)
	three, seen := run(3)
	for i := range cases {
		if !reflect.DeepEqual(one[i].a, three[i].a) || !reflect.DeepEqual(one[i].curve.Points, three[i].curve.Points) {
			t.Errorf("%s: alone %v, three at once %v", ids[i], one[i].a, three[i].a)
		}
		if one[i].a.Label != ids[i] {
			t.Errorf("result %d is %s, want %s", i, one[i].a.Label, ids[i])
		}
		if !seen[i] {
			t.Errorf("no progress for %s", ids[i])
		}
	}
}

// TestStageGamesOnePlayer checks that the games of a search's stages play its
// first player whichever of a stage's games plays first: a stage of the
// report's search is one runner chunk, claimed by any of the workers, and the
// players bound to the games in the order they were made handed it the
// second player about half the time, which then set up again the battles the
// first had set up (docs/benchmarks.md, "Seventh round").
func TestStageGamesOnePlayer(t *testing.T) {
	const workers = 2
	made := 0
	f := keptGames(workers, func() (balance.Game, error) {
		slot := float64(made)
		made++
		return func(*rand.PCG, float64) float64 { return slot }, nil
	})
	var r rand.PCG
	// Each stage: the factory makes workers games, then one of them plays
	// (here the last made, then the first, then the last again).
	for stage, play := range []int{workers - 1, 0, workers - 1} {
		games := make([]balance.Game, workers)
		for i := range games {
			g, err := f()
			if err != nil {
				t.Fatal(err)
			}
			games[i] = g
		}
		for trial := range 3 {
			if got := games[play](&r, 1); got != 0 {
				t.Errorf("stage %d, game %d, trial %d: played player %v, want 0, the one that holds the earlier stages' battles", stage, play, trial, got)
			}
		}
		if stage == 1 {
			// Two games playing at once (two chunks) get two players.
			if got := games[1](&r, 1); got != 1 {
				t.Errorf("stage %d: the second game playing beside the first played player %v, want 1", stage, got)
			}
		}
	}
	if made != workers {
		t.Errorf("made %d players, want %d", made, workers)
	}
}

// TestSearchOrder checks that assessCosts starts the casters playing their
// spells first and the others in order, and keeps the order of cases in a
// shard or a merge (whose units record in order).
func TestSearchOrder(t *testing.T) {
	ds := profiles.Default()
	var cases []costCase
	for _, id := range []string{"crown-guard-1", "goun-shaman-2", "kherops-warrior-1", "bone-seer-2"} {
		p, err := ds.Profile(id)
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, costCase{p: p})
	}
	cases = append(cases, withoutSpells(cases[1])) // a caster priced without its spells: not first
	if got, want := searchOrder(cases, &costFlags{}), []int{1, 3, 0, 2, 4}; !reflect.DeepEqual(got, want) {
		t.Errorf("order %v, want %v", got, want)
	}
	if got, want := searchOrder(cases, &costFlags{units: &shardUnits{}}), []int{0, 1, 2, 3, 4}; !reflect.DeepEqual(got, want) {
		t.Errorf("in a shard: order %v, want %v", got, want)
	}
}
