package balance_test

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/kharn-ages/kharn/balance"
)

func ExampleSample() {
	// A synthetic game whose true win rate is 50% at 92 Kr and falls as the
	// cost rises. It draws its randomness from r only, as a Game must.
	game := func() (balance.Game, error) {
		return func(r *rand.PCG, cost float64) float64 {
			u := float64(r.Uint64()>>11) * 0x1p-53
			if u < 1/(1+math.Exp((cost-92)/12)) {
				return 1
			}
			return 0
		}, nil
	}
	cfg := balance.Config{Costs: []float64{70, 80, 90, 100, 110, 120}, Precision: 0.5, Seed: 1}
	curve, err := balance.Sample(context.Background(), cfg, game)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range curve.Points {
		fmt.Printf("cost %3.0f Kr: win rate %.3f (%.3f-%.3f)\n", p.Cost, p.Rate, p.Lo, p.Hi)
	}
	f := curve.FairCost()
	fmt.Printf("%d trials, seed %d, converged %t, warnings %v\n", f.Trials, f.Seed, f.Converged, f.Warnings)
	fmt.Println(balance.Assess("paladin-2", 100, f))
	// Output:
	// cost  70 Kr: win rate 0.864 (0.856-0.871)
	// cost  80 Kr: win rate 0.730 (0.720-0.740)
	// cost  90 Kr: win rate 0.549 (0.538-0.560)
	// cost 100 Kr: win rate 0.347 (0.337-0.358)
	// cost 110 Kr: win rate 0.188 (0.180-0.197)
	// cost 120 Kr: win rate 0.090 (0.084-0.097)
	// 8192 trials, seed 1, converged true, warnings []
	// fair cost 92.3 Kr, 95% interval 91.8-92.8; card says 100: over-costed by about 8 Kr
}
