package main

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

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
A second stage plays a narrow grid around the first estimate. --precision Kr
plays until the interval's half-width is below it.

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
	fl.Float64Var(&f.precision, "precision", 0, "instead of --trials: play until the 95% interval's half-width is below this many Krowns")
	fl.IntVar(&f.maxTrials, "max-trials", 20_000, "cap on the trials of a --precision run")
	fl.Uint64Var(&f.seed, "seed", 1, "random seed")
	fl.IntVar(&f.workers, "workers", 0, "worker goroutines (0: one per CPU); results do not depend on it")
	fl.StringVar(&f.scenario, "scenario", "open-ground", "scenario of the battles: a ready-made one or a file")
	fl.StringVar(&f.plot, "plot", "", "write the win rate against cost, one line per profile, to this .png or .svg file")
	fl.BoolVar(&f.independent, "independent", false, "give every cost of a trial its own random numbers instead of common ones (docs/cost.md: narrower fair-cost intervals, bumpier curves)")
	fl.BoolVar(&f.json, "json", false, "print JSON")
	fl.BoolVar(&f.csv, "csv", false, "print CSV")
	return c
}

// costCase is one profile to assess.
type costCase struct {
	p    *profiles.Profile
	f    *sim.Fighter
	card int
}

// costCases returns the profiles ps with a positive cost, in order, with their
// card's equipment and its cost.
func costCases(ds *profiles.DataSet, ps []*profiles.Profile) ([]costCase, error) {
	var out []costCase
	for _, p := range ps {
		lo, err := ds.Equip(p, nil, nil)
		if err != nil {
			return nil, err
		}
		if c := lo.Cost(ds); c > 0 {
			out = append(out, costCase{p: p, f: sim.NewFighter(p, lo.Items(ds)), card: c})
		}
	}
	return out, nil
}

// costPool returns the reference pool of spec as compare reads --vs (all, a
// faction, or profile ids separated by commas; empty: all): the fighters with a
// positive cost, their costs and ids.
func costPool(ds *profiles.DataSet, spec string) ([]*sim.Fighter, []int, []string, error) {
	if spec == "" {
		spec = "all"
	}
	ps, err := pool(ds, spec)
	if err != nil {
		return nil, nil, nil, &usageError{err}
	}
	cases, err := costCases(ds, ps)
	if err != nil {
		return nil, nil, nil, err
	}
	if len(cases) == 0 {
		return nil, nil, nil, &usageError{fmt.Errorf("--vs %q: no profile with a positive cost", spec)}
	}
	var fs []*sim.Fighter
	var costs []int
	var ids []string
	for _, c := range cases {
		fs, costs, ids = append(fs, c.f), append(costs, c.card), append(ids, c.p.ID)
	}
	return fs, costs, ids, nil
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
	Profile    string   `json:"profile"`
	CardCost   int      `json:"card_cost_kr"`
	Budget     int      `json:"budget_kr"`
	FairCost   *float64 `json:"fair_cost_kr"`
	Lo         *float64 `json:"ci95_low"`
	Hi         *float64 `json:"ci95_high"`
	Verdict    string   `json:"verdict"`
	By         *float64 `json:"over_costed_by_kr"`
	Efficiency *float64 `json:"fair_per_card"`
	Trials     int      `json:"trials"`
	Seed       uint64   `json:"seed"`
	Warnings   []string `json:"warnings"`
	Points     []costPt `json:"points"`
}

