package sim

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/dice"
)

// This file resolves one casting of a spell against its target's defence (English
// seed 000 lines 1424-1452, "Casting a spell" and "Defending against a spell";
// French seed 004 lines 1371-1402; ../shared/design/skills.md 4.2). It uses the
// same dice pools (R1-R4), success rule (R6) and tails as the melee exchange.

// Incantation names a cast by its AP (the 1-2-3 rule with I only): quick 1 AP,
// basic 2 AP, complex 3 AP (seed 000 lines 1428-1444).
func Incantation(ap int) string {
	switch ap {
	case 1:
		return "quick"
	case 2:
		return "basic"
	case 3:
		return "complex"
	}
	return "?"
}

// Battlefield counts what the casting bonuses of the ways read from the state of
// the battle (seed 000 lines 1396-1416; skills.md 4.2): +1 per counted Safar.
type Battlefield struct {
	Defeated             int // fighters defeated on the battlefield, either side (osteomancy)
	LevelOneAllies       int // level I Safars of the caster's side alive (shamanism)
	WoundedEnemiesInAura int // enemies below their starting HP in the caster's aura (Blood and Steel)
	WoundedAlliesInAura  int // allies below their starting HP in the caster's aura (sacrifice)
	AlliesAlive          int // fighters of the caster's side alive, the caster included (Adansonia)
}

// WayBonus returns the casting bonus of way w on battlefield b. The rulebooks set
// no cap (the cap at the caster's I reported from the battle book is not applied).
func (b Battlefield) WayBonus(w profiles.Way) int {
	switch w {
	case profiles.Osteomancy:
		return b.Defeated
	case profiles.Shamanism:
		return b.LevelOneAllies
	case profiles.BloodAndSteel:
		return b.WoundedEnemiesInAura
	case profiles.SacrificeWay:
		return b.WoundedAlliesInAura
	case profiles.Adansonia:
		return b.AlliesAlive
	}
	return 0
}

// Count returns the battlefield with n Safars counted by way w's bonus, for a
// caller that only knows the count.
func Count(w profiles.Way, n int) Battlefield {
	var b Battlefield
	switch w {
	case profiles.Osteomancy:
		b.Defeated = n
	case profiles.Shamanism:
		b.LevelOneAllies = n
	case profiles.BloodAndSteel:
		b.WoundedEnemiesInAura = n
	case profiles.SacrificeWay:
		b.WoundedAlliesInAura = n
	case profiles.Adansonia:
		b.AlliesAlive = n
	}
	return b
}

// Cast is one casting of a spell on a target, with everything that modifies it.
type Cast struct {
	Caster, Target *Fighter
	Spell          *profiles.Spell
	// Difficulty is the threshold chosen before the roll among the spell's
	// difficulties; its effect comes with it (seed 000 line 1506).
	Difficulty int
	// AP is 1 (quick), 2 (basic) or 3 (complex).
	AP int
	// Battlefield gives the caster's way bonus.
	Battlefield Battlefield
	// Allied marks a target of the caster's side (or the caster itself): it may
	// decline to defend (seed 000 line 1448), and always does here.
	Allied bool
	// Defence, when set, is the AP the target spends on its defence (0-3) instead
	// of the best response.
	Defence *int
	// Reroll spends an esoteric mastery die on the casting roll when the total
	// would not reach the difficulty (R4); DefenceMastery does the same for the
	// target's esoteric dice when its roll would not stop the cast. Each also
	// lets its Safar's Master X (esoteric) reroll its whole pool for free on
	// such a roll (seed 000 l.1636, seed 004 l.1569).
	Reroll, DefenceMastery bool
	// APValue is what one AP kept after the defence is worth to the target, in
	// units of the spell's harm (its expected amount, or 1 for an effect with
	// none); ties go to the cheaper defence.
	APValue float64
	Variant Variant
	// enemy: the target is of the other side even when it has the caster's
	// profile (a mirror fight, sim/magic_fight.go).
	enemy bool
}

