package sim_test

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
	"github.com/kharn-ages/kharn/stats"
)

// terrifying returns profile id of the embedded data with "terror: x" on its card
// (the embedded data has no terrifying Safar).
func terrifying(t testing.TB, id string, x int) *sim.Fighter {
	t.Helper()
	ds := profiles.Default()
	base, err := ds.Profile(id)
	if err != nil {
		t.Fatal(err)
	}
	p := *base
	p.Skills = append(slices.Clone(p.Skills), profiles.Skill{Name: "terror", Value: x})
	lo, err := ds.Equip(base, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return sim.NewFighter(&p, lo.Items(ds))
}

// TestTerrorTest checks the temerity test against terror (seed 000 lines
// 1276-1304) in duels of a terrifying tembo-elder-3 (terror 13) against
// kherops-warrior-1 (T 4), engaged at the start: the warrior's first test, at the
// start of its first activation with the tembo in its zone of control and no ally
// or leader to help, fails with probability P(1D10 = 1 or 4 + 1D10 < 13) = 8/10
// (faces 1-8). The sampled rate of the first tests must hold it in its 99.99%
// Wilson interval. A terrifying Safar is impervious to terror: in the mirror of
// two, no test is taken.
func TestTerrorTest(t *testing.T) {
	n := 3000
	if raceEnabled {
		n = 600
	}
	d := &sim.Duel{A: terrifying(t, "fang-prowler-1", 13), B: cardFighter(t, "kherops-warrior-1")}
	pl, err := d.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	pl.SetTrace(&buf)
	fails, tests := 0, 0
	r := rand.NewPCG(11, 3)
	for range n {
		buf.Reset()
		pl.Play(r)
		for _, line := range strings.Split(buf.String(), "\n") {
			if strings.Contains(line, "B passes its temerity test against terror (13)") {
				tests++
				break
			}
			if strings.Contains(line, "B fails its temerity test against terror (13; failure 1)") {
				tests++
				fails++
				break
			}
		}
	}
	if tests < n/2 {
		t.Fatalf("only %d first terror tests in %d duels", tests, n)
	}
	t.Logf("%d first terror tests in %d duels, %d failed", tests, n, fails)
	lo, hi := stats.Wilson(fails, tests, 0.9999)
	if p := 0.8; p < lo || p > hi {
		t.Errorf("first terror tests failed %d of %d (99.99%% Wilson %.3f-%.3f), want %.2f", fails, tests, lo, hi, p)
	}
	if d.NotModelledContains("terror") {
		t.Error("terror is played, yet listed as not modelled")
	}

	// From 6 toises apart the warrior may first meet the terror by walking into
	// the prowler's zone of control: the immediate test (lines 1280-1283), with
	// the same chance of failing, and half its AP left when it fails.
	far := &sim.Duel{A: d.A, B: d.B, Distance: 6}
	fp, err := far.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	fp.SetTrace(&buf)
	fails, tests, entering := 0, 0, 0
	for range n {
		buf.Reset()
		fp.Play(r)
		for _, line := range strings.Split(buf.String(), "\n") {
			if !strings.Contains(line, "B passes its temerity test") && !strings.Contains(line, "B fails its temerity test") {
				continue
			}
			tests++
			if strings.Contains(line, "fails") {
				fails++
			}
			if strings.Contains(line, "entering") {
				entering++
			}
			break
		}
	}
	t.Logf("from 6 toises: %d first tests (%d on entering), %d failed", tests, entering, fails)
	if entering < n/10 {
		t.Fatalf("only %d entering tests in %d duels", entering, n)
	}
	if lo, hi := stats.Wilson(fails, tests, 0.9999); 0.8 < lo || 0.8 > hi {
		t.Errorf("first terror tests from 6 toises failed %d of %d (99.99%% Wilson %.3f-%.3f), want 0.80", fails, tests, lo, hi)
	}

	mirror := &sim.Duel{A: terrifying(t, "fang-prowler-1", 13), B: terrifying(t, "fang-prowler-1", 13)}
	mp, err := mirror.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	buf.Reset()
	mp.SetTrace(&buf)
	for range 50 {
		mp.Play(r)
	}
	if strings.Contains(buf.String(), "terror") {
		t.Errorf("two terrifying Safars took terror tests:\n%s", buf.String())
	}
}

// TestRallying checks Rallying (seed 000 line 1642): a failed temerity test is
// passed instead by spending a mastery die for good. kherops-warrior-1 with
// Rallying against the terrifying prowler of TestTerrorTest: its first tests
// never fail, and they rally as often as they would fail (8/10).
func TestRallying(t *testing.T) {
	ds := profiles.Default()
	base, err := ds.Profile("kherops-warrior-1")
	if err != nil {
		t.Fatal(err)
	}
	if len(base.Mastery) == 0 {
		t.Fatal("kherops-warrior-1 has no mastery die to rally with")
	}
	p := *base
	p.Skills = append(slices.Clone(p.Skills), profiles.Skill{Name: "rallying"})
	lo, err := ds.Equip(base, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	d := &sim.Duel{A: terrifying(t, "fang-prowler-1", 13), B: sim.NewFighter(&p, lo.Items(ds))}
	pl, err := d.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	pl.SetTrace(&buf)
	n := 2000
	if raceEnabled {
		n = 500
	}
	rallies, tests := 0, 0
	r := rand.NewPCG(5, 9)
	for range n {
		buf.Reset()
		pl.Play(r)
		for _, line := range strings.Split(buf.String(), "\n") {
			switch {
			case strings.Contains(line, "B fails a temerity test and rallies"):
				rallies++
				tests++
			case strings.Contains(line, "B passes its temerity test against terror"):
				tests++
			case strings.Contains(line, "B fails its temerity test against terror"):
				t.Fatalf("a first test failed with a mastery die left:\n%s", buf.String())
			default:
				continue
			}
			break
		}
	}
	t.Logf("%d first tests, %d rallies", tests, rallies)
	if tests < n/2 {
		t.Fatalf("only %d first tests in %d duels", tests, n)
	}
	if lo, hi := stats.Wilson(rallies, tests, 0.9999); 0.8 < lo || 0.8 > hi {
		t.Errorf("rallied %d of %d first tests (99.99%% Wilson %.3f-%.3f), want 0.80", rallies, tests, lo, hi)
	}
	if d.NotModelledContains("rallying") {
		t.Error("rallying is played, yet listed as not modelled")
	}
}
