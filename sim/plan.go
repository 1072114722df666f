package sim

import (
	"math"
	"slices"
	"sync"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/dice"
)

// state is what an exchange changes and later steps of the same exchange read:
// AP, dice and mastery left, lifespan boxes, statuses and effects applied.
// It is a map key of the exact engine, so it holds only comparable small fields.
type state struct {
	defAP      int8
	defDice    int8 // dice the defender rolls now (R4)
	defMastery int8 // defensive mastery dice left
	attDice    int8
	attMastery int8 // attack-field mastery dice left
	armour     int8 // defender's armour boxes left
	shield     int8 // defender's shield boxes left
	attArmour  int8 // attacker's armour boxes left (counter damage)
	pending    int8 // free attacks of A effects still to resolve (R10)
	bleeding   int8 // bleeding put on the defender by this exchange
	dazed      bool
	stunned    bool
	// flags: stFeared, failed the temerity test of a Bite (R18); stMoveDef,
	// the defender gets a free move (V counter, Survival instinct); stAttDuel
	// and stDefDuel, the attacker's or the defender's Duellist reroll is still
	// available this turn (only fights set them; Exact and a plain Sampler
	// never do). Bits of one byte, so that a state stays
	// within the 32 bytes the exact engine hashes with a transKey's two int16.
	flags    stFlags
	repelDef int8 // half-toises the defender is repelled (C effects)
	repelAtt int8 // half-toises the attacker is repelled (counter C effect)
	moveAtt  bool // the attacker gets a free move (V effect, Harassment)
	harassed bool // the free move includes Harassment's V effect (once per activation)
	defSpent int8 // AP the defender spent on defences
	// attStatus holds the statuses a counter's weapon put on the attacker
	// (R11a, sim/counterstatus.go). It took the byte of a flag of a discarded
	// shield that nothing read (a discarded shield leaves shield 0 with fewer
	// shieldUsed than a shield ticked out, so no two states merged).
	attStatus  attStatus
	shieldUsed int8 // shield boxes ticked
	armourUsed int8 // armour boxes ticked
	// attMaster and defMaster: the Master X free reroll (once per turn) is still
	// available to the attacker or the defender.
	attMaster, defMaster bool
	// spare is always 0: with it the state's 28 bytes hold no padding, which
	// stateEq and stateHash read in place (exact_index.go, TestStateNoPadding).
	spare int8
	// attTools and defTools: the dice tools of spells on the attacker's or the
	// defender's main roll: toolFate, the reroll it still holds (sim/fate.go),
	// toolForced, an enemy's forced reroll it is under (sim/forced.go), and
	// toolFixed, the value of its result fixed (sim/fixed.go) or with
	// toolStored of a kept d10 (sim/stored.go); and toolArmour, a card's
	// armour reroll still available this turn (sim/wards.go), and toolBoost,
	// an ally's aura's +1D10 (sim/auragrants.go). Bits of two bytes, so that a state stays within the 32 bytes the exact
	// engine hashes (exact_index.go).
	attTools, defTools toolBits
}

// stFlags are bits of a state (state.flags).
type stFlags uint8

// The bits of stFlags.
const (
	stFeared  stFlags = 1 << iota // failed the temerity test of a Bite (R18)
	stMoveDef                     // the defender gets a free move
	stAttDuel                     // the attacker's Duellist reroll is still available
	stDefDuel                     // the defender's Duellist reroll is still available
	stAutoDef                     // the defender's card's free automatic defence is still available this turn (sim/autodefence.go)
)

// flag reports whether s holds bit f.
func (s *state) flag(f stFlags) bool { return s.flags&f != 0 }

// setFlag sets bit f of s to on.
func (s *state) setFlag(f stFlags, on bool) {
	if on {
		s.flags |= f
	} else {
		s.flags &^= f
	}
}

// toolBits are the dice tools of spells on one side's main roll (state).
type toolBits uint16

// The dice tools of toolBits.
const (
	toolFate   toolBits = 1 << iota // holds a dice-tool reroll (sim/fate.go)
	toolForced                      // under an enemy's forced reroll (sim/forced.go)
	toolStored                      // the value bits are a kept d10's face (sim/stored.go)
	// toolArmour: its armour reroll (once per turn, skills.md section 3 G) is
	// still available (sim/wards.go). Not a tool of the main roll: main()
	// leaves it out, and the resets of the tools keep it.
	toolArmour
	// toolFixed are the value bits: a fixed result, 1-10 (sim/fixed.go), or
	// with toolStored a kept d10's face. A fixed result wins over a kept d10
	// on the same Safar (its roll has no die to replace).
	toolFixed toolBits = 0xf0
	// toolBoost: it holds the +1D10 of an ally's aura, once per turn, for
	// its main attack roll (dice.Pool.Boost) or main defence
	// (plan.boostOutcomes; sim/auragrants.go); unlike the spells' tools it
	// is kept when not used. Above the value bits: toolBits has 16 bits.
	toolBoost toolBits = 1 << 8
)

// has reports whether b holds tool t.
func (b toolBits) has(t toolBits) bool { return b&t != 0 }

// fixed returns the value of the fixed result b holds, 0 for none.
func (b toolBits) fixed() int {
	if b&toolStored != 0 {
		return 0
	}
	return int(b >> 4 & 0xf)
}

// stored returns the face of the kept d10 b holds, 0 for none.
func (b toolBits) stored() int {
	if b&toolStored == 0 {
		return 0
	}
	return int(b >> 4 & 0xf)
}

// main returns b for a main attack's rolls, none for a free attack's.
func (b toolBits) main(free bool) toolBits {
	if free {
		return 0
	}
	return b &^ toolArmour
}

// toolsOf returns the bits of a fate reroll, a forced reroll, a fixed result
// and a kept d10 (their values, 0: none).
func toolsOf(fate, forced bool, fixed, stored int) toolBits {
	var b toolBits
	if fate {
		b |= toolFate
	}
	if forced {
		b |= toolForced
	}
	if v := fixedOf(fixed); v > 0 {
		return b | toolBits(v)<<4
	}
	if v := fixedOf(stored); v > 0 {
		return b | toolStored | toolBits(v)<<4
	}
	return b
}

