package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/reports"
	"github.com/kharn-ages/kharn/sim"
)

type reportFlags struct {
	baseline string
	out      string
	seed     uint64
	trials   int
	// pairPrecision stops a pairing of the matchups once both its win rates
	// have a 95% half-width below it (0: every pairing plays trials fights).
	pairPrecision float64
	workers       int
	distance      float64
	reference     string
	loadouts      string
	// costTrials and budget set the fair-cost analysis (kharn cost): trials of
	// its narrow stage per profile (0 leaves the analysis out) and Krowns a side.
	costTrials int
	budget     int
	// resume reads the analyses a previous run of the same settings finished
	// from the checkpoints in out instead of running them again.
	resume bool
	// shard, "I/N" or "auto/N", runs only shard I of N of the work units and
	// writes a shard file to out for kharn merge (report_shard.go).
	shard string
}

func reportCommand(g *globals) *cobra.Command {
	f := &reportFlags{}
	c := &cobra.Command{
		Use:   "report",
		Short: "Write a release balance report: HTML, Markdown, CSV and JSON",
		Long: `report runs the balance analyses on a data set (--data, default the embedded one)
and writes them to --out: report.html (one self-contained page, plots embedded, no
network needed), report.md with its plots in figures/, one CSV file per table in
tables/, and report.json with every table.

Sections: a summary of the flagged profiles and loadouts (the criteria are
explained in the page); per faction, each profile's cost, level, duel win rate
against the data set's other profiles (95% Wilson interval) and against those of
comparable cost, and its best exact expected damage per AP against a reference
defender; the profile x profile matchup heat map; each profile's fair Krown cost
at equal budgets with its 95% interval and verdict, ranked per faction, with the
win rate against cost plot of each faction (kharn cost; --cost-trials 0 leaves it
out); the loadout comparisons of kharn compare for every profile; with --baseline, what changed between two
releases of the data and which win rates and fair costs moved significantly; the method (seed,
trials, rules variant, version, skills not modelled).

Every duel is played with the same seed (common random numbers) and the result
does not depend on --workers. Ctrl-C writes what was computed so far, marked
partial; an analysis that fails is reported in its section, the others are
written, and the exit code is 1. Each analysis finished is kept in
--out/checkpoint/ as soon as it finishes: --resume (with the same data and
flags) reads those back and runs only the rest, giving the same files as an
uninterrupted run. --out is checked before any work; files of an earlier run
in its tables/ and figures/ that this run did not write are removed.

--shard I/N runs only shard I (0 to N-1) of N of the work units (duel pairings,
each profile's fair-cost search) and writes --out/shard-IIII-of-NNNN.json; kharn
merge turns the N files into this report, byte for byte (docs/scale-out.md).`,
		Example: `  kharn report
  kharn report --baseline old-release/ --out release-report
  kharn --data my-cards report --trials 1000 --loadouts none
  kharn report --out release-report --resume   # after Ctrl-C or a failure
  kharn report --shard auto/50 --out shards     # one task of a Slurm array or Indexed Job`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runReport(cmd, g, f) },
	}
	fl := c.Flags()
	fl.StringVar(&f.baseline, "baseline", "", "a previous release of the data (files or a directory, read as --data) to compare against")
	fl.StringVar(&f.out, "out", "kharn-report", "directory to write the report to")
	fl.Uint64Var(&f.seed, "seed", 1, "random seed (the same for every duel)")
	fl.IntVar(&f.trials, "trials", 4096, "fights per pairing of duellists (at most, with --pair-precision)")
	fl.Float64Var(&f.pairPrecision, "pair-precision", defaultPairPrecision, fmt.Sprintf("stop a pairing of the matchups once both its win rates have a 95%% Wilson half-width below this, checked every %d fights (0: every pairing plays --trials)", pairChunk))
	fl.IntVar(&f.workers, "workers", 0, "worker goroutines (0: one per CPU); results do not depend on it")
	fl.Float64Var(&f.distance, "distance", sim.DeploymentGap(sim.Variant{}), distanceHelp)
	fl.StringVar(&f.reference, "reference", "", "reference defender of the exact damage per AP (default: the profile of median cost)")
	fl.IntVar(&f.costTrials, "cost-trials", 200, "trials per profile of the fair-cost search's narrow stage (its wide stage plays half as many); 0 leaves the analysis out")
	fl.IntVar(&f.budget, "budget", 300, "Krowns a side in the fair-cost battles")
	fl.StringVar(&f.shard, "shard", "", "I/N: run only shard I (0 to N-1) of N of the report's work units and write a shard file to --out for kharn merge; auto/N reads I from SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX (docs/scale-out.md)")
	fl.BoolVar(&f.resume, "resume", false, "keep the analyses an interrupted or failed run of the same data and flags finished (--out/checkpoint/) and run the rest")
	fl.StringVar(&f.loadouts, "loadouts", "nearest", "opponents of the loadout comparisons: nearest (the 2 profiles of other factions nearest in cost), level (the other profiles of the same level), all, a faction, profile ids, or none")
	return c
}

