package sim

import (
	"fmt"
	"math"
	"slices"
	"sync"

	"github.com/kharn-ages/kharn/sim/dice"
)

// Result is the outcome of an exchange: exact probabilities from Exact, or
// frequencies from a sample.
type Result struct {
	// PSuccess is the probability that the main attack succeeds (R6).
	PSuccess float64 `json:"p_success"`
	// PCriticalSuccess is the probability that it is a CH and succeeds.
	PCriticalSuccess float64 `json:"p_critical_success"`
	// PAttackCritical and PAttackCF are the probabilities of a CH and of a CF on the
	// attack roll (R2, R3).
	PAttackCritical float64 `json:"p_attack_critical"`
	PAttackCF       float64 `json:"p_attack_critical_failure"`
	// PDefenceCF is the probability that the attack is not a CF and the defence roll
	// is one (the defender rolls only against an attack that happened, R3).
	PDefenceCF float64 `json:"p_defence_critical_failure"`
	// ExpectedDamage and DamagePMF give the HP the defender loses, the free attacks
	// of A effects included, after armour (R9-R12); DamagePMF[k] = P(k HP lost).
	ExpectedDamage float64   `json:"expected_damage"`
	DamagePMF      []float64 `json:"damage_pmf"`
	// ExpectedCounter and CounterPMF give the HP the attacker loses to counter
	// damage of 2-3 AP defences (R11), after its armour.
	ExpectedCounter float64   `json:"expected_counter_damage"`
	CounterPMF      []float64 `json:"counter_damage_pmf"`
	// Statuses and effects on the defender.
	PBleeding float64 `json:"p_bleeding"`
	// ExpectedBleeding is the expected bleeding X put on the defender: HP it loses
	// at the start of each of its activations (R17), not counted in the damage.
	ExpectedBleeding float64 `json:"expected_bleeding"`
	PDazed           float64 `json:"p_dazed"`
	PStunned         float64 `json:"p_stunned"`
	// PPoisoned is the probability that the defender is poisoned (R17): the
	// attack's success, when it carries poison (sim/poison.go).
	PPoisoned float64 `json:"p_poisoned,omitempty"`
	// PAttackerPoisoned is the probability that the attacker is poisoned by
	// the defender's dose spent on a main defence of 2 or 3 AP that stops the
	// attack (sim/poison.go, poisonsBack).
	PAttackerPoisoned float64 `json:"p_attacker_poisoned,omitempty"`
	// PBurning and PFrostbite are the probabilities that the defender is set
	// on fire or gets frostbite: the attack's success, when it burns or
	// freezes (sim/fire.go).
	PBurning   float64 `json:"p_burning,omitempty"`
	PFrostbite float64 `json:"p_frostbite,omitempty"`
	// PAttackerBleeding, ExpectedAttackerBleeding, PAttackerDazed and
	// PAttackerStunned: the statuses the counters' weapon puts on the attacker
	// (R11a, R9a; sim/counterstatus.go): its bleeding X whenever a counter
	// deals damage, HP the attacker loses at the start of each of its
	// activations (not counted in the counter damage), and its on-CH status
	// when the defence that countered was a CH.
	PAttackerBleeding        float64 `json:"p_attacker_bleeding"`
	ExpectedAttackerBleeding float64 `json:"expected_attacker_bleeding"`
	PAttackerDazed           float64 `json:"p_attacker_dazed"`
	PAttackerStunned         float64 `json:"p_attacker_stunned"`
	// PFeared is the probability that a Bite's temerity test (10) fails (R18).
	PFeared float64 `json:"p_failed_temerity_test"`
	// PRepelled and ExpectedRepel: the defender pushed back by C effects (R10).
	PRepelled     float64 `json:"p_defender_repelled"`
	ExpectedRepel float64 `json:"expected_repel_toises"`
	// PAttackerRepelled: the attacker pushed back by a counter C effect.
	PAttackerRepelled float64 `json:"p_attacker_repelled"`
	// PAttackerMove, PDefenderMove: a free move from a V effect (R10), Harassment or
	// Survival instinct.
	PAttackerMove float64 `json:"p_attacker_free_move"`
	PDefenderMove float64 `json:"p_defender_free_move"`
	// ExpectedDefenceAP is the AP the defender spends, free attacks included.
	ExpectedDefenceAP float64 `json:"expected_defence_ap"`
	// DefenceAPPMF[k] is the probability that the defender spends k AP (exact
	// only): what an Ambidextrous split's second attack meets (sim/skills_more.go).
	DefenceAPPMF []float64 `json:"-"`
	// ExpectedArmourBoxes and ExpectedShieldBoxes: lifespan boxes ticked (R12, R13).
	ExpectedArmourBoxes float64 `json:"expected_armour_boxes"`
	ExpectedShieldBoxes float64 `json:"expected_shield_boxes"`
	// Exact reports whether the numbers are exact (true) or sampled.
	Exact bool `json:"exact"`
	// Truncated is the probability mass dropped by the explosion cutoff (exact only).
	Truncated float64 `json:"truncated_mass,omitempty"`
	// Warnings lists what the numbers leave out: skills not modelled, ...
	Warnings []error `json:"-"`
}

