package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/reports"
	"github.com/kharn-ages/kharn/sim"
	"github.com/kharn-ages/kharn/sim/runner"
)

// distanceHelp is the help of --distance in duel, compare and report: one
// default start for the three (issue #10 item 3: they disagreed, 0 and 11).
var distanceHelp = fmt.Sprintf("gap between the bases at the start of every duel, in toises (default: the deployment distance, %g; %g under --rules english; 0: engaged)",
	sim.DeploymentGap(sim.Variant{}), sim.DeploymentGap(sim.Variant{English: true}))

// defaultDistance sets *d to the deployment distance of the rules variant v
// (sim.DeploymentGap) unless --distance was given.
func defaultDistance(cmd *cobra.Command, d *float64, v sim.Variant) {
	if f := cmd.Flags().Lookup("distance"); f == nil || !f.Changed {
		*d = sim.DeploymentGap(v)
	}
}

type duelFlags struct {
	weaponA, weaponB string
	distance         float64
	trials           int
	precision        float64
	maxTrials        int
	seed             uint64
	workers          int
	policyA, policyB string
	rounds           int
	json, csv, trace bool
	plot             string
	policyCheck      bool
	// shard and out are --shard and --out; units routes the chunks of a
	// shard or kharn merge (shard_cmd.go).
	shard, out string
	units      *shardUnits
}

func duelCommand(g *globals) *cobra.Command {
	f := &duelFlags{}
	c := &cobra.Command{
		Use:   "duel A B",
		Short: "Sampled one-against-one fights: who wins, how often, with Wilson intervals",
		Long: `duel plays whole one-against-one fights between A and B (profile ids or YAML
files holding one profile): activations, walking, assaults, shots, defences,
armour, statuses, until one is defeated or the round limit (a draw). Each side is
played by a policy (default: decisions from the exact engine's expected values).
Results are sampled: every rate comes with its 95% Wilson interval, every mean with
its standard error, and the seed, trial count and rules variant that produced them.
The same seed gives the same result for any number of workers. Ctrl-C stops the run
and prints what it has, marked as interrupted.

Fights start at the deployment distance (9 toises between the bases: 3-toise
strips on a 15-toise table, seed 004 "Déploiement"; 11 under --rules english),
as in compare and report, unless --distance says otherwise.

--policy-check plays A against itself, the default policy against each simple
policy, and fails unless the default wins significantly more than half of the
fights.`,
		Example: `  kharn duel paladin-3 kherops-warrior-2
  kharn duel goun-hunter-1 fang-prowler-1 --distance 8 --precision 0.005
  kharn duel paladin-3 kherops-warrior-2 --trace --seed 7
  kharn duel paladin-2 --policy-check`,
		Args: func(cmd *cobra.Command, args []string) error {
			if f.policyCheck {
				return cobra.ExactArgs(1)(cmd, args)
			}
			return cobra.ExactArgs(2)(cmd, args)
		},
		RunE: func(cmd *cobra.Command, args []string) error { return runDuel(cmd, g, f, args) },
	}
	fl := c.Flags()
	fl.StringVar(&f.weaponA, "weapon-a", "", "weapon of A: an equipment id taking the place of the card's first weapon of its kind (the one A fights with), or none")
	fl.StringVar(&f.weaponB, "weapon-b", "", "weapon of B (as --weapon-a)")
	fl.Float64Var(&f.distance, "distance", sim.DeploymentGap(sim.Variant{}), distanceHelp)
	fl.IntVar(&f.trials, "trials", 100_000, "fights to play")
	fl.Float64Var(&f.precision, "precision", 0, "instead of --trials: play until the 95% Wilson half-width of A's win rate is below this")
	fl.IntVar(&f.maxTrials, "max-trials", 10_000_000, "cap on the fights of a --precision run")
	fl.Uint64Var(&f.seed, "seed", 1, "random seed")
	fl.IntVar(&f.workers, "workers", 0, "worker goroutines (0: one per CPU); results do not depend on it")
	fl.StringVar(&f.policyA, "policy-a", "default", "policy of A: "+strings.Join(sim.PolicyNames(), ", "))
	fl.StringVar(&f.policyB, "policy-b", "default", "policy of B")
	fl.IntVar(&f.rounds, "rounds", 20, "round limit (R16): a fight that reaches it is a draw")
	fl.BoolVar(&f.json, "json", false, "print JSON")
	fl.BoolVar(&f.csv, "csv", false, "print CSV")
	fl.StringVar(&f.plot, "plot", "", "write how A's win rate and its interval converge as fights accumulate to this .png or .svg file")
	fl.BoolVar(&f.trace, "trace", false, "print a readable trace of one fight (the seed's first) instead of statistics")
	fl.BoolVar(&f.policyCheck, "policy-check", false, "mirror matches of the default policy against each simple policy")
	addShardFlags(fl, &f.shard, &f.out, "chunks of 4096 fights")
	return c
}

