package sim

import "math"

// dpMemo is the memoised plan of planDPAt: what its states read of the options
// (cost and range band, asked once per option), the keep values, and the value
// and first option of each state (AP left, defender AP) reached.
//
// It does what planDPAt's recursive closure did, in the same order and with the
// same floating-point operations (TestPlanDPSame compares them to the bit), but
// a state loops only over the non-positional options costOf allows (its
// candidates, in table order), and the recursion is a direct method call
// (issue #13: the closure's loop over every option, positional and disallowed
// ones included, was most of planDPAt's time, itself a fifth of a battle's,
// BenchmarkSkirmish). It lives on planDPAt's stack: it holds no slice of
// itself.
type dpMemo struct {
	opts []fightOption
	arr  [64]dpCand // the candidates, when they fit
	n    int
	big  []dpCand // the candidates of a larger table (none in the embedded data)
	// posCost and posBand: the cost (-1: not allowed) and band of the
	// positional options weighed at the root.
	posCost [maxOptions]int8
	posBand [maxOptions]int8
	keeps   [8]float64
	keep    bool
	kill    bool // hp > 0 && hp < killHP: attacks earn bonus times their kill chance
	hp      int
	bonus   float64
	// own holds the states when no dpCache entry does (sim/dpcache.go).
	own dpStates
}

// dpStates are the value and first option of each state (AP left, defender
// AP) of a plan reached so far.
type dpStates struct {
	memo  [8][8]float64
	done  [8][8]bool
	first [8][8]int16
}

// dpCand is an option a state of the plan may take.
type dpCand struct {
	i          int16 // its index in the table
	cost, band int8
}

// init asks costOf for each option (the positional ones only when they are
// weighed at the root, as planDPAt did) and keep for each AP.
func (d *dpMemo) init(opts []fightOption, costOf func(o *fightOption) (int, int, bool), keep func(a int) float64, hp int, bonus float64, root bool) {
	d.opts, d.hp, d.bonus = opts, hp, bonus
	d.kill = hp > 0 && hp < killHP
	for i := range opts {
		pos := opts[i].pos != posNone
		cost, band, ok := -1, 0, false
		if !pos || root && i < maxOptions {
			cost, band, ok = costOf(&opts[i])
		}
		if !ok || cost > 7 {
			cost = -1
		}
		switch {
		case pos && i < maxOptions:
			d.posCost[i], d.posBand[i] = int8(cost), int8(band)
		case pos || cost < 0:
		case d.big != nil:
			d.big = append(d.big, dpCand{int16(i), int8(cost), int8(band)})
		case d.n == len(d.arr):
			d.big = append(append(make([]dpCand, 0, len(opts)), d.arr[:]...), dpCand{int16(i), int8(cost), int8(band)})
		default:
			d.arr[d.n] = dpCand{int16(i), int8(cost), int8(band)}
			d.n++
		}
	}
	if keep != nil {
		d.keep = true
		for a := range d.keeps {
			d.keeps[a] = keep(a)
		}
	}
}

// at returns the cost (-1: not allowed) and band of positional option i at the
// root.
func (d *dpMemo) at(i int) (int, int) {
	if i >= maxOptions {
		return -1, 0
	}
	return int(d.posCost[i]), int(d.posBand[i])
}

// value returns the best value of spending up to a AP against a defender
// holding k AP (planDP), and records the state's first option in st.first:
// st holds the states of d's inputs (d.own, or a dpCache entry).
func (d *dpMemo) value(st *dpStates, a, k int) float64 {
	a, k = min(a, 7), min(max(k, 0), 7)
	if st.done[a][k] {
		return st.memo[a][k]
	}
	v, f := math.Inf(-1), -1
	if d.keep {
		v = d.keeps[a]
	}
	cands := d.big
	if cands == nil {
		cands = d.arr[:d.n]
	}
	for _, c := range cands {
		cost := int(c.cost)
		if cost > a {
			continue
		}
		opt, band := &d.opts[c.i], int(c.band)
		next := k - int(opt.def[band][k]+0.5)
		w := opt.dmg[band][k] - opt.ctr[band][k] + d.value(st, a-cost, next)
		if d.kill {
			w += d.bonus * float64(opt.kill.at(band, k, d.hp))
		}
		if w > v+1e-9 {
			v, f = w, int(c.i)
		}
	}
	if f < 0 && !d.keep {
		v = 0
	}
	st.memo[a][k], st.done[a][k], st.first[a][k] = v, true, int16(f)
	return v
}
