package sim

import (
	"math"
	"sync"

	"github.com/kharn-ages/kharn/sim/dice"
)

// The exact engine's inner loop over attack totals (issue #13). It does the sums
// of groupTotal, in the same order, so that every result is the same to the bit
// (TestExactStable), with what does not change from one total to the next looked
// up once per run of totals answered by the same defence: the candidate, its
// modifier and the group its outcomes add to.

// groupDist adds the outcomes of every total of the attack roll d (the attack's
// modifier mod added) from state s to the groups; row is the decision row of s.
func (pl *plan) groupDist(gs []group, row *decRow, s state, ac *acc, free bool, a Attack, d *dice.Dist, mod int, res *Result) []group {
	for ch, vals := range [2][]float64{d.Plain, d.Crit} {
		attCH := ch == 1
		if row == nil {
			// The policy's fixed defence: the general path.
			for v, q := range vals {
				if q > 0 {
					gs = pl.groupTotal(gs, row, s, ac, free, a, v+mod, attCH, q, res)
				}
			}
			continue
		}
		chi := b2i(attCH)
		rc := pl.rowCands(row, s, free)
		// The main attack's figures are summed in locals, in the same order,
		// and stored once after the loop: nothing in the loop reads them, and
		// a sum kept in res was a load and a store per total (its chain of
		// dependent adds through memory was a tenth of groupDist).
		var pSucc, pCrit, pDefCF, pPois float64
		if res != nil {
			pSucc, pCrit, pDefCF, pPois = res.PSuccess, res.PCriticalSuccess, res.PDefenceCF, res.PAttackerPoisoned
		}
		cur := -2 // the candidate answering the current run of totals
		var def Defence
		var gi [2]int // the groups of the run (-1: not found yet), by mastery die spent
		var nt *needTable
		var dmod int
		var pb bool // poisonBack of the run's defence: it reads the defence, not the total
		for v, q := range vals {
			if !(q > 0) {
				continue
			}
			t := v + mod
			// defendIdx, its look-up inlined.
			idx := int(row.dec[2*min(max(t, 0), pl.maxTotal)+chi]) - 1
			if idx < 0 {
				idx = pl.defendIdx(row, s, free, t, attCH)
			}
			if idx != cur {
				cur, def, gi, nt = idx, pl.defence(free, idx), [2]int{-1, -1}, nil
				pb = res != nil && pl.poisonBack(free, def)
				if c := &rc[idx]; c.ok && !c.cunning && !c.discard {
					nt, dmod = c.nt[chi], c.ct.dmod // rowOutcomes' table
				}
			}
			switch {
			case def.Discard, def.Auto:
				gs, gi[0] = addGroupAt(gs, gi[0], idx, attCH, 0, stopParts{stop: q})
				continue
			case def.None:
				if res != nil {
					pSucc += ac.mass * q
					if attCH {
						pCrit += ac.mass * q
					}
				}
				gs, gi[0] = addGroupAt(gs, gi[0], idx, attCH, 0, stopParts{succ: q})
				continue
			}
			var m *outMemo
			if nt != nil {
				m = &nt.at(t - dmod).m
			} else {
				m = pl.rowOutcomes(row, s, free, idx, def, t, attCH)
			}
			mq := ac.mass * q // the left factor of every product below, as written before
			for used := range 2 {
				if !m.n[used] {
					continue
				}
				o := &m.o[used]
				if res != nil {
					hit := o.succ + o.succCF + o.cSucc
					pDefCF += mq * m.cf[used]
					pSucc += mq * hit
					if pb {
						pPois += mq * (o.stop + o.cStop) // sim/poison.go
					}
					if attCH {
						pCrit += mq * hit
					}
				}
				if i := gi[used]; i >= 0 {
					gs[i].p.addScaled(o, q)
				} else {
					gs, gi[used] = addGroupAt(gs, -1, idx, attCH, used, o.scaled(q))
				}
			}
		}
		if res != nil {
			res.PSuccess, res.PCriticalSuccess, res.PDefenceCF, res.PAttackerPoisoned = pSucc, pCrit, pDefCF, pPois
		}
	}
	return gs
}

