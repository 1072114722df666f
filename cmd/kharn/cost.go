package main

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"github.com/kharn-ages/kharn/balance"
	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/reports"
	"github.com/kharn-ages/kharn/sim"
	"github.com/kharn-ages/kharn/sim/field"
)

type costFlags struct {
	first       int // trials of the first stage, on the wide grid
	faction     string
	vs          string
	budget      int
	trials      int
	precision   float64
	maxTrials   int
	seed        uint64
	workers     int
	scenario    string
	plot        string
	json, csv   bool
	independent bool
	// tables shares the battles' option tables with the rest of the run
	// (sim.Tables); nil: assessCosts shares them between its profiles.
	tables *sim.Tables
	// poolAll keeps the partly modelled profiles in the reference pool.
	poolAll bool
	// shard is --shard, out where its file goes (shard_cmd.go).
	shard, out string
	// units, in a shard or kharn merge, routes the profiles' searches: unit i
	// of group is case i (cost_units.go).
	units *shardUnits
	group string
	// spells is --spells: with, without or both (cost_spells.go).
	spells string
}

func costCommand(g *globals) *cobra.Command {
	f := &costFlags{}
	c := &cobra.Command{
		Use:   "cost [PROFILE...]",
		Short: "Fair Krown costs: win rate against a reference pool at equal budgets, as a function of cost",
		Long: `cost estimates, for each profile (all of the data set, or of --faction, when
none is given), the Krown cost at which it wins half of its battles against a
reference pool at equal budgets: a side of copies of the profile recruited at a
trial cost against a side of copies of an opponent drawn from the pool (--vs: a
faction, a comma list of profile ids; default every profile of the data set),
each side fielding as many Safars as --budget Krowns buy (a fractional number is
rounded at random, so the win rate varies smoothly with the cost); the budget is
raised to 3 times the card cost for profiles that would field fewer.

Every cost of a grid around the card cost is played with the same random numbers
(common random numbers); the win rate is fitted on cost (balance package: a
binomial fit of the logit, an interval clustered by trial) and the fair cost is
where the fit crosses 50%, reported with its 95% interval, and compared with the
card: "over-costed by about 8 Kr" when the card cost lies above the interval.
When the fair cost lies outside the first grid, the grid is widened until the
win rate crosses 50% in it; a second stage plays a narrow grid around the
first estimate. --precision Kr plays until the interval's half-width is below
it, and says so, with the reason, when it cannot be met. Below budget/12 Kr the
budget buys no more than 12 Safars and the battles stop changing: a fair cost
below that is reported as a bound ("fair cost below 25.0 Kr (the range's
floor), 95% interval: at most 25.3 Kr; card says 32: over-costed by at least
7 Kr"). Above the budget a side fields its one Safar in some battles only and
forfeits the others: a fair cost above the budget is reported as a bound too
("fair cost above 300.0 Kr (the range's ceiling), 95% interval: at least
291.5 Kr"). A profile that cannot be assessed is reported as such, with the
reason, and the others keep their results.

Profiles are assessed as a list fields them: one whose card holds no weapon
(weapons bought at recruitment) takes its cheapest legal melee weapon, and the
output names it and the cost it adds. A profile the engine plays only in part
(a skill not modelled; a spell the fights do not play, profiles.SpellsNotPlayed) has
its verdict marked "fair cost computed without: ...". The reference pool holds
only the fully modelled profiles of the data set or faction given, so that the
others' errors do not leak into every verdict; the output says how many were
left out and why, and --pool-all keeps them. Profiles named one by one in --vs
are taken as given.

Results are sampled: every figure comes with its interval, the seed and the
trials; the same seed gives the same result for any number of workers.`,
		Example: `  kharn cost paladin-2
  kharn cost --faction kharns --plot kharns-cost.png
  kharn cost crown-guard-1 --vs kherops --budget 400 --precision 3`,
		RunE: func(cmd *cobra.Command, args []string) error { return runCost(cmd, g, f, args) },
	}
	fl := c.Flags()
	fl.StringVar(&f.faction, "faction", "", "assess every profile of this faction (default: the profiles given, or all)")
	fl.StringVar(&f.vs, "vs", "", "reference pool: a faction or a comma list of profile ids (default: every profile of the data set)")
	fl.IntVar(&f.budget, "budget", 300, "Krowns each side spends (300: the starter Spearhead format), at least 3 times the card cost")
	fl.IntVar(&f.trials, "trials", 600, "trials of the second stage per profile (each plays every cost of the narrow grid)")
	fl.IntVar(&f.first, "first-trials", 200, "trials of the first stage per profile, on the wide grid (half to twice the card cost)")
	fl.Float64Var(&f.precision, "precision", 0, "instead of --trials: play until the 95% interval's half-width is below this many Krowns, or the fair cost is settled at or below the floor where the budget buys the most Safars a side fields, or at or above the budget, where it buys one (then said, not met)")
	fl.IntVar(&f.maxTrials, "max-trials", 20_000, "cap on the trials of a --precision run")
	fl.Uint64Var(&f.seed, "seed", 1, "random seed")
	fl.IntVar(&f.workers, "workers", 0, "worker goroutines (0: one per CPU); results do not depend on it")
	fl.StringVar(&f.scenario, "scenario", "open-ground", "scenario of the battles: a ready-made one or a file")
	fl.StringVar(&f.plot, "plot", "", "write the win rate against cost, one line per profile, to this .png or .svg file")
	fl.BoolVar(&f.independent, "independent", false, "give every cost of a trial its own random numbers instead of common ones (docs/cost.md: narrower fair-cost intervals, bumpier curves)")
	fl.BoolVar(&f.poolAll, "pool-all", false, "keep the partly modelled profiles (a skill not modelled, a spellcaster) in the reference pool")
	fl.BoolVar(&f.json, "json", false, "print JSON")
	fl.BoolVar(&f.csv, "csv", false, "print CSV")
	addShardFlags(fl, &f.shard, &f.out, "the profiles' fair-cost searches")
	addSpellsFlag(fl, f)
	return c
}

