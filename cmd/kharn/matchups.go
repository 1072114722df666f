package main

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/kharn-ages/kharn/sim"
)

// matchup is one pairing of duellists in a batch of duels.
type matchup struct {
	a, b *sim.Fighter
	// exact asks for a's best exact expected damage per AP against b (bestPerAP).
	exact bool
}

// matchResult is what a matchup gave.
type matchResult struct {
	tally sim.DuelTally
	// done reports that every trial was played (false when interrupted).
	done        bool
	perAP       float64
	notModelled []string
}

// matchConfig says how every matchup of a batch is played.
type matchConfig struct {
	trials int
	// precision, when positive, stops a pairing once both sides' win rates
	// are known to this 95% half-width, at most trials fights (playPairing).
	precision float64
	seed      uint64
	workers   int
	distance  float64
	variant   sim.Variant
	// tables, when not nil, shares the duels' option tables with the rest of
	// the run (sim.Tables).
	tables *sim.Tables
	// units, in kharn report --shard and kharn merge, plays only this
	// shard's matchups or reads them from the shards (report_shard.go).
	units *shardUnits
	// known, when not nil, holds results already played (the report's
	// matchups, for the loadouts' base rows): a matchup found in it is not
	// played again (duelKey). Read-only.
	known map[duelKey]matchResult
}

// duelKey identifies what a matchup's result depends on: its two duellists
// (sim.FighterKey: the same key plays the same fights) and how the batch
// plays it. The option tables a batch shares do not change a result.
type duelKey struct {
	a, b      string
	trials    int
	precision float64
	seed      uint64
	distance  float64
	variant   sim.Variant
}

// keyOf returns the duelKey of m played with c.
func (c matchConfig) keyOf(m matchup) duelKey {
	return duelKey{a: sim.FighterKey(m.a), b: sim.FighterKey(m.b), trials: c.trials, precision: c.precision,
		seed: c.seed, distance: c.distance, variant: c.variant}
}

// pairingsReused counts the matchups playMatchups took from matchConfig.known
// (KHARN_STAGE_TIMES prints them).
var pairingsReused atomic.Int64

// playMatchups plays every matchup's fights with the same seed (common random
// numbers), several matchups at once on the workers. Each matchup's result depends
// only on its duellists and the seed, so the results are the same for any number
// of workers and any order. Setting up a duel (sim.Duel.NewPlayer, 45-70 ms for
// the exact tables) costs as much as some 10^4 fights, so running whole matchups in
// parallel keeps both cores busy where one runner per matchup would leave the
// set-up serial. step, if not nil, is called once per matchup finished, from one
// goroutine at a time.
//
// A cancelled ctx stops the batch: the matchups not finished have done == false,
// and interrupted is true.
func playMatchups(ctx context.Context, ms []matchup, c matchConfig, step func()) (res []matchResult, interrupted bool, err error) {
	if c.units != nil {
		return c.units.play(ctx, ms, c, step)
	}
	res = make([]matchResult, len(ms))
	todo := make([]int, 0, len(ms)) // the matchups to play: not known
	for i, m := range ms {
		if c.known != nil && !m.exact {
			if r, ok := c.known[c.keyOf(m)]; ok {
				res[i] = r
				pairingsReused.Add(1)
				if step != nil {
					step()
				}
				continue
			}
		}
		todo = append(todo, i)
	}
	workers := c.workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	inner := 1 // runner workers per matchup: the spare ones when matchups are few
	if len(todo) > 0 && len(todo) < workers {
		inner = workers / len(todo)
	}
	var (
		next   atomic.Int64
		mu     sync.Mutex
		errs   = make([]error, len(ms))
		wg     sync.WaitGroup
		failed atomic.Bool
	)
	for range min(workers, max(len(todo), 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				k := int(next.Add(1) - 1)
				if k >= len(todo) || ctx.Err() != nil || failed.Load() {
					return
				}
				i := todo[k]
				r, err := playMatchup(ctx, ms[i], c, inner)
				if err != nil {
					errs[i] = err
					failed.Store(true)
					return
				}
				res[i] = r
				if step != nil {
					mu.Lock()
					step()
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	for _, e := range errs {
		if e != nil {
			return res, false, e
		}
	}
	for _, r := range res {
		if !r.done {
			interrupted = true
		}
	}
	return res, interrupted, nil
}

// playMatchup plays one matchup on the given number of runner workers.
func playMatchup(ctx context.Context, m matchup, c matchConfig, workers int) (matchResult, error) {
	d := &sim.Duel{A: m.a, B: m.b, Distance: c.distance, Variant: c.variant, Tables: c.tables}
	tally, done, err := playPairing(ctx, d, c, workers)
	if err != nil {
		return matchResult{}, fmt.Errorf("%s against %s: %w", m.a.Profile.ID, m.b.Profile.ID, err)
	}
	out := matchResult{notModelled: d.NotModelled(), tally: *tally, done: done}
	if m.exact {
		out.perAP = bestPerAP(m.a, m.b, c.variant)
	}
	return out, nil
}

// parallelFor calls f(i) for every i in [0, n) on the given number of goroutines
// (0: one per CPU). f must write only to its own i.
func parallelFor(n, workers int, f func(i int)) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(workers, n) {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				f(i)
			}
		})
	}
	wg.Wait()
}
