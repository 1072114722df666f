package sim

import (
	"math/rand/v2"

	"github.com/kharn-ages/kharn/sim/dice"
)

// Outcome is one sampled exchange.
type Outcome struct {
	// Main attack: success (R6), critical hit and failure, defence CF.
	Success, Critical, AttackCF, DefenceCF bool
	// Damage is the HP the defender lost (free attacks included); Counter the HP the
	// attacker lost to counter damage.
	Damage, Counter int
	Bleeding        int
	Dazed, Stunned  bool
	Feared          bool
	// Repel is how far the defender was pushed back, in toises.
	Repel            float64
	AttackerRepelled bool
	AttackerMove     bool
	DefenderMove     bool
	// DefenceFailed: a defence roll of the defender, against the main
	// attack or a free one, did not stop it (an undefended attack is no
	// failed defence): pattern D's free V effect (sim/auragrants.go).
	DefenceFailed bool
	// AttackerCFRerolled and DefenderCFRerolled: the main attack roll or
	// the defence roll against it used its Spearhead's CF reroll of the
	// game (Exchange.AttackerCFReroll, sim/auragrants.go).
	AttackerCFRerolled, DefenderCFRerolled bool
	DefenceAP                              int
	ArmourBoxes                            int
	ShieldBoxes                            int
	// HelmetUsed and AttackerHelmetUsed: the defender's or the attacker's
	// helmet took an effect away in this exchange (sim/helmet.go).
	HelmetUsed, AttackerHelmetUsed bool
	// UnderBoxes and AttackerUnderBoxes: boxes ticked on the defender's or
	// the attacker's armour worn under the other (sim/armour_slots.go).
	UnderBoxes, AttackerUnderBoxes int
	// AttackerBleeding, AttackerDazed and AttackerStunned: the statuses the
	// counters' weapon put on the attacker (R11a, R9a; sim/counterstatus.go).
	AttackerBleeding               int
	AttackerDazed, AttackerStunned bool
	// Poisoned: the defender is poisoned (R17; sim/poison.go).
	Poisoned bool
	// DefencePoison: the defender spent a dose on its main defence;
	// AttackerPoisoned: that defence stopped the attack, which poisons the
	// attacker (sim/poison.go, poisonsBack).
	DefencePoison, AttackerPoisoned bool
	// Burning and Frostbitten: the defender is set on fire or gets frostbite
	// (sim/fire.go).
	Burning, Frostbitten bool
	// Stopped3: a 3 AP defence roll stopped the main attack (a card's free
	// attack after it, sim/cardcounter.go).
	Stopped3 bool
	// RiposteShot: the defence that stopped the main attack applies the A
	// effect its card makes a free shot (sim/riposteshot.go).
	RiposteShot bool
}

// TraceEvent is one step of a sampled exchange, for a readable trace of a fight.
type TraceEvent struct {
	Free        bool        // the free attack of an A effect
	Attack      Attack      // the attack rolled
	Roll        dice.Result // the attack roll
	Total       int         // the attack total announced (R5)
	Defence     Defence     // the defence chosen
	DefenceRoll dice.Result
	DefenceTot  int
	Success     bool
	Damage      int // HP the defender lost from this attack (after armour)
	ArmourFace  int // the armour roll, 0 when none
	// ArmourReroll is the failed armour face the card's reroll replaced with
	// ArmourFace, 0 when none; Warded the damage its card's reduction stopped
	// (skills.md section 3 G, sim/wards.go).
	ArmourReroll, Warded int
	// Saved is the number of effects of this attack (on the defender) or of
	// its counter (on the attacker) a card's saving roll cancelled
	// (skills.md section 3 H, sim/wards.go).
	Saved      int
	Counter    int  // HP the attacker lost to counter damage
	Mastery    bool // the attacker spent a mastery die
	DefMastery bool // the defender spent one
	// Cunning is what Cunning added to the defence total (in DefenceTot) for
	// 1 AP, 0 when not used (skills.md #12).
	Cunning int
	// Boost is the d10 an ally's aura added to the defence total (in
	// DefenceTot), 0 when not used (sim/auragrants.go).
	Boost int
}

