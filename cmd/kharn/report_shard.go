package main

import (
	"container/heap"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kharn-ages/kharn/reports"
	"github.com/kharn-ages/kharn/sim"
)

// Sharded reports (docs/scale-out.md): kharn report --shard I/N runs only the
// work units that shardPlan gives shard I of N and writes them to a shard file;
// kharn merge reads the N shard files back and writes the report of a single
// run. A work unit is one duel pairing of an analysis whose steps are duel
// pairings (analysis.perPairing: matchups, loadouts, baseline), or a whole
// other analysis (the fair costs). A pairing's result depends only on its
// duellists and the seed (common random numbers; the runner seeds each chunk
// from (seed, chunk index)), so it is the same in whichever shard plays it.
const shardFormat = "kharn-report-shard/1"

// Expected CPU cost of the work units, to balance the shards, in milliseconds
// of one core of the development machine (2 cores, shared with other jobs;
// docs/scale-out.md): a duel pairing costs its set-up (sim.Duel.NewPlayer's
// exact tables, 45-80 ms) plus its fights (5 pairings of 10^5 fights: 3.73 s
// of CPU with --workers 1, so about 6.5 us a fight); a profile of the
// fair-cost search costs about costMsPerTrial per trial of its two stages (21
// profiles of 50 + 40 trials: 45.9 s of CPU).
const (
	pairingSetupMs = 70
	fightMs        = 0.0065
	costMsPerTrial = 24.0
)

// shardSpec is shard index of count (0 <= index < count).
type shardSpec struct{ index, count int }

// maxShards caps N in --shard I/N.
const maxShards = 100000

// parseShard reads --shard: "I/N", I from 0 to N-1, or "auto/N", I read from
// SLURM_ARRAY_TASK_ID (Slurm job arrays) or JOB_COMPLETION_INDEX (Kubernetes
// Indexed Jobs) through getenv.
func parseShard(s string, getenv func(string) string) (shardSpec, error) {
	is, ns, ok := strings.Cut(s, "/")
	if !ok {
		return shardSpec{}, fmt.Errorf("%q: want I/N (shard I, from 0 to N-1, of N) or auto/N", s)
	}
	n, err := strconv.Atoi(ns)
	if err != nil || n < 1 || n > maxShards {
		return shardSpec{}, fmt.Errorf("%q: N must be a whole number from 1 to %d, got %q", s, maxShards, ns)
	}
	from := ""
	if is == "auto" {
		for _, v := range []string{"SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"} {
			if is = getenv(v); is != "" {
				from = " (from " + v + ")"
				break
			}
		}
		if is == "" {
			return shardSpec{}, fmt.Errorf("%q: neither SLURM_ARRAY_TASK_ID nor JOB_COMPLETION_INDEX is set; give the index, I/N", s)
		}
	}
	i, err := strconv.Atoi(is)
	if err != nil || i < 0 || i >= n {
		return shardSpec{}, fmt.Errorf("%q: the shard index%s must be a whole number from 0 to %d, got %q", s, from, n-1, is)
	}
	return shardSpec{index: i, count: n}, nil
}

// shardPlan assigns every work unit of a report to one of count shards.
type shardPlan struct {
	count int
	// units is the number of work units of each analysis that has any: its
	// duel pairings, or 1 for an analysis run whole.
	units map[string]int
	// pairing[a][k] is the shard of the k-th duel pairing of analysis a
	// (perPairing), whole[a] the shard of analysis a run whole.
	pairing map[string][]int
	whole   map[string]int
	// load is the expected cost of each shard, in milliseconds.
	load []float64
}