type costPt struct {
	Cost float64 `json:"cost_kr"`
	Rate float64 `json:"win_rate"`
	Lo   float64 `json:"ci95_low"`
	Hi   float64 `json:"ci95_high"`
	N    int     `json:"trials"`
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
	curve  *balance.Curve
	budget int // Krowns a side (costBudget)
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
// reports which profile and how far. It stops early, marking the rest as not
// run, when ctx is cancelled.
func assessCosts(ctx context.Context, cases []costCase, pool []*sim.Fighter, poolCosts []int, f *costFlags, tbl field.Field, sc *profiles.Scenario, variant sim.Variant, progress func(i int, label string, done, target int)) ([]costAssessment, bool, error) {
	var out []costAssessment
	tables := f.tables
	if tables == nil {
		tables = &sim.Tables{} // the pool's tables serve every profile
	}
	for i, cc := range cases {
		if ctx.Err() != nil {
			return out, true, nil
		}
		budget := costBudget(f.budget, cc.card)
		m := &sim.BudgetMatch{Fighter: cc.f, Pool: pool, PoolCosts: poolCosts, Budget: budget,
			Field: tbl, Deployment: sc.Deployment, Rounds: sc.Rounds, Variant: variant, Tables: tables}
		newGame := func() (balance.Game, error) {
			pl, err := m.NewPlayer()
			if err != nil {
				return nil, err
			}
			return func(r *rand.PCG, cost float64) float64 { return pl.Play(r, cost) }, nil
		}
		cfg := balance.Config{Costs: costGrid(cc.card, budget), Trials: f.trials, Precision: f.precision,
			MinTrials: f.first, MaxTrials: f.maxTrials, Seed: f.seed, Workers: f.workers, Independent: f.independent}
		if progress != nil {
			label := cc.p.ID
			cfg.Progress = func(done, target int) { progress(i, label, done, target) }
		}
		curve, err := balance.Search(ctx, cfg, newGame)
		if err != nil {
			return out, false, fmt.Errorf("%s: %w", cc.p.ID, err)
		}
		a := balance.Assess(cc.p.ID, float64(cc.card), curve.FairCost())
		// The seed shown is the one given: Search derives its second stage's
		// from it (balance.Search), so it reproduces the whole estimate.
		a.FairCost.Seed = f.seed
		out = append(out, costAssessment{a: a, curve: curve, budget: budget})
		if curve.Interrupted {
			return out, true, nil
		}
	}
	return out, false, nil
}

func runCost(cmd *cobra.Command, g *globals, f *costFlags, args []string) error {
	if f.json && f.csv {
		return &usageError{errors.New("--json and --csv exclude each other")}
	}
	if f.trials <= 0 && f.precision <= 0 {
		return &usageError{errors.New("--trials must be positive")}
	}
	if f.budget <= 0 {
		return &usageError{errors.New("--budget must be positive")}
	}
	if f.first <= 0 {
		return &usageError{errors.New("--first-trials must be positive")}
	}
	ds, err := g.load()
	if err != nil {
		return err
	}
	variant, err := g.variant()
	if err != nil {
		return err
	}
	sc, err := loadScenario(f.scenario)
	if err != nil {
		return err
	}
	tbl, err := field.FromScenario(sc)
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
	pool, poolCosts, poolIDs, err := costPool(ds, f.vs)
	if err != nil {
		return err
	}
	stderr := cmd.ErrOrStderr()
	bar := newBar(stderr, len(cases)*1000, "cost", "‰")
	progress := func(i int, label string, done, target int) {
		if bar != nil && target > 0 {
			bar.Describe(fmt.Sprintf("cost %d/%d %s", i+1, len(cases), label))
			_ = bar.Set(i*1000 + min(1000*done/target, 999))
		}
	}
	res, interrupted, err := assessCosts(cmd.Context(), cases, pool, poolCosts, f, tbl, sc, variant, progress)
	if bar != nil {
		_ = bar.Finish()
	}
	if err != nil {
		return err
	}
	out := cmd.OutOrStdout()
	var as []balance.Assessment
	var lines []reports.CostLine
	for _, r := range res {
		as = append(as, r.a)
		c := r.curve
		if c.Coarse != nil {
			c = c.Coarse
		}
		lines = append(lines, reports.NewCostLine(r.a.Label, c, r.a.CardCost))
	}
	balance.Rank(as)
	if f.plot != "" && len(lines) > 0 {
		title := fmt.Sprintf("Win rate at equal budgets (%d Kr, or 3x the card) against cost (seed %d)", f.budget, f.seed)
		if err := reports.CostPlot(f.plot, title, lines); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "kharn: cost plot written to %s\n", f.plot)
	}
	var notModelled []string
	var all []*sim.Fighter
	for _, cc := range cases {
		all = append(all, cc.f)
	}
	all = append(all, pool...)
	notModelled = (&sim.Skirmish{Sides: [2]sim.Spearhead{{Safars: all}}}).NotModelled()
	switch {
	case f.json:
		return reports.WriteJSON(out, costJSON(as, res, f, poolIDs, sc, variant, notModelled, interrupted))
	case f.csv:
		return writeCostCSV(out, as, res, f)
	}
	fmt.Fprintf(out, "Fair Krown costs at equal budgets: %d Kr a side (3 times the card cost when more) against a pool of %d profiles (%s), scenario %s\n",
		f.budget, len(pool), strings.Join(poolIDs, ", "), sc.Name)
	fmt.Fprintf(out, "Sampled with common random numbers: seed %d, rules %s; data: %s; kharn %s\n", f.seed, variant, ds.Source, versionString())
	if err := reports.WriteCostRanking(out, as); err != nil {
		return err
	}
	for _, a := range as {
		fmt.Fprintf(out, "%s\n", a)
	}
	if len(notModelled) > 0 {
		fmt.Fprintf(out, "not modelled: %s\n", strings.Join(notModelled, ", "))
	}
	if interrupted {
		fmt.Fprintf(stderr, "kharn: interrupted: %d of %d profiles assessed\n", len(res), len(cases))
	}
	return nil
}

