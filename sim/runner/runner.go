package runner

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"
)

// Defaults for the zero fields of a Config.
const (
	DefaultChunkSize = 4096
	DefaultMaxTrials = 10_000_000
)

// checkEvery is how many trials a worker plays between two looks at the context, so
// that a cancelled run stops within a fraction of a chunk. A look is an atomic load,
// under a thousandth of a nanosecond per trial at this spacing.
const checkEvery = 1024

// progressEvery is the least time between two calls of Config.Progress.
const progressEvery = 100 * time.Millisecond

// Config says how many trials to play and how. Its zero value plays no trials.
type Config struct {
	// Trials is the number of trials of a fixed run. It is ignored when Precision
	// is positive.
	Trials int

	// Precision, when positive, makes a precision run: Run plays chunk after chunk
	// until the done function reports the target is met, or MaxTrials trials have
	// been played. Run only checks its sign; the done function gives it a meaning,
	// such as the largest acceptable standard error.
	Precision float64

	// MaxTrials caps a precision run. Zero means DefaultMaxTrials.
	MaxTrials int

	// Seed is the master seed: chunk c draws from rand.NewPCG(Seed, uint64(c)).
	Seed uint64

	// Workers is the number of worker goroutines. Zero means runtime.GOMAXPROCS(0).
	// It does not change the result.
	Workers int

	// ChunkSize is the number of trials per chunk. Zero means DefaultChunkSize.
	// It is part of the seed: the same Seed and ChunkSize give the same result.
	ChunkSize int

	// Progress, if not nil, is called with the number of trials merged so far and
	// the number aimed at (Trials, or MaxTrials for a precision run). It is called
	// from the goroutine that called Run, at most once per 100ms, and once more
	// when the run ends.
	Progress func(done, target int)
}

// Result is the outcome of a run.
type Result[A any] struct {
	// Acc holds the merged accumulators of the first Chunks chunks.
	Acc A
	// Trials is the number of trials merged into Acc.
	Trials int
	// Chunks is the number of chunks merged into Acc.
	Chunks int
	// Converged reports that a precision run stopped because done returned true.
	Converged bool
	// Interrupted reports that the context was cancelled before the run ended.
	// Acc then holds the chunks completed before the first missing one, so it is
	// the result of a shorter run with the same seed.
	Interrupted bool
}

// A PanicError reports a panic in a trial. Replaying chunk Chunk, that is up to
// ChunkSize trials from rand.NewPCG(Seed, uint64(Chunk)), reproduces it, unless
// the trial depends on what its worker did before.
type PanicError struct {
	Seed  uint64 // the run's Config.Seed
	Chunk int    // the chunk being played, or -1 when newWorker panicked
	Value any    // the value passed to panic
	Stack []byte // the stack of the panicking goroutine
}

// Error returns the panic value, where to reproduce it, and the stack.
func (e *PanicError) Error() string {
	if e.Chunk < 0 {
		return fmt.Sprintf("runner: worker set-up panicked (seed %d): %v\n\n%s", e.Seed, e.Value, e.Stack)
	}
	return fmt.Sprintf("runner: trial panicked in chunk %d of seed %d (rand.NewPCG(%d, %d)): %v\n\n%s",
		e.Chunk, e.Seed, e.Seed, e.Chunk, e.Value, e.Stack)
}

// Unwrap returns the panic value if it is an error, and nil otherwise.
func (e *PanicError) Unwrap() error {
	err, _ := e.Value.(error)
	return err
}

