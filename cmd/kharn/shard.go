package main

import (
	"bytes"
	"container/heap"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/kharn-ages/kharn/reports"
)

// Shards (docs/scale-out.md): a command run with --shard I/N plays only the
// work units that shardPlan gives shard I of N and writes their results to a
// shard file; kharn merge reads the N shard files back and runs the command's
// own code with every unit's result read instead of played, so that its output
// is the single run's. A unit's result depends only on the unit and the
// settings (the runner seeds each chunk from (seed, chunk index)), so it is the
// same in whichever shard plays it. This file holds what every command shares:
// --shard, the plan, the file and the checks of kharn merge; report_shard.go
// and shard_cmd.go what is the report's and the other commands'.
//
// Format 1 (kharn-report-shard/1) was the report's alone; format 2 names the
// command and holds every unit's result the same way.
const shardFormat = "kharn-shard/2"

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

// unitGroup is a kind of work unit of a run ("matchups", "chunks",
// "profiles"...) and the expected cost of each of its units, in milliseconds.
type unitGroup struct {
	name  string
	costs []float64
}

// shardPlan assigns every work unit of a run to one of count shards.
type shardPlan struct {
	count int
	// shard[g][k] is the shard of unit k of group g.
	shard map[string][]int
	// load is the expected cost of each shard, in milliseconds.
	load []float64
}

// planUnits assigns the units of groups to n shards, deterministically and
// balanced by expected cost: the units by decreasing cost (ties in the order
// of the groups and of their units), each to the shard of least expected cost
// so far (ties to the lowest index). Every shard then ends within one unit's
// cost of every other.
func planUnits(n int, groups []unitGroup) *shardPlan {
	p := &shardPlan{count: n, shard: map[string][]int{}, load: make([]float64, n)}
	type unit struct {
		group string
		k     int
		cost  float64
	}
	var us []unit
	for _, g := range groups {
		if len(g.costs) == 0 {
			continue
		}
		p.shard[g.name] = make([]int, len(g.costs))
		for k, c := range g.costs {
			us = append(us, unit{g.name, k, c})
		}
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
		p.shard[u.group][u.k] = s
	}
	return p
}

// units returns the number of units of each group.
func (p *shardPlan) units() map[string]int {
	out := map[string]int{}
	for g, s := range p.shard {
		out[g] = len(s)
	}
	return out
}

// of returns how many units of group g shard i runs.
func (p *shardPlan) of(g string, i int) int {
	n := 0
	for _, s := range p.shard[g] {
		if s == i {
			n++
		}
	}
	return n
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

// unitKey names a work unit: its group and its index in the group.
type unitKey struct {
	group string
	k     int
}

// shardFile is a shard's results, as --shard writes them (docs/scale-out.md,
// "The shard file").
type shardFile struct {
	Format string `json:"format"`
	// Key holds every setting the results depend on, the data set's SHA-256
	// and the version, and names the command.
	Key checkpointKey `json:"key"`
	// Command is the command line of the shard; Given the flags of the command
	// as given (--name=value), which kharn merge runs the command with.
	Command []string `json:"command"`
	Given   []string `json:"given,omitempty"`
	Shard   int      `json:"shard"`
	Shards  int      `json:"shards"`
	// Units is the number of work units of each group (shardPlan.units).
	Units map[string]int `json:"units"`
	// Results are the units this shard ran, each in full.
	Results []unitResult `json:"results"`
}

// unitResult is the result of one work unit, in the unit's own format.
type unitResult struct {
	Group  string          `json:"group"`
	Unit   int             `json:"unit"`
	Result json.RawMessage `json:"result"`
}

// shardPath is where shard i of n goes in dir.
func shardPath(dir string, s shardSpec) string {
	return filepath.Join(dir, fmt.Sprintf("shard-%04d-of-%04d.json", s.index, s.count))
}

// shardUnits routes the work units of a run: in a shard, it says which units
// are the shard's and keeps their results; in kharn merge, it gives every
// unit's result from the shards. A nil *shardUnits is a plain run.
type shardUnits struct {
	plan  *shardPlan
	index int
	// merged holds every unit's result in kharn merge; nil in a shard.
	merged map[unitKey]json.RawMessage
	played []unitResult
	// group is the report's analysis running, next the index of its next
	// pairing (report_shard.go).
	group string
	next  int
}

// merging reports whether u reads the results from shards (kharn merge).
func (u *shardUnits) merging() bool { return u != nil && u.merged != nil }

// shardOnly reports whether u runs a shard (which writes a shard file, not
// the command's output).
func (u *shardUnits) shardOnly() bool { return u != nil && u.merged == nil }

// mine reports whether unit k of group g is this shard's.
func (u *shardUnits) mine(g string, k int) bool {
	pl := u.plan.shard[g]
	if k >= len(pl) {
		panic(fmt.Sprintf("kharn: shard plan of %s has %d units, the run plays unit %d", g, len(pl), k))
	}
	return pl[k] == u.index
}

// record keeps v as the result of unit k of group g, played in full.
func (u *shardUnits) record(g string, k int, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("shard: unit %d of %s: %w", k, g, err)
	}
	u.played = append(u.played, unitResult{Group: g, Unit: k, Result: b})
	return nil
}

