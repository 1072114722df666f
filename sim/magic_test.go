package sim_test

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
	"github.com/kharn-ages/kharn/stats"
)

// The casters, targets and spells of these tests are written by hand with round
// values; they are not card values.

// mage returns a caster of way w with the given level and I, 5 AP and the
// mastery dice given.
func mage(id string, level, i int, w profiles.Way, skills []profiles.Skill, mastery ...profiles.Field) *profiles.Profile {
	p := safar(id, level, stats4(3, 3, 3, 3), 3, skills...)
	p.Stats.I = i
	p.Faction = "fangs"
	p.Magic = &profiles.Magic{Way: w}
	return withMastery(p, mastery...)
}

// target returns a non-caster with the given level, I and skills.
func target(id string, level, i int, skills []profiles.Skill, mastery ...profiles.Field) *profiles.Profile {
	p := safar(id, level, stats4(3, 3, 3, 3), 3, skills...)
	p.Stats.I = i
	return withMastery(p, mastery...)
}

func spellOf(id string, way profiles.Way, tgt profiles.SpellTarget, levels ...profiles.SpellLevel) *profiles.Spell {
	kind := profiles.GrimoireSpell
	if way == "" {
		kind = profiles.GenericSpell
	}
	return &profiles.Spell{ID: id, Name: id, Kind: kind, Way: way, Target: tgt, Levels: levels}
}

var (
	// bolt: 1D5 damage at 12, 2D5 ignoring armour at 18.
	bolt = spellOf("bolt", profiles.Osteomancy, profiles.TargetEnemy,
		profiles.SpellLevel{Difficulty: 12, Effect: profiles.EffectDamage, Amount: &profiles.Dice{N: 1, Sides: 5}},
		profiles.SpellLevel{Difficulty: 18, Effect: profiles.EffectDamage, Amount: &profiles.Dice{N: 2, Sides: 5}, IgnoresArmour: true})
	// blessing: an ally's buff at 14.
	blessing = spellOf("blessing", "", profiles.TargetAlly,
		profiles.SpellLevel{Difficulty: 14, Effect: profiles.EffectOffensiveBuff, Text: "+2 in attack"})
	// hex: a debuff on an enemy at 15.
	hex = spellOf("hex", profiles.Osteomancy, profiles.TargetEnemy,
		profiles.SpellLevel{Difficulty: 15, Effect: profiles.EffectDebuff, Text: "-1 to all"})
)

func castExact(t *testing.T, c *sim.Cast) *sim.CastResult {
	t.Helper()
	r, err := c.Exact()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-12 }