// Run plays the trials cfg asks for and returns their merged accumulator.
//
// The trials are cut into chunks of cfg.ChunkSize; the last chunk of a fixed run
// may be shorter. Each chunk is played by one worker into a fresh accumulator from
// newAcc, with dice from rand.NewPCG(cfg.Seed, uint64(c)) for chunk c, and the
// chunks are merged into the total with merge(total, chunk) strictly in chunk
// order. So the result, floating-point sums included, is the same for any number
// of workers. A is usually a pointer to a struct of integer histograms and sums.
//
// newWorker is called once by each worker goroutine; the function it returns plays
// one trial with r into acc. It belongs to that goroutine, so it may keep caches
// (decision tables, scratch space) without locks. Nothing is sent, locked or
// atomically updated per trial, only per chunk.
//
// In a precision run (cfg.Precision > 0), done(total, trials) is called after each
// chunk is merged, and the run stops at the first chunk where it returns true, or
// when cfg.MaxTrials trials have been merged. Chunks played beyond that point by
// other workers are discarded, so the stopping point is also the same for any
// number of workers. done is not used by a fixed run and may be nil.
//
// If ctx is cancelled, the workers stop within 1024 trials, abandoning their
// partial chunks, and Run returns the completed chunks that follow on from chunk 0,
// with Interrupted set and a nil error. If a trial panics, Run returns a zero
// Result and a *PanicError naming the chunk and seed. An invalid cfg gives an
// error. Run panics if newAcc, merge or newWorker is nil, or if a precision run has
// no done function.
func Run[A any](ctx context.Context, cfg Config, newAcc func() A, merge func(dst, src A),
	newWorker func() func(r *rand.PCG, acc A), done func(acc A, trials int) bool) (Result[A], error) {
	if newAcc == nil || merge == nil || newWorker == nil {
		panic("runner: nil newAcc, merge or newWorker")
	}
	precision := cfg.Precision > 0
	if precision && done == nil {
		panic("runner: precision run without a done function")
	}
	target, err := cfg.target()
	if err != nil {
		return Result[A]{}, err
	}
	size := cfg.ChunkSize
	if size == 0 {
		size = DefaultChunkSize
	}
	res := Result[A]{Acc: newAcc()}
	p := &pool[A]{
		seed:      cfg.Seed,
		size:      size,
		target:    target,
		chunks:    (target + size - 1) / size,
		newAcc:    newAcc,
		newWorker: newWorker,
	}
	if p.chunks == 0 {
		if cfg.Progress != nil {
			cfg.Progress(0, 0)
		}
		return res, nil
	}
	workers := cfg.Workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, p.chunks)

	// At most window chunks are claimed and not yet merged: a worker takes a
	// token before it claims a chunk and the token comes back when that chunk is
	// merged. This bounds the buffer of out-of-order chunks and the work wasted
	// past the end of a precision run. The chunk the merge waits for always holds
	// a token, so the pool cannot stall.
	window := 4 * workers
	p.tokens = make(chan struct{}, window)
	for range window {
		p.tokens <- struct{}{}
	}
	// Each chunk in results holds a token, and each worker sends at most one
	// error, so sends never block.
	p.results = make(chan chunk[A], window+workers)

	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	defer func() {
		cancel()
		wg.Wait()
	}()
	for range workers {
		wg.Go(func() { p.work(ctx) })
	}

	pending := make([]chunk[A], window) // chunk c waits in pending[c%window]
	// mergeReady merges the buffered chunks that come next in order.
	mergeReady := func() {
		for !res.Converged {
			next := &pending[res.Chunks%window]
			if next.trials == 0 {
				return
			}
			merge(res.Acc, next.acc)
			res.Trials += next.trials
			res.Chunks++
			*next = chunk[A]{}
			p.tokens <- struct{}{}
			res.Converged = precision && done(res.Acc, res.Trials)
		}
	}
	var last time.Time
merging:
	for res.Chunks < p.chunks && !res.Converged {
		select {
		case ch := <-p.results:
			if ch.err != nil {
				return Result[A]{}, ch.err
			}
			pending[ch.index%window] = ch
			mergeReady()
			if cfg.Progress != nil && time.Since(last) >= progressEvery {
				cfg.Progress(res.Trials, target)
				last = time.Now()
			}
		case <-ctx.Done():
			// Only the caller can cancel ctx while we merge. Keep the chunks
			// the workers completed before they saw it.
			wg.Wait()
			close(p.results)
			for ch := range p.results {
				if ch.err != nil {
					return Result[A]{}, ch.err
				}
				pending[ch.index%window] = ch
			}
			mergeReady()
			res.Interrupted = res.Chunks < p.chunks && !res.Converged
			break merging
		}
	}
	if cfg.Progress != nil {
		cfg.Progress(res.Trials, target)
	}
	return res, nil
}

