package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/reports"
	"github.com/kharn-ages/kharn/sim"
)

// The checkpoints of a report (docs/report.md, "Checkpoints and --resume"):
// in --out, checkpoint/manifest.json names the run (checkpointKey), written
// before the first analysis, and checkpoint/NN-NAME.json holds each analysis
// finished in full: its sections, its findings, the skills it found not
// modelled and the matchups later analyses read. kharn report --resume reads
// them back instead of running those analyses again.
const (
	checkpointDir    = "checkpoint"
	checkpointFormat = "kharn-report-checkpoint/1"
	manifestFile     = "manifest.json"
)

// checkpointKey is everything a report's figures depend on: a checkpoint is
// resumed only by a run with the same key.
type checkpointKey struct {
	Format string `json:"format"`
	// Command names the kharn command: report, or, in a shard file, duel,
	// skirmish, compare or cost, whose settings are then Args (the arguments)
	// and Flags (every flag's value but --shard, --out and --workers).
	Command      string            `json:"command"`
	Args         []string          `json:"args,omitempty"`
	Flags        map[string]string `json:"flags,omitempty"`
	Version      string            `json:"version"`
	Data         string            `json:"data"`
	DataSHA256   string            `json:"data_sha256"`
	Baseline     string            `json:"baseline,omitempty"`
	BaselineHash string            `json:"baseline_sha256,omitempty"`
	Rules        string            `json:"rules"`
	Seed         uint64            `json:"seed,omitempty"`
	Trials       int               `json:"trials,omitempty"`
	// PairPrecision is the report's --pair-precision (0: off).
	PairPrecision float64 `json:"pair_precision,omitempty"`
	Distance      float64 `json:"distance_toises,omitempty"`
	Reference     string  `json:"reference,omitempty"`
	Loadouts      string  `json:"loadouts,omitempty"`
	CostTrials    int     `json:"cost_trials,omitempty"`
	Budget        int     `json:"budget_kr,omitempty"`
}