// plan is an exchange prepared for resolution, shared by Exact and Sample: the
// attacks, their modifiers and damage, and the defender's decisions (computed
// lazily, so a plan belongs to one goroutine).
type plan struct {
	ex      *Exchange
	main    Attack
	free    Attack
	nFree   int
	mainMod int
	freeMod int
	mainDmg *damageSpec
	freeDmg *damageSpec
	// candidates lists the legal defences against the main and the free attack,
	// cheapest first.
	candidates [2][]Defence
	// decisions caches the chosen candidate (index+1, 0 = not computed) per
	// decision context; its first rows are in few, the map made only for
	// more (planchunks.go).
	decisions map[decisionKey]*decRow
	few       fewRows
	maxTotal  int
	// hits caches the damage distributions by spec (plan.hitEntry).
	hits      []hitSlot
	tailCache [2][]*candTails
	// hitValue caches the defender's expected damage taken from a hit, per attack
	// (0 main, 1 free) and CH flag, with intact armour.
	hitValue [2][2]float64
	// freeValue[ap] is the expected damage of one free attack against a defender
	// with ap AP left, for the main defence decision.
	freeValue      []float64
	armourFaces    [11]float64
	attArmourFaces [11]float64
	// counters caches the counter damage of a successful defence by counter
	// characteristic and P effect (see counterOf).
	counters [4][3]*counterEntry
	// trace, when set, receives every sampled attack (fight traces).
	trace          func(TraceEvent)
	lastArmourFace int
	// lastReroll and lastWarded: the failed armour face rerolled and the
	// damage the card's reduction stopped on the last hit sampled (sim/wards.go).
	lastReroll, lastWarded int
	attUnder               int // boxes of the attacker's second armour ticked by a counter (sampleCounter)
	// scratch holds the outcomes rowOutcomes does not keep.
	scratch outMemo
	// attBase and lastRow serve the sampler (attackPoolAt, rowCached).
	attBase  [2]dice.Pool
	attReady [2]bool
	lastRow  [2]lastRow
	// attDists keeps the attack pools' distributions (attackDist).
	attDists []poolDist
	// sc is the exact engine's scratch while exactFrom runs.
	sc *exactScratch
	// freeRows, when not nil, holds the free attack's decision rows instead of
	// decisions: rows shared by the plans of one attack (plan_share.go).
	freeRows map[decisionKey]*decRow
	// freeGroupMemo keeps the free attacks' groups (plan.freeGroups).
	freeGroupMemo map[freeGroupKey][]group
	// needs lists the need tables the plan has used (needTableFor).
	needs []usedNeed
	// apCap is rowAPCap of the main and the free attack (exact_byap.go).
	apCap [2]int8
	// warn is ex.Warnings(), kept for the results once warnReady.
	warn      []error
	warnReady bool
	// init0 is initial(), kept for Sampler.Sample once init0Ready.
	init0      state
	init0Ready bool
}

type decisionKey struct {
	free       bool
	defAP      int8
	defDice    int8
	defMastery bool
	defMaster  bool
	defTools   toolBits // the dice tools of spells on the defender's roll (main attack only)
	shield     bool
	auto       bool // its card's free automatic defence is still available (sim/autodefence.go)
}

// Prepare checks the exchange and fills in the choices the attacker left open: the
// damage characteristic (the highest engaged one, or the weapon's fixed damage when
// its mean is higher). It returns an error naming the rule when the exchange is
// impossible.
func (ex *Exchange) Prepare() error {
	a := &ex.Attack
	if (a.Kind == Bunt || a.Kind == Bite) && a.Chars.Len() == 0 {
		// R18: two characteristics of the attacker's choice; it takes its best two.
		a.Chars = bestTwo(ex.Attacker.Profile)
	}
	if ca := ex.Attacker.cardAttack(*a); ca != nil && a.Chars.Len() == 0 {
		a.Chars = cardChars(ca) // sim/cardattack.go
	}
	if !a.DamageChosen {
		a.DamageChar, a.Fixed = bestDamage(ex.Attacker, *a)
	}
	if d := ex.Policy.Defence; d != nil && d.AP >= 2 && !d.Discard && !d.CounterDamage && !d.HasEffect && !d.HasEffect2 {
		// R11a: a 2 or 3 AP defence fixed by the caller counters as the best
		// response's candidates do.
		c := ex.counterChoice(*d)
		ex.Policy.Defence = &c
	}
	return ex.Check()
}

// bestDamage returns the damage source an attacker picks (R9): the highest engaged
// characteristic, or the weapon's fixed damage when its mean is higher.
func bestDamage(f *Fighter, a Attack) (Char, bool) {
	st := f.Stats()
	best, bv := Char(0), -1
	for i := 0; i < a.Chars.Len(); i++ {
		if v := st.Get(a.Chars.At(i)); v > bv {
			best, bv = a.Chars.At(i), v
		}
	}
	if a.Kind.Special() || a.Chars.Len() == 0 {
		return best, false
	}
	half := a.AP == 1 && !a.Vivid // Vivacity's free attack deals in full (skills.md #33)
	if half {
		bv = (bv + 1) / 2 // R9: a 1 AP attack deals half, and so would the fixed damage
	}
	if fd := f.weaponEffects().FixedDamage; fd != nil {
		if half {
			if mean := (float64(fd.N)*float64(fd.Sides+1)/2 + float64(fd.Plus) + 1) / 2; mean > float64(bv) {
				return best, true
			}
			return best, false
		}
		if mean := float64(fd.N)*float64(fd.Sides+1)/2 + float64(fd.Plus); mean > float64(bv) {
			return best, true
		}
	}
	return best, false
}

func (ex *Exchange) newPlan() *plan { return ex.newPlanShared(nil) }

// newPlanShared is newPlan with the candidate defences taken from sh when it
// holds those of the same attack (plan_share.go); sh may be nil.
func (ex *Exchange) newPlanShared(sh *candShare) *plan { return ex.newPlanIn(sh, new(plan)) }

