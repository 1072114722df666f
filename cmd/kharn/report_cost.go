package main

import (
	"fmt"
	"math"
	"strings"

	"github.com/kharn-ages/kharn/balance"
	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/reports"
	"github.com/kharn-ages/kharn/sim"
	"github.com/kharn-ages/kharn/stats"
)

// costSteps is one step per profile with a positive cost, and one per caster
// (its fair cost without its spells, casterSpellsTable).
func costSteps(r *reportRun) int {
	if r.f.costTrials <= 0 {
		return 0
	}
	cases, _ := costCases(r.ds, sortedProfiles(r.ds)) // an error stops the analysis itself
	return len(cases) + casterCostSteps(r)
}

// reportCostFlags are the kharn cost settings of the report.
func (r *reportRun) costFlags() *costFlags {
	return &costFlags{first: max(r.f.costTrials/2, 50), trials: r.f.costTrials, budget: r.f.budget,
		maxTrials: r.f.costTrials, seed: r.f.seed, workers: r.f.workers, tables: r.cfg.tables, units: r.cfg.units}
}

// costCaption says how the fair costs were sampled.
func (r *reportRun) costCaption() string {
	f := r.costFlags()
	return fmt.Sprintf("sampled: %d + %d trials per profile (wide, then narrow grid of costs), every cost with the same random numbers, seed %d, rules %s, %d Kr a side (3 times the card cost when more), open ground",
		f.first, f.trials, f.seed, r.variant, f.budget)
}

// costProvenance is the provenance of the fair-cost tables: their trials are
// the narrow stage's per profile.
func (r *reportRun) costProvenance() reports.Provenance {
	return reports.Provenance{Seed: r.f.seed, Trials: r.f.costTrials, Rules: r.variant.String(), Version: versionString()}
}

// costMethod says how the fair costs were computed, or that they were not.
func (r *reportRun) costMethod() string {
	if r.f.costTrials <= 0 {
		return "not computed (--cost-trials 0)"
	}
	return r.costCaption() + "; the default side policy on both sides"
}

// assessDataSet runs the fair-cost search of every profile of ds, as a list
// fields it, against the fully modelled profiles of ds as the reference pool
// (costPool); rp is that pool, with the profiles left out of it.
func assessDataSet(r *reportRun, ds *profiles.DataSet, group string, step func()) (res []costAssessment, rp refPool, interrupted bool, err error) {
	sc, tbl, err := loadTable("open-ground")
	if err != nil {
		return nil, rp, false, err
	}
	cases, err := costCases(ds, sortedProfiles(ds))
	if err != nil {
		return nil, rp, false, err
	}
	rp, err = costPool(ds, "", false)
	if err != nil {
		return nil, rp, false, err
	}
	pool, poolCosts := rp.fs, rp.costs
	last := -1
	progress := func(i int, _ string, _, _ int) {
		for ; last < i-1; last++ {
			step()
		}
	}
	cf := r.costFlags()
	cf.group = group
	// The casters' fair costs without their spells (casterSpellsTable) search
	// beside these, on the same workers: one after the other, the tail of each
	// left a core idle while its last profile finished (docs/benchmarks.md,
	// "Seventh round"). A shard or a merge keeps its order of units.
	var wo []costCase
	if group == costGroup && ds == r.ds && r.cfg.units == nil {
		if cc, err := costCases(ds, reportCasters(ds)); err == nil {
			for _, c := range cc {
				wo = append(wo, withoutSpells(c))
			}
		}
	}
	res, interrupted, err = assessCosts(r.ctx, append(cases[:len(cases):len(cases)], wo...), pool, poolCosts, cf, tbl, sc, r.variant, progress)
	for ; last < len(res)-1; last++ {
		step()
	}
	if len(wo) > 0 && err == nil {
		res, r.casterCosts, interrupted = splitCasterCosts(res, len(cases))
	}
	var all []*sim.Fighter
	for _, c := range cases {
		all = append(all, c.f)
	}
	for _, n := range (&sim.Skirmish{Sides: [2]sim.Spearhead{{Safars: all}}}).NotModelled() {
		r.notModelled[n] = true
	}
	return res, rp, interrupted, err
}