// costCase is one profile to assess, as a list fields it.
type costCase struct {
	p    *profiles.Profile
	f    *sim.Fighter
	card int // Krowns of the loadout fielded
	// fielded is the loadout fielded: the card's, or the card's and the
	// cheapest legal weapon when the card has none (DataSet.Fielded).
	fielded profiles.Loadout
	// unarmed: the card has no weapon and the data set offers it none.
	unarmed bool
	// without is what its results are computed without
	// (profiles.ComputedWithout); empty when fully modelled.
	without []string
	// note says which loadout it is fielded with when that is not its card's
	// (fieldedNote); "" when it is.
	note string
	// policy plays its side (nil: the default; sim.NoMagic: --spells without).
	policy sim.FightPolicy
}

// fieldedNote says which loadout c is fielded with when it is not its card's;
// "" when it is.
func fieldedNote(ds *profiles.DataSet, c costCase) string {
	switch {
	case c.unarmed:
		return "no weapon on its card and none legal in the data set: fights bare-handed"
	case len(c.fielded.Add) > 0:
		var adds []string
		for _, id := range c.fielded.Add {
			e, _ := ds.Item(id)
			adds = append(adds, fmt.Sprintf("%s (%d Kr)", id, e.Cost))
		}
		return fmt.Sprintf("no weapon on its card: fielded with its cheapest legal weapon, %s, at %d Kr (card %d Kr)",
			strings.Join(adds, ", "), c.card, c.p.Cost)
	}
	return ""
}

// costCases returns the profiles ps with a positive cost, in order, each with
// the loadout a list fields it with (DataSet.Fielded: its card's equipment, or
// the card's and its cheapest legal weapon when the card holds none), its cost
// and what its results are computed without.
func costCases(ds *profiles.DataSet, ps []*profiles.Profile) ([]costCase, error) {
	var out []costCase
	for _, p := range ps {
		if _, err := ds.Equip(p, nil, nil); err != nil {
			return nil, err
		}
		lo, armed := ds.Fielded(p)
		if c := lo.Cost(ds); c > 0 {
			cc := costCase{p: p, f: sim.NewFighter(p, lo.Items(ds)), card: c, fielded: lo, unarmed: !armed,
				without: profiles.ComputedWithout(p)}
			cc.note = fieldedNote(ds, cc)
			out = append(out, cc)
		}
	}
	return out, nil
}

// refPool is the reference pool of kharn cost and the report: the fighters,
// their costs and ids, and the partly modelled profiles left out of it.
type refPool struct {
	fs      []*sim.Fighter
	costs   []int
	ids     []string
	leftOut []costCase
	// of is how many profiles with a positive cost the pool was drawn from.
	of int
}

// costPool returns the reference pool of spec as compare reads --vs (all, a
// faction, or profile ids separated by commas; empty: all): the fighters with a
// positive cost, their costs and ids. Unless all is set, the partly modelled
// profiles (profiles.ComputedWithout) of "all" or a faction are left out and
// listed, so that what the engine misses about them does not bias every
// verdict (issue #12 section 5); profiles named one by one are kept as given.
func costPool(ds *profiles.DataSet, spec string, all bool) (refPool, error) {
	if spec == "" {
		spec = "all"
	}
	ps, err := pool(ds, spec)
	if err != nil {
		return refPool{}, &usageError{err}
	}
	cases, err := costCases(ds, ps)
	if err != nil {
		return refPool{}, err
	}
	if len(cases) == 0 {
		return refPool{}, &usageError{fmt.Errorf("--vs %q: no profile with a positive cost", spec)}
	}
	group := spec == "all" || (!strings.Contains(spec, ",") && slices.Contains(ds.Factions(), spec))
	rp := refPool{of: len(cases)}
	for _, c := range cases {
		if group && !all && len(c.without) > 0 {
			rp.leftOut = append(rp.leftOut, c)
			continue
		}
		rp.fs, rp.costs, rp.ids = append(rp.fs, c.f), append(rp.costs, c.card), append(rp.ids, c.p.ID)
	}
	if len(rp.fs) == 0 {
		return refPool{}, &usageError{fmt.Errorf("--vs %q: no fully modelled profile with a positive cost (%d partly modelled left out; --pool-all keeps them)", spec, len(rp.leftOut))}
	}
	return rp, nil
}

