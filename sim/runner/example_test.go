package runner_test

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/kharn-ages/kharn/sim/dice"
	"github.com/kharn-ages/kharn/sim/runner"
)

// faces counts the faces of a d10.
type faces [11]int

func ExampleRun() {
	cfg := runner.Config{Trials: 10_000, Seed: 1}
	res, err := runner.Run(context.Background(), cfg,
		func() *faces { return new(faces) },
		func(dst, src *faces) {
			for f, n := range src {
				dst[f] += n
			}
		},
		// Each worker gets its own trial function; this one keeps no state.
		func() func(*rand.PCG, *faces) {
			return func(r *rand.PCG, acc *faces) { acc[dice.D10(r)]++ }
		},
		nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d trials in %d chunks\n", res.Trials, res.Chunks)
	fmt.Println("faces 1-10:", res.Acc[1:])
	// Output:
	// 10000 trials in 3 chunks
	// faces 1-10: [957 1004 1018 1001 1010 1006 991 1017 990 1006]
}

// moments sums a d10 and its square.
type moments struct{ n, sum, sum2 int }

func ExampleRun_precision() {
	// Play chunks until the standard error of the mean d10 is at most 0.01. The
	// sd of a d10 is sqrt(99/12) ≈ 2.87, so this takes about 82,500 trials.
	cfg := runner.Config{Precision: 0.01, Seed: 1}
	se := func(m *moments) float64 {
		n := float64(m.n)
		mean := float64(m.sum) / n
		return math.Sqrt((float64(m.sum2)/n - mean*mean) / (n - 1))
	}
	res, err := runner.Run(context.Background(), cfg,
		func() *moments { return new(moments) },
		func(dst, src *moments) {
			dst.n += src.n
			dst.sum += src.sum
			dst.sum2 += src.sum2
		},
		func() func(*rand.PCG, *moments) {
			return func(r *rand.PCG, m *moments) {
				d := dice.D10(r)
				m.n++
				m.sum += d
				m.sum2 += d * d
			}
		},
		func(m *moments, trials int) bool { return se(m) <= cfg.Precision })
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d trials in %d chunks, converged: %t\n", res.Trials, res.Chunks, res.Converged)
	fmt.Printf("mean %.3f ± %.3f\n", float64(res.Acc.sum)/float64(res.Acc.n), se(res.Acc))
	// Output:
	// 86016 trials in 21 chunks, converged: true
	// mean 5.510 ± 0.010
}
