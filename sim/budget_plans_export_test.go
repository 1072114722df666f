package sim

import "reflect"

// UnsharedPlans makes p's skirmish players keep plans of their own, as before
// budgetPlans.
func UnsharedPlans(p *BudgetPlayer) { p.plans = nil }

// PlanMaps returns how many skirmish players p holds and how many distinct
// plan maps their engines use.
func PlanMaps(p *BudgetPlayer) (players, maps int) {
	seen := map[uintptr]bool{}
	for _, pl := range p.players {
		players++
		seen[reflect.ValueOf(pl.e.plans).Pointer()] = true
		if pl.edges != nil {
			seen[reflect.ValueOf(pl.edges.e[0].plans).Pointer()] = true
			seen[reflect.ValueOf(pl.edges.e[1].plans).Pointer()] = true
		}
	}
	return players, len(seen)
}
