package sim

import (
	"errors"
	"fmt"
	"math/rand/v2"
)

// Split is an Ambidextrous 3 AP attack resolved as two 2 AP attacks, one per
// weapon, each defended (skills.md #21: "a 3 AP attack may be resolved
// instead as two successive 2 AP attacks, each weapon used once (two
// separate exchanges, each defended, each with its own damage and one
// effect)"). First and Second are the two exchanges, with the same attacker
// and defender but each its weapon and attack; the assault bonus goes to
// the first only (skills.md #21 "Open", R8a), so Second's Assault is
// ignored. The second exchange starts where the first left the defender and
// the attacker: AP left, dice and mastery dice, armour and shield boxes, a
// free reroll used, bleeding (Bloodlust), a daze or a stun, Harassment used.
// An attacker stunned by the first exchange's counter makes no second attack
// (R17; sim/counterstatus.go).
type Split struct {
	First, Second Exchange
}

// SplitResult is the exact outcome of a Split, or its sampled frequencies.
type SplitResult struct {
	// PFirst and PSecond are the probabilities that each attack succeeds (R6);
	// PCriticalFirst and PCriticalSecond that each is a CH and succeeds.
	PFirst          float64 `json:"p_first_success"`
	PSecond         float64 `json:"p_second_success"`
	PCriticalFirst  float64 `json:"p_first_critical_success"`
	PCriticalSecond float64 `json:"p_second_critical_success"`
	// ExpectedDamage and DamagePMF: the HP the defender loses to both attacks
	// (their free attacks included), after armour.
	ExpectedDamage float64   `json:"expected_damage"`
	DamagePMF      []float64 `json:"damage_pmf"`
	// ExpectedCounter and CounterPMF: the HP the attacker loses to counters.
	ExpectedCounter float64   `json:"expected_counter_damage"`
	CounterPMF      []float64 `json:"counter_damage_pmf"`
	// ExpectedDefenceAP is the AP the defender spends on both defences.
	ExpectedDefenceAP float64 `json:"expected_defence_ap"`
	// Truncated is the probability mass dropped by the explosion cutoff.
	Truncated float64 `json:"truncated_mass,omitempty"`
	Warnings  []error `json:"-"`
}

// check prepares both exchanges and checks that they make a split.
func (sp *Split) check() error {
	a, b := &sp.First, &sp.Second
	if a.Attacker == nil || b.Attacker == nil || a.Defender == nil || b.Defender == nil {
		return errors.New("sim: a split needs an attacker and a defender")
	}
	if !a.Attacker.Skills.Ambidextrous {
		return ruleErr("skills.md #21", "%s is not Ambidextrous", a.Attacker.Name())
	}
	for _, ex := range []*Exchange{a, b} {
		if ex.Attack.Kind != Melee || ex.Attack.AP != 2 || ex.Attack.Vivid || ex.Attack.Free {
			return ruleErr("skills.md #21", "a split is two 2 AP melee attacks, got %s", ex.Attack)
		}
	}
	if a.Attacker.Weapon == nil || b.Attacker.Weapon == nil || a.Attacker.Weapon == b.Attacker.Weapon {
		return ruleErr("skills.md #21", "a split uses each of two weapons once")
	}
	b.Assault = false
	if err := a.Prepare(); err != nil {
		return err
	}
	return b.Prepare()
}

// splitKey is what the second exchange's plan depends on beyond its state.
type splitKey struct {
	bleeding, dazed, stunned, harassed bool
}

// second returns the plan of the second exchange after a first that left
// the defender bleeding, dazed or stunned, or used Harassment.
func (sp *Split) second(plans map[splitKey]*plan, k splitKey) (*plan, error) {
	if pl, ok := plans[k]; ok {
		return pl, nil
	}
	ex := sp.Second
	if k.bleeding && !ex.Defender.Bleeding {
		d := *ex.Defender
		d.Bleeding = true // Bloodlust against it (skills.md #9)
		ex.Defender = &d
	}
	ex.DefenderDazed = ex.DefenderDazed || k.dazed
	ex.DefenderStunned = ex.DefenderStunned || k.stunned
	ex.HarassmentUsed = ex.HarassmentUsed || k.harassed
	if err := ex.Prepare(); err != nil {
		return nil, err
	}
	pl := ex.newPlan()
	plans[k] = pl
	return pl, nil
}

// keyOf returns the splitKey of the state s the first exchange ends in.
func (sp *Split) keyOf(s state) splitKey {
	return splitKey{bleeding: s.bleeding > 0, dazed: s.dazed, stunned: s.stunned, harassed: s.harassed}
}

// carry returns s2, the second exchange's initial state, with what the
// first exchange changed (s1) carried over.
func carry(s2, s1 state) state {
	s2.defAP, s2.defDice, s2.defMastery = s1.defAP, s1.defDice, s1.defMastery
	s2.attDice, s2.attMastery = s1.attDice, s1.attMastery
	s2.armour, s2.shield, s2.attArmour = s1.armour, s1.shield, s1.attArmour
	s2.attMaster = s2.attMaster && s1.attMaster // once per turn
	s2.defMaster = s2.defMaster && s1.defMaster
	s2.attTools &= s1.attTools // a dice-tool reroll or forced reroll spent in the first
	s2.defTools &= s1.defTools
	return s2
}

