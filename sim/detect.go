package sim

import (
	"math/rand/v2"

	"github.com/kharn-ages/kharn/sim/field"
)

// Detecting, a generic action (seed 000 lines 1137-1139: "Detecting : 2
// AP/aura. When rolling a natural 8+, the miniature detects everything in its
// aura (miniature waiting in ambush, equipment, objectives...)"; seed 004
// lines 1118-1120, "Détecter : 2 PA / aura. Sur un 8+ naturel, la figurine
// détecte tout ce qui se trouve dans son aura (figurine embusquée,
// équipements, objectifs, etc.)"). How the engine reads it:
//
//   - 2 AP (+1 dazed, R17); no condition of being free (the text names none)
//     nor of hands. The roll is the Safar's level dice (R1, +1 Heroic
//     objective), the kept die showing 8 or more as rolled: no characteristic
//     adds to it. As a generic action it is an objectives action (seed 000
//     line 343): objective mastery dice reroll a failure (R4), Master
//     objective once per turn (objectiveRoll with no characteristic and
//     threshold detectFace).
//   - The aura is a sphere of I toises around the centre of the base
//     (skills.md's "Aura"); a Safar in ambush is found only if the whole
//     square of its zone lies inside it (skills.md #18: "A Detect action ...
//     reveals it only if the whole zone square is inside the detector's
//     aura"). On a 15-toise table a zone is a 5-toise square: only a Safar
//     with I >= 4 standing within I - 3.54 toises of the zone's centre covers
//     it.
//   - A Safar found comes out of its ambush (reveal) where its owner places
//     it in its zone (revealSpot: the free place nearest to the nearest
//     enemy); it makes no attack (its surprise is lost: the interrupt is a
//     reveal by an enemy entering its zone, not by being detected) and, now on
//     the table, counts for its side (R15). A Safar already marked out of this
//     round's activations (ambushRound) activates from the next round. With no
//     free place in its zone it stays hidden.
//   - Equipment and objectives in the aura: the scenarios hide none, so there
//     is nothing else to find.
//
// The default policy (detectWorth), before its attacks and walks, unengaged:
// while an enemy is in ambush and the zone where a player expects it
// (expectedZone: the one holding the point halfway between the two
// deployments, where the engine's ambushers wait) is not yet swept by its side
// and lies whole in its aura, it detects when the chance of one try
// (objectiveOdds) times what the ambush would cost its side is worth more than
// the AP spent (apWorth: the attack they would buy, or the defence they would
// keep). The cost: the best ambush attack of a hidden enemy (ambushAttack) on the
// Safar of its side it hurts most, expected damage less counter damage, that
// Safar walking in with one AP paid. A successful detection sweeps the zones
// whole in the aura for its side (no detection there again). The policy
// knows the enemy's cards and its deployment rule, not where it waits.
// Weighing every zone not swept, at the hidden enemies over the zones not
// swept, played no better and worse: the fang witch (I 6) spent 2 to 4 AP a
// battle sweeping the empty corner zones by its deployment (fangs-400 against
// black-guild-400, 6000 battles, seed 2: 11.77% of wins before, 11.63% with
// it) and stopped climbing on the watchtower (TestWatchtowerClimbs).

// detectAP is the cost of Detecting.
const detectAP = 2

// detectFace is the natural face the kept die must show: "a natural 8+".
const detectFace = 8

// zoneInAura reports whether the whole square z lies within r of p.
func zoneInAura(z zoneRect, p [2]float64, r float64) bool {
	for _, x := range [2]float64{z.x0, z.x1} {
		for _, y := range [2]float64{z.y0, z.y1} {
			dx, dy := x-p[0], y-p[1]
			if dx*dx+dy*dy > r*r+1e-9 {
				return false
			}
		}
	}
	return true
}

// auraZones returns the zones (bit k: zone k of side s's numbering) whose
// whole square lies in Safar i's aura.
func (e *engine) auraZones(i, s int) uint16 {
	c := &e.c[i]
	r := e.auraRadius(i)
	var m uint16
	for k, z := range ambushZones(e.field.Width, e.field.Height, s) {
		if zoneInAura(z, [2]float64{c.pos.X, c.pos.Y}, r) {
			m |= 1 << k
		}
	}
	return m
}

