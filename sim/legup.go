package sim

import (
	"math"
	"math/rand/v2"

	"github.com/kharn-ages/kharn/sim/field"
)

// Giving somebody a leg up (seed 000 lines 725-726, seed 004 lines 650-652):
// "cost of the movement + 1 AP for every 2 toises for the Safar who helps";
// "If both Safars are in base to base contact at the bottom of an obstacle of
// 2 toises or more, the ally can spend 1 AP (for each 2 toises), for the
// active Safar to climb over the obstacle without penalty. The active Safar
// must finish his movement over the obstacle as close as possible to the
// Safar who helped him. Moreover, the strength of the ally must be at least
// equal to the constitution of the active Safar."
//
// How the engine reads it (engine.legUp, called by engine.climbInstead
// before a climb alone):
//
//   - the climber stands at the foot of a climbable piece at least
//     legUpMinHeight high (its base within legUpTouch of it), and an ally in
//     play, standing, at that foot too, touches its base (a gap of at most
//     legUpTouch) with P at least the climber's C;
//   - "without penalty": the climb (field.ClimbToward from the foot: onto the
//     top, or over a wall) is a walk, not the climbing action: its length (on
//     the table, up and down) at most the climber's velocity, not halved, for
//     the cost of a walk (R14: the free walk too, a reading: the rule names
//     "the cost of the movement", not the 2 AP of the climbing action). When
//     the walk that brought the climber to the foot is the same action, it is
//     paid first and the leg up is the next walk;
//   - the ally pays 1 AP per 2 toises of height begun (ceil(height / 2), a
//     reading of "for each 2 toises", "pour chaque palier de 2 toises"), from
//     the AP it holds (outside its activation: its reserve);
//   - "as close as possible to the Safar who helped him": the climb ends at
//     the first spot of its line where the base fits, next to the foot where
//     both stood.
//
// Policy: a Safar whose walk toward its target is blocked by a tall piece
// takes the leg up of an ally that is there (none is moved there on purpose)
// when the ally is not engaged (its reserve defends it) and the leg up makes
// the climb possible where it could not climb alone, or saves the climber
// more AP than it costs the ally.

// legUpMinHeight is the smallest obstacle a leg up helps over: "an obstacle
// of 2 toises or more" (seed 000 line 726, seed 004 line 652).
const legUpMinHeight = 2

// legUpTouch is how far apart, in toises, two bases still count as in base
// contact for a leg up, and a base as at the foot of a piece: walks stop
// against bases and pieces at a gap of 0 up to rounding, sidesteps at a few
// hundredths.
const legUpTouch = 0.05

// legUpAP returns the AP the helping ally pays for a leg up over h toises: 1
// per 2 toises begun.
func legUpAP(h float64) int { return int(math.Ceil(h/2 - 1e-9)) }

// legUpHelper returns the ally of Safar i that can give it a leg up onto or
// over piece k, paying ap AP, from where i stands: in play, standing, at the
// foot of k and touching i's base, with P at least i's C and not engaged; the
// one with the most AP left. It returns -1 for none.
func (e *engine) legUpHelper(i, k, ap int) int {
	c := &e.c[i]
	t := &e.field.Terrain[k]
	con := c.f.Stats().C
	best := -1
	for h := range e.c {
		a := &e.c[h]
		if h == i || a.side != c.side || !a.inPlay() || a.ground || a.stunned || a.ap < ap {
			continue
		}
		if a.f.Stats().P < con || field.Gap(c.base(), a.base()) > legUpTouch || t.Dist(a.pos) > a.radius+legUpTouch {
			continue
		}
		if e.engagedAny(h) {
			continue
		}
		if best < 0 || a.ap > e.c[best].ap {
			best = h
		}
	}
	return best
}

// legUp is tried by climbInstead once a walk of Safar i toward Safar j from
// from, costing walk AP, made too little of its way: when i stands at the
// foot of a piece at least legUpMinHeight high with an ally there that can
// help (legUpHelper), and the policy finds it worth it (see the file
// comment), it plays the leg up and reports true. legUp does not allocate.
func (e *engine) legUp(r *rand.PCG, i, j int, from field.Vec, walk int) bool {
	c := &e.c[i]
	goal := e.c[j].pos
	cl, ok := e.field.ClimbToward(c.base(), goal, e.othersOf(i, -1))
	if !ok || cl.Up < legUpMinHeight || e.field.Terrain[cl.Piece].Dist(c.pos) > c.radius+legUpTouch {
		return false
	}
	if cl.To.Dist(goal) > c.pos.Dist(goal)-0.25 || cl.Length > e.velocity(i)+1e-9 {
		return false
	}
	help := legUpAP(cl.Up)
	h := e.legUpHelper(i, cl.Piece, help)
	if h < 0 {
		return false
	}
	// The climber's AP: the walk that brought it here, if it moved, and the
	// leg up, one walk more.
	moved := c.pos.Dist(from) > 1e-9
	cost := walk
	if moved {
		c.walks++
		cost += e.walkCost(i)
		c.walks--
	}
	if cost > c.ap {
		return false
	}
	solo := 99 // the climb alone, as climbInstead would play it
	b := c.base()
	b.Pos = from
	if s, ok := e.field.ClimbToward(b, goal, e.othersOf(i, -1)); ok {
		if n := e.climbCost(i, s.Length); n <= c.ap {
			solo = n
		}
	}
	if solo < 99 && solo-cost <= help {
		return false // cheaper alone
	}
	c.pos = cl.To
	e.aloft = e.aloft || cl.Down == 0 // on a top (see elev)
	c.ap -= cost
	c.spent += cost
	c.walks++
	if moved {
		c.walks++
	}
	a := &e.c[h]
	a.ap -= help
	a.spent += help
	if e.trace != nil {
		how := "onto"
		if cl.Down > 0 {
			how = "over"
		}
		e.tracef("  %s gives %s a leg up (%d AP): it climbs %s a %.1f-toise height (%d AP): %s\n", e.name(h), e.name(i), help, how, cl.Up, cost, e.where(i, j))
	}
	e.enteredTerror(r, i, from)
	e.enteredAmbush(r, i) // sim/ambush.go
	return true
}