// TestCastByHand checks casts whose odds follow from the rulebook in one line.
func TestCastByHand(t *testing.T) {
	m := sim.NewFighter(mage("m", 1, 4, profiles.Osteomancy, nil), nil)
	ally := sim.NewFighter(target("a", 1, 3, nil), nil)
	hermetic := sim.NewFighter(target("h", 1, 3, []profiles.Skill{{Name: "hermeticism", Value: 2}}), nil)
	responsive := sim.NewFighter(target("r", 1, 3, []profiles.Skill{{Name: "responsive", Text: "osteomancy"}}), nil)
	immune := sim.NewFighter(target("i", 1, 3, []profiles.Skill{{Name: "immunity", Text: "osteomancy"}}), nil)
	tests := []struct {
		name string
		c    sim.Cast
		want float64
	}{
		// Basic incantation: I + I + LD10 (seed 000 line 1434), 8 + d10 >= 14 needs
		// a face of 6 or more; an ally does not defend (line 1448): 5/10.
		{"basic on an ally", sim.Cast{Caster: m, Target: ally, Spell: blessing, Difficulty: 14, AP: 2, Allied: true}, 0.5},
		// Quick: I + LD10 = 4 + d10 >= 14 needs the 10 (a CH, seed 000 line 1428): 1/10.
		{"quick on an ally", sim.Cast{Caster: m, Target: ally, Spell: blessing, Difficulty: 14, AP: 1, Allied: true}, 0.1},
		// Complex: 12 + d10 >= 14 needs 2 or more, a 1 is a CF (R3): 9/10.
		{"complex on an ally", sim.Cast{Caster: m, Target: ally, Spell: blessing, Difficulty: 14, AP: 3, Allied: true}, 0.9},
		// Hermeticism 2 on an ally raises the difficulty to 16 (seed 000 line 1630):
		// 8 + d10 >= 16 needs 8 or more: 3/10.
		{"hermetic ally", sim.Cast{Caster: m, Target: hermetic, Spell: blessing, Difficulty: 14, AP: 2, Allied: true}, 0.3},
		// Responsive to the way: automatic success (seed 000 line 1648).
		{"responsive", sim.Cast{Caster: m, Target: responsive, Spell: hex, Difficulty: 15, AP: 1}, 1},
		// Immunity to the way: no effect (seed 000 line 1634).
		{"immune", sim.Cast{Caster: m, Target: immune, Spell: hex, Difficulty: 15, AP: 3}, 0},
		// A way bonus of +2 (two defeated fighters for osteomancy, seed 000 line
		// 1396) on an ally: 8 + 2 + d10 >= 14 needs a face of 4 or more: 7/10.
		{"way bonus", sim.Cast{Caster: m, Target: ally, Spell: blessing, Difficulty: 14, AP: 2, Allied: true,
			Battlefield: sim.Battlefield{Defeated: 2}}, 0.7},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := castExact(t, &tt.c)
			if !near(r.PSuccess, tt.want) {
				t.Errorf("p_success %.15g, want %g", r.PSuccess, tt.want)
			}
		})
	}
}

// TestCastDefenceByHand checks a defended cast against a sum written out: a
// level 1 caster with I 4 casts a quick bolt (4 + d10, difficulty 12) on a level 1
// target with I 3 that defends with 0 AP: d10 - 2 (seed 000 lines 1432, 1452).
func TestCastDefenceByHand(t *testing.T) {
	m := sim.NewFighter(mage("m", 1, 4, profiles.Osteomancy, nil), nil)
	tg := sim.NewFighter(target("t", 1, 3, nil), nil)
	zero := 0
	r := castExact(t, &sim.Cast{Caster: m, Target: tg, Spell: bolt, Difficulty: 12, AP: 1, Defence: &zero})
	// The cast reaches 12 with a face of 8 or 9 (total 12, 13) or a 10 (a CH:
	// 14 plus the rerolls, at least 14). The defence stops a total t when d10 - 2
	// >= t, not a CF: faces t+2..10 (a 10 explodes and stops anything above too).
	stopPlain := func(t int) float64 {
		// faces 2..9 with f - 2 >= t, plus the 10 (its value 10 + rerolls - 2 >= t
		// whenever t <= 8 + 2: the reroll of a CH adds 0 on a 1, else 2-10).
		p := 0.0
		for f := 2; f <= 9; f++ {
			if f-2 >= t {
				p += 0.1
			}
		}
		return p + 0.1*pTenReaches(t+2)
	}
	want := 0.1*(1-stopPlain(12)) + 0.1*(1-stopPlain(13))
	// A CH cast: 14 + X, X the explosion; the defence (at most 8 + explosion)
	// stops it only with a 10 whose own explosion is large enough.
	want += 0.1 * chVersusCH(14, 2)
	if math.Abs(r.PSuccess-want) > 1e-9 {
		t.Errorf("p_success %.12f, want %.12f", r.PSuccess, want)
	}
	if !near(r.PCastCF, 0.1) || !near(r.PReached, 0.3) {
		t.Errorf("p_cast_cf %g, p_reached %g, want 0.1 and 0.3", r.PCastCF, r.PReached)
	}
	// E[1D5] = 3 (R1: ceil(d10/2)); the target has no armour.
	if math.Abs(r.ExpectedAmount-3*r.PSuccess) > 1e-12 {
		t.Errorf("expected damage %g, want 3 x %g", r.ExpectedAmount, r.PSuccess)
	}
}