// planShards assigns the work units of r's analyses to n shards,
// deterministically and balanced by expected cost: the units by decreasing
// cost (ties in the order of the run), each to the shard of least expected
// cost so far (ties to the lowest index). Every shard then ends within one
// unit's cost of every other.
func planShards(r *reportRun, n int) *shardPlan {
	p := &shardPlan{count: n, units: map[string]int{}, pairing: map[string][]int{}, whole: map[string]int{}, load: make([]float64, n)}
	type unit struct {
		analysis string
		k        int // pairing index, -1 for a whole analysis
		cost     float64
	}
	var us []unit
	pairingMs := pairingSetupMs + fightMs*float64(r.f.trials)
	for _, a := range reportAnalyses() {
		steps := a.steps(r)
		if steps == 0 {
			continue
		}
		if a.perPairing {
			p.units[a.name] = steps
			p.pairing[a.name] = make([]int, steps)
			for k := range steps {
				us = append(us, unit{a.name, k, pairingMs})
			}
			continue
		}
		p.units[a.name] = 1
		// The fair-cost search plays its wide then its narrow stage's trials
		// per profile (reportRun.costFlags).
		// With a baseline, its profiles are assessed too (costBaseline).
		cf := r.costFlags()
		if r.base != nil {
			steps += len(r.base.Profiles)
		}
		us = append(us, unit{a.name, -1, float64(steps) * costMsPerTrial * float64(cf.first+cf.trials)})
	}
	sort.SliceStable(us, func(i, j int) bool { return us[i].cost > us[j].cost })
	h := &shardHeap{load: p.load}
	for i := range n {
		h.idx = append(h.idx, i)
	}
	heap.Init(h)
	for _, u := range us {
		s := h.idx[0]
		p.load[s] += u.cost
		heap.Fix(h, 0)
		if u.k < 0 {
			p.whole[u.analysis] = s
		} else {
			p.pairing[u.analysis][u.k] = s
		}
	}
	return p
}

// shardHeap orders shard indices by expected load, then index.
type shardHeap struct {
	load []float64
	idx  []int
}

func (h *shardHeap) Len() int { return len(h.idx) }
func (h *shardHeap) Less(i, j int) bool {
	a, b := h.idx[i], h.idx[j]
	if h.load[a] != h.load[b] {
		return h.load[a] < h.load[b]
	}
	return a < b
}
func (h *shardHeap) Swap(i, j int) { h.idx[i], h.idx[j] = h.idx[j], h.idx[i] }
func (h *shardHeap) Push(x any)    { h.idx = append(h.idx, x.(int)) }
func (h *shardHeap) Pop() any {
	x := h.idx[len(h.idx)-1]
	h.idx = h.idx[:len(h.idx)-1]
	return x
}

// unitKey names a duel pairing: the analysis and its index in the run.
type unitKey struct {
	analysis string
	k        int
}

// shardUnits routes the duel pairings of a report (matchConfig.units): in a
// shard, it plays those of the shard and leaves the others not done; in kharn
// merge, it reads every one from the shards.
type shardUnits struct {
	plan   *shardPlan
	index  int
	merged map[unitKey]matchResult // kharn merge
	// analysis is the analysis running, next the index of its next pairing.
	analysis string
	next     int
	played   []unitJSON // in a shard: the pairings played in full
}

// start begins analysis a's pairings. A nil u does nothing.
func (u *shardUnits) start(a string) {
	if u != nil {
		u.analysis, u.next = a, 0
	}
}

// play stands for playMatchups over ms, the next pairings of the analysis.
func (u *shardUnits) play(ctx context.Context, ms []matchup, c matchConfig, step func()) ([]matchResult, bool, error) {
	res := make([]matchResult, len(ms))
	first := u.next
	u.next += len(ms)
	if step == nil {
		step = func() {}
	}
	if u.merged != nil {
		for i := range ms {
			r, ok := u.merged[unitKey{u.analysis, first + i}]
			if !ok {
				return nil, false, fmt.Errorf("merge: no shard holds pairing %d of %s", first+i, u.analysis)
			}
			res[i] = r
			step()
		}
		return res, false, nil
	}
	plan := u.plan.pairing[u.analysis]
	if u.next > len(plan) {
		panic(fmt.Sprintf("kharn: shard plan of %s has %d pairings, the run plays %d", u.analysis, len(plan), u.next))
	}
	var mine []matchup
	var at []int
	for i, m := range ms {
		if plan[first+i] == u.index {
			mine, at = append(mine, m), append(at, i)
		} else {
			step()
		}
	}
	c.units = nil
	got, interrupted, err := playMatchups(ctx, mine, c, step)
	for j, i := range at {
		res[i] = got[j]
		if got[j].done {
			u.played = append(u.played, unitJSON{Analysis: u.analysis, Pairing: first + i, Tally: got[j].tally,
				PerAP: reports.FormatFloat(got[j].perAP), NotModelled: got[j].notModelled})
		}
	}
	return res, interrupted, err
}

// shardOnly reports whether r runs a shard (which writes no report).
func (r *reportRun) shardOnly() bool { return r.cfg.units != nil && r.merged == nil }