// dataHash is the SHA-256 of a data set's profiles and equipment as JSON.
func dataHash(ds *profiles.DataSet) string {
	b, err := json.Marshal(struct {
		P []*profiles.Profile
		E []*profiles.Equipment
	}{ds.Profiles, ds.Equipment})
	if err != nil {
		// Profiles are plain data: this cannot happen, and if it did the key
		// would still name the data by its source.
		return "unhashable: " + err.Error()
	}
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

func (r *reportRun) key() checkpointKey {
	k := checkpointKey{Format: checkpointFormat, Command: "report", Version: versionString(), Data: r.ds.Source, DataSHA256: dataHash(r.ds),
		Rules: r.variant.String(), Seed: r.f.seed, Trials: r.f.trials, PairPrecision: r.f.pairPrecision, Distance: r.f.distance, Reference: r.ref.ID,
		Loadouts: r.f.loadouts, CostTrials: r.f.costTrials, Budget: r.f.budget}
	if r.base != nil {
		k.Baseline, k.BaselineHash = r.base.Source, dataHash(r.base)
	}
	return k
}

// differences lists the fields of k and o that differ, as "seed 1 (checkpoint) / 5 (this run)".
func (k checkpointKey) differences(o checkpointKey) []string {
	return k.diff(o, "in the checkpoint", "in this run")
}

// diff lists the fields of k and o that differ, as "--seed 1 KWHERE, 5 OWHERE".
func (k checkpointKey) diff(o checkpointKey, kwhere, owhere string) []string {
	var out []string
	add := func(name string, a, b any) {
		if fmt.Sprint(a) != fmt.Sprint(b) {
			out = append(out, fmt.Sprintf("%s %v %s, %v %s", name, a, kwhere, b, owhere))
		}
	}
	add("format", k.Format, o.Format)
	add("command", k.Command, o.Command)
	add("arguments", strings.Join(k.Args, " "), strings.Join(o.Args, " "))
	for _, name := range slices.Sorted(maps.Keys(k.Flags)) {
		v, ok := o.Flags[name]
		if !ok {
			v = "(none)"
		}
		add("--"+name, k.Flags[name], v)
	}
	for _, name := range slices.Sorted(maps.Keys(o.Flags)) {
		if _, ok := k.Flags[name]; !ok {
			add("--"+name, "(none)", o.Flags[name])
		}
	}
	add("kharn version", k.Version, o.Version)
	add("data", k.Data, o.Data)
	if k.Data == o.Data {
		add("data contents (SHA-256)", k.DataSHA256, o.DataSHA256)
	}
	add("--baseline", k.Baseline, o.Baseline)
	if k.Baseline == o.Baseline {
		add("baseline contents (SHA-256)", k.BaselineHash, o.BaselineHash)
	}
	add("--rules", k.Rules, o.Rules)
	add("--seed", k.Seed, o.Seed)
	add("--trials", k.Trials, o.Trials)
	add("--pair-precision", k.PairPrecision, o.PairPrecision)
	add("--distance", k.Distance, o.Distance)
	add("--reference", k.Reference, o.Reference)
	add("--loadouts", k.Loadouts, o.Loadouts)
	add("--cost-trials", k.CostTrials, o.CostTrials)
	add("--budget", k.Budget, o.Budget)
	return out
}

// checkpoint is one finished analysis, as checkpoint/NN-NAME.json holds it.
type checkpoint struct {
	Key         checkpointKey   `json:"key"`
	Analysis    string          `json:"analysis"`
	Sections    json.RawMessage `json:"sections"`
	Findings    []findingJSON   `json:"findings"`
	NotModelled []string        `json:"not_modelled"`
	// Matchups and BaselineMatchups are the matchup matrices the analysis
	// played (reportRun.current, reportRun.baseline), for the analyses after it.
	Matchups         *matrixJSON `json:"matchups,omitempty"`
	BaselineMatchups *matrixJSON `json:"baseline_matchups,omitempty"`
}

type findingJSON struct {
	Section string `json:"section"`
	Subject string `json:"subject"`
	Kind    string `json:"kind"`
	What    string `json:"what"`
}

// matrixJSON is a matrix: the profile ids in its order, each one's exact
// damage per AP (as text: NaN is not JSON), and every pair played.
type matrixJSON struct {
	Profiles []string   `json:"profiles"`
	PerAP    []string   `json:"exact_damage_per_ap"`
	Pairs    []pairJSON `json:"pairs"`
}

type pairJSON struct {
	A           int           `json:"a"`
	B           int           `json:"b"`
	Tally       sim.DuelTally `json:"tally"`
	Done        bool          `json:"done"`
	PerAP       string        `json:"per_ap"`
	NotModelled []string      `json:"not_modelled,omitempty"`
}

func encodeMatrix(m *matrix) *matrixJSON {
	if m == nil {
		return nil
	}
	out := &matrixJSON{}
	for i, p := range m.ps {
		out.Profiles = append(out.Profiles, p.ID)
		out.PerAP = append(out.PerAP, reports.FormatFloat(m.perAP[i]))
	}
	keys := make([][2]int, 0, len(m.pairs))
	for k := range m.pairs {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i][0] != keys[j][0] {
			return keys[i][0] < keys[j][0]
		}
		return keys[i][1] < keys[j][1]
	})
	for _, k := range keys {
		res := m.pairs[k]
		out.Pairs = append(out.Pairs, pairJSON{A: k[0], B: k[1], Tally: res.tally, Done: res.done, PerAP: reports.FormatFloat(res.perAP), NotModelled: res.notModelled})
	}
	return out
}