// ExpectedPerAP returns the expected damage per AP of the attack (AP spent by the
// attacker, Sadistic AP included).
func (r *Result) ExpectedPerAP(a Attack, sadistic int) float64 {
	ap := float64(a.AP + sadistic)
	if a.Vivid {
		// Vivacity's AP are paid when the free attacks are made: on a success.
		ap += float64(a.Effects.Count(A)) * r.PSuccess
	}
	if ap == 0 {
		return 0
	}
	return r.ExpectedDamage / ap
}

// acc accumulates, for one state, its probability and the unnormalised
// distributions of damage taken by each side so far.
type acc struct {
	mass     float64
	dmg, ctr []float64
}

// stateDist is a distribution over states in insertion order, so that sums are
// done in the same order on every run.
type stateDist struct {
	keys []state
	idx  keyIndex // exact_index.go
	accs []acc
	// arena backs the accs' distributions: accCap floats each, carved from
	// chunks kept when the plan reuses the dist (plan.newDist); a distribution
	// that grows past accCap moves to memory of its own (addShifted).
	arena [][]float64
	chunk int // the chunk being carved
	off   int // the next free float of arena[chunk]
}

// accCap is the room an acc's distributions start with: a hit and its free
// attacks take 13 HP at most in the benchmarks' exchanges.
const accCap = 16

// arenaChunk is the size of an arena chunk, in floats: 16 states (a 2 AP
// exchange reaches about 20, one with a free attack about 60).
const arenaChunk = 16 * accCap

func newStateDist() *stateDist { return &stateDist{} }

// reset empties d for another step, keeping its memory.
func (d *stateDist) reset() {
	d.keys = d.keys[:0]
	d.accs = d.accs[:0]
	d.idx.reset()
	for i := 0; i <= d.chunk && i < len(d.arena); i++ {
		clear(d.arena[i])
	}
	d.chunk, d.off = 0, 0
}

// carve returns an empty slice of zeros with room for accCap floats.
func (d *stateDist) carve() []float64 {
	if d.chunk < len(d.arena) && d.off+accCap > len(d.arena[d.chunk]) {
		d.chunk, d.off = d.chunk+1, 0
	}
	if d.chunk == len(d.arena) {
		d.arena = append(d.arena, make([]float64, arenaChunk))
	}
	b := d.arena[d.chunk][d.off : d.off : d.off+accCap]
	d.off += accCap
	return b
}

// get returns the acc of s, added with no mass when new. The pointer is good
// until the next get on d.
func (d *stateDist) get(s state) *acc {
	i, slot := d.idx.stateAt(d.keys, &s)
	if i >= 0 {
		return &d.accs[i]
	}
	d.idx.set(slot, len(d.keys))
	d.keys = append(d.keys, s)
	d.accs = append(d.accs, acc{dmg: d.carve(), ctr: d.carve()})
	return &d.accs[len(d.accs)-1]
}

// exactScratch is the exact engine's working memory: state distributions with
// their arenas, the transitions, the groups. exactFrom takes one from
// scratchPool and gives it back, so that the many plans of a fight's option
// tables reuse the same maps and arenas (allocating them per plan was a tenth
// of a cold Duel.NewPlayer).
type exactScratch struct {
	dists  []*stateDist
	out    *trans
	groups []group
}

