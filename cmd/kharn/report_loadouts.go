package main

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/reports"
	"github.com/kharn-ages/kharn/sim"
	"github.com/kharn-ages/kharn/stats"
)

// nearestOpponents is the size of the default opponent pool of a loadout
// comparison. A pairing costs about 110 ms of CPU on this 2-core machine with
// other jobs running (CPU profile of a report: 64% in sim.Duel.NewPlayer's exact
// tables, 27% in 4096 fights, 7% in the exact damage per AP), so the report's
// run time follows the number of pairings: the 392 loadouts of the default data
// against the 6-7 profiles of their level would be some 2400 pairings, against 3
// nearest opponents 1176 (4m10s measured with the machine shared), against 2,
// 784.
const nearestOpponents = 2

// loadoutPool returns the opponents of p's loadout comparison: for spec
// "nearest", the nearestOpponents profiles of other factions closest to p in
// cost (ties broken by id); for "level", the other profiles of its level;
// otherwise what pool makes of spec.
func loadoutPool(ds *profiles.DataSet, p *profiles.Profile, spec string) ([]*profiles.Profile, error) {
	if spec == "nearest" {
		var out []*profiles.Profile
		for _, o := range ds.Profiles {
			if o.Faction != p.Faction {
				out = append(out, o)
			}
		}
		gap := func(o *profiles.Profile) int { return max(o.Cost-p.Cost, p.Cost-o.Cost) }
		sort.SliceStable(out, func(i, j int) bool {
			if gap(out[i]) != gap(out[j]) {
				return gap(out[i]) < gap(out[j])
			}
			return out[i].ID < out[j].ID
		})
		return out[:min(len(out), nearestOpponents)], nil
	}
	if spec == "level" {
		var out []*profiles.Profile
		for _, o := range ds.Profiles {
			if o.Level == p.Level && o.ID != p.ID {
				out = append(out, o)
			}
		}
		return out, nil
	}
	return pool(ds, spec)
}

func loadoutSteps(r *reportRun) int {
	if r.f.loadouts == "none" {
		return 0
	}
	n := 0
	for _, p := range r.ds.Profiles {
		opps, err := loadoutPool(r.ds, p, r.f.loadouts)
		if err != nil {
			return 0
		}
		n += len(r.ds.Variants(p)) * len(opps)
	}
	return n
}

