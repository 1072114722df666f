package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/reports"
	"github.com/kharn-ages/kharn/sim"
	"github.com/kharn-ages/kharn/sim/runner"
)

// --shard on duel, skirmish, compare and cost (docs/scale-out.md): the same
// shard files as kharn report's (shard.go), with the command's own work
// units: the chunks of trials of a duel or skirmish (chunkGroup), the duel
// pairings of compare (loadout x opponent), the profiles of cost. kharn merge
// runs the command again, from the shards' settings, with every unit read
// from the shards instead of played, so its output is the single run's.

// chunkGroup names the units of a duel or skirmish: chunk c is the trials
// the runner plays from rand.NewPCG(seed, c) (sim/runner.Config.Seed).
const chunkGroup = "chunks"

// shardHelp is the help of --shard on the commands; what names their units.
func shardHelp(what string) string {
	return "I/N: run only shard I (0 to N-1) of N of the work units (" + what + ") and write a shard file to --out for kharn merge; " +
		"auto/N reads I from SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX (docs/scale-out.md)"
}

// addShardFlags adds --shard and --out to a command's flags.
func addShardFlags(fl *pflag.FlagSet, shard, out *string, what string) {
	fl.StringVar(shard, "shard", "", shardHelp(what))
	fl.StringVar(out, "out", ".", "with --shard: the directory to write the shard file to")
}

// shardExempt are the flags that are no part of a command's settings in a
// shard file: where the shard goes, and the workers (results do not depend
// on them).
var shardExempt = map[string]bool{"shard": true, "out": true, "workers": true, "help": true}

// flagValue is a flag's value as the command line gives it.
func flagValue(f *pflag.Flag) string {
	if s, ok := f.Value.(pflag.SliceValue); ok {
		return strings.Join(s.GetSlice(), ",")
	}
	return f.Value.String()
}

// mergeKey is the context key of the sweep kharn merge runs a command on.
type mergeKey struct{}

// cmdShards is the --shard state of a command run: a shard's plan and file,
// or kharn merge's units. A nil *cmdShards is a plain run.
type cmdShards struct {
	u    *shardUnits
	spec shardSpec
	out  string
	file *shardFile
}

// units returns the routing of the run's units; nil in a plain run.
func (c *cmdShards) units() *shardUnits {
	if c == nil {
		return nil
	}
	return c.u
}

// shardOnly reports whether the run is a shard, which writes its shard file
// instead of the command's output.
func (c *cmdShards) shardOnly() bool { return c.units().shardOnly() }

// commandShards returns the --shard state of cmd, run on ds with args and the
// work units groups: nil without --shard (and outside kharn merge); with
// --shard I/N, shard I's plan; in kharn merge, every unit read from the
// sweep's shards, which must be of this command, settings and data. Each of
// excl given with --shard is a usage error: the run cannot be split with it.
func commandShards(cmd *cobra.Command, g *globals, ds *profiles.DataSet, variant sim.Variant, args []string, shard, out string, groups []unitGroup) (*cmdShards, error) {
	key := checkpointKey{Format: shardFormat, Command: cmd.Name(), Args: args, Flags: map[string]string{}, Version: versionString(),
		Data: ds.Source, DataSHA256: dataHash(ds), Rules: variant.String()}
	var given []string
	cmd.NonInheritedFlags().VisitAll(func(f *pflag.Flag) {
		if shardExempt[f.Name] {
			return
		}
		key.Flags[f.Name] = flagValue(f)
		if f.Changed {
			given = append(given, "--"+f.Name+"="+flagValue(f))
		}
	})
	if sw, ok := cmd.Context().Value(mergeKey{}).(*sweep); ok {
		if d := sw.shards[0].Key.diff(key, "in the shards", "here"); len(d) > 0 {
			return nil, &usageError{fmt.Errorf("the shards are not of this data or kharn (--data as the shards were run with): %s", strings.Join(d, "; "))}
		}
		u, err := sw.units(planUnits(sw.shards[0].Shards, groups))
		if err != nil {
			return nil, err
		}
		return &cmdShards{u: u}, nil
	}
	if shard == "" {
		if cmd.Flags().Changed("out") {
			return nil, &usageError{errors.New("--out is where --shard writes its shard file: add --shard I/N")}
		}
		return nil, nil
	}
	spec, err := parseShard(shard, os.Getenv)
	if err != nil {
		return nil, &usageError{fmt.Errorf("--shard: %w", err)}
	}
	if err := prepareShardOut(out); err != nil {
		return nil, err
	}
	plan := planUnits(spec.count, groups)
	return &cmdShards{u: &shardUnits{plan: plan, index: spec.index}, spec: spec, out: out,
		file: &shardFile{Key: key, Command: append([]string{"kharn"}, g.args...), Given: given, Units: plan.units()}}, nil
}

// write writes the shard file of a run that played its units in full.
func (c *cmdShards) write(cmd *cobra.Command) error {
	c.file.Results = c.u.played
	return writeShard(c.out, c.spec, c.file, func(path string) {
		fmt.Fprintf(cmd.OutOrStdout(), "Shard %d of %d written to %s: %s; kharn merge reads it\n", c.spec.index, c.spec.count, path,
			reports.Count(len(c.file.Results), "work unit"))
	})
}

// finish ends a --shard run that played its units: it writes the shard
// file, or, when the run was interrupted, writes none and returns the
// interrupted shard's error.
func (c *cmdShards) finish(cmd *cobra.Command, interrupted bool) error {
	if interrupted {
		return c.interrupted()
	}
	return c.write(cmd)
}

// interrupted is the error of a shard that did not play all its units.
func (c *cmdShards) interrupted() error {
	return fmt.Errorf("%w: shard %d/%d: no shard file written; run the shard again", errInterrupted, c.spec.index, c.spec.count)
}