// freeGroups returns groupDist of a free attack rolled with pool from a state s
// whose decision row is row, kept per plan: the groups read nothing else of
// the state (the per-row caches assume the same, see decRow), and the free
// attacks' steps start from many states that share a row and a pool (17
// states, 9 rows and pools in the 3 AP benchmark exchange).
func (pl *plan) freeGroups(row *decRow, s state, ac *acc, a Attack, pool dice.Pool, used int, d *dice.Dist, mod int) []group {
	k := freeGroupKey{row, pool, used}
	if gs, ok := pl.freeGroupMemo[k]; ok {
		return gs
	}
	gs := pl.groupDist(make([]group, 0, freeGroupsCap), row, s, ac, true, a, d, mod, nil)
	if pl.freeGroupMemo == nil {
		pl.freeGroupMemo = map[freeGroupKey][]group{}
	}
	pl.freeGroupMemo[k] = gs
	return gs
}

// freeGroupKey identifies the groups of a free attack (plan.freeGroups).
type freeGroupKey struct {
	row  *decRow
	pool dice.Pool
	used int
}

// addScaled adds b scaled by w to o: o.plus(b.scaled(w)), the same floats.
func (o *stopParts) addScaled(b *stopParts, w float64) {
	o.stop += b.stop * w
	o.stopCH += b.stopCH * w
	o.succ += b.succ * w
	o.succCF += b.succCF * w
	o.cStop += b.cStop * w
	o.cStopCH += b.cStopCH * w
	o.cSucc += b.cSucc * w
}

// addGroupAt is addGroup with the group's index known (i >= 0) or to be found
// (i < 0); it returns the groups and the group's index.
func addGroupAt(gs []group, i, idx int, ch bool, used int, p stopParts) ([]group, int) {
	if i < 0 {
		for j := range gs {
			if g := &gs[j]; g.idx == idx && g.ch == ch && g.used == used {
				i = j
				break
			}
		}
		if i < 0 {
			return append(gs, group{idx: idx, ch: ch, used: used, p: p}), len(gs)
		}
	}
	gs[i].p = gs[i].p.plus(p)
	return gs, i
}

// decRow is the defender's decision row of one decision context (decisionKey):
// the candidate chosen per total and CH flag, and what the best response reads
// of each candidate in that context, worked out once for the row instead of once
// per total (bestResponse).
type decRow struct {
	dec   []uint16  // candidate index + 1 per (total, CH); 0 = not computed yet
	cands []rowCand // by candidate; nil until first needed
	memo  []outMemo // by 2*total + CH: the chosen defence's outcomes (rowOutcomes)
}

// rowCand is what the best response reads of one candidate defence in a
// decision context: the same values bestResponse computes, kept.
type rowCand struct {
	ok       bool // feasible in this context
	discard  bool
	shield   bool
	cunning  bool // cunningOK or boostOK: the outcomes need the general path
	ct       *candTails
	nt       [2]*needTable // by the attack's CH flag, when neither discard nor cunning
	hasExtra bool
	extra    float64    // nFree * the free attacks' value with the AP left
	cv       [2]float64 // counterValue
	sw       float64    // counterStatusWorth, on a defence CH
	reserve  bool
	ap       float64 // Reserve[AP left], or APValue * AP
}

// candTail returns the tails cache of candidate i, its pool base and modifier
// filled in.
func (pl *plan) candTail(free bool, i int) *candTails {
	c := &pl.tailCache[b2i(free)]
	if len(*c) <= i {
		sl := getSlabs() // planalloc.go
		if *c == nil {
			*c = sl.tailPtrs.take(len(pl.candidates[b2i(free)]))[:0]
		}
		for len(*c) <= i {
			*c = append(*c, sl.tails.one())
		}
		putSlabs(sl)
	}
	ct := (*c)[i]
	if !ct.ready {
		d := pl.candidates[b2i(free)][i]
		ct.base, ct.dmod, ct.ready = pl.ex.defenceBase(d), pl.ex.defenceModifier(pl.attackOf(free), d), true
	}
	return ct
}

