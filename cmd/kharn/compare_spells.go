package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/reports"
	"github.com/kharn-ages/kharn/sim"
)

// spellSetsAuto is kharn compare --spells auto: the caster's known spells,
// each one left out in turn, and none.
const spellSetsAuto = "auto"

// addCompareSpellsFlags adds --spells and --grimoire to kharn compare.
func addCompareSpellsFlags(fl *pflag.FlagSet, f *compareFlags) {
	fl.StringVar(&f.spellSets, "spells", "", `compare a caster's spell sets instead of its loadouts: "auto" (its known spells, each one left out, none) or sets separated by ';', each a comma list of spell ids or "none" ("bone-splinters,spark-of-will;none"); its known spells always come first`)
	fl.StringVar(&f.grimoire, "grimoire", "", "with --spells: the grimoire the sets are checked against and priced with (small, large or none; default: the caster's)")
}

// spellSet is one row of kharn compare --spells: a set of known spells.
type spellSet struct {
	// Label names the row: "card spells", "-bone-splinters", "no spells",
	// "spells: a, b".
	Label  string   `json:"label"`
	Spells []string `json:"spells"`
	// Pages are the grimoire pages the set fills; MagicCost the Krowns its
	// grimoire (counted only when the set holds a grimoire spell) and its
	// spells add to the card (seed 000 lines 1471-1478).
	Pages     int `json:"pages"`
	MagicCost int `json:"magic_cost_kr"`
	p         *profiles.Profile
	// src is the set as --spells gave it ("" for the card's and auto's).
	src string
}

// parseSpellSets returns the spell sets of spec for caster p: its known
// spells first ("card spells"), then, for "auto", each known spell left out
// and no spell; otherwise the sets separated by ';', each a comma list of
// spell ids or "none". A set given twice is kept once.
func parseSpellSets(p *profiles.Profile, spec string) ([]spellSet, error) {
	var card []string
	if p.Magic != nil {
		card = p.Magic.Spells
	}
	sets := []spellSet{{Label: "card spells", Spells: slices.Clone(card)}}
	if strings.TrimSpace(spec) == spellSetsAuto {
		for i, id := range card {
			rest := slices.Concat(card[:i], card[i+1:])
			sets = append(sets, spellSet{Label: "-" + id, Spells: rest})
		}
		sets = append(sets, spellSet{Label: "no spells", Spells: []string{}})
	} else {
		for i, s := range strings.Split(spec, ";") {
			s = strings.TrimSpace(s)
			if s == "" {
				return nil, fmt.Errorf("--spells: set %d is empty (write none for no spell)", i+1)
			}
			if s == "none" {
				sets = append(sets, spellSet{Label: "no spells", Spells: []string{}})
				continue
			}
			var ids []string
			for _, id := range strings.Split(s, ",") {
				id = strings.TrimSpace(id)
				if id == "" {
					return nil, fmt.Errorf("--spells: set %d (%q) has an empty spell id", i+1, s)
				}
				ids = append(ids, id)
			}
			sets = append(sets, spellSet{Label: "spells: " + strings.Join(ids, ", "), Spells: ids, src: s})
		}
	}
	var out []spellSet
	for _, s := range sets {
		key := slices.Sorted(slices.Values(s.Spells))
		if slices.ContainsFunc(out, func(o spellSet) bool { return slices.Equal(slices.Sorted(slices.Values(o.Spells)), key) }) {
			continue
		}
		out = append(out, s)
	}
	return out, nil
}

// compareGrimoire returns the grimoire of --grimoire for p: "" its own,
// "none", "small" or "large".
func compareGrimoire(p *profiles.Profile, id string) (*profiles.Grimoire, error) {
	switch id {
	case "":
		if p.Magic == nil {
			return nil, nil
		}
		return p.Magic.Grimoire, nil
	case "none":
		return nil, nil
	}
	if g, ok := profiles.GrimoireByID(id); ok {
		return g, nil
	}
	return nil, fmt.Errorf("--grimoire %q: want small, large or none (seed 000 lines 1475-1476)", id)
}

// resolveSpellSets checks every set against caster p with grimoire g
// (DataSet.CheckSpells) and gives each its profile copy, pages and magic
// cost. Every problem is a usage error naming the set and the rule.
func resolveSpellSets(ds *profiles.DataSet, p *profiles.Profile, g *profiles.Grimoire, sets []spellSet) error {
	if p.Magic == nil || p.Magic.Way == "" {
		return fmt.Errorf("--spells: %s masters no way of magic and knows no spells (casters: %s)", p.ID, casterIDs(ds))
	}
	var errs []error
	for i := range sets {
		s := &sets[i]
		q, err := ds.WithSpells(p, g, s.Spells)
		if err != nil {
			what := s.Label
			switch {
			case s.src != "":
				what = fmt.Sprintf("set %q", s.src)
			case i == 0:
				what += " (the card's, with grimoire " + grimoireName(g) + ")"
			}
			errs = append(errs, fmt.Errorf("--spells: %s: %s", what, strings.ReplaceAll(err.Error(), "\n", "; ")))
			continue
		}
		s.p = q
		s.Pages = ds.SpellPages(s.Spells)
		for _, id := range s.Spells {
			if sp, err := ds.Spell(id); err == nil {
				s.MagicCost += sp.Cost
			}
		}
		if s.Pages > 0 && g != nil {
			s.MagicCost += g.Cost
		}
	}
	return errors.Join(errs...)
}

// grimoireName is a grimoire's id, or "none".
func grimoireName(g *profiles.Grimoire) string {
	if g == nil {
		return "none"
	}
	return g.ID
}

