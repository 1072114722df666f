package main

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/kharn-ages/kharn/balance"
	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/reports"
	"github.com/kharn-ages/kharn/sim"
	"github.com/kharn-ages/kharn/sim/field"
	"github.com/kharn-ages/kharn/stats"
)

// The values of kharn cost --spells.
const (
	spellsWith    = "with"    // casters play their spells (the default policy)
	spellsWithout = "without" // casters never cast (sim.NoMagic)
	spellsBoth    = "both"    // both, side by side, with what the spells are worth
)

// withoutSpellsMeans says what "without its spells" prices: the same card,
// at the same card cost, played by a policy that never casts. The card's price
// includes its magic, so this is the honest counterfactual: emptying its
// spell list would also change what it is (its grimoire, its defence lists).
const withoutSpellsMeans = "the same card at the same card cost, played by the no-magic policy: it never casts (sim.NoMagic)"

// addSpellsFlag adds --spells to kharn cost.
func addSpellsFlag(fl *pflag.FlagSet, f *costFlags) {
	fl.StringVar(&f.spells, "spells", spellsWith, "price casters with their spells (with), never casting (without: the no-magic policy), or both side by side with what the spells are worth in Kr")
}

// isCaster reports whether p masters a way and knows spells: the profiles
// whose fair cost --spells without and both change.
func isCaster(p *profiles.Profile) bool {
	return p.Magic != nil && p.Magic.Way != "" && len(p.Magic.Spells) > 0
}

// spellNames is p's known spells, in card order ("" when none).
func spellNames(p *profiles.Profile) string {
	if p.Magic == nil {
		return ""
	}
	return strings.Join(p.Magic.Spells, ", ")
}

// casterIDs lists the casters of ds, for error messages.
func casterIDs(ds *profiles.DataSet) string {
	var ids []string
	for _, p := range ds.Profiles {
		if isCaster(p) {
			ids = append(ids, p.ID)
		}
	}
	if len(ids) == 0 {
		return "none in this data set"
	}
	return strings.Join(ids, ", ")
}

// withoutSpells returns c played by the no-magic policy, its note and what
// it is computed without saying so.
func withoutSpells(c costCase) costCase {
	c.policy = sim.NoMagic
	note := fmt.Sprintf("priced without its spells (--spells without): %s; it knows %s", withoutSpellsMeans, spellNames(c.p))
	c.note = strings.TrimPrefix(c.note+"; "+note, "; ")
	var wo []string
	for _, w := range c.without {
		if w != profiles.Spells && !strings.HasPrefix(w, "spell ") {
			wo = append(wo, w)
		}
	}
	c.without = append(wo, "every spell (--spells without)")
	return c
}

// spellCases applies kharn cost --spells to cases: with leaves them as they
// are; without plays the casters by the no-magic policy; both keeps the
// casters only (runCostSpells plays each both ways). A --spells other than
// these, or without and both when no profile assessed is a caster, is a
// usage error.
func spellCases(ds *profiles.DataSet, cases []costCase, mode string) ([]costCase, error) {
	switch mode {
	case spellsWith:
		return cases, nil
	case spellsWithout, spellsBoth:
	default:
		return nil, &usageError{fmt.Errorf("--spells %q: want with (the default), without or both", mode)}
	}
	var out []costCase
	casters := 0
	for _, c := range cases {
		switch {
		case !isCaster(c.p):
			if mode == spellsWithout {
				out = append(out, c)
			}
		case mode == spellsWithout:
			out = append(out, withoutSpells(c))
			casters++
		default:
			out = append(out, c)
			casters++
		}
	}
	if casters == 0 {
		return nil, &usageError{fmt.Errorf("--spells %s: none of the profiles assessed masters a way and knows spells (casters: %s)", mode, casterIDs(ds))}
	}
	return out, nil
}

// spellWorth is what a caster's spells are worth: its fair cost with them
// minus without, with a 95% interval. Each fair cost's standard error is its
// 95% half-width over 1.96, the two taken as independent (as the report's
// baseline comparison does, costBaseline). Both searches use the same seed,
// so their errors are positively correlated if anything, which makes the
// interval conservative. ok is false when either fair cost is not bounded
// on both sides.
func spellWorth(with, without balance.FairCost) (worth, lo, hi float64, ok bool) {
	if !with.Bounded() || !without.Bounded() || math.IsNaN(with.Cost) || math.IsNaN(without.Cost) {
		return math.NaN(), math.NaN(), math.NaN(), false
	}
	worth = with.Cost - without.Cost
	h := 1.96 * stats.DiffSE(with.HalfWidth(), without.HalfWidth())
	return worth, worth - h, worth + h, true
}