// rowCands returns the candidates' figures of the decision context of s:
// those kept in r, small enough to inline, else fillRowCands.
func (pl *plan) rowCands(r *decRow, s state, free bool) []rowCand {
	if r.cands != nil {
		return r.cands
	}
	return pl.fillRowCands(r, s, free)
}

// fillRowCands works out and keeps the candidates' figures of row r.
func (pl *plan) fillRowCands(r *decRow, s state, free bool) []rowCand {
	cands := pl.candidates[b2i(free)]
	sl := getSlabs() // planalloc.go
	out := sl.cands.take(len(cands))
	putSlabs(sl)
	a := pl.attackOf(free)
	for i, d := range cands {
		c := &out[i]
		if !pl.feasible(s, d) {
			continue
		}
		c.ok, c.discard, c.shield = true, d.Discard || d.Auto, d.Shield // an automatic defence stops as a discard does
		if !d.Discard && !d.Auto {
			c.ct = pl.candTail(free, i)
			c.cunning = pl.cunningOK(s, d) || pl.boostOK(s, free, d) // both need the general path
			if !c.cunning {
				for ch := range c.nt {
					c.nt[ch] = pl.needTableFor(c.ct, s, free, ch == 1, d.Shield)
				}
			}
		}
		if !free && pl.nFree > 0 {
			c.hasExtra = true
			c.extra = float64(pl.nFree) * pl.freeValue[min(max(int(s.defAP)-pl.spend(d), 0), len(pl.freeValue)-1)]
		}
		c.cv = pl.counterValue(d, a)
		c.sw = pl.counterStatusWorth(d, a, int(s.defAP)-pl.spend(d))
		if r := pl.ex.Policy.Reserve; r != nil {
			c.reserve, c.ap = true, r[min(max(int(s.defAP)-pl.spend(d), 0), 7)]
		} else {
			c.ap = pl.ex.Policy.APValue * float64(pl.spend(d)-int(pl.defCost()))
		}
	}
	r.cands = out
	return out
}

// rollOutcomes is plan.outcomes for a defence that cannot use Cunning.
func rollOutcomes(v Variant, tl *splitTail, t, dmod int, attCH, shield bool) stopParts {
	total := tl.cf + tl.crit + atLeast(tl.plain, 0)
	stop, stopCH := stopSplit(v, tl, t, dmod, attCH, shield)
	return stopParts{stop: stop, stopCH: stopCH, succCF: tl.cf, succ: max(total-stop-tl.cf, 0)}
}

// partsRow is partsIdx for candidate i of a decision row.
func (pl *plan) partsRow(c *rowCand, s state, free bool, i, t int, ch bool) stopParts {
	if c.discard {
		return stopParts{stop: 1}
	}
	if c.cunning || !c.ok {
		return pl.partsIdx(s, free, i, pl.candidates[b2i(free)][i], t, ch)
	}
	return c.nt[b2i(ch)].at(t - c.ct.dmod).sum
}

// bestResponseRow is bestResponse with the candidates' figures of the row: the
// same values, compared in the same order.
func (pl *plan) bestResponseRow(r *decRow, s state, free bool, t int, ch bool) int {
	rc := pl.rowCands(r, s, free)
	best, bv := len(rc)-1, math.Inf(-1) // no defence when nothing is feasible
	hit := pl.hitValue[b2i(free)][b2i(ch)]
	chi := b2i(ch)
	for i := range rc {
		c := &rc[i]
		if !c.ok {
			continue
		}
		var o *stopParts
		if nt := c.nt[chi]; nt != nil {
			o = &nt.at(t - c.ct.dmod).sum // partsRow's table, read in place
		} else {
			parts := pl.partsRow(c, s, free, i, t, ch)
			o = &parts
		}
		pStop, pCH := o.stop+o.cStop, o.stopCH+o.cStopCH
		loss := hit
		if c.hasExtra {
			loss += c.extra
		}
		v := (pStop-pCH)*c.cv[0] + pCH*c.cv[1] - (1-pStop)*loss
		if c.sw != 0 {
			v += pCH * c.sw // the counter's daze or stun (sim/countervalue.go)
		}
		if cc := o.cStop + o.cSucc; cc > 0 {
			v -= cc * pl.cunningCost(s, pl.candidates[b2i(free)][i])
		}
		if c.reserve {
			v += c.ap
		} else {
			v -= c.ap
		}
		if v > bv+1e-12 {
			best, bv = i, v
		}
	}
	return best
}

