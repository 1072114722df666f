package main

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/reports"
	"github.com/kharn-ages/kharn/stats"
)

func baselineSteps(r *reportRun) int {
	if r.base == nil || len(r.base.Profiles) < 2 {
		return 0
	}
	return pairCount(r.base)
}

// profileFields returns the fields of a profile a release may change, each as
// text, in card order.
func profileFields(p *profiles.Profile) [][2]string {
	var skills []string
	for _, s := range p.Skills {
		v := s.Name
		switch {
		case s.Field != "":
			v += " " + string(s.Field)
		case s.Toises != 0:
			v += fmt.Sprintf(" %g", s.Toises)
		case s.Value != 0:
			v += fmt.Sprintf(" %d", s.Value)
		case s.Text != "":
			v += " " + s.Text
		}
		skills = append(skills, v)
	}
	var mastery []string
	for _, d := range p.Mastery {
		var fs []string
		for _, f := range d {
			fs = append(fs, string(f))
		}
		mastery = append(mastery, "["+strings.Join(fs, " ")+"]")
	}
	lim := p.Limitation.Kind
	if lim == "X" {
		lim += fmt.Sprint(p.Limitation.Count)
	}
	st := p.Stats
	return [][2]string{
		{"name", p.Name}, {"faction", p.Faction}, {"level", fmt.Sprint(p.Level)}, {"cost", fmt.Sprint(p.Cost)},
		{"limitation", lim}, {"stats", fmt.Sprintf("V%d P%d A%d C%d T%d I%d", st.V, st.P, st.A, st.C, st.T, st.I)},
		{"stature", fmt.Sprint(p.Stature)}, {"AP", fmt.Sprint(p.AP)}, {"HP", fmt.Sprint(p.HP)},
		{"mastery", strings.Join(mastery, " ")}, {"skills", strings.Join(skills, ", ")},
		{"equipment", strings.Join(p.Equipment, ", ")}, {"armour", jsonText(p.Armour)}, {"traits", strings.Join(p.Traits, ", ")},
	}
}

// itemFields returns the fields of an equipment item a release may change.
func itemFields(e *profiles.Equipment) [][2]string {
	out := [][2]string{
		{"name", e.Name}, {"kind", string(e.Kind)}, {"cost", fmt.Sprint(e.Cost)}, {"hands", fmt.Sprint(e.Hands)},
		{"armour", jsonText(e.Armour)}, {"shield boxes", fmt.Sprint(e.ShieldBoxes)},
		{"reserved to", strings.Join(e.ReservedTo, ", ")},
	}
	// One field per effect, named as the Go field, so that a change shows alone.
	var fx map[string]json.RawMessage
	if b, err := json.Marshal(e.Effects); err == nil && json.Unmarshal(b, &fx) == nil {
		for _, k := range slices.Sorted(maps.Keys(fx)) {
			out = append(out, [2]string{"effects." + k, string(fx[k])})
		}
	}
	return out
}

// jsonText writes v as compact JSON, "-" for nil: every field of effects and
// armour, pointers followed.
func jsonText(v any) string {
	b, err := json.Marshal(v)
	if err != nil || string(b) == "null" {
		return "-"
	}
	return string(b)
}

// diffRows appends to t one row per field that differs between old and new
// (either may be nil: added or removed).
func diffRows(t *reports.DataTable, id string, old, cur [][2]string) int {
	cell := reports.TextCell
	switch {
	case old == nil:
		t.Rows = append(t.Rows, []reports.Cell{cell(id), cell("added"), cell(""), cell(""), cell("")})
		return 1
	case cur == nil:
		t.Rows = append(t.Rows, []reports.Cell{cell(id), cell("removed"), cell(""), cell(""), cell("")})
		return 1
	}
	n := 0
	for i := range old {
		if old[i][1] != cur[i][1] {
			t.Rows = append(t.Rows, []reports.Cell{cell(id), cell("changed"), cell(old[i][0]), cell(old[i][1]), cell(cur[i][1])})
			n++
		}
	}
	return n
}

func diffColumns() []reports.Column {
	return []reports.Column{{Name: "id", Key: "id"}, {Name: "change", Key: "change"}, {Name: "field", Key: "field"},
		{Name: "baseline", Key: "baseline"}, {Name: "current", Key: "current"}}
}

