package dice_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/kharn-ages/kharn/internal/longtest"
	"github.com/kharn-ages/kharn/sim/dice"
	"github.com/kharn-ages/kharn/stats"
)

// rolls calls f with every one of the 10^n rolls of n d10, in lexicographic order.
func rolls(n int, f func(ds []int)) {
	ds := make([]int, n)
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			f(ds)
			return
		}
		for d := 1; d <= 10; d++ {
			ds[i] = d
			rec(i + 1)
		}
	}
	rec(0)
}

// bruteFaces enumerates every roll of the pool, an enemy's forced reroll of the
// highest die (ForcedFrom), the Fate reroll of the lowest die (a dice-tool
// spell), the Aura reroll of the lowest die (an ally's aura), the mastery reroll of the lowest die and the Master reroll of the
// whole pool included, then a kept d10 (Stored) in place of the kept die when
// higher, and returns the distribution of the kept face split by
// whether a mastery die was spent (R1, R4). It counts outcomes in integers over
// the common denominator 10^(2n+4), so the only rounding is the final division.
func bruteFaces(p dice.Pool) [2][11]float64 {
	n := p.Dice
	pow10 := func(k int) int64 { return int64(math.Pow10(k)) }
	// Kept face of a fresh roll of n dice, by enumeration: used by the Master
	// reroll of the whole pool.
	var fresh [11]int64
	rolls(n, func(ds []int) { fresh[slices.Max(ds)]++ })

	var count [2][11]int64 // over 10^(2n+4)
	// finish applies the Master reroll to a kept face of weight w.
	// and then a kept d10 (Stored) in place of the kept die when higher.
	finish := func(used, face int, w int64) {
		if p.RerollAll > 0 && face <= p.RerollAll {
			for f, c := range fresh {
				if c != 0 {
					count[used][max(f, p.Stored)] += w * c
				}
			}
			return
		}
		count[used][max(face, p.Stored)] += w * pow10(n)
	}
	// reroll rolls die i of ds again and calls f with each new roll.
	reroll := func(ds []int, i int, f func(re []int)) {
		for d := 1; d <= 10; d++ {
			re := slices.Clone(ds)
			re[i] = d
			f(re)
		}
	}
	lowest := func(ds []int) int { return slices.Index(ds, slices.Min(ds)) }
	// mastery applies the mastery reroll to dice ds of weight w (over 10^(n+3)
	// for one roll, as the forced, Fate and Aura rerolls left it).
	mastery := func(ds []int, w int64) {
		kept := slices.Max(ds)
		if p.Reroll == 0 || kept > p.Reroll {
			finish(0, kept, 10*w)
			return
		}
		// R4: a mastery die rerolls the lowest die (seed 000 line 367: "She only
		// rolls 2 and 3. Thus she will decide to use one of her mastery dice to
		// reroll the 2").
		reroll(ds, lowest(ds), func(re []int) { finish(1, slices.Max(re), w) })
	}
	// aura: an ally's aura's free reroll of the lowest die, after Fate.
	aura := func(ds []int, w int64) {
		if p.Aura == 0 || slices.Max(ds) > p.Aura {
			mastery(ds, 10*w)
			return
		}
		reroll(ds, lowest(ds), func(re []int) { mastery(re, w) })
	}
	fate := func(ds []int, w int64) {
		if p.Fate == 0 || slices.Max(ds) > p.Fate {
			aura(ds, 10*w)
			return
		}
		reroll(ds, lowest(ds), func(re []int) { aura(re, w) })
	}
	rolls(n, func(ds []int) {
		if p.ForcedFrom == 0 || slices.Max(ds) < p.ForcedFrom {
			fate(ds, 10)
			return
		}
		// The enemy's player picks the die: the highest.
		reroll(ds, slices.Index(ds, slices.Max(ds)), func(re []int) { fate(re, 1) })
	})
	var out [2][11]float64
	for u := range out {
		for f := range out[u] {
			out[u][f] = float64(count[u][f]) / float64(pow10(2*n+4))
		}
	}
	return out
}

