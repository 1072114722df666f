package main

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/reports"
	"github.com/kharn-ages/kharn/sim"
)

type compareFlags struct {
	context  string
	budget   int
	vs       string
	trials   int
	seed     uint64
	workers  int
	distance float64
	sortBy   string
	plot     string
	json     bool
	csv      bool
	// shard and out are --shard and --out (shard_cmd.go).
	shard, out string
	// spellSets and grimoire are --spells and --grimoire (compare_spells.go).
	spellSets, grimoire string
}

func compareCommand(g *globals) *cobra.Command {
	f := &compareFlags{}
	c := &cobra.Command{
		Use:   "compare PROFILE",
		Short: "Compare the loadouts of a profile in duels against an opponent pool",
		Long: `compare takes a profile (an id or a YAML file), its card's equipment and every
legal single change of it (a weapon swapped for another of its kind, a weapon of a
kind the card lacks, the shield left behind or taken on), and plays each loadout in
duels against every profile of an opponent pool with its card's equipment.

Each loadout gets: its cost (rulebook arithmetic), its win rate over the pool with a
95% Wilson interval (sampled), draws, damage taken per fight (± SE), win rate per
100 Kr, and its best expected damage per AP against each opponent's best response
(exact, averaged over the pool). Every loadout meets every opponent with the same
seed (common random numbers), so differences between loadouts are not luck of the
draw.

--context skirmish plays the same comparison in battles at equal budgets instead
of duels: as many copies of the loadout's Safar as --budget Krowns buy (at least 3
times the loadout's cost) against as many copies of each opponent as the same
budget buys, on open ground (the equal-budget battles of kharn cost), 400 battles
per loadout and opponent unless --trials says otherwise. A loadout that costs more
fields fewer Safars, so its win rate there already weighs its cost.`,
		Example: `  kharn compare crown-guard-1 --vs kherops
  kharn compare paladin-2 --vs all --trials 4000 --plot paladin-2.png
  kharn compare crown-guard-1 --vs kherops --context skirmish`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return runCompare(cmd, g, f, args[0]) },
	}
	fl := c.Flags()
	fl.StringVar(&f.vs, "vs", "all", "opponent pool: all, a faction id, or profile ids separated by commas")
	fl.StringVar(&f.context, "context", "duel", "duel (one against one) or skirmish (battles at equal budgets)")
	fl.IntVar(&f.budget, "budget", 300, "Krowns a side in skirmish context")
	fl.IntVar(&f.trials, "trials", 2000, "fights per loadout and opponent (battles in skirmish context: default 400)")
	fl.Uint64Var(&f.seed, "seed", 1, "random seed (the same for every loadout and opponent)")
	fl.IntVar(&f.workers, "workers", 0, "worker goroutines (0: one per CPU)")
	fl.Float64Var(&f.distance, "distance", sim.DeploymentGap(sim.Variant{}), distanceHelp)
	fl.StringVar(&f.sortBy, "sort", "win", "rank by: win, per-100kr, damage-per-ap")
	fl.StringVar(&f.plot, "plot", "", "write a heat map of win rates (loadout x opponent) to this .png or .svg file")
	fl.BoolVar(&f.json, "json", false, "print JSON")
	fl.BoolVar(&f.csv, "csv", false, "print CSV")
	addShardFlags(fl, &f.shard, &f.out, "duel pairings, loadout x opponent; not in --context skirmish")
	addCompareSpellsFlags(fl, f)
	return c
}

// pool returns the opponents named by vs.
func pool(ds *profiles.DataSet, vs string) ([]*profiles.Profile, error) {
	switch {
	case vs == "all":
		return ds.Profiles, nil
	case !strings.Contains(vs, ","):
		var out []*profiles.Profile
		for _, p := range ds.Profiles {
			if p.Faction == vs {
				out = append(out, p)
			}
		}
		if len(out) > 0 {
			return out, nil
		}
	}
	var out []*profiles.Profile
	for _, id := range strings.Split(vs, ",") {
		p, err := ds.ResolveProfile(strings.TrimSpace(id))
		if err != nil {
			return nil, fmt.Errorf("--vs: %w (or a faction: %s)", err, strings.Join(ds.Factions(), ", "))
		}
		out = append(out, p)
	}
	return out, nil
}

