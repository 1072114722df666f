package main

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/reports"
	"github.com/kharn-ages/kharn/sim"
)

// matrix holds the duels of every pair of profiles of a data set, each with its
// card's equipment (and its cheapest legal weapon when the card has none,
// profiles.DataSet.Fielded): the pair (i, j), i < j, is played once, i as side A.
type matrix struct {
	ps    []*profiles.Profile // by faction, level, cost, id
	pairs map[[2]int]matchResult
	// perAP is each profile's best exact expected damage per AP against the
	// reference defender (NaN when it is not in ds).
	perAP []float64
}

// sortedProfiles returns the profiles of ds by faction, level, cost and id.
func sortedProfiles(ds *profiles.DataSet) []*profiles.Profile {
	ps := append([]*profiles.Profile(nil), ds.Profiles...)
	sort.SliceStable(ps, func(i, j int) bool {
		a, b := ps[i], ps[j]
		switch {
		case a.Faction != b.Faction:
			return a.Faction < b.Faction
		case a.Level != b.Level:
			return a.Level < b.Level
		case a.Cost != b.Cost:
			return a.Cost < b.Cost
		}
		return a.ID < b.ID
	})
	return ps
}

func pairCount(ds *profiles.DataSet) int { n := len(ds.Profiles); return n * (n - 1) / 2 }

// playMatrix plays every pair of profiles of ds; ref is the reference defender.
func playMatrix(r *reportRun, ds *profiles.DataSet, ref *profiles.Profile, step func()) (*matrix, error) {
	m := &matrix{ps: sortedProfiles(ds), pairs: map[[2]int]matchResult{}}
	fs := make([]*sim.Fighter, len(m.ps))
	for i, p := range m.ps {
		fs[i] = sim.NewFighter(p, fieldedItems(ds, p))
	}
	var ms []matchup
	var keys [][2]int
	for i := range m.ps {
		for j := i + 1; j < len(m.ps); j++ {
			ms = append(ms, matchup{a: fs[i], b: fs[j]})
			keys = append(keys, [2]int{i, j})
		}
	}
	c := r.cfg
	c.precision = r.f.pairPrecision // the matchups' stopping rule (pair_precision.go)
	res, interrupted, err := playMatchups(r.ctx, ms, c, step)
	if err != nil {
		return nil, err
	}
	if interrupted {
		r.partial = true
	}
	if ds == r.ds && r.cfg.units == nil {
		// The loadouts' base rows meet some of these duels again (loadoutsOf).
		r.played = map[duelKey]matchResult{}
		for k, res := range res {
			if res.done {
				r.played[c.keyOf(ms[k])] = res
			}
		}
	}
	for k, res := range res {
		m.pairs[keys[k]] = res
		for _, n := range res.notModelled {
			r.notModelled[n] = true
		}
	}
	m.perAP = make([]float64, len(m.ps))
	var refF *sim.Fighter
	if ref != nil {
		if rp, err := ds.Profile(ref.ID); err == nil {
			refF = sim.NewFighter(rp, fieldedItems(ds, rp))
		}
	}
	// On the workers: one after another, the exact figures left a core idle
	// (docs/benchmarks.md, "Seventh round").
	parallelFor(len(m.ps), r.f.workers, func(i int) {
		m.perAP[i] = math.NaN()
		// A shard writes no section: it leaves the exact figures to kharn merge.
		if refF != nil && r.ctx.Err() == nil && !r.shardOnly() {
			m.perAP[i] = bestPerAP(fs[i], refF, r.variant)
		}
	})
	return m, nil
}

// record returns the wins of profile x against profile y, the draws and the
// fights, and whether the pair was played in full.
func (m *matrix) record(x, y int) (wins, draws, n int, ok bool) {
	if x < y {
		r := m.pairs[[2]int{x, y}]
		return r.tally.Wins[sim.SideA], r.tally.Wins[sim.Draw], r.tally.N, r.done
	}
	r := m.pairs[[2]int{y, x}]
	return r.tally.Wins[sim.SideB], r.tally.Wins[sim.Draw], r.tally.N, r.done
}

// pooled pools x's duels against the opponents y != x that keep selects and
// whose pair was played in full (poolRecords: the sums of wins, draws and
// fights when every pairing played as many fights, as without
// --pair-precision).
func (m *matrix) pooled(x int, keep func(y int) bool) poolStat {
	var recs [][3]int
	for y := range m.ps {
		if y == x || !keep(y) {
			continue
		}
		w, d, k, ok := m.record(x, y)
		if !ok {
			continue
		}
		recs = append(recs, [3]int{w, d, k})
	}
	return poolRecords(recs)
}