// CastResult is the outcome of a cast: exact probabilities from Exact, or
// frequencies from a sample.
type CastResult struct {
	// PSuccess is the probability that the spell takes effect.
	PSuccess float64 `json:"p_success"`
	// PCriticalSuccess: the casting roll is a CH and the spell takes effect.
	PCriticalSuccess float64 `json:"p_critical_success"`
	// PReached: the casting total reaches the difficulty (not a CF).
	PReached float64 `json:"p_reached_difficulty"`
	// PCastCritical and PCastCF: a CH and a CF on the casting roll (R2, R3).
	PCastCritical float64 `json:"p_cast_critical"`
	PCastCF       float64 `json:"p_cast_critical_failure"`
	// PDefenceCF: the target's defence roll is a CF.
	PDefenceCF float64 `json:"p_defence_critical_failure"`
	// ExpectedDefenceAP is the AP the target spends on its defence.
	ExpectedDefenceAP float64 `json:"expected_defence_ap"`
	// PCasterMastery: the caster spends an esoteric mastery die (R4).
	PCasterMastery float64 `json:"p_caster_mastery"`
	// Automatic: the target is Responsive to the spell's way, the spell takes
	// effect with no roll. Immune: the target has Immunity to the way.
	Automatic bool `json:"automatic,omitempty"`
	Immune    bool `json:"immune,omitempty"`
	// Effect is the category of the chosen difficulty's effect; AmountPMF[k] is
	// the probability that the spell deals, heals or gives back k HP (k = 0
	// includes a failed cast), after armour for damage; nil for effects with no
	// amount.
	Effect         profiles.SpellEffect `json:"effect"`
	AmountPMF      []float64            `json:"amount_pmf,omitempty"`
	ExpectedAmount float64              `json:"expected_amount"`
	Exact          bool                 `json:"exact"`
	Truncated      float64              `json:"truncated_mass,omitempty"`
	Warnings       []error              `json:"-"`
}

// Check returns an error naming the rule when the cast cannot happen as given.
func (c *Cast) Check() error {
	if c.Caster == nil || c.Target == nil || c.Spell == nil {
		return errors.New("sim: a cast needs a caster, a target and a spell")
	}
	p, s := c.Caster.Profile, c.Spell
	m := p.Magic
	if m == nil || m.Way == "" {
		return ruleErr("skills.md 4.1", "%s is not a caster: it masters no path of magic (a Safar that masters no way casts nothing)", p.ID)
	}
	if s.Kind != profiles.GenericSpell && !p.Masters(s.Way) {
		return ruleErr("seed 000 line 1466", "%s is a spell of the way %s; %s masters %s", s.ID, s.Way, p.ID, m.Way)
	}
	if !s.AllowedTo(p) {
		return ruleErr("spell card", "%s is reserved to %v", s.ID, s.ReservedTo)
	}
	if _, ok := s.Level(c.Difficulty); !ok {
		return ruleErr("seed 000 line 1506", "%s has no difficulty %d (its difficulties: %v)", s.ID, c.Difficulty, s.Difficulties())
	}
	if c.AP < 1 || c.AP > 3 {
		return ruleErr("seed 000 lines 1428-1444", "a cast is quick (1 AP), basic (2 AP) or complex (3 AP), not %d AP", c.AP)
	}
	if c.AP > c.Caster.AP {
		return ruleErr("R14", "%s has %d AP, the %s incantation costs %d", p.ID, c.Caster.AP, Incantation(c.AP), c.AP)
	}
	self := c.self()
	switch s.Target {
	case profiles.TargetSelf:
		if !self {
			return ruleErr("spell card: target", "%s targets the caster only, not %s", s.ID, c.Target.Name())
		}
	case profiles.TargetAlly:
		if !c.Allied {
			return ruleErr("spell card: target", "%s targets an ally, %s is an enemy", s.ID, c.Target.Name())
		}
	case profiles.TargetEnemy:
		if c.Allied {
			return ruleErr("spell card: target", "%s targets an enemy, %s is an ally", s.ID, c.Target.Name())
		}
	}
	if d := c.Defence; d != nil {
		switch {
		case c.allied() && *d > 0:
			return ruleErr("seed 000 line 1448", "an allied target declines to defend here")
		case *d < 0 || *d > 3:
			return ruleErr("seed 000 line 1452", "a defence against a spell spends 0 to 3 AP, not %d", *d)
		case *d > c.Target.AP:
			return ruleErr("R14", "%s has %d AP left, the defence costs %d", c.Target.Name(), c.Target.AP, *d)
		}
	}
	return nil
}

