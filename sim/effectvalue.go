package sim

import "github.com/kharn-ages/kharn/sim/field"

// rootGains fills root with what the move of each affordable positional option
// of Safar i against j gains on the field (positionValue, R10a), for the first
// attack of bestAttack's plan; a AP are left for the plan after extra AP of a
// walk, and costOf says which options it may take.
//
// A melee attack on a target out of reach is an assault (playWell): its walk,
// free or paid (extra), comes first, so its options are weighed where the walk
// ends (engine.destination, as engine.do walks in), with the AP left after it.
// Before, they were weighed from where the attacker stood, out of contact: a
// repel was valued as pushing the target away from a Safar that was not there.
// Only the C options in an assault: a melee fighter's V move is steered (vTo)
// after a plain attack only; after an assault it stays in contact.
func (e *engine) rootGains(i, j, extra, a int, opts []fightOption, costOf func(o *fightOption) (int, int, bool), keep bool, root *[maxOptions]posGain) {
	c := &e.c[i]
	from, ap := c.pos, c.ap
	walkIn := e.gap(i, j) > e.reach(i)+1e-9
	at := from
	if walkIn {
		to, ok := e.destination(i, j, e.velocity(i)+e.info[c.kind].brutal, true)
		c.pos = to
		if !ok || e.gap(i, j) > e.reach(i)+1e-9 {
			walkIn = false // no assault: engine.do refuses it; no melee option
			to = from
		}
		at, c.pos = to, from
	}
	// Options whose moves are the same (moveKey) gain the same: each move is
	// valued once (a table holds a C option at 2 and at 3 AP, whose repels do
	// not depend on the AP; about a fifth of rootGains' time, perf record of
	// BenchmarkSkirmish).
	var done [maxOptions]moveKey
	var gain [maxOptions]posGain
	nd := 0
	for m := e.posMask(i, j, opts); m != 0; { // the positional options, in order (sim/optbits.go)
		var n int
		n, m = nextBit(m)
		o := &opts[n]
		if !o.shot && e.gap(i, j) > e.reach(i)+1e-9 && (!walkIn || o.pos != posC) {
			continue
		}
		cost, _, ok := costOf(o)
		if !ok || cost > a {
			continue
		}
		// Only the affordable ones: a move is valued in about a tenth of a
		// skirmish's time (BenchmarkSkirmish profile).
		mk := moveKeyOf(o)
		seen := -1
		for x := range nd {
			if done[x] == mk {
				seen = x
				break
			}
		}
		if seen >= 0 {
			root[n] = gain[seen]
			continue
		}
		if !o.shot && walkIn {
			c.pos, c.ap = at, ap-extra
		}
		root[n] = positionValue(e, i, j, o, keep)
		c.pos, c.ap = from, ap
		done[nd], gain[nd] = mk, root[n]
		nd++
	}
}

// moveKey is what positionValue reads of an option: its kind of move, its
// count of V or C effects, whether it is a shot, and for a V move its AP (the
// AP left to attack another enemy, moveOn). A C repel does not depend on the
// AP.
type moveKey struct {
	pos, count, ap int8
	shot           bool
}

// moveKeyOf returns the moveKey of positional option o.
func moveKeyOf(o *fightOption) moveKey {
	if o.pos == posC {
		return moveKey{pos: posC, count: int8(o.attack.Effects.Count(C)), shot: o.shot}
	}
	return moveKey{pos: o.pos, count: int8(o.attack.Effects.Count(V)), ap: int8(o.ap()), shot: o.shot}
}

// collisionFalls says who falls when Safar j, repelled to pos, collides with
// Safar k (seed 000 line 640, seed 004 lines 575-576: the one on the smaller
// base falls to the ground, equal bases both): fallen when j does, and what
// k's fall gains the repelling side (fallLoss, a gain for an enemy k, a loss for
// an ally).
func (e *engine) collisionFalls(j, k int, pos field.Vec) (fallen bool, g float64) {
	rj, rk := e.c[j].radius, e.c[k].radius
	fallen = rj <= rk+1e-9
	if rk > rj+1e-9 {
		return fallen, 0
	}
	before := e.c[j].pos
	e.c[j].pos = pos
	g = fallLoss(e, k)
	e.c[j].pos = before
	if e.c[k].side == e.c[j].side {
		return fallen, g
	}
	return fallen, -g
}