// newPlanIn is newPlanShared making the plan in pl (engine.plan: in a chunk,
// planchunks.go).
func (ex *Exchange) newPlanIn(sh *candShare, pl *plan) *plan {
	*pl = plan{ex: ex, main: ex.Attack} // decisions: made past few's rows (planchunks.go)
	pl.mainMod = ex.attackModifier(pl.main)
	pl.mainDmg = ex.damage(pl.main)
	pl.nFree = pl.main.Effects.Count(A)
	if pl.nFree > 0 {
		pl.free = ex.freeAttack(pl.main)
		// R7a: a 1 AP basic attack with the attacker's weapon, its fixed damage
		// chosen when it deals more (halved like the characteristic).
		pl.free.DamageChar, pl.free.Fixed = bestDamage(ex.Attacker, pl.free)
		pl.freeMod = ex.attackModifier(pl.free)
		pl.freeDmg = ex.damage(pl.free)
	}
	pl.armourFaces = armourFaces(ex.Defender, ex.Variant)
	pl.attArmourFaces = armourFaces(ex.Attacker, ex.Variant)
	pl.candidates = sh.candidates(pl)
	// The decision tables index totals up to the attack's modifier plus decisionDice:
	// a defender facing a higher total plays as against that one. Such totals need
	// three critical rerolls in a row (P < 2e-3); past them every defence stops the
	// attack only with a critical chain of its own and the choice barely matters,
	// while deciding per total cost 4x more in the exact engine.
	pl.maxTotal = max(pl.mainMod, pl.freeMod) + decisionDice
	for c := range 2 {
		pl.hitValue[0][c] = pl.expectedTaken(pl.mainDmg, c == 1)
		if pl.nFree > 0 {
			pl.hitValue[1][c] = pl.expectedTaken(pl.freeDmg, c == 1)
		}
	}
	pl.apCap = [2]int8{pl.rowAPCap(false), pl.rowAPCap(true)} // exact_byap.go
	if pl.nFree > 0 && !sh.shareFree(pl) {
		pl.freeValue = pl.expectedFrees()
	}
	return pl
}

// expectedFrees returns expectedFree for every AP of the defender.
func (pl *plan) expectedFrees() []float64 {
	v := make([]float64, pl.ex.Defender.AP+1)
	s := pl.initial()
	// The free attack's pool is the same for every AP: its distribution once
	// (a tenth of a 3 AP exchange was computing it again per AP).
	att := attackDistOf(pl.ex.attackPool(pl.free, int(s.attDice), false, false, 0))
	for ap := range v {
		if c := int(pl.apCap[1]); c >= 0 && ap > c {
			v[ap] = v[c] // the same row, the same sums (exact_byap.go)
			continue
		}
		v[ap] = pl.expectedFree(ap, att)
	}
	return v
}

// decisionDice bounds the dice value the decision tables distinguish.
const decisionDice = 40

// undominated drops the candidates the best response can never prefer: another of
// the same AP and shield use with a defence modifier and counter damage at least as
// high, listed earlier or strictly better (the best response values a defence only
// by its chance to stop, its counter damage and its AP). A 4 AP defender has some 60
// legal defences and about 12 undominated ones.
func (pl *plan) undominated(cands []Defence, free bool) []Defence {
	a := pl.attackOf(free)
	if (free && pl.nFree == 0) || pl.ex.Policy.RandomDefence {
		// The random policy draws among every legal defence; cands may be on
		// the caller's stack (candShare.candidates): the plan keeps a copy.
		return keepDefences(cands)
	}
	var modBuf [maxScratchCands]int
	var ctrBuf [maxScratchCands][2]float64
	var stBuf [maxScratchCands]int
	mods, ctrs, sts := modBuf[:0], ctrBuf[:0], stBuf[:0] // on the stack for the usual lists (planalloc.go)
	dm := pl.ex.defenceMods(a)                           // defenceModifier's parts, once
	for i := range cands {
		d := &cands[i]
		mods = append(mods, dm.of(d))
		// counterValue and counterStatusKind (sim/countervalue.go) of one
		// counterOf: none against a shot.
		var cv [2]float64
		st := 0
		if a.Kind != Shot {
			if e := pl.counterOf(*d); e != nil {
				cv = e.value
				switch e.spec.onCritical {
				case profiles.Daze:
					st = 1
				case profiles.Stun:
					st = 2
				}
			}
		}
		ctrs, sts = append(ctrs, cv), append(sts, st)
	}
	sl := getSlabs() // planalloc.go: the plan keeps the result
	out := sl.defences.take(len(cands))[:0]
	putSlabs(sl)
	runs := sameRun(cands)
	runLo, runHi, runOf := 0, 0, -1 // the last run's bounds, and a defence of it
	for i := range cands {
		d := &cands[i]
		dominated := false
		// Only a defence of the same AP, shield and discard can dominate d:
		// Exchange.candidates lists them in one run (by AP, then shield), so
		// the scan starts at the run's first and stops at its end when the
		// list is in that order (sameRun), else it reads them all. A Defence
		// is copied by neither loop (it was a fifth of undominated).
		lo, hi := 0, len(cands)
		if d.None {
			lo, hi = 0, 0 // no defence dominates no defence
		} else if runs && runOf >= 0 && i < runHi && cands[runOf].AP == d.AP && cands[runOf].Shield == d.Shield && cands[runOf].Auto == d.Auto {
			// The same run as the last defence's: the scan below finds the
			// same bounds (the longest stretch of d's kind around i).
			lo, hi = runLo, runHi
		} else if runs {
			for lo = i; lo > 0 && sameKind(&cands[lo-1], d); lo-- {
			}
			for hi = i + 1; hi < len(cands) && sameKind(&cands[hi], d); hi++ {
			}
			runLo, runHi, runOf = lo, hi, i
		}
		for j := lo; j < hi; j++ {
			e := &cands[j]
			if i == j || e.AP != d.AP || e.Shield != d.Shield || e.Discard != d.Discard || e.Auto != d.Auto || e.None || d.None {
				continue
			}
			if sts[i] != 0 && sts[j] != sts[i] {
				continue // a blow that may daze or stun is not dominated by one that may not
			}
			ge := ctrs[j][0] >= ctrs[i][0] && ctrs[j][1] >= ctrs[i][1]
			gt := ctrs[j][0] > ctrs[i][0] || ctrs[j][1] > ctrs[i][1]
			if mods[j] >= mods[i] && ge && (j < i || mods[j] > mods[i] || gt) {
				dominated = true
				break
			}
		}
		if !dominated {
			out = append(out, *d)
		}
	}
	return out
}