// leftOutText says how many profiles the pool left out and why, "" when none:
// "4 of 21 profiles left out, partly modelled (--pool-all keeps them):
// guild-cutthroat-1 (without ambush), ...".
func (rp refPool) leftOutText() string {
	if len(rp.leftOut) == 0 {
		return ""
	}
	var parts []string
	for _, c := range rp.leftOut {
		parts = append(parts, fmt.Sprintf("%s (without %s)", c.p.ID, strings.Join(c.without, ", ")))
	}
	return fmt.Sprintf("%d of %d profiles left out of the reference pool, partly modelled (--pool-all keeps them): %s",
		len(rp.leftOut), rp.of, strings.Join(parts, ", "))
}

// costGrid is the first stage's grid around a card cost: from half to twice
// the card, 7 costs, never below the cost at which the budget buys
// sim.MaxBudgetSafars Safars.
func costGrid(card, budget int) []float64 {
	lo := max(0.5*float64(card), float64(budget)/sim.MaxBudgetSafars)
	hi := max(2*float64(card), lo+10)
	var out []float64
	for i := range 7 {
		out = append(out, math.Round(lo+(hi-lo)*float64(i)/6))
	}
	return out
}

// costResult is one profile's estimate, for JSON and CSV.
type costResult struct {
	Profile  string   `json:"profile"`
	CardCost int      `json:"card_cost_kr"`
	Budget   int      `json:"budget_kr"`
	FairCost *float64 `json:"fair_cost_kr"`
	Lo       *float64 `json:"ci95_low"`
	Hi       *float64 `json:"ci95_high"`
	// Interval says which ends of the 95% interval are finite: "two-sided",
	// "upper bound only", "lower bound only" or "unbounded".
	Interval string `json:"interval"`
	// OutsideRange says that the fair cost lies beyond the range of costs
	// the battles tell apart, "below" its floor (budget/12 Kr: 12 Safars a
	// side) or "above" its ceiling (the budget: one Safar), at RangeEdge
	// Krowns; omitted when it lies within.
	OutsideRange string   `json:"outside_range,omitempty"`
	RangeEdge    *float64 `json:"range_edge_kr,omitempty"`
	Verdict      string   `json:"verdict"`
	// AtLeast reports that over_costed_by_kr is a bound of a one-sided
	// interval ("over-costed by at least 7 Kr"), not an estimate.
	AtLeast    bool     `json:"by_at_least"`
	By         *float64 `json:"over_costed_by_kr"`
	Efficiency *float64 `json:"fair_per_card"`
	Trials     int      `json:"trials"`
	Seed       uint64   `json:"seed"`
	Warnings   []string `json:"warnings"`
	// Search says what the search did beyond its two stages (a widened grid,
	// a replayed second stage), in words.
	Search []string `json:"search"`
	// NotAssessed says why the profile has no fair cost; empty when it has.
	NotAssessed string `json:"not_assessed,omitempty"`
	// Precision is --precision (0: a fixed number of trials); PrecisionMet
	// says whether it was met and PrecisionUnmet why not.
	Precision      float64  `json:"precision_kr"`
	PrecisionMet   *bool    `json:"precision_met,omitempty"`
	PrecisionUnmet string   `json:"precision_unmet,omitempty"`
	Points         []costPt `json:"points"`
	// Loadout labels the loadout assessed ("base", "+dagger") and Fielded
	// says why it is not the card's; ComputedWithout is what the result is
	// computed without (empty: the profile is fully modelled).
	Loadout         string   `json:"loadout"`
	Fielded         string   `json:"fielded,omitempty"`
	ComputedWithout []string `json:"computed_without"`
}

// costLeftOut is a profile left out of the reference pool, and why.
type costLeftOut struct {
	Profile         string   `json:"profile"`
	ComputedWithout []string `json:"computed_without"`
}

// costPt is one cost of a curve. Rate is null at a cost not played yet (an
// interrupted stage: no trial, no rate), which JSON cannot write as NaN.
type costPt struct {
	Cost float64  `json:"cost_kr"`
	Rate *float64 `json:"win_rate"`
	Lo   float64  `json:"ci95_low"`
	Hi   float64  `json:"ci95_high"`
	N    int      `json:"trials"`
}