var scratchPool = sync.Pool{New: func() any { return &exactScratch{out: newTrans()} }}

// newDist returns an empty stateDist from the scratch.
func (pl *plan) newDist() *stateDist {
	sc := pl.sc
	if n := len(sc.dists); n > 0 {
		d := sc.dists[n-1]
		sc.dists = sc.dists[:n-1]
		return d
	}
	return newStateDist()
}

// freeDist gives d back to the scratch for a later step (no reference into d
// may be kept).
func (pl *plan) freeDist(d *stateDist) {
	d.reset()
	pl.sc.dists = append(pl.sc.dists, d)
}

// trans collects the transitions out of one state: target state, damage to each
// side, and probability. Many dice outcomes lead to the same transition; adding them
// up before moving the source's distributions costs one pass per transition instead
// of one per outcome (measured 7.2 ms -> see docs/benchmarks.md for a 3 AP exchange).
type trans struct {
	keys []transKey
	idx  keyIndex // exact_index.go
	w    []float64
}

// transKey is a transition's target. Its fields leave no padding (state is 28
// bytes of int8 and bool), so that transHash (exact_index.go) reads it as four
// words.
type transKey struct {
	s        state
	dmg, ctr int16
}

func newTrans() *trans { return &trans{} }

func (t *trans) reset() {
	t.keys = t.keys[:0]
	t.w = t.w[:0]
	t.idx.reset()
}

// add records that the current source state moves to s with probability w, the
// defender losing dmg HP and the attacker ctr HP.
func (t *trans) add(s state, _ *acc, w float64, dmg, ctr int) {
	if w == 0 {
		return
	}
	if dmg > math.MaxInt16 || ctr > math.MaxInt16 {
		panic("sim: damage past the exact engine's range")
	}
	i, slot := t.idx.transAtOf(t.keys, &s, int16(dmg), int16(ctr)) // the key built only when new
	if i < 0 {
		i = len(t.keys)
		t.idx.set(slot, i)
		t.keys = append(t.keys, transKey{s, int16(dmg), int16(ctr)})
		t.w = append(t.w, 0)
	}
	t.w[i] += w
}

// flush moves the source's mass along the collected transitions into d.
func (t *trans) flush(d *stateDist, from *acc) {
	for i, k := range t.keys {
		d.add(k.s, from, t.w[i], int(k.dmg), int(k.ctr))
	}
	t.reset()
}

// add moves the mass w of from into state s, the defender losing dmg HP and the
// attacker ctr HP on the way.
func (d *stateDist) add(s state, from *acc, w float64, dmg, ctr int) {
	if w == 0 {
		return
	}
	to := d.get(s)
	to.mass += from.mass * w
	to.dmg = addShifted(to.dmg, from.dmg, dmg, w)
	to.ctr = addShifted(to.ctr, from.ctr, ctr, w)
}

func addShifted(dst, src []float64, shift int, w float64) []float64 {
	if n := len(src) + shift; len(dst) < n {
		// One allocation instead of one per append: a fifth of an exact
		// exchange's allocations were these (issue #13).
		if cap(dst) < n {
			dst = append(make([]float64, 0, n+4), dst...)
		}
		dst = dst[:n]
	}
	for i, q := range src {
		dst[i+shift] += q * w
	}
	return dst
}

// splitTail holds the cumulative distribution of a defence roll: plain results and
// critical hits apart, for R6 and R13.
type splitTail struct {
	cf    float64
	crit  float64
	plain []float64 // plain[v] = P(not CF, not CH, value >= v)
	ch    []float64 // ch[v] = P(CH, value >= v)
}

func newSplitTail(d dice.Dist) *splitTail {
	t := &splitTail{cf: d.CF, crit: d.PCrit()}
	t.plain = suffix(d.Plain)
	t.ch = suffix(d.Crit)
	return t
}

func suffix(p []float64) []float64 {
	s := make([]float64, len(p)+1)
	for i := len(p) - 1; i >= 0; i-- {
		s[i] = s[i+1] + p[i]
	}
	return s
}

func atLeast(s []float64, v int) float64 {
	if v <= 0 {
		return s[0]
	}
	if v >= len(s) {
		return 0
	}
	return s[v]
}