// Exact returns the exact distribution of the split's outcome: the first
// exchange's final states, each followed by the second exchange from where
// it left the two Safars (both computed as Exchange.Exact does).
func (sp *Split) Exact() (*SplitResult, error) {
	if err := sp.check(); err != nil {
		return nil, err
	}
	pl1 := sp.First.newPlan()
	// The first exchange's final states live in pl1's scratch, kept until
	// they are read.
	pl1.sc = scratchPool.Get().(*exactScratch)
	defer func() { scratchPool.Put(pl1.sc); pl1.sc = nil }()
	r1 := &Result{}
	cur := pl1.finalStates(pl1.initial(), r1)
	res := &SplitResult{PFirst: r1.PSuccess, PCriticalFirst: r1.PCriticalSuccess}
	plans := map[splitKey]*plan{}
	type memoKey struct {
		k splitKey
		s state
	}
	memo := map[memoKey]*Result{}
	total := 0.0
	for i, s1 := range cur.keys {
		ac := cur.accs[i]
		if s1.attStatus.stunned() {
			// The first attack's counter stunned the attacker: it does
			// nothing more, no second attack (R17; sim/counterstatus.go).
			res.ExpectedDefenceAP += ac.mass * float64(s1.defSpent)
			res.DamagePMF = convolveInto(res.DamagePMF, ac.dmg, []float64{1})
			res.CounterPMF = convolveInto(res.CounterPMF, ac.ctr, []float64{1})
			total += ac.mass
			continue
		}
		k := sp.keyOf(s1)
		pl2, err := sp.second(plans, k)
		if err != nil {
			return nil, fmt.Errorf("sim: ambidextrous split, second attack %s: %w", sp.Second.Attack, err)
		}
		s2 := carry(pl2.initial(), s1)
		r2, ok := memo[memoKey{k, s2}]
		if !ok {
			r2 = pl2.exactFrom(s2)
			memo[memoKey{k, s2}] = r2
		}
		res.PSecond += ac.mass * r2.PSuccess
		res.PCriticalSecond += ac.mass * r2.PCriticalSuccess
		res.ExpectedDefenceAP += ac.mass * (float64(s1.defSpent) + r2.ExpectedDefenceAP)
		res.DamagePMF = convolveInto(res.DamagePMF, ac.dmg, r2.DamagePMF)
		res.CounterPMF = convolveInto(res.CounterPMF, ac.ctr, r2.CounterPMF)
		total += ac.mass * (1 - r2.Truncated)
	}
	res.Truncated = max(1-total, 0)
	for k, q := range res.DamagePMF {
		res.ExpectedDamage += float64(k) * q
	}
	for k, q := range res.CounterPMF {
		res.ExpectedCounter += float64(k) * q
	}
	res.DamagePMF, res.CounterPMF = trimPMF(res.DamagePMF), trimPMF(res.CounterPMF)
	// The exchanges' own warnings are those of each attack alone (kharn odds
	// prints them under its table); a split adds its reading.
	res.Warnings = []error{errors.New("Ambidextrous split: the defender's first defence is its best response to the first attack alone (R5), what it keeps then meets the second")}
	return res, nil
}

// convolveInto adds the convolution of a and b to dst and returns it.
func convolveInto(dst, a, b []float64) []float64 {
	if n := len(a) + len(b) - 1; len(dst) < n {
		dst = append(dst, make([]float64, n-len(dst))...)
	}
	for i, x := range a {
		if x == 0 {
			continue
		}
		for j, y := range b {
			dst[i+j] += x * y
		}
	}
	return dst
}

// SplitSampler draws splits. It belongs to one goroutine.
type SplitSampler struct {
	sp    *Split
	pl1   *plan
	plans map[splitKey]*plan
}

// NewSampler checks and prepares the split for sampling.
func (sp *Split) NewSampler() (*SplitSampler, error) {
	if err := sp.check(); err != nil {
		return nil, err
	}
	return &SplitSampler{sp: sp, pl1: sp.First.newPlan(), plans: map[splitKey]*plan{}}, nil
}

// Sample draws one split with dice from r: the first exchange, then the
// second from the state the first left. The outcomes of each are returned.
func (sm *SplitSampler) Sample(r *rand.PCG) (first, second Outcome) {
	s1 := sampleFrom(sm.pl1, r, sm.pl1.initial(), &first)
	if s1.attStatus.stunned() {
		return first, second // stunned by a counter: no second attack (R17)
	}
	pl2, err := sm.sp.second(sm.plans, sm.sp.keyOf(s1))
	if err != nil {
		panic("sim: split sampler: " + err.Error()) // check prepared every variant's exchange
	}
	sampleFrom(pl2, r, carry(pl2.initial(), s1), &second)
	return first, second
}

// sampleFrom draws one exchange of pl from state s into o (as
// Sampler.Sample does) and returns the state it ends in.
func sampleFrom(pl *plan, r *rand.PCG, s state, o *Outcome) state {
	s = pl.sampleAttack(r, s, false, o)
	for s.pending > 0 {
		s = pl.sampleAttack(r, s, true, o)
	}
	o.Bleeding = int(s.bleeding)
	o.Dazed, o.Stunned, o.Feared = s.dazed, s.stunned, s.flag(stFeared)
	o.AttackerBleeding = s.attStatus.bleeding() // sim/counterstatus.go
	o.AttackerDazed, o.AttackerStunned = s.attStatus.dazed(), s.attStatus.stunned()
	o.DefenceAP = int(s.defSpent)
	return s
}
