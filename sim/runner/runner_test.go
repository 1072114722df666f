package runner

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/sim/dice"
)

// tally is the toy accumulator: a histogram of 3d10 totals, and a floating-point
// sum whose last bits depend on the order of the additions.
type tally struct {
	hist [31]int // hist[s] counts the trials where 3d10 came to s
	inv  float64 // sum of 1/s
}

func newTally() *tally { return new(tally) }

func mergeTally(dst, src *tally) {
	for s, n := range src.hist {
		dst.hist[s] += n
	}
	dst.inv += src.inv
}

// roll3d10 is the toy trial.
func roll3d10(r *rand.PCG, t *tally) {
	s := dice.D10(r) + dice.D10(r) + dice.D10(r)
	t.hist[s]++
	t.inv += 1 / float64(s)
}

func newRoll3d10() func(*rand.PCG, *tally) { return roll3d10 }

func (t *tally) n() int {
	n := 0
	for _, k := range t.hist {
		n += k
	}
	return n
}

// equal compares two tallies, the float sum bit for bit.
func (t *tally) equal(u *tally) bool {
	return t.hist == u.hist && math.Float64bits(t.inv) == math.Float64bits(u.inv)
}

// seBelow returns a done function that stops once the standard error of the mean
// 3d10 total is at most se.
func seBelow(se float64) func(*tally, int) bool {
	return func(t *tally, n int) bool {
		var s, s2 float64
		for v, k := range t.hist {
			s += float64(v * k)
			s2 += float64(v * v * k)
		}
		fn := float64(n)
		mean := s / fn
		return math.Sqrt((s2-s*mean)/(fn-1)/fn) <= se
	}
}

var workerCounts = []int{1, 2, 7}