// explosionPMF returns P(the rerolls of a CH add v), by the rule of R2 (a 1 adds
// 0 and stops, 2-9 add and stop, a 10 adds and rerolls), to depth 12.
func explosionPMF() map[int]float64 {
	out := map[int]float64{}
	var rec func(p float64, v, depth int)
	rec = func(p float64, v, depth int) {
		for d := 1; d <= 10; d++ {
			switch {
			case d == 1:
				out[v] += p / 10
			case d < 10:
				out[v+d] += p / 10
			case depth < 12:
				rec(p/10, v+d, depth+1)
			}
		}
	}
	rec(1, 0, 0)
	return out
}

// pTenReaches returns P(10 + X >= need), X the explosion of a CH.
func pTenReaches(need int) float64 {
	p := 0.0
	for v, q := range explosionPMF() {
		if 10+v >= need {
			p += q
		}
	}
	return p
}

// chVersusCH returns the probability that a CH cast of 10 + X + mod (mod = base
// - 10) is not stopped by a level 1 defence d10 - malus (only its 10 + Y - malus
// can reach it).
func chVersusCH(base, malus int) float64 {
	ex := explosionPMF()
	p := 0.0
	for x, qx := range ex {
		t := base + x
		stop := 0.0
		for f := 2; f <= 9; f++ {
			if f-malus >= t {
				stop += 0.1
			}
		}
		for y, qy := range ex {
			if 10+y-malus >= t {
				stop += 0.1 * qy
			}
		}
		p += qx * (1 - stop)
	}
	return p
}

// castCases are casts that between them use every rule the exact engine and the
// sampler share: the three incantations, mastery on both sides, Master, Heroic,
// Awakened, Hermeticism, best response and fixed defences, armour, allies.
func castCases() []struct {
	name string
	c    func() *sim.Cast
} {
	seer := mage("seer", 2, 5, profiles.Osteomancy, nil, profiles.Esoteric, profiles.Esoteric)
	master := mage("master", 3, 4, profiles.Osteomancy, []profiles.Skill{{Name: "master", Field: profiles.Esoteric}, {Name: "heroic", Field: profiles.Esoteric}}, profiles.Esoteric)
	knight := target("knight", 2, 3, nil, profiles.Esoteric)
	awake := target("awake", 3, 4, []profiles.Skill{{Name: "awakened"}, {Name: "hermeticism", Value: 1}}, profiles.Defensive)
	one := 1
	type cc = struct {
		name string
		c    func() *sim.Cast
	}
	return append([]cc{
		{"quick bolt, best response, both masteries", func() *sim.Cast {
			return &sim.Cast{Caster: sim.NewFighter(seer, nil), Target: sim.NewFighter(knight, nil), Spell: bolt, Difficulty: 12, AP: 1,
				Reroll: true, DefenceMastery: true}
		}},
		{"basic bolt 18 through no armour, awakened hermetic target", func() *sim.Cast {
			return &sim.Cast{Caster: sim.NewFighter(seer, nil), Target: sim.NewFighter(awake, nil), Spell: bolt, Difficulty: 18, AP: 2,
				Reroll: true, DefenceMastery: true, Battlefield: sim.Battlefield{Defeated: 3}}
		}},
		{"complex bolt vs plate, 1 AP defence", func() *sim.Cast {
			return &sim.Cast{Caster: sim.NewFighter(master, nil), Target: sim.NewFighter(knight, []*profiles.Equipment{wear(plate)}),
				Spell: bolt, Difficulty: 12, AP: 3, Reroll: true, DefenceMastery: true, Defence: &one}
		}},
		{"quick hex, Master and Heroic caster, AP worth 0.2", func() *sim.Cast {
			return &sim.Cast{Caster: sim.NewFighter(master, nil), Target: sim.NewFighter(knight, nil), Spell: hex, Difficulty: 15, AP: 1,
				Reroll: true, DefenceMastery: true, APValue: 0.2}
		}},
		{"quick bolt, esoteric charms on both (sim/items.go)", func() *sim.Cast {
			return &sim.Cast{Caster: sim.NewFighter(seer, []*profiles.Equipment{charm(profiles.Esoteric, 2)}),
				Target: sim.NewFighter(knight, []*profiles.Equipment{charm(profiles.Esoteric, 3)}), Spell: bolt, Difficulty: 12, AP: 1,
				Reroll: true, DefenceMastery: true}
		}},
		{"basic bolt vs plate, ch-auto-success, armour level dice", func() *sim.Cast {
			return &sim.Cast{Caster: sim.NewFighter(seer, nil), Target: sim.NewFighter(awake, []*profiles.Equipment{wear(plate)}),
				Spell: bolt, Difficulty: 12, AP: 2, Reroll: true, DefenceMastery: true,
				Variant: sim.Variant{CHAutoSuccess: true, ArmourLevelDice: true}}
		}},
	}, boldCastCases()...) // cast_bold_test.go
}

