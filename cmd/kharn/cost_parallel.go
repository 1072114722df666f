package main

import (
	"math/rand/v2"
	"runtime"
	"sync"

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
// sizes, each set up at some milliseconds (deployment, threat tables, cast
// plans), and consecutive stages meet mostly the same ones. A battle's result
// depends only on the random numbers it is given, not on what the player
// played before (the same seed gives the same curve for any number of
// workers), so the curves do not change. Each player's game plays the
// distinct battles of a trial once (onceAcrossCosts).
//
// balance.Sample calls the factory once per worker (workers: cfg.Workers, 0 for
// GOMAXPROCS), one call after another before it plays, and runs its stages one
// after another. A game takes its player when it plays its first trial: the
// first of the players of the search not taken in this stage. A stage of the
// report's search is one runner chunk (at most balance.DefaultChunkSize
// trials), played by whichever worker claims it: binding the players to the
// games in the order they were made would hand that chunk the first or the
// second player at random, and each player would set up the battles the other
// had already set up (TestStageGamesOnePlayer). No two goroutines share a
// player.
func stageGames(m *sim.BudgetMatch, workers int) balance.GameFactory {
	return keptGames(workers, func() (balance.Game, error) {
		pl, err := m.NewPlayer()
		if err != nil {
			return nil, err
		}
		return onceAcrossCosts(pl), nil // cost_memo.go
	})
}

// keptGames is stageGames for any player: newPlayer makes one of the workers
// players of the search (at the factory's first call), each a Game that keeps
// what it sets up; the factory's games play them, each taking at its first
// trial the first player not taken in its stage.
func keptGames(workers int, newPlayer balance.GameFactory) balance.GameFactory {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var (
		mu      sync.Mutex
		players []balance.Game
		taken   []bool
		calls   int
	)
	take := func() balance.Game {
		mu.Lock()
		defer mu.Unlock()
		for i, t := range taken {
			if !t {
				taken[i] = true
				return players[i]
			}
		}
		panic("kharn: more games playing at once than workers") // Sample makes workers games a stage
	}
	return func() (balance.Game, error) {
		mu.Lock()
		defer mu.Unlock()
		if players == nil {
			for range workers {
				pl, err := newPlayer()
				if err != nil {
					return nil, err
				}
				players = append(players, pl)
			}
			taken = make([]bool, workers)
		}
		if calls%workers == 0 {
			// A new stage: the games of the last one have played.
			clear(taken)
		}
		calls++
		var pl balance.Game
		return func(r *rand.PCG, cost float64) float64 {
			if pl == nil {
				pl = take()
			}
			return pl(r, cost)
		}, nil
	}
}