// finite returns &x, or nil for NaN and infinities (JSON has no such numbers).
func finite(x float64) *float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	return &x
}

// costAssessment is the result of assessing one profile.
type costAssessment struct {
	a      balance.Assessment
	curve  *balance.Curve // nil when the search failed
	budget int            // Krowns a side (costBudget)
	card   int
	// notAssessed, when not empty, says why the profile has no fair cost: the
	// search failed, or found no 50% crossing to fit (a flat curve, a failed
	// fit). Its curve, if any, is still drawn.
	notAssessed string
	// notes says what the search did beyond its two stages, and why a
	// precision could not be met, in words.
	notes []string
	// loadout labels the loadout assessed (profiles.Loadout.Label: "base",
	// "+dagger"), fielded says why it is not the card's ("" when it is), and
	// without is what the result is computed without (a partly modelled
	// profile; empty when fully modelled).
	loadout, fielded string
	without          []string
}

// minCopies is how many Safars a profile fields at its card cost at least: the
// budget of its battles is raised to minCopies times its card cost when the
// given one buys fewer. With 300 Kr a profile of 125 Kr fields 2.4 Safars, and
// its win rate moves by jumps of a whole Safar (paladin-3's curve was too flat
// to cross 50% significantly).
const minCopies = 3

// costBudget returns the Krowns a side of the battles of a profile costing card.
func costBudget(budget, card int) int { return max(budget, minCopies*card) }

// assessCosts runs the fair-cost search of each case against the pool; progress
// reports which profile and how far (its calls are serialised). A profile whose
// search fails (an error, a panic in a worker) or finds no fair cost is marked not
// assessed with the reason, and the others go on. It stops early, marking the rest
// as not run, when ctx is cancelled: the result is then the cases up to the first
// one not finished, that one included when it was interrupted.
//
// Several profiles are searched at once (costConcurrency): a stage of a search
// plays at most DefaultChunkSize trials, one chunk, so it runs on one worker, and
// a profile's result depends only on the seed and the profile, whatever runs
// beside it.
func assessCosts(ctx context.Context, cases []costCase, pool []*sim.Fighter, poolCosts []int, f *costFlags, tbl field.Field, sc *profiles.Scenario, variant sim.Variant, progress func(i int, label string, done, target int)) ([]costAssessment, bool, error) {
	tables := f.tables
	if tables == nil {
		tables = &sim.Tables{} // the pool's tables serve every profile
	}
	var mu sync.Mutex
	if progress != nil {
		inner := progress
		progress = func(i int, label string, done, target int) {
			mu.Lock()
			defer mu.Unlock()
			inner(i, label, done, target)
		}
	}
	res := make([]costAssessment, len(cases))
	ran := make([]bool, len(cases))
	stopped := make([]bool, len(cases))
	order := searchOrder(cases, f)
	parallelFor(len(cases), costConcurrency(f), func(j int) {
		i := order[j]
		if ctx.Err() != nil {
			return
		}
		res[i], stopped[i] = assessCase(ctx, i, cases[i], pool, poolCosts, f, tables, tbl, sc, variant, progress)
		ran[i] = true
	})
	var out []costAssessment
	for i := range cases {
		if !ran[i] {
			return out, true, nil
		}
		out = append(out, res[i])
		if stopped[i] {
			return out, true, nil
		}
	}
	return out, false, nil
}

// searchOrder is the order in which assessCosts starts the searches of cases:
// the casters playing their spells first, the others in order. A caster's
// battles cost several times another profile's (cast decisions; 14 of the 57
// CPU s of the embedded report's fair costs set up cast options), and a long
// search started last runs alone on one core at the end (docs/benchmarks.md,
// "Seventh round"). Each search depends only on its seed and case, and the
// results keep the order of cases. A shard or a merge, which records its units
// in order, keeps the order of cases.
func searchOrder(cases []costCase, f *costFlags) []int {
	order := make([]int, 0, len(cases))
	for i := range cases {
		order = append(order, i)
	}
	if f.units != nil {
		return order
	}
	casts := func(i int) bool { return isCaster(cases[i].p) && cases[i].policy != sim.NoMagic }
	sort.SliceStable(order, func(x, y int) bool { return casts(order[x]) && !casts(order[y]) })
	return order
}

