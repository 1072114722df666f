package sim

import (
	"math"
	"math/rand/v2"

	"github.com/kharn-ages/kharn/sim/dice"
	"github.com/kharn-ages/kharn/sim/field"
)

// Heights on the battlefield (sim/field/climb.go): scenery taller than 1.5
// toises is climbed, stood on and fallen from.
//
//   - Stepping over an obstacle (seed 000 lines 721-723, seed 004 lines
//     648-649): scenery up to 1.5 toises high is crossed by a walk, not slowed
//     (field.Walk, as before).
//   - Climbing (seed 000 lines 727-732 and the example of line 740, seed 004
//     lines 654-674): "2 AP", "The movement is divided by 2", "mandatory as
//     soon as an obstacle is more than 1.5 toise high", "He must overcome the
//     entire obstacle during his activation by spending the necessary AP, even
//     if he must repeat this action several times. The free walk [...] cannot
//     be used for this action and can't be performed afterwards. No matter how
//     many AP you spent [...] it only counts as one movement." A climb
//     (field.ClimbToward: onto a top, over a wall, or down) of length L toises
//     (its way on the table plus the heights up and down) takes
//     ceil(L / (V/2)) climbing actions of 2 AP each (+1 each dazed, R17), all
//     paid at once: with fewer AP there is no climb. It counts as one movement
//     (walks + 1: the next walk costs as after any other; a first climb spends
//     the free walk). A walk toward a target climbs where going round failed:
//     when the walk, route round the piece and sidesteps included
//     (engine.destination, engine.route), made less than a
//     quarter of its way and the climb ends nearer the target
//     (engine.climbInstead).
//   - Standing on top: a Safar whose centre stands on a climbable piece's
//     footprint is at its height (field.Elevation). Its zone of control "is as
//     high as its base diameter" (seed 000 line 621, seed 004 line 560): two
//     Safars whose heights differ by more than the larger base's diameter (1
//     toise for 40 mm) are that excess farther apart (engine.gap adds it in
//     quadrature: a melee needs a reach that spans it, shots measure it as
//     range). Reading: the rulebook compares each Safar's own base ("la Goulue
//     est engagée avec Tarsak, mais pas l'inverse"); here the larger base
//     counts both ways. An assault never changes height: it is not tried on a
//     Safar at another height (playWell). Lines of sight start from a Safar's
//     elevation (field.LineOfSight), and the top a Safar stands on gives no
//     cover to it nor against its shots (field.Cover). A shot from more than
//     2 toises above or below its target takes +2 or -2 (seed 000 lines
//     970-975, seed 004 lines 919-923; Exchange.Height through
//     planKey.height); the policies choose their shots from option tables on
//     level ground.
//   - Falling (seed 000 lines 754-774, seed 004 lines 692-713): a Safar
//     repelled over the edge of a top falls unintentionally (field.RepelFall);
//     one whose walk toward a target leaves a top no higher than its A jumps
//     down on purpose (an intentional fall, part of the walk, at its cost); a
//     higher top it climbs down, or, without the AP and no higher than A +
//     level, jumps (engine.fallFrom, fallRoll).
//
// Heights in toises are counted per whole toise begun for the landing tests'
// "+1 (or +2) per toise of fall height" and the "C + height" damage (a
// reading: the books give whole heights). A leg up from an ally at the foot
// (seed 000 lines 725-726, seed 004 lines 650-652) is tried before a climb
// alone: sim/legup.go; a jump over a gap the scenario names to another top
// before a climb down: sim/gap.go. Not played: walks to an objective, walks
// away and free moves (V effects, flights) do not climb (a walk on a top stops
// at its edge); the policies do not seek heights: they climb only where their
// walk toward a target is blocked.

// shotHeightToises is the height planKey.height stands for in Exchange.Height:
// any difference of more than 2 toises gives the same modifier.
const shotHeightToises = 3

// shotHeight returns planKey.height for a shot of Safar i at Safar j: +1
// when i stands more than 2 toises above j, -1 more than 2 below, else 0
// ("more than 2 toises of height difference between the shooter and his
// target", seed 000 lines 970-975, seed 004 lines 919-923; Exchange.Height).
func (e *engine) shotHeight(i, j int) int8 {
	if !e.aloft {
		return 0
	}
	switch d := e.elev(i) - e.elev(j); {
	case d > 2:
		return 1
	case d < -2:
		return -1
	}
	return 0
}

// climbAP is the cost of one climbing action (seed 000 line 727, seed 004
// line 654).
const climbAP = 2

// initHeights notes whether the table has heights, and that no Safar stands
// on one yet (engine.reset).
func (e *engine) initHeights() { e.heights, e.aloft = e.field.HasHeights(), false }

// elev returns the height Safar i stands at (field.Elevation), looked up
// again only when it has moved. Until a climb brings a Safar on a top (aloft),
// every Safar stands on the ground: a base on the ground never overlaps a
// climbable piece (field.Fits, field.Walk), so only a climb gets one up.
// Looking heights up in every gap before then cost 30% of the CPU time of
// battles on the ruins, where no Safar climbs (kharn skirmish kharns-300
// kherops-300 --scenario ruins --trials 4000 --workers 1: 3.2-3.4 user s
// against 2.5).
func (e *engine) elev(i int) float64 {
	c := &e.c[i]
	if !e.aloft {
		return 0
	}
	if !c.elevOK || c.elevAt != c.pos {
		c.elev, c.elevAt, c.elevOK = e.field.Elevation(c.pos), c.pos, true
	}
	return c.elev
}

// heightExcess returns by how much the heights of Safars i and j differ
// beyond the larger base's size, 0 when their zones meet in height.
func (e *engine) heightExcess(i, j int) float64 {
	if !e.aloft {
		return 0
	}
	return max(math.Abs(e.elev(i)-e.elev(j))-2*max(e.c[i].radius, e.c[j].radius), 0)
}