// shardFile is a shard's results, as kharn report --shard writes them
// (docs/scale-out.md, "The shard file").
type shardFile struct {
	Format string `json:"format"`
	// Key holds every setting the figures depend on, the data set's SHA-256
	// and the version (as the checkpoints' manifest).
	Key     checkpointKey `json:"key"`
	Command []string      `json:"command"`
	Shard   int           `json:"shard"`
	Shards  int           `json:"shards"`
	// Units is the number of work units of each analysis (shardPlan.units).
	Units map[string]int `json:"units"`
	// Pairings are the duel pairings this shard played; Analyses the analyses
	// it ran whole, each as its checkpoint.
	Pairings []unitJSON   `json:"pairings"`
	Analyses []checkpoint `json:"analyses"`
}

// unitJSON is one duel pairing played in full.
type unitJSON struct {
	Analysis    string        `json:"analysis"`
	Pairing     int           `json:"pairing"`
	Tally       sim.DuelTally `json:"tally"`
	PerAP       string        `json:"per_ap"`
	NotModelled []string      `json:"not_modelled,omitempty"`
}

// shardPath is where shard i of n goes in dir.
func shardPath(dir string, s shardSpec) string {
	return filepath.Join(dir, fmt.Sprintf("shard-%04d-of-%04d.json", s.index, s.count))
}

// runShard runs shard s of r's work units and writes its shard file to r.f.out.
// An analysis that fails, or an interruption, writes no file: the shard is
// run again alone.
func runShard(cmd *cobra.Command, g *globals, r *reportRun, s shardSpec) error {
	if fi, err := os.Stat(r.f.out); err == nil && !fi.IsDir() {
		return &usageError{fmt.Errorf("--out %s: exists and is not a directory", r.f.out)}
	}
	if err := os.MkdirAll(r.f.out, 0o755); err != nil {
		return &usageError{fmt.Errorf("--out %s: cannot make the directory: %v", r.f.out, errors.Unwrap(err))}
	}
	plan := planShards(r, s.count)
	u := &shardUnits{plan: plan, index: s.index}
	r.cfg.units = u
	out := shardFile{Format: shardFormat, Key: r.key(), Command: append([]string{"kharn"}, g.args...), Shard: s.index, Shards: s.count,
		Units: plan.units, Pairings: []unitJSON{}, Analyses: []checkpoint{}}
	all := reportAnalyses()
	for i, a := range all {
		n := a.steps(r)
		if n == 0 || (!a.perPairing && plan.whole[a.name] != s.index) {
			continue
		}
		mine := n
		if a.perPairing {
			mine = 0
			for _, x := range plan.pairing[a.name] {
				if x == s.index {
					mine++
				}
			}
		}
		fmt.Fprintf(r.stderr, "kharn report: shard %d/%d: [%d/%d] %s: %d of %d %s\n", s.index, s.count, i+1, len(all), a.name, mine, n, a.unit)
		bar := newBar(r.stderr, n, a.name, a.unit)
		step := func() {}
		if bar != nil {
			step = func() { _ = bar.Add(1) }
		}
		u.start(a.name)
		nflags := len(r.flags)
		before := map[string]bool{}
		for k := range r.notModelled {
			before[k] = true
		}
		ss, err := runAnalysis(r, a, step)
		if bar != nil {
			_ = bar.Finish()
		}
		if err == nil && r.ctx.Err() != nil {
			return fmt.Errorf("%w: shard %d/%d: no shard file written; run the shard again", errInterrupted, s.index, s.count)
		}
		if err != nil {
			return fmt.Errorf("shard %d/%d: %s failed: %w; no shard file written; run the shard again", s.index, s.count, a.name, err)
		}
		if a.perPairing {
			continue
		}
		var nm []string
		for _, k := range sortedKeys(r.notModelled) {
			if !before[k] {
				nm = append(nm, k)
			}
		}
		// A whole analysis's figures would depend on the duels of the shard
		// if it read them: none does (docs/scale-out.md).
		c, err := r.checkpointOf(a.name, ss, r.flags[nflags:], nm, nil, nil)
		if err != nil {
			return err
		}
		out.Analyses = append(out.Analyses, *c)
	}
	out.Pairings = u.played
	b, err := json.Marshal(out)
	if err != nil {
		return err
	}
	path := shardPath(r.f.out, s)
	if err := writeFileAtomic(path, append(b, '\n')); err != nil {
		return err
	}
	fmt.Fprintf(cmd.OutOrStdout(), "Shard %d of %d written to %s: %s and %d whole analyses; kharn merge reads it\n", s.index, s.count, path,
		reports.Count(len(out.Pairings), "duel pairing"), len(out.Analyses))
	return nil
}

// mergedShards is what kharn merge read from the shard files.
type mergedShards struct {
	analyses map[string]*checkpoint
}