// reportRun is the state the analyses of a report share: inputs, and results
// that later analyses and the summary read.
type reportRun struct {
	ctx      context.Context
	stderr   io.Writer
	ds, base *profiles.DataSet
	variant  sim.Variant
	f        *reportFlags
	cfg      matchConfig
	ref      *profiles.Profile

	current, baseline *matrix
	// casterCosts are the fair costs of the casters without their spells
	// when assessDataSet searched them beside the others (nil otherwise).
	casterCosts []costAssessment
	// flags are the findings of the analyses, shown in the summary.
	flags       []finding
	notModelled map[string]bool
	partial     bool
	// played holds the matchups' results when this run played them
	// (playMatrix), for the loadouts' pairings with the same duellists.
	played map[duelKey]matchResult
	// failed are the analyses that failed (an error or a panic), each with
	// its error.
	failed []string
}

// finding is one flagged item of the summary: the section, the profile, what
// flagged it (its kind, counted in the summary's headline: "strong",
// "over-costed", "no verdict"...) and the sentence that says why.
type finding struct {
	section, subject, kind, what string
}

// flag records a finding of a kind for the summary.
func (r *reportRun) flag(section, subject, kind, format string, args ...any) {
	r.flags = append(r.flags, finding{section, subject, kind, fmt.Sprintf(format, args...)})
}

// analysis is one step of a report: a name for the progress display, a title for
// its place in a report interrupted before it ran, the number
// of steps it will take (duel matchups, say), and a function that computes its
// sections, calling step once per step done. It may record findings with
// reportRun.flag and skills not modelled in reportRun.notModelled, and must
// return what it has, marked partial, when r.ctx is cancelled.
type analysis struct {
	name, title string
	unit        string // what a step is, for the progress display
	steps       func(r *reportRun) int
	// units are the work units of --shard the analysis's steps are made of
	// (report_shard.go): duel pairings played through playMatchups, or the
	// profiles of the fair-cost search.
	units func(r *reportRun) []unitGroup
	run   func(r *reportRun, step func()) ([]*reports.Section, error)
}

// afterAnalysis, when set (by tests), is called after each analysis has run.
var afterAnalysis func(name string)

// reportAnalyses lists the analyses of kharn report, in the order of their
// sections; the summary comes first and the method last. A new analysis is one
// more entry here: its sections follow the ones before it, its findings join the
// summary.
//
// It is a variable so that tests can make an analysis fail.
var reportAnalyses = func() []analysis {
	return []analysis{
		{name: "matchups", title: "Profiles by faction and matchups", unit: "duel matchups", steps: matrixSteps, units: pairingUnits("matchups", matrixSteps), run: profileSections},
		{name: "costs", title: "Cost efficiency and fair costs", unit: "profiles", steps: costSteps, units: costUnits, run: costSections},
		{name: "loadouts", title: "Loadout comparisons", unit: "duel matchups", steps: loadoutSteps, units: pairingUnits("loadouts", loadoutSteps), run: loadoutSections},
		{name: "baseline", title: "Changes since the baseline", unit: "duel matchups", steps: baselineSteps, units: pairingUnits("baseline", baselineSteps), run: baselineSections},
	}
}