// stopProb returns the probability that a defence roll with tail t and modifier
// dmod stops an attack of total tot (not a CF): R6 ties to the defender, R13 a
// shield CH stops outright, R2 option ch-auto-success (R2a: two CHs compare totals).
func stopProb(v Variant, t *splitTail, tot, dmod int, attCH, shield bool) float64 {
	stop, _ := stopSplit(v, t, tot, dmod, attCH, shield)
	return stop
}

// stopSplit returns stopProb and, within it, the probability that the defence
// stops the attack with a CH (R9a: a CH on a 2-3 AP defence adds the defender's
// stature to its counter damage).
func stopSplit(v Variant, t *splitTail, tot, dmod int, attCH, shield bool) (stop, stopCH float64) {
	need := tot - dmod
	stopCH = atLeast(t.ch, need)
	if shield {
		stopCH = t.crit // R13: a defence CH with the shield stops the attack outright
	}
	if v.CHAutoSuccess && attCH {
		return stopCH, stopCH // only a defence CH can stop an attack CH
	}
	return atLeast(t.plain, need) + stopCH, stopCH
}

// Exact returns the exact distribution of the exchange's outcome. Explosions are
// followed until the remaining mass is below dice.Cutoff.
func (ex *Exchange) Exact() (*Result, error) {
	if err := ex.Prepare(); err != nil {
		return nil, err
	}
	pl := ex.newPlan()
	res := pl.exact()
	ex.onSuccess(res)
	return res, nil
}

// onSuccess sets in res the statuses the attack of ex puts on the defender
// when it succeeds: poison (sim/poison.go), fire and frostbite (sim/fire.go).
func (ex *Exchange) onSuccess(res *Result) {
	// A card's saving roll cancels each (sim/wards.go).
	fail := 1 - saveChance(ex.Defender)
	if ex.poisons() {
		res.PPoisoned = res.PSuccess * fail
	}
	if ex.burns() {
		res.PBurning = res.PSuccess * fail
	}
	if ex.freezes() {
		res.PFrostbite = res.PSuccess * fail
	}
}

func (pl *plan) exact() *Result { return pl.exactFrom(pl.initial()) }

// finalStates resolves the main attack from state s0, then its free attacks,
// and returns the distribution of the states the exchange ends in; res, when
// not nil, collects the main attack's figures. The states come from the plan's
// scratch (pl.sc, set by the caller), valid until it is given back.
func (pl *plan) finalStates(s0 state, res *Result) *stateDist {
	cur := pl.newDist()
	a0 := cur.get(s0)
	a0.mass, a0.dmg, a0.ctr = 1, []float64{1}, []float64{1}
	cur = pl.step(cur, false, res)
	for range pl.nFree {
		cur = pl.step(cur, true, nil)
	}
	return cur
}

// exactFrom is exact from state s0 instead of the exchange's initial state.
func (pl *plan) exactFrom(s0 state) *Result {
	res := &Result{Exact: true}
	pl.sc = scratchPool.Get().(*exactScratch)
	defer func() { scratchPool.Put(pl.sc); pl.sc = nil }()
	cur := pl.finalStates(s0, res)
	presizePMFs(res, cur)
	total := 0.0
	for i, s := range cur.keys {
		ac := &cur.accs[i]
		total += ac.mass
		res.DamagePMF = addShifted(res.DamagePMF, ac.dmg, 0, 1)
		res.CounterPMF = addShifted(res.CounterPMF, ac.ctr, 0, 1)
		m := ac.mass
		if s.bleeding > 0 {
			res.PBleeding += m
			res.ExpectedBleeding += m * float64(s.bleeding)
		}
		if s.dazed {
			res.PDazed += m
		}
		if s.stunned {
			res.PStunned += m
		}
		if s.flag(stFeared) {
			res.PFeared += m
		}
		if s.repelDef > 0 {
			res.PRepelled += m
			res.ExpectedRepel += m * float64(s.repelDef) / 2
		}
		if s.repelAtt > 0 {
			res.PAttackerRepelled += m
		}
		if b := s.attStatus.bleeding(); b > 0 { // sim/counterstatus.go
			res.PAttackerBleeding += m
			res.ExpectedAttackerBleeding += m * float64(b)
		}
		if s.attStatus.dazed() {
			res.PAttackerDazed += m
		}
		if s.attStatus.stunned() {
			res.PAttackerStunned += m
		}
		if s.moveAtt {
			res.PAttackerMove += m
		}
		if s.flag(stMoveDef) {
			res.PDefenderMove += m
		}
		res.ExpectedDefenceAP += m * float64(s.defSpent)
		for len(res.DefenceAPPMF) <= int(s.defSpent) {
			res.DefenceAPPMF = append(res.DefenceAPPMF, 0)
		}
		res.DefenceAPPMF[s.defSpent] += m
		res.ExpectedArmourBoxes += m * float64(s.armourUsed)
		res.ExpectedShieldBoxes += m * float64(s.shieldUsed)
	}
	pl.freeDist(cur)
	res.Truncated = max(1-total, 0)
	for k, q := range res.DamagePMF {
		res.ExpectedDamage += float64(k) * q
	}
	for k, q := range res.CounterPMF {
		res.ExpectedCounter += float64(k) * q
	}
	res.DamagePMF = trimPMF(res.DamagePMF)
	res.CounterPMF = trimPMF(res.CounterPMF)
	if !pl.warnReady {
		// Once per plan: exactByAPFrom asks every AP of the defender on one
		// plan, and the warnings read only the exchange (5% of a cold
		// Duel.NewPlayer was building them again).
		pl.warn, pl.warnReady = pl.ex.Warnings(), true
	}
	res.Warnings = slices.Clip(pl.warn) // an append copies: results share no room
	return res
}