// sameRun reports whether the defences of each (AP, shield) form one run of
// cands, the "no defence" candidates aside (they neither dominate nor are
// dominated): a defence met again after another (AP, shield) began returns
// false.
func sameRun(cands []Defence) bool {
	var seen [9]bool // AP 0-3 (R7: at most 3), shield; a card's free automatic defence
	var prev *Defence
	for i := range cands {
		d := &cands[i]
		if d.None {
			continue
		}
		if d.AP < 0 || d.AP > 3 {
			return false
		}
		if prev != nil && prev.AP == d.AP && prev.Shield == d.Shield && prev.Auto == d.Auto {
			continue
		}
		k := 2*d.AP + b2i(d.Shield)
		if d.Auto {
			k = 8
		}
		if seen[k] {
			return false
		}
		seen[k], prev = true, d
	}
	return true
}

// sameKind reports whether e is in the run of d (sameRun): a "no defence" is
// stepped over.
func sameKind(e, d *Defence) bool {
	return e.None || e.AP == d.AP && e.Shield == d.Shield && e.Auto == d.Auto
}

// armourFaces returns the distribution of a Safar's armour roll: one d10, or its
// level dice keeping the best under the armour-level-dice option (R12).
func armourFaces(f *Fighter, v Variant) [11]float64 {
	p := dice.Pool{Dice: 1}
	if v.ArmourLevelDice {
		p.Dice = max(f.Profile.Level, 1)
	}
	if p.Dice < len(armourFaceCache) {
		// Kept per dice count: every plan asks it twice, and math.Pow
		// was 2% of a cold Duel.NewPlayer.
		c := &armourFaceCache[p.Dice]
		c.once.Do(func() { c.faces = p.Faces() })
		return c.faces
	}
	return p.Faces()
}

// armourFaceCache holds the armour roll's distribution by dice count
// (armourFaces).
var armourFaceCache [16]struct {
	once  sync.Once
	faces [11]float64
}

// candidates lists the legal defences, cheapest first, shield variants after the
// plain ones; free restricts to two characteristics (R7).
func (ex *Exchange) candidates(free bool) []Defence {
	var buf [maxScratchDefences]Defence
	return keepDefences(ex.appendCandidates(buf[:0], free)) // listed on the stack, copied to their piece (planalloc.go)
}

// keepDefences returns a copy of ds in a piece of a chunk (planalloc.go).
func keepDefences(ds []Defence) []Defence {
	sl := getSlabs()
	res := sl.defences.take(len(ds))
	putSlabs(sl)
	copy(res, ds)
	return res
}

// appendCandidates appends the defences candidates lists to out and returns
// the extended slice: the plan's own lists (candShare.candidates) are
// undominated's copies of a list on the caller's stack, which is not copied
// to the heap first (issue #13: that copy was 29% of the bytes a 2 AP exact
// exchange allocated).
func (ex *Exchange) appendCandidates(out []Defence, free bool) []Defence {
	def := ex.Defender
	a := ex.Attack
	if free {
		a = ex.freeAttack(ex.Attack)
	}
	sub := *ex
	sub.Attack = a
	maxAP := min(def.AP, 3)
	if ex.Policy.ReflexOnly || ex.DefenderBerserk {
		maxAP = 0 // Berserk: "it cannot spend its AP for defensive actions"
	}
	minAP := 0
	if ex.DefenderWarned && !free {
		minAP, maxAP = 2, 2 // the free defence of two characteristics
	}
	for ap := minAP; ap <= maxAP; ap++ {
		cs := defenceCombos[ap]
		for _, shield := range []bool{false, true} {
			if shield && (ex.Policy.ReflexOnly && !ex.DefenderBerserk || ex.DefenderWarned && !free) {
				continue
			}
			for _, c := range cs {
				d := Defence{AP: ap, Chars: c, Shield: shield}
				if sub.checkDefence(d, free, false) != nil {
					continue
				}
				d = sub.counterChoice(d)
				out = append(out, d)
				if v, ok := sub.slenderChoice(d); ok {
					out = append(out, v) // the best response weighs both
				}
			}
		}
	}
	out = sub.appendAutoDefences(out, free) // its card's free automatic defence (sim/autodefence.go)
	// The last candidate is no defence, for a defender that cannot defend (R17).
	return append(out, Defence{None: true})
}

// defCost is the extra AP every defence costs a dazed defender (R17).
func (pl *plan) defCost() int8 { return int8(b2i(pl.ex.DefenderDazed)) }

// feasible reports whether the defender in state s can play candidate d.
func (pl *plan) feasible(s state, d Defence) bool {
	if d.None || pl.ex.DefenderStunned {
		return false
	}
	if d.Auto {
		return s.flag(stAutoDef) // once per turn (sim/autodefence.go)
	}
	return int8(d.AP)+pl.defCost() <= s.defAP && (!d.Shield || s.shield > 0)
}

// counterChoice fills in what a successful defence does (R11): with 2 AP the highest
// engaged characteristic as damage (no damage against a shot, then a V effect if
// engaged); with 3 AP that damage and one effect, P first, then C, then V. With
// Riposte (skills.md #24) a 2 AP defence adds one effect to its damage and a 3 AP
// defence deals two, in the same order, an effect twice only when its
// characteristic is engaged twice. The policy never picks A for a counter (its
// free attack is left to the fight engine).
func (ex *Exchange) counterChoice(d Defence) Defence {
	if d.AP < 2 {
		return d
	}
	if ex.BeyondCounterReach {
		// Seed 000 line 1098, seed 004 lines 1508-1510: no damage and no
		// effect on an attacker beyond the defender's counter reach.
		d.Counter, d.CounterDamage = 0, false
		d.Effect, d.HasEffect, d.Effect2, d.HasEffect2 = 0, false, 0, false
		return d
	}
	st := ex.Defender.Stats()
	best, bv := Char(0), -1
	for i := 0; i < d.Chars.Len(); i++ {
		if v := st.Get(d.Chars.At(i)); v > bv {
			best, bv = d.Chars.At(i), v
		}
	}
	shot := ex.Attack.Kind == Shot
	if !shot {
		d.Counter, d.CounterDamage = best, true
	}
	// Riposte (skills.md #24): a 2 AP defence deals its damage and one effect,
	// a 3 AP defence its damage and two effects, the same one twice only when
	// its characteristic is engaged twice. Against a shot only the effects gain.
	n := 0
	switch {
	case ex.Defender.Profile.Own.DefenceDamageOnly:
		// Its card: damage only, never effects (sim/ownrules.go).
	case d.AP == 3 && ex.Defender.Skills.Riposte:
		n = 2
	case d.AP == 3 || shot || ex.Defender.Skills.Riposte:
		n = 1
	}
	if n > 0 && ex.riposteShot(d) {
		d.Effect, d.HasEffect = A, true // its card: a free shot (sim/riposteshot.go)
		n--
	}
	order := []Char{P, C, V}
	if shot {
		order = []Char{V}
	}
	for _, e := range order {
		for k := d.Chars.Count(e); k > 0 && n > 0; k-- {
			if !d.HasEffect {
				d.Effect, d.HasEffect = e, true
			} else {
				d.Effect2, d.HasEffect2 = e, true
			}
			n--
		}
	}
	return d
}