// costSections writes the cost efficiency of every profile: its fair cost at
// equal budgets with the interval, the verdict, a ranking per faction and the
// win rate against cost plot of each faction; over- and under-costed profiles
// go to the summary. With a baseline, the fair costs of both releases.
func costSections(r *reportRun, step func()) ([]*reports.Section, error) {
	s := &reports.Section{ID: "costs", Title: "Cost efficiency and fair costs"}
	res, rp, interrupted, err := assessDataSet(r, r.ds, costGroup, step)
	if err != nil {
		return nil, err
	}
	s.Add(reports.Paragraph(fmt.Sprintf("For each profile, battles at equal budgets (kharn cost): copies of the profile recruited at a trial cost "+
		"against copies of an opponent drawn from the fully modelled profiles of the data set (%d of %d: %s), each side fielding as many Safars as %d Kr buy, or 3 times the card cost "+
		"when that is more (a fractional number rounded at random). The fair cost is where the fitted win rate (draws count half) crosses 50%%, with its 95%% interval "+
		"(a binomial fit of the logit on cost, clustered by trial; docs/cost.md). A card cost above the interval is over-costed, below it "+
		"under-costed: both are flagged in the summary. Fair/card above 1: the profile gives more than it costs. "+
		"A profile whose card holds no weapon is assessed as a list fields it, with its cheapest legal weapon added to its card cost (column \"loadout\"). "+
		"A verdict on a partly modelled profile (a skill the engine does not play; a spellcaster, magic not being played in fights) is computed without it "+
		"(column \"computed without\"), and its summary flag says so. %s.",
		len(rp.fs), rp.of, poolLeftOutText(rp), r.f.budget, r.costCaption())))
	if interrupted {
		r.partial = true
	}
	byFaction := map[string][]costAssessment{}
	var factions []string
	faction := map[string]string{}
	for _, p := range r.ds.Profiles {
		faction[p.ID] = p.Faction
	}
	for _, a := range res {
		f := faction[a.a.Label]
		if _, ok := byFaction[f]; !ok {
			factions = append(factions, f)
		}
		byFaction[f] = append(byFaction[f], a)
		// Every profile without a plain "fair" goes to the summary: over- and
		// under-costed ones, those the search gave no verdict for, and those
		// that could not be assessed.
		switch {
		case a.notAssessed != "":
			r.flag("costs", a.a.Label, "not assessed", "not assessed: %s%s", a.notAssessed, withoutText(a.without))
		case a.a.Verdict != balance.Fair:
			r.flag("costs", a.a.Label, a.a.Verdict.String(), "%s%s", a.a.String(), withoutText(a.without))
		}
	}
	for _, f := range factions {
		as := byFaction[f]
		var list []balance.Assessment
		var lines []reports.CostLine
		for _, a := range as {
			if a.notAssessed == "" {
				list = append(list, a.a)
			}
			if a.curve == nil {
				continue
			}
			c := a.curve
			if c.Coarse != nil {
				c = c.Coarse
			}
			lines = append(lines, reports.NewCostLine(a.a.Label, c, a.a.CardCost))
		}
		balance.Rank(list)
		t := costTable(f, list, as)
		t.Provenance = r.costProvenance()
		s.Add(t)
		if len(lines) == 0 {
			continue
		}
		title := fmt.Sprintf("%s: win rate at equal budgets (%d Kr, or 3x the card) against cost", f, r.f.budget)
		png, err := reports.CostPlotImage("png", title, lines)
		if err != nil {
			return nil, err
		}
		svg, err := reports.CostPlotImage("svg", title, lines)
		if err != nil {
			return nil, err
		}
		s.Add(&reports.Figure{ID: "cost-" + f, Caption: title + " (wide grid, 95% bands; triangles: card costs); " + r.costCaption() + ".", PNG: png, SVG: svg})
	}
	if !interrupted {
		t, stopped, err := casterSpellsTable(r, res, step)
		if err != nil {
			return nil, err
		}
		if t != nil {
			s.Add(t)
		}
		if stopped {
			r.partial, interrupted = true, true
		}
	}
	if r.base == nil || interrupted {
		return []*reports.Section{s}, nil
	}
	b, err := costBaseline(r, res, step)
	if err != nil {
		return nil, err
	}
	return []*reports.Section{s, b}, nil
}