// assessCase runs the fair-cost search of case i (cc); interrupted reports that
// ctx stopped it.
func assessCase(ctx context.Context, i int, cc costCase, pool []*sim.Fighter, poolCosts []int, f *costFlags, tables *sim.Tables, tbl field.Field, sc *profiles.Scenario, variant sim.Variant, progress func(i int, label string, done, target int)) (res costAssessment, interrupted bool) {
	budget := costBudget(f.budget, cc.card)
	m := &sim.BudgetMatch{Fighter: cc.f, Pool: pool, PoolCosts: poolCosts, Budget: budget,
		Field: tbl, Deployment: sc.Deployment, Rounds: sc.Rounds, Variant: variant, Tables: tables, Objectives: sc.Objectives, Policy: cc.policy}
	// Below budget/MaxBudgetSafars the budget buys no more Safars: the
	// battles do not change with the cost there, and the search stays above.
	// Above the budget a side fields its single Safar in some battles only
	// and forfeits the others: they say nothing more of the profile than the
	// battles at the budget, and the search stays below.
	floor := float64(budget) / sim.MaxBudgetSafars
	cfg := balance.Config{Costs: costGrid(cc.card, budget), MinCost: floor, MaxCost: float64(budget), Trials: f.trials, Precision: f.precision,
		MinTrials: f.first, MaxTrials: f.maxTrials, Seed: f.seed, Workers: f.workers, Independent: f.independent}
	if progress != nil {
		label := cc.p.ID
		cfg.Progress = func(done, target int) { progress(i, label, done, target) }
	}
	res = costAssessment{budget: budget, card: cc.card, loadout: cc.fielded.Label(), fielded: cc.note, without: cc.without}
	curve, skip, err := searchUnit(ctx, f, i, cfg, stageGames(m, f.workers))
	if skip {
		// Another shard's profile: a placeholder that no output shows.
		res.a = balance.Assess(cc.p.ID, float64(cc.card), balance.FairCost{Cost: math.NaN(), Lo: math.Inf(-1), Hi: math.Inf(1), Seed: f.seed})
		res.notAssessed = "in another shard"
		return res, false
	}
	if err != nil {
		// One profile's failure (a bad match, a panic in a battle) does not
		// discard the others' results.
		res.a = balance.Assess(cc.p.ID, float64(cc.card), balance.FairCost{Cost: math.NaN(), Lo: math.Inf(-1), Hi: math.Inf(1), Seed: f.seed})
		res.notAssessed = err.Error()
		return res, false
	}
	a := balance.Assess(cc.p.ID, float64(cc.card), curve.FairCost())
	// The seed shown is the one given: Search derives its other stages'
	// from it (balance.Search), so it reproduces the whole estimate.
	a.FairCost.Seed = f.seed
	res.a, res.curve, res.notes = a, curve, curve.Notes
	fc := a.FairCost
	if fc.UpperOnly() && math.IsNaN(fc.Cost) {
		res.notes = append(res.notes, fmt.Sprintf("at %.1f Kr, %d Kr buy %d Safars, the most a side fields (sim.MaxBudgetSafars): "+
			"the battles do not change below that cost, so only an upper bound is supported; a smaller --budget lowers this floor",
			floor, budget, sim.MaxBudgetSafars))
	}
	if fc.Outside() == "above" {
		res.notes = append(res.notes, ceilingNote(budget))
	}
	if !fc.Bounded() && !fc.OneSided() && !curve.Interrupted {
		res.notAssessed = notAssessedReason(curve, fc, floor, budget)
	}
	return res, curve.Interrupted
}

// ceilingNote says why a fair cost above the budget is only bounded below.
func ceilingNote(budget int) string {
	return fmt.Sprintf("at %d Kr, the budget, a side fields a single Safar; dearer, it fields it in some battles only and forfeits the others, "+
		"so the battles say nothing more of the profile above that cost and only a lower bound is supported; a larger --budget raises this ceiling", budget)
}

// notAssessedReason says why a search found no fair cost: what the win rate
// was over the costs played, and the warnings of the fit.
func notAssessedReason(c *balance.Curve, f balance.FairCost, floor float64, budget int) string {
	ps := c.Points
	if c.Coarse != nil {
		ps = c.Coarse.Points
	}
	lo, hi := ps[0], ps[0]
	minRate, maxRate := ps[0].Rate, ps[0].Rate
	for _, p := range ps {
		if p.Cost < lo.Cost {
			lo = p
		}
		if p.Cost > hi.Cost {
			hi = p
		}
		minRate, maxRate = min(minRate, p.Rate), max(maxRate, p.Rate)
	}
	s := fmt.Sprintf("no 50%% crossing: the win rate is %.1f%%-%.1f%% over %.1f-%.1f Kr (%d trials)", 100*minRate, 100*maxRate, lo.Cost, hi.Cost, c.Trials)
	if lo.Cost <= floor*(1+1e-9) && lo.Rate < 0.5 {
		s += fmt.Sprintf(", %.1f%% even at %.1f Kr where %d Kr buy %d Safars, the most a side fields", 100*lo.Rate, lo.Cost, budget, sim.MaxBudgetSafars)
	}
	var ws []string
	for _, w := range f.Warnings {
		ws = append(ws, w.Error())
	}
	if len(ws) > 0 {
		s += " (" + strings.Join(ws, "; ") + ")"
	}
	return s
}