func runReport(cmd *cobra.Command, g *globals, f *reportFlags) error {
	if f.out == "" {
		return &usageError{errors.New("--out must name a directory")}
	}
	var spec shardSpec
	if f.shard != "" {
		var err error
		if spec, err = parseShard(f.shard, os.Getenv); err != nil {
			return &usageError{fmt.Errorf("--shard: %w", err)}
		}
	}
	ds, variant, err := g.loadWithRules()
	if err != nil {
		return err
	}
	defaultDistance(cmd, &f.distance, variant)
	r, err := newReportRun(cmd, ds, variant, f)
	if err != nil {
		return err
	}
	if f.shard != "" {
		return runShard(cmd, g, r, spec)
	}
	if err := prepareOut(f.out, r.key(), f.resume); err != nil {
		return err
	}
	return writeReport(cmd, r)
}

// newReportRun checks the settings of a report on ds and returns its run.
func newReportRun(cmd *cobra.Command, ds *profiles.DataSet, variant sim.Variant, f *reportFlags) (*reportRun, error) {
	if len(ds.Profiles) < 2 {
		return nil, fmt.Errorf("data %s: a report needs at least two profiles, got %d", ds.Source, len(ds.Profiles))
	}
	var err error
	r := &reportRun{ctx: cmd.Context(), stderr: cmd.ErrOrStderr(), ds: ds, variant: variant, f: f,
		cfg:         matchConfig{trials: f.trials, seed: f.seed, workers: f.workers, distance: f.distance, variant: variant, tables: &sim.Tables{}},
		notModelled: map[string]bool{}}
	if r.ref, err = referenceDefender(ds, f.reference); err != nil {
		return nil, err
	}
	if f.baseline != "" {
		if r.base, err = loadData([]string{f.baseline}); err != nil {
			return nil, fmt.Errorf("--baseline: %w", err)
		}
	}
	if f.loadouts != "nearest" && f.loadouts != "level" && f.loadouts != "none" {
		if _, err := pool(ds, f.loadouts); err != nil {
			return nil, &usageError{fmt.Errorf("--loadouts: %w", err)}
		}
	}
	return r, nil
}