// self reports whether the caster targets itself.
func (c *Cast) self() bool {
	return !c.enemy && (c.Target == c.Caster || c.Target.Profile == c.Caster.Profile)
}

// allied reports whether the target is on the caster's side: an ally, or itself.
func (c *Cast) allied() bool { return c.Allied || c.self() }

// castPlan is a checked cast with everything that does not depend on the dice.
type castPlan struct {
	c     *Cast
	level profiles.SpellLevel
	// mod is the casting modifier: AP x I plus the way bonus; need the total the
	// roll must reach.
	mod, need int
	// auto and immune: Responsive and Immunity of the target.
	auto, immune bool
	pool         dice.Pool // the casting roll, without its mastery reroll
	mastery      bool      // an esoteric die is available to the caster
	// defence pools by AP (0-3) and mastery threshold (0-9), with their tails.
	defPool  [4]dice.Pool
	defMod   [4]int
	defOK    [4]bool
	defTails [4][10]*splitTail
	defMast  bool
	// defMaster: the target has Master X (esoteric) and DefenceMastery is set
	// (sim/magic_master.go); defTailsX are its defence tails by AP, esoteric
	// die available (0, 1) and threshold, nil without it.
	defMaster bool
	defTailsX *[4][2][10]*splitTail
	// amount is the distribution of the amount on success (after armour), nil
	// when the effect has none; harm weighs a failed defence.
	amount []float64
	harm   float64
	// amount dice and armour, for the sampler.
	amtN, amtSides, amtPlus int
	armour                  *profiles.ArmourStats
	boxes                   int
	// memo: its P(success) by state, shared by the engines (sim/cast_memo.go).
	memo pSuccessMemo
}

func hasField(ms []Fields, f Fields) bool {
	for _, m := range ms {
		if m&f != 0 {
			return true
		}
	}
	return false
}