func runCost(cmd *cobra.Command, g *globals, f *costFlags, args []string) error {
	ds, variant, err := g.loadWithRules()
	if err != nil {
		return err
	}
	sc, tbl, err := loadTable(f.scenario)
	if err != nil {
		return err
	}
	var ps []*profiles.Profile
	switch {
	case len(args) > 0:
		for _, a := range args {
			p, err := ds.ResolveProfile(a)
			if err != nil {
				return err
			}
			ps = append(ps, p)
		}
	case f.faction != "":
		if !slices.Contains(ds.Factions(), f.faction) {
			return &usageError{fmt.Errorf("--faction %q: no such faction (known: %s)", f.faction, strings.Join(ds.Factions(), ", "))}
		}
		for _, p := range ds.Profiles {
			if p.Faction == f.faction {
				ps = append(ps, p)
			}
		}
	default:
		ps = ds.Profiles
	}
	cases, err := costCases(ds, ps)
	if err != nil {
		return err
	}
	if cases, err = spellCases(ds, cases, f.spells); err != nil {
		return err
	}
	rp, err := costPool(ds, f.vs, f.poolAll)
	if err != nil {
		return err
	}
	if f.spells == spellsBoth {
		return runCostSpells(cmd, ds, f, cases, rp, tbl, sc, variant)
	}
	pool, poolCosts, poolIDs := rp.fs, rp.costs, rp.ids
	searches := unitGroup{name: "profiles", costs: make([]float64, len(cases))}
	for k := range searches.costs {
		searches.costs[k] = costUnitMs(f.first, f.trials)
	}
	sh, err := commandShards(cmd, g, ds, variant, args, f.shard, f.out, []unitGroup{searches})
	if err != nil {
		return err
	}
	f.units, f.group = sh.units(), searches.name
	stderr := cmd.ErrOrStderr()
	bar := newBar(stderr, len(cases)*1000, "cost", "‰")
	// Several profiles run at once (assessCosts): the bar sums their shares.
	shares, sum := make([]int, len(cases)), 0
	progress := func(i int, label string, done, target int) {
		if bar != nil && target > 0 {
			bar.Describe(fmt.Sprintf("cost %d/%d %s", i+1, len(cases), label))
			if s := min(1000*done/target, 999); s > shares[i] {
				sum += s - shares[i]
				shares[i] = s
			}
			_ = bar.Set(sum)
		}
	}
	res, interrupted, err := assessCosts(cmd.Context(), cases, pool, poolCosts, f, tbl, sc, variant, progress)
	if bar != nil {
		_ = bar.Finish()
	}
	if err != nil {
		return err
	}
	if sh.shardOnly() {
		return sh.finish(cmd, interrupted)
	}
	out := cmd.OutOrStdout()
	var as []balance.Assessment // assessed profiles, ranked
	var lines []reports.CostLine
	var assessed []*sim.Fighter
	for i, r := range res {
		if r.curve != nil {
			c := r.curve
			if c.Coarse != nil {
				c = c.Coarse
			}
			lines = append(lines, reports.NewCostLine(r.a.Label, c, r.a.CardCost))
		}
		if r.notAssessed == "" {
			as = append(as, r.a)
			assessed = append(assessed, cases[i].f)
		}
	}
	balance.Rank(as)
	if f.plot != "" && len(lines) > 0 {
		title := fmt.Sprintf("Win rate at equal budgets (%d Kr, or 3x the card) against cost (seed %d)", f.budget, f.seed)
		if err := reports.CostPlot(f.plot, title, lines); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "kharn: cost plot written to %s\n", f.plot)
	}
	var all []*sim.Fighter
	for _, cc := range cases {
		all = append(all, cc.f)
	}
	all = append(all, pool...)
	notModelled := (&sim.Skirmish{Sides: [2]sim.Spearhead{{Safars: all}}}).NotModelled()
	switch {
	case f.json:
		return reports.WriteJSON(out, costJSON(as, res, f, rp, sc, variant, notModelled, interrupted))
	case f.csv:
		return writeCostCSV(out, as, res, variant, scenarioText(sc))
	}
	fmt.Fprintf(out, "Fair Krown costs at equal budgets: %d Kr a side (3 times the card cost when more) against a pool of %d profiles (%s), scenario %s\n",
		f.budget, len(pool), strings.Join(poolIDs, ", "), scenarioText(sc))
	if t := rp.leftOutText(); t != "" {
		fmt.Fprintln(out, t)
	}
	fmt.Fprintf(out, "Sampled with common random numbers: seed %d, rules %s; data: %s; kharn %s\n", f.seed, variant, ds.Source, versionString())
	if len(as) > 0 {
		if err := reports.WriteCostRanking(out, as); err != nil {
			return err
		}
	}
	byLabel := map[string]costAssessment{}
	for _, r := range res {
		byLabel[r.a.Label] = r
	}
	for _, a := range as {
		fmt.Fprintf(out, "%s%s\n", a, withoutText(byLabel[a.Label].without))
	}
	for _, r := range res {
		if r.fielded != "" {
			fmt.Fprintf(out, "%s: %s\n", r.a.Label, r.fielded)
		}
	}
	for _, r := range res {
		for _, n := range r.notes {
			fmt.Fprintf(out, "%s: search: %s\n", r.a.Label, n)
		}
	}
	for _, r := range res {
		if r.notAssessed != "" {
			fmt.Fprintf(out, "%s (card %d Kr): not assessed: %s%s\n", r.a.Label, r.card, r.notAssessed, withoutText(r.without))
		}
	}
	writeNotModelled(out, assessed, pool)
	if interrupted {
		fmt.Fprintf(stderr, "kharn: interrupted: %d of %d profiles assessed\n", len(res), len(cases))
	}
	return nil
}