// spellComparison is kharn compare --spells in JSON: the comparison, each
// row a spell set, with the sets' spells, pages and magic costs.
type spellComparison struct {
	reports.Comparison
	Grimoire  string     `json:"grimoire"`
	SpellSets []spellSet `json:"spell_sets"`
}

// compareSpellSets plays caster p with each spell set, fielded with its
// card's loadout (DataSet.Fielded), in duels against every opponent with the
// same seed (common random numbers), with the exact damage per AP of its
// attacks (the same for every set: spells are not attacks), and returns the comparison with one row
// per set in set order; a row's cost is the loadout's plus the set's magic
// cost. When ctx is cancelled the comparison holds the sets whose duels were
// all played.
func compareSpellSets(ctx context.Context, ds *profiles.DataSet, p *profiles.Profile, sets []spellSet, opps []*profiles.Profile, c matchConfig, step func()) (reports.Comparison, error) {
	lo, _ := ds.Fielded(p)
	var rows []compareRow
	for _, s := range sets {
		rows = append(rows, compareRow{label: s.Label, cost: lo.Cost(ds) + s.MagicCost, f: sim.NewFighter(s.p, lo.Items(ds))})
	}
	return compareDuelRows(ctx, ds, p, rows, opps, c, true, step)
}

// runCompareSpells is kharn compare CASTER --spells SETS.
func runCompareSpells(cmd *cobra.Command, ds *profiles.DataSet, f *compareFlags, p *profiles.Profile, opps []*profiles.Profile, c matchConfig) error {
	if f.spellSets == "" {
		return &usageError{errors.New("--grimoire needs --spells (the spell sets to check and price with it)")}
	}
	g, err := compareGrimoire(p, f.grimoire)
	if err != nil {
		return &usageError{err}
	}
	sets, err := parseSpellSets(p, f.spellSets)
	if err != nil {
		return &usageError{err}
	}
	if err := resolveSpellSets(ds, p, g, sets); err != nil {
		return &usageError{err}
	}
	unit := "duels"
	if f.context == "skirmish" {
		unit = "matchups"
	}
	bar := newBar(cmd.ErrOrStderr(), len(sets)*len(opps), "compare", unit)
	var step func()
	if bar != nil {
		step = func() { _ = bar.Add(1) }
	}
	var cmp reports.Comparison
	if f.context == "skirmish" {
		lo, _ := ds.Fielded(p)
		var rows []skirmishRow
		for _, s := range sets {
			rows = append(rows, skirmishRow{s.Label, sim.NewFighter(s.p, lo.Items(ds)), lo.Cost(ds) + s.MagicCost})
		}
		cmp, err = compareSkirmishRows(cmd.Context(), ds, p, rows, opps, c, f.budget, step)
	} else {
		cmp, err = compareSpellSets(cmd.Context(), ds, p, sets, opps, c, step)
	}
	if bar != nil {
		_ = bar.Finish()
	}
	if err != nil {
		return err
	}
	if err := finishComparison(cmd, &cmp, ds, f); err != nil {
		return err
	}
	out := cmd.OutOrStdout()
	switch {
	case f.json:
		return reports.WriteJSON(out, spellComparison{Comparison: cmp, Grimoire: grimoireName(g), SpellSets: sets})
	case f.csv:
		return cmp.WriteCSV(out)
	}
	fmt.Fprintf(out, "Spell sets of %s (way %s, grimoire %s), fielded with its card's equipment; each row is a set of known spells, Kr the card's plus the set's grimoire (when it holds a grimoire spell) and spells%s\n",
		p.ID, p.Magic.Way, grimoireName(g), map[bool]string{true: " (in skirmish context a dearer set fields fewer Safars)"}[f.context == "skirmish"])
	if err := cmp.Write(out); err != nil {
		return err
	}
	return writeSpellSetLegend(out, p, sets, cmp.Rows)
}

// writeSpellSetLegend names each set's spells and pages, and says how each
// row's win rate stands against the card's spells: its difference and
// whether their 95% Wilson intervals overlap.
// A spell the fights do not play is said so: leaving it out changes nothing.
func writeSpellSetLegend(w io.Writer, p *profiles.Profile, sets []spellSet, rows []reports.LoadoutRow) error {
	unplayed := map[string]bool{}
	for _, n := range profiles.SpellsNotPlayed(p) {
		if id, ok := strings.CutPrefix(n, "spell "); ok {
			id, _, _ = strings.Cut(id, " ")
			unplayed[id] = true
		}
	}
	byLabel := map[string]reports.LoadoutRow{}
	for _, r := range rows {
		byLabel[r.Loadout] = r
	}
	base, ok := byLabel[sets[0].Label]
	for _, s := range sets {
		names := strings.Join(s.Spells, ", ")
		if names == "" {
			names = "none"
		}
		line := fmt.Sprintf("%s: %s (%d pages, +%d Kr)", s.Label, names, s.Pages, s.MagicCost)
		if r, found := byLabel[s.Label]; found && ok && s.Label != sets[0].Label {
			line += fmt.Sprintf("; win rate %+.1f points against the card spells, %s", 100*(r.Wins.Rate-base.Wins.Rate), overlapText(r.Wins, base.Wins))
		}
		if id, ok := strings.CutPrefix(s.Label, "-"); ok && unplayed[id] {
			line += "; " + id + " is not played in fights (profiles.SpellsNotPlayed): leaving it out changes nothing here"
		}
		if _, err := fmt.Fprintln(w, line); err != nil {
			return err
		}
	}
	return nil
}

// overlapText says whether two win rates' 95% Wilson intervals overlap.
func overlapText(a, b reports.Rate) string {
	if a.Hi < b.Lo || b.Hi < a.Lo {
		return "95% Wilson intervals apart"
	}
	return "95% Wilson intervals overlap"
}
