package dice

import (
	"math"
	"sync"
)

// Cutoff is the probability mass below which an exact distribution stops following
// critical-hit explosions (rulings R2: "an exact engine may truncate once the
// remaining mass is below 1e-12").
const Cutoff = 1e-13

// Faces returns the distribution of the kept face (index 1..10) of the pool, after
// the Fate, Aura, mastery and Master rerolls of its policy.
func (p Pool) Faces() [11]float64 {
	split := p.SplitFaces()
	var out [11]float64
	for f := range out {
		out[f] = split[0][f] + split[1][f]
	}
	return out
}

// SplitFaces returns the distribution of the kept face split by whether a mastery
// die was spent (index 1) or not (index 0), since spending one costs a die for
// every later action (R4).
func (p Pool) SplitFaces() [2][11]float64 {
	if p.Fixed > 0 { // no die rolled, no reroll
		var out [2][11]float64
		out[0][min(p.Fixed, 10)] = 1
		return out
	}
	n := max(p.Dice, 1)
	var base [11]float64
	for f := 1; f <= 10; f++ {
		base[f] = math.Pow(float64(f)/10, float64(n)) - math.Pow(float64(f-1)/10, float64(n))
	}
	// forced is the kept face after an enemy's forced reroll (ForcedFrom): the
	// highest die rolled again when the kept face m is at least ForcedFrom, so
	// that the new face is the larger of the second highest die s and the new
	// one (RollForced with x = 1).
	forced := base
	if k := p.ForcedFrom; k > 0 {
		forced = [11]float64{}
		for m := 1; m <= 10; m++ {
			if m < k {
				forced[m] += base[m]
				continue
			}
			for s := 1; s <= m; s++ {
				q := secondGiven(n, m, s)
				if n == 1 {
					q = base[m] // no second die: the new die is kept
				}
				if q == 0 {
					continue
				}
				for d := 1; d <= 10; d++ {
					f := d
					if n > 1 {
						f = max(s, d)
					}
					forced[f] += q / 10
				}
				if n == 1 {
					break
				}
			}
		}
	}
	// first is the kept face after the Fate reroll, if any: the lowest die
	// rolled again as the mastery reroll below does.
	first := forced
	if k := p.Fate; k > 0 {
		first = [11]float64{}
		for m := 1; m <= 10; m++ {
			if m > k {
				first[m] += forced[m]
				continue
			}
			for d := 1; d <= 10; d++ {
				f := d
				if n > 1 {
					f = max(m, d)
				}
				first[f] += forced[m] / 10
			}
		}
	}
	// Then the Aura reroll of an ally's aura, if any, the same way.
	if k := p.Aura; k > 0 {
		prev := first
		first = [11]float64{}
		for m := 1; m <= 10; m++ {
			if m > k {
				first[m] += prev[m]
				continue
			}
			for d := 1; d <= 10; d++ {
				f := d
				if n > 1 {
					f = max(m, d)
				}
				first[f] += prev[m] / 10
			}
		}
	}
	var cur [2][11]float64
	cur[0] = first
	if k := p.Reroll; k > 0 {
		cur[0] = [11]float64{}
		for m := 1; m <= 10; m++ {
			if m > k {
				cur[0][m] += first[m]
				continue
			}
			// R4: the lowest die is rerolled. With one die the new die is kept; with
			// more, the best of the others (m) stays: max(m, d).
			for d := 1; d <= 10; d++ {
				f := d
				if n > 1 {
					f = max(m, d)
				}
				cur[1][f] += first[m] / 10
			}
		}
	}
	if k := p.RerollAll; k > 0 {
		for u := range cur {
			var next [11]float64
			var low float64
			for m := 1; m <= 10; m++ {
				if m > k {
					next[m] += cur[u][m]
				} else {
					low += cur[u][m]
				}
			}
			for f := 1; f <= 10; f++ {
				next[f] += low * base[f]
			}
			cur[u] = next
		}
	}
	// A CF rerolled (CFReroll): the lowest die again, the others CFs too.
	if p.CFReroll {
		for u := range cur {
			var next [11]float64
			for m := 1; m <= 10; m++ {
				if m > p.CFMax {
					next[m] += cur[u][m]
					continue
				}
				for d := 1; d <= 10; d++ {
					f := d
					if n > 1 {
						f = max(m, d)
					}
					next[f] += cur[u][m] / 10
				}
			}
			cur[u] = next
		}
	}
	// A kept d10 (Stored) replaces the kept die when it is higher, after
	// every reroll.
	if s := p.Stored; s > 0 {
		for u := range cur {
			var st [11]float64
			for m := 1; m <= 10; m++ {
				st[max(m, min(s, 10))] += cur[u][m]
			}
			cur[u] = st
		}
	}
	return cur
}

// secondGiven returns the probability that n >= 2 d10 have the highest face m
// and the second highest s (s <= m): exactly one die shows m and the others
// have the highest s (s < m), or at least two show m (s = m).
func secondGiven(n, m, s int) float64 {
	if n < 2 || s < 1 || s > m {
		return 0
	}
	pw := func(f int) float64 { return math.Pow(float64(f)/10, float64(n-1)) }
	one := float64(n) / 10 // which die shows m, and that it does
	if s < m {
		return one * (pw(s) - pw(s-1))
	}
	top := math.Pow(float64(m)/10, float64(n)) - math.Pow(float64(m-1)/10, float64(n))
	return top - one*pw(m-1)
}