func trimPMF(p []float64) []float64 {
	n := len(p)
	for n > 1 && p[n-1] == 0 {
		n--
	}
	return p[:n]
}

// step resolves one attack (the main one, or one free attack of an A effect) from
// every state of cur; res collects the main attack's figures when not nil.
func (pl *plan) step(cur *stateDist, free bool, res *Result) *stateDist {
	dst := pl.newDist()
	out := pl.sc.out
	ex := pl.ex
	a := pl.attackOf(free)
	mod := pl.mainMod
	if free {
		mod = pl.freeMod
	}
	groups := pl.sc.groups[:0]
	for i, s := range cur.keys {
		ac := &cur.accs[i]
		if free && s.pending == 0 {
			dst.add(s, ac, 1, 0, 0)
			continue
		}
		pool := ex.attackPool(a, int(s.attDice), !free && s.attMastery > 0, !free && s.attMaster, s.attTools.main(free))
		dists := pl.attackDist(pool)
		parts := [3]*dice.Dist{&dists[0], &dists[1]}
		if !free && ex.Attacker.Skills.KeepMasteryOnCH && pool.Reroll > 0 {
			// A mastery die spent on a roll that ends a CH is not spent
			// (its special card, sim/cardmastery.go): the CH part of the
			// mastery-die roll goes on as no die spent.
			k := keepSplit(pool, &dists[1])
			parts[1], parts[2] = &k[0], &k[1]
		}
		for part, dp := range parts {
			if dp == nil {
				continue
			}
			d := *dp
			used := min(part, 1)
			if part == 2 {
				used = 0 // the CH part of a mastery die's roll: kept (keepSplit)
			}
			s1 := s
			if !free {
				s1.attTools &= toolArmour // a dice-tool reroll or forced reroll is good for the next roll only (sim/fate.go, sim/forced.go)
			}
			if used == 1 {
				s1.attDice = max(s1.attDice-1, 1)
				s1.attMastery--
			}
			if free {
				s1.pending--
			}
			// R3: a CF attack never happened; the defender does not roll.
			out.add(s1, ac, d.CF, 0, 0)
			if res != nil {
				res.PAttackCF += ac.mass * d.CF
				res.PAttackCritical += ac.mass * d.PCrit()
			}
			// Every total leads to a defence choice and three outcomes (stopped, hit,
			// hit on a defence CF) whose consequences do not depend on the total: add
			// up their probabilities per choice, then resolve each group once.
			row := pl.row(s1, free)
			var gs []group
			if free {
				gs = pl.freeGroups(row, s1, ac, a, pool, used, &d, mod)
			} else {
				groups = pl.groupDist(groups[:0], row, s1, ac, free, a, &d, mod, res)
				gs = groups
			}
			for _, g := range gs {
				pl.resolveGroup(out, s1, ac, free, a, g)
			}
		}
		out.flush(dst, ac)
	}
	pl.sc.groups = groups
	pl.freeDist(cur)
	return dst
}

