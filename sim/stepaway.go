package sim

import (
	"math"

	"github.com/kharn-ages/kharn/sim/field"
)

// This file plays the direction of a V effect's free move away: it "happens in
// any direction you want" (seed 000 lines 802 and 858; seed 004 lines 743 and
// 801: "dans la direction de son choix"). A repel has no choice: it goes
// straight away from the repelling Safar (seed 000 line 812, seed 004 line
// 751: "dans la direction opposée"; field.Repel), nor does a frightened
// Safar's flight (seed 000 line 1332, "directly in the opposite direction").
//
// Only the V effect of an attack the policy chose (positionValue weighs the
// move with vStepTo) takes the direction; the free moves of skills, which the
// policies do not choose (Harassment, Survival instinct), and a walk away
// (actAway) still go straight away (engine.destination; round the scenery
// that stops them, engine.routeAway, sim/walks.go): sliding those along
// the edge whenever it escaped moved kharns-300 against kherops-300 from
// 39.7% to 42.4% (20 000 battles, seed 3): the shock vanguard's Harassment
// steps slid and its side lost more (docs/policies.md, "The fall's paid walk,
// a step along the table's edge").

// vStep moves Safar i, after a V effect, dist toises away from Safar j
// (stepAway): the free move of a Safar that would rather shoot.
func (e *engine) vStep(i, j int, dist float64) {
	e.c[i].pos = e.vStepTo(i, j, dist)
}

// vStepTo returns where vStep would move Safar i; it moves nothing.
func (e *engine) vStepTo(i, j int, dist float64) field.Vec {
	b := e.c[i].base()
	d := b.Pos.Sub(e.c[j].pos)
	l := d.Len()
	if !(l > 0) {
		return b.Pos
	}
	return e.freeSwim(i, b.Pos, e.stepAway(i, b, d.Scale(1/l), dist, e.othersOf(i, -1))) // sim/walks.go
}

// stepAway returns where Safar i, on base b, ends a move of dist toises away
// along u (a unit vector, straight away from the Safar it leaves). Straight
// away when nothing cuts the move short. When the table's edge, an obstacle or
// a base does (a shooter deployed with its back to the edge stepped nowhere:
// docs/policies.md, "The paid walk"), it goes in the direction it chooses:
// of the straight move, the headings of sidesteps, the two square to u and
// the two along each of the table's edges (a base against an edge slides
// along it), the one that ends farthest beyond the walk and assault of the
// nearest enemy, then least within the others' (awayMargin); the straight
// move unless another is strictly better, and unless none ends beyond every
// enemy's walk and assault. It does not allocate.
func (e *engine) stepAway(i int, b field.Base, u field.Vec, dist float64, others []field.Base) field.Vec {
	pos := e.walk(i, b, b.Pos.Add(u.Scale(dist)), dist, others)
	if b.Pos.Dist(pos) >= dist-1e-6 {
		return pos
	}
	best := pos
	bm, bw := e.awayMargin(i, pos)
	if p, ok := e.route(i, b, b.Pos.Add(u.Scale(dist)), dist, others); ok {
		// Round the scenery that cut it short (sim/walks.go).
		if m, w := e.awayMargin(i, p); farther(m, w, bm, bw) {
			best, bm, bw = p, m, w
		}
	}
	for n := range len(sidesteps) + 6 {
		var v field.Vec
		switch {
		case n < len(sidesteps):
			sin, cos := sidestepTurns[n].sin, sidestepTurns[n].cos // sim/turns.go
			v = field.Vec{X: u.X*cos - u.Y*sin, Y: u.X*sin + u.Y*cos}
		case n == len(sidesteps):
			v = field.Vec{X: -u.Y, Y: u.X}
		case n == len(sidesteps)+1:
			v = field.Vec{X: u.Y, Y: -u.X}
		default: // along the table's edges: exactly, so that a base against one slides
			v = axes[n-len(sidesteps)-2]
		}
		p := e.walk(i, b, b.Pos.Add(v.Scale(dist)), dist, others)
		if m, w := e.awayMargin(i, p); farther(m, w, bm, bw) {
			best, bm, bw = p, m, w
		}
	}
	if bm <= 0 {
		// Still within an enemy's walk and assault: out of contact, it would
		// hand that enemy an assault (R8a) for nothing; it stays where the
		// straight move stops.
		return pos
	}
	return best
}

// axes are the four directions along the table's edges.
var axes = [...]field.Vec{{X: 1}, {X: -1}, {Y: 1}, {Y: -1}}

// awayMargin returns how far Safar i standing at p would be beyond the walk
// and assault (assaultReach) of the nearest enemy in play: the smallest over
// them of its gap less their assault reach (+Inf with no enemy in play); and,
// to tell apart places equally far from the nearest, the sum over them of how
// far within it stands (the negative ones).
func (e *engine) awayMargin(i int, p field.Vec) (nearest, within float64) {
	nearest = math.Inf(1)
	for k := range e.c {
		o := &e.c[k]
		if o.side == e.c[i].side || !o.inPlay() {
			continue
		}
		dx, dy := p.X-o.pos.X, p.Y-o.pos.Y
		m := math.Sqrt(dx*dx+dy*dy) - e.c[i].radius - o.radius - e.assaultReach(k)
		nearest = min(nearest, m)
		within += min(m, 0)
	}
	return nearest, within
}

// farther reports whether margins (a, aw) of awayMargin are strictly better
// than (b, bw): farther beyond the nearest enemy, or as far and less within
// the others.
func farther(a, aw, b, bw float64) bool {
	if math.Abs(a-b) > 1e-9 {
		return a > b
	}
	return aw > bw+1e-9
}