// duelFrom is the attack face from which a defender with Duellist forces a reroll.
const duelFrom = 6

// Sampler draws exchanges. It holds the prepared exchange and the defender's
// decision cache, so it belongs to one goroutine; make one per worker.
type Sampler struct {
	pl      *plan
	poisons bool // the attack carries poison (sim/poison.go)
	// burns, freezes: the attack sets on fire, gives frostbite (sim/fire.go).
	burns, freezes bool
}

// NewSampler checks and prepares the exchange for sampling.
func (ex *Exchange) NewSampler() (*Sampler, error) {
	if err := ex.Prepare(); err != nil {
		return nil, err
	}
	return &Sampler{pl: ex.newPlan(), poisons: ex.poisons(), burns: ex.burns(), freezes: ex.freezes()}, nil
}

// Sample draws one exchange with dice from r. It does not allocate once the
// decision cache is warm.
func (sm *Sampler) Sample(r *rand.PCG) Outcome {
	pl := sm.pl
	var o Outcome
	if !pl.init0Ready {
		pl.init0, pl.init0Ready = pl.initial(), true // the same for every draw
	}
	s := pl.sampleAttack(r, pl.init0, false, &o)
	for s.pending > 0 {
		s = pl.sampleAttack(r, s, true, &o)
	}
	o.Bleeding = int(s.bleeding)
	o.Dazed, o.Stunned, o.Feared = s.dazed, s.stunned, s.flag(stFeared)
	o.Repel = float64(s.repelDef) / 2
	o.AttackerRepelled = s.repelAtt > 0
	o.AttackerMove, o.DefenderMove = s.moveAtt, s.flag(stMoveDef)
	o.DefenceAP = int(s.defSpent)
	o.ArmourBoxes = int(s.armourUsed)
	o.ShieldBoxes = int(s.shieldUsed)
	// Poison, fire, frostbite (sim/poison.go, sim/fire.go), each cancelled by
	// a card's saving roll (sim/wards.go).
	def := sm.pl.ex.Defender
	o.Poisoned = o.Success && sm.poisons && !saveRoll(r, def)
	o.Burning = o.Success && sm.burns && !saveRoll(r, def)
	o.Frostbitten = o.Success && sm.freezes && !saveRoll(r, def)
	o.AttackerBleeding = s.attStatus.bleeding()
	o.AttackerDazed, o.AttackerStunned = s.attStatus.dazed(), s.attStatus.stunned()
	return o
}

