package sim

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/kharn-ages/kharn/profiles"
)

// readMoreSkill reads the skills of skills.md #21, #33, #41 and #47 into s
// (ReadSkills' other cases). Ambidextrous and Bulky are fight rules: they
// stay in Skills.Other for a single exchange, as Savage does.
func readMoreSkill(s *Skills, sk profiles.Skill) {
	switch sk.Name {
	case profiles.SkillAmbidextrous:
		s.Ambidextrous = true
	case profiles.SkillVivacity:
		s.Vivacity = true
	case profiles.SkillMasterArcher:
		s.MasterArcher = true
	case profiles.SkillBulky:
		s.Bulky = true
	}
}

// ap returns the AP an option costs before a daze: its attack's, or 3 for an
// Ambidextrous split (skills.md #21: "a 3 AP attack may be resolved instead as
// two successive 2 AP attacks").
func (o *fightOption) ap() int {
	if o.split > 0 {
		return 3
	}
	return o.attack.apCost()
}

// apCost returns the AP a needs: its AP, plus 1 per A effect with Vivacity
// (skills.md #33; paid only when the free attack is made, so a fight keeps
// them for it and gives back what was not spent). A pointer receiver: the
// copy of a value receiver stalled the planner's cost of every option on
// reading Vivid back (perf annotate of BenchmarkSkirmish, issue #13).
func (a *Attack) apCost() int {
	if a.Vivid {
		return a.AP + a.Effects.Count(A)
	}
	return a.AP
}

// splitOptions appends to out, the options of kind att against kind def, the
// Ambidextrous splits (skills.md #21): a Safar with the skill and a weapon in
// each hand may resolve a 3 AP attack as two 2 AP attacks, each weapon used
// once, two exchanges each defended. For each order of the two weapons it
// pairs the 2 AP attack of each that leaves the most expected damage net of
// counters summed over the AP the defender may hold (as the defender's
// weapon is chosen, options), among those with no V or C effect
// (a repel or a free move would take the second attack out of reach), and
// only when the second weapon reaches as far as the first. The assault bonus
// goes to the first attack only (skills.md #21 "Open", recommended reading:
// R8a gives it to the first melee attack of the activation).
//
// Its figures add the first attack's, computed exactly, and the second's
// against the AP the defender has left, weighted by the exact distribution of
// the AP it spends on the first (Result.DefenceAPPMF); what else the first
// exchange changes (armour boxes, mastery dice, a daze) is not carried into
// the figures, only into the play. Its kill probabilities convolve the first
// attack's damage with the second's, taken as independent given the AP left.
// The policies then weigh the split against every other 3 AP plan, by the
// same expected figures (planDP).
func (e *engine) splitOptions(out []fightOption, att, def int) ([]fightOption, error) {
	f, df := e.kinds[att], e.kinds[def]
	if !f.Skills.Ambidextrous || f.Offhand == nil || f.Melee == nil {
		return out, nil
	}
	full := min(df.AP, 7)
	best := func(w *profiles.Equipment) int {
		b, bv := -1, math.Inf(-1)
		for i := range out {
			o := &out[i]
			a := o.attack
			if o.weapon != w || o.shot || o.pos != posNone || o.split > 0 || a.Kind != Melee || a.AP != 2 || a.Vivid ||
				a.Effects.Has(V) || a.Effects.Has(C) {
				continue
			}
			v := 0.0
			for k := 0; k <= full; k++ {
				v += o.dmg[bandEffective][k] - o.ctr[bandEffective][k]
			}
			if v > bv+1e-12 {
				b, bv = i, v
			}
		}
		return b
	}
	for n, pair := range [2][2]*profiles.Equipment{{f.Melee, f.Offhand}, {f.Offhand, f.Melee}} {
		if pair[1].Effects.Reach < pair[0].Effects.Reach || n == 1 && f.Offhand == f.Melee {
			continue // two copies of one weapon: one split (profiles/copies.go)
		}
		i1, i2 := best(pair[0]), best(pair[1])
		if i1 < 0 || i2 < 0 {
			continue
		}
		sp, err := e.splitOption(&out[i1], &out[i2], att, def)
		if err != nil {
			return nil, err
		}
		sp.split = int16(i2 + 1)
		out = append(out, sp)
	}
	return out, nil
}

// splitOption returns the figures of the split of o1 then o2 (splitOptions).
func (e *engine) splitOption(o1, o2 *fightOption, att, def int) (fightOption, error) {
	sp := *o1
	df := e.kinds[def]
	sp.kill = o1.kill.clone() // its effective band is written below
	sp.far = false            // its figures are those of contact (sim/reach.go)
	base := e.exchange(att, def, o1.weapon, o1.attack)
	if o1.defWeapon != nil {
		base.Defender = base.Defender.WithWeapon(o1.defWeapon)
	}
	const b = bandEffective
	for k := 0; k <= min(df.AP, 7); k++ {
		ex := base
		d := *ex.Defender
		d.AP = k
		ex.Defender = &d
		r1, err := ex.Exact()
		if err != nil {
			return sp, fmt.Errorf("sim: duel option %s (ambidextrous split): %w", o1.attack, err)
		}
		var dmg, ctr, spent float64
		var tail [killHP]float64 // P(second attack's damage >= h), mixed over the AP left
		for s, ps := range r1.DefenceAPPMF {
			if ps == 0 {
				continue
			}
			k2 := max(k-s, 0)
			dmg += ps * o2.dmg[b][k2]
			ctr += ps * o2.ctr[b][k2]
			spent += ps * o2.def[b][k2]
			for h := range killHP {
				tail[h] += ps * float64(o2.kill.at(b, k2, h))
			}
		}
		sp.dmg[b][k] = o1.dmg[b][k] + dmg
		sp.ctr[b][k] = o1.ctr[b][k] + ctr
		sp.def[b][k] = o1.def[b][k] + spent
		for h := range killHP {
			p := 0.0
			for x, px := range r1.DamagePMF {
				if y := h - x; y <= 0 {
					p += px
				} else {
					p += px * tail[y]
				}
			}
			sp.kill.set(b, k, h, float32(min(p, 1)))
		}
	}
	for k := df.AP + 1; k < 8; k++ {
		sp.dmg[b][k], sp.ctr[b][k], sp.def[b][k] = sp.dmg[b][k-1], sp.ctr[b][k-1], sp.def[b][k-1]
	}
	return sp, nil
}

