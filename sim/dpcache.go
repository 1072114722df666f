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
// Entries come from chunks, allocated as the cache grows (8 entries, then
// twice as many each time up to dpChunk), and the index doubles with them, so
// that the many players of a fair-cost search, each playing a few hundred
// battles, hold a few hundred KB each; at dpCacheMax entries (about 4 MB) it
// starts again empty, keeping its chunks. A zero dpCache is empty and ready.
type dpCache struct {
	index  []int32 // open addressing: entry + 1, 0 empty; len a power of 2
	chunks [][]dpEntry
	n, cap int // entries held, entries the chunks hold
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

// dpChunk is the size of the larger chunks, dpCacheMax the most entries held
// (a multiple of dpChunk).
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
	if en := c.find(h, &k); en != nil {
		return &en.st
	}
	if c.n == dpCacheMax {
		clear(c.index)
		c.n = 0
	}
	if c.n == c.cap {
		size := min(max(8, c.cap), dpChunk)
		c.chunks = append(c.chunks, make([]dpEntry, size))
		c.cap += size
	}
	if 2*(c.n+1) > len(c.index) {
		c.grow()
	}
	en := c.entry(c.n)
	en.key, en.hash, en.st = k, h, dpStates{}
	c.n++
	c.insert(h, c.n)
	return &en.st
}

// find returns the entry of key k of hash h, nil when none.
func (c *dpCache) find(h uint64, k *dpKey) *dpEntry {
	if c.index == nil {
		return nil
	}
	mask := uint64(len(c.index) - 1)
	for s := h & mask; ; s = (s + 1) & mask {
		x := c.index[s]
		if x == 0 {
			return nil
		}
		if en := c.entry(int(x - 1)); en.hash == h && en.key == *k {
			return en
		}
	}
}

// insert records entry x-1 of hash h in the index.
func (c *dpCache) insert(h uint64, x int) {
	mask := uint64(len(c.index) - 1)
	for s := h & mask; ; s = (s + 1) & mask {
		if c.index[s] == 0 {
			c.index[s] = int32(x)
			return
		}
	}
}

// grow doubles the index (at least 16 slots) and puts the entries back.
func (c *dpCache) grow() {
	c.index = make([]int32, max(16, 2*len(c.index)))
	for i := range c.n {
		c.insert(c.entry(i).hash, i+1)
	}
}

// entry returns entry i: the chunks hold 8, 8, 16 and 32 entries, then
// dpChunk each.
func (c *dpCache) entry(i int) *dpEntry {
	switch {
	case i >= dpChunk:
		return &c.chunks[3+i/dpChunk][i%dpChunk]
	case i >= 32:
		return &c.chunks[3][i-32]
	case i >= 16:
		return &c.chunks[2][i-16]
	case i >= 8:
		return &c.chunks[1][i-8]
	}
	return &c.chunks[0][i]
}

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