// slenderChoice returns defence d with its effects turned to V as far as its
// engaged V allow, for a Slender defender (skills.md #28: each V effect adds +1
// to the defence roll, announced with it), and whether that differs from d. A
// 2 AP defence without Riposte then applies its V effect instead of damage.
func (ex *Exchange) slenderChoice(d Defence) (Defence, bool) {
	if !ex.Defender.Skills.Slender || d.AP < 2 || !d.Chars.Has(V) || ex.BeyondCounterReach || ex.Defender.Profile.Own.DefenceDamageOnly {
		return d, false
	}
	e := d
	slots := b2i(d.HasEffect) + b2i(d.HasEffect2)
	if slots == 0 {
		e.CounterDamage = false
		e.Effect, e.HasEffect = V, true
		return e, true
	}
	vs := min(slots, d.Chars.Count(V))
	if d.counterEffects(V) >= vs {
		return d, false
	}
	other, hasOther := d.Effect, d.HasEffect && d.Effect != V
	if !hasOther && d.HasEffect2 && d.Effect2 != V {
		other, hasOther = d.Effect2, true
	}
	e.Effect, e.HasEffect = V, true
	e.Effect2, e.HasEffect2 = 0, false
	switch {
	case slots == 2 && vs == 2:
		e.Effect2, e.HasEffect2 = V, true
	case slots == 2 && hasOther:
		e.Effect2, e.HasEffect2 = other, true
	}
	return e, true
}

// counterEffects returns how many times the successful defence d applies
// effect e (R11; Riposte: up to two effects).
func (d Defence) counterEffects(e Char) int {
	n := 0
	if d.HasEffect && d.Effect == e {
		n++
	}
	if d.HasEffect2 && d.Effect2 == e {
		n++
	}
	return n
}

// counterEntry is the counter damage of one kind of successful defence: its
// damage spec and, for the best response, the HP the attacker is expected to lose
// to it with its armour intact, on a plain defence roll and on a CH (R9a), its
// weapon's bleeding included (counterBleedValue).
type counterEntry struct {
	spec  *damageSpec
	value [2]float64
}

// counterOf returns the counter damage of a successful defence d (R11, R11a), nil
// when d deals none.
func (pl *plan) counterOf(d Defence) *counterEntry {
	if !d.CounterDamage || d.AP < 2 || pl.ex.BeyondCounterReach {
		return nil
	}
	slot := &pl.counters[d.Counter&3][d.counterEffects(P)]
	if *slot == nil {
		spec := pl.ex.counterDamage(d)
		if e := pl.sameCounter(spec); e != nil {
			*slot = e
			return e
		}
		sl := getSlabs() // planalloc.go
		e := sl.counters.one()
		putSlabs(sl)
		e.spec = spec
		for c := range 2 {
			for _, br := range pl.counterDist(e.spec, c == 1, pl.ex.Attacker.ArmourBoxes, hasArmourReroll(pl.ex.Attacker)) {
				e.value[c] += br.p * float64(br.taken)
			}
			// The weapon's bleeding on the attacker, valued as an attack's on
			// the defender (expectedTaken; sim/counterstatus.go).
			e.value[c] += pl.counterBleedValue(e.spec)
		}
		*slot = e
	}
	return *slot
}

// sameCounter returns the plan's counter entry whose spec deals the same
// damage as spec (sameSpec), nil when there is none: two counter
// characteristics of the same value, as the benchmark guard's P and A (4),
// deal the same counter damage, and the entry's values and the distributions
// the exact engine keeps per spec (cachedDist) are then computed once instead
// of once per characteristic. They are functions of the spec's fields alone,
// so the values are the same to the bit (issue #13).
func (pl *plan) sameCounter(spec *damageSpec) *counterEntry {
	for i := range pl.counters {
		for _, e := range pl.counters[i] {
			if e != nil && sameSpec(e.spec, spec) {
				return e
			}
		}
	}
	return nil
}

// sameSpec reports whether a and b hold the same damage: every field equal,
// raw compared by its values (TestSameSpec checks that every field of
// damageSpec is compared here).
func sameSpec(a, b *damageSpec) bool {
	return slices.Equal(a.raw, b.raw) &&
		a.rawN == b.rawN && a.rawSides == b.rawSides && a.rawPlus == b.rawPlus &&
		a.half == b.half && a.bonus == b.bonus && a.executioner == b.executioner &&
		a.critStature == b.critStature && a.critDouble == b.critDouble &&
		a.rangeMod == b.rangeMod && a.bleeding == b.bleeding && a.critBleeding == b.critBleeding &&
		a.onCritical == b.onCritical && a.daze == b.daze && a.biteTest == b.biteTest &&
		a.piercing == b.piercing && a.ignore == b.ignore && a.ticks == b.ticks &&
		a.helmetHit == b.helmetHit && a.helmetCrit == b.helmetCrit &&
		a.double == b.double && a.rawTimes == b.rawTimes
}

