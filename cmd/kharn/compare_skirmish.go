package main

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/reports"
	"github.com/kharn-ages/kharn/sim"
	"github.com/kharn-ages/kharn/sim/runner"
)

// scoreTally counts the battles of one loadout against one opponent.
type scoreTally struct{ n, wins, draws int }

// merge adds the counts of u to t.
func (t *scoreTally) merge(u *scoreTally) {
	t.n, t.wins, t.draws = t.n+u.n, t.wins+u.wins, t.draws+u.draws
}

// compareSkirmish is compareLoadouts in skirmish context: each loadout of p, at
// its own cost, in battles at equal budgets (sim.BudgetMatch: as many copies of
// the loadout's Safar as the budget buys against as many of the opponent's, the
// budget raised to 3 times the loadout's cost when that is more) against each
// opponent on its own, every cell with the same seed (common random numbers).
// DamagePerAP holds the exact best damage per AP against each opponent.
func compareSkirmish(ctx context.Context, ds *profiles.DataSet, p *profiles.Profile, opps []*profiles.Profile, c matchConfig, budget int, step func()) (reports.Comparison, error) {
	var rows []skirmishRow
	for _, l := range ds.Variants(p) {
		rows = append(rows, skirmishRow{l.Label(), sim.NewFighter(p, l.Items(ds)), l.Cost(ds)})
	}
	return compareSkirmishRows(ctx, ds, p, rows, opps, c, budget, step)
}

// skirmishRow is one row of a comparison in skirmish context: its label, its
// Safar and the Krowns it costs.
type skirmishRow struct {
	label string
	f     *sim.Fighter
	cost  int
}

// compareSkirmishRows plays compareSkirmish's battles for each row of p
// (a loadout, a spell set: compare_spells.go).
func compareSkirmishRows(ctx context.Context, ds *profiles.DataSet, p *profiles.Profile, rows []skirmishRow, opps []*profiles.Profile, c matchConfig, budget int, step func()) (reports.Comparison, error) {
	cmp := reports.Comparison{Context: "skirmish", Budget: budget, Profile: p.ID, Seed: c.seed, Trials: c.trials,
		Rules: c.variant.String(), Opponents: []string{}, NotModelled: []string{},
		PartlyModelled: partlyModelled(append([]*profiles.Profile{p}, opps...)...)}
	for _, o := range opps {
		cmp.Opponents = append(cmp.Opponents, o.ID)
	}
	sc, tbl, err := loadTable("open-ground")
	if err != nil {
		return cmp, err
	}
	var all []*sim.Fighter
	for _, e := range rows {
		fa, cost := e.f, e.cost
		all = append(all, fa)
		row := reports.LoadoutRow{Loadout: e.label, Cost: cost}
		var total scoreTally
		for _, o := range opps {
			if _, err := ds.Equip(o, nil, nil); err != nil {
				return cmp, err
			}
			lo, _ := ds.Fielded(o) // a card without a weapon: its cheapest legal one
			fb := sim.NewFighter(o, lo.Items(ds))
			m := &sim.BudgetMatch{Fighter: fa, Pool: []*sim.Fighter{fb}, PoolCosts: []int{max(lo.Cost(ds), 1)},
				Budget: costBudget(budget, cost), Field: tbl, Deployment: sc.Deployment, Rounds: sc.Rounds, Variant: c.variant}
			if _, err := m.NewPlayer(); err != nil {
				return cmp, fmt.Errorf("%s against %s: %w", e.label, o.ID, err)
			}
			res, err := runner.Run(ctx, runner.Config{Trials: c.trials, Seed: c.seed, Workers: c.workers},
				func() *scoreTally { return &scoreTally{} },
				(*scoreTally).merge,
				func() func(r *rand.PCG, t *scoreTally) {
					pl, _ := m.NewPlayer() // checked above
					return func(r *rand.PCG, t *scoreTally) {
						t.n++
						switch pl.Play(r, float64(cost)) {
						case 1:
							t.wins++
						case 0.5:
							t.draws++
						}
					}
				}, nil)
			if err != nil {
				return cmp, fmt.Errorf("%s against %s: %w", e.label, o.ID, err)
			}
			t := res.Acc
			total.merge(t)
			row.PerOpponent = append(row.PerOpponent, reports.NewRate(t.wins, t.n))
			row.DamagePerAP = append(row.DamagePerAP, bestPerAP(fa, fb, c.variant))
			all = append(all, fb)
			if step != nil {
				step()
			}
			if res.Interrupted {
				cmp.Interrupted = true
				return cmp, nil
			}
		}
		row.Wins = reports.NewRate(total.wins, total.n)
		row.Draws = reports.NewRate(total.draws, total.n)
		if cost > 0 {
			row.WinPer100Kr = row.Wins.Rate / (float64(cost) / 100)
		}
		s := 0.0
		for _, d := range row.DamagePerAP {
			s += d
		}
		if len(row.DamagePerAP) > 0 {
			row.MeanDamagePerAP = s / float64(len(row.DamagePerAP))
		}
		cmp.Rows = append(cmp.Rows, row)
	}
	if nm := (&sim.Skirmish{Sides: [2]sim.Spearhead{{Safars: all}}}).NotModelled(); nm != nil {
		cmp.NotModelled = nm
	}
	return cmp, nil
}
