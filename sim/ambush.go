package sim

import (
	"math"
	"math/rand/v2"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// Ambush (skills.md #18; seed 000 lines 1580-1594, seed 004 lines 1525-1545):
// "a Safar with the ambush skill can deploy anywhere on the table without
// taking into account the scenario impositions. This miniature card is only
// considered (account of the Spearhead levels, miniature activation) as soon
// as this miniature performs an action." It waits in one of nine zones (the
// table cut 3 x 3) and reveals itself either when an enemy enters its zone,
// interrupting the enemy's activation to "perform one and only one offensive
// action", or on its own activation, "where it waits in its ambush zone".
//
// How the skirmish engine plays it:
//   - A hidden Safar is off the table (hiddenPos): nobody sees, targets,
//     engages or bumps into it, and it supports no one. It is still in play (a
//     Spearhead with a Safar in ambush is not wiped out).
//   - Its level does not count in its side's initiative total (R15), nor does
//     it count among its side's Safars for who starts a round.
//   - The zone is the policy's choice (ambushZone): the one holding the point
//     halfway between the two sides' deployments, which the enemy crosses to
//     come at its Spearhead.
//   - An enemy that ends a walk, or the walk of an assault, with its centre
//     in the zone is interrupted: the Safar in ambush is placed in its zone
//     in base contact with it and makes one melee attack (its best by expected
//     damage less counter damage), which costs no AP (skills.md's recommended
//     reading); it activates normally later. With no place in contact inside
//     the zone it stays hidden.
//   - At the start of each round the policy decides whether it reveals itself
//     on its activation this round (ambushReveals): when it can reach an
//     enemy from its zone with its free walk, when no ally is left on the
//     table, or from round ambushPatience on; it comes out at the place of
//     its zone nearest to the nearest enemy. Otherwise it does not activate
//     and, not being counted, takes no activation from its side.
//
//   - The precision some cards give it ("+2 au seuil et +1 dgt à la première
//     attaque", data "ambush: {first_attack: {threshold: 2, damage: 1}}") is
//     played on its first attack after the reveal, melee or shot, whether the
//     interrupt's or its activation's: the threshold bonus adds to the attack
//     threshold (the engaged characteristics plus the kept die, "seuil
//     d'attaque", seed 004 lines 242 and 605-607, like the assault's stature,
//     line 646), the damage bonus to the damage of that attack, not to its
//     free attacks (Exchange.AttackBonus, DamageBonus). A reveal with no
//     attack before the Safar's next attack keeps it for that attack.
//
// The Detect action that finds it: sim/detect.go.
//
// Not played: a shot as its offensive action, an enemy's V move or repel entering the zone (only
// walks and assaults trigger), and sending an ally back into ambush (spells).

// hiddenPos is where a Safar in ambush waits: far off the table, where no
// walk, line, aura or range reaches.
var hiddenPos = field.Vec{X: -1e4, Y: -1e4}

// ambushPatience is the round from which a Safar still in ambush reveals
// itself on its own activation whatever the enemy does.
const ambushPatience = 3

// zoneRect is an ambush zone, an axis-aligned rectangle of the table.
type zoneRect struct{ x0, y0, x1, y1 float64 }

// contains reports whether p lies in z.
func (z zoneRect) contains(p field.Vec) bool {
	return p.X >= z.x0-field.Epsilon && p.X <= z.x1+field.Epsilon && p.Y >= z.y0-field.Epsilon && p.Y <= z.y1+field.Epsilon
}

// clamp returns the point of z, shrunk by r on every side, nearest to p.
func (z zoneRect) clamp(p field.Vec, r float64) field.Vec {
	return field.Vec{X: min(max(p.X, z.x0+r), z.x1-r), Y: min(max(p.Y, z.y0+r), z.y1-r)}
}

// dist returns the distance from p to z, 0 inside.
func (z zoneRect) dist(p field.Vec) float64 {
	dx := max(z.x0-p.X, 0, p.X-z.x1)
	dy := max(z.y0-p.Y, 0, p.Y-z.y1)
	return math.Hypot(dx, dy)
}

// ambushZones returns the nine zones of a width x height table, zone 1 to 9
// (index 0 to 8) in reading order from the side of the owner (side 0 along
// y = 0): "Zone 1 Zone 2 Zone 3 ... Zone 9" (seed 000 lines 1586-1589).
func ambushZones(width, height float64, side int) [9]zoneRect {
	var z [9]zoneRect
	for k := range 9 {
		row, col := k/3, k%3
		x0, x1 := width*float64(col)/3, width*float64(col+1)/3
		y0, y1 := height*float64(row)/3, height*float64(row+1)/3
		if side == 1 { // seen from the far edge
			x0, x1 = width-x1, width-x0
			y0, y1 = height-y1, height-y0
		}
		z[k] = zoneRect{x0, y0, x1, y1}
	}
	return z
}

// deployAmbushers chooses the zone of each Safar with Ambush (the default
// policy's choice: the zone holding the point halfway between the centroids
// of the two sides' other Safars) and records it; reset hides them. It is a
// skirmish's deployment: a duel plays no ambush.
func (e *engine) deployAmbushers() {
	var sum [2]field.Vec
	var n [2]float64
	for i := range e.c {
		if _, ok := e.c[i].f.Profile.Skill(profiles.SkillAmbush); ok {
			continue
		}
		s := e.c[i].side
		sum[s] = sum[s].Add(e.start[i])
		n[s]++
	}
	mid := field.Vec{X: e.field.Width / 2, Y: e.field.Height / 2}
	if n[0] > 0 && n[1] > 0 {
		mid = sum[0].Scale(1 / n[0]).Add(sum[1].Scale(1 / n[1])).Scale(0.5)
	}
	for i := range e.c {
		if _, ok := e.c[i].f.Profile.Skill(profiles.SkillAmbush); !ok {
			continue
		}
		if e.ambush == nil {
			e.ambush = make([]int8, len(e.c))
			for k := range e.ambush {
				e.ambush[k] = -1
			}
		}
		zones := ambushZones(e.field.Width, e.field.Height, e.c[i].side)
		for k, z := range zones {
			if z.contains(mid) {
				e.ambush[i] = int8(k)
				break
			}
		}
	}
}

// zoneOf returns the ambush zone of Safar i.
func (e *engine) zoneOf(i int) zoneRect {
	return ambushZones(e.field.Width, e.field.Height, e.c[i].side)[e.ambush[i]]
}

// hideAmbushers puts the Safars with an ambush zone in ambush, off the table
// (called by reset).
func (e *engine) hideAmbushers() {
	e.swept = [2]uint16{}
	for i, z := range e.ambush {
		if z >= 0 {
			e.c[i].hidden, e.c[i].pos, e.c[i].ranged = true, hiddenPos, false
		}
	}
}

// visible counts the Safars of side s in play and on the table (not in
// ambush): those that count for who starts a round (R15, Ambush).
func (e *engine) visible(s int) int {
	n := 0
	for i := range e.c {
		if c := &e.c[i]; c.side == s && c.inPlay() {
			n++
		}
	}
	return n
}

// ambushRound decides, at the start of a round, whether each Safar in ambush
// reveals itself on its activation this round (ambushReveals); one that does
// not is marked as activated: it takes no activation from its side.
func (e *engine) ambushRound() {
	for i := range e.ambush {
		if c := &e.c[i]; c.hidden && c.alive() && !e.ambushReveals(i) {
			c.acted = true
		}
	}
}

// ambushReveals reports whether Safar i, in ambush, reveals itself on its
// activation this round: an enemy on the table it can reach from its zone
// with its free walk (velocity, Brutal charge, reach: it assaults it), no ally
// left on the table, or round ambushPatience.
func (e *engine) ambushReveals(i int) bool {
	c := &e.c[i]
	if e.round >= ambushPatience || e.visible(c.side) == 0 {
		return true
	}
	z := e.zoneOf(i)
	near := e.velocity(i) + e.info[c.kind].brutal + e.reach(i) + c.radius
	for j := range e.c {
		if o := &e.c[j]; o.side != c.side && o.inPlay() && !o.hidden && z.dist(o.pos) <= near+o.radius {
			return true
		}
	}
	return false
}

// reveal puts Safar i, in ambush, on the table at p.
func (e *engine) reveal(i int, p field.Vec) {
	c := &e.c[i]
	c.hidden, c.pos = false, p
	if t, d := ambushBonus(c.f); t != 0 || d != 0 {
		c.ambushFirst = true
	}
	c.ranged = c.f.Ranged != nil && !e.engagedAny(i)
	if e.trace != nil {
		e.tracef("  %s comes out of its ambush in zone %d: %s\n", e.name(i), e.ambush[i]+1, e.where(i, -1))
	}
}

// revealSpot returns where Safar i, in ambush and activated, is placed in its
// zone: the free place of the zone nearest to the nearest enemy on the table
// (the zone's centre when none), and whether there is one.
func (e *engine) revealSpot(i int) (field.Vec, bool) {
	c := &e.c[i]
	z := e.zoneOf(i)
	aim := field.Vec{X: (z.x0 + z.x1) / 2, Y: (z.y0 + z.y1) / 2}
	best := math.Inf(1)
	for j := range e.c {
		if o := &e.c[j]; o.side != c.side && o.inPlay() && !o.hidden {
			if d := z.dist(o.pos); d < best {
				best, aim = d, o.pos
			}
		}
	}
	others := e.othersOf(i, -1)
	st := c.f.Profile.Stature
	p := z.clamp(aim, c.radius)
	if e.field.Fits(field.NewBase(p, st), others) {
		return p, true
	}
	// Rings of 1/4 toise around the clamped point, 16 headings each.
	for ring := 1; ring <= 60; ring++ {
		for h := range 16 {
			s, co := math.Sincos(float64(h) * math.Pi / 8)
			q := field.Vec{X: p.X + co*float64(ring)/4, Y: p.Y + s*float64(ring)/4}
			if z.contains(q) && e.field.Fits(field.NewBase(q, st), others) {
				return q, true
			}
		}
	}
	return field.Vec{}, false
}

// enteredAmbush plays the interrupt of the Safars in ambush whose zone enemy
// j has just entered with a walk: each is placed in base contact with j
// inside its zone and makes one melee attack at no AP (see the top of this
// file). It does nothing for a Safar with no place in contact in its zone.
func (e *engine) enteredAmbush(r *rand.PCG, j int) {
	if e.ambush == nil {
		return
	}
	for i := range e.ambush {
		c := &e.c[i]
		if !c.hidden || !c.alive() || c.side == e.c[j].side || !e.c[j].inPlay() {
			continue
		}
		z := e.zoneOf(i)
		if !z.contains(e.c[j].pos) {
			continue
		}
		p, ok := e.contactSpot(i, j, z)
		if !ok {
			continue
		}
		if e.trace != nil {
			e.tracef("  %s enters zone %d: ambush\n", e.name(j), e.ambush[i]+1)
		}
		e.reveal(i, p)
		opt := e.ambushAttack(i, j)
		if opt < 0 {
			continue
		}
		// The one offensive action costs no AP: it is lent and taken back.
		ap := c.ap
		c.ap = e.opts[c.kind][e.c[j].kind][opt].attack.AP
		e.lent = true // no AP aura's tax, not its first attack (sim/apauras.go)
		e.attack(r, i, action{kind: actAttack, opt: opt, target: j})
		e.lent = false
		c.ap = ap
	}
}

// contactSpot returns a place in zone z where Safar i stands in base contact
// with j and fits, the one nearest to i's zone centre, and whether there is one.
func (e *engine) contactSpot(i, j int, z zoneRect) (field.Vec, bool) {
	c, o := &e.c[i], &e.c[j]
	others := e.othersOf(i, -1)
	centre := field.Vec{X: (z.x0 + z.x1) / 2, Y: (z.y0 + z.y1) / 2}
	d := c.radius + o.radius
	best, bd, found := field.Vec{}, math.Inf(1), false
	for h := range 24 {
		s, co := contactTurns[h].sin, contactTurns[h].cos // math.Sincos(h·π/12), sim/turns.go
		q := field.Vec{X: o.pos.X + co*d, Y: o.pos.Y + s*d}
		if !z.contains(q) || !e.field.Fits(field.NewBase(q, c.f.Profile.Stature), others) {
			continue
		}
		if dd := q.Dist(centre); dd < bd {
			best, bd, found = q, dd, true
		}
	}
	return best, found
}

// ambushAttack returns the melee option of Safar i against j with the best
// expected damage less counter damage against j's AP left, with what it gains
// as the first attack after the reveal (its Ambush precision's bonus, a Bite
// that heals: sim/firstgain.go), -1 when none.
func (e *engine) ambushAttack(i, j int) int {
	opts := e.opts[e.c[i].kind][e.c[j].kind]
	k := min(max(e.c[j].ap, 0), 7)
	best, bv := -1, math.Inf(-1)
	for n := range opts {
		o := &opts[n]
		if o.shot || o.pos != posNone || o.attack.AP > 3 {
			continue
		}
		if v := o.dmg[bandEffective][k] - o.ctr[bandEffective][k] + e.firstGain(i, j, n, bandEffective, k); v > bv {
			best, bv = n, v
		}
	}
	return best
}

// ambushBonus returns the threshold and damage bonus of f's first attack
// after its ambush reveal: its card's Ambush precision (profiles.Skill
// FirstThreshold, FirstDamage), 0, 0 without.
func ambushBonus(f *Fighter) (threshold, damage int) {
	sk, ok := f.Profile.Skill(profiles.SkillAmbush)
	if !ok {
		return 0, 0
	}
	return sk.FirstThreshold, sk.FirstDamage
}
