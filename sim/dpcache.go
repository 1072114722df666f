package sim

import "math"

// dpCache keeps the states of the plans of planDPWith (sim/dpmemo.go) from one
// call to the next: the default policy plans again and again with the same
// inputs (the same option table, candidates at the same costs and bands, keep
// values, HP and kill bonus) as Safars meet the same situations, and a state's
// value depends on those inputs only. A plan whose inputs were planned before
// starts from the states reached then and adds those it reaches first. The
// default policy's plans (bestAttackOf with a nil filter) find their entry by
// the few inputs of their costOf (dpInKey), without asking it about every
// option; other plans by their candidates (dpKey).
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
	// ins and inIndex find an entry by the inputs of bestAttack's plan
	// (dpInKey), inIndex as index does.
	ins     []dpIn
	inIndex []int32
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

// states returns the states of d's inputs, empty when new, and the index of
// their entry; nil when its candidates do not fit a key (more than 64).
func (c *dpCache) states(d *dpMemo) (*dpStates, int) {
	if d.big != nil || len(d.opts) == 0 {
		return nil, -1
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
	if en, x := c.find(h, &k); en != nil {
		return &en.st, x
	}
	if c.n == dpCacheMax {
		clear(c.index)
		c.n = 0
		c.ins = c.ins[:0]
		clear(c.inIndex)
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
	return &en.st, c.n - 1
}

// find returns the entry of key k of hash h and its index, nil when none.
func (c *dpCache) find(h uint64, k *dpKey) (*dpEntry, int) {
	if c.index == nil {
		return nil, -1
	}
	mask := uint64(len(c.index) - 1)
	for s := h & mask; ; s = (s + 1) & mask {
		x := c.index[s]
		if x == 0 {
			return nil, -1
		}
		if en := c.entry(int(x - 1)); en.hash == h && en.key == *k {
			return en, int(x - 1)
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

// dpInKey is what a plan of bestAttack reads when its filter is one of the
// default policy's (every option, the shots, the melee attacks: optClass):
// then costOf depends only on the Safar's state named here, and the
// candidates follow from the table. Found by these few words, a plan skips
// asking costOf about every option (dpMemo.init: each option's first cache
// line, 768 bytes from the next, was a cache miss) and hashing the candidates.
type dpInKey struct {
	opts  *fightOption
	nopts int
	class optClass
	// band is the shot's range band, -1 when no shot can be made.
	band int8
	// far marks the melee options read in band bandFar, beyond the
	// defender's counter reach (engine.farMask, sim/reach.go).
	far                  uint64
	special, dazed, root bool
	// tax is the AP an enemy's AP aura adds to every attack (sim/apauras.go).
	tax        int8
	keep, kill bool
	hp         int
	bonus      uint64
	keeps      [8]uint64
}

// dpIn maps a dpInKey to the entry of its candidates, with the costs and
// bands of the positional options at the root.
type dpIn struct {
	key              dpInKey
	hash             uint64
	ent              int32
	posCost, posBand [maxOptions]int8
}

// hashOf mixes the key's fields.
func (k *dpInKey) hashOf() uint64 {
	const m = 0x9e3779b97f4a7c15
	h := uint64(k.nopts)*m ^ uint64(k.class)
	mix := func(x uint64) {
		h = (h ^ x) * m
		h ^= h >> 29
	}
	mix(uint64(uint8(k.band)) | uint64(b2u(k.special))<<8 | uint64(b2u(k.dazed))<<9 | uint64(b2u(k.root))<<10 |
		uint64(b2u(k.keep))<<11 | uint64(b2u(k.kill))<<12 | uint64(uint8(k.tax))<<13)
	if k.far != 0 {
		mix(k.far)
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

func b2u(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// fromInputs completes k with the keep values, HP and bonus (as dpMemo.init
// reads them) and, when an earlier plan had the same inputs, fills d as init
// would have and returns the states of its entry; nil otherwise. The key is
// left for remember.
func (c *dpCache) fromInputs(d *dpMemo, k *dpInKey, opts []fightOption, keep func(a int) float64, hp int, bonus float64) *dpStates {
	k.nopts = len(opts)
	if len(opts) > 0 {
		k.opts = &opts[0]
	}
	var keeps [8]float64
	if keep != nil {
		k.keep = true
		for a := range keeps {
			keeps[a] = keep(a)
			k.keeps[a] = math.Float64bits(keeps[a])
		}
	}
	if hp > 0 && hp < killHP {
		k.kill, k.hp, k.bonus = true, hp, math.Float64bits(bonus)
	}
	if c.inIndex == nil {
		return nil
	}
	h := k.hashOf()
	mask := uint64(len(c.inIndex) - 1)
	for s := h & mask; ; s = (s + 1) & mask {
		x := c.inIndex[s]
		if x == 0 {
			return nil
		}
		if in := &c.ins[x-1]; in.hash == h && in.key == *k {
			en := c.entry(int(in.ent))
			d.opts, d.hp, d.bonus = opts, hp, bonus
			d.kill = k.kill
			d.arr, d.n = en.key.cands, en.key.n
			d.posCost, d.posBand = in.posCost, in.posBand
			d.keep, d.keeps = k.keep, keeps
			return &en.st
		}
	}
}

// remember records that the inputs k lead to entry ent, with d's positional
// costs and bands.
func (c *dpCache) remember(k *dpInKey, ent int, d *dpMemo) {
	if len(c.ins) >= dpCacheMax {
		return // until the next restart (states)
	}
	h := k.hashOf()
	c.ins = append(c.ins, dpIn{key: *k, hash: h, ent: int32(ent), posCost: d.posCost, posBand: d.posBand})
	if 2*len(c.ins) > len(c.inIndex) {
		c.inIndex = make([]int32, max(16, 2*len(c.inIndex)))
		for i := range c.ins {
			c.insertIn(c.ins[i].hash, i+1)
		}
		return
	}
	c.insertIn(h, len(c.ins))
}

// insertIn records dpIn x-1 of hash h in the index of inputs.
func (c *dpCache) insertIn(h uint64, x int) {
	mask := uint64(len(c.inIndex) - 1)
	for s := h & mask; ; s = (s + 1) & mask {
		if c.inIndex[s] == 0 {
			c.inIndex[s] = int32(x)
			return
		}
	}
}
