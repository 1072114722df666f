package sim

import "strings"

// budgetPlans shares the exchange plans (engine.plans) of a BudgetPlayer's
// skirmish players that field the same kinds of Safars: the players of one
// opponent at different numbers of Safars a side (issue #13, eleventh round,
// docs/benchmarks.md). A fair-cost search sets up about ten players per
// opponent (each pair of side sizes its costs round to) and plays only a few
// battles with each, so each started with no plan and made again, at tens of
// microseconds each, the plans its twins had made: new plans were a quarter
// of kharn cost's CPU on the 30-profile catalogue.
//
// A plan is a function of its planKey and of what the engine holds for its
// kinds: the kinds' cards (by content, Tables.fighterKey) and sides, the
// option and threat tables made from them, both sides' policies and the rules
// variant (engine.plan reads e.exchange, e.opts, e.threat, e.policies and
// e.variant, never the Safars, their numbers or the table). Within one
// BudgetMatch the policies, variant and tables are the same for every player,
// so engines with the same kinds in the same order make the same plans, to
// the bit: they share one map (TestBudgetPlansShared: the same scores as
// players of their own). A BudgetPlayer, like its plans' lazy caches, is for
// one goroutine at a time.
type budgetPlans map[string]map[planKey]*plan

// share makes the engines of pl use the plans of the players before it with
// the same kinds, t telling cards apart.
// A nil budgetPlans shares nothing.
func (b budgetPlans) share(pl *SkirmishPlayer, t *Tables) {
	if b == nil {
		return
	}
	engines := []*engine{pl.e}
	if pl.edges != nil {
		engines = []*engine{pl.edges.e[0], pl.edges.e[1]}
	}
	for _, e := range engines {
		k := kindsKey(e, t)
		m, ok := b[k]
		if !ok {
			m = e.plans
			b[k] = m
		}
		e.plans = m
	}
}

// kindsKey returns e's kinds of Safars by content, each with its side, in
// order: equal keys, equal plans (budgetPlans).
func kindsKey(e *engine, t *Tables) string {
	var sb strings.Builder
	for k, f := range e.kinds {
		sb.WriteString(t.fighterKey(f))
		sb.WriteByte(byte('0' + e.kindSide[k]))
		sb.WriteByte(0)
	}
	return sb.String()
}