// group is the probability of each outcome of one defence choice: index idx
// (see plan.defence), on a CH or not, with a mastery die spent or not.
type group struct {
	idx  int
	ch   bool
	used int
	p    stopParts // stopped, hit, hit on a defence CF, and the same after Cunning
}

func addGroup(gs []group, idx int, ch bool, used int, p stopParts) []group {
	for i := range gs {
		g := &gs[i]
		if g.idx == idx && g.ch == ch && g.used == used {
			g.p = g.p.plus(p)
			return gs
		}
	}
	return append(gs, group{idx: idx, ch: ch, used: used, p: p})
}

// groupTotal adds the outcomes of the defence against total t (probability w) to
// the groups.
func (pl *plan) groupTotal(gs []group, row *decRow, s state, ac *acc, free bool, a Attack, t int, ch bool, w float64, res *Result) []group {
	idx := pl.defendIdx(row, s, free, t, ch)
	def := pl.defence(free, idx)
	switch {
	case def.Discard, def.Auto:
		return addGroup(gs, idx, ch, 0, stopParts{stop: w})
	case def.None:
		if res != nil {
			res.PSuccess += ac.mass * w
			if ch {
				res.PCriticalSuccess += ac.mass * w
			}
		}
		return addGroup(gs, idx, ch, 0, stopParts{succ: w})
	}
	tails := pl.tailsFor(s, free, idx, def, t, ch)
	dmod := pl.dmod(free, idx, def)
	for used, dd := range tails {
		total := dd.cf + dd.crit + atLeast(dd.plain, 0)
		if total == 0 {
			continue
		}
		o := pl.outcomes(s, free, def, dd, t, dmod, ch)
		if res != nil {
			hit := o.succ + o.succCF + o.cSucc
			res.PDefenceCF += ac.mass * w * dd.cf
			res.PSuccess += ac.mass * w * hit
			if pl.poisonBack(free, def) {
				res.PAttackerPoisoned += ac.mass * w * (o.stop + o.cStop) * (1 - saveChance(pl.ex.Attacker)) // sim/poison.go, sim/wards.go
			}
			if ch {
				res.PCriticalSuccess += ac.mass * w * hit
			}
		}
		gs = addGroup(gs, idx, ch, used, o.scaled(w))
	}
	return gs
}

// resolveGroup applies the consequences of a group of outcomes.
func (pl *plan) resolveGroup(out *trans, s state, ac *acc, free bool, a Attack, g group) {
	def := pl.defence(free, g.idx)
	spec := pl.mainDmg
	if free {
		spec = pl.freeDmg
	}
	if def.Discard {
		// R13: the discarded shield stops the attack and its effects, not the CH bonus.
		s2 := s
		s2.shield = 0
		if g.ch {
			for _, br := range pl.hitDist(spec, g.ch, int(s.armour), true, s.defTools.has(toolArmour)) {
				s3 := s2
				s3.defTools = spendReroll(s3.defTools, br.rerolled)
				s3.armour -= int8(br.ticked)
				s3.armourUsed += int8(br.ticked)
				out.add(s3, ac, g.p.stop*br.p, br.taken, 0)
			}
		} else {
			out.add(s2, ac, g.p.stop, 0, 0)
		}
		return
	}
	if def.Auto {
		// Its card's free automatic defence (sim/autodefence.go): no AP, no
		// roll, the attack stopped, the counter of a 3 AP defence; once.
		s2 := s
		s2.setFlag(stAutoDef, false)
		pl.counterExact(out, s2, ac, g.p.stop, 0, def, a)
		return
	}
	s2 := s
	if !def.None {
		s2.defAP -= int8(def.AP) + pl.defCost()
		s2.defSpent += int8(def.AP) + pl.defCost()
	}
	if g.used == 1 {
		s2.defDice = max(s2.defDice-1, 1)
		s2.defMastery--
	}
	if !def.None && !free {
		s2.defTools &= toolArmour // its next roll was this one (sim/fate.go, sim/forced.go)
	}
	// Cunning spends 1 AP more on the rolls that call for it (skills.md #12).
	sc := s2
	sc.defAP--
	sc.defSpent++
	for cun, st := range [2]state{s2, sc} {
		stop, stopCH, succ, succCF := g.p.stop, g.p.stopCH, g.p.succ, g.p.succCF
		if cun == 1 {
			stop, stopCH, succ, succCF = g.p.cStop, g.p.cStopCH, g.p.cSucc, 0
		}
		// Stopped: R11 counter damage and effect; the shield ticks once (R13).
		sStop := st
		if def.Shield {
			n := min(int8(1), sStop.shield)
			sStop.shield -= n
			sStop.shieldUsed += n
		}
		pl.counterExact(out, sStop, ac, stop, stopCH, def, a)
		// Hit, with the shield ticked once, or twice on a defence CF (R13).
		for cf, p := range [2]float64{succ, succCF} {
			if p == 0 {
				continue
			}
			s3 := st
			if def.Shield {
				n := min(int8(1+cf), s3.shield)
				s3.shield -= n
				s3.shieldUsed += n
			}
			pl.hitExact(out, s3, ac, p, free, spec, a, g.ch)
		}
	}
}

