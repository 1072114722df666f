package sim

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestPlanDPCacheSame checks that plans taking their states from a dpCache
// return, to the bit, what planDPRef (456e145's planDPAt) returns: the same
// value and first option. The inputs are drawn from a small pool for each
// option table (which options are allowed at which cost and band, keep values,
// HP, kill bonus; two of them differ in the HP only), and each call asks its
// own AP, defender AP and root gains, so that most plans start from states an
// earlier plan of the same inputs reached. It fails when an entry is shared by
// plans whose inputs differ (a key missing a field), or when a state reached
// from one root is not the state another root would compute.
func TestPlanDPCacheSame(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 3))
	pl := listPlayer(t, "gouns-300", "tembos-400")
	type inputs struct {
		allowed      []bool
		extra, bands []int
		kv           [8]float64
		keep         bool
		hp           int
		bonus        float64
	}
	var dc dpCache
	calls, fresh := 0, 0
	for _, row := range pl.e.opts {
		for _, opts := range row {
			if len(opts) == 0 {
				continue
			}
			index := map[*fightOption]int{}
			for i := range opts {
				index[&opts[i]] = i
			}
			pool := make([]inputs, 6)
			for p := range pool {
				in := &pool[p]
				in.allowed, in.extra, in.bands = make([]bool, len(opts)), make([]int, len(opts)), make([]int, len(opts))
				for i := range opts {
					in.allowed[i] = r.IntN(5) > 0
					in.extra[i] = r.IntN(4) / 3
					in.bands[i] = r.IntN(3)
				}
				for a := range in.kv {
					in.kv[a] = r.Float64() * 4
				}
				in.keep = p%2 == 0
				in.hp, in.bonus = r.IntN(40)-2, r.Float64()*10
				if p == 5 { // the twin of input 4 but for its HP
					*in = pool[4]
					in.hp = pool[4].hp + 1
				}
			}
			for range 400 {
				in := &pool[r.IntN(len(pool))]
				costOf := func(o *fightOption) (int, int, bool) {
					i := index[o]
					return o.ap() + in.extra[i], in.bands[i], in.allowed[i]
				}
				keep := func(a int) float64 { return in.kv[min(max(a, 0), 7)] }
				if !in.keep {
					keep = nil
				}
				a, k := r.IntN(9)-1, r.IntN(9)-1
				var gains [maxOptions]posGain
				root := &gains
				for i := range gains {
					gains[i] = posGain{value: r.Float64()*6 - 2, stay: r.IntN(2) == 0, to: -1}
				}
				if r.IntN(3) == 0 {
					root = nil
				}
				before := dc.n
				v0, f0 := planDPRef(opts, a, k, costOf, keep, in.hp, in.bonus, root)
				v1, f1 := planDPWith(&dc, opts, a, k, costOf, keep, in.hp, in.bonus, root)
				if math.Float64bits(v0) != math.Float64bits(v1) || f0 != f1 {
					t.Fatalf("planDPWith(a=%d, k=%d, hp=%d) = %v, %d; planDPRef: %v, %d", a, k, in.hp, v1, f1, v0, f0)
				}
				calls++
				if dc.n != before {
					fresh++
				}
			}
		}
	}
	if fresh*4 > calls {
		t.Errorf("%d of %d plans made a new entry: the cache was hardly used", fresh, calls)
	}
	t.Logf("%d plans, %d new entries", calls, fresh)
}

// TestDPCacheRestarts checks that a full cache starts again empty, keeping its
// chunks, and still answers the figures of a fresh plan.
func TestDPCacheRestarts(t *testing.T) {
	pl := listPlayer(t, "kharns-300", "kherops-300")
	opts := pl.e.opts[0][len(pl.e.opts)-1]
	var dc dpCache
	costOf := func(o *fightOption) (int, int, bool) { return o.ap(), bandEffective, !o.shot }
	for n := range dpCacheMax + 10 {
		kv := float64(n) / 16
		keep := func(a int) float64 { return kv * float64(a) }
		v0, f0 := planDPRef(opts, 5, n%8, costOf, keep, 0, 0, nil)
		v1, f1 := planDPWith(&dc, opts, 5, n%8, costOf, keep, 0, 0, nil)
		if math.Float64bits(v0) != math.Float64bits(v1) || f0 != f1 {
			t.Fatalf("plan %d: %v, %d; want %v, %d", n, v1, f1, v0, f0)
		}
	}
	if dc.n != 10 || dc.cap != dpCacheMax || len(dc.chunks) != 4+(dpCacheMax-dpChunk)/dpChunk || len(dc.index) != 2*dpCacheMax {
		t.Errorf("after %d plans of new inputs: %d entries, room for %d in %d chunks, index of %d; want 10, %d in %d, %d",
			dpCacheMax+10, dc.n, dc.cap, len(dc.chunks), len(dc.index), dpCacheMax, 4+(dpCacheMax-dpChunk)/dpChunk, 2*dpCacheMax)
	}
	for i := range dc.n { // every entry still found by its hash
		if en := dc.entry(i); func() *dpEntry { f, _ := dc.find(en.hash, &en.key); return f }() != en {
			t.Fatalf("entry %d not found", i)
		}
	}
}