// splitSecond plays the second attack of an Ambidextrous split opt of Safar i
// against Safar j, its AP paid with the first: unless either is out of the
// fight, i is on the ground, or j is out of the second weapon's reach.
func (e *engine) splitSecond(r *rand.PCG, i, j int, opt *fightOption) {
	c, o := &e.c[i], &e.c[j]
	k := int(opt.split) - 1
	second := &e.opts[c.kind][o.kind][k]
	if !c.fit() || c.ground || !o.inPlay() || e.gap(i, j) > e.reachOf(i, second)+1e-9 {
		return
	}
	if e.trace != nil {
		e.tracef("  %s strikes again with its other weapon (Ambidextrous)\n", e.name(i))
	}
	band := bandEffective
	if e.beyondCounter(i, j, second) {
		band = bandFar // sim/reach.go
	}
	e.strike(r, i, j, k, second, false, band, 0, 0)
}

// vividSuffix marks an attack whose A effects' free attacks use Vivacity, in
// the attack specs of --attack and Attack.String.
const vividSuffix = "+vivacity"

// checkVivid returns an error naming skills.md #33 when a main attack asks
// for Vivacity and cannot use it: the attacker has the skill, the attack is
// a melee attack with an A effect (Vivacity adds a characteristic to "the
// free basic attack"), and the attacker has the AP of the attack plus 1 per A
// effect (R14).
func (ex *Exchange) checkVivid() error {
	a := ex.Attack
	if !a.Vivid || a.Free {
		return nil
	}
	att := ex.Attacker
	n := a.Effects.Count(A)
	switch {
	case !att.Skills.Vivacity:
		return ruleErr("skills.md #33", "%s does not have Vivacity", att.Name())
	case a.Kind != Melee:
		return ruleErr("skills.md #33", "Vivacity adds a characteristic to the free basic attack of a melee attack, not of a %s", a.Kind)
	case n == 0:
		return ruleErr("skills.md #33", "Vivacity is used on the free attack of an A effect: %s has none", a)
	case a.AP+n > att.AP:
		return ruleErr("R14", "%s has %d AP, the attack and its Vivacity cost %d", att.Name(), att.AP, a.AP+n)
	}
	return nil
}

// vividRefund gives Safar i back the Vivacity AP of option opt it kept for
// free attacks that were not made (the main attack failed): free were made.
func (e *engine) vividRefund(i int, opt *fightOption, free int) {
	if !opt.attack.Vivid {
		return
	}
	back := max(opt.attack.Effects.Count(A)-free, 0)
	e.c[i].ap += back
	e.c[i].spent -= back
}

// masterArcher returns the damage Master archer adds to a shot of f (skills.md
// #47, seed 000 line 1638: "1 more point of damage when attacking with a
// bow"): 1 with a bow in hand, a ranged weapon that shoots arrows
// (profiles.Equipment.IsBow; the catalogue's blowpipe shoots darts), else 0.
func masterArcher(f *Fighter) int {
	if f.Skills.MasterArcher && f.Weapon.IsBow() {
		return 1
	}
	return 0
}

// freeMoveOf returns how far Safar i moves for nV V effects of one exchange,
// and Harassment's when harassed (freeMove). Bulky (skills.md #41): one V
// effect moves it 0.5 toise, two or more in the same exchange V/2, not
// rounded ("Open": any two in the same exchange count, VV or V and
// Harassment; a defender's V counter and Survival instinct are one free move
// of the exchange, so 0.5 toise).
func (e *engine) freeMoveOf(i, nV int, harassed bool) float64 {
	if !e.c[i].f.Skills.Bulky {
		return freeMove(e.velocity(i), nV, harassed)
	}
	return bulkyMove(e.velocity(i), nV+b2i(harassed))
}

// bulkyMove returns the free move of a Bulky Safar of velocity v for n V
// effects in one exchange (skills.md #41).
func bulkyMove(v float64, n int) float64 {
	switch {
	case n <= 0:
		return 0
	case n == 1:
		return 0.5
	}
	return v / 2
}

// ambidextrousRiposte gives f Riposte when it is Ambidextrous and holds a
// weapon usable with one hand or both (hands: 1-2) in both hands: no shield
// and no second weapon in the other hand (skills.md #21: "with a weapon usable
// with one or two hands held in both hands, it gains Riposte").
func ambidextrousRiposte(f *Fighter) {
	if f.Skills.Ambidextrous && f.Melee != nil && f.Melee.Versatile && f.Shield == nil && f.Offhand == nil {
		f.Skills.Riposte = true
	}
}