// loadoutSections runs kharn compare's computation for every profile and marks
// the loadouts that another costing no more beats significantly.
//
// The run's option tables (the matchups' and fair costs', some 0.8 GB for a
// 150-profile catalogue) are dropped first: the loadouts of a profile meet
// new fighters, whose tables they keep per profile (about 14 000 tables, 0.5
// GB more, for the 7 074 loadout pairings of that catalogue, each table read
// by one pairing), and the base loadout's few tables against its opponents
// are built again (4 a profile). The figures do not change: a table depends
// only on what it is keyed by.
func loadoutSections(r *reportRun, step func()) ([]*reports.Section, error) {
	r.cfg.tables = &sim.Tables{}
	s := &reports.Section{ID: "loadouts", Title: "Loadout comparisons"}
	var pool string
	switch r.f.loadouts {
	case "nearest":
		pool = fmt.Sprintf("the %s of other factions nearest in cost, with their card's equipment", reports.Count(nearestOpponents, "profile"))
	case "level":
		pool = "the other profiles of the same level, with their card's equipment"
	default:
		pool = "the opponent pool " + r.f.loadouts + ", with their card's equipment"
	}
	crit := stats.CriticalZ(alpha, 1)
	s.Add(reports.Paragraph(fmt.Sprintf("For each profile, its card's loadout (\"base\") and every legal single change of it (kharn compare), "+
		"each in duels against %s (%s, the same seed for every loadout). \"Dominated by\" lists the loadouts that cost no more "+
		"and win significantly more often (two-proportion z > %.2f, two-sided level %.2f); "+
		"a dominated base loadout is flagged in the summary. Damage taken is per fight, ± its standard error; "+
		"exact damage/AP is the best attack's expected damage per AP against the best response of the reference defender %s.",
		pool, r.sampledCaption(), crit, alpha, r.ref.ID)))
	ps := sortedProfiles(r.ds)
	// Two profiles at once (loadoutsAhead): the next profile's pairings start
	// while the last ones of the one before finish, where the loop one profile
	// at a time left a core idle at each profile's end (its last pairings and
	// its exact damage per AP). Every pairing's result depends only on its
	// duellists and the seed, so the sections are the same bytes.
	ahead := loadoutsAhead
	if r.cfg.units != nil {
		ahead = 1 // a shard or a merge numbers its pairings in order (report_shard.go)
	}
	if step != nil {
		var mu sync.Mutex
		inner := step
		step = func() { mu.Lock(); inner(); mu.Unlock() }
	}
	ctx, cancel := context.WithCancel(r.ctx)
	var wg sync.WaitGroup
	defer func() { cancel(); wg.Wait() }() // on an error, the profile in flight stops
	results := make([]chan loadoutResult, len(ps))
	for i := range results {
		results[i] = make(chan loadoutResult, 1)
	}
	wg.Go(func() {
		slots := make(chan struct{}, ahead)
		var each sync.WaitGroup
		for i, p := range ps {
			slots <- struct{}{}
			if ctx.Err() != nil { // cancelled: this profile and the rest are not started
				for _, ch := range results[i:] {
					ch <- loadoutResult{skipped: true}
				}
				break
			}
			each.Go(func() {
				defer func() { <-slots }()
				results[i] <- loadoutsOf(ctx, r, p, step)
			})
		}
		each.Wait()
	})
	for i, p := range ps {
		if r.ctx.Err() != nil { // as before: no profile after a cancellation
			r.partial = true
			break
		}
		res := <-results[i]
		if res.skipped {
			r.partial = true
			break
		}
		if res.err != nil {
			return nil, res.err
		}
		if res.noOpponent {
			s.Add(reports.Paragraph(p.ID + ": no opponent in the pool."))
			continue
		}
		cmp := res.cmp
		if cmp.Interrupted {
			r.partial = true
		}
		for _, n := range cmp.NotModelled {
			r.notModelled[n] = true
		}
		cmp.SortBy = "win"
		cmp.Sort()
		s.Add(loadoutTable(r, p, cmp, res.perAP, crit))
	}
	return []*reports.Section{s}, nil
}

// loadoutsAhead is the number of profiles whose loadouts are played at once
// (a variable for TestLoadoutsAheadSame).
var loadoutsAhead = 2

// loadoutResult is one profile's loadout comparison, with the exact damage per
// AP of each loadout against the reference defender (perAP, by label).
type loadoutResult struct {
	cmp   reports.Comparison
	perAP map[string]float64
	err   error
	// noOpponent: the pool holds no opponent; skipped: not started (cancelled).
	noOpponent, skipped bool
}

