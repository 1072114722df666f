package sim

import (
	"math"
	"sort"
)

// An option table (engine.options) computed every effect choice of every
// attack exactly, to keep per AP the attacks of best expected damage and, for
// R10a, the best attack with a V effect and with a C effect. A V or C effect
// changes nothing the exact engine adds up but the flags of a move or a repel
// on a hit (hitEffects: moveAtt, repelDef; hitValue reads the damage only), so
// a choice with V or C effects has the expected damage of its base, the same
// effects without V and C, up to the order of the sums: 4.4e-16 at most over
// the 2 088 such choices of the embedded data's 4 958 (TestLeanBase), 42% of
// them and most of a cold Duel.NewPlayer (issue #13). Slender is the exception:
// each V effect raises the attack's total (Exchange.modifier).
//
// So the lean path computes a V or C choice only when the figures it picks
// could depend on it, and always exactly: the choices whose value is read are
// computed and compared as before, and a choice is left out only when its
// base's value shows, with leanSlack to spare, that it cannot be picked. The
// tables are the same, to the bit (TestLeanTables).

// leanSlack bounds how far a V or C choice's expected damage may lie from its
// base's (4.4e-16 measured); a choice computed later that lies further makes
// positionals fall back to computing every choice (leanAttack.exact).
const leanSlack = 1e-13

// leanGap is the margin of the contender sets: a choice (or a positional
// pick) whose base value lies within leanWindow of the best is computed
// exactly, and the window is widened until no value lies within leanGap of its
// edge, so that contenders and the others differ by far more than the 1e-12
// of the comparisons they would enter.
const (
	leanWindow = 1e-9
	leanGap    = 1e-11
)

// leanChoice is one effect choice of an attack: its exact expected damage,
// or, not computed, its base's.
type leanChoice struct {
	attack Attack // prepared, its effects set
	e      float64
	exact  bool
}

// leanAttack is an attack's effect choices, in the order of effectChoices,
// with what computing one later needs.
type leanAttack struct {
	ex      Exchange // the exchange without its attack
	a       Attack   // the attack as announced, effects not chosen
	sh      *candShare
	choices []leanChoice
	// off: a choice computed later lay further than leanSlack from its base.
	off bool
}

// baseOf returns effects e without its V and C effects.
func baseOf(e Chars) Chars {
	var b Chars
	for i := 0; i < e.Len(); i++ {
		if c := e.At(i); c != V && c != C {
			b = b.Add(c)
		}
	}
	return b
}

// bestEffectsLean is bestEffects computing the V and C choices only when they
// could be the best one: the same best choice, result and plan, and every
// choice of the attack for positionals.
func (ex *Exchange) bestEffectsLean(a Attack) (effectResult, *leanAttack, error) {
	la := &leanAttack{ex: *ex, a: a, sh: &candShare{}}
	var best effectResult
	for _, e := range ex.effectChoices(a) {
		trial := *ex
		trial.Attack = a
		trial.Attack.Effects = e
		if err := trial.Prepare(); err != nil {
			return effectResult{attack: a}, nil, err
		}
		if (e.Has(V) || e.Has(C)) && !ex.Attacker.Skills.Slender && best.res != nil {
			// Its value is within leanSlack of its base's, computed before
			// (fewer effects); the best so far keeps its place unless it
			// beats it by more than 1e-12.
			if b, ok := la.find(baseOf(e)); ok && b.exact && b.e+leanSlack <= best.res.ExpectedDamage+1e-12 {
				la.choices = append(la.choices, leanChoice{attack: trial.Attack, e: b.e})
				continue
			}
		}
		pl := trial.newPlanShared(la.sh)
		res := pl.exact()
		la.choices = append(la.choices, leanChoice{attack: trial.Attack, e: res.ExpectedDamage, exact: true})
		if best.res == nil || res.ExpectedDamage > best.res.ExpectedDamage+1e-12 {
			best = effectResult{trial.Attack, res, pl}
		}
	}
	if best.res == nil {
		r, err := noEffectChoice(ex, a)
		return r, la, err
	}
	return best, la, nil
}

