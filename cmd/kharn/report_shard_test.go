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

// planCovers checks plan against the groups it was made from: every unit in
// exactly one shard, selected as a shard selects its units (shardUnits.mine),
// and the expected costs of the shards at most the biggest unit apart (each
// unit goes to a shard of least load, so the last one a shard got came when
// no shard had less).
func planCovers(t *testing.T, groups []unitGroup, p *shardPlan) {
	t.Helper()
	n := p.count
	seen := map[unitKey]int{}
	load := make([]float64, n)
	biggest := 0.0
	for i := range n {
		u := &shardUnits{plan: p, index: i}
		for _, g := range groups {
			for k, c := range g.costs {
				if u.mine(g.name, k) {
					seen[unitKey{g.name, k}]++
					load[i] += c
				}
				biggest = max(biggest, c)
			}
		}
	}
	total := 0
	for _, g := range groups {
		for k := range g.costs {
			if c := seen[unitKey{g.name, k}]; c != 1 {
				t.Errorf("N=%d: unit %d of %s in %d shards, want 1", n, k, g.name, c)
			}
		}
		total += len(g.costs)
		if got := p.units()[g.name]; got != len(g.costs) && len(g.costs) > 0 {
			t.Errorf("N=%d: the plan has %d units of %s, want %d", n, got, g.name, len(g.costs))
		}
	}
	if len(seen) != total {
		t.Errorf("N=%d: %d units in the shards, want %d", n, len(seen), total)
	}
	if lo, hi := slices.Min(load), slices.Max(load); hi-lo > biggest+1e-6 {
		t.Errorf("N=%d: shard loads %.0f to %.0f ms, more than the biggest unit (%.0f ms) apart", n, lo, hi, biggest)
	}
}

// TestShardPlanCovers checks that for N = 1..17 the shards of a report cover
// every work unit exactly once with loads at most one unit apart (planCovers),
// and that the fair costs, one unit per profile, spread over the shards: no
// shard holds more than one profile's search more than another.
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
	r.base = base // a baseline: its pairings and profiles are units too
	var groups []unitGroup
	for _, a := range reportAnalyses() {
		groups = append(groups, a.units(r)...)
	}
	want := map[string]int{}
	for _, g := range groups {
		want[g.name] = len(g.costs)
	}
	n := len(ds.Profiles)
	cases, _ := costCases(ds, sortedProfiles(ds))
	baseCases, _ := costCases(base, sortedProfiles(base))
	casters, _ := costCases(ds, reportCasters(ds)) // each priced without its spells too (casterSpellsTable)
	if want["matchups"] != n*(n-1)/2 || want["loadouts"] == 0 || want["baseline"] != pairCount(base) ||
		want[costGroup] != len(cases) || want[casterCostGroup] != len(casters) || want[baselineCostGroup] != len(baseCases) ||
		len(cases) < 20 || len(casters) == 0 {
		t.Fatalf("units %v: not the report's (%d profile pairs, loadout pairings, the baseline's pairs, %d, %d casters and %d profiles with a cost)",
			want, n*(n-1)/2, len(cases), len(casters), len(baseCases))
	}
	for n := 1; n <= 17; n++ {
		p := planShards(r, n)
		planCovers(t, groups, p)
		costs := make([]int, n)
		for _, g := range []string{costGroup, casterCostGroup, baselineCostGroup} {
			for _, s := range p.shard[g] {
				costs[s]++
			}
		}
		if lo, hi := slices.Min(costs), slices.Max(costs); hi-lo > 1 {
			t.Errorf("N=%d: shards hold %d to %d fair-cost searches, want at most one apart", n, lo, hi)
		}
	}
}

// shardArgs is a small report with every analysis: profile matchups, fair
// costs, loadouts and a baseline.
var shardArgs = []string{"--data", reportV2, "report", "--baseline", reportV1, "--trials", "64", "--cost-trials", "20", "--loadouts", "axeman-1", "--seed", "7"}

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
			files := shardCommand(t, filepath.Join(tmp, "shards"), c.n, c.args)
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
	files := shardCommand(t, filepath.Join(tmp, "a"), 3, args)
	other := shardCommand(t, filepath.Join(tmp, "b"), 3, append(slices.Clone(args), "--seed", "2"))
	two := shardCommand(t, filepath.Join(tmp, "c"), 2, args)

	// A shard that lost a pairing (an edited or truncated file).
	var sf shardFile
	b, _ := os.ReadFile(files[1])
	if err := json.Unmarshal(b, &sf); err != nil || len(sf.Results) == 0 {
		t.Fatalf("%s: %v, %d units", files[1], err, len(sf.Results))
	}
	lost := sf.Results[0]
	sf.Results = sf.Results[1:]
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
		{"lost unit", []string{files[0], short, files[2]}, []string{short + " lacks unit " + fmt.Sprint(lost.Unit) + " of " + lost.Group, "kharn report --shard 1/3 again"}},
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
