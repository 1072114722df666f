package sim

import "math"

// dpCache keeps the states of the plans of planDPWith (sim/dpmemo.go) from one
// call to the next: the default policy plans again and again with the same
// inputs (the same option table, candidates at the same costs and bands, keep
// values, HP and kill bonus) as Safars meet the same situations, and a state's
// value depends on those inputs only. A plan whose inputs were planned before
// starts from the states reached then and adds those it reaches first.
//
// Every figure is the one planDPAt computes: the same states, the same
// operations (TestPlanDPCacheSame). Issue #13: of 70 plans a battle
// (kharns-300 against kherops-300, after 2 000 battles), about 98% have inputs
// met before, and the inputs met settle (1 524 distinct in 1 000 battles, 2 442
// in 20 000).
//
// Entries come from chunks of dpChunk, allocated as the cache grows; at
// dpCacheMax entries it starts again empty, keeping its chunks, so that it
// never holds more than about 4 MB. A zero dpCache is empty and ready.
type dpCache struct {
	index  []int32 // open addressing: entry + 1, 0 empty; len a power of 2
	chunks [][]dpEntry
	n      int
}

// dpEntry is the planned states of one set of inputs.
type dpEntry struct {
	key  dpKey
	hash uint64
	st   dpStates
}

// dpKey is what a plan's states depend on (dpMemo): the option table, the
// candidates with their costs and bands, the keep values when kept, and the HP
// and bonus when attacks earn their kill chance.
type dpKey struct {
	opts  *fightOption
	nopts int
	n     int
	keep  bool
	kill  bool
	hp    int
	bonus uint64
	keeps [8]uint64
	cands [64]dpCand
}

const (
	dpChunk    = 64
	dpCacheMax = 4096
)

// states returns the states of d's inputs, empty when new; nil when its
// candidates do not fit a key (more than 64).
func (c *dpCache) states(d *dpMemo) *dpStates {
	if d.big != nil || len(d.opts) == 0 {
		return nil
	}
	var k dpKey
	k.opts, k.nopts, k.n = &d.opts[0], len(d.opts), d.n
	k.cands = d.arr
	if d.keep {
		k.keep = true
		for a, v := range d.keeps {
			k.keeps[a] = math.Float64bits(v)
		}
	}
	if d.kill {
		k.kill, k.hp, k.bonus = true, d.hp, math.Float64bits(d.bonus)
	}
	h := k.hashOf()
	if c.index == nil {
		c.index = make([]int32, 2*dpCacheMax)
	}
	mask := uint64(len(c.index) - 1)
	for s := h & mask; ; s = (s + 1) & mask {
		x := c.index[s]
		if x == 0 {
			break
		}
		if en := c.entry(int(x - 1)); en.hash == h && en.key == k {
			return &en.st
		}
	}
	if c.n == dpCacheMax {
		clear(c.index)
		c.n = 0
	}
	if c.n == len(c.chunks)*dpChunk {
		c.chunks = append(c.chunks, make([]dpEntry, dpChunk))
	}
	en := c.entry(c.n)
	en.key, en.hash, en.st = k, h, dpStates{}
	c.n++
	for s := h & mask; ; s = (s + 1) & mask {
		if c.index[s] == 0 {
			c.index[s] = int32(c.n)
			break
		}
	}
	return &en.st
}

// entry returns entry i.
func (c *dpCache) entry(i int) *dpEntry { return &c.chunks[i/dpChunk][i%dpChunk] }

// hashOf mixes the key's fields (a multiply-xorshift per word).
func (k *dpKey) hashOf() uint64 {
	const m = 0x9e3779b97f4a7c15
	h := uint64(k.nopts)*m ^ uint64(k.n)
	mix := func(x uint64) {
		h = (h ^ x) * m
		h ^= h >> 29
	}
	for _, c := range k.cands[:k.n] {
		mix(uint64(uint16(c.i)) | uint64(uint8(c.cost))<<16 | uint64(uint8(c.band))<<24)
	}
	if k.keep {
		for _, v := range k.keeps {
			mix(v)
		}
	}
	if k.kill {
		mix(uint64(k.hp))
		mix(k.bonus)
	}
	return h
}
