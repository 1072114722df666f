package sim

import (
	"math/rand/v2"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/dice"
)

// This file plays spells in fights (duels and skirmishes, sim/engine.go): a cast
// is an action of the activation, "cast SPELL at DIFFICULTY on TARGET" for its 1,
// 2 or 3 AP (seed 000 lines 1428-1444), drawn with the casting exchange of
// sim/magic.go (castPlan) against the target's spell defence (line 1452), the
// target choosing its AP as the exact engine's best response. What is played:
// the effects that carry an amount of HP, damage and healing (skills.md 4.3),
// the return from defeat (sim/magic_return.go), and those of
// sim/magic_effects.go (buffs and debuffs, control, morale, anti-magic); every other effect is listed as not modelled by spell name
// (castNotModelled). Simplifications, in docs/rules.md "Magic": casts roll the
// level dice of the card (dice lost to earlier mastery rerolls in the activation
// are not taken off), no line of sight is asked, a range of 0 on the card means
// the caster's aura (I toises), and a spell on an "ally" may target the caster.

// maxWayBonus bounds the way bonus the fight tables distinguish; a larger one
// counts as this (a level 2 caster with I 5 reaches every difficulty of the
// embedded spells with it).
const maxWayBonus = 12

// castOption is one way a kind may cast: a spell's difficulty with the AP of its
// incantation, and the prepared cast against each kind (nil: not a target).
type castOption struct {
	spell *profiles.Spell
	slot  int // index of the spell among the caster's known spells (cadence)
	level *profiles.SpellLevel
	ap    int
	heal  bool
	// own: the caster's way bonus applies (a spell of its way or a generic one).
	own bool
	// wayBit is wayBit(spell.Way), for the Master X of the way (masterOnBit).
	wayBit uint8
	// mod is paramsMod(&level.EffectParams), made once (effectWorth asks it
	// for every target of every cast decision).
	mod statMod
	// modRows: the threat tables of mod by kind pair (initModRows); nil
	// when mod is zero.
	modRows []modRow
	plans   []*castPlan
	// bold holds the plans with lowered critical thresholds, built when
	// first asked (sim/cast_bold.go); nil when no Safar can be bold.
	bold []boldCast
}

// fightMagic is what fights know of spells: the cast options of each kind
// (shared, read-only) and the exact P(success) by state (per engine).
type fightMagic struct {
	opts [][]castOption
	// p caches castOption P(success) by (option, target kind, state).
	p map[uint64]float64
	// modThreat and apThreat are the threat tables of modified kinds and of
	// kinds with fewer AP the effects' values read (initEffects; shared).
	modThreat map[fxKey][8]float64
	apThreat  map[apKey][8]float64
	// shotThreat: the shot tables of the cover spells (sim/magic_cover.go).
	shotThreat map[coverKey][8]float64
	// fateGain: what a dice-tool reroll is worth (sim/magic_fate.go).
	fateGain map[fateKey][8]float64
	// duelGain: what an enemy gains by attacking the caster, by AP held, as
	// in a duel (gainCastKeep; per engine).
	duelGain map[duelGainKey][8]float64
	// nested: a Safar activated inside another's activation is playing
	// (sim/magic_activate.go).
	nested bool
}

// maxSpellSlots bounds the spells a caster's cadences follow in fights.
const maxSpellSlots = 16

// spellState is what a Safar did with its spells in the current fight.
type spellState struct {
	// period and tries: the cadence period of each known spell's last attempt
	// and the attempts made in it (seed 000 line 1494: attempts, not successes).
	period [maxSpellSlots]int16
	tries  [maxSpellSlots]int8
	// cast and succeeded count its casts and those that took effect; expected
	// sums the exact P(success) of each cast (the tests' oracle).
	cast, succeeded int
	expected        float64
	// back: the activations left to a Safar back from defeat before it falls
	// again, 0 none (sim/magic_return.go).
	back int8
	// replayed: the round in which its cast played every activation again,
	// 0 none (sim/magic_replay.go).
	replayed int16
}

// initMagic prepares the cast options of every caster kind of e: the levels
// fights play (profiles.Spell.Played), on the sides effectSides gives.
func (e *engine) initMagic() error {
	n := len(e.kinds)
	var m *fightMagic
	for a, f := range e.kinds {
		p := f.Profile
		if p == nil || p.Magic == nil || p.Magic.Way == "" {
			continue
		}
		for slot, s := range p.Magic.Known {
			if s == nil || slot >= maxSpellSlots {
				continue
			}
			for li := range s.Levels {
				l := &s.Levels[li]
				if !s.Played(*l) {
					continue
				}
				onAlly, onEnemy := effectSides(s, *l)
				for ap := 1; ap <= min(3, p.AP); ap++ {
					o := castOption{spell: s, slot: slot, level: l, ap: ap, heal: l.Effect == profiles.EffectHealing,
						own: s.Way == "" || s.Way == p.Magic.Way, wayBit: wayBit(s.Way), mod: paramsMod(&l.EffectParams), plans: make([]*castPlan, n)}
					any := false
					for d := range n {
						ally := e.kindSide[d] == e.kindSide[a]
						if ally && !onAlly || !ally && !onEnemy {
							continue
						}
						c := &Cast{Caster: f, Target: e.kinds[d], Spell: s, Difficulty: l.Difficulty, AP: ap,
							Allied: ally, Reroll: true, DefenceMastery: true, Variant: e.variant, enemy: !ally}
						if s.Target == profiles.TargetSelf && d != a {
							continue
						}
						pl, err := e.castPlan(c) // shared by the run's engines (sim/cast_tables.go)
						if err != nil {
							continue // not a legal target of this spell
						}
						o.plans[d] = pl
						any = true
					}
					if any && e.anyBold() {
						o.bold = make([]boldCast, 3*n) // sim/cast_bold.go
					}
					if any {
						if m == nil {
							m = &fightMagic{opts: make([][]castOption, n), p: map[uint64]float64{},
								modThreat: map[fxKey][8]float64{}, apThreat: map[apKey][8]float64{}, shotThreat: map[coverKey][8]float64{},
								fateGain: map[fateKey][8]float64{}, duelGain: map[duelGainKey][8]float64{}}
						}
						m.opts[a] = append(m.opts[a], o)
					}
				}
			}
		}
	}
	e.magic = m
	if m == nil {
		return nil
	}
	if err := e.initCover(m); err != nil {
		return err
	}
	if err := e.initFate(m); err != nil { // sim/magic_fate.go
		return err
	}
	if err := e.initEffects(m); err != nil {
		return err
	}
	e.initModRows(m)
	return nil
}

