package main

import (
	"math/rand/v2"
	"sync/atomic"

	"github.com/kharn-ages/kharn/balance"
	"github.com/kharn-ages/kharn/sim"
)

// battlesPlayed and battlesShared count the battles onceAcrossCosts played
// and those it answered from a trial's earlier cost, for tests and
// docs/benchmarks.md (KHARN_STAGE_TIMES prints them).
var battlesPlayed, battlesShared atomic.Int64

// onceAcrossCosts returns pl's game that plays each distinct battle of a trial
// once. balance.Sample gives a trial the same random numbers at every cost of
// its grid (it seeds the game's PCG with the same two words before each cost,
// unless Config.Independent), and sim.BudgetPlayer.Play draws the opponent and
// the two sides' numbers first, then plays the battle with the numbers that
// follow: two costs of a trial that field the same opponent and numbers
// (sim.BudgetPlayer.Sizes; a narrow grid's neighbouring costs often round to
// the same number of Safars) play the same battle and score the same. The game
// keeps the scores of the current trial's battles, told apart by their sizes,
// and a new state of the PCG starts a new trial, so every score is what Play
// returns: the curves do not change (TestOnceAcrossCostsSameCurve). The state
// Play leaves in the PCG differs for a battle not played again; Sample reseeds
// it before each cost. Like pl, the game is for one goroutine at a time.
func onceAcrossCosts(pl *sim.BudgetPlayer) balance.Game {
	type played struct {
		sizes sim.BudgetSizes
		score float64
	}
	var (
		trial rand.PCG // the PCG's state when the current trial started
		memo  []played // its battles
		fresh = true
	)
	return func(r *rand.PCG, cost float64) float64 {
		if fresh || *r != trial {
			trial, memo, fresh = *r, memo[:0], false
		}
		sz := pl.Sizes(r, cost)
		for _, p := range memo {
			if p.sizes == sz {
				battlesShared.Add(1)
				return p.score
			}
		}
		s := pl.Play(r, cost)
		memo = append(memo, played{sz, s})
		battlesPlayed.Add(1)
		return s
	}
}
