package main

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/kharn-ages/kharn/reports"
	"github.com/kharn-ages/kharn/sim"
)

// Sharded reports (docs/scale-out.md): kharn report --shard I/N runs only the
// work units that planShards gives shard I of N and writes them to a shard
// file (shard.go); kharn merge reads the N shard files back and writes the
// report of a single run. A work unit is one duel pairing of the analyses made
// of pairings (matchups, loadouts, baseline; a pairing's result depends only on
// its duellists and the seed: common random numbers), or one profile's
// fair-cost search (the costs analysis: its curve depends only on the profile,
// the pool and the seed).

// Expected CPU cost of the work units, to balance the shards, in milliseconds
// of one core of the development machine (2 cores, shared with other jobs;
// docs/scale-out.md): a duel pairing costs its set-up (sim.Duel.NewPlayer's
// exact tables, 45-80 ms) plus its fights (5 pairings of 10^5 fights: 3.73 s
// of CPU with --workers 1, so about 6.5 us a fight); a profile's fair-cost
// search costs its set-up and first grids, about costSetupMs, plus
// costMsPerTrial per trial of its two stages (kharn cost --shard 0/13
// --workers 1 on the embedded data, 2 profiles: 5.4 s of CPU at 50 + 40 and
// at 100 + 200 trials, 7.6 s at 400 + 800, at load average 20).
const (
	pairingSetupMs = 70
	fightMs        = 0.0065
	costSetupMs    = 2600
	costMsPerTrial = 1.3
)

// costUnitMs is the expected cost of one profile's fair-cost search of first
// + trials trials.
func costUnitMs(first, trials int) float64 { return costSetupMs + costMsPerTrial*float64(first+trials) }

// The unit groups of the fair costs: the profiles of the data set, its
// casters without their spells (casterSpellsTable), and the profiles of the
// baseline (costBaseline).
const (
	costGroup         = "costs"
	casterCostGroup   = "caster-costs"
	baselineCostGroup = "baseline-costs"
)

// pairingMs is the expected cost of a duel pairing of trials fights.
func pairingMs(trials int) float64 { return pairingSetupMs + fightMs*float64(trials) }

// pairingUnits is the unit group of an analysis made of duel pairings: one
// unit per step.
func pairingUnits(name string, steps func(r *reportRun) int) func(r *reportRun) []unitGroup {
	return func(r *reportRun) []unitGroup {
		n := steps(r)
		g := unitGroup{name: name, costs: make([]float64, n)}
		for k := range n {
			g.costs[k] = pairingMs(r.f.trials)
		}
		return []unitGroup{g}
	}
}

// costUnits are the units of the fair costs: one per profile assessed, of
// the data set and, with a baseline, of the baseline (costBaseline).
func costUnits(r *reportRun) []unitGroup {
	if r.f.costTrials <= 0 {
		return nil
	}
	cf := r.costFlags()
	// The search plays its wide then its narrow stage's trials per profile.
	ms := costUnitMs(cf.first, cf.trials)
	g := func(name string, n int) unitGroup {
		u := unitGroup{name: name, costs: make([]float64, n)}
		for k := range n {
			u.costs[k] = ms
		}
		return u
	}
	cases, _ := costCases(r.ds, sortedProfiles(r.ds)) // an error stops the analysis itself
	out := []unitGroup{g(costGroup, len(cases))}
	if n := casterCostSteps(r); n > 0 {
		out = append(out, g(casterCostGroup, n))
	}
	if r.base != nil {
		cases, _ := costCases(r.base, sortedProfiles(r.base)) // an error stops the analysis itself
		out = append(out, g(baselineCostGroup, len(cases)))
	}
	return out
}

// planShards assigns the work units of r's analyses to n shards (planUnits).
func planShards(r *reportRun, n int) *shardPlan {
	var groups []unitGroup
	for _, a := range reportAnalyses() {
		if a.steps(r) > 0 {
			groups = append(groups, a.units(r)...)
		}
	}
	return planUnits(n, groups)
}