func runCompare(cmd *cobra.Command, g *globals, f *compareFlags, arg string) error {
	if f.context != "duel" && f.context != "skirmish" {
		return &usageError{fmt.Errorf("--context %q: want duel or skirmish", f.context)}
	}
	if f.context == "skirmish" && cmd.Flags().Changed("distance") {
		return &usageError{errors.New("--distance is the start of a duel: --context skirmish plays battles from the scenario's deployment")}
	}
	if f.context == "skirmish" && f.shard != "" {
		return &usageError{errors.New("--shard splits the duels of --context duel: run --context skirmish whole")}
	}
	if f.context == "skirmish" && !cmd.Flags().Changed("trials") {
		f.trials = 400
	}
	order := map[string]bool{"win": true, "per-100kr": true, "damage-per-ap": true}
	if !order[f.sortBy] {
		return &usageError{fmt.Errorf("--sort %q: want win, per-100kr or damage-per-ap", f.sortBy)}
	}
	ds, variant, err := g.loadWithRules()
	if err != nil {
		return err
	}
	defaultDistance(cmd, &f.distance, variant)
	p, err := ds.ResolveProfile(arg)
	if err != nil {
		return err
	}
	opps, err := pool(ds, f.vs)
	if err != nil {
		return err
	}
	if f.spellSets != "" || f.grimoire != "" {
		c := matchConfig{trials: f.trials, seed: f.seed, workers: f.workers, distance: f.distance, variant: variant}
		return runCompareSpells(cmd, ds, f, p, opps, c)
	}
	unit := "duels"
	if f.context == "skirmish" {
		unit = "matchups"
	}
	bar := newBar(cmd.ErrOrStderr(), len(ds.Variants(p))*len(opps), "compare", unit)
	var step func()
	if bar != nil {
		step = func() { _ = bar.Add(1) }
	}
	c := matchConfig{trials: f.trials, seed: f.seed, workers: f.workers, distance: f.distance, variant: variant}
	var groups []unitGroup
	if f.context == "duel" {
		pairings := unitGroup{name: "compare", costs: make([]float64, len(ds.Variants(p))*len(opps))}
		for k := range pairings.costs {
			pairings.costs[k] = pairingMs(f.trials)
		}
		groups = append(groups, pairings)
	}
	sh, err := commandShards(cmd, g, ds, variant, []string{arg}, f.shard, f.out, groups)
	if err != nil {
		return err
	}
	c.units = sh.units()
	c.units.start("compare")
	var cmp reports.Comparison
	if f.context == "skirmish" {
		cmp, err = compareSkirmish(cmd.Context(), ds, p, opps, c, f.budget, step)
	} else {
		cmp, err = compareLoadouts(cmd.Context(), ds, p, opps, c, true, step)
	}
	if bar != nil {
		_ = bar.Finish()
	}
	if err != nil {
		return err
	}
	if sh.shardOnly() {
		return sh.finish(cmd, cmp.Interrupted)
	}
	if err := finishComparison(cmd, &cmp, ds, f); err != nil {
		return err
	}
	out := cmd.OutOrStdout()
	switch {
	case f.json:
		return reports.WriteJSON(out, cmp)
	case f.csv:
		return cmp.WriteCSV(out)
	}
	return cmp.Write(out)
}

// finishComparison stamps cmp with the data set's source, the version and
// f's --sort, sorts its rows, and, with --plot, writes its heat map (not of
// an interrupted run): what kharn compare does before writing any table.
func finishComparison(cmd *cobra.Command, cmp *reports.Comparison, ds *profiles.DataSet, f *compareFlags) error {
	cmp.Data, cmp.Version, cmp.SortBy = ds.Source, versionString(), f.sortBy
	cmp.Sort()
	if f.plot != "" && !cmp.Interrupted {
		if err := cmp.Plot(f.plot); err != nil {
			return err
		}
		fmt.Fprintf(cmd.ErrOrStderr(), "kharn: heat map written to %s\n", f.plot)
	}
	return nil
}