// target returns the number of trials cfg aims at, or an error if cfg is invalid.
func (cfg *Config) target() (int, error) {
	switch {
	case !(cfg.Precision >= 0):
		return 0, fmt.Errorf("runner: precision %v is negative or NaN", cfg.Precision)
	case cfg.Precision == 0 && cfg.Trials < 0:
		return 0, fmt.Errorf("runner: negative number of trials %d", cfg.Trials)
	case cfg.MaxTrials < 0:
		return 0, fmt.Errorf("runner: negative trial cap %d", cfg.MaxTrials)
	case cfg.ChunkSize < 0:
		return 0, fmt.Errorf("runner: negative chunk size %d", cfg.ChunkSize)
	case cfg.Workers < 0:
		return 0, fmt.Errorf("runner: negative number of workers %d", cfg.Workers)
	case cfg.Precision == 0:
		return cfg.Trials, nil
	case cfg.MaxTrials == 0:
		return DefaultMaxTrials, nil
	}
	return cfg.MaxTrials, nil
}

// A chunk is a played chunk on its way to the merge, or a worker's error.
type chunk[A any] struct {
	index  int
	trials int // 0 marks an empty slot of the merge buffer
	acc    A
	err    error
}

// A pool is the state the workers of one run share.
type pool[A any] struct {
	seed                 uint64
	size, target, chunks int
	newAcc               func() A
	newWorker            func() func(*rand.PCG, A)

	cursor  atomic.Int64 // next chunk to claim
	tokens  chan struct{}
	results chan chunk[A]
}

// work claims and plays chunks until there are none left or ctx is cancelled.
func (p *pool[A]) work(ctx context.Context) {
	c := -1
	defer func() {
		if v := recover(); v != nil {
			p.results <- chunk[A]{index: c, err: &PanicError{Seed: p.seed, Chunk: c, Value: v, Stack: debug.Stack()}}
		}
	}()
	play := p.newWorker()
	var r rand.PCG // one per worker, reseeded per chunk
	for {
		select {
		case <-p.tokens:
		case <-ctx.Done():
			return
		}
		c = int(p.cursor.Add(1) - 1)
		if c >= p.chunks || ctx.Err() != nil {
			return
		}
		n := min(p.size, p.target-c*p.size)
		acc := p.newAcc()
		r.Seed(p.seed, uint64(c))
		if !playChunk(ctx, play, &r, acc, n) {
			return
		}
		p.results <- chunk[A]{index: c, trials: n, acc: acc}
	}
}

// playChunk plays n trials with r into acc, looking at ctx every checkEvery trials.
// It reports whether the chunk was completed before ctx was cancelled.
func playChunk[A any](ctx context.Context, play func(*rand.PCG, A), r *rand.PCG, acc A, n int) bool {
	for i := 0; i < n; i += checkEvery {
		if i > 0 && ctx.Err() != nil {
			return false
		}
		playN(play, r, acc, min(checkEvery, n-i))
	}
	return true
}

// playN plays n trials with r into acc.
//
// It is kept out of playChunk so that only play, r, acc and the count live across
// the call to play. Inlined, the loop reloads playChunk's eight live values from
// the stack after every trial: 5.4ns per trial of BenchmarkRunOverhead's coin
// versus 3.9ns out of line, on a 2-core AMD EPYC.
//
//go:noinline
func playN[A any](play func(*rand.PCG, A), r *rand.PCG, acc A, n int) {
	for range n {
		play(r, acc)
	}
}
