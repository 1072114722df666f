package runner

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"
)

// count is the accumulator of the trivial trial.
type count struct{ n uint64 }

// coin is a trivial trial: one PCG draw and an add, so that the benchmark
// measures the runner, not the trial.
func coin(r *rand.PCG, c *count) { c.n += r.Uint64() & 1 }

// opaqueCoin hides coin from the compiler, which would otherwise inline it into
// the direct loop, as it cannot inline a trial called by Run.
var opaqueCoin = coin

// BenchmarkRunOverhead measures the runner's cost per trial with a trivial trial.
// "direct" plays the same trial, through a function value the compiler cannot
// inline, in a plain loop on one goroutine: the difference with "workers=1" is the overhead of
// chunks, seeding, context checks and the in-order merge.
func BenchmarkRunOverhead(b *testing.B) {
	const trials = 1 << 20 // 256 chunks of 4096
	report := func(b *testing.B) {
		s := b.Elapsed().Seconds()
		b.ReportMetric(float64(trials)*float64(b.N)/s, "trials/s")
		b.ReportMetric(s*1e9/(float64(trials)*float64(b.N)), "ns/trial")
	}
	b.Run("direct", func(b *testing.B) {
		b.ReportAllocs()
		r, c := rand.NewPCG(1, 0), new(count)
		for b.Loop() {
			for range trials {
				opaqueCoin(r, c)
			}
		}
		report(b)
	})
	for _, w := range []int{1, runtime.GOMAXPROCS(0)} {
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) {
			b.ReportAllocs()
			cfg := Config{Trials: trials, Seed: 1, Workers: w}
			for b.Loop() {
				_, err := Run(context.Background(), cfg,
					func() *count { return new(count) },
					func(dst, src *count) { dst.n += src.n },
					func() func(*rand.PCG, *count) { return coin },
					nil)
				if err != nil {
					b.Fatal(err)
				}
			}
			report(b)
		})
	}
}