// counterValue returns the HP the attacker is expected to lose to the counter
// damage of d against attack a, on a plain defence roll and on a CH (R11: none
// against a shot).
func (pl *plan) counterValue(d Defence, a Attack) [2]float64 {
	if a.Kind == Shot {
		return [2]float64{}
	}
	if e := pl.counterOf(d); e != nil {
		return e.value
	}
	return [2]float64{}
}

// expectedTaken returns the defender's expected HP loss from a hit of spec with its
// armour intact (a decision aid of the best response, not a reported figure).
func (pl *plan) expectedTaken(s *damageSpec, ch bool) float64 {
	def := pl.ex.Defender
	e := 0.0
	for _, br := range pl.hitDist(s, ch, int(def.ArmourBoxes), false, hasArmourReroll(def)) {
		e += br.p * float64(br.taken)
	}
	b := s.bleeding
	if ch && s.critBleeding > 0 {
		b = s.critBleeding
	}
	// A card's saving roll cancels the bleeding with its chance (sim/wards.go).
	return e + float64(b)*bleedTicks(def)*(1-saveChance(def))
}

// bleedTicks is how many times a bleeding effect is expected to cost its HP, for
// decisions: once with Thick skin, else bleedingTicks.
func bleedTicks(f *Fighter) float64 {
	if f.Profile != nil {
		if _, ok := f.Profile.Skill("thick skin"); ok {
			return 1
		}
	}
	return bleedingTicks
}

// bleedingTicks is the number of activations a bleeding effect is assumed to last
// when valuing it (nothing in a duel stops it; most duels end within a few rounds).
const bleedingTicks = 2

// hitBranch is one outcome of a hit: damage taken and armour boxes ticked.
type hitBranch struct {
	p      float64
	taken  int
	ticked int
	// rerolled: the card's armour reroll was spent (skills.md section 3 G,
	// sim/wards.go).
	rerolled bool
}

// hitDist returns the exact distribution of a hit's damage after armour (R9, R12)
// for a defender with boxes unticked armour boxes.
// reroll: the defender's armour reroll is still available (sim/wards.go).
func (pl *plan) hitDist(s *damageSpec, ch bool, boxes int, critOnly, reroll bool) []hitBranch {
	return pl.cachedDist(hitKey{s, ch, boxes, critOnly, false, reroll})
}

// counterDist returns the exact distribution of counter damage s after the
// attacker's armour with boxes unticked boxes (R11: through armour like any
// damage).
func (pl *plan) counterDist(s *damageSpec, ch bool, boxes int, reroll bool) []hitBranch {
	return pl.cachedDist(hitKey{s, ch, boxes, false, true, reroll})
}

func (pl *plan) cachedDist(k hitKey) []hitBranch {
	e := pl.hitEntry(k) // exact_hitacc.go
	if !e.ok {
		e.b, e.ok = pl.computeHitDist(k), true
	}
	return e.b
}

// hitKey identifies a damage distribution: spec, CH, boxes left, only the CH
// bonus (a discarded shield), and on the attacker (counter damage) or not.
type hitKey struct {
	s        *damageSpec
	ch       bool
	boxes    int
	critOnly bool
	counter  bool
	reroll   bool // the target's armour reroll is available (sim/wards.go)
}

func (pl *plan) computeHitDist(k2 hitKey) []hitBranch {
	s, ch, boxes, critOnly := k2.s, k2.ch, k2.boxes, k2.critOnly
	arm, faces, target := pl.ex.Defender.Armour, &pl.armourFaces, pl.ex.Defender
	if k2.counter {
		arm, faces, target = pl.ex.Attacker.Armour, &pl.attArmourFaces, pl.ex.Attacker
	}
	// Tembo hide (skills.md #40): after the armour, each 10 among its level
	// d10 cancels its level in base damage; the CH bonus is always taken.
	hide := hideDice(target)
	tens := hideTens(hide)
	var acc hitAcc // exact_hitacc.go: the map it replaces was a seventh of a 2 AP exchange
	var parts [10]underPart
	add := func(baseLeft, critLeft, ticked int, q float64, rerolled bool) {
		for _, u := range underParts(&parts, target, faces, baseLeft, critLeft, s.ticks) { // sim/armour_slots.go
			for k, qk := range tens {
				// The card's reductions after the armour (skills.md section 3 G,
				// sim/wards.go): per attack on the defender, any source on both.
				taken := wardTaken(target, max(u.base-k*hide, 0)+u.crit, !k2.counter)
				*acc.at(taken, ticked, rerolled) += q * u.q * qk
			}
		}
	}
	reroll := k2.reroll && hasArmourReroll(target)
	exec := []float64{1}
	if s.executioner {
		exec = sharedDiceDist(1, 10, 0) // planchunks.go
	}
	pierce := []float64{1}
	if p := s.piercing; p != nil {
		pierce = sharedDiceDist(p.N, p.Sides, p.Plus)
	}
	for raw, q := range s.raw {
		if q == 0 {
			continue
		}
		for e, qe := range exec {
			if qe == 0 {
				continue
			}
			base, crit := s.parts(raw, e, ch)
			if critOnly {
				base = 0
			}
			if base+crit <= 0 || arm == nil || boxes <= 0 {
				add(max(base, 0), max(crit, 0), 0, q*qe, false)
				continue
			}
			for pv, qp := range pierce {
				if qp == 0 {
					continue
				}
				left := max(boxes-pv, 0) // R12: armour-piercing ticks before the roll
				for face := 1; face <= 10; face++ {
					qf := faces[face]
					if qf == 0 {
						continue
					}
					b, c, ticked := armourParts(arm, left, base, crit, face, s.ignore, s.ticks)
					if reroll && left > 0 && rerollArmour(arm, face, b, c) {
						// The failed face rolled again, the new one stands (sim/wards.go).
						for f2 := 1; f2 <= 10; f2++ {
							if faces[f2] == 0 {
								continue
							}
							b2, c2, t2 := armourParts(arm, left, base, crit, f2, s.ignore, s.ticks)
							add(b2, c2, boxes-left+t2, q*qe*qp*qf*faces[f2], true)
						}
						continue
					}
					add(b, c, boxes-left+ticked, q*qe*qp*qf, false)
				}
			}
		}
	}
	sl := getSlabs() // planalloc.go: cachedDist keeps the result
	out := sl.branches.take(acc.len())[:0]
	putSlabs(sl)
	for i := range acc.len() {
		taken, ticked, rerolled, p := acc.entry(i)
		out = append(out, hitBranch{p: p, taken: taken, ticked: min(ticked, boxes), rerolled: rerolled})
	}
	sortBranches(out)
	return out
}