// find returns the choice with effects e.
func (la *leanAttack) find(e Chars) (leanChoice, bool) {
	for _, c := range la.choices {
		if c.attack.Effects == e {
			return c, true
		}
	}
	return leanChoice{}, false
}

// exact computes choice i exactly when it was not, as bestEffects would have
// (the attack's shared candidates and free rows), and returns its value.
func (la *leanAttack) exact(i int) float64 {
	if c := &la.choices[i]; c.exact {
		return c.e
	}
	res, _ := la.exactPlan(i)
	return res.ExpectedDamage
}

// exactPlan computes choice i exactly, as bestEffects would have, and returns
// its result and plan (on which exactByAPFrom works out the defender's other
// AP).
func (la *leanAttack) exactPlan(i int) (*Result, *plan) {
	c := &la.choices[i]
	trial := la.ex
	trial.Attack = la.a
	trial.Attack.Effects = c.attack.Effects
	if err := trial.Prepare(); err != nil {
		panic("sim: a prepared choice no longer prepares: " + err.Error())
	}
	pl := trial.newPlanShared(la.sh)
	res := pl.exact()
	if !c.exact && math.Abs(res.ExpectedDamage-c.e) > leanSlack {
		la.off = true
	}
	c.e, c.exact = res.ExpectedDamage, true
	return res, pl
}

// posPick is a positional option of a table (R10a) with its expected damage
// and, when the lean path picked it, its exact result against the defender's
// full AP and the plan of that result (fillOptionFrom's pre and prePlan).
type posPick struct {
	attack Attack
	e      float64
	res    *Result
	pl     *plan
}

// contenders returns the items of vals (indices into them) whose value lies
// within leanWindow of the largest, the window widened until no value lies
// within leanGap of its edge.
func contenders(vals []float64) []int {
	if len(vals) == 0 {
		return nil
	}
	m := math.Inf(-1)
	for _, v := range vals {
		m = max(m, v)
	}
	thr := m - leanWindow
	for again := true; again; {
		again = false
		for _, v := range vals {
			if v >= thr-leanGap && v < thr+leanGap {
				thr -= leanWindow
				again = true
				break
			}
		}
	}
	var out []int
	for i, v := range vals {
		if v >= thr {
			out = append(out, i)
		}
	}
	return out
}

// topClass returns the first item of vals whose value is the largest, and
// whether the others are all equal to it or below it by leanGap at least:
// then comparisons with a tolerance under leanGap - 2 leanSlack (positionalOf's
// 1e-12) order them as their exact values would, those of the largest value
// being within 2 leanSlack of each other; unique, when only one item has the
// largest value, is what a comparison without tolerance needs.
func topClass(vals []float64) (first int, clear, unique bool) {
	first = -1
	for i, v := range vals {
		if first < 0 || v > vals[first] {
			first = i
		}
	}
	if first < 0 {
		return -1, false, false
	}
	m, n := vals[first], 0
	for _, v := range vals {
		if v == m {
			n++
		} else if v > m-leanGap {
			return first, false, false
		}
	}
	return first, true, n == 1
}

