package main

import (
	"context"
	"io"
	"math/rand/v2"

	"github.com/kharn-ages/kharn/reports"
	"github.com/kharn-ages/kharn/sim/runner"
	"github.com/kharn-ages/kharn/stats"
)

// sampling says how to run the trials of a duel or skirmish command: the flags
// they share, and where progress and convergence go.
type sampling struct {
	trials, maxTrials int
	precision         float64
	seed              uint64
	workers           int
	// label names the progress bar ("" shows none) and unit counts its trials.
	label, unit string
	// history, when not nil, gets the running count of trials and of side A's wins
	// after every chunk merged (in chunk order: the same for any number of
	// workers).
	history *[]reports.ConvergencePoint
	// units, in a shard or kharn merge, says which chunks to play or read
	// (sampleUnits); nil plays them all.
	units *shardUnits
}

// sample plays s's trials over the worker pool (sim/runner) with a progress bar
// on a terminal; a precision run stops when the 95% Wilson half-width of side A's
// win rate (wins(acc)) is below s.precision. newAcc, merge and newTrial are as in
// runner.Run.
func sample[A any](ctx context.Context, stderr io.Writer, s sampling, newAcc func() A, merge func(dst, src A),
	newTrial func() func(r *rand.PCG, acc A), wins func(acc A) (a, n int)) (runner.Result[A], error) {
	if s.units != nil {
		return sampleUnits(ctx, s, newAcc, merge, newTrial)
	}
	if s.label == "" {
		stderr = io.Discard
	}
	cfg := runner.Config{Trials: s.trials, Precision: s.precision, MaxTrials: s.maxTrials, Seed: s.seed, Workers: s.workers}
	target := s.trials
	if s.precision > 0 {
		target = s.maxTrials
	}
	bar := newBar(stderr, target, s.label, s.unit)
	if bar != nil {
		cfg.Progress = func(done, _ int) { _ = bar.Set(done) }
	}
	var done func(acc A, n int) bool
	if s.precision > 0 {
		done = func(acc A, _ int) bool {
			a, n := wins(acc)
			lo, hi := stats.Wilson(a, n, 0.95)
			return (hi-lo)/2 < s.precision
		}
	}
	res, err := runner.Run(ctx, cfg, newAcc,
		func(dst, src A) {
			merge(dst, src)
			if s.history != nil {
				a, n := wins(dst)
				*s.history = append(*s.history, reports.ConvergencePoint{Trials: n, Successes: a})
			}
		}, newTrial, done)
	if bar != nil {
		_ = bar.Finish()
	}
	return res, err
}
