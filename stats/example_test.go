package stats_test

import (
	"fmt"

	"github.com/kharn-ages/kharn/stats"
)

func ExampleProportion() {
	// 450 exchanges won out of 1000 sampled.
	p := stats.Proportion{K: 450, N: 1000}
	lo, hi := p.Interval(0.95)
	fmt.Printf("rate %.3f, 95%% interval [%.4f, %.4f]\n", p.Rate(), lo, hi)
	// Output:
	// rate 0.450, 95% interval [0.4194, 0.4810]
}

func ExampleMean() {
	var m stats.Mean
	for _, damage := range []float64{0, 0, 2, 5, 3, 0, 4, 2} {
		m.Add(damage)
	}
	fmt.Printf("n=%d mean=%.3f se=%.3f\n", m.N(), m.Mean(), m.SE())
	// Output:
	// n=8 mean=2.000 se=0.681
}