// clone returns the magic of a cloned engine: shared options, its own cache.
func (m *fightMagic) clone() *fightMagic {
	if m == nil {
		return nil
	}
	return &fightMagic{opts: m.opts, p: map[uint64]float64{}, modThreat: m.modThreat, apThreat: m.apThreat, shotThreat: m.shotThreat, fateGain: m.fateGain,
		duelGain: map[duelGainKey][8]float64{}}
}

// castPool returns the caster's pool with its mastery reroll threshold with extra added
// to its casting modifier (R4: reroll a face that does not reach the difficulty).
func (pl *castPlan) castPool(extra int, mast bool) dice.Pool {
	return pl.castPoolAt(pl.need, extra, mast, true)
}

// castPoolAt is castPool for a difficulty of need (raised by a ward); master
// says whether the caster's Master X (esoteric) reroll is still there (in
// fights once per turn, as in the exchanges: engine.masterUsed).
func (pl *castPlan) castPoolAt(need, extra int, mast, master bool) dice.Pool {
	p := pl.pool
	thr := min(max(need-(pl.mod+extra)-1, p.CFMax), 9)
	p.Reroll = 0
	if mast {
		p.Reroll = thr
	}
	if p.RerollAll > 0 {
		p.RerollAll = thr
	}
	if !master {
		p.RerollAll = 0
	}
	return p
}

// defThresholdIn is defThreshold with the target's esoteric dice as they are
// now (defMast).
func (pl *castPlan) defThresholdIn(k, t int, ch, defMast bool) int {
	if !defMast {
		return 0
	}
	return pl.defRerollThr(k, t, ch)
}

// defRerollThr returns the highest kept face of a defence of k AP that would
// not stop total t (R5: the target knows it), the threshold of its rerolls.
func (pl *castPlan) defRerollThr(k, t int, ch bool) int {
	thr := t - pl.defMod[k] - 1
	if pl.c.Variant.CHAutoSuccess && ch {
		thr = 9
	}
	return min(max(thr, pl.defPool[k].CFMax), 9)
}

// stopIn is stop with the target's esoteric dice and Master X (esoteric) as
// they are now (defMast, defMaster).
func (pl *castPlan) stopIn(k, t int, ch, defMast, defMaster bool) float64 {
	tl := pl.defTail(k, t, ch, defMast, defMaster)
	return stopProb(pl.c.Variant, tl, t, pl.defMod[k], ch, false)
}

// defendIn is defend for a target holding cap AP (at most 3 spent) with its
// esoteric dice and Master X as they are now: the AP of least expected harm
// plus AP spent times apv, ties to the cheaper; -1 for an ally.
func (pl *castPlan) defendIn(t int, ch bool, cap int, defMast, defMaster bool, apv float64) int {
	if pl.c.allied() {
		return -1
	}
	best, bestV := -1, 0.0
	for k := range min(cap, 3) + 1 {
		v := (1-pl.stopIn(k, t, ch, defMast, defMaster))*pl.harm + float64(k)*apv
		if best < 0 || v < bestV-1e-12 {
			best, bestV = k, v
		}
	}
	return best
}

// pSuccessIn returns the exact probability that the cast takes effect with extra
// added to the casting total (the way bonus), a target holding cap AP, each AP
// of its defence worth apv HP to it, and the esoteric dice of each as they are
// (mast, defMast).
func (pl *castPlan) pSuccessIn(extra, cap int, mast, defMast bool, apv float64) float64 {
	return pl.pSuccessWard(extra, 0, 0, cap, mast, defMast, apv)
}

// pSuccessWard is pSuccessIn with the difficulty raised by ward (anti-magic,
// sim/magic_effects.go) and the target's defence totals raised by awake (its
// I, from Awakened granted by a spell: sim/magic_awake.go): against a total t
// it defends as against t - awake.
func (pl *castPlan) pSuccessWard(extra, ward, awake, cap int, mast, defMast bool, apv float64) float64 {
	return pl.pSuccessMaster(extra, ward, awake, cap, mast, true, defMast, pl.defMaster, apv)
}

// pSuccessMaster is pSuccessWard with the target's Master X (esoteric) as it
// is now (defMaster: not yet used this turn; sim/magic_master.go), and the
// caster's (master).
func (pl *castPlan) pSuccessMaster(extra, ward, awake, cap int, mast, master, defMast, defMaster bool, apv float64) float64 {
	need := pl.need + ward
	switch {
	case pl.immune:
		return 0
	case pl.auto:
		return 1
	}
	split := pl.castPoolAt(need, extra, mast, master).SplitDist()
	p := 0.0
	for _, d := range split {
		for ch, vals := range [2][]float64{d.Plain, d.Crit} {
			for v, q := range vals {
				t := v + pl.mod + extra
				if q == 0 || t < need {
					continue
				}
				k := pl.defendIn(t-awake, ch == 1, cap, defMast, defMaster, apv)
				if k < 0 {
					p += q
					continue
				}
				p += q * (1 - pl.stopIn(k, t-awake, ch == 1, defMast, defMaster))
			}
		}
	}
	return p
}