// TestCastSamplerAgainstExact draws 10^6 casts of each case (10^5 with -short or
// -race) and checks that the exact figures lie inside the sample's 99.99% Wilson
// intervals, and the expected defence AP within 3.9 standard errors.
func TestCastSamplerAgainstExact(t *testing.T) {
	n := 1_000_000
	if testing.Short() || raceEnabled {
		n = 100_000
	}
	for i, cs := range castCases() {
		t.Run(cs.name, func(t *testing.T) {
			t.Parallel()
			want := castExact(t, cs.c())
			sm, err := cs.c().NewSampler()
			if err != nil {
				t.Fatal(err)
			}
			r := rand.NewPCG(uint64(7000+i), 0)
			var succ, crit, cf, dcf, reached, mast int
			var amount []int
			var defAP stats.Mean
			for range n {
				o := sm.Sample(r)
				count := func(b bool, k *int) {
					if b {
						*k++
					}
				}
				count(o.Success, &succ)
				count(o.Critical, &crit)
				count(o.CastCF, &cf)
				count(o.DefenceCF, &dcf)
				count(o.Reached, &reached)
				count(o.Mastery, &mast)
				amount = bump(amount, o.Amount)
				defAP.Add(float64(max(o.DefenceAP, 0)))
			}
			for _, p := range []struct {
				what string
				k    int
				want float64
			}{
				{"p_success", succ, want.PSuccess},
				{"p_cast_critical", crit, want.PCastCritical},
				{"p_cast_critical_failure", cf, want.PCastCF},
				{"p_defence_critical_failure", dcf, want.PDefenceCF},
				{"p_reached_difficulty", reached, want.PReached},
				{"p_caster_mastery", mast, want.PCasterMastery},
			} {
				checkPMF(t, p.what, []int{p.k}, n, []float64{p.want})
			}
			if want.AmountPMF != nil {
				checkPMF(t, "amount_pmf", amount, n, want.AmountPMF)
			}
			if se := defAP.SE(); se > 0 {
				if z := (defAP.Mean() - want.ExpectedDefenceAP) / se; math.Abs(z) > 3.9 {
					t.Errorf("expected_defence_ap: sample %.5f ± %.3g, exact %.5f", defAP.Mean(), se, want.ExpectedDefenceAP)
				}
			} else if math.Abs(defAP.Mean()-want.ExpectedDefenceAP) > 1e-6 {
				// Every draw alike: the exact value may differ by events of
				// probability below 1e-6 (a CF of four dice after a reroll).
				t.Errorf("expected_defence_ap: every draw %g, exact %g", defAP.Mean(), want.ExpectedDefenceAP)
			}
			if want.PSuccess < 0.05 || want.PSuccess > 0.95 {
				t.Errorf("p_success %g: the case tells little", want.PSuccess)
			}
			t.Logf("exact p_success %.4f, E[amount] %.4f, E[defence AP] %.3f", want.PSuccess, want.ExpectedAmount, want.ExpectedDefenceAP)
		})
	}
}