// writeReport runs the analyses of r (or reads them back: checkpoints with
// --resume, shard files in kharn merge) and writes the report to r.f.out,
// which prepareOut has checked.
func writeReport(cmd *cobra.Command, r *reportRun) error {
	f, ds, variant := r.f, r.ds, r.variant
	doc := &reports.Document{
		Title: "Khârn-Âges balance report",
		Subtitle: fmt.Sprintf("Data: %s (%s, %s); rules %s; seed %d; %s; kharn %s.",
			ds.Source, reports.Count(len(ds.Profiles), "profile"), reports.Count(len(ds.Equipment), "equipment item"), variant, f.seed, r.fightsText(), versionString()),
		Provenance: reports.Provenance{Seed: f.seed, Trials: f.trials, Rules: variant.String(), Version: versionString()},
	}
	var sections []*reports.Section
	all := reportAnalyses()
	timer := newStageTimer(r.stderr)
	for i, a := range all {
		n := a.steps(r)
		if n == 0 {
			continue
		}
		if f.resume {
			ss, ok, err := r.loadCheckpoint(i, a.name)
			if err != nil {
				return &usageError{fmt.Errorf("--resume: %w", err)}
			}
			if ok {
				fmt.Fprintf(r.stderr, "kharn report: [%d/%d] %s: done by an earlier run, read from %s\n", i+1, len(all), a.name, checkpointPath(f.out, i, a.name))
				sections = append(sections, ss...)
				continue
			}
		}
		if r.ctx.Err() != nil {
			r.partial = true
			sections = append(sections, (&reports.Section{ID: a.name, Title: a.title + " (not run)"}).Add(
				reports.Paragraph("The run was interrupted before this analysis started. kharn report --resume, with the same --out and flags, runs it and keeps the analyses done.")))
			continue
		}
		fmt.Fprintf(r.stderr, "kharn report: [%d/%d] %s: %d %s\n", i+1, len(all), a.name, n, a.unit)
		bar := newBar(r.stderr, n, a.name, a.unit)
		step := func() {}
		if bar != nil {
			step = func() { _ = bar.Add(1) }
		}
		nflags, cur, base, wasPartial := len(r.flags), r.current, r.baseline, r.partial
		r.partial = false
		r.cfg.units.start(a.name)
		var ss []*reports.Section
		var err error
		withStage(r.ctx, a.name, func() { ss, err = runAnalysis(r, a, step) })
		timer.lap(a.name)
		if bar != nil {
			_ = bar.Finish()
		}
		// Finished in full: not marked partial, no error, and not cancelled
		// meanwhile (a step skipped on cancellation need not mark it partial).
		done := !r.partial && err == nil && r.ctx.Err() == nil
		r.partial = r.partial || wasPartial
		if err != nil {
			// A failure discards this analysis only: its findings go, its
			// section says what failed, and the others are written.
			r.flags = r.flags[:nflags]
			r.current, r.baseline = cur, base
			r.failed = append(r.failed, fmt.Sprintf("%s: %v", a.name, err))
			fmt.Fprintf(r.stderr, "kharn report: %s failed: %v\n", a.name, err)
			sections = append(sections, (&reports.Section{ID: a.name, Title: a.title + " (failed)"}).Add(
				reports.Paragraph(fmt.Sprintf("This analysis failed: %v. The other sections are complete. "+
					"kharn report --resume, with the same --out and flags, runs it again and keeps the analyses done.", err))))
		} else {
			sections = append(sections, ss...)
		}
		if done {
			var nc, nb *matrix
			if r.current != cur {
				nc = r.current
			}
			if r.baseline != base {
				nb = r.baseline
			}
			if err := r.saveCheckpoint(i, a.name, ss, r.flags[nflags:], sortedKeys(r.notModelled), nc, nb); err != nil {
				fmt.Fprintf(r.stderr, "kharn report: %s: checkpoint not written (--resume will run it again): %v\n", a.name, err)
			}
		}
		if afterAnalysis != nil {
			afterAnalysis(a.name)
		}
	}
	// No section writer reads the run's option tables, the bulk of its memory
	// at catalogue scale (docs/benchmarks.md): they go before the page, its
	// plots and the files are made.
	r.cfg.tables = nil
	if r.ctx.Err() != nil {
		r.partial = true
	}
	doc.Partial = r.partial
	if r.partial {
		doc.Warnings = append(doc.Warnings, "interrupted: the figures cover the duels played before the run stopped; pairings not played show as n/a.")
	}
	for _, e := range r.failed {
		doc.Warnings = append(doc.Warnings, "analysis failed: "+e+"; its section says so, the other sections are complete.")
	}
	if strings.Contains(ds.Source, "embedded") {
		doc.Warnings = append(doc.Warnings, "the embedded default data set is illustrative, written for this project: its values are not official card values.")
	}
	doc.Sections = append(doc.Sections, summarySection(r, sections))
	doc.Sections = append(doc.Sections, sections...)
	doc.Sections = append(doc.Sections, methodSection(r))
	var written []string
	var err error
	withStage(r.ctx, "files", func() { written, err = doc.WriteFiles(f.out) })
	timer.lap("files")
	if err != nil {
		return err
	}
	out := cmd.OutOrStdout()
	status := ""
	if r.partial {
		status = " (PARTIAL: interrupted)"
	}
	fmt.Fprintf(out, "Report written to %s%s:\n", f.out, status)
	var csvs, figs int
	for _, p := range written {
		rel, _ := filepath.Rel(f.out, p)
		switch {
		case strings.HasPrefix(rel, reports.TablesDir+string(filepath.Separator)):
			csvs++
		case strings.HasPrefix(rel, reports.FiguresDir+string(filepath.Separator)):
			figs++
		default:
			fmt.Fprintf(out, "  %s\n", p)
		}
	}
	fmt.Fprintf(out, "  %s: %d CSV files, one per table\n", filepath.Join(f.out, reports.TablesDir), csvs)
	fmt.Fprintf(out, "  %s: %d plot files for the Markdown page\n", filepath.Join(f.out, reports.FiguresDir), figs)
	fmt.Fprintf(out, "  %s: the checkpoints of the analyses finished (kharn report --resume)\n", filepath.Join(f.out, checkpointDir))
	removed, err := removeStale(f.out, written)
	if len(removed) > 0 {
		var names []string
		for _, p := range removed {
			rel, _ := filepath.Rel(f.out, p)
			names = append(names, rel)
		}
		fmt.Fprintf(out, "  removed %s of an earlier run that this run did not write: %s\n", reports.Count(len(removed), "file"), strings.Join(names, ", "))
	}
	if err != nil {
		return fmt.Errorf("report: removing the files of an earlier run: %w", err)
	}
	if r.partial {
		fmt.Fprintln(r.stderr, "kharn: interrupted: the report covers the duels played so far; kharn report --resume with the same --out and flags goes on from there")
	}
	if len(r.failed) > 0 {
		return fmt.Errorf("report: %s failed (%s); the report in %s holds the other analyses; kharn report --resume with the same flags runs the failed ones again",
			reports.Count(len(r.failed), "analysis"), strings.Join(r.failed, "; "), f.out)
	}
	return nil
}

