package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/sim/runner"
)

// TestCommandShardPlanCovers checks the plans of the commands' units for N =
// 1..17 (planCovers): the chunks of a duel or skirmish (the last one
// shorter: 10^5 trials are 24 chunks of 4096 and one of 1696), and units of
// equal cost (compare's pairings, cost's profiles).
func TestCommandShardPlanCovers(t *testing.T) {
	chunks := chunkUnits(100_000, fightMs)
	if c := chunks[0].costs; len(c) != 25 || c[24] != fightMs*float64(100_000-24*runner.DefaultChunkSize) {
		t.Fatalf("10^5 trials: %d chunks, the last of %.3f ms; want 25, the last of 1696 trials", len(c), c[len(c)-1])
	}
	equal := []unitGroup{{name: "compare", costs: slices.Repeat([]float64{pairingMs(2000)}, 37)}}
	for n := 1; n <= 17; n++ {
		planCovers(t, chunks, planUnits(n, chunks))
		planCovers(t, equal, planUnits(n, equal))
	}
}

// shardCommand runs kharn args --shard I/n for every I (a report, or
// another command), with 1 or 2 workers, into dir, and returns the shard
// files.
func shardCommand(t *testing.T, dir string, n int, args []string) []string {
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

// TestCommandShardMerge checks, for duel, skirmish, compare and cost, that
// the shards of a run, merged, print the single run's output byte for byte:
// JSON, CSV and text (issue #15), with more shards than units for one.
func TestCommandShardMerge(t *testing.T) {
	// Two one-Safar lists: battles as short as fights.
	lists := t.TempDir()
	la, lb := filepath.Join(lists, "a.yaml"), filepath.Join(lists, "b.yaml")
	os.WriteFile(la, []byte("name: One paladin\nfaction: kharns\nbudget: 100\nleader: paladin-2\nmembers:\n  - profile: paladin-2\n"), 0o644)
	os.WriteFile(lb, []byte("name: One warrior\nfaction: kherops\nbudget: 100\nleader: kherops-warrior-2\nmembers:\n  - profile: kherops-warrior-2\n"), 0o644)
	for _, c := range []struct {
		name string
		n    int
		args []string
	}{
		// 9000 fights: chunks of 4096, 4096 and 808.
		{"duel-json", 3, []string{"duel", "paladin-3", "kherops-warrior-2", "--trials", "9000", "--json"}},
		{"duel-text", 2, []string{"duel", "goun-hunter-1", "fang-prowler-1", "--trials", "9000", "--seed", "5"}},
		{"skirmish-csv", 2, []string{"skirmish", la, lb, "--trials", "4500", "--csv"}},
		{"skirmish-text", 3, []string{"skirmish", la, lb, "--trials", "9000"}},
		{"compare-json", 4, []string{"--data", reportV2, "compare", "swordsman-1", "--vs", "brute-1,spearman-1", "--trials", "64", "--json"}},
		{"compare-csv", 2, []string{"--data", reportV2, "compare", "axeman-1", "--vs", "brute-1", "--trials", "64", "--csv"}},
		{"cost-json", 3, []string{"--data", reportV2, "cost", "axeman-1", "brute-1", "--first-trials", "10", "--trials", "10", "--json"}},
		{"cost-text", 4, []string{"--data", reportV2, "cost", "swordsman-1", "spearman-1", "brute-1", "--first-trials", "10", "--trials", "10"}},
		{"more shards than chunks", 3, []string{"duel", "paladin-2", "paladin-3", "--trials", "5000", "--csv"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			single, errs, code := runCLI(t, c.args...)
			if code != 0 {
				t.Fatalf("single run: exit %d: %s", code, errs)
			}
			tmp := t.TempDir()
			files := shardCommand(t, filepath.Join(tmp, "shards"), c.n, c.args)
			slices.Reverse(files) // in any order
			margs := []string{"merge"}
			if c.args[0] == "--data" {
				margs = append([]string{c.args[0], c.args[1]}, margs...)
			}
			merged, errs, code := runCLI(t, append(margs, files...)...)
			if code != 0 {
				t.Fatalf("merge: exit %d: %s", code, errs)
			}
			if merged != single {
				t.Errorf("merged output differs from the single run's:\n--- single\n%s\n--- merged\n%s", single, merged)
			}
			// --out writes the same bytes to a file.
			out := filepath.Join(tmp, "merged.out")
			if _, errs, code := runCLI(t, append(margs, append([]string{"--out", out}, files...)...)...); code != 0 {
				t.Fatalf("merge --out: exit %d: %s", code, errs)
			}
			if b, err := os.ReadFile(out); err != nil || string(b) != single {
				t.Errorf("merge --out %s: %v; differs from the single run: %q", out, err, b)
			}
		})
	}
}

// TestCommandShardRerun checks that a shard interrupted (the scheduler's
// SIGTERM as a cancelled context) writes no file and exits 130, that the
// merge then names it missing, and that the shard run again alone completes
// the sweep: the merge is the single run's.
func TestCommandShardRerun(t *testing.T) {
	args := []string{"duel", "paladin-3", "kherops-warrior-2", "--trials", "9000", "--json"}
	dir := t.TempDir()
	single, _, _ := runCLI(t, args...)
	files := shardCommand(t, dir, 3, args)
	if err := os.Remove(files[1]); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errb strings.Builder
	err := run(ctx, &out, &errb, append(slices.Clone(args), "--shard", "1/3", "--out", dir))
	if code := exitCode(err); code != 130 || !strings.Contains(errb.String(), "run the shard again") {
		t.Errorf("interrupted shard: exit %d, stderr %q; want 130 and to run the shard again", code, errb.String())
	}
	if _, err := os.Stat(files[1]); err == nil {
		t.Fatal("an interrupted shard wrote its file")
	}
	if _, errs, code := runCLI(t, append([]string{"merge", files[0]}, files[2])...); code != 2 || !strings.Contains(errs, "shard 1 of 3 missing") ||
		!strings.Contains(errs, "kharn duel --shard I/3") {
		t.Errorf("merge without shard 1: exit %d: %s", code, errs)
	}
	if _, errs, code := runCLI(t, append(slices.Clone(args), "--shard", "1/3", "--out", dir)...); code != 0 {
		t.Fatalf("shard 1 run again: exit %d: %s", code, errs)
	}
	merged, errs, code := runCLI(t, append([]string{"merge"}, files...)...)
	if code != 0 || merged != single {
		t.Errorf("merge after the re-run: exit %d (%s); same as the single run: %t", code, errs, merged == single)
	}
}

// TestCommandMergeRefuses checks that kharn merge refuses, with exit 2 and
// naming what differs, shards of different commands, of other flags or
// arguments, and of other data; and that --shard is refused with the flags it
// cannot split, naming the flag.
func TestCommandMergeRefuses(t *testing.T) {
	tmp := t.TempDir()
	duel := []string{"duel", "paladin-3", "kherops-warrior-2", "--trials", "5000", "--json"}
	a := shardCommand(t, filepath.Join(tmp, "a"), 2, duel)
	trials := shardCommand(t, filepath.Join(tmp, "trials"), 2, []string{"duel", "paladin-3", "kherops-warrior-2", "--trials", "6000", "--json"})
	args := shardCommand(t, filepath.Join(tmp, "args"), 2, []string{"duel", "paladin-3", "paladin-2", "--trials", "5000", "--json"})
	sk := shardCommand(t, filepath.Join(tmp, "sk"), 2, []string{"skirmish", "kharns-300", "kherops-300", "--trials", "20"})
	rep := shardCommand(t, filepath.Join(tmp, "rep"), 2, []string{"--data", reportV2, "report", "--trials", "16", "--cost-trials", "0", "--loadouts", "none"})
	for _, c := range []struct {
		name  string
		args  []string
		wants []string
	}{
		{"other command", []string{a[0], sk[1]}, []string{sk[1] + " belongs to another sweep", "command duel in " + a[0] + ", skirmish in " + sk[1]}},
		{"report and duel", []string{rep[0], a[1]}, []string{a[1] + " belongs to another sweep", "command report in " + rep[0] + ", duel in " + a[1]}},
		{"other trials", []string{a[0], trials[1]}, []string{"--trials 5000 in " + a[0] + ", 6000 in " + trials[1]}},
		{"other arguments", []string{a[0], args[1]}, []string{"arguments paladin-3 kherops-warrior-2 in " + a[0] + ", paladin-3 paladin-2 in " + args[1]}},
		{"other data", []string{"--data", reportV2, "merge", a[0], a[1]}, []string{"not of this data", "data embedded default data in the shards"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			margs := c.args
			if margs[0] != "--data" {
				margs = append([]string{"merge"}, margs...)
			}
			_, errs, code := runCLI(t, margs...)
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
	for _, c := range []struct {
		args []string
		want string
	}{
		{append(slices.Clone(duel), "--precision", "0.01"), "--shard and --precision exclude each other"},
		{[]string{"duel", "paladin-3", "paladin-2", "--trace"}, "--shard and --trace exclude each other"},
		{[]string{"skirmish", "kharns-300", "--policy-check"}, "--shard and --policy-check exclude each other"},
		{[]string{"cost", "paladin-2", "--plot", filepath.Join(tmp, "p.png")}, "--shard and --plot exclude each other"},
		{[]string{"compare", "paladin-2", "--context", "skirmish"}, "--shard splits the duels of --context duel"},
		{append(slices.Clone(duel), "--shard", "2/2"), "--shard: \"2/2\""},
	} {
		a := append(slices.Clone(c.args), "--out", filepath.Join(tmp, "x"))
		if !slices.Contains(a, "--shard") {
			a = append(a, "--shard", "0/2")
		}
		if _, errs, code := runCLI(t, a...); code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("kharn %s: exit %d, %q; want 2 and %q", strings.Join(a, " "), code, errs, c.want)
		}
	}
	if _, errs, code := runCLI(t, append(slices.Clone(duel), "--out", tmp)...); code != 2 || !strings.Contains(errs, "--out is where --shard writes") {
		t.Errorf("--out without --shard: exit %d, %q", code, errs)
	}
}