// start begins analysis a's pairings. A nil u does nothing.
func (u *shardUnits) start(a string) {
	if u != nil {
		u.group, u.next = a, 0
	}
}

// pairingJSON is the result of one duel pairing played in full.
type pairingJSON struct {
	Tally       sim.DuelTally `json:"tally"`
	PerAP       string        `json:"per_ap"` // as text: NaN is not JSON
	NotModelled []string      `json:"not_modelled,omitempty"`
}

// play stands for playMatchups over ms, the next pairings of the analysis.
func (u *shardUnits) play(ctx context.Context, ms []matchup, c matchConfig, step func()) ([]matchResult, bool, error) {
	res := make([]matchResult, len(ms))
	first := u.next
	u.next += len(ms)
	if step == nil {
		step = func() {}
	}
	if u.merging() {
		for i := range ms {
			var p pairingJSON
			if err := u.read(u.group, first+i, &p); err != nil {
				return nil, false, err
			}
			perAP, err := reports.ParseFloat(p.PerAP)
			if err != nil {
				return nil, false, fmt.Errorf("merge: pairing %d of %s: per_ap: %v", first+i, u.group, err)
			}
			res[i] = matchResult{tally: p.Tally, done: true, perAP: perAP, notModelled: p.NotModelled}
			step()
		}
		return res, false, nil
	}
	var mine []matchup
	var at []int
	for i, m := range ms {
		if u.mine(u.group, first+i) {
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
			p := pairingJSON{Tally: got[j].tally, PerAP: reports.FormatFloat(got[j].perAP), NotModelled: got[j].notModelled}
			if err := u.record(u.group, first+i, p); err != nil {
				return nil, false, err
			}
		}
	}
	return res, interrupted, err
}

// shardOnly reports whether r runs a shard (which writes no report).
func (r *reportRun) shardOnly() bool { return r.cfg.units.shardOnly() }

// runShard runs shard s of r's work units and writes its shard file to r.f.out.
// An analysis that fails, or an interruption, writes no file: the shard is
// run again alone.
func runShard(cmd *cobra.Command, g *globals, r *reportRun, s shardSpec) error {
	if err := prepareShardOut(r.f.out); err != nil {
		return err
	}
	plan := planShards(r, s.count)
	u := &shardUnits{plan: plan, index: s.index}
	r.cfg.units = u
	all := reportAnalyses()
	for i, a := range all {
		n := a.steps(r)
		if n == 0 {
			continue
		}
		mine := 0
		for _, ug := range a.units(r) {
			mine += plan.of(ug.name, s.index)
		}
		fmt.Fprintf(r.stderr, "kharn report: shard %d/%d: [%d/%d] %s: %d of %d %s\n", s.index, s.count, i+1, len(all), a.name, mine, n, a.unit)
		bar := newBar(r.stderr, n, a.name, a.unit)
		step := func() {}
		if bar != nil {
			step = func() { _ = bar.Add(1) }
		}
		u.start(a.name)
		wasPartial := r.partial
		_, err := runAnalysis(r, a, step)
		if bar != nil {
			_ = bar.Finish()
		}
		if err == nil && (r.ctx.Err() != nil || r.partial && !wasPartial) {
			return fmt.Errorf("%w: shard %d/%d: no shard file written; run the shard again", errInterrupted, s.index, s.count)
		}
		if err != nil {
			return fmt.Errorf("shard %d/%d: %s failed: %w; no shard file written; run the shard again", s.index, s.count, a.name, err)
		}
	}
	out := &shardFile{Key: r.key(), Command: append([]string{"kharn"}, g.args...), Units: plan.units(), Results: u.played}
	return writeShard(r.f.out, s, out, func(path string) {
		fmt.Fprintf(cmd.OutOrStdout(), "Shard %d of %d written to %s: %s; kharn merge reads it\n", s.index, s.count, path,
			reports.Count(len(out.Results), "work unit"))
	})
}