// TestFacesAuraBruteForce checks the Aura reroll of an ally's aura
// (skills.md section 3, pattern D: "one free reroll of one die per
// defence"), alone and after a Fate reroll, before the mastery and Master
// rerolls, against the enumeration of every roll.
func TestFacesAuraBruteForce(t *testing.T) {
	for n := 1; n <= 3; n++ {
		for _, aura := range []int{1, 4, 7, 10} {
			for _, fate := range []int{0, 5} {
				for _, reroll := range []int{0, 6} {
					for _, all := range []int{0, 3} {
						checkBruteFaces(t, dice.Pool{Dice: n, Aura: aura, Fate: fate, Reroll: reroll, RerollAll: all, CFMax: 1})
					}
				}
			}
		}
	}
	// A second free reroll helps: the face of 2 dice at most 4, rerolled.
	with, without := dice.Pool{Dice: 2, Aura: 4}.Faces(), dice.Pool{Dice: 2}.Faces()
	lowW, lowWO := 0.0, 0.0
	for f := 1; f <= 4; f++ {
		lowW, lowWO = lowW+with[f], lowWO+without[f]
	}
	if want := 0.16 * 0.4; math.Abs(lowW-want) > 1e-12 || math.Abs(lowWO-0.16) > 1e-12 {
		t.Errorf("2 dice kept at most 4: %.4f with the aura reroll (want 0.16 x 0.4), %.4f without (want 0.16)", lowW, lowWO)
	}
}

func TestFacesBruteForce(t *testing.T) {
	for n := 1; n <= 4; n++ {
		for _, reroll := range []int{0, 1, 3, 5, 9, 10} {
			for _, all := range []int{0, 2, 5} {
				for _, fate := range []int{0, 4, 10} {
					for _, forced := range []int{0, 1, 6, 10} {
						for _, stored := range []int{0, 4, 10} {
							if stored > 0 && (n == 4 || all == 2) {
								continue // enough cases, and n = 4 is the slowest
							}
							p := dice.Pool{Dice: n, Reroll: reroll, RerollAll: all, Fate: fate, ForcedFrom: forced, Stored: stored}
							checkBruteFaces(t, p)
						}
					}
				}
			}
		}
	}
}

// checkBruteFaces compares p.SplitFaces and p.Faces with bruteFaces.
func checkBruteFaces(t *testing.T, p dice.Pool) {
	t.Helper()
	want := bruteFaces(p)
	got := p.SplitFaces()
	faces := p.Faces()
	total := 0.0
	for f := 1; f <= 10; f++ {
		for u := range 2 {
			if math.Abs(got[u][f]-want[u][f]) > 1e-14 {
				t.Errorf("%+v: SplitFaces[%d][%d] = %.17g, brute force %.17g", p, u, f, got[u][f], want[u][f])
			}
		}
		if d := faces[f] - (want[0][f] + want[1][f]); math.Abs(d) > 1e-14 {
			t.Errorf("%+v: Faces[%d] off by %g", p, f, d)
		}
		total += faces[f]
	}
	if math.Abs(total-1) > 1e-14 || faces[0] != 0 {
		t.Errorf("%+v: Faces sums to %.17g, face 0 has %g", p, total, faces[0])
	}
}

// TestExplosion checks the critical rerolls of R2 (seed 000 lines 189-193: "If the
// result of the reroll is not a CF: it is added to the total ... If the reroll
// result is a CF ... you don't add anything ... If the reroll result is a new CH:
// you add the result and you can reroll again"). Each reroll adds d with
// probability 1/10 for d above the CF range and goes on for d in the critical
// range, so the mean added is
//
//	E = (sum of d from CFMax+1 to 10)/10 / (1 - (11-CritFrom)/10).
func TestExplosion(t *testing.T) {
	for _, p := range []dice.Pool{
		{Dice: 1},                         // no CF range: every reroll adds
		{Dice: 1, CFMax: 1},               // melee: E = 5.4/0.9 = 6
		{Dice: 1, CFMax: 2},               // shots
		{Dice: 1, CFMax: 3},               // the AV shot
		{Dice: 2, CFMax: 1, CritFrom: 9},  // "CH = 9-10" weapon: E = 5.4/0.8
		{Dice: 3, CFMax: 0, CritFrom: 9},  // Specialist with a 9-10 weapon
		{Dice: 1, CFMax: 3, CritFrom: 9},  // both ranges widened
		{Dice: 2, CFMax: 2, Reroll: 5},    // the mastery policy does not change rerolls
		{Dice: 3, CFMax: 1, RerollAll: 4}, // nor does Master
	} {
		cf := p.CritFrom
		if cf == 0 {
			cf = 10
		}
		ex := p.Explosion()
		sum, mean := 0.0, 0.0
		for v, q := range ex {
			sum += q
			mean += float64(v) * q
		}
		num := 0.0
		for d := p.CFMax + 1; d <= 10; d++ {
			num += float64(d) / 10
		}
		want := num / (1 - float64(11-cf)/10)
		if math.Abs(sum-1) > 1e-12 {
			t.Errorf("%+v: Explosion sums to %.17g", p, sum)
		}
		if math.Abs(mean-want) > 1e-9 {
			t.Errorf("%+v: Explosion mean %.15g, closed form %.15g", p, mean, want)
		}
		// A reroll in the CF range adds 0 and stops (R2): ex[0] is exactly the CF
		// range's share of the first reroll.
		if got := ex[0]; math.Abs(got-float64(p.CFMax)/10) > 1e-15 {
			t.Errorf("%+v: P(reroll adds 0) = %g, want %g", p, got, float64(p.CFMax)/10)
		}
	}
}