// TestCastSampleAllocs checks that a cast sampler draws without allocating.
func TestCastSampleAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	for _, cs := range castCases() {
		sm, err := cs.c().NewSampler()
		if err != nil {
			t.Fatal(err)
		}
		r := rand.NewPCG(1, 0)
		if a := testing.AllocsPerRun(1000, func() { sm.Sample(r) }); a != 0 {
			t.Errorf("%s: %v allocations per Sample", cs.name, a)
		}
	}
}

// TestCastErrors checks that impossible casts name the rule they break.
func TestCastErrors(t *testing.T) {
	m := sim.NewFighter(mage("m", 1, 4, profiles.Osteomancy, nil), nil)
	shaman := sim.NewFighter(mage("s", 1, 4, profiles.Shamanism, nil), nil)
	plain := sim.NewFighter(target("p", 1, 3, nil), nil)
	four := 4
	tests := []struct {
		c    sim.Cast
		want string
	}{
		{sim.Cast{Caster: plain, Target: m, Spell: hex, Difficulty: 15, AP: 1}, "p is not a caster"},
		{sim.Cast{Caster: shaman, Target: plain, Spell: hex, Difficulty: 15, AP: 1}, "hex is a spell of the way osteomancy; s masters shamanism"},
		{sim.Cast{Caster: m, Target: plain, Spell: hex, Difficulty: 16, AP: 1}, "hex has no difficulty 16 (its difficulties: [15])"},
		{sim.Cast{Caster: m, Target: plain, Spell: hex, Difficulty: 15, AP: 4}, "a cast is quick (1 AP), basic (2 AP) or complex (3 AP), not 4 AP"},
		{sim.Cast{Caster: m, Target: plain, Spell: hex, Difficulty: 15, AP: 2, Allied: true}, "hex targets an enemy, p is an ally"},
		{sim.Cast{Caster: m, Target: plain, Spell: blessing, Difficulty: 14, AP: 2}, "blessing targets an ally, p is an enemy"},
		{sim.Cast{Caster: m, Target: plain, Spell: hex, Difficulty: 15, AP: 2, Defence: &four}, "a defence against a spell spends 0 to 3 AP, not 4"},
	}
	// An Archimage masters every way (seed 000 line 1596), with no bonus from
	// another way than its own: 4 + d10 >= 15 with 3 defeated counted for
	// osteomancy, which the shamanism of its card does not read. Only a 10 (a CH)
	// whose reroll adds something reaches 15 (R2: a reroll of 1 adds 0): 0.1 x 0.9.
	arch := sim.NewFighter(mage("arch", 1, 4, profiles.Shamanism, []profiles.Skill{{Name: "archimage"}}), nil)
	zero := 0
	r, err := (&sim.Cast{Caster: arch, Target: plain, Spell: hex, Difficulty: 15, AP: 1, Defence: &zero,
		Battlefield: sim.Battlefield{Defeated: 3}}).Exact()
	if err != nil || !near(r.PReached, 0.09) {
		t.Errorf("archimage: %v, p_reached %v, want 0.09", err, r)
	}
	for _, tt := range tests {
		_, err := tt.c.Exact()
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("got %v, want %q", err, tt.want)
		}
	}
}

