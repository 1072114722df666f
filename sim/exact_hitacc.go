package sim

// hitAcc adds up the probability of each (damage taken, boxes ticked) of a
// hit's distribution (plan.computeHitDist). It replaces a map[[2]int]float64:
// a hit has a few dozen outcomes at most, and a linear search over keys kept
// on the stack costs less than hashing, and allocates nothing for the usual
// distributions. Each key's probability is the sum of the same terms in the
// same order as with the map, and computeHitDist sorts the keys (no two are
// equal), so the distributions are the same to the bit.
type hitAcc struct {
	n    int
	keys [hitAccCap][2]int32
	p    [hitAccCap]float64
	// moreKeys and moreP hold the outcomes past hitAccCap.
	moreKeys [][2]int32
	moreP    []float64
}

// hitAccCap is the number of outcomes hitAcc holds before it grows onto the
// heap, with the same values.
const hitAccCap = 48

// at returns the probability of (taken, ticked, rerolled), added at 0 when
// new; rerolled (the card's armour reroll spent, sim/wards.go) rides in bit 16
// of ticked's key.
func (a *hitAcc) at(taken, ticked int, rerolled bool) *float64 {
	k := [2]int32{int32(taken), int32(ticked) | int32(b2i(rerolled))<<16}
	for i := range a.n {
		if a.keys[i] == k {
			return &a.p[i]
		}
	}
	for i := range a.moreKeys {
		if a.moreKeys[i] == k {
			return &a.moreP[i]
		}
	}
	if a.n < hitAccCap {
		a.keys[a.n] = k
		a.n++
		return &a.p[a.n-1]
	}
	a.moreKeys = append(a.moreKeys, k)
	a.moreP = append(a.moreP, 0)
	return &a.moreP[len(a.moreP)-1]
}

// len returns the number of outcomes.
func (a *hitAcc) len() int { return a.n + len(a.moreKeys) }

// entry returns outcome i: taken, ticked, rerolled and probability.
func (a *hitAcc) entry(i int) (taken, ticked int, rerolled bool, p float64) {
	k, q := a.moreKeys, a.moreP
	j := i - a.n
	if i < a.n {
		k, q, j = a.keys[:], a.p[:], i
	}
	return int(k[j][0]), int(k[j][1] & 0xffff), k[j][1]>>16 != 0, q[j]
}

// hitSlot holds the damage distributions of one damage spec, on the defender
// or on the attacker (counter damage), by CH flag, "CH bonus only" and boxes
// left. A plan has a handful of specs (its attacks' and its counters'), and an
// exchange reaches a handful of (boxes, CH, CH only) per spec, so finding an
// entry is two short scans: the map by hitKey it replaces hashed the key on
// every hit resolved (a tenth of a cold Duel.NewPlayer with the other maps).
type hitSlot struct {
	s       *damageSpec
	counter bool
	d       []hitDists
}

// hitDists is one cached distribution: code is hitCode of its key.
type hitDists struct {
	code int
	ok   bool
	b    []hitBranch
}

// hitCode packs the boxes, CH and "CH bonus only" of k.
func hitCode(k hitKey) int {
	return k.boxes<<3 | b2i(k.reroll)<<2 | b2i(k.ch)<<1 | b2i(k.critOnly)
}

// hitEntry returns the cache entry of k, not computed yet when !ok. The
// pointer is good until the next hitEntry.
func (pl *plan) hitEntry(k hitKey) *hitDists {
	code := hitCode(k)
	var sl *hitSlot
	for i := range pl.hits {
		if pl.hits[i].s == k.s && pl.hits[i].counter == k.counter {
			sl = &pl.hits[i]
			for j := len(sl.d) - 1; j >= 0; j-- {
				if sl.d[j].code == code {
					return &sl.d[j]
				}
			}
			break
		}
	}
	slabs := getSlabs() // planalloc.go
	if sl == nil {
		if len(pl.hits) == cap(pl.hits) {
			grown := slabs.hitSlots.take(max(8, 2*cap(pl.hits)))
			pl.hits = grown[:copy(grown, pl.hits)]
		}
		pl.hits = append(pl.hits, hitSlot{s: k.s, counter: k.counter})
		sl = &pl.hits[len(pl.hits)-1]
	}
	if len(sl.d) == cap(sl.d) {
		grown := slabs.hitDists.take(max(4, 2*cap(sl.d)))
		sl.d = grown[:copy(grown, sl.d)]
	}
	putSlabs(slabs)
	sl.d = append(sl.d, hitDists{code: code})
	return &sl.d[len(sl.d)-1]
}
