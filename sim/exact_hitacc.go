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