// splitTails returns the split tails of a defence pool, from a cache shared by every
// exchange (tails are never modified once built).
func (pl *plan) splitTails(p dice.Pool) [2]*splitTail { return splitTailsOf(p) }

// splitTailsOf is plan.splitTails.
func splitTailsOf(p dice.Pool) [2]*splitTail {
	if t, ok := tailCache.Load(p); ok {
		return t.([2]*splitTail)
	}
	d := p.SplitDist()
	t := [2]*splitTail{newSplitTail(d[0]), newSplitTail(d[1])}
	tailCache.Store(p, t)
	return t
}

// tailCache maps a dice.Pool to its [2]*splitTail.
var tailCache sync.Map

// counterExact applies a successful defence (R11) of probability w, wCH of it on
// a defence CH: counter damage through the attacker's armour (R11a, R9a), and
// the counter effect.
func (pl *plan) counterExact(out *trans, s state, ac *acc, w, wCH float64, def Defence, a Attack) {
	if w == 0 {
		return
	}
	s0 := s
	s = pl.counterEffects(s, def)
	var c *counterEntry
	if a.Kind != Shot { // R11: no counter damage against a shot
		c = pl.counterOf(def)
	}
	save := saveChance(pl.ex.Attacker) // a card's saving roll (sim/wards.go)
	if c == nil {
		if save == 0 {
			out.add(s, ac, w, 0, 0)
			return
		}
		var sp savedSplit
		sp.split(s0, s, true, save)
		for k := range sp.n {
			out.add(sp.s[k], ac, w*sp.w[k], 0, 0)
		}
		return
	}
	for ch, p := range [2]float64{w - wCH, wCH} {
		if p <= 0 {
			continue
		}
		sc := counterStatuses(s, c.spec, ch == 1) // sim/counterstatus.go
		if save == 0 {
			pl.counterBranches(out, sc, ac, p, c.spec, ch == 1)
			continue
		}
		var sp savedSplit // zeroed only for a card with a saving roll
		sp.split(s0, sc, true, save)
		for k := range sp.n {
			pl.counterBranches(out, sp.s[k], ac, p*sp.w[k], c.spec, ch == 1)
		}
	}
}

// counterBranches adds the damage branches of counter spec on the attacker
// from state s, of weight w, to out.
func (pl *plan) counterBranches(out *trans, s state, ac *acc, w float64, spec *damageSpec, ch bool) {
	for _, br := range pl.counterDist(spec, ch, int(s.attArmour), s.attTools.has(toolArmour)) {
		s2 := s
		s2.attTools = spendReroll(s2.attTools, br.rerolled)
		s2.attArmour -= int8(br.ticked)
		out.add(s2, ac, w*br.p, 0, br.taken)
	}
}