// TestCastBruteForce checks the exact engine against a naive enumeration of every
// dice sequence of a cast (level dice listed face by face, the lowest die rerolled
// by a mastery die, critical rerolls followed recursively), with the defender's
// best response recomputed from the enumerated defence rolls.
func TestCastBruteForce(t *testing.T) {
	seer := mage("seer", 2, 5, profiles.Osteomancy, nil, profiles.Esoteric)
	knight := target("knight", 2, 3, nil)
	awake := target("awake", 1, 4, []profiles.Skill{{Name: "awakened"}})
	for _, tc := range []struct {
		name      string
		tgt       *profiles.Profile
		diff, ap  int
		awakened  bool
		apValue   float64
		spell     *profiles.Spell
		harm      float64
		amountMax int
	}{
		{"quick bolt on a knight", knight, 12, 1, false, 0, bolt, 3, 5},
		{"basic bolt 18 on an awakened target", awake, 18, 2, true, 0, bolt, 6, 10},
		{"complex hex, AP worth 0.3", knight, 15, 3, false, 0.3, hex, 1, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &sim.Cast{Caster: sim.NewFighter(seer, nil), Target: sim.NewFighter(tc.tgt, nil), Spell: tc.spell,
				Difficulty: tc.diff, AP: tc.ap, Reroll: true, APValue: tc.apValue}
			got := castExact(t, c)
			mod := tc.ap * 5
			// Caster: 2 dice; the esoteric die rerolls the lowest when the kept
			// face would not reach the difficulty (thr = diff - mod - 1, at least 1).
			thr := min(max(tc.diff-mod-1, 1), 9)
			casts, dropped := enumerateCast(2, thr)
			defI := tc.tgt.Stats.I
			extra := map[int]int{1: -2, 2: 0, 3: 2}[tc.ap]
			if tc.awakened {
				extra += defI
			}
			defRolls, d2 := enumerateRoll(tc.tgt.Level)
			dropped += d2
			// stop(k, t): P(defence roll with k AP stops total t): not a CF and
			// dice + k x I + extra >= t (ties to the defender, R6).
			stop := func(k, t int) (s, cf float64) {
				for r, q := range defRolls {
					switch {
					case r.cf:
						cf += q
					case r.value+k*defI+extra >= t:
						s += q
					}
				}
				return s, cf
			}
			var pSucc, pReached, eAP, pDefCF float64
			for cr, q := range casts {
				t0 := cr.value + mod
				if cr.cf || t0 < tc.diff {
					continue
				}
				pReached += q
				bestK, bestV := -1, 0.0
				for k := 0; k <= min(3, tc.tgt.AP); k++ {
					s, _ := stop(k, t0)
					v := (1-s)*tc.harm + float64(k)*tc.apValue
					if bestK < 0 || v < bestV-1e-12 {
						bestK, bestV = k, v
					}
				}
				s, cf := stop(bestK, t0)
				pSucc += q * (1 - s)
				pDefCF += q * cf
				eAP += q * float64(bestK)
			}
			tol := 1e-9 + 4*dropped
			for _, c := range []struct {
				what      string
				got, want float64
			}{
				{"p_success", got.PSuccess, pSucc},
				{"p_reached_difficulty", got.PReached, pReached},
				{"expected_defence_ap", got.ExpectedDefenceAP, eAP},
				{"p_defence_critical_failure", got.PDefenceCF, pDefCF},
			} {
				if math.Abs(c.got-c.want) > tol {
					t.Errorf("%s: exact %.12f, enumeration %.12f", c.what, c.got, c.want)
				}
			}
			if tc.amountMax > 0 {
				// The amount: nD5 enumerated, scaled by the success probability.
				n := tc.amountMax / 5
				pmf := map[int]float64{0: 1 - pSucc}
				var rec func(i, s int, p float64)
				rec = func(i, s int, p float64) {
					if i == n {
						pmf[s] += pSucc * p
						return
					}
					for f := 1; f <= 10; f++ {
						rec(i+1, s+(f+1)/2, p/10)
					}
				}
				rec(0, 0, 1)
				for v := range slices.Max([]int{len(got.AmountPMF), tc.amountMax + 1}) {
					w := pmf[v]
					g := 0.0
					if v < len(got.AmountPMF) {
						g = got.AmountPMF[v]
					}
					if math.Abs(g-w) > tol {
						t.Errorf("amount_pmf[%d]: exact %.12f, enumeration %.12f", v, g, w)
					}
				}
			}
		})
	}
}