// liftGap returns the gap g between Safars i and j on the table with their
// height excess added in quadrature (see the file comment).
func (e *engine) liftGap(i, j int, g float64) float64 {
	if h := e.heightExcess(i, j); h > 0 {
		return math.Hypot(max(g, 0), h)
	}
	return g
}

// apart reports whether Safars i and j stand at heights no walk joins: an
// assault from one to the other is not tried.
func (e *engine) apart(i, j int) bool { return e.heightExcess(i, j) > 0 }

// climbCost returns the AP of a climb of length toises by Safar i: a climbing
// action per V/2 toises, 2 AP each (+1 dazed), 99 when it cannot climb.
func (e *engine) climbCost(i int, length float64) int {
	v := e.velocity(i)
	if !(v > 0) || e.c[i].fx.immobile {
		return 99
	}
	n := int(math.Ceil(length/(v/2) - 1e-9))
	return max(n, 1) * e.actionCost(i, climbAP)
}

// climbInstead is called once a walk of Safar i toward Safar j from from
// left it at e.c[i].pos for walk AP. When that walk started on a top (which
// it cannot leave: field.Walk stops at the edge), or made less than a quarter
// of its way (a tall piece in the way), and a climb along the straight line
// ends nearer to j by more than a quarter toise, it plays the climb (or the
// jump down) in its place and reports true. A jump down is the walk's: it
// lands within the walk's velocity and a base's width of from, at the walk's
// cost. climbInstead does not allocate.
func (e *engine) climbInstead(r *rand.PCG, i, j int, from field.Vec, walk int) bool {
	c := &e.c[i]
	goal := e.c[j].pos
	l := from.Dist(goal)
	want := min(e.velocity(i), max(l-c.radius-e.c[j].radius, 0))
	if l-c.pos.Dist(goal) >= want/4 && !(e.aloft && e.field.Platform(from) >= 0) {
		return false // (only a climb gets a Safar on a top: see elev)
	}
	if e.legUp(r, i, j, from, walk) { // sim/legup.go
		return true
	}
	b := c.base()
	b.Pos = from
	cl, ok := e.field.ClimbToward(b, goal, e.othersOf(i, -1))
	if e.aloft && e.jumpGap(r, i, j, from, walk, cl, ok) { // sim/gap.go
		return true
	}
	if !ok || cl.To.Dist(goal) > c.pos.Dist(goal)-0.25 {
		return false
	}
	st := c.f.Stats()
	cost := e.climbCost(i, cl.Length)
	jump := cl.Up == 0 && walk <= c.ap && cl.To.Dist(from) <= e.velocity(i)+2*c.radius && (cl.Down <= float64(st.A) ||
		cost > c.ap && cl.Down <= float64(st.A+c.f.Profile.Level))
	if !jump && cost > c.ap {
		return false
	}
	c.pos = cl.To
	e.aloft = e.aloft || cl.Down == 0 // on a top (see elev)
	if jump {
		cost = walk
	}
	c.ap -= cost
	c.spent += cost
	c.walks++
	if e.trace != nil {
		how := "climbs over"
		switch {
		case jump:
			how = "jumps down from"
		case cl.Down == 0:
			how = "climbs onto"
		case cl.Up == 0:
			how = "climbs down from"
		}
		e.tracef("  %s %s a %.1f-toise height (%d AP): %s\n", e.name(i), how, max(cl.Up, cl.Down), cost, e.where(i, j))
	}
	if jump {
		e.fallFrom(r, i, -1, cl.Down, true)
	}
	if c.inPlay() {
		e.enteredTerror(r, i, from)
		e.enteredAmbush(r, i) // sim/ambush.go
	}
	return true
}

// fallFrom plays the fall of Safar i from h toises (by: whoever pushed it, -1
// none), intentional or not (seed 000 lines 754-774, seed 004 lines 692-713).
func (e *engine) fallFrom(r *rand.PCG, i, by int, h float64, intentional bool) {
	c := &e.c[i]
	st := c.f.Stats()
	dmg, ground := fallRoll(r, st.C, st.A, h, intentional)
	if e.trace != nil {
		how := "falls"
		if intentional {
			how = "lands"
		}
		e.tracef("    %s %s from %.1f toises: %d HP%s\n", e.name(i), how, h, dmg, map[bool]string{true: ", on the ground", false: ""}[ground])
	}
	if dmg > 0 {
		e.hurtFrom(i, by, dmg) // a card's any_source reduction (sim/wards.go)
	}
	if ground {
		e.fall(i)
	}
}

// fallRoll rolls a fall from h toises of a Safar of constitution con and
// agility agi, and returns the HP it loses and whether it ends on the
// ground. From no higher than A: a die, a critical failure costs C HP
// (intentional: on a 1; unintentional: on 1 and 2). Higher: the landing test
// C + A + 1D10 >= 10 + 1 per toise (intentional) or + 2 per toise
// (unintentional), a natural 1 failing (R3); a failure costs C HP
// (intentional) or C + height HP (unintentional) and leaves it on the ground.
func fallRoll(r *rand.PCG, con, agi int, h float64, intentional bool) (dmg int, ground bool) {
	d := dice.D10(r)
	if h <= float64(agi) {
		cf := 1
		if !intentional {
			cf = 2
		}
		if d <= cf {
			return con, false
		}
		return 0, false
	}
	toises := int(math.Ceil(h - 1e-9))
	per := 2
	if intentional {
		per = 1
	}
	if d > 1 && con+agi+d >= 10+per*toises {
		return 0, false
	}
	if intentional {
		return con, true
	}
	return con + toises, true
}