// counterEffects applies the effects of a successful defence to the state.
func (pl *plan) counterEffects(s state, def Defence) state {
	ex := pl.ex
	if def.AP >= 2 && !ex.BeyondCounterReach {
		if n := def.counterEffects(C); n > 0 && ex.Attack.Kind != Shot {
			s.repelAtt = int8(2 * repel(ex.Defender, ex.Attacker, n, repelSide{ex.DefenceSupported, ex.DefenceSupportStature, ex.Variant.English, ex.AttackerSlippery}))
		}
		if def.counterEffects(V) > 0 {
			s.setFlag(stMoveDef, true)
		}
	}
	if ex.Defender.Skills.SurvivalInstinct {
		s.setFlag(stMoveDef, true)
	}
	return s
}

// hitEffects applies the statuses and effects of a successful attack (R10, R18,
// weapon texts) to the state, except the Bite's temerity test.
func (pl *plan) hitEffects(s state, spec *damageSpec, a Attack, ch bool, free bool) state {
	ex := pl.ex
	b := spec.bleeding
	if ch && spec.critBleeding > 0 {
		b = spec.critBleeding
	}
	s.bleeding += int8(b)
	if spec.daze || (ch && spec.onCritical == "daze") {
		s.dazed = true
	}
	if ch && spec.onCritical == "stun" {
		s.stunned = true
	}
	if !free {
		s.pending = int8(pl.nFree)
		if n := a.Effects.Count(C); n > 0 {
			s.repelDef = int8(2 * repel(ex.Attacker, ex.Defender, n, repelSide{ex.Supported, ex.SupportStature, ex.Variant.English, ex.DefenderSlippery}))
		}
		if a.Effects.Has(V) {
			s.moveAtt = true
		}
		if sk := &ex.Attacker.Skills; sk.HarassmentMelee && a.Kind != Shot && a.AP >= 2 {
			// Harassment's precision on one card (skills.md #29): every 2 and
			// 3 AP melee attack also gets the free V effect, which leaves the
			// once per activation for another attack.
			s.moveAtt = true
		} else if sk.Harassment && !ex.HarassmentUsed {
			// Harassment: "once per activation", the effect of V for free on a
			// successful attack (seed 000 line 1628, seed 004 line 1559).
			s.moveAtt, s.harassed = true, true
		}
	}
	return s
}

// fearProb returns the probability of failing a temerity test T + 1D10 >= 10, a
// natural 1 failing (R3, R18).
func fearProb(t int) float64 {
	fail := 0
	for d := 1; d <= 10; d++ {
		if d == 1 || t+d < 10 {
			fail++
		}
	}
	return float64(fail) / 10
}

// hitExact applies a successful attack: effects, then damage through armour.
func (pl *plan) hitExact(out *trans, s state, ac *acc, w float64, free bool, spec *damageSpec, a Attack, ch bool) {
	s0 := s
	s = pl.hitEffects(s, spec, a, ch, free)
	fear := [2]float64{1, 0}
	if spec.biteTest {
		p := fearProb(pl.ex.Defender.Stats().T + pl.ex.DefenderTemerity)
		fear = [2]float64{1 - p, p}
	}
	save := saveChance(pl.ex.Defender) // a card's saving roll (sim/wards.go)
	for f, pf := range fear {
		if pf == 0 {
			continue
		}
		sf := s
		sf.setFlag(stFeared, sf.flag(stFeared) || f == 1)
		if save == 0 {
			pl.hitBranches(out, sf, ac, w*pf, spec, ch)
			continue
		}
		var sp savedSplit // zeroed only for a card with a saving roll
		sp.split(s0, sf, false, save)
		for k := range sp.n {
			pl.hitBranches(out, sp.s[k], ac, w*pf*sp.w[k], spec, ch)
		}
	}
}

// hitBranches adds the damage branches of a hit of spec on the defender from
// state s, of weight w, to out.
func (pl *plan) hitBranches(out *trans, s state, ac *acc, w float64, spec *damageSpec, ch bool) {
	for _, br := range pl.hitDist(spec, ch, int(s.armour), false, s.defTools.has(toolArmour)) {
		s3 := s
		s3.defTools = spendReroll(s3.defTools, br.rerolled)
		s3.armour -= int8(br.ticked)
		s3.armourUsed += int8(br.ticked)
		out.add(s3, ac, w*br.p, br.taken, 0)
	}
}

// String summarises the result for debugging.
func (r *Result) String() string {
	return fmt.Sprintf("p_success=%.6f E[damage]=%.4f", r.PSuccess, r.ExpectedDamage)
}