// sampleAttack draws one attack (main or free) and its defence from state s.
func (pl *plan) sampleAttack(r *rand.PCG, s state, free bool, o *Outcome) state {
	ex := pl.ex
	a := pl.attackOf(free)
	mod, spec := pl.mainMod, pl.mainDmg
	if free {
		mod, spec = pl.freeMod, pl.freeDmg
		s.pending--
	}
	var ar dice.Result
	if x := ex.Defender.Skills.Duellist; s.flag(stDefDuel) && x > 0 && a.Kind != Shot {
		// Duellist (defender): the attacker rerolls its x best dice when its face is
		// 6 or more, once per turn (policy: spend it on an above-average roll).
		ar = pl.attackPoolAt(free, int(s.attDice), !free && s.attMastery > 0, !free && s.attMaster, s.attTools.main(free)).RollForced(r, x, duelFrom)
		s.setFlag(stDefDuel, !ar.Forced)
	} else {
		ar = pl.attackPoolAt(free, int(s.attDice), !free && s.attMastery > 0, !free && s.attMaster, s.attTools.main(free)).Roll(r)
	}
	if ar.Mastery && !(ar.Critical && !free && ex.Attacker.Skills.KeepMasteryOnCH) { // a die kept on a CH (sim/cardmastery.go)
		s.attDice = max(s.attDice-1, 1)
		s.attMastery--
	}
	if ar.MasterUse {
		s.attMaster = false // Master X: once per turn
	}
	if !free {
		// A dice-tool reroll or forced reroll is good for the next roll only
		// (sim/fate.go, sim/forced.go); an aura's +1D10 is kept until added
		// (sim/auragrants.go), a card's armour reroll until used (sim/wards.go).
		s.attTools &= toolArmour | toolBoost
		if ar.BoostUse {
			s.attTools &^= toolBoost
		}
	}
	if !free {
		o.AttackCF, o.Critical = ar.Failure, ar.Critical
		o.AttackerCFRerolled = ar.CFRerollUse
	}
	if ar.Failure {
		if pl.trace != nil {
			pl.trace(TraceEvent{Free: free, Attack: a, Roll: ar, Total: ar.Value + mod, Mastery: ar.Mastery})
		}
		return s // R3: it never happened.
	}
	t, ch := ar.Value+mod, ar.Critical
	var def Defence
	var ct *candTails // the chosen candidate's pool and modifier, nil for none
	if ex.Policy.RandomDefence {
		def = pl.randomDefence(r, s, free)
	} else {
		row := pl.rowCached(s, free)
		idx := pl.defendIdx(row, s, free, t, ch)
		def = pl.defence(free, idx)
		if idx >= 0 && !def.None && !def.Discard && !def.Auto {
			ct = pl.candTail(free, idx)
		}
	}
	if def.None {
		if !free {
			o.Success = true
		}
		s0 := s
		s = pl.hitEffects(s, spec, a, ch, free)
		if spec.biteTest {
			s.setFlag(stFeared, s.flag(stFeared) || pl.fearRoll(r))
		}
		var saved int
		s, saved = sampleSaves(r, pl.ex.Defender, s0, s, false) // a card's saving roll (sim/wards.go)
		var ev TraceEvent                                       // built only for a trace: a tenth of a sampled exchange
		if pl.trace != nil {
			ev = TraceEvent{Free: free, Attack: a, Roll: ar, Total: t, Defence: def, Success: true, Mastery: ar.Mastery, Saved: saved}
		}
		pl.sampleHitTraced(r, &s, spec, ch, false, o, &ev)
		return s
	}
	if def.Discard {
		s.shield = 0
		if ch {
			pl.sampleHit(r, &s, spec, ch, true, o)
		}
		return s
	}
	if def.Auto {
		return pl.sampleAuto(r, s, a, ar, t, def, o) // sim/autodefence.go
	}
	var dmod int
	var dpool dice.Pool
	if ct != nil {
		dmod = ct.dmod
		dpool = ex.defenceRerolls(ct.base, int(s.defDice), s.defMastery > 0, s.defMaster, s.defTools.main(free), a, t, dmod, ch)
	} else {
		dmod = ex.defenceModifier(a, def)
		dpool = ex.defencePool(a, def, int(s.defDice), s.defMastery > 0, s.defMaster, s.defTools.main(free), t, ch)
	}
	var dr dice.Result
	if x := ex.Attacker.Skills.Duellist; s.flag(stAttDuel) && x > 0 && a.Kind != Shot {
		// Duellist (attacker): the defender rerolls its x best dice when its face
		// would stop the attack (ties go to the defender, R6), once per turn.
		dr = dpool.RollForced(r, x, min(max(t-dmod, 1), 10))
		s.setFlag(stAttDuel, !dr.Forced)
	} else {
		dr = dpool.Roll(r)
	}
	pre := s // the state the Cunning decision reads, as the exact engine does
	s.defAP -= int8(def.AP) + pl.defCost()
	s.defSpent += int8(def.AP) + pl.defCost()
	if dr.Mastery {
		s.defDice = max(s.defDice-1, 1)
		s.defMastery--
	}
	if dr.MasterUse {
		s.defMaster = false // Master X: once per turn
	}
	if !free {
		// Its next roll was this one (sim/fate.go, sim/forced.go); an
		// aura's +1D10 not added is kept (sim/auragrants.go), and a card's
		// armour reroll not used (sim/wards.go).
		s.defTools &= toolArmour | toolBoost
	}
	if !free {
		o.DefenceCF = dr.Failure
		o.DefenderCFRerolled = dr.CFRerollUse
	}
	back := pl.poisonBack(free, def) // a dose on the defence (sim/poison.go)
	o.DefencePoison = o.DefencePoison || back
	if def.Shield {
		n := int8(1)
		if dr.Failure {
			n = 2 // R13: two boxes on a defence CF
		}
		n = min(n, s.shield)
		s.shield -= n
		s.shieldUsed += n
	}
	dtot, cunning, boost := dr.Value+dmod, 0, 0 // the defence total, what Cunning and an aura's d10 added
	stopped := !succeeds(ex.Variant, ar, t, dr, dtot, def.Shield)
	if pl.boostOK(pre, free, def) {
		// An ally's aura's +1D10, once per turn (sim/auragrants.go, as
		// plan.boostOutcomes), where Cunning cannot be played.
		if !stopped && !dr.Failure {
			if boost = pl.boostAdd(r, t-dtot, ch, dr.Critical, def.Shield); boost > 0 {
				stopped = boost >= t-dtot
				s.defTools &^= toolBoost
			}
		}
	} else if !stopped && !dr.Failure && pl.cunningOK(pre, def) &&
		!(ex.Variant.CHAutoSuccess && ch && !dr.Critical) && !(def.Shield && dr.Critical) {
		// Cunning (skills.md #12): 1 AP more for a characteristic or a d10, when
		// the policy finds it worth it (plan.cunningStop, as plan.outcomes).
		gap := t - dtot
		cb := pl.cunningChar(def)
		if _, used := pl.cunningStop(pre, free, def, cb, gap, ch, dr.Critical); used {
			s.defAP--
			s.defSpent++
			add := cb
			if gap > cb {
				add = dice.D10(r) // a plain die: no CH, no CF
			}
			cunning = add
			stopped = add >= gap
		}
	}
	// The trace's event, built only for a trace (issue #13: building it for every
	// draw was a tenth of a sampled exchange, BenchmarkSampleExchange).
	var ev TraceEvent
	if pl.trace != nil {
		ev = TraceEvent{Free: free, Attack: a, Roll: ar, Total: t, Defence: def, DefenceRoll: dr, DefenceTot: dtot + cunning + boost, Mastery: ar.Mastery, DefMastery: dr.Mastery, Cunning: cunning, Boost: boost}
	}
	if stopped {
		o.Stopped3 = o.Stopped3 || !free && def.AP == 3
		o.RiposteShot = o.RiposteShot || !free && def.counterEffects(A) > 0 && pl.ex.DefenderShotReady
		o.AttackerPoisoned = o.AttackerPoisoned || back && !saveRoll(r, pl.ex.Attacker) // sim/wards.go
		s0 := s
		s = pl.counterEffects(s, def)
		raw := 0
		pl.lastReroll, pl.lastWarded = 0, 0
		if a.Kind != Shot { // R11: no counter damage against a shot
			if c := pl.counterOf(def); c != nil {
				pl.attUnder = 0
				raw = pl.sampleCounter(r, &s, c.spec, dr.Critical)
				s = counterStatuses(s, c.spec, dr.Critical) // sim/counterstatus.go
				o.AttackerUnderBoxes += pl.attUnder
				o.AttackerHelmetUsed = o.AttackerHelmetUsed || dr.Critical && c.spec.helmetCrit
			}
		}
		s, ev.Saved = sampleSaves(r, pl.ex.Attacker, s0, s, true) // a card's saving roll (sim/wards.go)
		o.Counter += raw
		if pl.trace != nil {
			ev.Counter = raw
			// The attacker's card at work on the counter (sim/wards.go).
			ev.ArmourReroll, ev.Warded = pl.lastReroll, pl.lastWarded
			if ev.ArmourReroll > 0 {
				ev.ArmourFace = pl.lastArmourFace
			}
			pl.trace(ev)
		}
		return s
	}
	if !free {
		o.Success = true
	}
	o.DefenceFailed = true
	ev.Success = true
	s0 := s
	s = pl.hitEffects(s, spec, a, ch, free)
	if spec.biteTest {
		s.setFlag(stFeared, s.flag(stFeared) || pl.fearRoll(r))
	}
	s, ev.Saved = sampleSaves(r, pl.ex.Defender, s0, s, false) // a card's saving roll (sim/wards.go)
	pl.sampleHitTraced(r, &s, spec, ch, false, o, &ev)
	return s
}