func TestWorkersDoNotChangeResult(t *testing.T) {
	for _, chunk := range []int{0, 1000, 4096} {
		var want Result[*tally]
		for i, w := range workerCounts {
			cfg := Config{Trials: 100_003, Seed: 42, Workers: w, ChunkSize: chunk}
			got, err := Run(context.Background(), cfg, newTally, mergeTally, newRoll3d10, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got.Trials != cfg.Trials || got.Acc.n() != cfg.Trials || got.Interrupted || got.Converged {
				t.Fatalf("chunk %d, %d workers: got %d trials (%d in Acc), Interrupted %t, Converged %t",
					chunk, w, got.Trials, got.Acc.n(), got.Interrupted, got.Converged)
			}
			if i == 0 {
				want = got
				continue
			}
			if got.Chunks != want.Chunks || !got.Acc.equal(want.Acc) {
				t.Errorf("chunk %d: %d workers gave %d chunks, %+v; 1 worker gave %d chunks, %+v",
					chunk, w, got.Chunks, *got.Acc, want.Chunks, *want.Acc)
			}
		}
	}
}

// firsts records the first draw of each chunk, in merge order.
type firsts struct{ u []uint64 }

// TestChunkStreams checks that chunk c draws from rand.NewPCG(Seed, c) and that
// chunks are merged in order.
func TestChunkStreams(t *testing.T) {
	const trials, size, seed = 1000, 7, 9
	var want []uint64
	for c := range (trials + size - 1) / size {
		want = append(want, rand.NewPCG(seed, uint64(c)).Uint64())
	}
	for _, w := range workerCounts {
		cfg := Config{Trials: trials, Seed: seed, Workers: w, ChunkSize: size}
		res, err := Run(context.Background(), cfg,
			func() *firsts { return new(firsts) },
			func(dst, src *firsts) { dst.u = append(dst.u, src.u...) },
			func() func(*rand.PCG, *firsts) {
				return func(r *rand.PCG, f *firsts) {
					if len(f.u) == 0 {
						f.u = append(f.u, r.Uint64())
					}
				}
			}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(res.Acc.u) != fmt.Sprint(want) {
			t.Errorf("%d workers: first draws %v, want %v", w, res.Acc.u, want)
		}
	}
}

func TestTrialCount(t *testing.T) {
	tests := []struct {
		trials, size, chunks int
	}{
		{trials: 10_001, size: 4096, chunks: 3}, // 4096 + 4096 + 1809
		{trials: 10_001, size: 0, chunks: 3},    // DefaultChunkSize
		{trials: 8192, size: 4096, chunks: 2},
		{trials: 1, size: 4096, chunks: 1},
		{trials: 0, size: 4096, chunks: 0},
		{trials: 5, size: 1, chunks: 5},
	}
	for _, tt := range tests {
		for _, w := range workerCounts {
			cfg := Config{Trials: tt.trials, ChunkSize: tt.size, Workers: w}
			res, err := Run(context.Background(), cfg, newTally, mergeTally, newRoll3d10, nil)
			if err != nil {
				t.Fatal(err)
			}
			if res.Trials != tt.trials || res.Acc.n() != tt.trials || res.Chunks != tt.chunks {
				t.Errorf("Trials %d, ChunkSize %d, %d workers: %d trials (%d in Acc) in %d chunks, want %d chunks",
					tt.trials, tt.size, w, res.Trials, res.Acc.n(), res.Chunks, tt.chunks)
			}
		}
	}
}

func TestPrecision(t *testing.T) {
	// The sd of 3d10 is sqrt(3*99/12) ≈ 4.97, so a standard error of 0.02 needs
	// about 62,000 trials: some 15 chunks of 4096.
	const se = 0.02
	var want Result[*tally]
	for i, w := range workerCounts {
		var calls []int
		stop := seBelow(se)
		done := func(acc *tally, n int) bool {
			if acc.n() != n {
				t.Errorf("done(acc, %d) with %d trials in acc", n, acc.n())
			}
			calls = append(calls, n) // done is called from Run's goroutine only
			return stop(acc, n)
		}
		cfg := Config{Precision: se, Trials: 10, Seed: 3, Workers: w}
		got, err := Run(context.Background(), cfg, newTally, mergeTally, newRoll3d10, done)
		if err != nil {
			t.Fatal(err)
		}
		if !got.Converged || got.Interrupted || got.Trials != got.Chunks*DefaultChunkSize {
			t.Fatalf("%d workers: %d trials in %d chunks, Converged %t, Interrupted %t",
				w, got.Trials, got.Chunks, got.Converged, got.Interrupted)
		}
		// done sees every chunk boundary once, in order, and the run stops at the first
		// where it says yes.
		for j, n := range calls {
			if n != (j+1)*DefaultChunkSize {
				t.Fatalf("%d workers: done called at trials %v", w, calls)
			}
		}
		if len(calls) != got.Chunks {
			t.Errorf("%d workers: done called %d times for %d chunks", w, len(calls), got.Chunks)
		}
		if i == 0 {
			want = got
			if got.Chunks < 5 || got.Chunks > 30 {
				t.Errorf("stopped after %d chunks, expected about 15", got.Chunks)
			}
			continue
		}
		if got.Chunks != want.Chunks || !got.Acc.equal(want.Acc) {
			t.Errorf("%d workers stopped at %d chunks with %+v; 1 worker at %d chunks with %+v",
				w, got.Chunks, *got.Acc, want.Chunks, *want.Acc)
		}
	}
}

func TestPrecisionMaxTrials(t *testing.T) {
	never := func(*tally, int) bool { return false }
	for _, w := range workerCounts {
		cfg := Config{Precision: 1e-9, MaxTrials: 10_001, Workers: w}
		res, err := Run(context.Background(), cfg, newTally, mergeTally, newRoll3d10, never)
		if err != nil {
			t.Fatal(err)
		}
		if res.Trials != 10_001 || res.Chunks != 3 || res.Converged || res.Interrupted {
			t.Errorf("%d workers: %d trials in %d chunks, Converged %t, Interrupted %t; want 10001 in 3, not converged",
				w, res.Trials, res.Chunks, res.Converged, res.Interrupted)
		}
	}
}

func TestCancel(t *testing.T) {
	const size = 4096
	for _, w := range workerCounts {
		ctx, cancel := context.WithCancel(context.Background())
		// Each worker counts its own trials and cancels the run in the middle of
		// its third chunk.
		counts := make(chan *int, w)
		res, err := Run(ctx, Config{Trials: 1 << 20, ChunkSize: size, Seed: 5, Workers: w}, newTally, mergeTally,
			func() func(*rand.PCG, *tally) {
				n := new(int)
				counts <- n
				return func(r *rand.PCG, t *tally) {
					if *n++; *n == 2*size+100 {
						cancel()
					}
					roll3d10(r, t)
				}
			}, nil)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if !res.Interrupted || res.Trials%size != 0 || res.Trials != res.Chunks*size || res.Trials >= 1<<20 {
			t.Fatalf("%d workers: %d trials in %d chunks, Interrupted %t", w, res.Trials, res.Chunks, res.Interrupted)
		}
		// The prefix is exactly a shorter run with the same seed.
		want, err := Run(context.Background(), Config{Trials: res.Trials, ChunkSize: size, Seed: 5}, newTally, mergeTally, newRoll3d10, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !res.Acc.equal(want.Acc) {
			t.Errorf("%d workers: interrupted run with %d trials differs from a %d-trial run", w, res.Trials, res.Trials)
		}
		if w == 1 {
			// One worker completed chunks 0 and 1, and abandoned chunk 2 at its
			// first look at the context, checkEvery trials in.
			n := *<-counts
			if res.Trials != 2*size || n != 2*size+checkEvery {
				t.Errorf("1 worker: merged %d trials and played %d, want %d and %d", res.Trials, n, 2*size, 2*size+checkEvery)
			}
		}
	}
}

func TestCancelledBeforeStart(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := Run(ctx, Config{Trials: 1 << 20}, newTally, mergeTally, newRoll3d10, nil)
	if err != nil || !res.Interrupted || res.Trials != 0 || res.Acc == nil {
		t.Errorf("got %d trials, Interrupted %t, Acc %v, error %v; want 0 trials, interrupted, an empty Acc",
			res.Trials, res.Interrupted, res.Acc, err)
	}
}

func TestPanic(t *testing.T) {
	// Three 10s are a 1-in-1000 event, so with chunks of 100 trials the first
	// falls a few chunks in.
	boom := func() func(*rand.PCG, *tally) {
		return func(r *rand.PCG, t *tally) {
			if dice.D10(r)+dice.D10(r)+dice.D10(r) == 30 {
				panic("three 10s")
			}
		}
	}
	const seed, size = 11, 100
	for _, w := range workerCounts {
		_, err := Run(context.Background(), Config{Trials: 1 << 20, ChunkSize: size, Seed: seed, Workers: w},
			newTally, mergeTally, boom, nil)
		var pe *PanicError
		if !errors.As(err, &pe) {
			t.Fatalf("%d workers: got error %v, want a *PanicError", w, err)
		}
		if pe.Seed != seed || pe.Value != "three 10s" || len(pe.Stack) == 0 ||
			!strings.Contains(err.Error(), fmt.Sprintf("chunk %d of seed %d", pe.Chunk, seed)) {
			t.Errorf("%d workers: %+v", w, err)
		}
		// The error says how to replay the trial.
		play := boom()
		r := rand.NewPCG(pe.Seed, uint64(pe.Chunk))
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%d workers: chunk %d of seed %d plays without panicking", w, pe.Chunk, pe.Seed)
				}
			}()
			for range size {
				play(r, nil)
			}
		}()
	}
	// A panic while a worker sets up is reported too.
	_, err := Run(context.Background(), Config{Trials: 10}, newTally, mergeTally,
		func() func(*rand.PCG, *tally) { panic("no tables") }, nil)
	var pe *PanicError
	if !errors.As(err, &pe) || pe.Chunk != -1 {
		t.Errorf("newWorker panic: got %v", err)
	}
	// A panic with an error unwraps to it.
	_, err = Run(context.Background(), Config{Trials: 10}, newTally, mergeTally,
		func() func(*rand.PCG, *tally) {
			return func(*rand.PCG, *tally) { panic(errSentinel) }
		}, nil)
	if !errors.Is(err, errSentinel) {
		t.Errorf("errors.Is(%v, errSentinel) = false", err)
	}
}