// sampleIn draws one cast as pSuccessIn describes it; the amount is not rolled
// (the fight rolls it against the target's armour as it is now). It does not
// allocate.
func (pl *castPlan) sampleIn(r *rand.PCG, extra, cap int, mast, defMast bool, apv float64) CastOutcome {
	return pl.sampleWard(r, extra, 0, 0, cap, mast, defMast, apv)
}

// sampleWard is sampleIn with the difficulty raised by ward and the target's
// defence totals by awake (pSuccessWard).
func (pl *castPlan) sampleWard(r *rand.PCG, extra, ward, awake, cap int, mast, defMast bool, apv float64) CastOutcome {
	return pl.sampleMaster(r, extra, ward, awake, cap, mast, true, defMast, pl.defMaster, apv)
}

// sampleMaster is sampleWard with the target's Master X (esoteric) as it is
// now (pSuccessMaster).
func (pl *castPlan) sampleMaster(r *rand.PCG, extra, ward, awake, cap int, mast, master, defMast, defMaster bool, apv float64) CastOutcome {
	o := CastOutcome{DefenceAP: -1}
	need := pl.need + ward
	switch {
	case pl.immune:
		return o
	case pl.auto:
		o.Reached, o.Success = true, true
		return o
	}
	cr := pl.castPoolAt(need, extra, mast, master).Roll(r)
	o.CastCF, o.Critical, o.Mastery, o.Master = cr.Failure, cr.Critical, cr.Mastery, cr.MasterUse
	o.Total = cr.Value + pl.mod + extra
	if cr.Failure || o.Total < need {
		return o // R3: a CF never happened; below the difficulty the spell fails.
	}
	o.Reached = true
	k := pl.defendIn(o.Total-awake, cr.Critical, cap, defMast, defMaster, apv)
	o.DefenceAP = k
	if k < 0 {
		o.Success = true
		return o
	}
	dp := pl.defRollPool(k, o.Total-awake, cr.Critical, defMast, defMaster)
	dr := dp.Roll(r)
	o.DefenceCF, o.DefenceMastery, o.DefenceMaster = dr.Failure, dr.Mastery, dr.MasterUse
	o.DefenceTotal = dr.Value + pl.defMod[k] + awake
	o.Success = succeeds(pl.c.Variant, cr, o.Total, dr, o.DefenceTotal, false)
	return o
}

// castState is what a cast of option oi by Safar i on Safar j depends on besides
// the dice: the way bonus, the AP each holds and their esoteric dice.
type castState struct {
	extra, held, left int // way bonus; target's AP; caster's AP after the cast
	ward              int // difficulty added by the enemies' wards (sim/magic_effects.go)
	awake             int // the target's spell defence raised by a granted Awakened (sim/magic_awake.go)
	mast, defMast     bool
	// defMaster: the target's Master X (esoteric) is not used this turn
	// (engine.masterUsed, as in the exchanges; sim/magic_master.go); master:
	// the caster's.
	defMaster, master bool
	// bold: the caster (bit 0) or the defending target (bit 1) passed its
	// last-Safar temerity test this turn (sim/cast_bold.go).
	bold uint8
}

// castStateOf returns the state of a cast of option opt by Safar i on j now.
func (e *engine) castStateOf(i, j int, opt *castOption) castState {
	var way wayMemo
	return e.castStateWay(i, j, opt, &way)
}

// castStateWay is castStateOf with Safar i's way bonus taken from way, computed
// there on first use (sim/cast_memo.go): one decision reads it once.
func (e *engine) castStateWay(i, j int, opt *castOption, way *wayMemo) castState {
	c, o := &e.c[i], &e.c[j]
	s := castState{held: min(max(o.ap, 0), 7), left: min(max(c.ap-e.actionCost(i, opt.ap), 0), 7),
		mast: countMastery(c, FieldEsoteric) > 0, defMast: countMastery(o, FieldEsoteric) > 0,
		defMaster: !o.masterUsed && o.f.Skills.masterOnBit(opt.wayBit),
		master:    !c.masterUsed && c.f.Skills.masterOnBit(opt.wayBit)}
	if opt.own {
		s.extra = way.of(e, i)
	}
	s.ward = min(e.wardAgainst(i), 15) // anti-magic (sim/magic_effects.go)
	s.awake = e.awakeOf(j)             // sim/magic_awake.go
	s.bold = e.castBold(i, j, opt)     // sim/cast_bold.go
	return s
}

// spellAPValue is what each AP of a spell defence is worth to a target of kind
// d holding held AP against a caster of kind a with left AP after its cast: its
// AP serve as defences until its next activation, so an AP is worth what it
// takes off the caster's attacks (threat: the first three AP held against a
// whole activation), in the share of a whole activation's AP the caster keeps.
func (e *engine) spellAPValue(a, d int, s castState) float64 {
	if s.held == 0 {
		return 0
	}
	t := &e.threat[d][a]
	k := min(s.held, 3)
	full := max(e.kinds[a].Profile.AP, 1)
	return max(t[s.held-k]-t[s.held], 0) / float64(k) * float64(min(s.left, full)) / float64(full)
}

// pSuccess returns the exact P(success) of option oi of kind on target kind tk
// in state s, cached.
// The key packs s with kind < 4096, oi < 16384 and tk < 2048 (bit 31 is the
// caster's Master X, bits 46-47 its bold variant): a battle has a few dozen
// kinds.
func (e *engine) pSuccess(kind, oi, tk int, s castState) float64 {
	m := e.magic
	key := uint64(s.awake)<<60 | uint64(kind)<<48 | uint64(s.bold&3)<<46 | uint64(oi)<<32 | uint64(tk)<<20 | uint64(s.ward)<<16 | uint64(b2i(s.master))<<31 | uint64(s.extra)<<9 | uint64(b2i(s.defMaster))<<8 | uint64(s.held)<<5 | uint64(s.left)<<2 |
		uint64(b2i(s.mast))<<1 | uint64(b2i(s.defMast))
	if p, ok := m.p[key]; ok {
		return p
	}
	pl := e.castPlanOf(&m.opts[kind][oi], tk, s.bold) // sim/cast_bold.go
	p := pl.pSuccessShared(s.extra, s.ward, s.awake, min(s.held, 3), s.mast, s.master, s.defMast, s.defMaster, e.spellAPValue(kind, tk, s))
	m.p[key] = p
	return p
}

