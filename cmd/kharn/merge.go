package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kharn-ages/kharn/reports"
	"github.com/kharn-ages/kharn/sim"
)

type mergeFlags struct {
	out     string
	workers int
}

func mergeCommand(g *globals) *cobra.Command {
	f := &mergeFlags{}
	c := &cobra.Command{
		Use:   "merge SHARD...",
		Short: "Merge the shard files of kharn report --shard into the report of a single run",
		Long: `merge reads the N shard files that kharn report --shard I/N wrote (I from 0 to
N-1), checks that they belong to one sweep (the same data set digest, settings,
version and N; every index present once), and writes to --out the report a single
kharn report run with the same settings writes: report.json and every CSV file are
the same, byte for byte. The settings come from the shards; --data must name the
data set they were run on (its SHA-256 is checked). A shard missing, given twice,
or of another sweep is refused (exit 2), naming it. docs/scale-out.md.`,
		Example: `  kharn report --shard 0/3 --out shards && kharn report --shard 1/3 --out shards && kharn report --shard 2/3 --out shards
  kharn merge shards/shard-*.json --out release-report`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return runMerge(cmd, g, f, args) },
	}
	c.Flags().StringVar(&f.out, "out", "kharn-report", "directory to write the report to")
	c.Flags().IntVar(&f.workers, "workers", 0, "worker goroutines for the exact figures (0: one per CPU); results do not depend on it")
	return c
}

// readShard reads one shard file, strictly.
func readShard(path string) (*shardFile, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, &usageError{err}
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var s shardFile
	if err := dec.Decode(&s); err != nil {
		return nil, &usageError{fmt.Errorf("%s: not a shard file: %v", path, err)}
	}
	if s.Format != shardFormat {
		return nil, &usageError{fmt.Errorf("%s: format %q, this kharn reads %q", path, s.Format, shardFormat)}
	}
	if s.Shards < 1 || s.Shard < 0 || s.Shard >= s.Shards {
		return nil, &usageError{fmt.Errorf("%s: shard %d of %d: the index must be from 0 to N-1", path, s.Shard, s.Shards)}
	}
	return &s, nil
}

func runMerge(cmd *cobra.Command, g *globals, mf *mergeFlags, paths []string) error {
	if mf.out == "" {
		return &usageError{errors.New("--out must name a directory")}
	}
	shards := make([]*shardFile, len(paths))
	for i, p := range paths {
		s, err := readShard(p)
		if err != nil {
			return err
		}
		shards[i] = s
	}
	// One sweep: the same key and N in every file, every index once.
	first := shards[0]
	at := map[int]string{}
	for i, s := range shards {
		if d := first.Key.diff(s.Key, "in "+paths[0], "in "+paths[i]); len(d) > 0 {
			return &usageError{fmt.Errorf("%s belongs to another sweep than %s: %s", paths[i], paths[0], strings.Join(d, "; "))}
		}
		if s.Shards != first.Shards {
			return &usageError{fmt.Errorf("%s is shard %d of %d, %s of %d: shards of one sweep share N", paths[i], s.Shard, s.Shards, paths[0], first.Shards)}
		}
		if p, ok := at[s.Shard]; ok {
			return &usageError{fmt.Errorf("shard %d of %d given twice: %s and %s", s.Shard, s.Shards, p, paths[i])}
		}
		at[s.Shard] = paths[i]
	}
	var missing []string
	for i := range first.Shards {
		if _, ok := at[i]; !ok {
			missing = append(missing, fmt.Sprint(i))
		}
	}
	if len(missing) > 0 {
		return &usageError{fmt.Errorf("shard %s of %d missing (%s given): run kharn report --shard I/%d for each and merge all %d files",
			strings.Join(missing, ", "), first.Shards, reports.Count(len(shards), "shard file"), first.Shards, first.Shards)}
	}

	// The sweep's settings, on the data given.
	k := first.Key
	f := &reportFlags{baseline: k.Baseline, out: mf.out, seed: k.Seed, trials: k.Trials, workers: mf.workers, distance: k.Distance,
		reference: k.Reference, loadouts: k.Loadouts, costTrials: k.CostTrials, budget: k.Budget}
	ds, err := g.load()
	if err != nil {
		return err
	}
	variant, err := sim.ParseVariant(k.Rules)
	if err != nil {
		return &usageError{fmt.Errorf("%s: rules: %w", paths[0], err)}
	}
	r, err := newReportRun(cmd, ds, variant, f)
	if err != nil {
		return err
	}
	if d := k.diff(r.key(), "in the shards", "here"); len(d) > 0 {
		return &usageError{fmt.Errorf("the shards are not of this data or kharn (--data as the shards were run with): %s", strings.Join(d, "; "))}
	}
	plan := planShards(r, first.Shards)
	units := &shardUnits{merged: map[unitKey]matchResult{}}
	r.merged = &mergedShards{analyses: map[string]*checkpoint{}}
	for i, s := range shards {
		for a, n := range plan.units {
			if s.Units[a] != n {
				return &usageError{fmt.Errorf("%s: %d work units of %s, this sweep has %d", paths[i], s.Units[a], a, n)}
			}
		}
		for _, p := range s.Pairings {
			pl, ok := plan.pairing[p.Analysis]
			if !ok || p.Pairing < 0 || p.Pairing >= len(pl) || pl[p.Pairing] != s.Shard {
				return &usageError{fmt.Errorf("%s: pairing %d of %s is not shard %d's", paths[i], p.Pairing, p.Analysis, s.Shard)}
			}
			key := unitKey{p.Analysis, p.Pairing}
			if _, dup := units.merged[key]; dup {
				return &usageError{fmt.Errorf("%s: pairing %d of %s given twice", paths[i], p.Pairing, p.Analysis)}
			}
			perAP, err := reports.ParseFloat(p.PerAP)
			if err != nil {
				return &usageError{fmt.Errorf("%s: pairing %d of %s: per_ap: %v", paths[i], p.Pairing, p.Analysis, err)}
			}
			units.merged[key] = matchResult{tally: p.Tally, done: true, perAP: perAP, notModelled: p.NotModelled}
		}
		for j := range s.Analyses {
			c := &s.Analyses[j]
			if w, ok := plan.whole[c.Analysis]; !ok || w != s.Shard {
				return &usageError{fmt.Errorf("%s: analysis %s is not shard %d's", paths[i], c.Analysis, s.Shard)}
			}
			r.merged.analyses[c.Analysis] = c
		}
	}
	for _, an := range reportAnalyses() { // in the order of the run: the first missing named
		a, pl := an.name, plan.pairing[an.name]
		for k, s := range pl {
			if _, ok := units.merged[unitKey{a, k}]; !ok {
				return &usageError{fmt.Errorf("%s lacks pairing %d of %s: was the shard interrupted? run kharn report --shard %d/%d again", at[s], k, a, s, first.Shards)}
			}
		}
	}
	for a, s := range plan.whole {
		if _, ok := r.merged.analyses[a]; !ok {
			return &usageError{fmt.Errorf("%s lacks the analysis %s: run kharn report --shard %d/%d again", at[s], a, s, first.Shards)}
		}
	}
	r.cfg.units = units
	if err := prepareOut(f.out, r.key(), false); err != nil {
		return err
	}
	fmt.Fprintf(r.stderr, "kharn merge: %s of one sweep read; writing the report\n", reports.Count(len(shards), "shard"))
	return writeReport(cmd, r)
}