func (c *Cast) plan() (*castPlan, error) {
	if err := c.Check(); err != nil {
		return nil, err
	}
	pl := &castPlan{c: c}
	pl.level, _ = c.Spell.Level(c.Difficulty)
	cs, ts := c.Caster.Stats(), c.Target.Stats()
	way := c.Caster.Profile.Magic.Way
	if c.Spell.Way == way || c.Spell.Way == "" {
		pl.mod = c.AP*cs.I + c.Battlefield.WayBonus(way)
	} else {
		// Affinity or Archimage: no casting bonus from another way (skills.md
		// "affinite", "archimage").
		pl.mod = c.AP * cs.I
	}
	pl.need = c.Difficulty
	tp := c.Target.Profile
	if c.allied() {
		if sk, ok := tp.Skill(profiles.SkillHermeticism); ok {
			pl.need += sk.Value // skills.md "hermetisme": friendly spells +X difficulty
		}
	}
	if sk, ok := tp.Skill(profiles.SkillResponsive); ok && c.Spell.Way != "" && profiles.Way(sk.Text) == c.Spell.Way {
		pl.auto = true
	}
	if sk, ok := tp.Skill(profiles.SkillImmunity); ok && c.Spell.Way != "" && profiles.Way(sk.Text) == c.Spell.Way {
		pl.immune = true
	}
	caster := c.Caster
	pl.pool = dice.Pool{Dice: caster.Dice, CritFrom: 10, CFMax: 1, RerollBonus: caster.rerollBonus(FieldEsoteric)} // a charm (sim/items.go)
	if caster.Skills.heroicOn(c.Spell.Way) {
		pl.pool.Dice++
	}
	if caster.Skills.specialistOn(c.Spell.Way) {
		pl.pool.CFMax = 0
	}
	// A passed last-Safar temerity test lowers its casting roll's CH
	// threshold (seed 004 lines 1231-1232; sim/cast_bold.go).
	pl.pool.CritFrom = caster.criticalFace(10, pl.pool.CFMax)
	pl.mastery = c.Reroll && hasField(caster.Mastery, FieldEsoteric)
	if pl.mastery {
		// R4: reroll a kept face whose total would not reach the difficulty.
		pl.pool.Reroll = min(max(pl.need-pl.mod-1, pl.pool.CFMax), 9)
	}
	if c.Reroll && caster.Skills.masterOn(c.Spell.Way) {
		pl.pool.RerollAll = min(max(pl.need-pl.mod-1, pl.pool.CFMax), 9)
	}
	// Defence: k x I + 1D10 at k AP (seed 000 line 1452), Awakened +I, Hermeticism
	// +X, quick -2, complex +2 (seed 000 lines 1432, 1444).
	tgt := c.Target
	extra := 0
	if _, ok := tp.Skill(profiles.SkillAwakened); ok {
		extra += ts.I
	}
	if sk, ok := tp.Skill(profiles.SkillHermeticism); ok {
		extra += sk.Value
	}
	switch c.AP {
	case 1:
		extra -= 2
	case 3:
		extra += 2
	}
	pl.defMast = c.DefenceMastery && hasField(tgt.Mastery, FieldEsoteric)
	for k := range 4 {
		// catalogue.md 4.5: a target whose card does not print I defends
		// with the die alone (reflex), engaging no I.
		pl.defOK[k] = k <= tgt.AP && !c.allied() && (k == 0 || !tp.NotPrinted.Has(profiles.I))
		if c.Defence != nil {
			pl.defOK[k] = k == *c.Defence && !c.allied() && (k == 0 || !tp.NotPrinted.Has(profiles.I))
		}
		p := dice.Pool{Dice: tgt.Dice, CritFrom: 10, CFMax: 1, RerollBonus: tgt.rerollBonus(FieldEsoteric)} // a charm (sim/items.go)
		if tgt.Skills.heroicOn(c.Spell.Way) {
			p.Dice++
		}
		if tgt.Skills.specialistOn(c.Spell.Way) {
			p.CFMax = 0
		}
		p.CritFrom = tgt.criticalFace(10, p.CFMax) // its spell defence too (sim/cast_bold.go)
		pl.defPool[k] = p
		pl.defMod[k] = k*ts.I + extra
		for thr := range 10 {
			q := p
			q.Reroll = thr
			pl.defTails[k][thr] = sharedDefTail(q) // sim/magic_tails.go
		}
	}
	pl.initDefMaster() // sim/magic_master.go
	pl.harm = 1
	if pl.level.Effect.HasAmount() && pl.level.Amount != nil {
		a := pl.level.Amount
		pl.amtN, pl.amtSides, pl.amtPlus = a.N, a.Sides, a.Plus
		raw := diceDist(a.N, a.Sides, a.Plus)
		pl.amount = raw
		if pl.level.Effect == profiles.EffectDamage && !pl.level.IgnoresArmour && tgt.Armour != nil && tgt.ArmourBoxes > 0 {
			pl.armour, pl.boxes = tgt.Armour, tgt.ArmourBoxes
			faces := armourFaces(tgt, c.Variant)
			out := make([]float64, len(raw))
			for v, q := range raw {
				for f := 1; f <= 10; f++ {
					taken, _ := spellArmour(pl.armour, pl.boxes, v, f)
					out[taken] += q * faces[f]
				}
			}
			pl.amount = out
		}
		if pl.level.Effect == profiles.EffectDamage && anySource(tgt) > 0 {
			// A card's any_source reduction after the armour (skills.md
			// section 3 G, sim/wards.go), as engine.hurtFrom in fights.
			out := make([]float64, len(pl.amount))
			for v, q := range pl.amount {
				out[wardTaken(tgt, v, false)] += q
			}
			pl.amount = out
		}
		pl.harm = 0
		for v, q := range pl.amount {
			pl.harm += float64(v) * q
		}
	}
	return pl, nil
}