// wayBonus returns Safar i's casting bonus from its way, from the battlefield as
// it is (seed 000 lines 1396-1416; Battlefield), capped at maxWayBonus.
func (e *engine) wayBonus(i int) int {
	c := &e.c[i]
	var b Battlefield
	aura := e.auraRadius(i)
	for k := range e.c {
		o := &e.c[k]
		if !o.inPlay() {
			if o.hp <= 0 {
				b.Defeated++
			}
			continue
		}
		ally := o.side == c.side
		wounded := o.hp < o.f.Profile.HP
		inAura := c.pos.Dist(o.pos) <= aura+1e-9
		switch {
		case ally:
			b.AlliesAlive++
			if o.f.Profile.Level == 1 {
				b.LevelOneAllies++
			}
			if wounded && inAura && k != i {
				b.WoundedAlliesInAura++
			}
		case wounded && inAura:
			b.WoundedEnemiesInAura++
		}
	}
	// A special card's +1 per ally not yet activated in its aura
	// (sim/cardway.go), added to its way's.
	return min(b.WayBonus(c.f.Profile.Magic.Way)+e.cardWayBonus(i), maxWayBonus)
}

// spellPeriod returns the cadence period of the current round for cadence cd.
func (e *engine) spellPeriod(cd profiles.Cadence) int16 {
	switch cd.Per {
	case "turn":
		return int16(e.round)
	case "two-turns":
		return int16((e.round + 1) / 2)
	}
	return 0
}

// mayCast reports whether Safar i may try option o now: its AP and the spell's
// cadence (attempts per period).
func (e *engine) mayCast(i int, o *castOption) bool {
	c := &e.c[i]
	if c.ap < e.actionCost(i, o.ap) || c.fx.silenced {
		return false
	}
	cd := o.spell.Cadence
	if cd.Per == "unlimited" || cd.Per == "" {
		return true
	}
	st := &c.spells
	return st.period[o.slot] != e.spellPeriod(cd) || int(st.tries[o.slot]) < cd.N
}

// inSpellRange reports whether Safar j is within the range of option o cast by i:
// the card's range in toises between the bases, else the caster's aura.
func (e *engine) inSpellRange(i, j int, o *castOption) bool {
	if i == j {
		return true
	}
	if rg := o.spell.Range; rg > 0 {
		return e.gap(i, j) <= rg+1e-9
	}
	return e.c[i].pos.Dist(e.c[j].pos) <= e.auraRadius(i)+1e-9
}

// castValue returns the expected worth of option oi of Safar i on Safar j now, in
// HP: P(success) times the damage after armour, or times the HP the heal gives
// back (capped at what j lost); 0 when j is not a target of the option.
func (e *engine) castValue(i, oi, j int) float64 {
	var way wayMemo
	return e.castValueWay(i, oi, j, &way)
}

// castValueWay is castValue with Safar i's way bonus memoised in way.
func (e *engine) castValueWay(i, oi, j int, way *wayMemo) float64 {
	c, o := &e.c[i], &e.c[j]
	opt := &e.magic.opts[c.kind][oi]
	pl := opt.plans[o.kind]
	if pl == nil || !e.castTarget(i, j, opt) || !e.inSpellRange(i, j, opt) {
		return 0
	}
	amount := pl.harm
	if opt.isReturn() {
		if amount = e.returnWorth(j); amount <= 0 {
			return 0
		}
	} else if opt.level.Amount == nil {
		if amount = e.effectWorth(i, j, opt); amount <= 0 {
			return 0
		}
	} else if opt.heal {
		lost := o.f.Profile.HP - o.hp
		if lost <= 0 {
			return 0
		}
		amount = 0
		for v, q := range pl.amount {
			amount += q * float64(min(v, lost))
		}
		if opt.level.CasterPays {
			amount = e.payWorth(i, j, pl, amount) // sim/magic_pay.go
		}
		if amount <= 0 {
			return 0
		}
	}
	return e.pSuccess(c.kind, oi, o.kind, e.castStateWay(i, j, opt, way)) * amount
}

