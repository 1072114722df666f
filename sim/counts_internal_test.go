package sim

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// countsSafar returns an invented level 1 Safar with T and I printed, the
// traits and the recounts given.
func countsSafar(id string, t, i int, traits []string, counts ...profiles.StatCount) *Fighter {
	p := &profiles.Profile{ID: id, Name: id, Level: 1, Stats: profiles.Stats{V: 4, P: 3, A: 3, C: 3, T: t, I: i},
		Stature: 3, AP: 5, HP: 10, Traits: traits, StatCounts: counts}
	return NewFighter(p, nil)
}

// TestStatCounts checks the counts in play (catalogue.md 3.8, "Counts in
// play": "recompute when the stat is used (a temerity test), counting the
// models matching of that are on the table and not defeated, with the floor
// rule"; skills.md section 3 patterns C1, C2): T = the number of its kind in
// play (the printed value a floor), T = the highest printed T of its order in
// play (its own a floor), I = printed + 1 per Safar of a kind; enemies and
// the defeated do not count.
func TestStatCounts(t *testing.T) {
	kind := profiles.Selector{Traits: []string{"peat"}}
	count := profiles.StatCount{Stat: profiles.T, Kind: profiles.CountEquals, Of: kind}
	peat := countsSafar("invented-peat-1", 1, 2, []string{"peat"}, count)
	order := profiles.Selector{Traits: []string{"order"}}
	sister := countsSafar("invented-sister-2", 3, 2, []string{"order", "guide"},
		profiles.StatCount{Stat: profiles.T, Kind: profiles.CountMax, Of: order},
		profiles.StatCount{Stat: profiles.I, Kind: profiles.CountPer, Of: profiles.Selector{Traits: []string{"guide"}}, Amount: 1})
	elder := countsSafar("invented-elder-3", 7, 5, []string{"order", "guide"})
	foe := countsSafar("invented-peat-2", 2, 2, []string{"peat", "order"})
	e := battle(t, []*Fighter{peat, peat, peat, sister, elder}, []*Fighter{foe, foe})
	for i := range e.c {
		e.c[i].pos = field.Vec{X: 1 + 2*float64(i), Y: 7.5}
	}
	check := func(what string, i int, ch profiles.Char, want int) {
		t.Helper()
		if got := e.statOf(i, ch); got != want {
			t.Errorf("%s: %s = %d, want %d", what, ch, got, want)
		}
	}
	check("three peats in play", 0, profiles.T, 3) // enemies of the kind not counted
	check("the order's best T", 3, profiles.T, 7)
	check("I + 1 per guide", 3, profiles.I, 2+2)
	e.take(1, 5, 100)
	check("one peat defeated", 0, profiles.T, 2)
	e.take(2, 5, 100)
	check("alone", 0, profiles.T, 1)
	e.take(0, 5, 100)
	check("itself defeated: its printed floor", 0, profiles.T, 1)
	e.take(4, 5, 100)
	check("the elder defeated: its own T", 3, profiles.T, 3)
	check("I + 1, itself", 3, profiles.I, 3)
	if d := e.recounted(4, profiles.T); d != 0 {
		t.Errorf("a card without counts recounted by %d", d)
	}
}

// TestStatCountsTerror checks that a temerity test against terror reads the
// recounted T (seed 000 lines 1276-1304: T + 1D10 against the terror, a
// natural 1 failing): a Safar printed T 1 whose T is the number of its kind in
// play, three of them, passes against terror 12 when the d10 shows 9 or 10
// (3 + 9 >= 12), P = 0.2 exactly; alone, never (1 + 10 < 12). Sampled,
// against the 99.99% Wilson interval.
func TestStatCountsTerror(t *testing.T) {
	kind := profiles.Selector{Traits: []string{"peat"}}
	peat := countsSafar("invented-peat-1", 1, 2, []string{"peat"}, profiles.StatCount{Stat: profiles.T, Kind: profiles.CountEquals, Of: kind})
	terror := countsSafar("invented-horror-3", 8, 2, nil)
	terror.Profile.Skills = []profiles.Skill{{Name: profiles.SkillTerror, Value: 12}}
	terror = NewFighter(terror.Profile, nil)
	e := battle(t, []*Fighter{peat, peat, peat}, []*Fighter{terror})
	place := func() {
		e.c[0].pos = field.Vec{X: 7.5, Y: 7.5}
		e.c[3].pos = field.Vec{X: 7.5 + e.c[0].radius + e.c[3].radius, Y: 7.5}
		e.c[1].pos = field.Vec{X: 1, Y: 1} // far: no +2 for an ally in its zone
		e.c[2].pos = field.Vec{X: 14, Y: 1}
	}
	place()
	r := rand.NewPCG(12, 1)
	const n = 100000
	pass := 0
	for range n {
		c := &e.c[0]
		c.terrorPassed, c.terrorPending, c.fails, c.ap = false, false, 0, 5
		if e.terrorTest(r, 0) && c.terrorPassed {
			pass++
		}
	}
	const want = 0.2 // d10 in {9, 10}
	lo, hi := wilson(pass, n)
	if want < lo || want > hi {
		t.Errorf("terror test with T recounted to 3: %d of %d passed, 99.99%% interval [%.4f, %.4f], exact %.2f", pass, n, lo, hi, want)
	}
	e.take(1, 3, 100)
	e.take(2, 3, 100)
	for range 1000 {
		c := &e.c[0]
		c.terrorPassed, c.terrorPending, c.fails, c.ap = false, false, 0, 5
		if e.terrorTest(r, 0); c.terrorPassed {
			t.Fatal("alone (T 1), it passed a terror 12 test")
		}
	}
}

// wilson returns the 99.99% Wilson interval of k successes in n trials.
func wilson(k, n int) (lo, hi float64) {
	const z = 3.8906 // two-sided 99.99%
	p, nn := float64(k)/float64(n), float64(n)
	d := 1 + z*z/nn
	c := (p + z*z/(2*nn)) / d
	h := z * math.Sqrt(p*(1-p)/nn+z*z/(4*nn*nn)) / d
	return c - h, c + h
}