// runAnalysis runs a, turning a panic into an error (its stack goes to
// standard error) so that one analysis cannot take the others down.
func runAnalysis(r *reportRun, a analysis, step func()) (ss []*reports.Section, err error) {
	defer func() {
		if p := recover(); p != nil {
			fmt.Fprintf(r.stderr, "kharn report: %s panicked: %v\n%s", a.name, p, debug.Stack())
			ss, err = nil, fmt.Errorf("panic: %v", p)
		}
	}()
	return a.run(r, step)
}

// sortedKeys returns the keys of m, sorted.
func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// referenceDefender returns the profile named by id, or the profile of median
// cost of ds (the lower of the two middle ones, by cost then id).
func referenceDefender(ds *profiles.DataSet, id string) (*profiles.Profile, error) {
	if id != "" {
		p, err := ds.Profile(id)
		if err != nil {
			return nil, &usageError{fmt.Errorf("--reference: %w", err)}
		}
		return p, nil
	}
	ps := append([]*profiles.Profile(nil), ds.Profiles...)
	sort.Slice(ps, func(i, j int) bool {
		if ps[i].Cost != ps[j].Cost {
			return ps[i].Cost < ps[j].Cost
		}
		return ps[i].ID < ps[j].ID
	})
	return ps[(len(ps)-1)/2], nil
}

// Criteria of the summary, explained in the page.
const (
	// comparableLo and comparableHi bound the cost ratio of an opponent of
	// comparable cost: within 25% either way (1/1.25 = 0.8).
	comparableLo, comparableHi = 0.8, 1.25
	// farLo and farHi bound a win rate close enough to 50% at comparable cost: a
	// profile is flagged when its whole 95% interval lies outside them.
	farLo, farHi = 0.35, 0.65
	// alpha is the level of the significance tests (two-sided).
	alpha = 0.05
)