// side is one duellist as the command line gives it.
type side struct {
	p       *profiles.Profile
	f       *sim.Fighter
	cost    int
	weapons string
}

// duellist builds profile arg with the weapon flag: an id replaces the card's
// first weapon of the same kind, the one the Safar fights with (the cost follows
// the rulebook's arithmetic), none leaves it bare-handed. The weapons named in the
// result are the ones the fighter holds.
func duellist(ds *profiles.DataSet, arg, weapon string) (side, error) {
	p, err := ds.ResolveProfile(arg)
	if err != nil {
		return side{}, err
	}
	var add, remove []string
	if weapon != "" && !strings.EqualFold(weapon, "none") {
		w, err := pickWeapon(ds, weapon)
		if err != nil {
			return side{}, err
		}
		// The Safar fights with the first weapon of each kind on its card
		// (sim.NewFighter): w takes that weapon's place (profiles.Loadout.Items).
		first := ""
		for _, id := range p.Equipment {
			if it, _ := ds.Item(id); it != nil && it.Kind == w.Kind {
				first = id
				break
			}
		}
		switch {
		case first == "":
			add = []string{w.ID}
		case first == w.ID:
		case slices.Contains(p.Equipment, w.ID):
			// The card already carries w behind first: the two change places, at
			// the card's cost.
			add, remove = []string{w.ID, first}, []string{first, w.ID}
		default:
			add, remove = []string{w.ID}, []string{first}
		}
	} else if strings.EqualFold(weapon, "none") {
		for _, id := range p.Equipment {
			if it, _ := ds.Item(id); it != nil && (it.Kind == profiles.KindMelee || it.Kind == profiles.KindRanged) {
				remove = append(remove, id)
			}
		}
	}
	lo, err := ds.Equip(p, add, remove)
	if err != nil {
		return side{}, err
	}
	fielded := false
	if weapon == "" {
		// A card without a weapon (bought at recruitment) fights as a list
		// fields it: with its cheapest legal weapon (issue #12 section 5).
		lo, _ = ds.Fielded(p)
		fielded = len(lo.Add) > 0
	}
	f := sim.NewFighter(p, lo.Items(ds))
	var ws []string
	for _, w := range []*profiles.Equipment{f.Melee, f.Ranged} {
		if w != nil {
			ws = append(ws, w.ID)
		}
	}
	if len(ws) == 0 {
		ws = []string{"bare hands"}
	}
	s := strings.Join(ws, " + ")
	if fielded {
		s += " (none on its card: its cheapest legal weapon, as a list fields it)"
	}
	return side{p: p, f: f, cost: lo.Cost(ds), weapons: s}, nil
}

func runDuel(cmd *cobra.Command, g *globals, f *duelFlags, args []string) error {
	ds, variant, err := g.loadWithRules()
	if err != nil {
		return err
	}
	defaultDistance(cmd, &f.distance, variant)
	a, err := duellist(ds, args[0], f.weaponA)
	if err != nil {
		return fmt.Errorf("A: %w", err)
	}
	sh, err := commandShards(cmd, g, ds, variant, args, f.shard, f.out, chunkUnits(f.trials, fightMs))
	if err != nil {
		return err
	}
	f.units = sh.units()
	if f.policyCheck {
		return policyCheck(cmd, g, f, a, variant, ds)
	}
	b, err := duellist(ds, args[1], f.weaponB)
	if err != nil {
		return fmt.Errorf("B: %w", err)
	}
	pa, err := sim.FightPolicyByName(f.policyA)
	if err != nil {
		return &usageError{fmt.Errorf("--policy-a: %w", err)}
	}
	pb, err := sim.FightPolicyByName(f.policyB)
	if err != nil {
		return &usageError{fmt.Errorf("--policy-b: %w", err)}
	}
	d := &sim.Duel{A: a.f, B: b.f, Distance: f.distance, Rounds: f.rounds, Variant: variant, Policies: [2]sim.FightPolicy{pa, pb}}
	out := cmd.OutOrStdout()
	if f.trace {
		pl, err := d.NewPlayer()
		if err != nil {
			return err
		}
		pl.SetTrace(out)
		fmt.Fprintf(out, "Trace of the first fight of seed %d (rules %s, policies A %s, B %s)\n", f.seed, variant, pa.Name(), pb.Name())
		pl.Play(rand.NewPCG(f.seed, 0))
		return nil
	}
	var history []reports.ConvergencePoint
	tally, res, err := playDuels(cmd.Context(), cmd.ErrOrStderr(), d, f, "duel", &history)
	if err != nil {
		return err
	}
	if sh.shardOnly() {
		return sh.finish(cmd, res.Interrupted)
	}
	if f.plot != "" {
		title := fmt.Sprintf("%s against %s: A's win rate as fights accumulate (seed %d)", a.p.ID, b.p.ID, f.seed)
		if err := reports.ConvergencePlot(f.plot, title, "A's win rate", history); err != nil {
			return err
		}
		fmt.Fprintf(cmd.ErrOrStderr(), "kharn: convergence plot written to %s\n", f.plot)
	}
	meta := reports.DuelMeta{
		A: describe(a.p, nil) + ", " + a.weapons, B: describe(b.p, nil) + ", " + b.weapons,
		IDs: [2]string{a.p.ID, b.p.ID}, Weapons: [2]string{a.weapons, b.weapons}, Cost: [2]int{a.cost, b.cost},
		Policies: [2]string{pa.Name(), pb.Name()}, Distance: f.distance, RoundLimit: f.rounds,
		Rules: variant.String(), Seed: f.seed, Precision: f.precision, Converged: res.Converged,
		Interrupted: res.Interrupted, NotModelled: d.NotModelled(), Data: ds.Source, Version: versionString(),
	}
	if meta.NotModelled == nil {
		meta.NotModelled = []string{}
	}
	meta.PartlyModelled = partlyModelled(a.p, b.p)
	s := reports.SummariseDuel(meta, tally)
	return writeSummary(out, f.json, f.csv, s, reports.WriteDuelCSV, reports.WriteDuel, res.Interrupted, "fights played")
}