var errSentinel = errors.New("sentinel")

func TestProgress(t *testing.T) {
	var calls [][2]int
	cfg := Config{Trials: 100_000, ChunkSize: 64, Workers: 7, Progress: func(done, target int) {
		calls = append(calls, [2]int{done, target}) // the race detector checks it is one goroutine
	}}
	if _, err := Run(context.Background(), cfg, newTally, mergeTally, newRoll3d10, nil); err != nil {
		t.Fatal(err)
	}
	// 1563 chunks, but progress is throttled to one call per 100ms plus the last.
	if len(calls) == 0 || len(calls) > 100 || calls[len(calls)-1] != [2]int{100_000, 100_000} {
		t.Fatalf("Progress calls: %v", calls)
	}
	for i := 1; i < len(calls); i++ {
		if calls[i][0] < calls[i-1][0] {
			t.Errorf("Progress went back: %v", calls)
		}
	}
}

func TestConfigErrors(t *testing.T) {
	tests := []Config{
		{Trials: -1},
		{Precision: -0.1},
		{Precision: math.NaN()},
		{Precision: 0.1, MaxTrials: -1},
		{Trials: 10, ChunkSize: -1},
		{Trials: 10, Workers: -1},
	}
	always := func(*tally, int) bool { return true }
	for _, cfg := range tests {
		if _, err := Run(context.Background(), cfg, newTally, mergeTally, newRoll3d10, always); err == nil {
			t.Errorf("Run(%+v) gave no error", cfg)
		}
	}
}

// TestPlayChunkAllocs checks that the worker loop does not allocate per trial
// (style: "Zero allocations per trial").
func TestPlayChunkAllocs(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel() // a cancellable context, as in Run
	play, acc := newRoll3d10(), newTally()
	var r rand.PCG
	if a := testing.AllocsPerRun(100, func() { playChunk(ctx, play, &r, acc, DefaultChunkSize) }); a != 0 {
		t.Errorf("%v allocations per chunk of %d trials", a, DefaultChunkSize)
	}
}

// TestRunAllocs checks that a whole run allocates O(chunks), not O(trials).
func TestRunAllocs(t *testing.T) {
	const trials, size = 1 << 20, 1024 // 1024 chunks
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if _, err := Run(context.Background(), Config{Trials: trials, ChunkSize: size, Workers: 4}, newTally, mergeTally, newRoll3d10, nil); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	// One accumulator per chunk, plus the pool's set-up.
	n := after.Mallocs - before.Mallocs
	t.Logf("%d allocations for %d chunks", n, trials/size)
	if n > 2*trials/size+100 {
		t.Errorf("%d allocations for %d trials in %d chunks", n, trials, trials/size)
	}
}