// detect plays Detecting of Safar i; it reports whether the activation goes
// on.
func (e *engine) detect(r *rand.PCG, i int) bool {
	c := &e.c[i]
	cost := e.actionCost(i, detectAP)
	if c.hidden || c.ap < cost {
		return false
	}
	c.ap -= cost
	c.spent += cost
	var ok bool
	if e.autoDetect(i) { // a card's automatic Detecting (sim/genericactions.go)
		ok, c.detected = true, true
		if e.trace != nil {
			e.tracef("  %s detects without a roll (card rule)\n", e.name(i))
		}
	} else {
		ok, _ = e.objectiveRoll(r, i, nil, detectFace, false)
	}
	if !ok {
		if e.trace != nil {
			e.tracef("  %s tries to detect and finds nothing (%d AP)\n", e.name(i), cost)
		}
		return true
	}
	if e.trace != nil {
		e.tracef("  %s detects what is in its aura (%d AP)\n", e.name(i), cost)
	}
	foe := 1 - c.side
	e.swept[c.side] |= e.auraZones(i, foe)
	for k := range e.ambush {
		o := &e.c[k]
		if !o.hidden || !o.alive() || o.side == c.side || e.ambush[k] < 0 {
			continue
		}
		if !zoneInAura(e.zoneOf(k), [2]float64{c.pos.X, c.pos.Y}, e.auraRadius(i)) {
			continue
		}
		if p, found := e.revealSpot(k); found {
			if e.trace != nil {
				e.tracef("  %s is detected\n", e.name(k))
			}
			e.reveal(k, p)
		}
	}
	return true
}

// detectWorth reports whether the default policy detects with Safar i now
// (see the top of this file).
func (e *engine) detectWorth(i int, keep bool) bool {
	if e.ambush == nil {
		return false
	}
	c := &e.c[i]
	cost := e.actionCost(i, detectAP)
	if c.hidden || c.ap < cost {
		return false
	}
	foe := 1 - c.side
	hidden := false
	for k := range e.ambush {
		if o := &e.c[k]; o.side == foe && o.hidden && o.alive() && e.ambush[k] >= 0 {
			hidden = true
		}
	}
	// Engaged after the hidden enemies: that walk over the enemies was asked
	// before every action of the side facing an ambush, most of them once
	// the ambusher is out (issue #13, docs/benchmarks.md "Eleventh round:
	// battles").
	if !hidden || e.engagedAny(i) {
		return false
	}
	cover := e.auraZones(i, foe) &^ e.swept[c.side]
	if cover == 0 {
		return false
	}
	// Where the ambusher may wait: the zone a player expects (public: the
	// Safars' starting places).
	x := e.expectedZone(foe)
	if x < 0 || cover&(1<<x) == 0 {
		return false
	}
	// What the ambush attack of the worst hidden enemy would cost the
	// Safar of i's side it hurts most, walking in with one AP paid.
	worst := 0.0
	for k := range e.ambush {
		o := &e.c[k]
		if o.side != foe || !o.hidden || !o.alive() || e.ambush[k] < 0 {
			continue
		}
		for j := range e.c {
			v := &e.c[j]
			if v.side != c.side || !v.inPlay() {
				continue
			}
			if n := e.ambushAttack(k, j); n >= 0 {
				opt := &e.opts[o.kind][v.kind][n]
				a := min(max(v.f.Profile.AP-1, 0), 7)
				worst = max(worst, opt.dmg[bandEffective][a]-opt.ctr[bandEffective][a])
			}
		}
	}
	p, _ := e.objectiveOdds(i, detectFace)
	if e.autoDetect(i) {
		p = 1 // a card's automatic Detecting (sim/genericactions.go)
	}
	gain := p * worst
	return gain > e.apWorth(i, cost, keep)
}

// expectedZone returns the zone of side s's numbering holding the point
// halfway between the centroids of the two sides' starting places, where
// the enemy of s expects a Safar of s in ambush (deployAmbushers' choice),
// -1 when a side has no Safar.
func (e *engine) expectedZone(s int) int {
	var sum [2][2]float64
	var n [2]float64
	for i := range e.c {
		if e.ambush[i] >= 0 {
			continue
		}
		sd := e.c[i].side
		sum[sd][0] += e.start[i].X
		sum[sd][1] += e.start[i].Y
		n[sd]++
	}
	if n[0] == 0 || n[1] == 0 {
		return -1
	}
	mx := (sum[0][0]/n[0] + sum[1][0]/n[1]) / 2
	my := (sum[0][1]/n[0] + sum[1][1]/n[1]) / 2
	for k, z := range ambushZones(e.field.Width, e.field.Height, s) {
		if z.contains(field.Vec{X: mx, Y: my}) {
			return k
		}
	}
	return -1
}
