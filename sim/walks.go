package sim

import "github.com/kharn-ages/kharn/sim/field"

// This file routes the walks that went straight before (issue #11, policies)
// with the router of assault walks (engine.route, field.RouteWalk), steers
// the policies' walks round deep water, and plays a free move into water as
// a swim. Nothing here acts on a table without terrain: there nothing but
// bases stops a walk and open-ground battles stay as they were.
//
//   - A walk away (actAway; the free moves of Harassment and Survival
//     instinct, engine.destination) stopped by scenery before a quarter of
//     its way goes round the piece toward the point straight away
//     (routeAway), when that ends farther from the Safar it leaves. A V
//     effect's free move away (engine.stepAway) weighs that route with its
//     other directions. A frightened Safar's flight still goes straight away
//     (seed 000 line 1332, "directly in the opposite direction": flee).
//   - A walk to an objective (engine.goTo) goes round the scenery that stops
//     it as a walk toward an enemy does (walkToPoint).
//   - A walk toward an enemy or an objective whose straight line enters deep
//     water goes the dry way round it (field.RouteDry) when that way is no
//     longer than the straight walk's movement, the stretch in water counted
//     twice (water halves velocity, seed 000 line 654, seed 004 line 589),
//     or whatever its length when the Safar cannot swim (a metal or stone
//     armour, seed 000 line 736): dryWay. The swim's 2 AP (seed 000 line
//     734) are not weighed.
//   - A free move (a V effect, Harassment, Survival instinct, a flight)
//     into deep water is a swim, "the only movement allowed to move in deep
//     water" (seed 000 lines 734-736, seed 004 lines 676-680): at half speed
//     there (field.Walk), and a Safar that cannot swim stops at the water's
//     edge (freeSwim). Reading: it stays free; the 2 AP of Swimming are the
//     price of the action, which a free move is not (as the free move of a
//     V effect costs no walk).

// walkToPoint returns where Safar i, on base b, stops walking dist toises
// toward the point to (an objective): the dry way round deep water (dryWay);
// else the straight walk (field.Walk) when it gets a quarter of its way; else
// round the piece of scenery that stops it (engine.route). It does not
// allocate.
func (e *engine) walkToPoint(i int, b field.Base, to field.Vec, dist float64, others []field.Base) field.Vec {
	e.dry = false
	pos := e.field.Walk(b, to, dist, others)
	if len(e.field.Terrain) == 0 {
		return pos
	}
	if p, ok := e.dryWay(i, b, to, dist, others); ok {
		return p
	}
	if b.Pos.Dist(pos) >= min(dist, b.Pos.Dist(to))/4 {
		return pos
	}
	if p, ok := e.route(i, b, to, dist, others); ok {
		return p
	}
	return pos
}

// dryWay returns where Safar i, on base b, stops walking dist toises along
// the dry way round the deep water that the straight line to to enters
// (field.RouteDry), and whether it takes that way: not standing in water,
// the way found, no longer than the straight line plus its stretch in water
// (a toise of water costs two of movement) unless i cannot swim, and moving
// it. It notes the walk as dry (engine.dry: it enters no water, wade leaves
// it a walk). It does not allocate.
func (e *engine) dryWay(i int, b field.Base, to field.Vec, dist float64, others []field.Base) (field.Vec, bool) {
	if len(e.field.Terrain) == 0 || e.field.On(b.Pos, field.Water) {
		return b.Pos, false
	}
	leap := e.info[e.c[i].kind].leap
	if _, wet := e.field.WaterEntry(b, to, leap); !wet {
		return b.Pos, false
	}
	p, length, ok := e.field.RouteDry(b, to, dist, others, leap)
	if !ok || p.Dist(b.Pos) <= 1e-6 {
		return b.Pos, false
	}
	if straight := b.Pos.Dist(to) + e.field.WaterStretch(b.Pos, to); length > straight+1e-9 && !e.metalArmour(i) {
		return b.Pos, false
	}
	e.dry = true
	return p, true
}

// routeAway returns where Safar i, on base b, ends a walk of dist toises away
// from Safar j toward the point away (straight away, dist toises off) round
// the scenery that stops it, and whether it goes that way: the straight walk
// (which ended at pos) stopped before a quarter of its way by a piece
// engine.route goes round, and the route ending farther from j.
func (e *engine) routeAway(i, j int, b field.Base, away field.Vec, dist float64, others []field.Base, pos field.Vec) (field.Vec, bool) {
	if len(e.field.Terrain) == 0 || b.Pos.Dist(pos) >= dist/4 {
		return pos, false
	}
	p, ok := e.route(i, b, away, dist, others)
	if !ok || p.Dist(e.c[j].pos) <= pos.Dist(e.c[j].pos)+1e-9 {
		return pos, false
	}
	return p, true
}

// flee moves Safar i dist toises straight away from Safar j, as a flight
// goes (seed 000 line 1332), a swim into water (freeSwim).
func (e *engine) flee(i, j int, dist float64) {
	c := &e.c[i]
	b := c.base()
	d := b.Pos.Sub(e.c[j].pos)
	l := d.Len()
	if !(l > 0) {
		return
	}
	c.pos = e.walk(i, b, b.Pos.Add(d.Scale(dist/l)), dist, e.othersOf(i, -1))
	c.pos = e.freeSwim(i, b.Pos, c.pos)
}

// freeMove moves Safar i by a free move of dist toises toward (or away from)
// Safar j (engine.move), a swim into water (freeSwim).
func (e *engine) freeMove(i, j int, dist float64, toward bool) {
	from := e.c[i].pos
	e.move(i, j, dist, toward)
	e.c[i].pos = e.freeSwim(i, from, e.c[i].pos)
}

// freeSwim returns where a free move of Safar i from from to to ends: at to,
// unless it enters deep water and i cannot swim (metalArmour), where it stops
// at the water's edge, as a walk does (engine.wade; it stays put when it
// starts there). The line from from to to stands for the move. It does not
// allocate.
func (e *engine) freeSwim(i int, from, to field.Vec) field.Vec {
	if len(e.field.Terrain) == 0 || !e.metalArmour(i) {
		return to
	}
	b := e.c[i].base()
	b.Pos = from
	s, wet := e.field.WaterEntry(b, to, e.info[e.c[i].kind].leap)
	if !wet {
		return to
	}
	if l := to.Dist(from); s-waterHair > 1e-6 && l > 0 {
		return from.Add(to.Sub(from).Scale(min(s-waterHair, l) / l))
	}
	return from
}