// comparable reports whether y's cost is within the comparable band of x's.
func (m *matrix) comparable(x, y int) bool {
	ratio := float64(m.ps[y].Cost) / float64(max(m.ps[x].Cost, 1))
	return ratio >= comparableLo && ratio <= comparableHi
}

func matrixSteps(r *reportRun) int { return pairCount(r.ds) }

func rateCells(k, n int) []reports.Cell {
	if n == 0 {
		return []reports.Cell{reports.PercentCell(math.NaN(), 1), reports.PercentCell(math.NaN(), 1), reports.PercentCell(math.NaN(), 1)}
	}
	rt := reports.NewRate(k, n)
	return []reports.Cell{reports.PercentCell(rt.Rate, 1), reports.PercentCell(rt.Lo, 1), reports.PercentCell(rt.Hi, 1)}
}

func rateColumns(name, key string) []reports.Column {
	return []reports.Column{{Name: name, Key: key}, {Name: "95% low", Key: key + "_ci95_low"}, {Name: "95% high", Key: key + "_ci95_high"}}
}

// sampledCaption says how the sampled figures of a table were made.
func (r *reportRun) sampledCaption() string {
	return fmt.Sprintf("sampled: %s, seed %d, rules %s, start %.1f toises apart", r.fightsText(), r.f.seed, r.variant, r.f.distance)
}

// fightsText says how many fights a pairing of the matchups plays.
func (r *reportRun) fightsText() string {
	if r.f.pairPrecision > 0 {
		return fmt.Sprintf("up to %d fights per pairing, stopped once both win rates are within ±%.3g at 95%% (checked every %d fights)",
			r.f.trials, r.f.pairPrecision, pairChunk)
	}
	return fmt.Sprintf("%d fights per pairing", r.f.trials)
}