// baselineSections diffs the baseline data set against the current one and
// compares each shared profile's pooled duel win rate in both.
func baselineSections(r *reportRun, step func()) ([]*reports.Section, error) {
	s := &reports.Section{ID: "baseline", Title: "Changes since the baseline"}
	s.Add(reports.Paragraph(fmt.Sprintf("Baseline: %s (%s, %s). Current: %s (%s, %s).",
		r.base.Source, reports.Count(len(r.base.Profiles), "profile"), reports.Count(len(r.base.Equipment), "item"),
		r.ds.Source, reports.Count(len(r.ds.Profiles), "profile"), reports.Count(len(r.ds.Equipment), "item"))))
	pt := &reports.DataTable{ID: "changes-profiles", Caption: "Profiles added, removed or changed", Columns: diffColumns()}
	it := &reports.DataTable{ID: "changes-items", Caption: "Equipment items added, removed or changed", Columns: diffColumns()}
	oldP, curP := map[string]*profiles.Profile{}, map[string]*profiles.Profile{}
	for _, p := range r.base.Profiles {
		oldP[p.ID] = p
	}
	for _, p := range r.ds.Profiles {
		curP[p.ID] = p
	}
	for _, id := range unionKeys(oldP, curP) {
		var o, c [][2]string
		if p := oldP[id]; p != nil {
			o = profileFields(p)
		}
		if p := curP[id]; p != nil {
			c = profileFields(p)
		}
		diffRows(pt, id, o, c)
	}
	oldI, curI := map[string]*profiles.Equipment{}, map[string]*profiles.Equipment{}
	for _, e := range r.base.Equipment {
		oldI[e.ID] = e
	}
	for _, e := range r.ds.Equipment {
		curI[e.ID] = e
	}
	for _, id := range unionKeys(oldI, curI) {
		var o, c [][2]string
		if e := oldI[id]; e != nil {
			o = itemFields(e)
		}
		if e := curI[id]; e != nil {
			c = itemFields(e)
		}
		diffRows(it, id, o, c)
	}
	if len(pt.Rows) == 0 {
		s.Add(reports.Paragraph("No profile changed."))
	}
	s.Add(pt)
	if len(it.Rows) == 0 {
		s.Add(reports.Paragraph("No equipment item changed."))
	}
	s.Add(it)

	if len(r.base.Profiles) < 2 || r.current == nil {
		s.Add(reports.Paragraph("Win rates are not compared: the baseline needs at least two profiles, and the current matchups must have run."))
		return []*reports.Section{s}, nil
	}
	bm, err := playMatrix(r, r.base, r.ref, step)
	if err != nil {
		return nil, fmt.Errorf("baseline: %w", err)
	}
	r.baseline = bm
	type shared struct{ b, c int }
	var both []shared
	bIdx := map[string]int{}
	for i, p := range bm.ps {
		bIdx[p.ID] = i
	}
	for c, p := range r.current.ps {
		if b, ok := bIdx[p.ID]; ok {
			both = append(both, shared{b, c})
		}
	}
	crit := stats.CriticalZ(alpha, max(len(both), 1))
	s.Add(reports.Paragraph(fmt.Sprintf("Duel win rate of each profile present in both releases against the other profiles of its own release, "+
		"each with its card's equipment (%s, the same seed for both releases). A change is marked significant when the pooled two-proportion "+
		"z statistic exceeds %.3f in absolute value: a two-sided test at level %.2f, Bonferroni-corrected for the %s compared. "+
		"A profile may move because it changed or because its opponents did.", r.sampledCaption(), crit, alpha, reports.Count(len(both), "profile"))))
	cols := []reports.Column{{Name: "profile", Key: "profile"}, {Name: "baseline cost", Key: "baseline_cost_kr"}, {Name: "current cost", Key: "current_cost_kr"},
		{Name: "fights (baseline)", Key: "baseline_fights"}}
	cols = append(cols, rateColumns("baseline win rate", "baseline_win_rate")...)
	cols = append(cols, reports.Column{Name: "fights (current)", Key: "current_fights"})
	cols = append(cols, rateColumns("current win rate", "current_win_rate")...)
	cols = append(cols, reports.Column{Name: "change (points)", Key: "change"}, reports.Column{Name: "z", Key: "z"},
		reports.Column{Name: "significant", Key: "significant"})
	t := &reports.DataTable{ID: "baseline-win-rates", Caption: "Win rates, baseline against current (" + r.sampledCaption() + ")", Columns: cols}
	all := func(int) bool { return true }
	for _, sh := range both {
		p := r.current.ps[sh.c]
		bp, cp := bm.pooled(sh.b, all), r.current.pooled(sh.c, all)
		bw, bn, cw, cn := bp.wins, bp.n, cp.wins, cp.n
		z, diff := math.NaN(), math.NaN()
		mark := ""
		if bn > 0 && cn > 0 {
			z = stats.TwoProportionZ(cw, cn, bw, bn)
			diff = float64(cw)/float64(cn) - float64(bw)/float64(bn)
			if math.Abs(z) > crit {
				mark = "yes"
				r.flag("baseline", p.ID, "moved", "win rate moved %+.1f points since the baseline (z = %.2f, critical %.2f)", 100*diff, z, crit)
			}
		}
		row := []reports.Cell{reports.TextCell(p.ID), reports.IntCell(bm.ps[sh.b].Cost), reports.IntCell(p.Cost), reports.IntCell(bp.fights)}
		row = append(row, rateCells(bw, bn)...)
		row = append(row, reports.IntCell(cp.fights))
		row = append(row, rateCells(cw, cn)...)
		row = append(row, reports.FloatCell(100*diff, 1), reports.FloatCell(z, 2), reports.TextCell(mark))
		t.Rows = append(t.Rows, row)
	}
	s.Add(t)
	return []*reports.Section{s}, nil
}

// unionKeys returns the keys of a and b, sorted, each once.
func unionKeys[V any](a, b map[string]V) []string {
	seen := map[string]bool{}
	var out []string
	for _, m := range []map[string]V{a, b} {
		for k := range m {
			if !seen[k] {
				seen[k] = true
				out = append(out, k)
			}
		}
	}
	sort.Strings(out)
	return out
}
