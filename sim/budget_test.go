package sim_test

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/internal/longtest"
	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
	"github.com/kharn-ages/kharn/stats"
)

// budgetMatch is crown-guard-1 against a pool of two Khérops profiles at 300 Kr.
func budgetMatch(t testing.TB) *sim.BudgetMatch {
	t.Helper()
	ds := profiles.Default()
	var pool []*sim.Fighter
	var costs []int
	for _, id := range []string{"kherops-warrior-1", "kherops-warrior-2"} {
		p, err := ds.Profile(id)
		if err != nil {
			t.Fatal(err)
		}
		lo, err := ds.Equip(p, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		pool = append(pool, sim.NewFighter(p, lo.Items(ds)))
		costs = append(costs, lo.Cost(ds))
	}
	return &sim.BudgetMatch{Fighter: cardFighter(t, "crown-guard-1"), Pool: pool, PoolCosts: costs, Budget: 300}
}

// TestBudgetMatchCommonRandomNumbers checks the properties the fair-cost search
// rests on: with the same random numbers a cheaper Safar is never fielded in
// smaller numbers, scores are 0, 0.5 or 1, and the win rate falls as the cost
// rises, beyond sampling noise (99.99% Wilson intervals that do not overlap).
func TestBudgetMatchCommonRandomNumbers(t *testing.T) {
	m := budgetMatch(t)
	pl, err := m.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	n := 400
	if !longtest.Enabled() || raceEnabled {
		n = 150
	}
	costs := []float64{25, 45, 90}
	wins := make([]int, len(costs))
	for i := range n {
		prev := math.MaxInt
		for _, c := range costs {
			n := sim.BudgetCount(m, rand.NewPCG(7, uint64(i)), c)
			if n > prev {
				t.Fatalf("trial %d: %d Safars at %v Kr, more than at a lower cost (%d)", i, n, c, prev)
			}
			prev = n
		}
		for k, c := range costs {
			s := pl.Play(rand.NewPCG(7, uint64(i)), c)
			if s != 0 && s != 0.5 && s != 1 {
				t.Fatalf("score %v at cost %v", s, c)
			}
			if s == 1 {
				wins[k]++
			}
		}
	}
	lo0, _ := stats.Wilson(wins[0], n, 0.9999)
	_, hi2 := stats.Wilson(wins[2], n, 0.9999)
	if lo0 <= hi2 {
		t.Errorf("win rate at 25 Kr (%d/%d) not above the rate at 90 Kr (%d/%d)", wins[0], n, wins[2], n)
	}
}

// TestBudgetMatchErrors checks that a bad match is refused.
func TestBudgetMatchErrors(t *testing.T) {
	good := budgetMatch(t)
	for name, m := range map[string]*sim.BudgetMatch{
		"no fighter":    &sim.BudgetMatch{Pool: good.Pool, PoolCosts: good.PoolCosts, Budget: 300},
		"no pool":       &sim.BudgetMatch{Fighter: good.Fighter, Budget: 300},
		"cost mismatch": &sim.BudgetMatch{Fighter: good.Fighter, Pool: good.Pool, PoolCosts: good.PoolCosts[:1], Budget: 300},
		"zero budget":   &sim.BudgetMatch{Fighter: good.Fighter, Pool: good.Pool, PoolCosts: good.PoolCosts},
		"zero cost":     &sim.BudgetMatch{Fighter: good.Fighter, Pool: good.Pool, PoolCosts: []int{0, 10}, Budget: 300},
	} {
		if _, err := m.NewPlayer(); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// TestBudgetMatchExpectedCount checks the random rounding of the number of
// Safars a budget buys: at 300 Kr and 70 Kr a Safar (4.29 Safars) the mean count
// must be 300/70 within 3.9 standard errors (99.99%).
func TestBudgetMatchExpectedCount(t *testing.T) {
	m := budgetMatch(t)
	var sum, sq float64
	n := 4000
	for i := range n {
		r := rand.NewPCG(3, uint64(i))
		c := float64(sim.BudgetCount(m, r, 70))
		sum += c
		sq += c * c
	}
	mean, se := stats.MeanSE(sum, sq, n)
	if want := 300.0 / 70; math.Abs(mean-want) > 3.9*se {
		t.Errorf("mean count %.4f ± %.4f, want %.4f", mean, se, want)
	}
}

// TestBudgetMatchNonPositiveCost checks that a cost of zero or less panics
// naming the cost (a caller's bug), instead of "side A has no Safar" from a
// side of a negative number of Safars, as issue #10 item 4 saw.
func TestBudgetMatchNonPositiveCost(t *testing.T) {
	pl, err := budgetMatch(t).NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []float64{-12, 0, math.NaN()} {
		func() {
			defer func() {
				msg, _ := recover().(string)
				if !strings.Contains(msg, "is not positive") {
					t.Errorf("cost %v: panic %q", c, msg)
				}
			}()
			pl.Play(rand.NewPCG(1, 2), c)
		}()
	}
}