// read decodes the result of unit k of group g from the shards into v.
func (u *shardUnits) read(g string, k int, v any) error {
	b, ok := u.merged[unitKey{g, k}]
	if !ok {
		return fmt.Errorf("merge: no shard holds unit %d of %s", k, g)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("merge: unit %d of %s: %w", k, g, err)
	}
	return nil
}

// writeShard writes shard s's file to dir, made if need be, and says so on out.
func writeShard(dir string, s shardSpec, f *shardFile, say func(path string)) error {
	if err := prepareShardOut(dir); err != nil {
		return err
	}
	f.Format, f.Shard, f.Shards = shardFormat, s.index, s.count
	if f.Results == nil {
		f.Results = []unitResult{}
	}
	b, err := json.Marshal(f)
	if err != nil {
		return err
	}
	path := shardPath(dir, s)
	if err := writeFileAtomic(path, append(b, '\n')); err != nil {
		return err
	}
	say(path)
	return nil
}

// readShard reads one shard file, strictly.
func readShard(path string) (*shardFile, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, &usageError{err}
	}
	var head struct {
		Format string `json:"format"`
	}
	if err := json.Unmarshal(b, &head); err == nil && head.Format != shardFormat && strings.Contains(head.Format, "shard/") {
		// kharn-report-shard/1, or a later format.
		return nil, &usageError{fmt.Errorf("%s: format %q, this kharn reads %q: run the shard again with this kharn", path, head.Format, shardFormat)}
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

// sweep is the shard files of one sweep, as kharn merge read and checked them.
type sweep struct {
	shards []*shardFile
	paths  []string
	// at[i] is the file of shard i.
	at map[int]string
}

// readSweep reads the shard files and checks that they are one sweep: the same
// key (command, settings, data, version) and N in every file, every index once.
func readSweep(paths []string) (*sweep, error) {
	sw := &sweep{paths: paths, at: map[int]string{}}
	for _, p := range paths {
		s, err := readShard(p)
		if err != nil {
			return nil, err
		}
		sw.shards = append(sw.shards, s)
	}
	first := sw.shards[0]
	for i, s := range sw.shards {
		if d := first.Key.diff(s.Key, "in "+paths[0], "in "+paths[i]); len(d) > 0 {
			return nil, &usageError{fmt.Errorf("%s belongs to another sweep than %s: %s", paths[i], paths[0], strings.Join(d, "; "))}
		}
		if s.Shards != first.Shards {
			return nil, &usageError{fmt.Errorf("%s is shard %d of %d, %s of %d: shards of one sweep share N", paths[i], s.Shard, s.Shards, paths[0], first.Shards)}
		}
		if p, ok := sw.at[s.Shard]; ok {
			return nil, &usageError{fmt.Errorf("shard %d of %d given twice: %s and %s", s.Shard, s.Shards, p, paths[i])}
		}
		sw.at[s.Shard] = paths[i]
	}
	var missing []string
	for i := range first.Shards {
		if _, ok := sw.at[i]; !ok {
			missing = append(missing, fmt.Sprint(i))
		}
	}
	if len(missing) > 0 {
		return nil, &usageError{fmt.Errorf("shard %s of %d missing (%s given): run kharn %s --shard I/%d for each and merge all %d files",
			strings.Join(missing, ", "), first.Shards, reports.Count(len(sw.shards), "shard file"), first.Key.Command, first.Shards, first.Shards)}
	}
	return sw, nil
}

// units checks the shards' results against plan, the plan of the run they
// belong to, and returns the routing of kharn merge: every unit's result.
// A unit that no shard holds (a truncated or edited file) is named with the
// shard to run again.
func (sw *sweep) units(plan *shardPlan) (*shardUnits, error) {
	u := &shardUnits{plan: plan, merged: map[unitKey]json.RawMessage{}}
	want := plan.units()
	for i, s := range sw.shards {
		for g, n := range want {
			if s.Units[g] != n {
				return nil, &usageError{fmt.Errorf("%s: %d work units of %s, this sweep has %d", sw.paths[i], s.Units[g], g, n)}
			}
		}
		for g, n := range s.Units {
			if _, ok := want[g]; !ok && n > 0 {
				return nil, &usageError{fmt.Errorf("%s: %d work units of %s, this sweep has none", sw.paths[i], n, g)}
			}
		}
		for _, r := range s.Results {
			pl, ok := plan.shard[r.Group]
			if !ok || r.Unit < 0 || r.Unit >= len(pl) || pl[r.Unit] != s.Shard {
				return nil, &usageError{fmt.Errorf("%s: unit %d of %s is not shard %d's", sw.paths[i], r.Unit, r.Group, s.Shard)}
			}
			key := unitKey{r.Group, r.Unit}
			if _, dup := u.merged[key]; dup {
				return nil, &usageError{fmt.Errorf("%s: unit %d of %s given twice", sw.paths[i], r.Unit, r.Group)}
			}
			u.merged[key] = r.Result
		}
	}
	for _, g := range slices.Sorted(maps.Keys(plan.shard)) {
		for k, s := range plan.shard[g] {
			if _, ok := u.merged[unitKey{g, k}]; !ok {
				return nil, &usageError{fmt.Errorf("%s lacks unit %d of %s: was the shard interrupted? run kharn %s --shard %d/%d again",
					sw.at[s], k, g, sw.shards[0].Key.Command, s, plan.count)}
			}
		}
	}
	return u, nil
}