// TestDistCF checks the CF masses of R3: the kept die is the highest, so a CF needs
// every die in the CF range: 1 in melee, 1-2 for shots, 1-3 for the AV shot and none
// for a Specialist (seed 000 line 186 "The 1 represents a CRITICAL FAILURE", line
// 968 "a shooter will roll a CF on 1 and 2", line 1017 "CF on 1, 2 and 3", line 1658
// "Specialist X ... does not consider the natural 1 as CF").
func TestDistCF(t *testing.T) {
	for n := 1; n <= 4; n++ {
		for _, cfMax := range []int{0, 1, 2, 3} {
			for _, crit := range []int{9, 10} {
				p := dice.Pool{Dice: n, CFMax: cfMax, CritFrom: crit}
				d := p.Dist()
				want := math.Pow(float64(cfMax)/10, float64(n))
				if math.Abs(d.CF-want) > 1e-15 {
					t.Errorf("%+v: CF = %.17g, want %.17g", p, d.CF, want)
				}
				wantCH := 1 - math.Pow(float64(crit-1)/10, float64(n))
				if math.Abs(d.PCrit()-wantCH) > 1e-12 {
					t.Errorf("%+v: P(CH) = %.17g, want %.17g", p, d.PCrit(), wantCH)
				}
				if total := d.CF + d.AtLeast(0); math.Abs(total-1) > 1e-12 {
					t.Errorf("%+v: Dist sums to %.17g", p, total)
				}
				// A plain result is a face above the CF range and below the critical one.
				for v, q := range d.Plain {
					if q != 0 && (v <= cfMax || v >= crit) {
						t.Errorf("%+v: Plain[%d] = %g outside (%d, %d)", p, v, q, cfMax, crit)
					}
				}
			}
		}
	}
}

// TestD10Uniform is a chi-square test of D10 with 9 degrees of freedom on a seeded
// PCG, at the 99.99% quantile (from gonum's distuv.ChiSquared).
func TestD10Uniform(t *testing.T) {
	n := 1_000_000
	if !longtest.Enabled() || raceEnabled {
		n = 100_000
	}
	r := rand.NewPCG(1, 0)
	var count [11]int
	for range n {
		count[dice.D10(r)]++
	}
	if count[0] != 0 {
		t.Fatalf("D10 returned 0 %d times", count[0])
	}
	e := float64(n) / 10
	chi2 := 0.0
	for f := 1; f <= 10; f++ {
		chi2 += (float64(count[f]) - e) * (float64(count[f]) - e) / e
	}
	crit := distuv.ChiSquared{K: 9}.Quantile(0.9999)
	if chi2 > crit {
		t.Errorf("chi-square %.2f > %.2f (9 df, 99.99%%): counts %v", chi2, crit, count[1:])
	}
	// D5 = ceil(d10/2): 1..5, each 1/5.
	var c5 [6]int
	for range n {
		c5[dice.D5(r)]++
	}
	for f := 1; f <= 5; f++ {
		lo, hi := stats.Wilson(c5[f], n, 0.9999)
		if 0.2 < lo || 0.2 > hi || c5[0] != 0 {
			t.Errorf("D5 face %d: %d of %d, 99.99%% interval [%g, %g] misses 0.2", f, c5[f], n, lo, hi)
		}
	}
}

