package sim

import (
	"sort"

	"github.com/kharn-ages/kharn/profiles"
)

// Option is one legal attack with its exact result against the defender's best
// response (or the fixed defence of the policy).
type Option struct {
	Attack Attack
	Result *Result
}

// PerAP returns the expected damage per AP spent by the attacker.
func (o Option) PerAP() float64 { return o.Result.ExpectedPerAP(o.Attack, 0) }

// Attacks lists the attacks the attacker of ex can announce with the weapon in
// hand (R7, R9, R18), effects not yet chosen: melee attacks of 1-3 AP (or shots
// with a shooting weapon) with every legal multiset of characteristics, and the
// special attacks of its card.
func (ex *Exchange) Attacks() []Attack {
	att := ex.Attacker
	var out []Attack
	kind, from := Melee, []Char{V, P, A, C}
	if att.Weapon != nil && att.Weapon.Kind == profiles.KindRanged {
		kind, from = Shot, []Char{V, A}
	}
	for ap := 1; ap <= min(3, att.AP); ap++ {
		for _, cs := range combos(from, ap) {
			a := Attack{Kind: kind, AP: ap, Chars: cs}
			trial := *ex
			trial.Attack = a
			if trial.Prepare() != nil {
				continue
			}
			out = append(out, trial.Attack)
			if v := trial.Attack; att.Skills.Vivacity && kind == Melee && ap >= 2 && cs.Has(A) && ap+1 <= att.AP {
				v.Vivid = true // skills.md #33: its effects, with A, chosen later
				out = append(out, v)
			}
		}
	}
	if att.AP >= 2 {
		for _, k := range []struct {
			kind Kind
			has  bool
		}{{Bunt, att.Skills.Bunt}, {Bite, att.Skills.Bite}, {Trample, att.Skills.Trample}} {
			if !k.has {
				continue
			}
			a := Attack{Kind: k.kind, AP: 2}
			if k.kind == Trample {
				a.Chars = CharsOf(C, C)
			} else {
				// R18: two characteristics of the attacker's choice; it takes its best two.
				a.Chars = bestTwo(att.Profile)
			}
			if printed(att.Profile, a.Chars) {
				out = append(out, a)
			}
		}
		for i, ca := range att.Profile.SpecialAttacks {
			a := Attack{Kind: Card, AP: 2, Chars: cardChars(&ca), CardIndex: uint8(i)}
			if printed(att.Profile, a.Chars) {
				out = append(out, a) // sim/cardattack.go
			}
		}
	}
	return out
}

// bestTwo returns the two highest of V, P, A, C printed on p's card (distinct
// characteristics, V, P, A, C order on ties); with one printed, it twice (R7:
// a characteristic may be engaged twice; catalogue.md 4.5: one not printed
// cannot be).
func bestTwo(p *profiles.Profile) Chars {
	st := p.Stats
	cs := make([]Char, 0, 4)
	for _, c := range []Char{V, P, A, C} {
		if !p.NotPrinted.Has(c) {
			cs = append(cs, c)
		}
	}
	sort.SliceStable(cs, func(i, j int) bool { return st.Get(cs[i]) > st.Get(cs[j]) })
	switch len(cs) {
	case 0:
		return Chars{}
	case 1:
		return CharsOf(cs[0], cs[0])
	}
	return CharsOf(cs[0], cs[1])
}

// effectChoices lists the effect multisets a can apply (R9, R10): none, or up to
// AP-1 effects drawn from the engaged characteristics, minus the weapon's
// forbidden ones; shots only V and A.
func (ex *Exchange) effectChoices(a Attack) []Chars {
	out := []Chars{{}}
	if a.Vivid {
		out = out[:0] // Vivacity is used on an A effect (skills.md #33)
	}
	if a.AP < 2 || a.Kind.Special() {
		return out
	}
	for n := 1; n <= a.AP-1; n++ {
		var distinct []Char
		vvPower := ex.vvPower(a) // its card: P in place of a V (sim/ownrules.go)
		for _, c := range []Char{V, P, A, C} {
			if a.Chars.Has(c) || c == P && vvPower {
				distinct = append(distinct, c)
			}
		}
		for _, e := range combos(distinct, n) {
			if !ex.effectsLegal(withEffects(a, e)) {
				continue
			}
			trial := *ex
			trial.Attack = a
			trial.Attack.Effects = e
			if trial.Check() != nil {
				continue
			}
			out = append(out, e)
		}
	}
	return out
}

// BestEffects returns a with the effects that maximise the expected damage against
// the defender's response (ties go to fewer effects), with that result.
func (ex *Exchange) BestEffects(a Attack) (Attack, *Result, error) {
	best, _, err := ex.bestEffects(a)
	return best.attack, best.res, err
}

// effectResult is the exact result of one effect choice of an attack, with the
// plan that computed it.
type effectResult struct {
	attack Attack // prepared, its effects set
	res    *Result
	pl     *plan
}

// bestEffects is BestEffects that also returns the plan of the best choice
// (for exactByAPFrom) and the result of every effect choice, in the order of
// effectChoices, for positionalOf.
func (ex *Exchange) bestEffects(a Attack) (effectResult, []effectResult, error) {
	var best effectResult
	var all []effectResult
	var sh candShare // the candidate defences do not depend on the effects
	for _, e := range ex.effectChoices(a) {
		trial := *ex
		trial.Attack = a
		trial.Attack.Effects = e
		// trial.Exact(), the candidates shared.
		if err := trial.Prepare(); err != nil {
			return effectResult{attack: a}, nil, err
		}
		pl := trial.newPlanShared(&sh)
		c := effectResult{trial.Attack, pl.exact(), pl}
		trial.onSuccess(c.res) // poison, fire, frostbite: as Exact
		all = append(all, effectResult{attack: c.attack, res: c.res})
		if best.res == nil || c.res.ExpectedDamage > best.res.ExpectedDamage+1e-12 {
			best = c
		}
	}
	if best.res == nil {
		r, err := noEffectChoice(ex, a)
		return r, nil, err
	}
	return best, all, nil
}

// positionalOf returns, among the effect choices of one attack that bestEffects
// computed, the attack with the effects of best expected damage among those that
// include eff (V or C), and that damage; false when none is legal. It chooses
// what computing those exchanges again would (a fifth of a cold Duel.NewPlayer
// did that, issue #13).
func positionalOf(all []effectResult, eff Char) (Attack, float64, bool) {
	var best Attack
	bv, ok := 0.0, false
	for _, c := range all {
		if !c.attack.Effects.Has(eff) {
			continue
		}
		if !ok || c.res.ExpectedDamage > bv+1e-12 {
			best, bv, ok = c.attack, c.res.ExpectedDamage, true
		}
	}
	return best, bv, ok
}

// Options returns every legal attack of ex's attacker with its best effects and
// exact result, sorted by expected damage per AP, highest first.
func (ex *Exchange) Options() ([]Option, error) {
	var out []Option
	for _, a := range ex.Attacks() {
		best, res, err := ex.BestEffects(a)
		if err != nil {
			continue // not legal against this defence
		}
		out = append(out, Option{Attack: best, Result: res})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].PerAP() > out[j].PerAP() })
	return out, nil
}

// noEffectChoice is the attack a with no effect choice computed (none was
// legal), for bestEffects and bestEffectsLean.
func noEffectChoice(ex *Exchange, a Attack) (effectResult, error) {
	trial := *ex
	trial.Attack = a
	if err := trial.Prepare(); err != nil {
		return effectResult{attack: trial.Attack}, err
	}
	pl := trial.newPlan()
	return effectResult{trial.Attack, pl.exact(), pl}, nil
}
