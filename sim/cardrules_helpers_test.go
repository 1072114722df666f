package sim_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/sim"
	"github.com/kharn-ages/kharn/stats"
)

// The helpers of the card rules' battle tests (sim/card*_test.go and their
// kin): the sides they build from the embedded data set, the traced battles
// they play and the two checks they make on them. The costs are the tests'
// own (invented), not card values.

// cardSide returns a spearhead of the embedded data set's Safars, ids[k] at
// costs[k], led by the first. A profile named twice is one *sim.Fighter, as
// the tests wrote it by hand ("mongo, mongo").
func cardSide(t testing.TB, ids []string, costs ...int) sim.Spearhead {
	t.Helper()
	if len(ids) != len(costs) {
		t.Fatalf("cardSide: %d Safars, %d costs", len(ids), len(costs))
	}
	loaded := map[string]*sim.Fighter{}
	s := sim.Spearhead{Safars: make([]*sim.Fighter, len(ids)), Costs: costs, Leader: 0}
	for k, id := range ids {
		if loaded[id] == nil {
			loaded[id] = cardFighter(t, id)
		}
		s.Safars[k] = loaded[id]
	}
	return s
}

// againstTwoWarriors returns the battle of side a against the card tests'
// usual enemy: two Khérops warriors of level II at 82 points each, led by
// the first.
func againstTwoWarriors(t testing.TB, a sim.Spearhead) *sim.Skirmish {
	t.Helper()
	return &sim.Skirmish{Sides: [2]sim.Spearhead{a, cardSide(t, []string{"kherops-warrior-2", "kherops-warrior-2"}, 82, 82)}}
}

// playTraced plays the given number of battles of s with its trace on, the
// dice from rand.NewPCG(seed[0], seed[1]). each, when not nil, is called
// after every battle with that battle's trace. playTraced returns the
// player, its trace off, and the trace of all the battles.
func playTraced(t testing.TB, s *sim.Skirmish, seed [2]uint64, battles int, each func(trace string)) (*sim.SkirmishPlayer, string) {
	t.Helper()
	pl, err := s.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	pl.SetTrace(&b)
	r := rand.NewPCG(seed[0], seed[1])
	for range battles {
		start := b.Len()
		pl.Play(r)
		if each != nil {
			each(b.String()[start:])
		}
	}
	pl.SetTrace(nil)
	return pl, b.String()
}

// checkTraceSays reports each of wants that the trace of the given number of
// battles never says, then the trace's start if one was missing.
func checkTraceSays(t testing.TB, trace string, battles int, wants ...string) {
	t.Helper()
	missing := false
	for _, want := range wants {
		if !strings.Contains(trace, want) {
			t.Errorf("the trace of %d battles never says %q", battles, want)
			missing = true
		}
	}
	if missing {
		t.Logf("the trace's start:\n%.3000s", trace)
	}
}

// checkWarmAllocs reports the allocations of pl's warm battles
// (sim.WarmAllocs over the given number of battles), none wanted: the hot
// path allocates nothing once its caches are full. Under the race detector,
// which allocates, it checks nothing.
func checkWarmAllocs(t testing.TB, pl *sim.SkirmishPlayer, battles int, what string) {
	t.Helper()
	if raceEnabled {
		return
	}
	if n := sim.WarmAllocs(pl, battles); n != 0 {
		t.Errorf("%s: %v allocations per battle, want 0", what, n)
	}
}

// sampleExchange draws n exchanges of ex, the dice from
// rand.NewPCG(seed[0], seed[1]), and returns their counts.
func sampleExchange(t testing.TB, ex *sim.Exchange, seed [2]uint64, n int) *sampleCounts {
	t.Helper()
	sm, err := ex.NewSampler()
	if err != nil {
		t.Fatal(err)
	}
	r := rand.NewPCG(seed[0], seed[1])
	var s sampleCounts
	for range n {
		s.add(sm.Sample(r))
	}
	return &s
}

// checkWilson reports an exact probability p outside the 99.99% Wilson
// interval of k successes in n draws of the sampler: the sampler against
// the exact engine.
func checkWilson(t testing.TB, what string, k, n int, p float64) {
	t.Helper()
	if lo, hi := stats.Wilson(k, n, 0.9999); p < lo || p > hi {
		t.Errorf("%s [%.4f, %.4f], exact %.4f", what, lo, hi, p)
	}
}

// activations returns who activates in trace, in order ("A1 prince-3",
// from the round's "  X activates: " lines), with "+" for each line that
// ends in follows: a follower's activation with its leader or mistress.
func activations(trace, follows string) []string {
	var acts []string
	for _, l := range strings.Split(trace, "\n") {
		switch {
		case strings.HasSuffix(l, follows):
			acts = append(acts, "+")
		case strings.HasPrefix(l, "  ") && !strings.HasPrefix(l, "   ") && strings.Contains(l, " activates: "):
			acts = append(acts, strings.TrimSpace(l[:strings.Index(l, " activates: ")]))
		}
	}
	return acts
}
