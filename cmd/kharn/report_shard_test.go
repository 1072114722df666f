package main

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/kharn-ages/kharn/internal/longtest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// TestParseShard checks --shard: I/N, and auto/N from the schedulers'
// environment (Slurm first), with the allowed range in every error.
func TestParseShard(t *testing.T) {
	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i+1 < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	for _, c := range []struct {
		in      string
		env     func(string) string
		want    shardSpec
		wantErr string
	}{
		{"0/1", env(), shardSpec{0, 1}, ""},
		{"2/3", env(), shardSpec{2, 3}, ""},
		{"auto/3", env("SLURM_ARRAY_TASK_ID", "1"), shardSpec{1, 3}, ""},
		{"auto/3", env("JOB_COMPLETION_INDEX", "2"), shardSpec{2, 3}, ""},
		{"auto/3", env("SLURM_ARRAY_TASK_ID", "0", "JOB_COMPLETION_INDEX", "2"), shardSpec{0, 3}, ""},
		{"3/3", env(), shardSpec{}, "from 0 to 2"},
		{"-1/3", env(), shardSpec{}, "from 0 to 2"},
		{"1/0", env(), shardSpec{}, "N must be a whole number from 1"},
		{"1", env(), shardSpec{}, "want I/N"},
		{"auto/3", env(), shardSpec{}, "neither SLURM_ARRAY_TASK_ID nor JOB_COMPLETION_INDEX"},
		{"auto/3", env("SLURM_ARRAY_TASK_ID", "3"), shardSpec{}, "(from SLURM_ARRAY_TASK_ID) must be a whole number from 0 to 2"},
	} {
		got, err := parseShard(c.in, c.env)
		if c.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), c.wantErr) {
				t.Errorf("parseShard(%q) = %v, %v; want an error with %q", c.in, got, err, c.wantErr)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("parseShard(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
}

// TestShardPlanCovers checks that for N = 1..17 the shards' work units,
// selected as a shard selects them, cover every unit of the report exactly
// once, and that the expected costs of the shards differ by at most one unit's
// (the greedy assignment to the least loaded shard).
func TestShardPlanCovers(t *testing.T) {
	ds := profiles.Default()
	base, err := loadData([]string{reportV1})
	if err != nil {
		t.Fatal(err)
	}
	f := &reportFlags{trials: 4096, costTrials: 200, budget: 300, loadouts: "nearest", distance: sim.DeploymentGap(sim.Variant{})}
	cmd := &cobra.Command{}
	cmd.SetContext(context.Background())
	r, err := newReportRun(cmd, ds, sim.Variant{}, f)
	if err != nil {
		t.Fatal(err)
	}
	r.base = base // a baseline: its pairings are units too
	// The units of the report, by analysis: its steps.
	want := map[string]int{}
	for _, a := range reportAnalyses() {
		if n := a.steps(r); n > 0 {
			want[a.name] = n
		}
	}
	n := len(ds.Profiles)
	casters := len(reportCasters(ds)) // each priced without its spells too (casterSpellsTable)
	if want["matchups"] != n*(n-1)/2 || want["loadouts"] == 0 || want["costs"] != n+casters || want["baseline"] != pairCount(base) {
		t.Fatalf("units %v: not the report's (%d profile pairs, loadout pairings, %d profiles and %d casters, the baseline's pairs)", want, n*(n-1)/2, n, casters)
	}
	pairingMs := pairingSetupMs + fightMs*float64(f.trials)
	// 100 wide and 200 narrow trials for each profile of both releases.
	costMs := float64(n+casters+len(base.Profiles)) * costMsPerTrial * (100 + 200)
	for n := 1; n <= 17; n++ {
		p := planShards(r, n)
		seen := map[unitKey]int{}
		for i := range n {
			for a, pl := range p.pairing {
				for k, s := range pl {
					if s == i {
						seen[unitKey{a, k}]++
					}
				}
			}
			for a, s := range p.whole {
				if s == i {
					seen[unitKey{a, -1}]++
				}
			}
		}
		for a, units := range want {
			if a == "costs" {
				if seen[unitKey{a, -1}] != 1 {
					t.Errorf("N=%d: %s run by %d shards, want 1", n, a, seen[unitKey{a, -1}])
				}
				continue
			}
			for k := range units {
				if c := seen[unitKey{a, k}]; c != 1 {
					t.Errorf("N=%d: pairing %d of %s in %d shards, want 1", n, k, a, c)
				}
			}
		}
		total := 0
		for _, c := range seen {
			total += c
		}
		if wantTotal := want["matchups"] + want["loadouts"] + want["baseline"] + 1; total != wantTotal {
			t.Errorf("N=%d: %d units in the shards, want %d", n, total, wantTotal)
		}
		// Each unit goes to a shard of least load: the last one a shard got
		// came when no shard had less, so no two shards end more than the
		// biggest unit apart, and the shards without the fair costs no more
		// than one pairing apart.
		if lo, hi := slices.Min(p.load), slices.Max(p.load); hi-lo > max(pairingMs, costMs)+1e-6 {
			t.Errorf("N=%d: shard loads %.0f to %.0f ms, more than one unit apart", n, lo, hi)
		}
		var rest []float64
		for i, l := range p.load {
			if i != p.whole["costs"] {
				rest = append(rest, l)
			}
		}
		if len(rest) > 0 {
			if lo, hi := slices.Min(rest), slices.Max(rest); hi-lo > pairingMs+1e-6 {
				t.Errorf("N=%d: shards without the fair costs load %.0f to %.0f ms, more than one pairing apart", n, lo, hi)
			}
		}
	}
}

// shardArgs is a small report with every analysis: profile matchups, fair
// costs, loadouts and a baseline.
var shardArgs = []string{"--data", reportV2, "report", "--baseline", reportV1, "--trials", "64", "--cost-trials", "20", "--loadouts", "axeman-1", "--seed", "7"}

// runShards runs kharn report args --shard I/n for every I, with the given
// workers, into dir, and returns the shard files.
func runShards(t *testing.T, dir string, n int, args []string) []string {
	t.Helper()
	var files []string
	for i := range n {
		a := append(slices.Clone(args), "--shard", fmt.Sprintf("%d/%d", i, n), "--out", dir, "--workers", fmt.Sprint(1+i%2))
		if out, errs, code := runCLI(t, a...); code != 0 {
			t.Fatalf("kharn %s: exit %d: %s", strings.Join(a, " "), code, errs)
		} else if !strings.Contains(out, fmt.Sprintf("Shard %d of %d written", i, n)) {
			t.Errorf("shard %d/%d says %q", i, n, out)
		}
		files = append(files, shardPath(dir, shardSpec{i, n}))
	}
	return files
}

// TestShardMerge checks that the shards of a report, run with different
// numbers of workers and merged, give report.json and every CSV file of a
// single run, byte for byte (issue #15): on the small releases with every
// analysis, and on the embedded data set (fair costs and loadouts left out to
// keep it fast).
func TestShardMerge(t *testing.T) {
	for _, c := range []struct {
		name string
		n    int
		args []string
	}{
		{"every analysis", 4, shardArgs},
		{"embedded", 3, []string{"report", "--trials", "16", "--cost-trials", "0", "--loadouts", "none"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.name == "embedded" {
				// 325 pairings set up twice: about 75 s, ten minutes under
				// -race; the Slurm and Kubernetes tests of CI merge the
				// embedded data too.
				longtest.Skip(t)
			}
			tmp := t.TempDir()
			single := filepath.Join(tmp, "single")
			if _, errs, code := runCLI(t, append(slices.Clone(c.args), "--out", single)...); code != 0 {
				t.Fatalf("single run: exit %d: %s", code, errs)
			}
			files := runShards(t, filepath.Join(tmp, "shards"), c.n, c.args)
			merged := filepath.Join(tmp, "merged")
			// The shards in any order; --data as the shards had it.
			slices.Reverse(files)
			margs := []string{"merge", "--out", merged}
			if c.args[0] == "--data" {
				margs = append([]string{c.args[0], c.args[1]}, margs...)
			}
			if _, errs, code := runCLI(t, append(margs, files...)...); code != 0 {
				t.Fatalf("merge: exit %d: %s", code, errs)
			}
			want := reportFiles(t, single)
			if len(want) < 5 {
				t.Fatalf("only %d files in the single run", len(want))
			}
			sameFiles(t, want, reportFiles(t, merged))
		})
	}
}

// TestMergeRefuses checks that kharn merge refuses, with exit 2 and naming
// what is wrong, shards that are missing, given twice, of another sweep or of
// another N, another data set, a shard that lacks a pairing, and a file that
// is not a shard.
func TestMergeRefuses(t *testing.T) {
	tmp := t.TempDir()
	args := []string{"--data", reportV2, "report", "--trials", "16", "--cost-trials", "10", "--loadouts", "none"}
	files := runShards(t, filepath.Join(tmp, "a"), 3, args)
	other := runShards(t, filepath.Join(tmp, "b"), 3, append(slices.Clone(args), "--seed", "2"))
	two := runShards(t, filepath.Join(tmp, "c"), 2, args)

	// A shard that lost a pairing (an edited or truncated file).
	var sf shardFile
	b, _ := os.ReadFile(files[1])
	if err := json.Unmarshal(b, &sf); err != nil || len(sf.Pairings) == 0 {
		t.Fatalf("%s: %v, %d pairings", files[1], err, len(sf.Pairings))
	}
	lost := sf.Pairings[0]
	sf.Pairings = sf.Pairings[1:]
	b, _ = json.Marshal(sf)
	short := filepath.Join(tmp, "short.json")
	if err := os.WriteFile(short, b, 0o644); err != nil {
		t.Fatal(err)
	}
	notShard := filepath.Join(tmp, "not.json")
	os.WriteFile(notShard, []byte(`{"format": "kharn-report-checkpoint/1", "seed": 1}`), 0o644)

	for _, c := range []struct {
		name  string
		args  []string
		wants []string
	}{
		{"missing", []string{files[0], files[2]}, []string{"shard 1 of 3 missing", "2 shard files given"}},
		{"twice", []string{files[0], files[1], files[1], files[2]}, []string{"shard 1 of 3 given twice", files[1]}},
		{"other seed", []string{files[0], other[1], files[2]}, []string{other[1] + " belongs to another sweep", "--seed 1 in " + files[0] + ", 2 in " + other[1]}},
		{"other N", []string{files[0], two[1], files[2]}, []string{"shard 1 of 2", "share N"}},
		{"lost pairing", []string{files[0], short, files[2]}, []string{short + " lacks pairing " + fmt.Sprint(lost.Pairing) + " of " + lost.Analysis, "--shard 1/3 again"}},
		{"not a shard", []string{notShard}, []string{notShard, "not a shard file"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := append([]string{"--data", reportV2, "merge", "--out", filepath.Join(tmp, "out-"+c.name)}, c.args...)
			_, errs, code := runCLI(t, a...)
			if code != 2 {
				t.Errorf("exit %d, want 2: %s", code, errs)
			}
			for _, w := range c.wants {
				if !strings.Contains(errs, w) {
					t.Errorf("error %q does not say %q", errs, w)
				}
			}
		})
	}
	// Other data than the shards': its digest differs.
	_, errs, code := runCLI(t, append([]string{"--data", reportV1, "merge", "--out", filepath.Join(tmp, "out-data")}, files...)...)
	if code != 2 || !strings.Contains(errs, "data") || !strings.Contains(errs, "in the shards") {
		t.Errorf("merge on other data: exit %d: %s", code, errs)
	}
	// Bad --shard values: exit 2, naming the flag.
	for _, s := range []string{"3/3", "x/2", "1/0", "auto/2"} {
		t.Setenv("SLURM_ARRAY_TASK_ID", "")
		t.Setenv("JOB_COMPLETION_INDEX", "")
		_, errs, code := runCLI(t, append(slices.Clone(args), "--shard", s, "--out", filepath.Join(tmp, "bad"))...)
		if code != 2 || !strings.Contains(errs, "--shard") {
			t.Errorf("--shard %s: exit %d: %s", s, code, errs)
		}
	}
}

// TestShardInterrupted checks that an interrupted shard (Ctrl-C, or the
// scheduler's SIGTERM turned into a cancelled context) writes no shard file
// and exits 130, so that the merge names it missing and the shard is run
// again alone.
func TestShardInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	dir := t.TempDir()
	var out, errb strings.Builder
	err := run(ctx, &out, &errb, []string{"--data", reportV2, "report", "--trials", "16", "--cost-trials", "0", "--loadouts", "none", "--shard", "1/2", "--out", dir})
	if code := exitCode(err); code != 130 {
		t.Errorf("exit %d, want 130: %v", code, err)
	}
	if _, err := os.Stat(shardPath(dir, shardSpec{1, 2})); err == nil {
		t.Error("an interrupted shard wrote its file")
	}
	if !strings.Contains(errb.String(), "run the shard again") {
		t.Errorf("stderr %q does not say to run the shard again", errb.String())
	}
}
