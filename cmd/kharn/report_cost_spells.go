package main

import (
	"fmt"
	"math"
	"strings"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/reports"
)

// reportCasters returns the casters of ds (isCaster) in the report's order:
// the profiles whose fair cost the report also computes without spells.
func reportCasters(ds *profiles.DataSet) []*profiles.Profile {
	var out []*profiles.Profile
	for _, p := range sortedProfiles(ds) {
		if isCaster(p) {
			out = append(out, p)
		}
	}
	return out
}

// casterCostSteps is one step per caster with a positive cost: its fair cost
// without its spells (costSteps counts the ones with).
func casterCostSteps(r *reportRun) int {
	if r.f.costTrials <= 0 {
		return 0
	}
	cases, _ := costCases(r.ds, reportCasters(r.ds))
	return len(cases)
}

// casterSpellsTable prices every caster of the report's data set without
// its spells (withoutSpells: the same card never casting) against the same
// pool, with the same settings as its fair cost with them (res), and returns
// the table of both side by side with what the spells are worth in Krowns
// (spellWorth), the spells named; nil when the data set has no caster.
func casterSpellsTable(r *reportRun, res []costAssessment, step func()) (*reports.DataTable, bool, error) {
	cases, err := costCases(r.ds, reportCasters(r.ds))
	if err != nil || len(cases) == 0 {
		return nil, false, err
	}
	with := map[string]costAssessment{}
	for _, a := range res {
		with[a.a.Label] = a
	}
	// Every caster is a unit of casterCostGroup, by its place in cases, in a
	// shard as in a single run (kharn merge reads unit i as case i).
	var wo []costCase
	for _, c := range cases {
		wo = append(wo, withoutSpells(c))
	}
	sc, tbl, err := loadTable("open-ground")
	if err != nil {
		return nil, false, err
	}
	rp, err := costPool(r.ds, "", false)
	if err != nil {
		return nil, false, err
	}
	last := -1
	progress := func(i int, _ string, _, _ int) {
		for ; last < i-1; last++ {
			step()
		}
	}
	cf := r.costFlags()
	cf.group = casterCostGroup
	without, interrupted := r.casterCosts, false
	if without != nil {
		// Searched beside the other fair costs (assessDataSet), their steps
		// counted there.
		interrupted = len(without) < len(wo) || stoppedCase(without[len(without)-1])
	} else {
		without, interrupted, err = assessCosts(r.ctx, wo, rp.fs, rp.costs, cf, tbl, sc, r.variant, progress)
		for ; last < len(without)-1; last++ {
			step()
		}
		if err != nil {
			return nil, interrupted, err
		}
	}
	t := &reports.DataTable{ID: "costs-casters", Caption: "Casters: fair cost with and without their spells",
		Provenance: r.costProvenance(),
		Columns: []reports.Column{
			{Name: "profile", Key: "profile"}, {Name: "spells", Key: "spells"}, {Name: "card Kr", Key: "card_cost_kr"},
			{Name: "fair Kr with spells", Key: "fair_with_spells_kr"}, {Name: "95% low", Key: "with_spells_ci95_low"}, {Name: "95% high", Key: "with_spells_ci95_high"},
			{Name: "fair Kr without spells", Key: "fair_without_spells_kr"}, {Name: "95% low", Key: "without_spells_ci95_low"}, {Name: "95% high", Key: "without_spells_ci95_high"},
			{Name: "spells worth Kr", Key: "magic_worth_kr"}, {Name: "95% low", Key: "magic_worth_ci95_low"}, {Name: "95% high", Key: "magic_worth_ci95_high"},
			{Name: "verdict", Key: "magic_worth_verdict"}, {Name: "computed without (with spells)", Key: "computed_without"},
		},
		Notes: []string{"Without its spells: " + withoutSpellsMeans + ".", "Spells worth: " + worthMethod + "."}}
	num := func(x float64) reports.Cell {
		if math.IsInf(x, 0) {
			x = math.NaN()
		}
		return reports.FloatCell(x, 1)
	}
	for i, wa := range without {
		c := wo[i]
		w, ok := with[c.p.ID]
		if !ok {
			continue // not priced with its spells: no row
		}
		worth, lo, hi, ok := spellWorth(w.a.FairCost, wa.a.FairCost)
		if w.notAssessed != "" || wa.notAssessed != "" {
			worth, lo, hi, ok = math.NaN(), math.NaN(), math.NaN(), false
		}
		side := func(a costAssessment) (float64, float64, float64) {
			if a.notAssessed != "" {
				return math.NaN(), math.NaN(), math.NaN()
			}
			return a.a.FairCost.Cost, a.a.FairCost.Lo, a.a.FairCost.Hi
		}
		fw, lw, hw := side(w)
		fo, lo2, ho := side(wa)
		t.Rows = append(t.Rows, []reports.Cell{reports.TextCell(c.p.ID), reports.TextCell(spellNames(c.p)), reports.IntCell(c.card),
			num(fw), num(lw), num(hw), num(fo), num(lo2), num(ho), num(worth), num(lo), num(hi),
			reports.TextCell(worthVerdict(lo, hi, ok)), reports.TextCell(strings.Join(w.without, ", "))})
		if wa.notAssessed != "" {
			t.Notes = append(t.Notes, fmt.Sprintf("%s without its spells: not assessed: %s", c.p.ID, wa.notAssessed))
		}
	}
	return t, interrupted, nil
}
