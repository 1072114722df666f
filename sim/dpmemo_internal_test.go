package sim

import (
	"math"
	"math/rand/v2"
	"testing"
)

// planDPRef is planDPAt as it was at 456e145, before its states moved to dpMemo
// (issue #13), with R10a's margin at the root (posMargin) as the r10a branch
// added it: the reference TestPlanDPSame compares the new code with.
func planDPRef(opts []fightOption, a, k int, costOf func(o *fightOption) (int, int, bool), keep func(a int) float64, hp int, bonus float64, root *[maxOptions]posGain) (float64, int) {
	var memo [8][8]float64
	var done [8][8]bool
	var first [8][8]int
	// costOf and keep depend on the option and the AP only: asked once each here
	// rather than in every state of the plan (they were a fifth of a skirmish's
	// time, BenchmarkSkirmish).
	var costBuf [64]int8 // enough for every option table (maxOptions and more)
	var bandBuf [64]int8
	costs, bands := costBuf[:0], bandBuf[:0]
	for i := range opts {
		cost, band, ok := -1, 0, false
		if opts[i].pos == posNone || root != nil && i < maxOptions {
			cost, band, ok = costOf(&opts[i])
		}
		if !ok || cost > 7 {
			cost = -1
		}
		costs, bands = append(costs, int8(cost)), append(bands, int8(band))
	}
	var keeps [8]float64
	if keep != nil {
		for a := range keeps {
			keeps[a] = keep(a)
		}
	}
	var value func(a, k int) float64
	value = func(a, k int) float64 {
		a, k = min(a, 7), min(max(k, 0), 7)
		if done[a][k] {
			return memo[a][k]
		}
		v, f := math.Inf(-1), -1
		if keep != nil {
			v = keeps[a]
		}
		for i := range opts {
			opt := &opts[i]
			cost, band := int(costs[i]), int(bands[i])
			if cost < 0 || cost > a || opt.pos != posNone {
				continue
			}
			next := k - int(opt.def[band][k]+0.5)
			w := opt.dmg[band][k] - opt.ctr[band][k] + value(a-cost, next)
			if hp > 0 && hp < killHP {
				w += bonus * float64(opt.kill.at(band, k, hp))
			}
			if w > v+1e-9 {
				v, f = w, i
			}
		}
		if f < 0 && keep == nil {
			v = 0
		}
		memo[a][k], done[a][k], first[a][k] = v, true, f
		return v
	}
	a, k = min(max(a, 0), 7), min(max(k, 0), 7)
	v, f := value(a, k), first[a][k]
	if root == nil {
		return v, f
	}
	// The root state is never reached again (every attack costs AP), so the
	// positional options are weighed here only: with probability move the
	// effect happens, the field gains g.value, and the plan goes on against the
	// target only if it is still in reach (else the AP left are kept). One is
	// taken only when it beats the best plan without a move by posMargin (the
	// r10a branch's rule, merged after this reference was taken).
	bar := v + posMargin
	for i := range opts {
		opt := &opts[i]
		cost, band := int(costs[i]), int(bands[i])
		if opt.pos == posNone || cost < 0 || cost > a || root[i].value <= 0 {
			continue
		}
		next := k - int(opt.def[band][k]+0.5)
		rest := value(a-cost, next)
		p := float64(opt.move[band][k])
		after := rest
		if !root[i].stay {
			after = 0
			if keep != nil {
				after = keeps[a-cost]
			}
		}
		w := opt.dmg[band][k] - opt.ctr[band][k] + p*(root[i].value+after) + (1-p)*rest
		if hp > 0 && hp < killHP {
			w += bonus * float64(opt.kill.at(band, k, hp))
		}
		if w > bar+1e-9 {
			bar, f = w, i
		}
	}
	if f >= 0 && opts[f].pos != posNone {
		return bar, f
	}
	return v, f
}

// TestPlanDPSame checks that planDPAt returns, to the bit, what it returned
// before dpMemo (planDPRef): the same value and first option, over the option
// tables of lists of the embedded data and random plans
// (AP, defender AP, which options costOf allows at which cost and band, keep
// values, HP, kill bonus, root gains). It fails on a change of the order of the
// options or of an operation. Two list pairs: melee lists, and bowmen against a
// javelin thrower, so that shot options and their bands are planned too.
func TestPlanDPSame(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 1))
	n := 0
	for _, lists := range [][2]string{{"kharns-300", "kherops-300"}, {"gouns-300", "tembos-400"}} {
		pl := listPlayer(t, lists[0], lists[1])
		for _, row := range pl.e.opts {
			for _, opts := range row {
				if len(opts) == 0 {
					continue
				}
				index := map[*fightOption]int{}
				for i := range opts {
					index[&opts[i]] = i
				}
				for range 300 {
					allowed := make([]bool, len(opts))
					extra := make([]int, len(opts))
					bands := make([]int, len(opts))
					for i := range opts {
						allowed[i] = r.IntN(5) > 0
						extra[i] = r.IntN(4) / 3 // dazed: +1 now and then
						bands[i] = r.IntN(3)
					}
					costOf := func(o *fightOption) (int, int, bool) {
						i := index[o]
						return o.ap() + extra[i], bands[i], allowed[i]
					}
					var kv [8]float64
					for a := range kv {
						kv[a] = r.Float64() * 4
					}
					keep := func(a int) float64 { return kv[min(max(a, 0), 7)] }
					if r.IntN(2) == 0 {
						keep = nil
					}
					a, k, hp, bonus := r.IntN(9)-1, r.IntN(9)-1, r.IntN(40)-2, r.Float64()*10
					var gains [maxOptions]posGain
					root := &gains
					for i := range gains {
						gains[i] = posGain{value: r.Float64()*6 - 2, stay: r.IntN(2) == 0, to: -1}
					}
					if r.IntN(3) == 0 {
						root = nil
					}
					v0, f0 := planDPRef(opts, a, k, costOf, keep, hp, bonus, root)
					v1, f1 := planDPAt(opts, a, k, costOf, keep, hp, bonus, root)
					if math.Float64bits(v0) != math.Float64bits(v1) || f0 != f1 {
						t.Fatalf("%v: planDPAt(a=%d, k=%d, hp=%d) = %v, %d; before: %v, %d", lists, a, k, hp, v1, f1, v0, f0)
					}
					n++
				}
			}
		}
	}
	t.Logf("%d plans compared", n)
}