// worthVerdict says whether the spells' worth is significantly positive,
// negative, or neither, or why it is not known.
func worthVerdict(lo, hi float64, ok bool) string {
	switch {
	case !ok:
		return "n/a (a fair cost is not bounded on both sides)"
	case lo > 0:
		return "significant: its spells are worth Krowns"
	case hi < 0:
		return "significant: it does worse casting"
	}
	return "not significant"
}

// spellCostSide is one of a caster's two fair costs in JSON.
type spellCostSide struct {
	FairCost    *float64 `json:"fair_cost_kr"`
	Lo          *float64 `json:"ci95_low"`
	Hi          *float64 `json:"ci95_high"`
	Interval    string   `json:"interval"`
	Verdict     string   `json:"verdict"`
	Trials      int      `json:"trials"`
	NotAssessed string   `json:"not_assessed,omitempty"`
	Search      []string `json:"search"`
}

// spellCostRow is a caster priced with and without its spells, in JSON.
type spellCostRow struct {
	Profile string   `json:"profile"`
	Spells  []string `json:"spells"`
	Loadout string   `json:"loadout"`
	Fielded string   `json:"fielded,omitempty"`
	// CardCost is the Krowns of the loadout fielded, the same both ways.
	CardCost int           `json:"card_cost_kr"`
	Budget   int           `json:"budget_kr"`
	With     spellCostSide `json:"with_spells"`
	Without  spellCostSide `json:"without_spells"`
	// MagicWorth is the fair cost with the spells minus without, with its
	// 95% interval (spellWorth); null when either is not bounded.
	MagicWorth   *float64 `json:"magic_worth_kr"`
	MagicWorthLo *float64 `json:"magic_worth_ci95_low"`
	MagicWorthHi *float64 `json:"magic_worth_ci95_high"`
	Significance string   `json:"magic_worth_verdict"`
	// ComputedWithout is what the fair cost with spells is computed without.
	ComputedWithout []string `json:"computed_without"`
}

// spellSide is the JSON of one assessment.
func spellSide(r costAssessment) spellCostSide {
	fc := r.a.FairCost
	s := spellCostSide{FairCost: finite(fc.Cost), Lo: finite(fc.Lo), Hi: finite(fc.Hi), Interval: intervalKind(fc),
		Verdict: r.a.Verdict.String(), Trials: fc.Trials, NotAssessed: r.notAssessed, Search: r.notes}
	if r.notAssessed != "" {
		s.Verdict = "not assessed"
	}
	if s.Search == nil {
		s.Search = []string{}
	}
	return s
}

// intervalKind says which ends of a fair cost's 95% interval are finite.
func intervalKind(fc balance.FairCost) string {
	switch {
	case fc.UpperOnly():
		return "upper bound only"
	case fc.LowerOnly():
		return "lower bound only"
	case fc.Bounded():
		return "two-sided"
	}
	return "unbounded"
}

// fairText is a fair cost in a table cell: "62.3 [58.1-66.0]", "at most
// 25.0", "not assessed".
func fairText(r costAssessment) string {
	fc := r.a.FairCost
	switch {
	case r.notAssessed != "":
		return "not assessed"
	case fc.UpperOnly():
		return fmt.Sprintf("at most %.1f", fc.Hi)
	case fc.LowerOnly():
		return fmt.Sprintf("at least %.1f", fc.Lo)
	case fc.Bounded():
		return fmt.Sprintf("%.1f [%.1f-%.1f]", fc.Cost, fc.Lo, fc.Hi)
	}
	return "n/a"
}