// chunkUnits is the unit group of a run of trials: one unit per chunk of
// runner.DefaultChunkSize trials (the last one shorter), each of cost
// trials x ms.
func chunkUnits(trials int, ms float64) []unitGroup {
	size := runner.DefaultChunkSize
	g := unitGroup{name: chunkGroup}
	for c := 0; c*size < trials; c++ {
		g.costs = append(g.costs, ms*float64(min(size, trials-c*size)))
	}
	return []unitGroup{g}
}

// sampleUnits is sample for a shard or kharn merge: a fixed run of s.trials
// cut in chunks as sim/runner cuts them, chunk c played from
// rand.NewPCG(s.seed, c). A shard plays its own chunks (and records each
// one's accumulator); kharn merge reads every chunk's and merges them in chunk
// order, as runner.Run does, so the result is the single run's.
func sampleUnits[A any](ctx context.Context, s sampling, newAcc func() A, merge func(dst, src A), newTrial func() func(r *rand.PCG, acc A)) (runner.Result[A], error) {
	u, size := s.units, runner.DefaultChunkSize
	chunks := (s.trials + size - 1) / size
	trials := func(c int) int { return min(size, s.trials-c*size) }
	res := runner.Result[A]{Acc: newAcc()}
	if u.merging() {
		for c := range chunks {
			acc := newAcc()
			if err := u.read(chunkGroup, c, acc); err != nil {
				return runner.Result[A]{}, err
			}
			merge(res.Acc, acc)
			res.Trials += trials(c)
			res.Chunks++
		}
		return res, nil
	}
	var mine []int
	for c := range chunks {
		if u.mine(chunkGroup, c) {
			mine = append(mine, c)
		}
	}
	accs := make([]A, len(mine))
	done := make([]bool, len(mine))
	workers := s.workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var (
		next   atomic.Int64
		wg     sync.WaitGroup
		mu     sync.Mutex
		panicE error
	)
	for range min(workers, len(mine)) {
		wg.Go(func() {
			c := -1
			defer func() {
				if v := recover(); v != nil {
					mu.Lock()
					panicE = &runner.PanicError{Seed: s.seed, Chunk: c, Value: v, Stack: debug.Stack()}
					mu.Unlock()
				}
			}()
			play := newTrial()
			var r rand.PCG
			for {
				j := int(next.Add(1) - 1)
				if j >= len(mine) || ctx.Err() != nil {
					return
				}
				c = mine[j]
				acc := newAcc()
				r.Seed(s.seed, uint64(c))
				for t := range trials(c) {
					if t%1024 == 0 && ctx.Err() != nil {
						return
					}
					play(&r, acc)
				}
				accs[j], done[j] = acc, true
			}
		})
	}
	wg.Wait()
	if panicE != nil {
		return runner.Result[A]{}, panicE
	}
	for j, c := range mine {
		if !done[j] {
			res.Interrupted = true
			continue
		}
		merge(res.Acc, accs[j])
		res.Trials += trials(c)
		res.Chunks++
		if err := u.record(chunkGroup, c, accs[j]); err != nil {
			return runner.Result[A]{}, err
		}
	}
	return res, nil
}

// mergeCommandShards runs the sweep's command with every unit read from its
// shards (commandShards), writing its output to standard output, or to the
// file --out when given.
func mergeCommandShards(cmd *cobra.Command, g *globals, mf *mergeFlags, sw *sweep) error {
	first := sw.shards[0]
	if first.Key.Flags["catalog"] == "" {
		// The data first, before the command reads its arguments in it (a
		// skirmish's catalogue is its --catalog flag, compared with the rest).
		ds, err := g.load()
		if err != nil {
			return err
		}
		here := first.Key
		here.Data, here.DataSHA256 = ds.Source, dataHash(ds)
		if d := first.Key.diff(here, "in the shards", "here"); len(d) > 0 {
			return &usageError{fmt.Errorf("the shards are not of this data (--data as the shards were run with): %s", strings.Join(d, "; "))}
		}
	}
	var args []string
	for _, d := range g.data {
		args = append(args, "--data", d)
	}
	args = append(args, "--rules", first.Key.Rules, first.Key.Command)
	args = append(args, first.Given...)
	args = append(append(args, "--"), first.Key.Args...)
	var buf bytes.Buffer
	var w io.Writer = cmd.OutOrStdout()
	toFile := cmd.Flags().Changed("out")
	if toFile {
		if fi, err := os.Stat(mf.out); err == nil && fi.IsDir() {
			return &usageError{fmt.Errorf("--out %s: a directory; the merge of kharn %s shards is one file (or standard output without --out)", mf.out, first.Key.Command)}
		}
		w = &buf
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "kharn merge: %s of one sweep of kharn %s read\n", reports.Count(len(sw.shards), "shard"), first.Key.Command)
	root := rootCommand(&globals{args: args})
	root.SetContext(context.WithValue(cmd.Context(), mergeKey{}, sw))
	root.SetArgs(args)
	root.SetOut(w)
	root.SetErr(cmd.ErrOrStderr())
	err := execute(root, args)
	if toFile && (err == nil || errors.Is(err, errInterrupted)) {
		if werr := writeFileAtomic(mf.out, buf.Bytes()); werr != nil {
			return werr
		}
		fmt.Fprintf(cmd.ErrOrStderr(), "kharn merge: written to %s\n", mf.out)
	}
	return err
}

// prepareShardOut makes the directory of a shard file, before any work.
func prepareShardOut(dir string) error {
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		return &usageError{fmt.Errorf("--out %s: exists and is not a directory", dir)}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return &usageError{fmt.Errorf("--out %s: cannot make the directory: %v", dir, errors.Unwrap(err))}
	}
	return nil
}
