package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"sync/atomic"
	"testing"

	"github.com/kharn-ages/kharn/sim"
)

// loadoutsRun returns a report run over reportV2 with its matchups played,
// ready for loadoutSections.
func loadoutsRun(t *testing.T, ctx context.Context, workers int) *reportRun {
	t.Helper()
	ds, err := loadData([]string{reportV2})
	if err != nil {
		t.Fatal(err)
	}
	f := &reportFlags{trials: 64, seed: 3, workers: workers, distance: sim.DeploymentGap(sim.Variant{}), loadouts: "nearest", pairPrecision: defaultPairPrecision}
	r := &reportRun{ctx: ctx, stderr: io.Discard, ds: ds, f: f, notModelled: map[string]bool{},
		cfg: matchConfig{trials: f.trials, seed: f.seed, workers: f.workers, distance: f.distance, tables: &sim.Tables{}}}
	if r.ref, err = referenceDefender(ds, ""); err != nil {
		t.Fatal(err)
	}
	return r
}

// TestLoadoutsAheadSame checks that playing two profiles' loadouts at once
// (loadoutsAhead, docs/benchmarks.md "Fourteenth round") gives the section of
// one profile at a time, byte for byte, with the same not-modelled notes, and
// that the progress step is called once per pairing, never from two
// goroutines at once.
func TestLoadoutsAheadSame(t *testing.T) {
	defer func(n int) { loadoutsAhead = n }(loadoutsAhead)
	var out [2][]byte
	var notes [2]map[string]bool
	for k, ahead := range []int{1, 2} {
		loadoutsAhead = ahead
		r := loadoutsRun(t, context.Background(), 2)
		var steps, in, overlap atomic.Int64
		step := func() {
			if in.Add(1) > 1 {
				overlap.Add(1)
			}
			steps.Add(1)
			in.Add(-1)
		}
		ss, err := loadoutSections(r, step)
		if err != nil || len(ss) == 0 {
			t.Fatalf("ahead %d: %d sections, %v", ahead, len(ss), err)
		}
		if r.partial {
			t.Errorf("ahead %d: marked partial", ahead)
		}
		if want := int64(loadoutSteps(r)); steps.Load() != want || want == 0 {
			t.Errorf("ahead %d: %d steps, want %d", ahead, steps.Load(), want)
		}
		if overlap.Load() != 0 {
			t.Errorf("ahead %d: step called from two goroutines at once %d times", ahead, overlap.Load())
		}
		if out[k], err = json.Marshal(ss); err != nil {
			t.Fatal(err)
		}
		notes[k] = r.notModelled
	}
	if !bytes.Contains(out[0], []byte(`"ID":"loadouts-`)) || !bytes.Contains(out[0], []byte(`"Value":`)) {
		t.Fatalf("the section holds no loadout table: %.300s", out[0])
	}
	if !bytes.Equal(out[0], out[1]) {
		t.Errorf("two profiles at once changed the section:\none at a time: %.300s\ntwo at once:   %.300s", out[0], out[1])
	}
	if len(notes[0]) != len(notes[1]) {
		t.Errorf("not modelled: %v one at a time, %v two at once", notes[0], notes[1])
	}
	for n := range notes[0] {
		if !notes[1][n] {
			t.Errorf("not modelled: %q lost with two at once", n)
		}
	}
}

// TestLoadoutsAheadCancelled checks that a cancelled run's loadouts stop:
// marked partial, no error, and no profile's table after the cancellation.
func TestLoadoutsAheadCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	r := loadoutsRun(t, ctx, 2)
	calls := 0
	ss, err := loadoutSections(r, func() {
		if calls++; calls == 3 {
			cancel()
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if !r.partial {
		t.Error("a cancelled loadouts stage is not marked partial")
	}
	full := loadoutsRun(t, context.Background(), 2)
	all, err := loadoutSections(full, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(ss) != 1 || len(all) != 1 || len(ss[0].Blocks) >= len(all[0].Blocks) {
		t.Errorf("cancelled after 3 pairings: %d sections, want fewer tables than the whole stage's", len(ss))
	}
}

// TestLoadoutsReuseMatchups checks that the loadouts' pairings with the
// duellists and settings of a matchup take the matchup's result
// (matchConfig.known, docs/benchmarks.md "Fourteenth round"): the same section
// bytes as a run that plays them again, and some pairings taken.
func TestLoadoutsReuseMatchups(t *testing.T) {
	var out [2][]byte
	for k, reuse := range []bool{false, true} {
		r := loadoutsRun(t, context.Background(), 2)
		if _, err := profileSections(r, nil); err != nil {
			t.Fatal(err)
		}
		if len(r.played) == 0 {
			t.Fatal("the matchups kept no result")
		}
		if !reuse {
			r.played = nil
		}
		before := pairingsReused.Load()
		ss, err := loadoutSections(r, nil)
		if err != nil {
			t.Fatal(err)
		}
		taken := pairingsReused.Load() - before
		if reuse && taken == 0 || !reuse && taken != 0 {
			t.Errorf("reuse %v: %d pairings taken from the matchups", reuse, taken)
		}
		if out[k], err = json.Marshal(ss); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Contains(out[0], []byte(`"Value":`)) {
		t.Fatalf("the section holds no loadout table: %.300s", out[0])
	}
	if !bytes.Equal(out[0], out[1]) {
		t.Errorf("the matchups' results changed the loadouts' section:\nplayed again: %.300s\ntaken:        %.300s", out[0], out[1])
	}
}