// assessBothWays assesses each caster of cases with its spells and without
// (withoutSpells), interleaved so that progress moves profile by profile; it
// returns the pairs it finished.
func assessBothWays(r costRun, cases []costCase, progress func(i int, label string, done, target int)) (with, without []costAssessment, interrupted bool, err error) {
	var both []costCase
	for _, c := range cases {
		both = append(both, c, withoutSpells(c))
	}
	var pr func(i int, label string, done, target int)
	if progress != nil {
		pr = func(i int, label string, done, target int) {
			way := "with spells"
			if i%2 == 1 {
				way = "without spells"
			}
			progress(i, label+" "+way, done, target)
		}
	}
	res, interrupted, err := assessCosts(r.ctx, both, r.pool.fs, r.pool.costs, r.f, r.tbl, r.sc, r.variant, pr)
	if err != nil {
		return nil, nil, interrupted, err
	}
	for i := 0; i+1 < len(res); i += 2 {
		with, without = append(with, res[i]), append(without, res[i+1])
	}
	return with, without, interrupted, nil
}

// costRun is what a fair-cost search needs beyond its cases.
type costRun struct {
	ctx     context.Context
	f       *costFlags
	pool    refPool
	tbl     field.Field
	sc      *profiles.Scenario
	variant sim.Variant
}

// spellRows pairs each caster's two assessments into its JSON row.
func spellRows(cases []costCase, with, without []costAssessment) []spellCostRow {
	var rows []spellCostRow
	for i := range with {
		c, w, wo := cases[i], with[i], without[i]
		worth, lo, hi, ok := spellWorth(w.a.FairCost, wo.a.FairCost)
		if w.notAssessed != "" || wo.notAssessed != "" {
			ok = false
		}
		row := spellCostRow{Profile: c.p.ID, Spells: slices.Clone(c.p.Magic.Spells), Loadout: w.loadout, Fielded: c.note, CardCost: c.card,
			Budget: w.budget, With: spellSide(w), Without: spellSide(wo), Significance: worthVerdict(lo, hi, ok), ComputedWithout: c.without}
		if ok {
			row.MagicWorth, row.MagicWorthLo, row.MagicWorthHi = finite(worth), finite(lo), finite(hi)
		}
		if row.ComputedWithout == nil {
			row.ComputedWithout = []string{}
		}
		rows = append(rows, row)
	}
	return rows
}

// worthText is a caster's magic worth in a table cell: "+14.3 [8.9-19.7]".
func worthText(r spellCostRow) string {
	if r.MagicWorth == nil {
		return "n/a"
	}
	return fmt.Sprintf("%+.1f [%+.1f, %+.1f]", *r.MagicWorth, *r.MagicWorthLo, *r.MagicWorthHi)
}