// playDuels plays the duel's fights over the worker pool, with a progress bar on a
// terminal.
//
// When history is not nil, the running count of fights and of A's wins is appended
// to it after every chunk merged (in chunk order, so it too is the same for any
// number of workers).
func playDuels(ctx context.Context, stderr io.Writer, d *sim.Duel, f *duelFlags, label string, history ...*[]reports.ConvergencePoint) (*sim.DuelTally, runner.Result[*sim.DuelTally], error) {
	proto, err := d.NewPlayer()
	if err != nil {
		return nil, runner.Result[*sim.DuelTally]{}, err
	}
	s := sampling{trials: f.trials, maxTrials: f.maxTrials, precision: f.precision, seed: f.seed, workers: f.workers,
		label: label, unit: "fights", units: f.units}
	if len(history) > 0 {
		s.history = history[0]
	}
	res, err := sample(ctx, stderr, s,
		func() *sim.DuelTally { return &sim.DuelTally{} },
		(*sim.DuelTally).Merge,
		func() func(r *rand.PCG, t *sim.DuelTally) {
			pl := proto.Clone()
			return func(r *rand.PCG, t *sim.DuelTally) { t.Add(pl.Play(r)) }
		},
		func(t *sim.DuelTally) (int, int) { return t.Wins[sim.SideA], t.N })
	if err != nil {
		return nil, res, err
	}
	return res.Acc, res, nil
}

// policyCheck plays mirror matches of the default policy against each simple one.
func policyCheck(cmd *cobra.Command, g *globals, f *duelFlags, a side, variant sim.Variant, ds *profiles.DataSet) error {
	out := cmd.OutOrStdout()
	fmt.Fprintf(out, "Policy check: %s against itself, start %.1f toises apart, %d fights per row, seed %d, rules %s\n", a.p.ID, f.distance, f.trials, f.seed, variant)
	t := reports.Table{
		Header: []string{"default against", "default wins", "draws", "default loses", "win rate", "95% Wilson", "significant", "over in round 1"},
		Right:  []bool{false, true, true, true, true, true, false, true},
	}
	failed := 0
	for _, p := range sim.FightPolicies[1:] {
		d := &sim.Duel{A: a.f, B: a.f, Distance: f.distance, Rounds: f.rounds, Variant: variant,
			Policies: [2]sim.FightPolicy{sim.DefaultFightPolicy, p}}
		tally, res, err := playDuels(cmd.Context(), cmd.ErrOrStderr(), d, f, p.Name())
		if err != nil {
			return err
		}
		r := reports.NewRate(tally.Wins[sim.SideA], tally.N)
		ok := "yes"
		if r.Lo <= 0.5 {
			ok = "NO"
			failed++
		}
		if res.Interrupted {
			ok += " (interrupted)"
		}
		t.Rows = append(t.Rows, []string{p.Name(), fmt.Sprint(tally.Wins[sim.SideA]), fmt.Sprint(tally.Wins[sim.Draw]),
			fmt.Sprint(tally.Wins[sim.SideB]), fmt.Sprintf("%.2f%%", 100*r.Rate), fmt.Sprintf("%.2f%% - %.2f%%", 100*r.Lo, 100*r.Hi), ok,
			fmt.Sprintf("%.1f%%", 100*float64(tally.Rounds[1])/float64(max(tally.N, 1)))})
		if res.Interrupted {
			break
		}
	}
	if err := t.Render(out); err != nil {
		return err
	}
	fmt.Fprintln(out, "\"over in round 1\": fights decided in the first round, where who starts (a coin toss between equal levels, R15)\nmatters more than play; against a Safar with no AP yet, a simple policy may already play the best move.")
	if failed > 0 {
		return fmt.Errorf("policy check: the default policy does not beat %d simple polic(ies) significantly", failed)
	}
	return nil
}
