package sim

import (
	"math"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// leanCases are the exchanges of the lean tests: each Safar of the embedded
// data against two defenders, under the default policy, a Reserve policy and
// a dazed defender (as TestBestEffectsShared), and the attacks a table lists.
func leanCases(t *testing.T, each func(ex Exchange, a Attack)) {
	fighters := defaultFighters(t)
	reserve := [8]float64{0, 1.5, 2.5, 3, 3.2, 3.3, 3.3, 3.3}
	for i, att := range fighters {
		for k := 1; k <= 2; k++ {
			ex := Exchange{Attacker: att, Defender: fighters[(i*3+k*7)%len(fighters)], Policy: Policy{AttackReroll: 5, DefenceMastery: true}}
			switch (i + k) % 3 {
			case 1:
				ex.Policy.Reserve = &reserve
			case 2:
				ex.DefenderDazed = true
			}
			for _, a := range ex.Attacks() {
				each(ex, a)
			}
		}
	}
}

// TestLeanBase checks what the lean option tables rest on (sim/options_lean.go):
// an effect choice with V or C effects has the expected damage of its base,
// the same effects without V and C, within leanSlack (the order of the sums
// aside, nothing else differs: hitEffects only sets the move and repel flags),
// except for a Slender attacker's V effects. It fails when a V or C effect
// comes to count in the exchange's sums or decisions; the lean path would then
// pick from wrong values, and must go.
func TestLeanBase(t *testing.T) {
	checked, worst := 0, 0.0
	leanCases(t, func(ex Exchange, a Attack) {
		_, all, err := ex.bestEffects(a)
		if err != nil {
			return
		}
		for _, c := range all {
			e := c.attack.Effects
			if !e.Has(V) && !e.Has(C) || ex.Attacker.Skills.Slender && e.Has(V) {
				continue
			}
			var base *Result
			for _, b := range all {
				if b.attack.Effects == baseOf(e) {
					base = b.res
				}
			}
			if base == nil {
				t.Errorf("%s vs %s, %v: no base %v among the choices", ex.Attacker.Name(), ex.Defender.Name(), c.attack, baseOf(e))
				continue
			}
			d := math.Abs(c.res.ExpectedDamage - base.ExpectedDamage)
			worst = max(worst, d)
			if d > leanSlack {
				t.Errorf("%s vs %s, %v: expected damage %v, its base %v: %v apart, more than leanSlack", ex.Attacker.Name(), ex.Defender.Name(), c.attack, c.res.ExpectedDamage, base.ExpectedDamage, d)
			}
			checked++
		}
	})
	if checked < 1000 {
		t.Fatalf("only %d choices with V or C checked", checked)
	}
	t.Logf("%d choices with V or C, at most %g from their base", checked, worst)
}

// TestLeanTables checks that the lean path picks what computing every effect
// choice picked (engine.options before it): bestEffectsLean the same best
// attack, result (to the bit) and plan results as bestEffects, and
// positionals, over each weapon's attacks, the same positional attacks in the
// same order, their expected damage within leanSlack, as positionalOf over
// every choice, the stable sort by damage and the first per AP and C effect,
// and on each pick's plan, for every AP of the defender, the result Exact
// gives; and that it computes fewer choices.
func TestLeanTables(t *testing.T) {
	type attackRes struct {
		la  *leanAttack
		all []effectResult
	}
	var group []attackRes
	var cur *Exchange
	computed, choices, tables, picksAP := 0, 0, 0, 0
	flush := func() {
		defer func() { group = group[:0] }()
		if len(group) == 0 {
			return
		}
		// engine.options before the lean path.
		var cands []posPick
		var las []*leanAttack
		for _, g := range group {
			las = append(las, g.la)
			for _, eff := range []Char{V, C} {
				if pa, pe, ok := positionalOf(g.all, eff); ok {
					cands = append(cands, posPick{attack: pa, e: pe})
				}
			}
		}
		sort.SliceStable(cands, func(i, j int) bool { return cands[i].e > cands[j].e })
		var seen [4][2]bool
		var want []posPick
		for _, c := range cands {
			k := b2i(c.attack.Effects.Has(C))
			if !seen[c.attack.AP][k] {
				seen[c.attack.AP][k] = true
				want = append(want, c)
			}
		}
		got := positionals(las)
		same := len(got) == len(want)
		for i := 0; same && i < len(got); i++ {
			same = reflect.DeepEqual(got[i].attack, want[i].attack) && math.Abs(got[i].e-want[i].e) <= leanSlack
		}
		if !same {
			t.Errorf("%s vs %s: positionals %v, want %v", cur.Attacker.Name(), cur.Defender.Name(), got, want)
		}
		// A pick's plan gives, for each AP of the defender, what Exact gives
		// (fillOptionFrom works out the table's figures on it).
		for _, p := range got {
			if p.pl == nil {
				continue
			}
			trial := *cur
			trial.Attack = p.attack
			byAP, err := trial.exactByAPFrom(p.pl, p.res)
			if err != nil {
				t.Fatalf("%v: %v", trial.Attack, err)
			}
			for ap, res := range byAP {
				one := trial
				d := *cur.Defender
				d.AP = ap
				one.Defender = &d
				want, err := one.Exact()
				if err != nil {
					t.Fatalf("%v, %d AP: %v", one.Attack, ap, err)
				}
				var g, w strings.Builder
				writeResult(&g, res)
				writeResult(&w, want)
				if g.String() != w.String() {
					t.Fatalf("%s vs %s, %v, defender with %d AP: on the pick's plan %v, Exact %v", cur.Attacker.Name(), cur.Defender.Name(), p.attack, ap, res, want)
				}
				picksAP++
			}
		}
		for _, la := range las {
			for _, c := range la.choices {
				choices++
				computed += b2i(c.exact)
			}
		}
		tables++
	}
	leanCases(t, func(ex Exchange, a Attack) {
		if cur == nil || cur.Attacker != ex.Attacker || cur.Defender != ex.Defender || cur.Policy != ex.Policy || cur.DefenderDazed != ex.DefenderDazed {
			flush()
			cur = &ex
		}
		best, all, err := ex.bestEffects(a)
		lb, la, lerr := ex.bestEffectsLean(a)
		if (err == nil) != (lerr == nil) {
			t.Fatalf("%s vs %s, %v: bestEffects error %v, lean %v", ex.Attacker.Name(), ex.Defender.Name(), a, err, lerr)
		}
		if err != nil {
			return
		}
		var g, w strings.Builder
		writeResult(&g, lb.res)
		writeResult(&w, best.res)
		if lb.attack != best.attack || g.String() != w.String() {
			t.Fatalf("%s vs %s, %v: lean best %v %v, want %v %v", ex.Attacker.Name(), ex.Defender.Name(), a, lb.attack, lb.res, best.attack, best.res)
		}
		if len(la.choices) != len(all) {
			t.Fatalf("%s vs %s, %v: %d lean choices, want %d", ex.Attacker.Name(), ex.Defender.Name(), a, len(la.choices), len(all))
		}
		for i, c := range la.choices {
			if c.attack != all[i].attack || c.exact && c.e != all[i].res.ExpectedDamage {
				t.Fatalf("%s vs %s: lean choice %v %v, want %v %v", ex.Attacker.Name(), ex.Defender.Name(), c.attack, c.e, all[i].attack, all[i].res.ExpectedDamage)
			}
		}
		// The tables' condition for positional attacks (engine.options).
		if a.AP >= 2 && !a.Kind.Special() && !a.Vivid && !best.attack.Effects.Has(V) && !best.attack.Effects.Has(C) {
			group = append(group, attackRes{la, all})
		}
	})
	flush()
	if tables < 50 || computed >= choices || picksAP < 200 {
		t.Fatalf("%d tables, %d of %d choices computed, %d picks by AP checked", tables, computed, choices, picksAP)
	}
	t.Logf("%d weapons' positional picks, %d by AP checked; %d of %d choices computed", tables, picksAP, computed, choices)
}

// TestTopClassContenders checks the two helpers of positionals on values
// built to sit at their margins.
func TestTopClassContenders(t *testing.T) {
	for _, c := range []struct {
		vals          []float64
		first         int
		clear, unique bool
	}{
		{[]float64{1, 3, 2}, 1, true, true},
		{[]float64{3, 1, 3}, 0, true, false},                                        // two of the largest value: the first
		{[]float64{2, 3 - 2e-11, 3}, 2, true, true},                                 // the next below by more than leanGap
		{[]float64{2, 3 - 5e-12, 3}, 2, false, false},                               // within leanGap: not clear
		{[]float64{math.Nextafter(3, 4), 3, math.Nextafter(3, 2)}, 0, false, false}, // a base's rounding: not clear
	} {
		first, clear, unique := topClass(c.vals)
		if first != c.first || clear != c.clear || unique != c.unique {
			t.Errorf("topClass(%v) = %d %v %v, want %d %v %v", c.vals, first, clear, unique, c.first, c.clear, c.unique)
		}
	}
	for _, c := range []struct {
		vals []float64
		want []int
	}{
		{[]float64{1, 3, 3 - 5e-10}, []int{1, 2}},
		{[]float64{1, 3, 3 - 2e-9}, []int{1}},
		// 3 - 1e-9 sits on the window's edge: the window widens past it.
		{[]float64{3 - 1e-9, 3, 1}, []int{0, 1}},
		{[]float64{3 - 1e-9 - 5e-12, 3, 3 - 2e-9 + 5e-12}, []int{0, 1, 2}},
	} {
		if got := contenders(c.vals); !reflect.DeepEqual(got, c.want) {
			t.Errorf("contenders(%v) = %v, want %v", c.vals, got, c.want)
		}
	}
}
