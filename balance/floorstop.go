package balance

import "fmt"

// zFloorStop is the normal quantile of the test that stops a precision run at
// the floor (settledAtFloor): 3.29, two-sided 99.9%. The run looks after every
// chunk and would stop at the first look where the test holds: at the 95%
// level (1.96), the intervals of fair costs just above the floor (25.5 and
// 27 Kr, floor 25 Kr) held the true cost in 92.0-92.5% of 4000 precision
// searches, against 94.0% without the stop; at 3.29, 94.0% as without it
// (TestSearchCoveragePrecisionNearFloor, docs/cost.md).
const zFloorStop = 3.290526731491926

// settledAtFloor reports whether a precision run may stop with its target
// unmet because the fair cost lies at or below floor (Config.MinCost, zero:
// no floor): the fitted win rate at the floor is below 50%, significantly at
// the level of zFloorStop, so the 95% interval is "at most floor". Below the
// floor the game plays as at the floor, so no number of trials bounds such an
// interval from below, and the verdict it gives ("at most floor":
// over-costed by at least card - floor, or none) is the one a longer run
// would report. A fit that crosses 50% at or above the floor, or whose rate
// at the floor is not that far below 50%, is left to the half-width rule and
// MaxTrials: more trials may still close its interval above the floor.
func (l Logistic) settledAtFloor(floor float64) bool {
	if floor <= 0 || !l.OK {
		return false
	}
	eta, se := l.Logit(floor)
	return eta+zFloorStop*se < 0
}

// floorUnmet is Curve.Unmet for a precision run stopped by settledAtFloor.
func floorUnmet(floor float64) string {
	return fmt.Sprintf("the fair cost lies at or below %.1f Kr, the lowest cost the game tells apart, so its interval is one-sided and the precision run stopped there: no number of trials bounds it from below", floor)
}