// fallLoss is what Safar k's side loses when k falls to the ground: its next
// activation starts by standing up, which takes its free walk (R17, seed 000
// line 750; engine.do, actStandUp), so an enemy it could reach only with that
// walk and an assault it now reaches paying a walk (1 AP) first, as playWell
// plays it; one within its reach it attacks as before. The loss is
// reliefShare of what that AP takes off its best attack: its largest threat
// (the threat tables) to an enemy within its walk and assault, less its
// largest once the walk is paid (threatPaid for those beyond its reach), as
// paidRelief values the same walk back for a repelled enemy. Before, it was
// reliefShare of its whole threat, as though the fall spared that enemy
// entirely (TestFallLossPaidWalk). Nothing when k is engaged: it stands up
// and fights where it is.
func fallLoss(e *engine, k int) float64 {
	if e.engagedAny(k) {
		return 0
	}
	kk := e.c[k].kind
	before, after := 0.0, 0.0
	for m := range e.c {
		if e.c[m].side == e.c[k].side || !e.c[m].inPlay() {
			continue
		}
		g := e.gap(m, k)
		if g > e.assaultReach(k)+1e-9 {
			continue
		}
		mk, a := e.c[m].kind, min(max(e.c[m].ap, 0), 7)
		th := e.threat[mk][kk][a]
		before = max(before, th)
		if g <= e.reach(k)+1e-9 {
			after = max(after, th)
		} else {
			after = max(after, e.threatPaid[mk][kk][a])
		}
	}
	return reliefShare * (before - after)
}

// reliefAfter is relief(m, j) after a repel that leaves j out of m's reach,
// fallen when j fell in a collision: then j stands up with its free walk (R17)
// and only a paid walk (1 AP) and an assault bring it back to m, so m is spared
// what that AP would have done (paidRelief) within those, all of j's threat
// beyond.
func (e *engine) reliefAfter(m, j int, fallen bool) float64 {
	if !fallen {
		return e.relief(m, j)
	}
	if e.gap(m, j) <= e.assaultReach(j)+1e-9 {
		return e.paidRelief(m, j)
	}
	return e.threat[e.c[m].kind][e.c[j].kind][min(max(e.c[m].ap, 0), 7)]
}

// backReach is how far from Safar j an enemy may stand for j to come back
// into contact with it in its next activation by a walk, ending in an assault
// (R8a: its stature on its first attack): standing, its free walk or a second,
// paid one (1 AP) and an assault (playWell); fallen, it stands up with its
// free walk (R17, seed 000 line 750), so only a paid walk and an assault. A
// repel that leaves j out of contact within it hands j that assault
// (positionValue, assaultShare). Before, only a repel that left j standing
// within its free walk and assault did; one that left it within the paid walk,
// or fallen within its walk and assault, was credited the relief of the AP
// paid (paidRelief, reliefAfter) and no assault (TestRepelAssaultBack).
func (e *engine) backReach(j int, fallen bool) float64 {
	if fallen {
		return e.assaultReach(j)
	}
	return e.assaultReach(j) + e.velocity(j)
}

// assaultBack is what Safar i gives up when enemy j, out of contact with it,
// engaged with no one and within backReach, comes back in its next activation
// with an assault (R8a: its stature on its first attack): assaultShare of j's
// threat to i holding the AP i has now; 0 when j is engaged or farther. A
// repel hands it back (positionValue, TestRepelAssaultBack), and so does a
// melee fighter's move on to another enemy for the enemy it leaves (moveOn,
// TestMoveOnAssaultBack).
func (e *engine) assaultBack(i, j int, fallen bool) float64 {
	if e.engagedAny(j) || e.gap(i, j) > e.backReach(j, fallen)+1e-9 {
		return 0
	}
	c := &e.c[i]
	return assaultShare * e.threat[c.kind][e.c[j].kind][min(max(c.ap, 0), 7)]
}

// collisionKill is the chance that the attack of option opt (band b, the
// defender holding k AP) and the collision its repel ends in (1D5 to the
// target, seed 000 line 637, "Collision"; engine.push) together take hp HP:
// for each face c of the 1D5, the chance that the attack alone takes hp - c
// (the repel happens only when it hits: at most p, the chance of the move), p
// when the collision alone is enough. planDPIn credits a defeat with it, in
// place of the attack's own chance, when the move of a C option ends in a
// collision and the target holds collisionKillHP or fewer HP
// (TestCollisionKillCredit). Before, the collision was collisionHP of expected
// damage and never a defeat. The damage reduction of a card (wardTaken) is not
// counted on the die here.
func collisionKill(opt *fightOption, b, k, hp int, p float64) float64 {
	s := 0.0
	for c := 1; c <= 5; c++ {
		h := hp - c
		if h <= 0 {
			s += p
			continue
		}
		s += min(float64(opt.kill.at(b, k, h)), p)
	}
	return max(s/5, float64(opt.kill.at(b, k, hp)))
}

// collisionKillHP is the most HP the collision's die takes (1D5): the plan
// credits a collision's defeat (collisionKill) only to a target holding that
// many HP or fewer, one the die alone may finish. Credited at any HP, it
// lost tembos-300 battles (the paired battles of docs/policies.md, "The
// causes r10f found": 332 / 450 on seed 5, 345 / 429 on seed 9, a tembo-elder-3
// attacking another at full HP for the collision's share of a defeat).
const collisionKillHP = 5