// TestRollMatchesDist checks Pool.Roll against the exact Dist: every outcome's
// frequency in a seeded sample of 10^6 rolls (10^5 unless KHARN_LONG is set, and under -race) has the
// exact probability inside its 99.99% Wilson interval.
func TestRollMatchesDist(t *testing.T) {
	n := 1_000_000
	if !longtest.Enabled() || raceEnabled {
		n = 100_000
	}
	for i, p := range []dice.Pool{
		{Dice: 1, CFMax: 1},
		{Dice: 2, CFMax: 2, CritFrom: 9, Reroll: 4},
		{Dice: 3, CFMax: 1, Reroll: 5, RerollAll: 3},
		{Dice: 2, CFMax: 3, RerollAll: 6},
		{Dice: 1, CFMax: 0, CritFrom: 9, Reroll: 7},
		{Dice: 1, CFMax: 1, Fate: 5},               // rooted-fate on a level I attack
		{Dice: 2, CFMax: 1, Fate: 6, Reroll: 6},    // and a mastery die after it
		{Dice: 3, CFMax: 2, Fate: 4, RerollAll: 4}, // and Master X
		// A charm's bonus on a mastery reroll (sim/items.go), with and
		// without the Master X reroll after it.
		{Dice: 1, CFMax: 1, Reroll: 5, RerollBonus: 2},
		{Dice: 2, CFMax: 2, Reroll: 4, RerollAll: 3, RerollBonus: 3},
		{Dice: 2, CFMax: 1, Fate: 5, Reroll: 6, RerollBonus: 2}, // both
		// An enemy's forced reroll of the highest die (sim/forced.go), alone
		// and before the roller's own rerolls.
		{Dice: 1, CFMax: 1, ForcedFrom: 6},
		{Dice: 3, CFMax: 1, ForcedFrom: 4, Reroll: 5},
		{Dice: 2, CFMax: 2, CritFrom: 9, ForcedFrom: 7, Fate: 5, RerollAll: 3},
		// A result fixed by a spell (sim/fixed.go): the rerolls are not used.
		{Dice: 2, CFMax: 1, Fixed: 6, Reroll: 5, ForcedFrom: 6},
		// A kept d10 (sim/stored.go): alone, in the critical range, and
		// between a forced reroll and a mastery die.
		{Dice: 1, CFMax: 1, Stored: 6},
		{Dice: 2, CFMax: 2, CritFrom: 9, Stored: 9},
		{Dice: 3, CFMax: 1, Stored: 5, ForcedFrom: 6, Reroll: 5},
	} {
		t.Run(fmt.Sprintf("%+v", p), func(t *testing.T) {
			t.Parallel()
			r := rand.NewPCG(uint64(i)+1, 0)
			split := p.SplitDist()
			exact := p.Dist()
			var cf, mastery, master int
			plain := make([]int, len(exact.Plain))
			crit := make([]int, len(exact.Crit))
			for range n {
				res := p.Roll(r)
				switch {
				case res.Failure:
					cf++
				case res.Critical:
					crit = bump(crit, res.Value)
				default:
					plain = bump(plain, res.Value)
				}
				if res.Mastery {
					mastery++
				}
				if res.MasterUse {
					master++
				}
				if res.Failure && res.Critical {
					t.Fatalf("a roll is both CF and CH: %+v", res)
				}
			}
			checkPMF(t, "CF", []int{cf}, n, []float64{exact.CF})
			pm := 0.0
			for _, q := range split[1].Plain {
				pm += q
			}
			checkPMF(t, "mastery die spent", []int{mastery}, n, []float64{split[1].CF + split[1].PCrit() + pm})
			checkPMF(t, "plain value", plain, n, exact.Plain)
			checkPMF(t, "CH value", crit, n, exact.Crit)
			if p.RerollAll == 0 && master != 0 {
				t.Errorf("Master reroll used %d times with RerollAll 0", master)
			}
		})
	}
}

func TestBest(t *testing.T) {
	n := 200_000
	r := rand.NewPCG(7, 0)
	for dn := 1; dn <= 3; dn++ {
		var c [11]int
		for range n {
			c[dice.Best(r, dn)]++
		}
		want := dice.Pool{Dice: dn}.Faces()
		for f := 1; f <= 10; f++ {
			if lo, hi := stats.Wilson(c[f], n, 0.9999); want[f] < lo || want[f] > hi {
				t.Errorf("Best(%d) face %d: %d of %d, exact %g outside [%g, %g]", dn, f, c[f], n, want[f], lo, hi)
			}
		}
	}
}

