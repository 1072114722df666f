package reports

import (
	"math"
	"testing"

	"github.com/kharn-ages/kharn/sim"
)

// tallyOf returns a tally of n fights with the given wins of A, draws, and
// damage taken by A (sum and sum of squares).
func tallyOf(n, wins, draws, dmg, dmgSq int) *sim.DuelTally {
	t := &sim.DuelTally{N: n}
	t.Wins[sim.SideA], t.Wins[sim.Draw], t.Wins[sim.SideB] = wins, draws, n-wins-draws
	t.Damage[sim.SideB], t.DamageSq[sim.SideB] = dmg, dmgSq
	return t
}

// TestFillEqual checks the pooling of a loadout row over opponents: with the
// same fights per opponent it gives Fill's figures of the merged tally; with
// different fights (kharn report --pair-precision) the mean of the opponents'
// rates, where Fill of the merged tally would weight the longer pairing.
func TestFillEqual(t *testing.T) {
	a, b := tallyOf(512, 100, 12, 2000, 12000), tallyOf(512, 400, 0, 900, 4000)
	var merged sim.DuelTally
	merged.Merge(a)
	merged.Merge(b)
	var want, got LoadoutRow
	want.Cost, got.Cost = 50, 50
	want.Fill(&merged)
	got.FillEqual([]*sim.DuelTally{a, b})
	if got.N != want.N || got.Fights != want.Fights || got.Wins != want.Wins || got.Draws != want.Draws ||
		math.Abs(got.DamageTaken.Mean-want.DamageTaken.Mean) > 1e-12 || got.WinPer100Kr != want.WinPer100Kr {
		t.Errorf("same fights: FillEqual %+v, Fill %+v", got, want)
	}
	// 250 of 256 and 1280 of 2560: merged 54.3%, the mean of the rates 73.8%.
	a, b = tallyOf(256, 250, 0, 256, 512), tallyOf(2560, 1280, 0, 2560*3, 2560*10)
	var row LoadoutRow
	row.FillEqual([]*sim.DuelTally{a, b})
	mean := (250.0/256 + 1280.0/2560) / 2
	if row.Fights != 2816 || row.N != int(math.Round(4/(1.0/256+1.0/2560))) || math.Abs(row.Wins.Rate-mean) > 0.5/float64(row.N) {
		t.Errorf("different fights: %d fights, n %d, win rate %.4f; want 2816, 931, %.4f", row.Fights, row.N, row.Wins.Rate, mean)
	}
	if m := (1.0 + 3.0) / 2; math.Abs(row.DamageTaken.Mean-m) > 1e-12 {
		t.Errorf("damage taken %v, want the mean of the means %v", row.DamageTaken.Mean, m)
	}
	if !(row.Wins.Lo < mean && mean < row.Wins.Hi) {
		t.Errorf("interval %v-%v misses the rate %v", row.Wins.Lo, row.Wins.Hi, mean)
	}
}