// positionals returns the positional options of one weapon's table, in the
// table's order: for each attack of las, the choice positionalOf picks among
// those with a V effect and among those with a C effect; of those, per AP and
// C effect, the one of best expected damage (the first on ties), ordered by
// expected damage (the earlier attack first on ties). Values are their bases'
// until a comparison needs more: where the largest is clear (topClass) the
// pick follows; otherwise the contenders are computed exactly and compared as
// before, and two picks within leanGap of each other are ordered by their
// exact values. When a choice computed lies further than leanSlack from its
// base it computes every choice and picks as engine.options did.
func positionals(las []*leanAttack) []posPick {
	type slot struct {
		la *leanAttack
		i  int // the choice picked
	}
	var slots []slot
	for _, la := range las {
		for _, eff := range []Char{V, C} {
			var idx []int
			var vals []float64
			for i, c := range la.choices {
				if c.attack.Effects.Has(eff) {
					idx = append(idx, i)
					vals = append(vals, c.e)
				}
			}
			if len(vals) == 0 {
				continue
			}
			if first, clear, _ := topClass(vals); clear {
				// positionalOf picks the first of the largest value.
				slots = append(slots, slot{la, idx[first]})
				continue
			}
			cont := contenders(vals)
			// positionalOf over the contenders, in order: the others lie
			// below them by more than its 1e-12.
			pick, bv := -1, 0.0
			for _, k := range cont {
				i := idx[k]
				v := la.choices[i].e
				if len(cont) > 1 {
					v = la.exact(i)
				}
				if pick < 0 || v > bv+1e-12 {
					pick, bv = i, v
				}
			}
			slots = append(slots, slot{la, pick})
		}
	}
	// Per AP and C effect, the pick of best expected damage, the first on ties
	// (a stable sort by damage then the first of each).
	type groupKey struct {
		ap int
		c  bool
	}
	var order []groupKey
	members := map[groupKey][]int{}
	for s, sl := range slots {
		a := sl.la.choices[sl.i].attack
		k := groupKey{a.AP, a.Effects.Has(C)}
		if _, ok := members[k]; !ok {
			order = append(order, k)
		}
		members[k] = append(members[k], s)
	}
	value := func(s int) float64 { return slots[s].la.choices[slots[s].i].e }
	exact := func(s int) float64 { return slots[s].la.exact(slots[s].i) }
	var kept []int
	for _, k := range order {
		ms := members[k]
		vals := make([]float64, len(ms))
		for j, s := range ms {
			vals[j] = value(s)
		}
		if first, _, unique := topClass(vals); unique {
			kept = append(kept, ms[first])
			continue
		}
		cont := contenders(vals)
		best, bv := ms[cont[0]], 0.0
		if len(cont) > 1 {
			bv = exact(best)
			for _, j := range cont[1:] {
				if v := exact(ms[j]); v > bv {
					best, bv = ms[j], v
				}
			}
		}
		kept = append(kept, best)
	}
	// Their order: by expected damage, ties in slot order; values within
	// leanGap of each other are compared exactly.
	sort.Ints(kept)
	for x := range kept {
		for y := x + 1; y < len(kept); y++ {
			if math.Abs(value(kept[x])-value(kept[y])) < leanGap {
				exact(kept[x])
				exact(kept[y])
			}
		}
	}
	sort.SliceStable(kept, func(x, y int) bool { return value(kept[x]) > value(kept[y]) })
	out := make([]posPick, len(kept))
	for j, s := range kept {
		la, i := slots[s].la, slots[s].i
		res, pl := la.exactPlan(i)
		out[j] = posPick{la.choices[i].attack, res.ExpectedDamage, res, pl}
	}
	for _, la := range las {
		if la.off {
			return positionalsFull(las)
		}
	}
	return out
}

// positionalsFull is positionals computing every choice: engine.options'
// picks before the lean path.
func positionalsFull(las []*leanAttack) []posPick {
	var cands []posPick
	for _, la := range las {
		all := make([]effectResult, len(la.choices))
		for i := range la.choices {
			all[i] = effectResult{attack: la.choices[i].attack, res: &Result{ExpectedDamage: la.exact(i)}}
		}
		for _, eff := range []Char{V, C} {
			if pa, pe, ok := positionalOf(all, eff); ok {
				cands = append(cands, posPick{attack: pa, e: pe})
			}
		}
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].e > cands[j].e })
	var seen [4][2]bool
	var out []posPick
	for _, c := range cands {
		k := b2i(c.attack.Effects.Has(C))
		if seen[c.attack.AP][k] {
			continue
		}
		seen[c.attack.AP][k] = true
		out = append(out, c)
	}
	return out
}
