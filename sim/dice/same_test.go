package dice_test

import (
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/sim/dice"
)

// rollRef and forcedRef are Pool.Roll and Pool.RollForced as they were at
// 456e145 (a call to D10 per die, the Result's fields set one by one), the
// references of TestRollSameDraws.
func rollRef(p dice.Pool, r *rand.PCG) dice.Result {
	n := max(p.Dice, 1)
	best := 0
	for range n {
		best = max(best, dice.D10(r))
	}
	return finishRef(p, r, n, best, dice.Result{})
}

func forcedRef(p dice.Pool, r *rand.PCG, x, from int) dice.Result {
	if x <= 0 || from <= 0 {
		return rollRef(p, r)
	}
	n := min(max(p.Dice, 1), 8)
	var d [8]int
	best := 0
	for i := range n {
		d[i] = dice.D10(r)
		best = max(best, d[i])
	}
	var res dice.Result
	if best >= from {
		res.Forced = true
		for i := 1; i < n; i++ {
			for j := i; j > 0 && d[j] > d[j-1]; j-- {
				d[j], d[j-1] = d[j-1], d[j]
			}
		}
		best = 0
		for i := range n {
			if i < x {
				d[i] = dice.D10(r)
			}
			best = max(best, d[i])
		}
	}
	return finishRef(p, r, n, best, res)
}

func finishRef(p dice.Pool, r *rand.PCG, n, best int, res dice.Result) dice.Result {
	if p.Fate > 0 && best <= p.Fate {
		res.FateUse = true
		d := dice.D10(r)
		if n == 1 {
			best = d
		} else {
			best = max(best, d)
		}
	}
	if p.Aura > 0 && best <= p.Aura {
		res.AuraUse = true
		d := dice.D10(r)
		if n == 1 {
			best = d
		} else {
			best = max(best, d)
		}
	}
	if p.Reroll > 0 && best <= p.Reroll {
		res.Mastery = true
		d := dice.D10(r)
		if n == 1 {
			best = d
		} else {
			best = max(best, d)
		}
	}
	if p.RerollAll > 0 && best <= p.RerollAll {
		res.MasterUse = true
		best = 0
		for range n {
			best = max(best, dice.D10(r))
		}
	}
	res.Face = best
	res.Failure = best <= p.CFMax
	cf := p.CritFrom
	if cf == 0 {
		cf = 10
	}
	if best >= cf {
		res.Critical = true
		res.Value = best
		for {
			d := dice.D10(r)
			if d <= p.CFMax {
				break
			}
			res.Value += d
			if d < cf {
				break
			}
		}
		return res
	}
	res.Value = best
	return res
}

// TestRollSameDraws checks that Pool.Roll and Pool.RollForced, rewritten for
// speed (issue #13: the generator stepped in Roll's loop, the Result written
// once), roll what they rolled before (rollRef, forcedRef): for each pool, seed
// and Duellist, the same Result and the generator left in the same state.
func TestRollSameDraws(t *testing.T) {
	pools := []dice.Pool{
		{Dice: 1, CFMax: 1},
		{Dice: 2, CritFrom: 9, CFMax: 1, Reroll: 5},
		{Dice: 3, CFMax: 2, Reroll: 6, RerollAll: 4},
		{Dice: 4, CFMax: 0, RerollAll: 5},
		{Dice: 8, CritFrom: 8, CFMax: 3},
		{Dice: 1, CritFrom: 9, CFMax: 1, Reroll: 9, RerollAll: 9},
		{Dice: 2, CFMax: 1, Fate: 5, Reroll: 5, RerollAll: 3},
		{Dice: 1, CFMax: 1, Fate: 9},
		{Dice: 2, CFMax: 1, Fate: 5, Aura: 6, Reroll: 5, RerollAll: 3}, // an ally's aura's reroll
		{Dice: 1, CFMax: 1, Aura: 9},
	}
	for _, p := range pools {
		for seed := range uint64(20000) {
			a, b := rand.NewPCG(seed, 7), rand.NewPCG(seed, 7)
			if got, want := p.Roll(a), rollRef(p, b); got != want || a.Uint64() != b.Uint64() {
				t.Fatalf("pool %+v, seed %d: Roll %+v, before %+v (or the generators differ after)", p, seed, got, want)
			}
			x, from := int(seed%3)+1, int(seed%11)
			if got, want := p.RollForced(a, x, from), forcedRef(p, b, x, from); got != want || a.Uint64() != b.Uint64() {
				t.Fatalf("pool %+v, seed %d: RollForced(%d, %d) %+v, before %+v (or the generators differ after)", p, seed, x, from, got, want)
			}
		}
	}
}