// castFirst is the default policy's choice of a spell before its attacks: the
// cast whose expected worth (castValue) plus the best plan of attacks with the AP
// left beats the best plan of attacks with all of them (a heal when it gives back
// more than an attack would deal, a damage spell when it deals more than the
// best attack). It reports false when no cast is worth it.
func castFirst(e *engine, i int, keep bool) (action, bool) {
	c := &e.c[i]
	if e.magic == nil || len(e.magic.opts[c.kind]) == 0 || c.ground {
		return action{}, false
	}
	j := e.keepTarget(i, nil, keep)
	attackValue := func() float64 {
		if j < 0 {
			return 0
		}
		return max(e.targetValue(i, j, nil, keep), 0) // unreachable: walk or end, 0
	}
	// The attacks with all the AP (bestV) and the keep values (kv, kvAll)
	// are asked only once some option is worth casting: a cast is chosen
	// only when it beats them, and most decisions find no cast worth
	// anything (docs/benchmarks.md, "Fourteenth round"; TestCastFirstLazy).
	var kv, kvAll [8]float64
	var after, afterAll [4]float64
	var done [4]bool
	best, bestT, bestV, asked := -1, -1, 0.0, false
	opts := e.magic.opts[c.kind]
	var way wayMemo // the way bonus reads the whole battlefield: once per decision
	for oi := range opts {
		o := &opts[oi]
		if !e.mayCast(i, o) {
			continue
		}
		for t := range e.c {
			v := e.castValueWay(i, oi, t, &way)
			if v <= 0 {
				continue
			}
			if !asked {
				asked, bestV = true, attackValue()+1e-9
				if keep {
					kv, kvAll = castKeep(e, i), castKeepAll(e, i)
				}
			}
			// The attacks with the AP left, asked only for an option worth
			// casting (sim/cast_memo.go): most are not, on most targets.
			if !done[o.ap] {
				ap := c.ap
				c.ap -= e.actionCost(i, o.ap)
				av := attackValue()
				after[o.ap] = av + kv[min(c.ap, 7)] - kv[min(ap, 7)]
				afterAll[o.ap] = av + kvAll[min(c.ap, 7)] - kvAll[min(ap, 7)]
				c.ap = ap
				done[o.ap] = true
			}
			// Effects with no amount weigh the AP they spend against every
			// enemy that may attack (castKeepAll): their worth comes later.
			if o.level.Amount == nil || o.isReturn() {
				v += afterAll[o.ap]
			} else {
				v += after[o.ap]
			}
			if v > bestV {
				best, bestT, bestV = oi, t, v
			}
		}
	}
	if best < 0 {
		return action{}, false
	}
	return action{kind: actCast, opt: best, target: bestT}, true
}

// castKeepAll is castKeep counting every enemy that may attack Safar i,
// idle or not (in a duel nothing when none may attack before i's AP come
// back, assaultable: bone-seer-2 against no-magic, 4 000 duels, seed 1, 39.67%
// counting a no-magic opponent within a paid walk, 55.83% not; against
// reflex-only, which casts, 31.32% not counting it, 58.40% counting it; since
// 2026-11-27, branch castduel): the AP spent on an effect without an amount (sim/magic_effects.go)
// are AP it does not defend with (adept mirror duels against no-magic: 52% of
// wins counting idle enemies for nothing as castKeep does, 57% this way;
// 4000 duels, seed 1).
func castKeepAll(e *engine, i int) [8]float64 {
	var kv [8]float64
	if e.magic == nil {
		return kv
	}
	if e.duel && !e.idleRush(i) && !e.assaultable(i) {
		return kv // no opponent attacks before i's AP come back (assaultable)
	}
	ki := e.c[i].kind
	for j := range e.c {
		o := &e.c[j]
		if o.side == e.c[i].side || !o.inPlay() || !e.mayThreaten(j, i) {
			continue
		}
		t := &e.threat[ki][o.kind]
		for ap := range kv {
			kv[ap] = max(kv[ap], t[0]-t[ap])
		}
	}
	return kv
}

// castKeep is keepValues for a cast: what holding each number of AP is worth
// against the enemies that could attack Safar i in their next activation or
// the one after (mayThreaten: spending every AP on spells from afar invites the
// enemy that walks in twice; mirror battles of a Fang list with bone-seer-2,
// default against no-magic, won 41% counting only those that threaten now, 57%
// this way). Each enemy counts for what it would gain by attacking i
// (gainCastKeep): in a duel since 2026-11-27 (branch castduel), in a skirmish
// since branch castkeep (issue #11), there no more than the threat tables
// charge.
//
// Before, a skirmish weighed a cast's AP with the threat tables and counted an
// enemy that made no attack in its last activation and stood within its reach
// of i for nothing (it could have attacked and waited, so that two Safars did
// not wait for each other forever). Since branch skirmkeep keepValues, which
// the enemy plays, counts i's threat then: the enemy waited for a defender
// that had spent its AP, and the caster spent them on spells next to it and
// was struck (TestSkirmishCastKeepIdleInReach: a bone seer casting Bone
// Splinters, 3 AP, next to an idle prowler that waits before a bone seer
// holding 4 AP and attacks one holding 3). The casting check (kharn skirmish
// L L --policy-b no-magic, 4 000 battles on each of seeds 1-5, A's wins):
// before; the threat tables counting that enemy; the gain alone; the gain
// capped by the tables (this): adept and guards (kharns-magic) 40.73%,
// 50.70%, 55.82%, 55.30%; flayer and blades 57.88%, 57.98%, 68.75%, 68.77%;
// bone seer and pack 56.19%, 56.18%, 55.93%, 56.56%; shaman and hunters
// (gouns-magic) 50.80%, 51.13%, 48.85%, 50.66%; khemist and guardians
// 44.71%, 43.87%, 44.23%, 43.87%. Draws of the bone seer's mirror (default
// both sides, as many battles): 1.44%, 1.59%, 0.87%, 0.98% (docs/policies.md,
// "A caster's keep rule in a skirmish"). IdleRush keeps the old reading, in
// duels too.
func castKeep(e *engine, i int) [8]float64 {
	if !e.idleRush(i) {
		return gainCastKeep(e, i)
	}
	var kv [8]float64
	ki := e.c[i].kind
	for j := range e.c {
		o := &e.c[j]
		if o.side == e.c[i].side || !o.inPlay() || !e.mayThreaten(j, i) || o.activated && o.idle && e.gap(i, j) <= e.reach(j)+1e-9 {
			continue
		}
		t := &e.threat[ki][o.kind]
		for ap := range kv {
			kv[ap] = max(kv[ap], t[0]-t[ap])
		}
	}
	return kv
}

// duelGainKey identifies a duelGain table: the attacking and defending kinds,
// the defender's HP (the kill bonus) and the walks the attacker pays first.
type duelGainKey struct {
	att, def int16
	hp       int16
	walks    int8
}

