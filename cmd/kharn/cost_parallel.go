package main

import (
	"math/rand/v2"
	"runtime"

	"github.com/kharn-ages/kharn/balance"
	"github.com/kharn-ages/kharn/sim"
)

// costConcurrency is how many profiles assessCosts searches at once: one per
// worker (--workers, 0: one per CPU), and one at a time in a shard or a merge,
// whose units record their results in order (shard.go).
func costConcurrency(f *costFlags) int {
	if f.units != nil {
		return 1
	}
	if f.workers > 0 {
		return f.workers
	}
	return runtime.GOMAXPROCS(0)
}

// stageGames returns the game factory of one profile's fair-cost search that
// hands every stage of the search (balance.Search: the wide grid, its replays,
// the narrow grid) the same battle players, instead of new ones per stage. A
// sim.BudgetPlayer keeps a sim.SkirmishPlayer per opponent and pair of side
// sizes, each set up at some milliseconds (deployment, threat tables), and
// consecutive stages meet mostly the same ones. A battle's result depends only on
// the random numbers it is given, not on what the player played before (the
// same seed gives the same curve for any number of workers), so the curves do
// not change.
//
// balance.Sample calls the factory once per worker (workers: cfg.Workers, 0 for
// GOMAXPROCS), one call after another before it plays, and runs its stages one
// after another: the i-th call of a stage gets the player of slot i, so no two
// goroutines share a player.
func stageGames(m *sim.BudgetMatch, workers int) balance.GameFactory {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	players := make([]*sim.BudgetPlayer, workers)
	calls := 0
	return func() (balance.Game, error) {
		k := calls % workers
		calls++
		if players[k] == nil {
			pl, err := m.NewPlayer()
			if err != nil {
				return nil, err
			}
			players[k] = pl
		}
		pl := players[k]
		return func(r *rand.PCG, cost float64) float64 { return pl.Play(r, cost) }, nil
	}
}