func bump(c []int, i int) []int {
	for len(c) <= i {
		c = append(c, 0)
	}
	c[i]++
	return c
}

// minExpected is the smallest expected count checkPMF tests alone.
const minExpected = 20

// checkPMF asserts that the exact probability of every outcome lies inside the
// 99.99% Wilson interval of its frequency, counts[i] of n draws against exact[i],
// rare outcomes pooled as stats.CheckPMF does.
func checkPMF(t *testing.T, what string, counts []int, n int, exact []float64) {
	t.Helper()
	_, bad := stats.CheckPMF(counts, n, exact, minExpected, 0.9999)
	for _, b := range bad {
		t.Errorf("%s [%d, %d): %d of %d, 99.99%% interval [%.6g, %.6g], exact %.6g", what, b.Start, b.End, b.Count, n, b.Lo, b.Hi, b.Exact)
	}
}

// TestRerollBonusShift checks that a charm's bonus (RerollBonus) raises by
// itself the value of every roll on which a mastery die is spent, and of no
// other: the split of the pool without it, shifted.
func TestRerollBonusShift(t *testing.T) {
	p := dice.Pool{Dice: 2, CFMax: 1, Reroll: 5}
	q := p
	q.RerollBonus = 2
	a, b := p.SplitDist(), q.SplitDist()
	if !slices.Equal(a[0].Plain, b[0].Plain) || !slices.Equal(a[0].Crit, b[0].Crit) {
		t.Errorf("no mastery die spent: the bonus changed the roll")
	}
	for v, w := range a[1].Plain {
		if got := b[1].Plain[v+2]; got != w {
			t.Errorf("mastery die spent, plain value %d: P = %g with the bonus at %d, want %g", v, got, v+2, w)
		}
	}
	if b[1].CF != a[1].CF || b[1].PCrit() != a[1].PCrit() {
		t.Errorf("the bonus changed the CF (%g, want %g) or the CH (%g, want %g): they are read on the die (R2, R3)", b[1].CF, a[1].CF, b[1].PCrit(), a[1].PCrit())
	}
	// The kept value of a sampled roll with a mastery die spent is its face
	// plus the bonus.
	r := rand.NewPCG(3, 0)
	for range 1000 {
		res := q.Roll(r)
		if res.Mastery && !res.Critical && res.Value != res.Face+2 {
			t.Fatalf("mastery die spent: value %d, face %d: want face + 2", res.Value, res.Face)
		}
		if !res.Mastery && res.Value != res.Face && !res.Critical {
			t.Fatalf("no mastery die: value %d, face %d", res.Value, res.Face)
		}
	}
}

// TestFixedResult checks a result fixed by a dice-tool spell (Pool.Fixed,
// "a roll's result fixed at the caster's I + 2", skills.md 4.3): the kept face
// and the value are the fixed one whatever the pool's rerolls, with no CF even
// in the CF range and no CH even in the critical range, no mastery die spent,
// and no die drawn.
func TestFixedResult(t *testing.T) {
	for _, p := range []dice.Pool{
		{Dice: 1, CFMax: 1, Fixed: 6},
		{Dice: 3, CFMax: 2, Fixed: 1, Reroll: 9, RerollAll: 5, Fate: 9},       // in the CF range
		{Dice: 2, CFMax: 1, CritFrom: 9, Fixed: 10, ForcedFrom: 1, Reroll: 9}, // in the critical range
	} {
		faces := p.SplitFaces()
		d := p.Dist()
		if faces[0][p.Fixed] != 1 || d.CF != 0 || d.PCrit() != 0 || d.Plain[p.Fixed] != 1 {
			t.Errorf("%+v: faces %v, dist %+v", p, faces, d)
		}
		r, ref := rand.NewPCG(1, 2), rand.NewPCG(1, 2)
		for range 100 {
			if got, want := p.Roll(r), (dice.Result{Face: p.Fixed, Value: p.Fixed}); got != want {
				t.Fatalf("%+v: Roll %+v, want %+v", p, got, want)
			}
		}
		if r.Uint64() != ref.Uint64() {
			t.Errorf("%+v: a fixed result drew dice", p)
		}
	}
}

