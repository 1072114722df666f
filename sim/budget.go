package sim

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// MaxBudgetSafars caps the Safars a side of an equal-budget battle fields: the
// budget buys no more whatever the cost tried.
const MaxBudgetSafars = 12

// BudgetMatch is an equal-budget battle (issue #5, "kharn cost"): a side of
// Safars of one loadout, recruited at a trial cost, against a side of Safars of
// an opponent drawn from a pool, each side fielding as many as Budget Krowns buy.
// A fractional number is rounded at random to one of its two neighbours with the
// matching probabilities (3.4 Safars: 4 with probability 0.4), so the expected
// number is exactly Budget / cost and the win rate varies smoothly with the cost.
type BudgetMatch struct {
	Fighter *Fighter
	// Pool holds the opponents with their costs (PoolCosts, Krowns).
	Pool      []*Fighter
	PoolCosts []int
	Budget    int
	// Field, Deployment, Rounds and Variant are as in Skirmish.
	Field      field.Field
	Deployment float64
	Rounds     int
	Variant    Variant
	// Objectives are the scenario's, as in Skirmish (nil: annihilation).
	Objectives *profiles.Objectives
	// Policy plays the side of Fighter's copies (nil: the default policy);
	// the pool's side plays the default. NoMagic prices a caster that never
	// casts (kharn cost --spells without).
	Policy FightPolicy

	// Tables, when not nil, shares the option tables with the other fights of
	// the run (see Tables); nil shares them between this match's battles only.
	Tables *Tables

	// cache shares the option tables of its fighters between the battles of all
	// its players (one per worker), whatever the numbers fielded, when Tables is nil.
	cache Tables
}

// BudgetPlayer plays the battles of a BudgetMatch; make one per goroutine.
type BudgetPlayer struct {
	m       *BudgetMatch
	players map[budgetKey]*SkirmishPlayer
	plans   budgetPlans // the players' plans, shared by kinds (sim/budget_plans.go)
}

type budgetKey struct{ opponent, a, b int }

// NewPlayer checks the match and returns a player.
func (m *BudgetMatch) NewPlayer() (*BudgetPlayer, error) {
	switch {
	case m.Fighter == nil:
		return nil, errors.New("sim: budget match without a fighter")
	case len(m.Pool) == 0 || len(m.Pool) != len(m.PoolCosts):
		return nil, errors.New("sim: budget match needs an opponent pool with one cost per opponent")
	case m.Budget <= 0:
		return nil, errors.New("sim: budget match needs a positive budget")
	}
	for _, c := range m.PoolCosts {
		if c <= 0 {
			return nil, errors.New("sim: budget match opponents need positive costs")
		}
	}
	return &BudgetPlayer{m: m, players: map[budgetKey]*SkirmishPlayer{}, plans: budgetPlans{}}, nil
}

// count returns how many Safars costing cost Krowns the budget buys, rounded at
// random (see BudgetMatch), at most MaxBudgetSafars.
func (m *BudgetMatch) count(r *rand.PCG, cost float64) int {
	x := float64(m.Budget) / cost
	n := math.Floor(x)
	if float64(r.Uint64()>>11)/(1<<53) < x-n {
		n++
	}
	return int(min(n, MaxBudgetSafars))
}

// Play plays one battle with the studied Safar costing cost Krowns and returns
// its side's score: 1 win, 0.5 draw at the round limit, 0 loss. Every random
// number comes from r, in the same order whatever the cost (common random
// numbers): the opponent, the two roundings, then the battle. A cost that is
// not positive is the caller's bug (balance.Sample refuses such costs): it
// panics saying so, where it used to field a side of no Safar.
func (p *BudgetPlayer) Play(r *rand.PCG, cost float64) float64 {
	if !(cost > 0) {
		panic(fmt.Sprintf("sim: budget match: cost %v Kr is not positive", cost))
	}
	m := p.m
	q, a, b := m.sizes(r, cost) // sim/budget_sizes.go
	switch {
	case a == 0 && b == 0:
		return 0.5
	case a == 0:
		return 0
	case b == 0:
		return 1
	}
	k := budgetKey{q, a, b}
	pl, ok := p.players[k]
	if !ok {
		sk := &Skirmish{Field: m.Field, Deployment: m.Deployment, Rounds: m.Rounds, Variant: m.Variant, Tables: m.Tables,
			Objectives: m.Objectives}
		if sk.Tables == nil {
			sk.Tables = &m.cache
		}
		sk.Policies[0] = m.Policy
		sk.Sides[0] = repeatSide(m.Fighter, a)
		sk.Sides[1] = repeatSide(m.Pool[q], b)
		var err error
		if pl, err = sk.NewPlayer(); err != nil {
			// Deployment is the only thing that can fail here: too many bases for
			// the strip. The match is set up by the caller; this is its bug.
			panic("sim: budget match: " + err.Error())
		}
		p.plans.share(pl, sk.Tables)
		p.players[k] = pl
	}
	switch pl.Play(r).Winner {
	case SideA:
		return 1
	case SideB:
		return 0
	}
	return 0.5
}

// repeatSide is a side of n copies of f, without a leader (the pool's
// profiles are compared without Krowns spent on a leader's aura).
func repeatSide(f *Fighter, n int) Spearhead {
	s := Spearhead{Leader: -1}
	f = grantedCopies(f, n) // the grants of its own card (sim/allies.go)
	for range n {
		s.Safars = append(s.Safars, f)
		s.Costs = append(s.Costs, 0)
	}
	return s
}