// compareLoadouts plays every loadout of p (ds.Variants) against every opponent
// in duels, all with the same seed (common random numbers), and returns the
// comparison with its rows in loadout order; the caller sets Data, Version and
// SortBy. kharn compare and kharn report share it. With perOpponentExact, each
// row holds the best exact damage per AP against each opponent (about 35 ms of
// exact engine per loadout and opponent, half the cost of the duels' set-up);
// without, DamagePerAP is empty. step, if not nil, is called
// once per duel matchup finished. When ctx is cancelled the comparison holds the
// loadouts whose matchups were all played, and Interrupted is set.
func compareLoadouts(ctx context.Context, ds *profiles.DataSet, p *profiles.Profile, opps []*profiles.Profile, c matchConfig, perOpponentExact bool, step func()) (reports.Comparison, error) {
	var rows []compareRow
	for _, l := range ds.Variants(p) {
		rows = append(rows, compareRow{label: l.Label(), cost: l.Cost(ds), f: sim.NewFighter(p, l.Items(ds))})
	}
	return compareDuelRows(ctx, ds, p, rows, opps, c, perOpponentExact, step)
}

// compareRow is one row of a duel comparison: its label, its Krown cost and
// the fighter that plays it.
type compareRow struct {
	label string
	cost  int
	f     *sim.Fighter
}

// compareDuelRows plays each row's fighter against every opponent in duels,
// all with the same seed (common random numbers), and returns the comparison
// of profile p with its rows in order (compareLoadouts, compareSpellSets).
// With exact, each row holds the best exact damage per AP against each
// opponent. When ctx is cancelled the comparison holds the rows whose
// matchups were all played, and Interrupted is set.
func compareDuelRows(ctx context.Context, ds *profiles.DataSet, p *profiles.Profile, rows []compareRow, opps []*profiles.Profile, c matchConfig, exact bool, step func()) (reports.Comparison, error) {
	cmp := reports.Comparison{Context: "duel", Profile: p.ID, Seed: c.seed, Trials: c.trials, Distance: c.distance,
		Rules: c.variant.String(), Opponents: []string{}, PartlyModelled: partlyModelled(append([]*profiles.Profile{p}, opps...)...)}
	for _, o := range opps {
		cmp.Opponents = append(cmp.Opponents, o.ID)
	}
	var ms []matchup
	for _, rw := range rows {
		for _, o := range opps {
			ms = append(ms, matchup{a: rw.f, b: sim.NewFighter(o, fieldedItems(ds, o)), exact: exact})
		}
	}
	res, interrupted, err := playMatchups(ctx, ms, c, step)
	if err != nil {
		return cmp, fmt.Errorf("%s: %w", p.ID, err)
	}
	cmp.Interrupted = interrupted
	notModelled := map[string]bool{}
	for i, rw := range rows {
		row := reports.LoadoutRow{Loadout: rw.label, Cost: rw.cost}
		var tally sim.DuelTally
		var each []*sim.DuelTally
		complete, same := true, true
		for j := range opps {
			r := &res[i*len(opps)+j]
			if !r.done {
				complete = false
				break
			}
			for _, n := range r.notModelled {
				notModelled[n] = true
			}
			tally.Merge(&r.tally)
			each = append(each, &r.tally)
			same = same && r.tally.N == res[i*len(opps)].tally.N
			row.PerOpponent = append(row.PerOpponent, reports.NewRate(r.tally.Wins[sim.SideA], r.tally.N))
			if exact {
				row.DamagePerAP = append(row.DamagePerAP, r.perAP)
			}
		}
		if !complete {
			continue
		}
		if same {
			row.Fill(&tally)
		} else {
			row.FillEqual(each) // a precision run's pairings (pair_precision.go)
		}
		cmp.Rows = append(cmp.Rows, row)
	}
	cmp.NotModelled = []string{}
	for n := range notModelled {
		cmp.NotModelled = append(cmp.NotModelled, n)
	}
	sort.Strings(cmp.NotModelled)
	return cmp, nil
}

// bestPerAP returns the best exact expected damage per AP of a's attacks, with any
// of its weapons, against b's best response with all its AP (0 when none is legal).
func bestPerAP(a, b *sim.Fighter, v sim.Variant) float64 {
	best := 0.0
	for _, w := range []*profiles.Equipment{a.Melee, a.Ranged} {
		if w == nil && a.Melee != nil {
			continue
		}
		ex := sim.Exchange{Attacker: a.WithWeapon(w), Defender: b.WithWeapon(b.Melee), Variant: v, Policy: sim.DefaultPolicy}
		opts, err := ex.Options()
		if err != nil {
			continue
		}
		for _, o := range opts {
			best = max(best, o.PerAP())
		}
	}
	return best
}