// decodeMatrix rebuilds a matrix of ds from its checkpoint.
func decodeMatrix(j *matrixJSON, ds *profiles.DataSet) (*matrix, error) {
	if j == nil {
		return nil, nil
	}
	m := &matrix{ps: sortedProfiles(ds), pairs: map[[2]int]matchResult{}}
	if len(j.Profiles) != len(m.ps) || len(j.PerAP) != len(m.ps) {
		return nil, fmt.Errorf("matchups of %d profiles, the data has %d", len(j.Profiles), len(m.ps))
	}
	for i, p := range m.ps {
		if j.Profiles[i] != p.ID {
			return nil, fmt.Errorf("matchups: profile %d is %s, the data has %s", i, j.Profiles[i], p.ID)
		}
		x, err := reports.ParseFloat(j.PerAP[i])
		if err != nil {
			return nil, fmt.Errorf("matchups: %s: %w", p.ID, err)
		}
		m.perAP = append(m.perAP, x)
	}
	for _, pr := range j.Pairs {
		if pr.A < 0 || pr.B <= pr.A || pr.B >= len(m.ps) {
			return nil, fmt.Errorf("matchups: pair (%d, %d) out of range", pr.A, pr.B)
		}
		x, err := reports.ParseFloat(pr.PerAP)
		if err != nil {
			return nil, fmt.Errorf("matchups: pair (%d, %d): %w", pr.A, pr.B, err)
		}
		m.pairs[[2]int{pr.A, pr.B}] = matchResult{tally: pr.Tally, done: pr.Done, perAP: x, notModelled: pr.NotModelled}
	}
	return m, nil
}

func checkpointPath(out string, i int, name string) string {
	return filepath.Join(out, checkpointDir, fmt.Sprintf("%02d-%s.json", i+1, name))
}

// writeFileAtomic writes b to path through a temporary file renamed into
// place, so that an interrupted write leaves the old file or none.
func writeFileAtomic(path string, b []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
}

// prepareOut checks --out before any work: it must be a directory, or a path
// where one can be made, and writable. Without resume, it removes the
// checkpoints of an earlier run and writes the manifest of this one; with
// resume, it checks that the manifest there is this run's.
func prepareOut(out string, key checkpointKey, resume bool) error {
	bad := func(reason string, args ...any) error {
		return &usageError{fmt.Errorf("--out %s: %s", out, fmt.Sprintf(reason, args...))}
	}
	if fi, err := os.Stat(out); err == nil && !fi.IsDir() {
		return bad("exists and is not a directory")
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return bad("cannot make the directory: %v", errors.Unwrap(err))
	}
	cp := filepath.Join(out, checkpointDir)
	manifest := filepath.Join(cp, manifestFile)
	if resume {
		b, err := os.ReadFile(manifest)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return &usageError{fmt.Errorf("--resume: %s: no checkpoint of an earlier run here; run without --resume", manifest)}
			}
			return &usageError{fmt.Errorf("--resume: %w", err)}
		}
		var old checkpointKey
		if err := json.Unmarshal(b, &old); err != nil {
			return &usageError{fmt.Errorf("--resume: %s: %v", manifest, err)}
		}
		if d := old.differences(key); len(d) > 0 {
			return &usageError{fmt.Errorf("--resume: the checkpoint in %s belongs to another run (%s); run without --resume to start over", cp, strings.Join(d, "; "))}
		}
		// The directory must still be writable.
		if err := writeFileAtomic(manifest, b); err != nil {
			return bad("cannot write: %v", errors.Unwrap(err))
		}
		return nil
	}
	if err := os.RemoveAll(cp); err != nil {
		return bad("cannot remove the checkpoints of an earlier run: %v", err)
	}
	if err := os.Mkdir(cp, 0o755); err != nil {
		return bad("cannot write: %v", errors.Unwrap(err))
	}
	b, _ := json.MarshalIndent(key, "", "  ")
	if err := writeFileAtomic(manifest, append(b, '\n')); err != nil {
		return bad("cannot write: %v", errors.Unwrap(err))
	}
	return nil
}