func costJSON(as []balance.Assessment, res []costAssessment, f *costFlags, pool []string, sc *profiles.Scenario, v sim.Variant, nm []string, interrupted bool) any {
	curves := map[string]*balance.Curve{}
	budgets := map[string]int{}
	for _, r := range res {
		curves[r.a.Label] = r.curve
		budgets[r.a.Label] = r.budget
	}
	var rows []costResult
	for _, a := range as {
		r := costResult{Profile: a.Label, CardCost: int(a.CardCost), Budget: budgets[a.Label], FairCost: finite(a.FairCost.Cost),
			Lo: finite(a.FairCost.Lo), Hi: finite(a.FairCost.Hi), Verdict: a.Verdict.String(),
			By: finite(a.By), Efficiency: finite(a.Efficiency), Trials: a.FairCost.Trials, Seed: a.FairCost.Seed, Warnings: []string{}}
		for _, w := range a.FairCost.Warnings {
			r.Warnings = append(r.Warnings, w.Error())
		}
		for _, p := range curves[a.Label].Points {
			r.Points = append(r.Points, costPt{p.Cost, p.Rate, p.Lo, p.Hi, p.N})
		}
		rows = append(rows, r)
	}
	if nm == nil {
		nm = []string{}
	}
	return struct {
		Budget      int          `json:"budget_kr"`
		Pool        []string     `json:"pool"`
		Scenario    string       `json:"scenario"`
		Rules       string       `json:"rules"`
		Seed        uint64       `json:"seed"`
		Interrupted bool         `json:"interrupted"`
		NotModelled []string     `json:"not_modelled"`
		Version     string       `json:"version"`
		Profiles    []costResult `json:"profiles"`
	}{f.budget, pool, sc.Name, v.String(), f.seed, interrupted, nm, versionString(), rows}
}

func writeCostCSV(w io.Writer, as []balance.Assessment, res []costAssessment, f *costFlags) error {
	cw := csv.NewWriter(w)
	g := func(x float64) string { return strconv.FormatFloat(x, 'g', 8, 64) }
	_ = cw.Write([]string{"profile", "card_cost_kr", "fair_cost_kr", "ci95_low", "ci95_high", "verdict", "over_costed_by_kr", "fair_per_card", "trials", "seed"})
	for _, a := range as {
		_ = cw.Write([]string{a.Label, g(a.CardCost), g(a.FairCost.Cost), g(a.FairCost.Lo), g(a.FairCost.Hi), a.Verdict.String(),
			g(a.By), g(a.Efficiency), strconv.Itoa(a.FairCost.Trials), strconv.FormatUint(a.FairCost.Seed, 10)})
	}
	cw.Flush()
	return cw.Error()
}
