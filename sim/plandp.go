package sim

import "math"

// dpPlan holds what planDPAt's states read, worked out once per call instead of
// once per state: the options a state weighs (affordable, not positional), their
// cost, and per defender AP k their net value (dmg - ctr), the defender's AP
// after them and their kill probability. A row of k is filled when a state of that k is
// first reached. The sums are planDPRef's, in its order, so the values and the
// first options are the same to the bit (TestPlanDPSameAsRef); the plan was about
// a quarter of a battle's time (BenchmarkSkirmish, docs/benchmarks.md).
type dpPlan struct {
	opts  []fightOption
	n     int             // options listed
	idx   [dpMaxOpts]int8 // their index in opts
	cost  [dpMaxOpts]int8 // their cost in AP
	band  [dpMaxOpts]int8 // their range band
	keep  bool            // ending is allowed, worth keeps[a]
	keeps [8]float64      // keep(a)
	kill  bool            // the kill bonus applies (0 < hp < killHP)
	hp    int             // the defender's HP
	bonus float64         // the kill bonus's weight
	row   [8]bool         // net, next and kp of that k are filled
	net   [8][dpMaxOpts]float64
	kp    [8][dpMaxOpts]float32 // the option's kill probability at hp
	next  [8][dpMaxOpts]int8    // the defender's AP after the option, clamped to 0-7
	memo  [8][8]float64
	done  [8][8]bool
	first [8][8]int8
}

// dpMaxOpts bounds the options of a table dpPlan takes; planDPAt falls back on
// planDPRef beyond (no table holds that many).
const dpMaxOpts = 64

// fill computes the row of defender AP k.
func (p *dpPlan) fill(k int) {
	for m := range p.n {
		opt, b := &p.opts[p.idx[m]], int(p.band[m])
		p.net[k][m] = opt.dmg[b][k] - opt.ctr[b][k]
		p.next[k][m] = int8(min(max(k-int(opt.def[b][k]+0.5), 0), 7))
		if p.kill {
			p.kp[k][m] = opt.kill[b][k][p.hp]
		}
	}
	p.row[k] = true
}

// value is the best value of the state: a AP left, the defender holding k.
func (p *dpPlan) value(a, k int) float64 {
	a, k = min(a, 7), min(max(k, 0), 7)
	if p.done[a][k] {
		return p.memo[a][k]
	}
	if !p.row[k] {
		p.fill(k)
	}
	v, f := math.Inf(-1), -1
	if p.keep {
		v = p.keeps[a]
	}
	for m := range p.n {
		cost := int(p.cost[m])
		if cost > a {
			continue
		}
		w := p.net[k][m] + p.value(a-cost, int(p.next[k][m]))
		if p.kill {
			w += p.bonus * float64(p.kp[k][m]) // as planDPRef writes it (FMA contraction)
		}
		if w > v+1e-9 {
			v, f = w, int(p.idx[m])
		}
	}
	if f < 0 && !p.keep {
		v = 0
	}
	p.memo[a][k], p.done[a][k], p.first[a][k] = v, true, int8(f)
	return v
}

// planDPAt is planDP with the positional options weighed at the root; planDPRef
// is its reference, which it computes to the bit.
func planDPAt(opts []fightOption, a, k int, costOf func(o *fightOption) (int, int, bool), keep func(a int) float64, hp int, bonus float64, root *[maxOptions]posGain) (float64, int) {
	if len(opts) > dpMaxOpts {
		return planDPRef(opts, a, k, costOf, keep, hp, bonus, root)
	}
	var p dpPlan
	p.opts = opts
	// costOf and keep depend on the option and the AP only: asked once each.
	var costs, bands [dpMaxOpts]int8
	for i := range opts {
		cost, band, ok := -1, 0, false
		if opts[i].pos == posNone || root != nil && i < maxOptions {
			cost, band, ok = costOf(&opts[i])
		}
		if !ok || cost > 7 {
			cost = -1
		}
		costs[i], bands[i] = int8(cost), int8(band)
		if cost >= 0 && opts[i].pos == posNone {
			p.idx[p.n], p.cost[p.n], p.band[p.n] = int8(i), int8(cost), int8(band)
			p.n++
		}
	}
	if keep != nil {
		p.keep = true
		for a := range p.keeps {
			p.keeps[a] = keep(a)
		}
	}
	p.kill, p.hp, p.bonus = hp > 0 && hp < killHP, hp, bonus
	a, k = min(max(a, 0), 7), min(max(k, 0), 7)
	v := p.value(a, k)
	f := int(p.first[a][k])
	if root == nil {
		return v, f
	}
	// The root state is never reached again (every attack costs AP), so the
	// positional options are weighed here only: with probability move the
	// effect happens, the field gains g.value, and the plan goes on against the
	// target only if it is still in reach (else the AP left are kept).
	for i := range opts {
		opt := &opts[i]
		cost, band := int(costs[i]), int(bands[i])
		if opt.pos == posNone || cost < 0 || cost > a || root[i].value <= 0 {
			continue
		}
		next := k - int(opt.def[band][k]+0.5)
		rest := p.value(a-cost, next)
		pm := float64(opt.move[band][k])
		after := rest
		if !root[i].stay {
			after = 0
			if keep != nil {
				after = p.keeps[a-cost]
			}
		}
		w := opt.dmg[band][k] - opt.ctr[band][k] + pm*(root[i].value+after) + (1-pm)*rest
		if hp > 0 && hp < killHP {
			w += bonus * float64(opt.kill[band][k][hp])
		}
		if w > v+1e-9 {
			v, f = w, i
		}
	}
	return v, f
}