// saveCheckpoint writes the checkpoint of analysis i, finished in full.
func (r *reportRun) saveCheckpoint(i int, name string, ss []*reports.Section, flags []finding, nm []string, cur, base *matrix) error {
	c, err := r.checkpointOf(name, ss, flags, nm, cur, base)
	if err != nil {
		return err
	}
	b, err := json.Marshal(c)
	if err != nil {
		return err
	}
	return writeFileAtomic(checkpointPath(r.f.out, i, name), b)
}

// checkpointOf returns the checkpoint of analysis name, finished in full.
func (r *reportRun) checkpointOf(name string, ss []*reports.Section, flags []finding, nm []string, cur, base *matrix) (*checkpoint, error) {
	secs, err := reports.MarshalSections(ss)
	if err != nil {
		return nil, err
	}
	c := &checkpoint{Key: r.key(), Analysis: name, Sections: secs, Findings: []findingJSON{}, NotModelled: nm,
		Matchups: encodeMatrix(cur), BaselineMatchups: encodeMatrix(base)}
	for _, f := range flags {
		c.Findings = append(c.Findings, findingJSON{f.section, f.subject, f.kind, f.what})
	}
	return c, nil
}

// loadCheckpoint reads the checkpoint of analysis i back into r and returns
// its sections, or ok false when there is none.
func (r *reportRun) loadCheckpoint(i int, name string) (ss []*reports.Section, ok bool, err error) {
	path := checkpointPath(r.f.out, i, name)
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	var c checkpoint
	if err := json.Unmarshal(b, &c); err != nil {
		return nil, false, fmt.Errorf("%s: %w", path, err)
	}
	if d := c.Key.differences(r.key()); len(d) > 0 || c.Analysis != name {
		return nil, false, fmt.Errorf("%s: belongs to another run (%s)", path, strings.Join(d, "; "))
	}
	if ss, err = r.applyCheckpoint(&c); err != nil {
		return nil, false, fmt.Errorf("%s: %w", path, err)
	}
	return ss, true, nil
}

// applyCheckpoint reads the analysis c holds back into r (its findings, the
// skills not modelled, the matchups) and returns its sections.
func (r *reportRun) applyCheckpoint(c *checkpoint) (ss []*reports.Section, err error) {
	if ss, err = reports.UnmarshalSections(c.Sections); err != nil {
		return nil, err
	}
	if c.Matchups != nil {
		if r.current, err = decodeMatrix(c.Matchups, r.ds); err != nil {
			return nil, err
		}
	}
	if c.BaselineMatchups != nil && r.base != nil {
		if r.baseline, err = decodeMatrix(c.BaselineMatchups, r.base); err != nil {
			return nil, err
		}
	}
	for _, f := range c.Findings {
		r.flags = append(r.flags, finding{f.Section, f.Subject, f.Kind, f.What})
	}
	for _, n := range c.NotModelled {
		r.notModelled[n] = true
	}
	return ss, nil
}

// removeStale removes the CSV and figure files in out's tables/ and figures/
// that this run did not write (an earlier run's), and returns them.
func removeStale(out string, written []string) ([]string, error) {
	keep := map[string]bool{}
	for _, p := range written {
		keep[filepath.Clean(p)] = true
	}
	var removed []string
	for _, sub := range []string{reports.TablesDir, reports.FiguresDir} {
		entries, err := os.ReadDir(filepath.Join(out, sub))
		if err != nil {
			return removed, err
		}
		for _, e := range entries {
			p := filepath.Join(out, sub, e.Name())
			ext := filepath.Ext(e.Name())
			if !e.Type().IsRegular() || keep[filepath.Clean(p)] || (ext != ".csv" && ext != ".png" && ext != ".svg") {
				continue
			}
			if err := os.Remove(p); err != nil {
				return removed, err
			}
			removed = append(removed, p)
		}
	}
	return removed, nil
}