// defThreshold returns the target's mastery reroll threshold for a defence of k
// AP against total t (R4, R5: it knows the total): faces that do not reach t.
func (pl *castPlan) defThreshold(k, t int, ch bool) int {
	return pl.defThresholdIn(k, t, ch, pl.defMast)
}

// stop returns the probability that a defence of k AP stops a cast of total t.
func (pl *castPlan) stop(k, t int, ch bool) float64 {
	return pl.stopIn(k, t, ch, pl.defMast, pl.defMaster)
}

// defend returns the AP of the target's defence against total t (R5: it knows
// the total): the legal choice with the least expected harm plus AP spent times
// APValue, ties to the cheaper; -1 when it does not defend (an ally).
func (pl *castPlan) defend(t int, ch bool) int {
	best, bestV := -1, 0.0
	for k := range 4 {
		if !pl.defOK[k] {
			continue
		}
		v := (1-pl.stop(k, t, ch))*pl.harm + float64(k)*pl.c.APValue
		if best < 0 || v < bestV-1e-12 {
			best, bestV = k, v
		}
	}
	return best
}

// Exact returns the exact distribution of the cast's outcome; explosions are
// followed until the remaining mass is below dice.Cutoff.
func (c *Cast) Exact() (*CastResult, error) {
	pl, err := c.plan()
	if err != nil {
		return nil, err
	}
	res := &CastResult{Exact: true, Effect: pl.level.Effect}
	succeed := func(w float64, ch bool) {
		res.PSuccess += w
		if ch {
			res.PCriticalSuccess += w
		}
	}
	switch {
	case pl.immune:
		res.Immune = true
	case pl.auto:
		res.Automatic = true
		res.PReached = 1
		succeed(1, false)
	default:
		split := pl.pool.SplitDist()
		total := 0.0
		for used, d := range split {
			res.PCastCF += d.CF
			res.PCastCritical += d.PCrit()
			if used == 1 {
				res.PCasterMastery += d.CF + d.PCrit() + sum(d.Plain)
			}
			total += d.CF
			for ch, vals := range [2][]float64{d.Plain, d.Crit} {
				for v, q := range vals {
					total += q
					t := v + pl.mod
					if q == 0 || t < pl.need {
						continue
					}
					res.PReached += q
					k := pl.defend(t, ch == 1)
					if k < 0 {
						succeed(q, ch == 1)
						continue
					}
					tl := pl.defTail(k, t, ch == 1, pl.defMast, pl.defMaster)
					res.ExpectedDefenceAP += q * float64(k)
					res.PDefenceCF += q * tl.cf
					succeed(q*(1-stopProb(c.Variant, tl, t, pl.defMod[k], ch == 1, false)), ch == 1)
				}
			}
		}
		res.Truncated = max(1-total, 0)
	}
	if pl.amount != nil {
		res.AmountPMF = make([]float64, len(pl.amount))
		res.AmountPMF[0] = 1 - res.PSuccess
		for v, q := range pl.amount {
			res.AmountPMF[v] += res.PSuccess * q
			res.ExpectedAmount += res.PSuccess * q * float64(v)
		}
		res.AmountPMF = trimPMF(res.AmountPMF)
	}
	res.Warnings = c.warnings()
	return res, nil
}

func sum(p []float64) float64 {
	s := 0.0
	for _, q := range p {
		s += q
	}
	return s
}

// warnings says what a single cast leaves out: an effect with no amount
// beyond whether it applies (fights play it when Spell.Played, sim/magic_effects.go,
// and name it not modelled otherwise).
func (c *Cast) warnings() []error {
	l, _ := c.Spell.Level(c.Difficulty)
	var w []error
	if !l.Effect.HasAmount() {
		if c.Spell.Played(l) {
			w = append(w, fmt.Errorf("not modelled in a single cast: what the %s effect (%s) does beyond whether it applies (duels and skirmishes play it)", l.Effect, l.Text))
		} else {
			w = append(w, fmt.Errorf("not modelled: the %s effect (%s) beyond whether it applies, in fights too", l.Effect, l.Text))
		}
	}
	if l.Effect.HasAmount() && !c.Spell.Played(l) {
		w = append(w, fmt.Errorf("not modelled in fights: the %s effect (%s)", l.Effect, l.Text))
	}
	if l.Effect == profiles.EffectHealing {
		w = append(w, errors.New("healing is shown before the cap at the target's starting HP"))
	}
	return w
}