// runCostSpells is kharn cost --spells both: each caster of cases priced with
// its spells and without them (withoutSpells), side by side, with what its
// spells are worth in Krowns and the interval of that difference.
func runCostSpells(cmd *cobra.Command, ds *profiles.DataSet, f *costFlags, cases []costCase, rp refPool, tbl field.Field, sc *profiles.Scenario, variant sim.Variant) error {
	stderr := cmd.ErrOrStderr()
	bar := newBar(stderr, 2*len(cases)*1000, "cost", "‰")
	progress := func(i int, label string, done, target int) {
		if bar != nil && target > 0 {
			bar.Describe(fmt.Sprintf("cost %d/%d %s", i+1, 2*len(cases), label))
			_ = bar.Set(i*1000 + min(1000*done/target, 999))
		}
	}
	with, without, interrupted, err := assessBothWays(costRun{ctx: cmd.Context(), f: f, pool: rp, tbl: tbl, sc: sc, variant: variant}, cases, progress)
	if bar != nil {
		_ = bar.Finish()
	}
	if err != nil {
		return err
	}
	rows := spellRows(cases, with, without)
	out := cmd.OutOrStdout()
	switch {
	case f.json:
		leftOut := []costLeftOut{}
		for _, c := range rp.leftOut {
			leftOut = append(leftOut, costLeftOut{c.p.ID, c.without})
		}
		if rows == nil {
			rows = []spellCostRow{}
		}
		return reports.WriteJSON(out, struct {
			Budget       int            `json:"budget_kr"`
			Pool         []string       `json:"pool"`
			PoolLeftOut  []costLeftOut  `json:"pool_left_out"`
			Scenario     string         `json:"scenario"`
			Rules        string         `json:"rules"`
			Seed         uint64         `json:"seed"`
			Trials       int            `json:"trials"`
			Interrupted  bool           `json:"interrupted"`
			WithoutMeans string         `json:"without_spells_means"`
			WorthMethod  string         `json:"magic_worth_method"`
			Version      string         `json:"version"`
			Casters      []spellCostRow `json:"casters"`
		}{f.budget, rp.ids, leftOut, sc.Name, variant.String(), f.seed, f.trials, interrupted, withoutSpellsMeans, worthMethod, versionString(), rows})
	case f.csv:
		return writeSpellCostCSV(out, rows, f, variant)
	}
	fmt.Fprintf(out, "Fair Krown costs of casters with and without their spells at equal budgets: %d Kr a side (3 times the card cost when more) against a pool of %d profiles (%s), scenario %s\n",
		f.budget, len(rp.fs), strings.Join(rp.ids, ", "), sc.Name)
	fmt.Fprintf(out, "Without its spells: %s.\n", withoutSpellsMeans)
	if t := rp.leftOutText(); t != "" {
		fmt.Fprintln(out, t)
	}
	fmt.Fprintf(out, "Sampled with common random numbers: seed %d, rules %s; data: %s; kharn %s\n", f.seed, variant, ds.Source, versionString())
	tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "profile\tcard Kr\tfair Kr with spells [95%]\tfair Kr without [95%]\tspells worth Kr [95%]\tverdict\tspells")
	for i, r := range rows {
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t%s\t%s\n", r.Profile, r.CardCost, fairText(with[i]), fairText(without[i]),
			worthText(r), r.Significance, strings.Join(r.Spells, ", "))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(out, "Spells worth: %s.\n", worthMethod)
	for i, r := range rows {
		fmt.Fprintf(out, "%s with its spells: %s%s\n", r.Profile, with[i].a, withoutText(r.ComputedWithout))
		fmt.Fprintf(out, "%s without its spells: %s\n", r.Profile, without[i].a)
		if r.Fielded != "" {
			fmt.Fprintf(out, "%s: %s\n", r.Profile, r.Fielded)
		}
		for _, pair := range []struct {
			way string
			a   costAssessment
		}{{"with spells", with[i]}, {"without spells", without[i]}} {
			for _, n := range pair.a.notes {
				fmt.Fprintf(out, "%s (%s): search: %s\n", r.Profile, pair.way, n)
			}
			if pair.a.notAssessed != "" {
				fmt.Fprintf(out, "%s (%s): not assessed: %s\n", r.Profile, pair.way, pair.a.notAssessed)
			}
		}
	}
	if interrupted {
		fmt.Fprintf(stderr, "kharn: interrupted: %d of %d casters assessed both ways\n", len(rows), len(cases))
	}
	return nil
}

// worthMethod says how the spells' worth and its interval are computed.
const worthMethod = "fair cost with spells minus without; 95% interval from the two fair costs' standard errors (95% half-width over 1.96) taken as independent, " +
	"conservative since both searches use the same seed"

// writeSpellCostCSV writes one line per caster, an unknown number as an empty
// cell, each line ending with its provenance columns.
func writeSpellCostCSV(w io.Writer, rows []spellCostRow, f *costFlags, variant sim.Variant) error {
	cw := csv.NewWriter(w)
	num := func(x *float64) string {
		if x == nil {
			return ""
		}
		return reports.CSVNumber(*x, 8)
	}
	_ = cw.Write(append([]string{"profile", "spells", "loadout", "card_cost_kr",
		"fair_with_spells_kr", "with_spells_ci95_low", "with_spells_ci95_high", "with_spells_verdict",
		"fair_without_spells_kr", "without_spells_ci95_low", "without_spells_ci95_high", "without_spells_verdict",
		"magic_worth_kr", "magic_worth_ci95_low", "magic_worth_ci95_high", "magic_worth_verdict", "computed_without"}, reports.ProvenanceKeys...))
	for _, r := range rows {
		prov := reports.Provenance{Seed: f.seed, Trials: r.With.Trials, Rules: variant.String(), Version: versionString()}
		_ = cw.Write(append([]string{r.Profile, strings.Join(r.Spells, "; "), r.Loadout, fmt.Sprint(r.CardCost),
			num(r.With.FairCost), num(r.With.Lo), num(r.With.Hi), r.With.Verdict,
			num(r.Without.FairCost), num(r.Without.Lo), num(r.Without.Hi), r.Without.Verdict,
			num(r.MagicWorth), num(r.MagicWorthLo), num(r.MagicWorthHi), r.Significance, strings.Join(r.ComputedWithout, "; ")}, prov.Values()...))
	}
	cw.Flush()
	return cw.Error()
}