// Explosion returns the distribution of what the critical rerolls add to a critical
// hit (R2): index = value added. Rerolls in the CF range add 0 and stop, rerolls in
// the critical range add their face and roll again. Mass beyond Cutoff is dropped.
// The result is shared: callers must not modify it.
func (p Pool) Explosion() []float64 {
	cf, cfm := p.critFrom(), p.CFMax
	if cf >= 2 && cf <= 10 && cfm >= 0 && cfm <= 3 {
		e := &explosions[cf][cfm]
		e.once.Do(func() { e.v = explosion(cf, cfm) })
		return e.v
	}
	return explosion(cf, cfm)
}

// explosions caches Explosion by critical face and CF range: it depends on nothing
// else, and computing it was a quarter of an exact exchange's time.
var explosions [11][4]struct {
	once sync.Once
	v    []float64
}

func explosion(cf, cfMax int) []float64 {
	// dist[v] of the sum still to come; built by unrolling the recursion.
	out := []float64{0}
	mass := 1.0
	// chain[s] is the probability of still exploding after adding s so far.
	chain := []float64{1}
	for mass > Cutoff {
		next := make([]float64, len(chain)+10)
		for s, q := range chain {
			if q == 0 {
				continue
			}
			for d := 1; d <= 10; d++ {
				w := q / 10
				switch {
				case d <= cfMax:
					out = grow(out, s)
					out[s] += w
				case d < cf:
					out = grow(out, s+d)
					out[s+d] += w
				default:
					next[s+d] += w
				}
			}
		}
		chain = next
		mass = 0
		for _, q := range chain {
			mass += q
		}
	}
	return out
}

func grow(s []float64, i int) []float64 {
	for len(s) <= i {
		s = append(s, 0)
	}
	return s
}

// Dist is the exact distribution of one action roll: the probability of a critical
// failure, and for every other outcome the dice value (face plus critical rerolls),
// split into plain results and critical hits.
type Dist struct {
	CF    float64
	Plain []float64 // Plain[v]: not CF, not CH, dice value v
	Crit  []float64 // Crit[v]: CH, dice value v (face plus rerolls)
}

// Dist returns the exact distribution of the pool's roll.
func (p Pool) Dist() Dist {
	if p.RerollBonus > 0 && p.Reroll > 0 {
		s := p.SplitDist()
		return s[0].plus(s[1])
	}
	return p.distOf(p.Faces())
}

// plus returns the sum of the distributions d and e.
func (d Dist) plus(e Dist) Dist {
	add := func(a, b []float64) []float64 {
		out := make([]float64, max(len(a), len(b)))
		for i, q := range a {
			out[i] += q
		}
		for i, q := range b {
			out[i] += q
		}
		return out
	}
	return Dist{CF: d.CF + e.CF, Plain: add(d.Plain, e.Plain), Crit: add(d.Crit, e.Crit)}
}

// SplitDist returns the exact distribution of the pool's roll split by whether a
// mastery die was spent (index 1) or not (index 0); RerollBonus shifts the
// values of the second.
func (p Pool) SplitDist() [2]Dist {
	f := p.SplitFaces()
	return [2]Dist{p.distOf(f[0]), p.distOf(f[1]).shift(p.RerollBonus)}
}

// shift returns d with every value raised by b (a mastery reroll's bonus).
func (d Dist) shift(b int) Dist {
	if b <= 0 {
		return d
	}
	return Dist{CF: d.CF, Plain: append(make([]float64, b), d.Plain...), Crit: append(make([]float64, b), d.Crit...)}
}

func (p Pool) distOf(faces [11]float64) Dist {
	cf := p.critFrom()
	var d Dist
	d.Plain = make([]float64, 11)
	if p.Fixed > 0 { // a fixed result: neither a CF nor a CH (Pool.Fixed)
		copy(d.Plain, faces[:])
		d.Crit = make([]float64, 11)
		return d
	}
	if p.Boost > 0 {
		d.Plain = make([]float64, 21)
	}
	for f := 1; f <= 10; f++ {
		switch {
		case f <= p.CFMax:
			d.CF += faces[f]
		case f < cf && f <= p.Boost:
			for k := 1; k <= 10; k++ { // Boost: a plain d10 added
				d.Plain[f+k] += faces[f] / 10
			}
		case f < cf:
			d.Plain[f] += faces[f]
		}
	}
	ex := p.Explosion()
	d.Crit = make([]float64, 11+len(ex))
	for f := cf; f <= 10; f++ {
		for v, q := range ex {
			d.Crit[f+v] += faces[f] * q
		}
	}
	return d
}

// PCrit returns the probability of a critical hit.
func (d Dist) PCrit() float64 {
	s := 0.0
	for _, q := range d.Crit {
		s += q
	}
	return s
}

// AtLeast returns the probability that the roll is not a CF and its dice value is at
// least v.
func (d Dist) AtLeast(v int) float64 {
	s := 0.0
	for i := max(v, 0); i < len(d.Plain); i++ {
		s += d.Plain[i]
	}
	for i := max(v, 0); i < len(d.Crit); i++ {
		s += d.Crit[i]
	}
	return s
}