// profileSections plays the matchup matrix of the data set and writes a table
// per faction and the global heat map.
func profileSections(r *reportRun, step func()) ([]*reports.Section, error) {
	m, err := playMatrix(r, r.ds, r.ref, step)
	if err != nil {
		return nil, err
	}
	r.current = m
	s := &reports.Section{ID: "factions", Title: "Profiles by faction"}
	s.Add(reports.Paragraph(fmt.Sprintf("Each profile, with its card's equipment (and its cheapest legal weapon when the card holds none, as a list fields it: column \"loadout\"), duels every other profile of the data set (%s). "+
		"A profile the engine plays only in part has its results computed without what column \"computed without\" names (a skill not modelled; spells, magic not being played in fights). "+
		"\"Win rate\" pools its fights against all the others; \"at comparable cost\" only against those costing between %.2f and %.2f times its cost. "+
		"\"Exact damage/AP\" is its best expected damage per AP against %s's best response, computed exactly.",
		r.sampledCaption(), comparableLo, comparableHi, r.ref.ID)))
	cols := []reports.Column{{Name: "profile", Key: "profile"}, {Name: "name", Key: "name"}, {Name: "level", Key: "level"},
		{Name: "cost (Kr)", Key: "cost_kr"}, {Name: "loadout", Key: "loadout"}, {Name: "computed without", Key: "computed_without"}, {Name: "fights", Key: "fights"}}
	cols = append(cols, rateColumns("win rate", "win_rate")...)
	cols = append(cols, reports.Column{Name: "draws", Key: "draw_rate"}, reports.Column{Name: "comparable opponents", Key: "comparable_opponents"},
		reports.Column{Name: "comparable fights", Key: "comparable_fights"})
	cols = append(cols, rateColumns("win rate at comparable cost", "comparable_win_rate")...)
	cols = append(cols, reports.Column{Name: "exact damage/AP vs " + r.ref.ID, Key: "exact_damage_per_ap_vs_reference"})
	for _, fac := range r.ds.Factions() {
		t := &reports.DataTable{ID: "faction-" + fac, Caption: fmt.Sprintf("%s: duel win rates (%s)", fac, r.sampledCaption()), Columns: cols}
		for x, p := range m.ps {
			if p.Faction != fac {
				continue
			}
			all := m.pooled(x, func(int) bool { return true })
			cmp := m.pooled(x, func(y int) bool { return m.comparable(x, y) })
			w, d, n := all.wins, all.draws, all.n
			cw, cn, copps := cmp.wins, cmp.n, cmp.opps
			lo, _ := r.ds.Fielded(p)
			without := profiles.ComputedWithout(p)
			row := []reports.Cell{reports.TextCell(p.ID), reports.TextCell(p.Name), reports.IntCell(p.Level), reports.IntCell(p.Cost),
				reports.TextCell(lo.Label()), reports.TextCell(strings.Join(without, ", ")), reports.IntCell(all.fights)}
			row = append(row, rateCells(w, n)...)
			draws := math.NaN()
			if n > 0 {
				draws = float64(d) / float64(n)
			}
			row = append(row, reports.PercentCell(draws, 1), reports.IntCell(copps), reports.IntCell(cmp.fights))
			row = append(row, rateCells(cw, cn)...)
			row = append(row, reports.FloatCell(m.perAP[x], 3))
			t.Rows = append(t.Rows, row)
			if cn > 0 {
				rt := reports.NewRate(cw, cn)
				switch {
				case rt.Lo > farHi:
					r.flag("factions", p.ID, "strong", "wins %.1f%% (95%% %.1f%%-%.1f%%) of %d duels against %s of comparable cost: strong for %d Kr%s", 100*rt.Rate, 100*rt.Lo, 100*rt.Hi, cmp.fights, reports.Count(copps, "profile"), p.Cost, computedWithoutText(without))
				case rt.Hi < farLo:
					r.flag("factions", p.ID, "weak", "wins %.1f%% (95%% %.1f%%-%.1f%%) of %d duels against %s of comparable cost: weak for %d Kr%s", 100*rt.Rate, 100*rt.Lo, 100*rt.Hi, cmp.fights, reports.Count(copps, "profile"), p.Cost, computedWithoutText(without))
				}
			}
		}
		t.Notes = []string{"Draws are fights that reached the round limit; they count as not won."}
		s.Add(t)
	}
	// The section's id differs from its table's: the page holds both.
	heat := &reports.Section{ID: "matchup-map", Title: "Matchups"}
	heat.Add(reports.Paragraph("Win rate of the row profile against the column profile, each with its card's equipment (" + r.sampledCaption() +
		"). Profiles are grouped by faction, the factions separated by lines. Each pair is played once: the cell across the diagonal is the other side of the same fights, " +
		"and the two add up to 100% less the draws. Every cell with its 95% Wilson interval is in the table below it, folded " +
		"(open it to read it), and in tables/matchups.csv."))
	ids := make([]string, len(m.ps))
	z := make([][]float64, len(m.ps))
	for x, p := range m.ps {
		ids[x] = p.ID
		z[x] = make([]float64, len(m.ps))
		for y := range m.ps {
			z[x][y] = math.NaN()
			if w, _, n, ok := m.record(x, y); x != y && ok && n > 0 {
				z[x][y] = float64(w) / float64(n)
			}
		}
	}
	title := fmt.Sprintf("Duel win rate, row against column (%d fights each, seed %d)", r.f.trials, r.f.seed)
	if r.f.pairPrecision > 0 {
		title = fmt.Sprintf("Duel win rate, row against column (up to %d fights each, ±%.3g, seed %d)", r.f.trials, r.f.pairPrecision, r.f.seed)
	}
	factions := make([]string, len(m.ps))
	for x, p := range m.ps {
		factions[x] = p.Faction
	}
	png, err := reports.HeatmapImageGrouped("png", title, "opponent", "profile", ids, ids, factions, z)
	if err != nil {
		return nil, err
	}
	svg, err := reports.HeatmapImageGrouped("svg", title, "opponent", "profile", ids, ids, factions, z)
	if err != nil {
		return nil, err
	}
	heat.Add(&reports.Figure{ID: "matchup-heatmap", Caption: "Duel win rate of each profile (row) against each other (column); " + r.sampledCaption() + ".", PNG: png, SVG: svg})
	t := &reports.DataTable{ID: "matchups", Caption: "Every pairing (" + r.sampledCaption() + ")", Folded: true,
		Columns: append(append([]reports.Column{{Name: "profile", Key: "profile"}, {Name: "opponent", Key: "opponent"}, {Name: "fights", Key: "fights"}},
			rateColumns("win rate", "win_rate")...), reports.Column{Name: "draws", Key: "draw_rate"})}
	for x := range m.ps {
		for y := range m.ps {
			if x == y {
				continue
			}
			w, d, n, ok := m.record(x, y)
			if !ok {
				n = 0
			}
			row := []reports.Cell{reports.TextCell(ids[x]), reports.TextCell(ids[y]), reports.IntCell(n)}
			row = append(row, rateCells(w, n)...)
			draws := math.NaN()
			if n > 0 {
				draws = float64(d) / float64(n)
			}
			t.Rows = append(t.Rows, append(row, reports.PercentCell(draws, 1)))
		}
	}
	heat.Add(t)
	return []*reports.Section{s, heat}, nil
}