// gainCastKeep is castKeep but for IdleRush (a duel's since 2026-11-27,
// branch castduel, named duelCastKeep there; a skirmish's too since branch
// castkeep): what holding each number of AP is worth to caster i is what an
// enemy would gain by attacking it in its next activation, as the enemy's
// policy weighs an attack (duelGain), the most of any enemy: the plain threat
// tables (e.threat) count every attack that deals more than its counter, but
// the enemy keeps its own AP for defence and waits for a defender holding all
// its AP (docs/policies.md "Waiting opponents"), so that the first AP a cast
// spends cost more than those tables say and an AP the enemy would not attack
// for costs nothing.
// bone-seer-2 within its mirror's assault reach, holding 4 AP: the tables
// charge 0.61 HP for a 1 AP Spark of Will, the opponent's gain against 3 AP is
// 0.86 (it assaults a bone seer holding 3 AP and waits before one holding 4).
// An enemy that must pay a walk before its assault attacks with an AP less
// (mayThreaten): at 5 toises it gains nothing against 3 AP, and the tables
// charged the same 0.61. One farther away cannot attack before i's AP come
// back. An enemy whose policy attacks whatever the defender holds (the
// simple ones, IdleRush) is weighed by the threat tables, as before.
// An enemy that made no attack in its last activation counts as any other
// (keepValues counts i's threat for it: it waited for a defender that spent
// its AP). In a skirmish an enemy counts no more than the threat tables
// charge: its gain holds its kill bonus and the worth of its own kept AP, its
// motives to attack, not i's loss; the gain alone (as in a duel) made the
// goun shaman's casts lose to not casting, 48.85% of 20 000 battles (50.66%
// capped; docs/policies.md, "A caster's keep rule in a skirmish"). The gain
// is that of a duel: the enemy's other targets, and its keep values against
// i's allies, are not weighed, nor the positional and status gains of its
// attacks. TestDuelCastKeepWaitingOpponent checks it against no-magic's
// decisions in a duel, TestSkirmishCastKeepIdleInReach in a skirmish.
func gainCastKeep(e *engine, i int) [8]float64 {
	var kv [8]float64
	c := &e.c[i]
	for j := range e.c {
		o := &e.c[j]
		if o.side == c.side || !o.inPlay() {
			continue
		}
		if !waitsForFresh(e.policies[o.side]) || !e.duel && o.ready() && e.startsNext(o.side, i) {
			// j attacks whenever an attack deals more than its counter, so the
			// threat tables charge it (as IdleRush's castKeep): when its
			// policy does not wait for a fresh defender, and, in a skirmish,
			// when j is still to activate in this round and its side starts
			// the next (R15, seed 000 line 560): once i has cast and made no
			// attack, j's keepValues counts it for nothing (an idle enemy
			// that has acted: j's AP come back first, branch idlegain).
			// Charging the capped duelGain there let fangs-magic's no-magic
			// prowlers rush the bone seer after its casts: its casting check
			// (4 000 battles on each of seeds 1-5) 49.57% before, 56.38% now
			// (55.94% before idlegain); the other four caster lists within
			// 0.5 points (branch fangmagic,
			// TestSkirmishCastKeepEnemyStartsNext). An enemy that has acted
			// activates next in a new round, when i has not, and counts i:
			// unchanged.
			if e.mayThreaten(j, i) {
				t := &e.threat[c.kind][o.kind]
				for ap := range kv {
					kv[ap] = max(kv[ap], t[0]-t[ap])
				}
			}
			continue
		}
		walks := 0
		switch {
		case e.threatensNow(j, i):
		case e.mayThreaten(j, i):
			walks = 1
		default:
			continue
		}
		g := e.duelGain(o.kind, c.kind, c.hp, walks)
		if e.duel {
			for ap := range kv {
				kv[ap] = max(kv[ap], g[0]-g[ap])
			}
			continue
		}
		// A skirmish: no more than the threat tables charge.
		t := &e.threat[c.kind][o.kind]
		for ap := range kv {
			kv[ap] = max(kv[ap], min(g[0]-g[ap], t[0]-t[ap]))
		}
	}
	return kv
}

// waitsForFresh reports whether a policy weighs its attacks against the AP it
// keeps and the opponent's threat, as duelGain does: the default and the
// policies that play as it does (no-magic, reflex-only), but IdleRush, which
// counts an idle opponent for nothing. The simple policies attack whatever
// the defender holds.
func waitsForFresh(p FightPolicy) bool {
	switch v := p.(type) {
	case defaultPolicy:
		return !v.idleRush
	case reflexOnly:
		return true
	}
	return false
}

// castingPolicy reports whether a policy casts (castFirst): the default and
// its variants, and reflex-only; no-magic and the simple policies never do.
func castingPolicy(p FightPolicy) bool {
	switch v := p.(type) {
	case defaultPolicy:
		return !v.noMagic
	case reflexOnly:
		return true
	}
	return false
}

// duelGain returns, for each number of AP 0 to 7 held by a defender of kind d
// with hp HP, what an attacker of kind a gains by its best plan of attacks
// after paying walks AP for walks, as the default policy weighs a plan in a
// duel (bestAttackOf): damage dealt minus counters, the kill bonus, and the
// keep value of the AP it ends with (keepValues: d's threat against them),
// less the keep value of all its AP (waiting); 0 when it would not attack.
// Cached per engine.
func (e *engine) duelGain(a, d, hp, walks int) [8]float64 {
	key := duelGainKey{att: int16(a), def: int16(d), hp: int16(min(max(hp, 0), 1<<14)), walks: int8(walks)}
	if g, ok := e.magic.duelGain[key]; ok {
		return g
	}
	full := min(max(e.kinds[a].Profile.AP, 0), 7)
	ranged := e.kinds[a].Ranged != nil
	always := func(opt *fightOption) (int, int, bool) {
		if opt.shot {
			return opt.ap(), bandEffective, ranged
		}
		return opt.ap(), bandEffective, true
	}
	t := &e.threat[a][d] // what d deals a, by the AP a holds: a's keep values
	keep := func(left int) float64 { return t[0] - t[min(max(left, 0), 7)] }
	var g [8]float64
	for k := range g {
		v, _ := planDP(e.opts[a][d], max(full-walks, 0), k, always, keep, int(key.hp), killWeight*e.threat[a][d][0])
		g[k] = max(v-keep(full), 0)
	}
	e.magic.duelGain[key] = g
	return g
}