// outMemo is what a defence roll does against one total: the outcomes with no
// mastery die spent and with one (o), whether that roll can happen at all (n),
// and its CF probability (cf).
type outMemo struct {
	set bool
	n   [2]bool
	o   [2]stopParts
	cf  [2]float64
}

// rowOutcomes returns the outcomes of candidate idx, def, against total t for a
// defender in the decision context of row (the outcomes read nothing else of s).
// A candidate without Cunning reads them from its need table (exact_need.go);
// one with Cunning computes them, once per row for the free attacks, whose steps
// start from many states that share a row.
func (pl *plan) rowOutcomes(row *decRow, s state, free bool, idx int, def Defence, t int, attCH bool) *outMemo {
	c := &pl.rowCands(row, s, free)[idx]
	if c.ok && !c.cunning && !c.discard {
		return &c.nt[b2i(attCH)].at(t - c.ct.dmod).m
	}
	k := 2*t + b2i(attCH)
	var m *outMemo
	if free && t >= 0 && t <= pl.maxTotal {
		// Past maxTotal the defence and its pool no longer change with the
		// total: computing the outcomes there costs less than keeping them.
		if k >= len(row.memo) {
			row.memo = append(row.memo, make([]outMemo, k+1-len(row.memo))...)
		}
		m = &row.memo[k]
		if m.set {
			return m
		}
	} else {
		pl.scratch = outMemo{}
		m = &pl.scratch
	}
	tails, dmod := pl.tailsFor(s, free, idx, def, t, attCH), pl.dmod(free, idx, def)
	for used, dd := range tails {
		total := dd.cf + dd.crit + atLeast(dd.plain, 0)
		if total == 0 {
			continue
		}
		m.n[used], m.cf[used] = true, dd.cf
		m.o[used] = pl.outcomes(s, free, def, dd, t, dmod, attCH)
	}
	m.set = true
	return m
}

// attackPoolAt returns attackPool of the main or the free attack from the pool
// newPlan prepared: the sampler rolls it once per attack, and building it from the
// Exchange each time was a fifth of a sampled exchange.
func (pl *plan) attackPoolAt(free bool, diceN int, mastery, master bool, tools toolBits) dice.Pool {
	k := b2i(free)
	if !pl.attReady[k] {
		pl.attBase[k] = pl.ex.attackPool(pl.attackOf(free), 0, true, true, toolFate|toolForced|toolBoost)
		pl.attReady[k] = true
	}
	p := pl.attBase[k]
	p.Dice += diceN
	if !mastery {
		p.Reroll = 0
	}
	if !master {
		p.RerollAll = 0
	}
	if !tools.has(toolFate) {
		p.Fate = 0
	}
	if !tools.has(toolForced) {
		p.ForcedFrom = 0
	}
	if !tools.has(toolBoost) {
		p.Boost = 0
	}
	p.Fixed, p.Stored = tools.fixed(), tools.stored() // values per state: not in the pool prepared
	return p
}

// rowCached is row with the last row of each attack (main, free) kept: a
// sampler's main attack always starts from the same decision context, and the
// map look-up was a tenth of a sampled exchange.
func (pl *plan) rowCached(s state, free bool) *decRow {
	k := decisionKey{free: free, defAP: s.defAP, defDice: s.defDice, defMastery: s.defMastery > 0, defMaster: s.defMaster, defTools: s.defTools.main(free), shield: s.shield > 0}
	if c := &pl.lastRow[b2i(free)]; c.row != nil && c.key == k {
		return c.row
	}
	row := pl.row(s, free)
	if row != nil {
		pl.lastRow[b2i(free)] = lastRow{k, row}
	}
	return row
}

// lastRow is the last decision row a sampler used for one kind of attack.
type lastRow struct {
	key decisionKey
	row *decRow
}