// CastOutcome is one sampled cast.
type CastOutcome struct {
	Success, Critical, Reached bool
	CastCF, DefenceCF          bool
	Mastery                    bool // the caster spent an esoteric die
	DefenceMastery             bool // the target spent an esoteric die
	DefenceMaster              bool // the target used its Master X (esoteric) reroll
	Master                     bool // the caster used its Master X (esoteric) reroll
	DefenceAP                  int  // -1 when the target did not defend
	Amount                     int  // HP dealt, healed or given back
	Total, DefenceTotal        int
}

// CastSampler draws casts; it belongs to one goroutine.
type CastSampler struct {
	pl *castPlan
}

// NewSampler checks and prepares the cast for sampling.
func (c *Cast) NewSampler() (*CastSampler, error) {
	pl, err := c.plan()
	if err != nil {
		return nil, err
	}
	return &CastSampler{pl: pl}, nil
}

// Sample draws one cast with dice from r. It does not allocate.
func (sm *CastSampler) Sample(r *rand.PCG) CastOutcome {
	pl := sm.pl
	o := CastOutcome{DefenceAP: -1}
	switch {
	case pl.immune:
		return o
	case pl.auto:
		o.Reached, o.Success = true, true
	default:
		cr := pl.pool.Roll(r)
		o.CastCF, o.Critical, o.Mastery, o.Master = cr.Failure, cr.Critical, cr.Mastery, cr.MasterUse
		o.Total = cr.Value + pl.mod
		if cr.Failure || o.Total < pl.need {
			return o // R3: a CF never happened; below the difficulty the spell fails.
		}
		o.Reached = true
		k := pl.defend(o.Total, cr.Critical)
		o.DefenceAP = k
		if k < 0 {
			o.Success = true
			break
		}
		dp := pl.defRollPool(k, o.Total, cr.Critical, pl.defMast, pl.defMaster)
		dr := dp.Roll(r)
		o.DefenceCF, o.DefenceMaster = dr.Failure, dr.MasterUse
		o.DefenceTotal = dr.Value + pl.defMod[k]
		o.Success = succeeds(pl.c.Variant, cr, o.Total, dr, o.DefenceTotal, false)
	}
	if o.Success && pl.amount != nil {
		amt := max(dice.Roll(r, pl.amtN, pl.amtSides, pl.amtPlus), 0)
		if pl.armour != nil {
			face := armourFace(r, pl.c.Variant, pl.c.Target)
			amt, _ = spellArmour(pl.armour, pl.boxes, amt, face)
		}
		if pl.level.Effect == profiles.EffectDamage {
			amt = wardTaken(pl.c.Target, amt, false) // sim/wards.go
		}
		o.Amount = amt
	}
	return o
}

// armourFace rolls the armour die of f against a spell (R12): one d10, or its
// level dice keeping the best under the armour-level-dice option, and no other
// die.
func armourFace(r *rand.PCG, v Variant, f *Fighter) int {
	if v.ArmourLevelDice {
		return dice.Best(r, max(f.Profile.Level, 1))
	}
	return dice.D10(r)
}

// spellArmour returns the damage v of a spell left after armour rolled face
// (R12; a spell has no CH stature bonus, armour-piercing or armour-ignore),
// and the boxes ticked: armourParts, the one armour rule of the exchanges.
func spellArmour(a *profiles.ArmourStats, boxes, v, face int) (taken, ticked int) {
	base, crit, ticked := armourParts(a, boxes, v, 0, face, 0, true)
	return base + crit, ticked
}