// sampleHitTraced is sampleHit reporting the event to the trace, if any.
// The event is passed by pointer: copying it cost a tenth of a sampled exchange.
// So is the state, which it updates (issue #13: copies of it through memory
// stalled on the stores before them).
func (pl *plan) sampleHitTraced(r *rand.PCG, s *state, spec *damageSpec, ch, critOnly bool, o *Outcome, ev *TraceEvent) {
	before := o.Damage
	pl.sampleHit(r, s, spec, ch, critOnly, o)
	if pl.trace != nil {
		ev.Damage = o.Damage - before
		ev.ArmourFace = pl.lastArmourFace
		ev.ArmourReroll, ev.Warded = pl.lastReroll, pl.lastWarded
		pl.trace(*ev)
	}
}

// fearRoll rolls the temerity test of a Bite, T + 1D10 >= 10 (R18); it reports a
// failure, a natural 1 failing (R3).
func (pl *plan) fearRoll(r *rand.PCG) bool {
	return temerityFails(r, pl.ex.Defender.Stats().T+pl.ex.DefenderTemerity)
}

// randomDefence picks a feasible defence uniformly (the "random" simple policy).
func (pl *plan) randomDefence(r *rand.PCG, s state, free bool) Defence {
	cands := pl.candidates[b2i(free)]
	n := 0
	for _, d := range cands {
		if pl.feasible(s, d) {
			n++
		}
	}
	if n == 0 {
		return cands[len(cands)-1]
	}
	k := int(r.Uint64() % uint64(n)) // n < 100: the modulo bias is below 1e-17
	for _, d := range cands {
		if pl.feasible(s, d) {
			if k == 0 {
				return d
			}
			k--
		}
	}
	return cands[len(cands)-1]
}

