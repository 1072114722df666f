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
// (engine.attack: velocity and Brutal charge, toward j, round what stops it)
// ends within i's reach of j. engine.attack refuses an assault whose walk does
// not, and the activation ended there: a Safar within a straight walk and an
// assault of its target but kept from it by scenery (the ruins' rubble, which
// a Safar of velocity 2 cannot enter, seed 004 lines 590 and 594) tried the
// assault in every activation and never walked (docs/design-skirmish.md,
// "Stalemates on the ruins"). Then it walks in instead (playWell). On a table
// without terrain it reports true without looking (only bases can stop the
// walk there, and open-ground battles stay as they were calibrated:
// docs/design-skirmish.md). It moves nothing and does not allocate.
func (e *engine) assaultWalks(i, j int) bool {
	if len(e.field.Terrain) == 0 {
		return true
	}
	c := &e.c[i]
	from := c.pos
	c.pos, _ = e.destination(i, j, e.velocity(i)+e.info[c.kind].brutal, true)
	ok := e.gap(i, j) <= e.reach(i)+1e-9
	c.pos = from
	return ok
}