// attackDist returns pool.SplitDist(), kept per pool in the plan: the free
// attacks' step asks it again for every state, with a handful of pools.
func (pl *plan) attackDist(pool dice.Pool) [2]dice.Dist {
	for i := range pl.attDists {
		if pl.attDists[i].pool == pool {
			return pl.attDists[i].d
		}
	}
	var d [2]dice.Dist
	if v, ok := attackDists.Load(pool); ok {
		d = v.([2]dice.Dist)
	} else {
		d = pool.SplitDist()
		attackDists.Store(pool, d)
	}
	if pl.attDists == nil {
		pl.attDists = make([]poolDist, 0, attDistsCap) // one allocation, not one per pool
	}
	pl.attDists = append(pl.attDists, poolDist{pool, d})
	return d
}

// attackDists maps a dice.Pool to its SplitDist, shared by every plan of the
// process (the distributions are never modified): the same few attack pools
// come back in every exchange of a fight's option tables, and computing them
// was 7% of a 2 AP exact exchange.
var attackDists sync.Map

// poolDist is a pool's split distribution (attackDist).
type poolDist struct {
	pool dice.Pool
	d    [2]dice.Dist
}

// exactByAPFrom is exactByAP on plan pl, which has computed pre, the result
// against the defender's full AP: BestEffects' plan of the attack, whose
// candidates, decision rows and tables serve every AP. A nil pl, or one of
// another exchange, is exactByAP.
func (ex *Exchange) exactByAPFrom(pl *plan, pre *Result) ([]*Result, error) {
	if pl == nil || pre == nil || ex.Policy.Defence != nil || ex.DefenderWarned {
		return ex.exactByAP()
	}
	if err := ex.Prepare(); err != nil {
		return nil, err
	}
	if pl.main != ex.Attack || pl.ex.Defender.AP != ex.Defender.AP || pl.ex.Range != ex.Range {
		return ex.exactByAP()
	}
	out := make([]*Result, ex.Defender.AP+1)
	sat := pl.apSaturation() // exact_byap.go
	for k := range out {
		switch {
		case k == ex.Defender.AP:
			out[k] = pre
			continue
		case k >= sat:
			out[k] = cloneResult(pre)
			continue
		}
		s := pl.initial()
		s.defAP = int8(k)
		out[k] = pl.exactFrom(s)
	}
	return out, nil
}

// exactByAP returns Exact of the exchange against its defender holding k AP, for
// k = 0..Defender.AP, from one plan (issue #13: the option tables of a fight ask
// every k). The results are those of Exact to the bit: a defender with fewer AP
// has the candidates of the plan whose AP it can pay, in the same order (they are
// listed by AP), so the best response chooses the same defences; and the
// decisions, tails and outcomes the plan keeps depend on the state, not on the
// AP the exchange started with (TestExactByAP). With a fixed defence in the
// policy, which may be illegal for some k, it calls Exact for each k.
func (ex *Exchange) exactByAP() ([]*Result, error) {
	out := make([]*Result, ex.Defender.AP+1)
	if ex.Policy.Defence != nil || ex.DefenderWarned {
		for k := range out {
			trial := *ex
			def := *ex.Defender
			def.AP = k
			trial.Defender = &def
			res, err := trial.Exact()
			if err != nil {
				return nil, err
			}
			out[k] = res
		}
		return out, nil
	}
	if err := ex.Prepare(); err != nil {
		return nil, err
	}
	pl := ex.newPlan()
	sat := pl.apSaturation() // exact_byap.go
	for k := range out {
		if k > sat {
			out[k] = cloneResult(out[sat])
			continue
		}
		s := pl.initial()
		s.defAP = int8(k)
		out[k] = pl.exactFrom(s)
	}
	return out, nil
}

// attackDistOf returns pool.Dist(), shared by every plan of the process (never
// modified): expectedFrees asks it for the free attack of every plan with an A
// effect, with a handful of pools.
func attackDistOf(pool dice.Pool) *dice.Dist {
	if v, ok := fullDists.Load(pool); ok {
		return v.(*dice.Dist)
	}
	d := pool.Dist()
	v, _ := fullDists.LoadOrStore(pool, &d)
	return v.(*dice.Dist)
}

// fullDists maps a dice.Pool to its *dice.Dist (attackDistOf).
var fullDists sync.Map