// armourRoll rolls f's armour die (R12): one d10, or its level dice keeping the best
// under the armour-level-dice option.
func (pl *plan) armourRoll(r *rand.PCG, f *Fighter) int {
	if pl.ex.Variant.ArmourLevelDice {
		return dice.Best(r, max(f.Profile.Level, 1))
	}
	return dice.D10(r)
}

// sampleCounter draws counter damage through the attacker's armour (R11, R11a,
// R12; R9a: ch is a CH on the defence), updating s, and returns the HP the
// attacker loses.
func (pl *plan) sampleCounter(r *rand.PCG, s *state, spec *damageSpec, ch bool) int {
	raw := max(dice.Roll(r, spec.rawN, spec.rawSides, spec.rawPlus), 0)
	base, crit := spec.parts(raw, 0, ch)
	pl.lastReroll = 0
	used, under, taken, face, rerolled := pl.throughArmour(r, pl.ex.Attacker, int(s.attArmour), base, crit, spec, s.attTools.has(toolArmour))
	if rerolled {
		s.attTools &^= toolArmour // once per turn (sim/wards.go)
	}
	s.attArmour -= int8(used)
	pl.attUnder += under // read by the caller into Outcome.AttackerUnderBoxes
	pl.lastArmourFace = face
	warded := wardTaken(pl.ex.Attacker, taken, false) // a counter is no attack (sim/wards.go)
	pl.lastWarded = taken - warded
	return warded
}

