package main

import (
	"errors"
	"fmt"
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
		Short: "Merge the shard files of --shard runs into the output of a single run",
		Long: `merge reads the N shard files that kharn report, duel, skirmish, compare or cost
--shard I/N wrote (I from 0 to N-1), checks that they belong to one sweep (the same
command, arguments, settings, data set digest, version and N; every index present
once), and writes the output a single run with the same settings writes.

For kharn report, it writes the report to --out (a directory): report.json and
every CSV file are the same, byte for byte. For the other commands, it prints what
the single run prints (JSON, CSV or text, as the shards were run), the same byte
for byte, to standard output or, with --out, to that file.

The settings come from the shards; --data must name the data set they were run on
(its SHA-256 is checked). A shard missing, given twice, or of another sweep is
refused (exit 2), naming it and what differs. docs/scale-out.md.`,
		Example: `  kharn report --shard 0/3 --out shards && kharn report --shard 1/3 --out shards && kharn report --shard 2/3 --out shards
  kharn merge shards/shard-*.json --out release-report
  kharn duel paladin-3 kherops-warrior-2 --trials 10000000 --json --shard auto/40 --out duel-shards   # each task
  kharn merge duel-shards/shard-*.json --out duel.json`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return runMerge(cmd, g, f, args) },
	}
	c.Flags().StringVar(&f.out, "out", "kharn-report", "directory to write the report to; for the other commands, a file for their output (default: standard output)")
	c.Flags().IntVar(&f.workers, "workers", 0, "worker goroutines for the exact figures (0: one per CPU); results do not depend on it")
	return c
}

func runMerge(cmd *cobra.Command, g *globals, mf *mergeFlags, paths []string) error {
	if mf.out == "" {
		return &usageError{errors.New("--out must name a directory")}
	}
	sw, err := readSweep(paths)
	if err != nil {
		return err
	}
	first := sw.shards[0]
	if first.Key.Command != "report" {
		return mergeCommandShards(cmd, g, mf, sw)
	}
	// The sweep's settings, on the data given.
	k := first.Key
	f := &reportFlags{baseline: k.Baseline, out: mf.out, seed: k.Seed, trials: k.Trials, pairPrecision: k.PairPrecision, workers: mf.workers, distance: k.Distance,
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
	units, err := sw.units(planShards(r, first.Shards))
	if err != nil {
		return err
	}
	r.cfg.units = units
	if err := prepareOut(f.out, r.key(), false); err != nil {
		return err
	}
	fmt.Fprintf(r.stderr, "kharn merge: %s of one sweep read; writing the report\n", reports.Count(len(sw.shards), "shard"))
	return writeReport(cmd, r)
}