// enumerateCast lists the outcomes of a roll of level d10 keeping the best, the
// lowest die rerolled once when the kept face is at most thr (R4), then CH and CF
// as enumerateRoll does.
func enumerateCast(level, thr int) (out map[bruteRoll]float64, dropped float64) {
	out = map[bruteRoll]float64{}
	ex, dr := enumerateRoll(1)
	// enumerateRoll(1) gives a single die's outcomes: reuse its explosion by
	// mapping a kept face through it: a face f < 10 is itself, a 10 explodes.
	tens := map[bruteRoll]float64{}
	for r, q := range ex {
		if r.ch {
			tens[r] = q * 10 // conditional on the 10
		}
	}
	dropped = dr
	faces := make([]int, level)
	keep := func(kept int, p float64) {
		switch {
		case kept == 1:
			out[bruteRoll{value: 1, cf: true}] += p
		case kept == 10:
			for r, q := range tens {
				out[r] += p * q
			}
		default:
			out[bruteRoll{value: kept}] += p
		}
	}
	var roll func(i int, p float64)
	roll = func(i int, p float64) {
		if i == level {
			kept := slices.Max(faces)
			if kept > thr {
				keep(kept, p)
				return
			}
			lo := slices.Index(faces, slices.Min(faces))
			old := faces[lo]
			for d := 1; d <= 10; d++ {
				faces[lo] = d
				keep(slices.Max(faces), p/10)
			}
			faces[lo] = old
			return
		}
		for d := 1; d <= 10; d++ {
			faces[i] = d
			roll(i+1, p/10)
		}
	}
	roll(0, 1)
	return out, dropped
}

// TestCasterNotModelledInDuels checks what a duel involving a caster says of its
// spells now that fights cast (sim/magic_fight.go; docs/rules.md "Magic"): the
// spells whose effects are not played, by name; nothing of the spells played
// (damage, healing); that a Safar with esoteric dice but no way casts nothing.
// Before casting was played every one of them said "spells (magic is out of
// scope)".
func TestCasterNotModelledInDuels(t *testing.T) {
	plain := sim.NewFighter(target("plain", 1, 3, nil), nil)
	withSpells := func(p *profiles.Profile, spells ...*profiles.Spell) *profiles.Profile {
		for _, s := range spells {
			p.Magic.Spells = append(p.Magic.Spells, s.ID)
			p.Magic.Known = append(p.Magic.Known, s)
		}
		return p
	}
	for _, c := range []struct {
		p          *profiles.Profile
		want, none []string
	}{
		{p: withSpells(mage("hexer", 1, 4, profiles.Osteomancy, nil), bolt, hex),
			want: []string{"spell hex (debuff) (hexer)"}, none: []string{"bolt", "out of scope"}},
		{p: target("esoteric-dice", 1, 4, nil, profiles.Esoteric),
			want: []string{"spells (no way and no spells in the data: it casts nothing) (esoteric-dice)"}},
		{p: withSpells(mage("bolter", 1, 4, profiles.Osteomancy, nil), bolt), none: []string{"bolt", "spell"}},
	} {
		nm := (&sim.Duel{A: sim.NewFighter(c.p, nil), B: plain}).NotModelled()
		for _, w := range c.want {
			if !slices.Contains(nm, w) {
				t.Errorf("%s: not modelled %q, want it to hold %q", c.p.ID, nm, w)
			}
		}
		for _, n := range c.none {
			if strings.Contains(strings.Join(nm, "; "), n) {
				t.Errorf("%s: not modelled %q names %q", c.p.ID, nm, n)
			}
		}
	}
	// Without a caster nothing of magic is listed (the rules table's rows,
	// sim/rules.go, are listed for every duel).
	for _, n := range (&sim.Duel{A: plain, B: plain}).NotModelled() {
		if strings.Contains(n, "spell") || strings.Contains(n, "magic") {
			t.Errorf("no caster: not modelled %q", n)
		}
	}
}

// BenchmarkCastSample measures the cast sampler on a defended basic cast with
// mastery on both sides.
func BenchmarkCastSample(b *testing.B) {
	sm, err := castCases()[1].c().NewSampler()
	if err != nil {
		b.Fatal(err)
	}
	r := rand.NewPCG(1, 0)
	b.ReportAllocs()
	for b.Loop() {
		sm.Sample(r)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "casts/s")
}

// BenchmarkCastExact measures the exact engine on the same cast.
func BenchmarkCastExact(b *testing.B) {
	for b.Loop() {
		if _, err := castCases()[1].c().Exact(); err != nil {
			b.Fatal(err)
		}
	}
}
