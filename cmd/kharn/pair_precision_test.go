package main

import (
	"bytes"
	"context"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
	"github.com/kharn-ages/kharn/sim/runner"
	"github.com/kharn-ages/kharn/stats"
)

// TestPairPrecisionStopsAtFirstChunk checks the matchups' stopping rule on a
// duel of the embedded data: the precision run's tally is the fixed run of
// pairChunk-sized chunks up to where it stopped (the same streams), the rule
// holds there, and it did not hold one chunk earlier; and the same for 1 and 3
// runner workers.
func TestPairPrecisionStopsAtFirstChunk(t *testing.T) {
	ds := profiles.Default()
	fighter := func(id string) *sim.Fighter {
		p, err := ds.Profile(id)
		if err != nil {
			t.Fatal(err)
		}
		return sim.NewFighter(p, fieldedItems(ds, p))
	}
	d := &sim.Duel{A: fighter("paladin-3"), B: fighter("kherops-warrior-2"), Distance: sim.DeploymentGap(sim.Variant{}), Tables: &sim.Tables{}}
	const h, trials = 0.03, 4096
	c := matchConfig{trials: trials, seed: 7, precision: h}
	got, done, err := playPairing(context.Background(), d, c, 1)
	if err != nil || !done {
		t.Fatalf("playPairing: done %v, %v", done, err)
	}
	if got.N >= trials || got.N%pairChunk != 0 {
		t.Fatalf("stopped after %d fights, want a multiple of %d below %d (±%.2f is reached well before)", got.N, pairChunk, trials, h)
	}
	got3, _, err := playPairing(context.Background(), d, c, 3)
	if err != nil || *got3 != *got {
		t.Errorf("3 workers: %d fights, %v; 1 worker: %d fights", got3.N, err, got.N)
	}
	fixed := func(n int) *sim.DuelTally {
		proto, err := d.NewPlayer()
		if err != nil {
			t.Fatal(err)
		}
		res, err := runner.Run(context.Background(), runner.Config{Trials: n, Seed: c.seed, Workers: 1, ChunkSize: pairChunk},
			func() *sim.DuelTally { return &sim.DuelTally{} }, (*sim.DuelTally).Merge,
			func() func(r *rand.PCG, t *sim.DuelTally) {
				pl := proto.Clone()
				return func(r *rand.PCG, t *sim.DuelTally) { t.Add(pl.Play(r)) }
			}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return res.Acc
	}
	if f := fixed(got.N); *f != *got {
		t.Errorf("the precision run's %d fights differ from the fixed run's: wins %v, want %v", got.N, got.Wins, f.Wins)
	}
	if !pairConverged(got, h) {
		t.Errorf("stopped at %d fights with wins %v: the rule does not hold", got.N, got.Wins)
	}
	if got.N > pairChunk {
		if before := fixed(got.N - pairChunk); pairConverged(before, h) {
			t.Errorf("the rule already held at %d fights (wins %v): it should have stopped there", before.N, before.Wins)
		}
	}
	// Without a precision: the fights of a fixed run of trials.
	c.precision = 0
	all, done, err := playPairing(context.Background(), d, c, 2)
	if err != nil || !done || all.N != trials {
		t.Errorf("fixed run: %d fights, done %v, %v; want %d", all.N, done, err, trials)
	}
}

// TestPairConverged checks the rule on both sides: a draw-heavy pairing whose
// A rate is known well enough but whose B rate is not goes on.
func TestPairConverged(t *testing.T) {
	half := func(k, n int) float64 { lo, hi := stats.Wilson(k, n, 0.95); return (hi - lo) / 2 }
	for _, tc := range []struct {
		a, b, draws int
		want        bool
	}{
		{a: 25, b: 231, draws: 0, want: true},    // 10% and 90% of 256: ±0.037 each
		{a: 25, b: 128, draws: 103, want: false}, // A ±0.037, B 50%: ±0.061
		{a: 128, b: 128, draws: 0, want: false},
	} {
		tl := &sim.DuelTally{N: tc.a + tc.b + tc.draws}
		tl.Wins[sim.SideA], tl.Wins[sim.SideB], tl.Wins[sim.Draw] = tc.a, tc.b, tc.draws
		h := 0.04
		if got := pairConverged(tl, h); got != tc.want {
			t.Errorf("A %d B %d draws %d: converged %v at ±%v (half-widths %.4f, %.4f), want %v",
				tc.a, tc.b, tc.draws, got, h, half(tc.a, tl.N), half(tc.b, tl.N), tc.want)
		}
	}
}

// TestPoolRecords checks the pooling of a profile's pairings: the sums when
// every opponent played as many fights, the mean of the rates otherwise (a sum
// would weight the close pairing, which plays longer, and pull the rate
// towards it).
func TestPoolRecords(t *testing.T) {
	same := poolRecords([][3]int{{10, 2, 100}, {70, 5, 100}, {33, 0, 100}})
	if same != (poolStat{wins: 113, draws: 7, n: 300, fights: 300, opps: 3}) {
		t.Errorf("same fights: %+v, want the sums", same)
	}
	// 250 of 256 (97.7%) and 1280 of 2560 (50%): the sum says 54.3%, the mean 73.8%.
	p := poolRecords([][3]int{{250, 0, 256}, {1280, 256, 2560}})
	wantN := math.Round(4 / (1.0/256 + 1.0/2560)) // 931
	if p.fights != 2816 || p.opps != 2 || float64(p.n) != wantN {
		t.Fatalf("%+v: want 2816 fights, 2 opponents, n %v", p, wantN)
	}
	mean := (250.0/256 + 1280.0/2560) / 2
	if got := float64(p.wins) / float64(p.n); math.Abs(got-mean) > 0.5/float64(p.n) {
		t.Errorf("pooled rate %.4f, want the mean of the rates %.4f", got, mean)
	}
	if got, want := float64(p.draws)/float64(p.n), 0.05; math.Abs(got-want) > 0.5/float64(p.n) {
		t.Errorf("pooled draws %.4f, want %.4f", got, want)
	}
	if z := poolRecords(nil); z != (poolStat{}) {
		t.Errorf("no opponent: %+v", z)
	}
}

// TestReportPairPrecisionWorkers checks that a report whose pairings stop early
// (--pair-precision) gives the same matchups for 1 and 3 workers, and that
// every pairing stopped at a chunk or at --trials.
func TestReportPairPrecisionWorkers(t *testing.T) {
	const trials = 2048
	args := []string{"--data", reportV2, "report", "--trials", strconv.Itoa(trials), "--pair-precision", "0.03",
		"--loadouts", "axeman-1,brute-1", "--cost-trials", "0"}
	dir1, rj, _ := runReportCLI(t, context.Background(), append(args, "--workers", "1")...)
	dir3, _, _ := runReportCLI(t, context.Background(), append(args, "--workers", "3")...)
	for _, f := range []string{"tables/matchups.csv", "tables/loadouts-spearman-1.csv", "report.json"} {
		a, err1 := os.ReadFile(filepath.Join(dir1, f))
		b, err3 := os.ReadFile(filepath.Join(dir3, f))
		if err1 != nil || err3 != nil || !bytes.Equal(a, b) {
			t.Errorf("%s differs between 1 and 3 workers (%v, %v)", f, err1, err3)
		}
	}
	early := 0
	for _, r := range rj.table(t, "matchups") {
		n := int(r["fights"].(float64))
		if n != trials && n%pairChunk != 0 {
			t.Errorf("%v against %v: %d fights, want a multiple of %d or %d", r["profile"], r["opponent"], n, pairChunk, trials)
		}
		if n < trials {
			early++
		}
	}
	if early == 0 {
		t.Errorf("no pairing stopped before %d fights at ±0.03", trials)
	}
	// A loadout row pools 2 opponents of up to trials fights each; the rows
	// whose opponents stopped at different fights are pooled by FillEqual.
	rows := rj.table(t, "loadouts-spearman-1")
	if len(rows) == 0 {
		t.Fatal("no loadout rows for spearman-1")
	}
	for _, r := range rows {
		if n := int(r["fights"].(float64)); n < 2*pairChunk || n > 2*trials {
			t.Errorf("loadout %v: %d fights, want %d to %d", r["loadout"], n, 2*pairChunk, 2*trials)
		}
	}
	facts := map[string]string{}
	for _, f := range rj.Facts["method"] {
		facts[f.Name] = f.Value
	}
	if facts["fights per pairing"] != strconv.Itoa(trials) || facts["pairing precision"] == "" {
		t.Errorf("method facts: fights per pairing %q, pairing precision %q", facts["fights per pairing"], facts["pairing precision"])
	}
}

// TestLoadoutsDropRunTables checks that the loadout comparisons let the run's
// option tables go and keep none of theirs: the matchups' tables are all the
// run holds after the loadouts (none), where before the run's cache held the
// matchups' and every loadout's.
func TestLoadoutsDropRunTables(t *testing.T) {
	ds, err := loadData([]string{reportV2})
	if err != nil {
		t.Fatal(err)
	}
	f := &reportFlags{trials: 64, seed: 1, workers: 1, distance: sim.DeploymentGap(sim.Variant{}), loadouts: "nearest", pairPrecision: defaultPairPrecision}
	r := &reportRun{ctx: context.Background(), stderr: io.Discard, ds: ds, f: f, notModelled: map[string]bool{},
		cfg: matchConfig{trials: f.trials, seed: f.seed, workers: f.workers, distance: f.distance, tables: &sim.Tables{}}}
	if r.ref, err = referenceDefender(ds, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := profileSections(r, nil); err != nil {
		t.Fatal(err)
	}
	if r.cfg.tables.Len() == 0 {
		t.Fatal("the matchups built no option table")
	}
	before := r.cfg.tables
	ss, err := loadoutSections(r, nil)
	if err != nil || len(ss) == 0 {
		t.Fatalf("loadouts: %d sections, %v", len(ss), err)
	}
	if n := r.cfg.tables.Len(); n != 0 || r.cfg.tables == before {
		t.Errorf("after the loadouts the run holds %d option tables (the matchups' cache kept: %v), want a new empty cache", n, r.cfg.tables == before)
	}
}