// TestBoost checks an ally's aura's "+1D10 to the final total" of an attack
// (Pool.Boost, skills.md section 3, pattern D): one die, CF 1, boost up to
// 5: a face of 2-5 has a plain d10 added (values 3 to 15, 0.04 x 0.1 each
// from the four faces), 6-9 stay, the CF and the CH are the die's (R2, R3);
// with a charm's bonus on a mastery reroll, the d10 comes on top; sampled
// rolls agree with Dist at 99.99%, and BoostUse says when the d10 was added.
func TestBoost(t *testing.T) {
	p := dice.Pool{Dice: 1, CFMax: 1, Boost: 5}
	d := p.Dist()
	for v := 0; v < len(d.Plain); v++ {
		want := 0.0
		for f := 2; f <= 5; f++ {
			if k := v - f; k >= 1 && k <= 10 {
				want += 0.01
			}
		}
		if v >= 6 && v <= 9 {
			want += 0.1
		}
		if math.Abs(d.Plain[v]-want) > 1e-15 {
			t.Errorf("plain value %d: P = %g, want %g", v, d.Plain[v], want)
		}
	}
	if plain := (dice.Pool{Dice: 1, CFMax: 1}).Dist(); math.Abs(d.CF-plain.CF) > 1e-15 || math.Abs(d.PCrit()-plain.PCrit()) > 1e-15 {
		t.Errorf("CF %g, CH %g; without the boost %g, %g", d.CF, d.PCrit(), plain.CF, plain.PCrit())
	}
	for _, q := range []dice.Pool{p, {Dice: 2, CFMax: 2, Boost: 5, Reroll: 4, RerollBonus: 2, Fate: 3}} {
		r := rand.NewPCG(8, 1)
		const n = 200_000
		want := q.Dist()
		counts := make([]int, len(want.Plain))
		cf, crit := 0, 0
		for range n {
			res := q.Roll(r)
			base := res.Face
			if res.Mastery {
				base += q.RerollBonus
			}
			switch {
			case res.Failure:
				cf++
			case res.Critical:
				crit++
			default:
				counts[res.Value]++
				if res.BoostUse != (res.Face <= q.Boost) || !res.BoostUse && res.Value != base || res.BoostUse && (res.Value <= base || res.Value > base+10) {
					t.Fatalf("%+v: face %d, value %d, boost used %v", q, res.Face, res.Value, res.BoostUse)
				}
			}
		}
		checkPMF(t, "boosted plain values", counts, n, want.Plain)
		checkPMF(t, "boosted CF and CH", []int{cf, crit}, n, []float64{want.CF, want.PCrit()})
	}
}

// TestCFReroll checks the free reroll of a CF (Pool.CFReroll, skills.md
// section 3, pattern D: "once per game, it and its allies may reroll one CF
// for free"): one die, CF 1: a CF is 0.1 x 0.1; two dice, CF 1-2 (a shot):
// 0.04 x 0.2; the faces above the CF range gain what the reroll gives; with
// mastery and Master rerolls before it, sampled rolls agree with Faces at
// 99.99%, and CFRerollUse says when it was used.
func TestCFReroll(t *testing.T) {
	for _, c := range []struct {
		p    dice.Pool
		want float64
	}{
		{dice.Pool{Dice: 1, CFMax: 1, CFReroll: true}, 0.01},
		{dice.Pool{Dice: 2, CFMax: 2, CFReroll: true}, 0.04 * 0.2},
	} {
		f := c.p.Faces()
		cf := 0.0
		for k := 1; k <= c.p.CFMax; k++ {
			cf += f[k]
		}
		if math.Abs(cf-c.want) > 1e-15 {
			t.Errorf("%+v: CF %g, want %g", c.p, cf, c.want)
		}
	}
	for _, p := range []dice.Pool{{Dice: 1, CFMax: 1, CFReroll: true}, {Dice: 3, CFMax: 2, Reroll: 4, RerollAll: 2, Fate: 3, CFReroll: true}} {
		want := p.Faces()
		r := rand.NewPCG(4, 2)
		const n = 200_000
		counts := make([]int, 11)
		for range n {
			res := p.Roll(r)
			counts[res.Face]++
			if res.CFRerollUse && res.Face > p.CFMax && res.Failure || res.Failure && !res.CFRerollUse {
				t.Fatalf("%+v: face %d, CF %v, CF reroll used %v", p, res.Face, res.Failure, res.CFRerollUse)
			}
		}
		checkPMF(t, "faces with a CF reroll", counts, n, want[:])
	}
}
