package sim

import "github.com/kharn-ages/kharn/sim/field"

// route returns where Safar i, on base b, stops walking dist toises toward the
// point to round the piece of scenery that stops its straight walk
// (field.RouteWalk: the corners of the piece's rectangle or an octagon round
// its circle, the shortest path), and whether such a piece stopped it and the
// route moved it. Walks that nothing stops never come here (engine.destination
// tries the straight walk first). It does not allocate.
func (e *engine) route(i int, b field.Base, to field.Vec, dist float64, others []field.Base) (field.Vec, bool) {
	if len(e.field.Terrain) == 0 {
		return b.Pos, false
	}
	p, ok := e.field.RouteWalk(b, to, dist, others, e.info[e.c[i].kind].leap)
	return p, ok && p.Dist(b.Pos) > 1e-6
}

// assaultWalks reports whether the walk of an assault by Safar i on Safar j
// ends within i's reach of j (assaultWalk, with all of i's AP to pay a swim).
func (e *engine) assaultWalks(i, j int) bool {
	_, _, ok := e.assaultWalk(i, j, e.c[i].ap)
	return ok
}

// assaultWalk plays, without moving anything, the walk of an assault by
// Safar i on Safar j as engine.attack plays it (velocity and Brutal charge,
// toward j, round what stops it: engine.destination; a swim where it enters
// deep water and i can pay it with ap AP, else cut at the water's edge:
// engine.wade), and returns its AP (walkCost, or swimCost for a swim),
// whether it ends in deep water (where no weapon is used: sim/water.go) and
// whether it ends within i's reach of j. engine.attack refuses an assault
// whose walk does not, before any AP is paid, and the policies offer and
// choose only those that do (playWell, targetValue). Bases stop the walk on
// every table, scenery and water on tables with terrain: a Safar behind an
// ally on open ground (TestRefusedAssaultOpenGround), or kept from its foe by
// the ruins' rubble, which a Safar of velocity 2 cannot enter (seed 004 lines
// 590 and 594: TestAssaultWalks), chose the assault, which was refused, and
// the activation ended with nothing done (docs/design-skirmish.md,
// "Stalemates on the ruins", "Refused assaults"). It does not allocate.
func (e *engine) assaultWalk(i, j, ap int) (cost int, wet, ok bool) {
	c := &e.c[i]
	from := c.pos
	cost = e.walkCost(i)
	c.pos, _ = e.destination(i, j, e.velocity(i)+e.info[c.kind].brutal, true)
	cost, _, _ = e.wade(i, from, cost, ap) // sim/water.go; no-op without terrain
	ok = e.gap(i, j) <= e.reach(i)+1e-9
	wet = e.inWater(i)
	c.pos = from
	return cost, wet, ok
}

// refusedAssault reports whether action a of Safar i, which engine.do did not
// play, was an assault that engine.attack refused before anything was paid or
// moved (i has still spent AP and stands at at, as before it; its walk would not reach, a swim it could not pay, a weapon in deep
// water...), and notes it (combatant.refused) so that the activation goes on
// and the policy chooses again without it. Before, the refusal ended the
// activation with nothing done. Once per target between two actions played:
// a policy that chooses the same assault again ends the activation.
func (e *engine) refusedAssault(i int, a action, spent int, at field.Vec) bool {
	c := &e.c[i]
	if a.kind != actAssault || a.target < 0 || c.refused == a.target+1 || c.spent != spent || c.pos != at || !c.inPlay() || c.ground || c.stunned {
		return false
	}
	c.refused = a.target + 1
	return true
}