// throughArmour draws base damage and crit CH bonus through f's armour of boxes
// boxes left (R12: armour-piercing ticks before the roll), the armour worn
// under it (sim/armour_slots.go) and its hide: it returns the boxes used, the
// boxes of the armour under it ticked, the HP f loses and the armour face
// rolled (0 for none); reroll is f's armour reroll still available this
// turn, rerolled that it was spent (skills.md section 3 G, sim/wards.go).
func (pl *plan) throughArmour(r *rand.PCG, f *Fighter, boxes, base, crit int, spec *damageSpec, reroll bool) (used, under, taken, face int, rerolled bool) {
	arm := f.Armour
	if base+crit <= 0 || arm == nil || boxes <= 0 {
		b, c, under := pl.underRoll(r, f, max(base, 0), max(crit, 0), spec.ticks) // sim/armour_slots.go
		return 0, under, hideRoll(r, f, b, c), 0, false
	}
	pv := 0
	if p := spec.piercing; p != nil {
		pv = dice.Roll(r, p.N, p.Sides, p.Plus)
	}
	left := max(boxes-pv, 0)
	face = pl.armourRoll(r, f)
	b, c, ticked := armourParts(arm, left, base, crit, face, spec.ignore, spec.ticks)
	if reroll && left > 0 && rerollArmour(arm, face, b, c) {
		pl.lastReroll = face
		face = pl.armourRoll(r, f)
		b, c, ticked = armourParts(arm, left, base, crit, face, spec.ignore, spec.ticks)
		rerolled = true
	}
	b, c, under = pl.underRoll(r, f, b, c, spec.ticks)
	return min(boxes-left+ticked, boxes), under, hideRoll(r, f, b, c), face, rerolled
}

// hideRoll returns the damage f takes of baseLeft base damage and critLeft CH
// bonus left after its armour: Tembo hide (skills.md #40) rolls its level d10
// and each 10 cancels its level in base damage.
func hideRoll(r *rand.PCG, f *Fighter, baseLeft, critLeft int) int {
	n := hideDice(f)
	if n == 0 || baseLeft <= 0 {
		return baseLeft + critLeft
	}
	for range n {
		if dice.D10(r) == 10 {
			baseLeft -= n
		}
	}
	return max(baseLeft, 0) + critLeft
}

// sampleHit draws the damage of a hit through the defender's armour (R9, R12),
// updating s.
func (pl *plan) sampleHit(r *rand.PCG, s *state, spec *damageSpec, ch, critOnly bool, o *Outcome) {
	raw := max(dice.Roll(r, spec.rawN, spec.rawSides, spec.rawPlus), 0) * max(spec.rawTimes, 1) // a doubled Bite (sim/ownrules.go)
	exec := 0
	if spec.executioner {
		exec = dice.D10(r)
	}
	base, crit := spec.parts(raw, exec, ch)
	if critOnly {
		base = 0
	}
	pl.lastReroll = 0
	used, under, taken, face, rerolled := pl.throughArmour(r, pl.ex.Defender, int(s.armour), base, crit, spec, s.defTools.has(toolArmour))
	if rerolled {
		s.defTools &^= toolArmour // once per turn (sim/wards.go)
	}
	warded := wardTaken(pl.ex.Defender, taken, true) // skills.md section 3 G
	pl.lastWarded = taken - warded
	taken = warded
	o.UnderBoxes += under
	o.HelmetUsed = o.HelmetUsed || spec.helmetHit || ch && spec.helmetCrit
	pl.lastArmourFace = face
	s.armour -= int8(used)
	s.armourUsed += int8(used)
	o.Damage += taken
}
