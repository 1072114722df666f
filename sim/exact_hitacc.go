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

// at returns the probability of (taken, ticked), added at 0 when new.
func (a *hitAcc) at(taken, ticked int) *float64 {
	k := [2]int32{int32(taken), int32(ticked)}
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

// entry returns outcome i: taken, ticked and probability.
func (a *hitAcc) entry(i int) (taken, ticked int, p float64) {
	if i < a.n {
		return int(a.keys[i][0]), int(a.keys[i][1]), a.p[i]
	}
	i -= a.n
	return int(a.moreKeys[i][0]), int(a.moreKeys[i][1]), a.moreP[i]
}

// hitSlot holds the damage distributions of one damage spec, on the defender
// or on the attacker (counter damage), by CH flag, "CH bonus only" and boxes
// left. A plan has a handful of specs (its attacks' and its counters'), so
// finding the slot is a short scan of pointers, and the distributions are
// then indexed: the map by hitKey it replaces hashed the key on every hit
// resolved (a tenth of a cold Duel.NewPlayer with the other maps).
type hitSlot struct {
	s       *damageSpec
	counter bool
	d       []hitDists // by boxes, then CH and critOnly (4 per box)
}

// hitDists is one cached distribution; ok once computed.
type hitDists struct {
	ok bool
	b  []hitBranch
}

// hitEntry returns the cache entry of k, not computed yet when !ok.
func (pl *plan) hitEntry(k hitKey) *hitDists {
	if k.boxes < 0 {
		panic("sim: negative armour boxes")
	}
	var sl *hitSlot
	for i := range pl.hits {
		if pl.hits[i].s == k.s && pl.hits[i].counter == k.counter {
			sl = &pl.hits[i]
			break
		}
	}
	if sl == nil {
		slabs := getSlabs() // planalloc.go
		if len(pl.hits) == cap(pl.hits) {
			grown := slabs.hitSlots.take(max(8, 2*cap(pl.hits)))
			pl.hits = grown[:copy(grown, pl.hits)]
		}
		// Boxes only go down during an exchange, from the fighters' own: a
		// look-up past them (none is known) grows the slot below.
		boxes := pl.ex.Defender.ArmourBoxes
		if k.counter {
			boxes = pl.ex.Attacker.ArmourBoxes
		}
		boxes = max(boxes, k.boxes)
		pl.hits = append(pl.hits, hitSlot{s: k.s, counter: k.counter, d: slabs.hitDists.take(4 * (boxes + 1))})
		putSlabs(slabs)
		sl = &pl.hits[len(pl.hits)-1]
	}
	i := 4*k.boxes + 2*b2i(k.ch) + b2i(k.critOnly)
	if i >= len(sl.d) {
		sl.d = append(sl.d, make([]hitDists, i+4-len(sl.d))...)
	}
	return &sl.d[i]
}