// threatensNow reports whether enemy j can attack Safar i in its next
// activation without paying for a walk: within a walk and an assault, or
// within the range of its shooting weapon (threatens' skirmish reading).
func (e *engine) threatensNow(j, i int) bool {
	g := e.gap(i, j)
	if g <= e.assaultReach(j)+1e-9 {
		return true
	}
	if w := e.c[j].f.Ranged; w != nil && e.c[j].ammo != 0 {
		if r := w.Effects.Range; r != nil && (r.Max == 0 || g <= r.Max) {
			return true
		}
	}
	return false
}

// assaultable reports whether an enemy of Safar i may attack it in its next
// activation: without paying for a walk (threatensNow), or, for one whose
// policy does not wait for a fresh defender (waitsForFresh) or that casts
// (castingPolicy: its spells may find i with spent AP, a threat the tables do
// not hold), after a paid walk (mayThreaten). castKeepAll counts nothing for
// the AP of a duel's caster no opponent may attack: they come back before.
func (e *engine) assaultable(i int) bool {
	for j := range e.c {
		o := &e.c[j]
		if o.side == e.c[i].side || !o.inPlay() {
			continue
		}
		pol := e.policies[o.side]
		if e.threatensNow(j, i) || (!waitsForFresh(pol) || castingPolicy(pol)) && e.mayThreaten(j, i) {
			return true
		}
	}
	return false
}

// cast plays action a of Safar i, a cast (castFirst): its AP, the cadence, the
// roll against the target's spell defence, and the effect. It reports whether
// the activation goes on.
func (e *engine) cast(r *rand.PCG, i int, a action) bool {
	c := &e.c[i]
	if e.magic == nil || a.opt < 0 || a.opt >= len(e.magic.opts[c.kind]) || a.target < 0 {
		return false
	}
	opt := &e.magic.opts[c.kind][a.opt]
	j := a.target
	o := &e.c[j]
	pl := opt.plans[o.kind]
	if pl == nil || !e.castTarget(i, j, opt) || !e.mayCast(i, opt) || !e.inSpellRange(i, j, opt) {
		return false
	}
	s := e.castStateOf(i, j, opt)
	extra := s.extra
	cost := e.actionCost(i, opt.ap)
	pl = e.castPlanOf(opt, o.kind, s.bold) // lowered thresholds (sim/cast_bold.go)
	out := pl.sampleMaster(r, extra, s.ward, s.awake, min(s.held, 3), s.mast, s.master, s.defMast, s.defMaster, e.spellAPValue(c.kind, o.kind, s))
	c.ap -= cost
	c.spent += cost
	st := &c.spells
	if cd := opt.spell.Cadence; cd.Per != "unlimited" && cd.Per != "" {
		if p := e.spellPeriod(cd); st.period[opt.slot] != p {
			st.period[opt.slot], st.tries[opt.slot] = p, 0
		}
		st.tries[opt.slot]++
	}
	st.cast++
	st.expected += e.pSuccess(c.kind, a.opt, o.kind, s)
	if out.Mastery {
		spendMastery(c, FieldEsoteric, 1)
	}
	if out.DefenceAP > 0 {
		o.ap -= out.DefenceAP
		o.spent += out.DefenceAP
	}
	if out.DefenceMastery {
		spendMastery(o, FieldEsoteric, 1)
	}
	o.masterUsed = o.masterUsed || out.DefenceMaster // once per turn, as in the exchanges
	c.masterUsed = c.masterUsed || out.Master
	amount, paid := 0, 0
	hit := false    // a damage spell succeeded
	drained := true // not cancelled by a saving roll
	if out.Success && opt.level.Amount == nil {
		st.succeeded++
		// An enemy's spell effect on a card with a saving roll: one roll
		// cancels it (skills.md section 3 H, sim/wards.go).
		if c.side == o.side || !e.saves(r, j, opt.spell.ID) {
			e.applyEffect(i, j, opt)
		} else {
			drained = false
		}
		e.keepDie(r, i, j, opt) // sim/magic_stored.go
	} else if out.Success {
		st.succeeded++
		amount = max(dice.Roll(r, pl.amtN, pl.amtSides, pl.amtPlus), 0)
		if opt.heal {
			if opt.level.CasterPays {
				paid = amount // the amount rolled (sim/magic_pay.go)
			}
			amount = max(min(amount, e.maxHP(j)-o.hp), 0) // scars: fire, Sacrifice (sim/fire.go)
			o.hp += amount
		} else if opt.isReturn() {
			amount = e.returnFromDefeat(j, amount, opt.level.Activations)
		} else {
			if !opt.level.IgnoresArmour && o.f.Armour != nil && o.armour > 0 {
				face := armourFace(r, e.variant, o.f)
				taken, ticked := spellArmour(o.f.Armour, o.armour, amount, face)
				amount = taken
				o.armour = max(o.armour-ticked, 0)
			}
			e.hurtFrom(j, i, amount) // a card's any_source reduction (sim/wards.go)
			hit = true
		}
	}
	if e.trace != nil {
		e.traceCast(i, j, opt, extra, s.ward, out, amount)
	}
	if out.Success && drained {
		e.drainOnSpell(i, j) // a card's staff (sim/cardap.go)
	}
	if hit {
		e.inflictFire(r, j, i, opt.level.Fire, opt.level.Frostbite) // a spell that burns or freezes (sim/fire.go)
	}
	e.payHeal(i, paid) // sim/magic_pay.go
	if out.Success && opt.replaysAll() {
		e.replayAll(i) // sim/magic_replay.go
	}
	if out.Success && opt.activatesNow() {
		e.activateNow(r, j, &opt.level.EffectParams) // sim/magic_activate.go
	}
	return true
}