// headline counts the findings of each kind, and the profiles whose fair cost
// is plainly fair (the verdict cells "fair" of the fair-cost tables among
// sections), in one sentence per analysis that ran.
func headline(r *reportRun, sections []*reports.Section) string {
	kinds := map[string]int{}
	for _, f := range r.flags {
		kinds[f.kind]++
	}
	fair, costRows, loadoutTables := 0, 0, 0
	for _, s := range sections {
		for _, b := range s.Blocks {
			t, ok := b.(*reports.DataTable)
			if !ok {
				continue
			}
			if strings.HasPrefix(t.ID, "loadouts-") {
				loadoutTables++
			}
			if !strings.HasPrefix(t.ID, "costs-") || t.ID == "costs-baseline" {
				continue
			}
			for _, row := range t.Rows {
				costRows++
				for i, c := range t.Columns {
					if c.Key == "verdict" && row[i].Text == "fair" {
						fair++
					}
				}
			}
		}
	}
	var out []string
	out = append(out, fmt.Sprintf("%s in the data set.", reports.Count(len(r.ds.Profiles), "profile")))
	if r.current != nil {
		out = append(out, fmt.Sprintf("Duels at comparable cost: %d strong, %d weak (their whole 95%% interval outside %.0f%%-%.0f%%).",
			kinds["strong"], kinds["weak"], 100*farLo, 100*farHi))
	}
	if costRows > 0 {
		parts := []string{fmt.Sprintf("%d fair", fair)}
		parts = append(parts, fmt.Sprintf("%d over-costed", kinds["over-costed"]), fmt.Sprintf("%d under-costed", kinds["under-costed"]),
			fmt.Sprintf("%d with no verdict", kinds["no verdict"]))
		// Verdicts other than these (written by kharn cost's search) are counted too.
		var other []string
		for k := range kinds {
			switch k {
			case "strong", "weak", "over-costed", "under-costed", "no verdict", "dominated card loadout", "moved", "fair cost moved":
			default:
				other = append(other, k)
			}
		}
		sort.Strings(other)
		for _, k := range other {
			parts = append(parts, fmt.Sprintf("%d %s", kinds[k], k))
		}
		out = append(out, fmt.Sprintf("Fair costs of %s: %s.", reports.Count(costRows, "profile"), strings.Join(parts, ", ")))
	}
	if loadoutTables > 0 {
		out = append(out, fmt.Sprintf("Loadouts of %s compared: %d %s beaten by a loadout costing no more.",
			reports.Count(loadoutTables, "profile"), kinds["dominated card loadout"], reports.Plural(kinds["dominated card loadout"], "card loadout")))
	}
	if r.baseline != nil {
		out = append(out, fmt.Sprintf("Since the baseline: %d %s and %d fair %s moved significantly.",
			kinds["moved"], reports.Plural(kinds["moved"], "win rate"), kinds["fair cost moved"], reports.Plural(kinds["fair cost moved"], "cost")))
	}
	return strings.Join(out, " ")
}

func summarySection(r *reportRun, sections []*reports.Section) *reports.Section {
	s := &reports.Section{ID: "summary", Title: "Summary"}
	s.Add(reports.Paragraph(headline(r, sections)))
	s.Add(reports.Paragraph(fmt.Sprintf("Flagged items, with the criterion that flagged each. A profile is flagged when its duel win rate "+
		"against the profiles of comparable cost (cost ratio between %.2f and %.2f, any faction, itself excluded) has a 95%% Wilson interval "+
		"entirely below %.0f%% or entirely above %.0f%%: at equal cost a balanced profile should win about half its duels. "+
		"A card's loadout is flagged when another legal loadout of the same profile costs no more and wins significantly more often "+
		"(two-proportion z-test, two-sided, level %.2f). Duels are one Safar against one, engaged after walking from %.1f toises: "+
		"they leave out support, scenarios, shooting lanes and the skills listed as not modelled, so a flag asks for a look, not for a new cost. "+
		"A profile's fair cost is listed unless its card cost lies inside the 95%% interval of its fair cost: over- and under-costed profiles, "+
		"and those the search gave no verdict for, with the reason.",
		comparableLo, comparableHi, 100*farLo, 100*farHi, alpha, r.f.distance)))
	s.Add(reports.Paragraph("The duels behind these findings: " + r.sampledCaption() + "; the intervals are 95% Wilson intervals."))
	for _, p := range modelledParagraphs(r.ds) {
		s.Add(reports.Paragraph(p))
	}
	if r.baseline != nil {
		s.Add(reports.Paragraph("With a baseline, a profile is also flagged when its win rate moved significantly between the two releases (see the baseline section for the test)."))
	}
	t := &reports.DataTable{ID: "summary-flags", Caption: "Flagged profiles and loadouts",
		Columns: []reports.Column{{Name: "section", Key: "section"}, {Name: "profile", Key: "profile"}, {Name: "flag", Key: "flag"}, {Name: "finding", Key: "finding"}}}
	for _, f := range r.flags {
		t.Rows = append(t.Rows, []reports.Cell{reports.TextCell(f.section), reports.TextCell(f.subject), reports.TextCell(f.kind), reports.TextCell(f.what)})
	}
	if len(t.Rows) == 0 {
		s.Add(reports.Paragraph("Nothing is flagged by these criteria."))
	}
	s.Add(t)
	if r.partial {
		s.Add(reports.Paragraph("This report is partial: the analyses were interrupted, and items not reached could not be flagged."))
	}
	return s
}