// branchLess orders branches by damage taken, boxes ticked, then not
// rerolled before rerolled.
func branchLess(x, y *hitBranch) bool {
	if x.taken != y.taken {
		return x.taken < y.taken
	}
	if x.ticked != y.ticked {
		return x.ticked < y.ticked
	}
	return !x.rerolled && y.rerolled
}

func sortBranches(b []hitBranch) {
	// Insertion sort: a handful of branches, and a stable order keeps sums reproducible.
	for i := 1; i < len(b); i++ {
		for j := i; j > 0 && branchLess(&b[j], &b[j-1]); j-- {
			b[j], b[j-1] = b[j-1], b[j]
		}
	}
}

// expectedFree returns the expected damage of one free attack against a defender with
// ap AP left answering with its best response (a decision aid); att is the
// distribution of the free attack's pool (attackDistOf).
func (pl *plan) expectedFree(ap int, att *dice.Dist) float64 {
	s := pl.initial()
	s.defAP = int8(ap)
	e := 0.0
	row := pl.row(s, true)
	// The row's candidates once, and a candidate's figure read in place from
	// its need table, as bestResponseRow reads it (partsRow's value): this
	// loop was a sixth of the 3 AP benchmark exchange, its calls and copies
	// most of it. The same sums in the same order (issue #13).
	rc := pl.rowCands(row, s, true)
	for ch, vals := range [2][]float64{att.Plain, att.Crit} {
		attCH := ch == 1
		hv := pl.hitValue[1][ch]
		for v, q := range vals {
			if q < 1e-12 { // a decision aid: totals this rare cannot change it
				continue
			}
			t := v + pl.freeMod
			i := pl.defendIdx(row, s, true, t, attCH)
			c := &rc[i]
			var pStop float64
			if nt := c.nt[ch]; nt != nil {
				o := &nt.at(t - c.ct.dmod).sum
				pStop = o.stop + o.cStop
			} else {
				o := pl.partsRow(c, s, true, i, t, attCH)
				pStop = o.stop + o.cStop
			}
			e += q * (1 - pStop) * hv
		}
	}
	return e
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// initial returns the state at the start of the exchange.
func (pl *plan) initial() state {
	att, def := pl.ex.Attacker, pl.ex.Defender
	return state{
		defAP:      int8(def.AP),
		defDice:    int8(max(def.Dice, 1)),
		defMastery: int8(masteryCount(def, FieldDefensive)),
		attDice:    int8(max(att.Dice, 1)),
		attMastery: int8(masteryCount(att, pl.ex.field())),
		armour:     int8(def.ArmourBoxes),
		shield:     int8(def.ShieldBoxes),
		attArmour:  int8(att.ArmourBoxes),
		attMaster:  att.Skills.Master&pl.ex.field() != 0,
		defMaster:  def.Skills.Master&FieldDefensive != 0,
		// The card's armour reroll, available at the start of an exchange on
		// its own (fights: unless used this turn, engine.exchange; sim/wards.go).
		attTools: toolsOf(pl.ex.AttackerFate, pl.ex.AttackerForced, pl.ex.AttackerFixed, pl.ex.AttackerStored) | rerollBits(att, false) | boostOf(att),
		defTools: toolsOf(pl.ex.DefenderFate, pl.ex.DefenderForced, pl.ex.DefenderFixed, pl.ex.DefenderStored) | rerollBits(def, false) | boostOf(def),
		// Its card's free automatic defence, available at the start of an
		// exchange on its own (fights: unless used this turn; sim/autodefence.go).
		flags: autoDefFlag(def, pl.ex.DefenderAutoUsed),
	}
}

func masteryCount(f *Fighter, field Fields) int {
	n := 0
	for _, m := range f.Mastery {
		if m&field != 0 {
			n++
		}
	}
	return n
}

// attackOf returns the main or the free attack.
func (pl *plan) attackOf(free bool) Attack {
	if free {
		return pl.free
	}
	return pl.main
}

// pStopIdx returns the probability that defence d, candidate i (-1: not a
// candidate), stops total t (R6, R13, R2 option), a mastery die spent or not;
// stops after Cunning count.
func (pl *plan) pStopIdx(s state, free bool, i int, d Defence, t int, ch bool) float64 {
	o := pl.partsIdx(s, free, i, d, t, ch)
	return o.stop + o.cStop
}

// partsIdx returns the outcomes of defence d, candidate i (-1: not a
// candidate), against total t, a mastery die spent or not (plan.outcomes).
func (pl *plan) partsIdx(s state, free bool, i int, d Defence, t int, ch bool) stopParts {
	switch {
	case d.Discard, d.Auto:
		return stopParts{stop: 1}
	case d.None:
		return stopParts{succ: 1}
	}
	tails := pl.tailsFor(s, free, i, d, t, ch)
	dmod := pl.dmod(free, i, d)
	var o stopParts
	for _, tl := range tails {
		o = o.plus(pl.outcomes(s, free, d, tl, t, dmod, ch))
	}
	return o
}

// defend returns the defence against total t (R5): the fixed one of the policy for
// the main attack, else the best response.
func (pl *plan) defend(s state, free bool, t int, ch bool) Defence {
	return pl.defence(free, pl.defendIdx(pl.row(s, free), s, free, t, ch))
}

// defence returns candidate i against the main (free false) or the free attack;
// i < 0 is the policy's fixed defence.
func (pl *plan) defence(free bool, i int) Defence {
	if i < 0 {
		return *pl.ex.Policy.Defence
	}
	return pl.candidates[b2i(free)][i]
}

// row returns the decision cache row of a state: the defender's choice depends on
// its AP, dice, mastery dice and shield, and on the total.
func (pl *plan) row(s state, free bool) *decRow {
	if !free && pl.ex.Policy.Defence != nil {
		return nil
	}
	k := pl.decisionKeyOf(s, free)
	m := pl.decisions
	if free && pl.freeRows != nil {
		m = pl.freeRows // shared with the other effect choices (plan_share.go)
	}
	var row *decRow
	var ok bool
	if m == nil {
		row, ok = pl.few.get(k) // planchunks.go
	} else {
		row, ok = m[k]
	}
	if !ok {
		sl := getSlabs() // planalloc.go
		row = sl.rows.one()
		row.dec = sl.dec.take(2 * (pl.maxTotal + 1))
		putSlabs(sl)
		if m != nil {
			m[k] = row
		} else if !pl.few.put(k, row) {
			pl.decisions = pl.few.spill(k, row)
		}
	}
	return row
}

// decisionKeyOf returns the key of the decision row of s: its AP capped where
// the decisions no longer change (rowAPCap, exact_byap.go).
func (pl *plan) decisionKeyOf(s state, free bool) decisionKey {
	k := decisionKey{free: free, defAP: s.defAP, defDice: s.defDice, defMastery: s.defMastery > 0, defMaster: s.defMaster, defTools: s.defTools.main(free), shield: s.shield > 0,
		auto: !free && s.flag(stAutoDef)}
	if c := pl.apCap[b2i(free)]; c >= 0 && k.defAP > c {
		k.defAP = c
	}
	return k
}

// defendIdx returns the index of the defence against total t in row (see row),
// computing and caching the best response on first use; -1 is the fixed defence.
func (pl *plan) defendIdx(row *decRow, s state, free bool, t int, ch bool) int {
	if row == nil {
		return -1
	}
	ti := min(max(t, 0), pl.maxTotal)
	i := 2*ti + b2i(ch)
	if row.dec[i] == 0 {
		row.dec[i] = uint16(pl.bestResponseRow(row, s, free, ti, ch)) + 1
	}
	return int(row.dec[i]) - 1
}

// tailsFor returns the split tails of defence candidate i against total t.
// Candidates' pools differ only by the mastery threshold, which depends on t, so
// the cache is a slice indexed by candidate, dice and threshold: a map lookup per
// total cost 3x more in the exact engine.
func (pl *plan) tailsFor(s state, free bool, i int, d Defence, t int, ch bool) [2]*splitTail {
	a := pl.attackOf(free)
	if i < 0 {
		return pl.splitTails(pl.ex.defencePool(a, d, int(s.defDice), s.defMastery > 0, s.defMaster, s.defTools.main(free), t, ch))
	}
	c := &pl.tailCache[b2i(free)]
	for len(*c) <= i {
		*c = append(*c, &candTails{})
	}
	ct := (*c)[i]
	if !ct.ready {
		ct.base, ct.dmod, ct.ready = pl.ex.defenceBase(d), pl.ex.defenceModifier(a, d), true
	}
	p := pl.ex.defenceRerolls(ct.base, int(s.defDice), s.defMastery > 0, s.defMaster, s.defTools.main(free), a, t, ct.dmod, ch)
	if p.Dice > 7 || p.Reroll > 10 || p.RerollAll > 0 || p.Fate > 0 || p.Aura > 0 || p.ForcedFrom > 0 || p.Fixed > 0 || p.Stored > 0 {
		return pl.splitTails(p) // Master's pools are few: the shared cache serves them
	}
	e := ct.at(p.Dice, p.Reroll)
	if e[0] == nil {
		*e = pl.splitTails(p)
	}
	return *e
}

// dmod returns the defence modifier of candidate i (-1: not a candidate).
func (pl *plan) dmod(free bool, i int, d Defence) int {
	if i < 0 || i >= len(pl.tailCache[b2i(free)]) || !pl.tailCache[b2i(free)][i].ready {
		return pl.ex.defenceModifier(pl.attackOf(free), d)
	}
	return pl.tailCache[b2i(free)][i].dmod
}

// candTails caches, for one candidate defence, what its pool and modifier are
// and its split tails by dice and mastery threshold.
type candTails struct {
	ready bool
	base  dice.Pool
	dmod  int
	tails [8]*[11][2]*splitTail // by dice, allocated when first used
}

// at returns the tails slot of a pool of dice dice and mastery threshold reroll.
func (ct *candTails) at(dice, reroll int) *[2]*splitTail {
	if ct.tails[dice] == nil {
		sl := getSlabs() // planalloc.go
		ct.tails[dice] = sl.tailSets.one()
		putSlabs(sl)
	}
	return &ct.tails[dice][reroll]
}

// bestResponse returns the index of the candidate defence that maximises the
// defender's expected outcome against total t: counter damage dealt minus damage
// taken (the hit, and the free attacks its effects bring, given the AP left), minus
// APValue per AP spent. Ties go to the earlier, cheaper candidate.
func (pl *plan) bestResponse(s state, free bool, t int, ch bool) int {
	cands := pl.candidates[b2i(free)]
	best, bv := len(cands)-1, math.Inf(-1) // no defence when nothing is feasible
	hit := pl.hitValue[b2i(free)][b2i(ch)]
	for i, d := range cands {
		if !pl.feasible(s, d) {
			continue
		}
		o := pl.partsIdx(s, free, i, d, t, ch)
		pStop, pCH := o.stop+o.cStop, o.stopCH+o.cStopCH
		loss := hit
		if !free && pl.nFree > 0 {
			loss += float64(pl.nFree) * pl.freeValue[min(max(int(s.defAP)-pl.spend(d), 0), len(pl.freeValue)-1)] // Warlord may lift AP above the card's
		}
		cv := pl.counterValue(d, pl.attackOf(free))
		v := (pStop-pCH)*cv[0] + pCH*cv[1] - (1-pStop)*loss
		if sw := pl.counterStatusWorth(d, pl.attackOf(free), int(s.defAP)-pl.spend(d)); sw != 0 {
			v += pCH * sw // the counter's daze or stun on a defence CH (sim/countervalue.go)
		}
		if c := o.cStop + o.cSucc; c > 0 {
			v -= c * pl.cunningCost(s, d) // Cunning's AP, when the roll calls for it
		}
		if r := pl.ex.Policy.Reserve; r != nil {
			v += r[min(max(int(s.defAP)-pl.spend(d), 0), 7)]
		} else {
			v -= pl.ex.Policy.APValue * float64(pl.spend(d)-int(pl.defCost()))
		}
		if v > bv+1e-12 {
			best, bv = i, v
		}
	}
	return best
}