// withoutText flags a verdict computed on a partly modelled profile:
// "; fair cost computed without: ambush, spells"; "" when fully modelled.
func withoutText(without []string) string {
	if len(without) == 0 {
		return ""
	}
	return "; fair cost computed without: " + strings.Join(without, ", ")
}

// writeNotModelled writes what the battles of kharn cost leave out, short
// enough to read with a real catalogue: the assessed profiles' own skills by
// name, the reference pool's grouped by skill with the number of profiles
// having it, and the rules of a battle left out. JSON keeps the full list.
func writeNotModelled(w io.Writer, assessed, pool []*sim.Fighter) {
	rules := map[string]bool{}
	for _, r := range sim.SkirmishRulesNotModelled {
		rules[r] = true
	}
	own := func(f *sim.Fighter) []string {
		var out []string
		for _, n := range (&sim.Skirmish{Sides: [2]sim.Spearhead{{Safars: []*sim.Fighter{f}}}}).NotModelled() {
			if !rules[n] {
				out = append(out, strings.TrimSuffix(n, " ("+f.Name()+")"))
			}
		}
		return out
	}
	var mine []string
	for _, f := range assessed {
		for _, n := range own(f) {
			mine = append(mine, n+" ("+f.Name()+")")
		}
	}
	if len(mine) > 0 {
		fmt.Fprintf(w, "not modelled for the profiles assessed: %s\n", strings.Join(mine, ", "))
	}
	count := map[string]int{}
	var skills []string
	seen := map[*sim.Fighter]bool{}
	for _, f := range pool {
		if seen[f] {
			continue
		}
		seen[f] = true
		for _, n := range own(f) {
			if count[n] == 0 {
				skills = append(skills, n)
			}
			count[n]++
		}
	}
	if len(skills) > 0 {
		slices.SortStableFunc(skills, func(a, b string) int { return count[b] - count[a] })
		var parts []string
		for _, n := range skills {
			parts = append(parts, fmt.Sprintf("%s %s", n, plural(count[n], "profile")))
		}
		fmt.Fprintf(w, "not modelled in the reference pool (%s): %s (--json lists them by profile)\n", plural(len(seen), "profile"), strings.Join(parts, ", "))
	}
	fmt.Fprintf(w, "rules of a battle not modelled: %s\n", strings.Join(sim.SkirmishRulesNotModelled, ", "))
}