func methodSection(r *reportRun) *reports.Section {
	s := &reports.Section{ID: "method", Title: "Method"}
	facts := reports.Facts{
		{Name: "toolkit version", Value: "kharn " + versionString()},
		{Name: "data set", Value: fmt.Sprintf("%s: %s, %s, factions %s", r.ds.Source, reports.Count(len(r.ds.Profiles), "profile"), reports.Count(len(r.ds.Equipment), "equipment item"), strings.Join(r.ds.Factions(), ", "))},
	}
	if r.base != nil {
		facts = append(facts, reports.Fact{Name: "baseline data set", Value: fmt.Sprintf("%s: %s, %s", r.base.Source, reports.Count(len(r.base.Profiles), "profile"), reports.Count(len(r.base.Equipment), "equipment item"))})
	}
	facts = append(facts,
		reports.Fact{Name: "rules variant", Value: r.variant.String()},
		reports.Fact{Name: "seed", Value: fmt.Sprint(r.f.seed)},
		reports.Fact{Name: "fights per pairing", Value: fmt.Sprint(r.f.trials)},
		reports.Fact{Name: "pairing precision", Value: r.pairPrecisionText()},
		reports.Fact{Name: "fair costs", Value: r.costMethod()},
		reports.Fact{Name: "duel start", Value: fmt.Sprintf("%.1f toises apart; round limit %d (R16), a fight reaching it is a draw", r.f.distance, profiles.DefaultRounds)},
		reports.Fact{Name: "policies", Value: "default on both sides (decisions from the exact engine's expected values)"},
		reports.Fact{Name: "equipment", Value: "the card's equipment (with its cheapest legal weapon when the card holds none, as a list fields it), except in the loadout comparisons"},
		reports.Fact{Name: "reference defender", Value: fmt.Sprintf("%s (%s, level %d, %d Kr)", r.ref.ID, r.ref.Faction, r.ref.Level, r.ref.Cost)},
		reports.Fact{Name: "loadout opponents", Value: r.f.loadouts},
		reports.Fact{Name: "partial", Value: fmt.Sprint(r.partial)},
	)
	if len(r.failed) > 0 {
		facts = append(facts, reports.Fact{Name: "failed analyses", Value: strings.Join(r.failed, "; ")})
	}
	s.Add(facts)
	s.Add(reports.Paragraph("Sampled figures: every pairing of duellists plays with the same seed (common random numbers), " +
		"each chunk of fights drawing from its own PCG seeded from (seed, chunk index), so a figure is the same for any number of workers. " +
		r.pairPrecisionMethod() +
		"Rates carry 95% Wilson score intervals; a rate pooled over several opponents that played the same number of fights counts every fight, " +
		"a stratified sample: the Wilson interval is then slightly conservative. Draws (round limit) count as not won. " +
		"Exact figures (expected damage per AP) come from the exact exchange engine: the best legal attack of the attacker, with any of its weapons, " +
		"against the defender's best response with all its AP."))
	s.Add(reports.Paragraph(fmt.Sprintf("Significance: two proportions differ significantly when the pooled two-proportion z statistic exceeds the critical value "+
		"of a two-sided test at level %.2f (1.96), Bonferroni-corrected for the number of profiles compared when comparing two releases. "+
		"Samples drawn with the same seed are positively correlated, which makes the test conservative. "+
		"The normal quantiles come from gonum's distuv.", alpha)))
	var nm []string
	for n := range r.notModelled {
		nm = append(nm, n)
	}
	sort.Strings(nm)
	if len(nm) == 0 {
		nm = []string{"none"}
	}
	s.Add(&reports.ItemList{Title: "Skills of the profiles that the duels and battles do not model (as the simulator reports them)", Items: nm})
	return s
}