// poolLeftOutText says which profiles the reference pool left out and why,
// for the report's paragraph: "none left out" when none.
func poolLeftOutText(rp refPool) string {
	if len(rp.leftOut) == 0 {
		return "none left out"
	}
	var parts []string
	for _, c := range rp.leftOut {
		parts = append(parts, fmt.Sprintf("%s without %s", c.p.ID, strings.Join(c.without, ", ")))
	}
	return fmt.Sprintf("%s left out, partly modelled: %s", reports.Count(len(rp.leftOut), "profile"), strings.Join(parts, "; "))
}

// costTable is the ranking of one faction's profiles by fair cost per card
// Krown, the profiles not assessed last with the reason in the verdict cell;
// res gives the search notes and reasons of each profile.
func costTable(faction string, as []balance.Assessment, res []costAssessment) *reports.DataTable {
	t := &reports.DataTable{ID: "costs-" + faction, Caption: "Fair costs: " + faction + ", ranked by fair cost per card Krown",
		Columns: []reports.Column{
			{Name: "profile", Key: "profile"}, {Name: "loadout", Key: "loadout"}, {Name: "card Kr", Key: "card_cost_kr"}, {Name: "fair Kr", Key: "fair_cost_kr"},
			{Name: "95% low", Key: "fair_ci95_low"}, {Name: "95% high", Key: "fair_ci95_high"}, {Name: "verdict", Key: "verdict"},
			{Name: "computed without", Key: "computed_without"},
			{Name: "fair/card", Key: "fair_per_card"}, {Name: "win rate at card cost", Key: "win_rate_at_card"},
			{Name: "95% low", Key: "win_rate_at_card_ci95_low"}, {Name: "95% high", Key: "win_rate_at_card_ci95_high"},
			{Name: "trials fitted", Key: "fit_trials"},
		}}
	// n/a (an unbounded end, no estimate) is a NaN cell: "n/a" in the page, an
	// empty cell in the CSV file, null in report.json.
	num := func(x float64, prec int) reports.Cell {
		if math.IsInf(x, 0) {
			x = math.NaN()
		}
		return reports.FloatCell(x, prec)
	}
	byLabel := map[string]costAssessment{}
	for _, r := range res {
		byLabel[r.a.Label] = r
		if r.fielded != "" {
			t.Notes = append(t.Notes, r.a.Label+": "+r.fielded)
		}
	}
	for _, a := range as {
		verdict := a.Verdict.String()
		switch f := a.FairCost; {
		case a.Flagged():
			verdict += " " + a.ByText()
			if f.OneSided() {
				verdict += " (" + f.BoundText() + ")"
			}
		case f.OneSided():
			verdict += " (" + f.BoundText() + ": the card cost lies inside)"
		}
		r := byLabel[a.Label]
		t.Rows = append(t.Rows, []reports.Cell{reports.TextCell(a.Label), reports.TextCell(r.loadout), reports.IntCell(int(a.CardCost)),
			num(a.FairCost.Cost, 1), num(a.FairCost.Lo, 1), num(a.FairCost.Hi, 1), reports.TextCell(verdict), reports.TextCell(strings.Join(r.without, ", ")),
			num(a.Efficiency, 3), reports.PercentCell(a.RateAtCard, 1), reports.PercentCell(a.RateLo, 1), reports.PercentCell(a.RateHi, 1),
			reports.IntCell(a.FairCost.Trials)})
		for _, w := range a.FairCost.Warnings {
			t.Notes = append(t.Notes, a.Label+": "+w.Error())
		}
	}
	for _, r := range res {
		if r.notAssessed == "" {
			for _, n := range r.notes {
				t.Notes = append(t.Notes, r.a.Label+": search: "+n)
			}
			continue
		}
		t.Rows = append(t.Rows, []reports.Cell{reports.TextCell(r.a.Label), reports.TextCell(r.loadout), reports.IntCell(r.card),
			num(math.NaN(), 1), num(math.NaN(), 1), num(math.NaN(), 1), reports.TextCell("not assessed: " + r.notAssessed),
			reports.TextCell(strings.Join(r.without, ", ")),
			num(math.NaN(), 3), num(math.NaN(), 1), num(math.NaN(), 1), num(math.NaN(), 1), reports.IntCell(r.a.FairCost.Trials)})
	}
	return t
}