// loadoutsOf plays profile p's loadout comparison (loadoutSections). It
// writes nothing of r but reads it, so that two may run at once.
func loadoutsOf(ctx context.Context, r *reportRun, p *profiles.Profile, step func()) loadoutResult {
	opps, err := loadoutPool(r.ds, p, r.f.loadouts)
	if err != nil {
		return loadoutResult{err: err}
	}
	if len(opps) == 0 {
		return loadoutResult{noOpponent: true}
	}
	c := r.cfg
	c.precision = r.f.pairPrecision // pair_precision.go; rows pooled by FillEqual
	// A loadout's option tables serve its own pairings only: a cache per
	// profile, dropped with it, instead of the run's (loadoutTables).
	c.tables = &sim.Tables{}
	// A base row against an opponent it sorts before plays the matchup's
	// duel (the same duellists and settings): its result is taken from the
	// matchups when this run played them.
	c.known = r.played
	cmp, err := compareLoadouts(ctx, r.ds, p, opps, c, false, step)
	if err != nil {
		return loadoutResult{err: err}
	}
	// Exact damage per AP against the reference defender, one per loadout
	// (against each opponent would double the section's run time).
	loadouts := r.ds.Variants(p)
	perAP := map[string]float64{}
	vals := make([]float64, len(loadouts))
	refF := sim.NewFighter(r.ref, fieldedItems(r.ds, r.ref))
	if !r.shardOnly() { // a shard writes no section: kharn merge computes them
		parallelFor(len(loadouts), r.f.workers, func(i int) {
			vals[i] = bestPerAP(sim.NewFighter(p, loadouts[i].Items(r.ds)), refF, r.variant)
		})
	}
	for i, l := range loadouts {
		perAP[l.Label()] = vals[i]
	}
	return loadoutResult{cmp: cmp, perAP: perAP}
}

func loadoutTable(r *reportRun, p *profiles.Profile, cmp reports.Comparison, perAP map[string]float64, crit float64) *reports.DataTable {
	cols := []reports.Column{{Name: "loadout", Key: "loadout"}, {Name: "cost (Kr)", Key: "cost_kr"}, {Name: "fights", Key: "fights"}}
	cols = append(cols, rateColumns("win rate", "win_rate")...)
	cols = append(cols, []reports.Column{{Name: "draws", Key: "draw_rate"}, {Name: "damage taken", Key: "damage_taken"},
		{Name: "± SE", Key: "damage_taken_se"}, {Name: "win per 100 Kr", Key: "win_rate_per_100kr"},
		{Name: "exact damage/AP vs " + r.ref.ID, Key: "exact_damage_per_ap_vs_reference"}, {Name: "dominated by", Key: "dominated_by"}}...)
	t := &reports.DataTable{ID: "loadouts-" + p.ID,
		Caption: fmt.Sprintf("%s (%s, level %d, %d Kr): loadouts against %s (%s)", p.ID, p.Faction, p.Level, p.Cost, reports.Count(len(cmp.Opponents), "opponent"), r.sampledCaption()),
		Columns: cols}
	for _, row := range cmp.Rows {
		var by []string
		for _, o := range cmp.Rows {
			if o.Loadout != row.Loadout && o.Cost <= row.Cost && stats.TwoProportionZ(o.Wins.Count, o.N, row.Wins.Count, row.N) > crit {
				by = append(by, o.Loadout)
			}
		}
		if row.Loadout == "base" && len(by) > 0 {
			r.flag("loadouts", p.ID, "dominated card loadout", "the card's loadout (%d Kr, wins %.1f%%) is beaten significantly by %s, costing no more",
				row.Cost, 100*row.Wins.Rate, strings.Join(by, ", "))
		}
		dom := strings.Join(by, ", ")
		cells := []reports.Cell{reports.TextCell(row.Loadout), reports.IntCell(row.Cost), reports.IntCell(row.Fights)}
		cells = append(cells, reports.PercentCell(row.Wins.Rate, 1), reports.PercentCell(row.Wins.Lo, 1), reports.PercentCell(row.Wins.Hi, 1),
			reports.PercentCell(row.Draws.Rate, 1), reports.FloatCell(row.DamageTaken.Mean, 2), reports.FloatCell(row.DamageTaken.SE, 2),
			reports.FloatCell(row.WinPer100Kr, 3), reports.FloatCell(perAP[row.Loadout], 3), reports.TextCell(dom))
		t.Rows = append(t.Rows, cells)
	}
	t.Notes = []string{"Opponents: " + strings.Join(cmp.Opponents, ", ") + "."}
	if cmp.Interrupted {
		t.Notes = append(t.Notes, "Interrupted: the loadouts whose duels were not all played are left out.")
	}
	return t
}
