package main

import (
	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/reports"
	"github.com/kharn-ages/kharn/sim"
)

// oddsSplits returns the Ambidextrous splits of p against base's defender
// (skills.md #21): when p is Ambidextrous and holds a one-handed melee weapon
// in each hand, for each order of the two weapons, the 2 AP melee attack of
// each (its row in rows, best effects) that deals the most expected damage
// net of counter damage, with no V or C effect and no Vivacity, as the
// fights choose them (sim/skills_more.go splitOptions); the second weapon
// must reach as far as the first. Each split is computed exactly
// (sim.Split.Exact).
func oddsSplits(ds *profiles.DataSet, p *profiles.Profile, base sim.Exchange, rows []reports.WeaponOptions) ([]reports.SplitRow, error) {
	f := sim.NewFighter(p, items(ds, p))
	if !f.Skills.Ambidextrous || f.Melee == nil || f.Offhand == nil {
		return nil, nil
	}
	best := func(w *profiles.Equipment) (sim.Attack, bool) {
		var a sim.Attack
		bv, found := 0.0, false
		for _, row := range rows {
			if row.Weapon != weaponLabel(w) {
				continue
			}
			for _, o := range row.Options {
				at := o.Attack
				if at.Kind != sim.Melee || at.AP != 2 || at.Vivid || at.Effects.Has(sim.V) || at.Effects.Has(sim.C) {
					continue
				}
				if v := o.Result.ExpectedDamage - o.Result.ExpectedCounter; !found || v > bv+1e-12 {
					a, bv, found = at, v, true
				}
			}
		}
		return a, found
	}
	var out []reports.SplitRow
	for _, pair := range [2][2]*profiles.Equipment{{f.Melee, f.Offhand}, {f.Offhand, f.Melee}} {
		if pair[1].Effects.Reach < pair[0].Effects.Reach {
			continue
		}
		a1, ok1 := best(pair[0])
		a2, ok2 := best(pair[1])
		if !ok1 || !ok2 {
			continue
		}
		first, second := base, base
		first.Attacker, first.Attack = fighterWith(ds, p, pair[0]), a1
		second.Attacker, second.Attack = fighterWith(ds, p, pair[1]), a2
		sp := &sim.Split{First: first, Second: second}
		res, err := sp.Exact()
		if err != nil {
			return nil, explainRule(err)
		}
		out = append(out, reports.SplitRow{First: pair[0].ID + " " + a1.String(), Second: pair[1].ID + " " + a2.String(), Result: res})
	}
	return out, nil
}