// plural says "1 profile", "3 profiles".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func costJSON(as []balance.Assessment, res []costAssessment, f *costFlags, rp refPool, sc *profiles.Scenario, v sim.Variant, nm []string, interrupted bool) any {
	byLabel := map[string]costAssessment{}
	for _, r := range res {
		byLabel[r.a.Label] = r
	}
	row := func(a balance.Assessment) costResult {
		r := byLabel[a.Label]
		out := costResult{Profile: a.Label, CardCost: r.card, Budget: r.budget, FairCost: finite(a.FairCost.Cost),
			Lo: finite(a.FairCost.Lo), Hi: finite(a.FairCost.Hi), Verdict: a.Verdict.String(), AtLeast: a.AtLeast,
			By: finite(a.By), Efficiency: finite(a.Efficiency), Trials: a.FairCost.Trials, Seed: a.FairCost.Seed,
			Warnings: []string{}, Search: r.notes, NotAssessed: r.notAssessed, Precision: f.precision,
			Loadout: r.loadout, Fielded: r.fielded, ComputedWithout: r.without}
		if out.ComputedWithout == nil {
			out.ComputedWithout = []string{}
		}
		if out.OutsideRange = a.FairCost.Outside(); out.OutsideRange != "" {
			out.RangeEdge = finite(a.FairCost.Edge)
		}
		switch {
		case a.FairCost.UpperOnly():
			out.Interval = "upper bound only"
		case a.FairCost.LowerOnly():
			out.Interval = "lower bound only"
		case a.FairCost.Bounded():
			out.Interval = "two-sided"
		default:
			out.Interval = "unbounded"
		}
		if r.notAssessed != "" {
			out.Verdict = "not assessed"
		}
		if out.Search == nil {
			out.Search = []string{}
		}
		if f.precision > 0 && r.curve != nil {
			met := r.curve.Converged
			out.PrecisionMet = &met
		}
		for _, w := range a.FairCost.Warnings {
			out.Warnings = append(out.Warnings, w.Error())
			if errors.Is(w, balance.ErrNotConverged) {
				out.PrecisionUnmet = w.Error()
			}
		}
		if r.curve != nil {
			for _, p := range r.curve.Points {
				out.Points = append(out.Points, costPt{p.Cost, finite(p.Rate), p.Lo, p.Hi, p.N})
			}
		}
		return out
	}
	var rows []costResult
	for _, a := range as {
		rows = append(rows, row(a))
	}
	for _, r := range res {
		if r.notAssessed != "" {
			rows = append(rows, row(r.a))
		}
	}
	if nm == nil {
		nm = []string{}
	}
	leftOut := []costLeftOut{}
	for _, c := range rp.leftOut {
		leftOut = append(leftOut, costLeftOut{c.p.ID, c.without})
	}
	return struct {
		Budget int      `json:"budget_kr"`
		Pool   []string `json:"pool"`
		// PoolLeftOut are the partly modelled profiles left out of the pool
		// (empty with --pool-all or profiles named one by one in --vs).
		PoolLeftOut []costLeftOut `json:"pool_left_out"`
		Scenario    string        `json:"scenario"`
		Victory     string        `json:"victory"` // profiles.Scenario.Victory
		Rules       string        `json:"rules"`
		Seed        uint64        `json:"seed"`
		Interrupted bool          `json:"interrupted"`
		NotModelled []string      `json:"not_modelled"`
		Version     string        `json:"version"`
		Profiles    []costResult  `json:"profiles"`
	}{f.budget, rp.ids, leftOut, sc.Name, sc.Victory(), v.String(), f.seed, interrupted, nm, versionString(), rows}
}

// writeCostCSV writes one line per profile, n/a (an unbounded end, no
// estimate) as an empty cell, each line ending with the scenario of the
// battles (scenarioText) and its provenance columns (seed, trials of the fit,
// rules, version: reports.Provenance).
func writeCostCSV(w io.Writer, as []balance.Assessment, res []costAssessment, variant sim.Variant, scenario string) error {
	cw := csv.NewWriter(w)
	g := func(x float64) string { return reports.CSVNumber(x, 8) }
	_ = cw.Write(append([]string{"profile", "loadout", "card_cost_kr", "fair_cost_kr", "ci95_low", "ci95_high", "verdict", "over_costed_by_kr", "fair_per_card",
		"computed_without", "note", "scenario"}, reports.ProvenanceKeys...))
	note := map[string]string{}
	byLabel := map[string]costAssessment{}
	for _, r := range res {
		byLabel[r.a.Label] = r
		var ws []string
		for _, w := range r.a.FairCost.Warnings {
			if errors.Is(w, balance.ErrNotConverged) || errors.Is(w, balance.ErrOneSided) {
				ws = append(ws, w.Error())
			}
		}
		if r.fielded != "" {
			ws = append([]string{r.fielded}, ws...)
		}
		note[r.a.Label] = strings.Join(ws, "; ")
	}
	line := func(a balance.Assessment, verdict, note string) {
		if a.AtLeast {
			verdict += " (by at least)"
		}
		prov := reports.Provenance{Seed: a.FairCost.Seed, Trials: a.FairCost.Trials, Rules: variant.String(), Version: versionString()}
		r := byLabel[a.Label]
		_ = cw.Write(append([]string{a.Label, r.loadout, g(a.CardCost), g(a.FairCost.Cost), g(a.FairCost.Lo), g(a.FairCost.Hi), verdict,
			g(a.By), g(a.Efficiency), strings.Join(r.without, "; "), note, scenario}, prov.Values()...))
	}
	for _, a := range as {
		line(a, a.Verdict.String(), note[a.Label])
	}
	for _, r := range res {
		if r.notAssessed != "" {
			line(r.a, "not assessed", strings.TrimPrefix(r.fielded+"; "+r.notAssessed, "; "))
		}
	}
	cw.Flush()
	return cw.Error()
}

// scenarioText names scenario sc in a result: its name, with its victory
// points when it has objectives ("hold the ford (victory points: ford 1 a
// round held)"); annihilation, the default, is left unsaid.
func scenarioText(sc *profiles.Scenario) string {
	if sc.Objectives == nil {
		return sc.Name
	}
	return sc.Name + " (" + sc.Victory() + ")"
}
