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
}

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
	workers := c.workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	inner := 1 // runner workers per matchup: the spare ones when matchups are few
	if len(ms) > 0 && len(ms) < workers {
		inner = workers / len(ms)
	}
	var (
		next   atomic.Int64
		mu     sync.Mutex
		errs   = make([]error, len(ms))
		wg     sync.WaitGroup
		failed atomic.Bool
	)
	for range min(workers, max(len(ms), 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(ms) || ctx.Err() != nil || failed.Load() {
					return
				}
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