// costBaseline computes the fair costs of the baseline release for the profiles
// of both and marks the moves that are significant: a z-test on the difference,
// each fair cost's standard error taken as its 95% half-width over 1.96
// (Bonferroni-corrected over the profiles, as the report's other tests).
func costBaseline(r *reportRun, cur []costAssessment, step func()) (*reports.Section, error) {
	s := &reports.Section{ID: "fair-costs-baseline", Title: "Fair costs since the baseline"}
	old, _, interrupted, err := assessDataSet(r, r.base, baselineCostGroup, func() {})
	if err != nil {
		return nil, err
	}
	if interrupted {
		r.partial = true
	}
	prev := map[string]balance.Assessment{}
	for _, a := range old {
		prev[a.a.Label] = a.a
	}
	var both []string
	for _, a := range cur {
		if _, ok := prev[a.a.Label]; ok {
			both = append(both, a.a.Label)
		}
	}
	crit := stats.CriticalZ(alpha, max(len(both), 1))
	s.Add(reports.Paragraph(fmt.Sprintf("The fair costs of the baseline release, computed the same way on its own data (its fully modelled profiles as the pool), "+
		"for the profiles in both releases. A move is significant when |z| > %.2f, z being the difference over the root of the summed "+
		"squared standard errors (each the 95%% half-width over 1.96); two-sided level %.2f, Bonferroni-corrected over %s.",
		crit, alpha, reports.Count(len(both), "profile"))))
	t := &reports.DataTable{ID: "costs-baseline", Caption: "Fair costs: baseline against current", Provenance: r.costProvenance(),
		Columns: []reports.Column{{Name: "profile", Key: "profile"}, {Name: "card Kr before", Key: "card_before"}, {Name: "card Kr now", Key: "card_now"},
			{Name: "fair Kr before", Key: "fair_before"}, {Name: "fair Kr now", Key: "fair_now"}, {Name: "z", Key: "z"}, {Name: "significant", Key: "significant"}}}
	for _, a := range cur {
		p, ok := prev[a.a.Label]
		if !ok || !a.a.FairCost.Bounded() || !p.FairCost.Bounded() {
			continue
		}
		se := stats.DiffSE(a.a.FairCost.HalfWidth(), p.FairCost.HalfWidth())
		z := 0.0
		if se > 0 {
			z = (a.a.FairCost.Cost - p.FairCost.Cost) / se
		}
		sig := "no"
		if math.Abs(z) > crit {
			sig = "yes"
			r.flag("costs", a.a.Label, "fair cost moved", "fair cost moved from %.0f to %.0f Kr since the baseline (z = %.1f)", p.FairCost.Cost, a.a.FairCost.Cost, z)
		}
		t.Rows = append(t.Rows, []reports.Cell{reports.TextCell(a.a.Label), reports.IntCell(int(p.CardCost)), reports.IntCell(int(a.a.CardCost)),
			reports.FloatCell(p.FairCost.Cost, 1), reports.FloatCell(a.a.FairCost.Cost, 1), reports.FloatCell(z, 2), reports.TextCell(sig)})
	}
	if len(t.Rows) == 0 {
		s.Add(reports.Paragraph("No profile has a bounded fair cost in both releases."))
	}
	s.Add(t)
	return s, nil
}

// splitCasterCosts splits the results of assessCosts over a report's n cases
// followed by its casters without their spells (assessDataSet) into the two:
// mainInterrupted says whether the first part was, without is nil unless
// every case of the first part finished and one caster at least was searched.
// (assessCosts returns the cases up to the first one not finished, that one
// included when it was interrupted.)
func splitCasterCosts(all []costAssessment, n int) (res, without []costAssessment, mainInterrupted bool) {
	if len(all) <= n {
		return all, nil, len(all) < n || len(all) > 0 && stoppedCase(all[len(all)-1])
	}
	return all[:n], all[n:], false
}

// stoppedCase reports whether a fair-cost search was interrupted.
func stoppedCase(a costAssessment) bool { return a.curve != nil && a.curve.Interrupted }