// traceCast writes one cast: the spell, difficulty and incantation, the casting
// roll, the defence, and what it did.
func (e *engine) traceCast(i, j int, opt *castOption, extra, ward int, out CastOutcome, amount int) {
	on := e.name(j)
	if i == j {
		on = "itself"
	}
	e.tracef("  %s casts %s (difficulty %d, %s, %d AP) on %s: ", e.name(i), opt.spell.ID, opt.level.Difficulty, Incantation(opt.ap), e.actionCost(i, opt.ap), on)
	switch {
	case out.CastCF:
		e.tracef("CF, the spell fails")
	case !out.Reached:
		e.tracef("total %d", out.Total)
		e.traceBonus(i, extra, ward)
		if out.Mastery {
			e.tracef(" [mastery]")
		}
		if out.Master {
			e.tracef(" [Master reroll]")
		}
		e.tracef(" < %d, the spell fails", opt.plans[e.c[j].kind].need+ward)
	default:
		e.tracef("total %d", out.Total)
		e.traceBonus(i, extra, ward)
		if out.Critical {
			e.tracef(" CH")
		}
		if out.Mastery {
			e.tracef(" [mastery]")
		}
		if out.Master {
			e.tracef(" [Master reroll]")
		}
		if out.DefenceAP >= 0 {
			e.tracef("; %s defends with %d AP: %d", e.name(j), out.DefenceAP, out.DefenceTotal)
			if out.DefenceCF {
				e.tracef(" CF")
			}
			if out.DefenceMastery {
				e.tracef(" [mastery]")
			}
			if out.DefenceMaster {
				e.tracef(" [Master reroll]")
			}
		}
		switch {
		case !out.Success:
			e.tracef("; the spell is stopped")
		case opt.level.Amount == nil:
			e.tracef("; %s", effectText(opt.level, opt.spell.DurationOf(opt.level)))
		case opt.heal:
			e.tracef("; heals %d HP (%d left)", amount, max(e.c[j].hp, 0))
		case opt.isReturn() && amount == 0:
			e.tracef("; no free spot, %s stays defeated", e.name(j))
		case opt.isReturn():
			e.tracef("; %s is back from defeat with %d HP for %d activation(s), %s", e.name(j), amount, opt.level.Activations, e.where(j, -1))
		default:
			e.tracef("; deals %d HP (%d left)", amount, max(e.c[j].hp, 0))
		}
	}
	e.tracef("\n")
	if !e.duel && !e.c[j].inPlay() && !opt.isReturn() {
		e.tracef("    %s is defeated\n", e.name(j))
	}
}

// traceBonus writes Safar i's way bonus, with its card's part
// (sim/cardway.go), and the difficulty the enemy wards add.
func (e *engine) traceBonus(i, extra, ward int) {
	if card := min(e.cardWayBonus(i), extra); card > 0 {
		e.tracef(" (way +%d, +%d of it for its allies not yet activated in its aura: its special card, card_way_bonus)", extra, card)
	} else if extra > 0 {
		e.tracef(" (way +%d)", extra)
	}
	if ward > 0 {
		e.tracef(" (difficulty +%d by a ward)", ward)
	}
}

// castNotModelled lists, for a caster, its spells whose effects fights do not
// play ("spell SPELL (effect)", under a "not modelled" heading); for a Safar
// with esoteric mastery dice or a way but no spells in the data, that it casts
// nothing.
func castNotModelled(f *Fighter) []string {
	p := f.Profile
	if p == nil {
		return nil
	}
	if castsNothing(f) {
		return []string{"spells (no way and no spells in the data: it casts nothing)"}
	}
	var out []string
	for _, s := range profiles.SpellsNotPlayed(p) {
		if s != profiles.Spells {
			out = append(out, s)
		}
	}
	if p.Magic != nil {
		for slot, id := range p.Magic.Spells {
			if slot >= maxSpellSlots {
				out = append(out, "spell "+id+" (beyond the 16 spells fights follow)")
			}
		}
	}
	return out
}

// NoMagic is the default policy with its casts switched off: every other
// action and decision of the default (objectives, items, tending, throws,
// detection, the alert, hiding, AP auras, its attack plans and keep rule)
// the same, in duels and skirmishes, and its Safars never cast: the policy
// to measure what spells are worth (docs/policies.md, "Magic"; "no-magic is
// the default without its casts", branch nomagic). Before that branch it
// played only the default's attack plans (keepTarget, playWell), so a
// casting check measured the spells plus the default's other actions. It is
// chosen by name (--policy-a no-magic) and is not in the lists of simple
// policies the policy checks play. (ReflexOnly casts as the default does;
// the simple policies never cast.)
var NoMagic FightPolicy = defaultPolicy{noMagic: true}

// castsNothing reports whether f looks like a caster, esoteric mastery dice or
// a way among its skills, with no way and spells in its magic to cast.
func castsNothing(f *Fighter) bool {
	p := f.Profile
	if p == nil || p.Magic != nil && p.Magic.Way != "" {
		return false
	}
	return hasField(f.Mastery, FieldEsoteric) || profiles.CastsSpells(p)
}

// mayThreaten reports whether enemy j could attack Safar i within its next
// activation or the one after: threatens, or within two walks and an assault.
func (e *engine) mayThreaten(j, i int) bool {
	return e.threatens(j, i) || e.gap(i, j) <= e.velocity(j)+e.assaultReach(j)
}
