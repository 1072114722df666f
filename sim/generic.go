package sim

import (
	"math/rand/v2"
)

// Generic actions of the rulebooks that change a battle (seed 000 "Generic
// actions", lines 1116-1264; seed 004 lines 1090-1220), and the Berserk state's
// choice of target (seed 000 lines 1604-1608). The rules table (rules.go) says
// which generic actions are played and why the others are not.

// tendAP is what tending a wound costs: 2 AP take 1 off the bleeding, 4 AP stop
// every bleeding effect at once (seed 000 lines 1260-1264, seed 004 lines
// 1176-1180).
const (
	tendAP    = 2
	tendAllAP = 4
)

// tend plays "Tending to a wound" of Safar i on t (itself, or an ally in its
// zone of control): ap 2 takes 1 HP off the bleeding it suffers each
// activation, ap 4 stops it. A dazed Safar pays 1 AP more (R17). It reports
// whether the activation goes on.
func (e *engine) tend(i, t, ap int) bool {
	c := &e.c[i]
	if t < 0 || t >= len(e.c) || (ap != tendAP && ap != tendAllAP) {
		return false
	}
	o := &e.c[t]
	cost := e.actionCost(i, ap)
	if c.ap < cost || c.ground || !o.inPlay() || o.bleeding == 0 || o.side != c.side ||
		t != i && e.gap(i, t) > e.naturalReach(i)+1e-9 {
		return false
	}
	c.ap -= cost
	c.spent += cost
	if ap == tendAllAP {
		o.bleeding = 0
	} else {
		o.bleeding--
	}
	if o.bleeding == 0 {
		o.bleedBy = -1
	}
	if e.trace != nil {
		e.tracef("  %s tends %s's wound (%d AP): bleeding %d\n", e.name(i), e.name(t), cost, o.bleeding)
	}
	return true
}

// goAlert plays "On the alert" for Safar i: 1 AP (2 dazed), a free
// characteristic on its next defence (Exchange.DefenderAlert).
func (e *engine) goAlert(i int) bool {
	c := &e.c[i]
	cost := e.actionCost(i, 1)
	if c.ap < cost || c.ground {
		return false
	}
	c.ap -= cost
	c.spent += cost
	c.alert = true
	if e.trace != nil {
		e.tracef("  %s goes on the alert (%d AP)\n", e.name(i), cost)
	}
	return true
}

// tendHorizon is the number of its coming activations over which the default
// policy counts the bleeding a tending saves: the same horizon as the value of
// a bleeding effect an attack inflicts (bleedingTicks), so that a bleeding is
// worth as much to stop as to cause; never more than the rounds left.
func (e *engine) tendHorizon(t int) float64 {
	if e.info[e.c[t].kind].thickSkin {
		return 0 // Thick skin: each bleeding effect acts once and disappears
	}
	return float64(max(min(bleedingTicks, e.rounds-e.round), 0))
}

// tendChoice returns the tending the default policy plays for Safar i now, or
// actEnd: itself or an ally in its zone of control, 2 or 4 AP, when the HP of
// bleeding it saves over tendHorizon exceed what those AP are worth to its
// plan against target j (attacks and AP kept for defence: bestAttack with the
// AP set aside), and the bleeding would not stop by itself.
func (e *engine) tendChoice(i, j int, keep bool) action {
	c := &e.c[i]
	if c.ground {
		return action{kind: actEnd}
	}
	apCost := func(n int) float64 { return e.apCost(i, j, n, keep) }
	best, bv := action{kind: actEnd}, 0.0
	for t := range e.c {
		o := &e.c[t]
		if o.side != c.side || !o.inPlay() || o.bleeding == 0 || t != i && e.gap(i, t) > e.naturalReach(i)+1e-9 {
			continue
		}
		h := e.tendHorizon(t)
		for _, ap := range []int{tendAP, tendAllAP} {
			cost := e.actionCost(i, ap)
			if cost > c.ap {
				continue
			}
			saved := h
			if ap == tendAllAP {
				saved = h * float64(o.bleeding)
			}
			if ap == tendAllAP && o.bleeding == 1 {
				continue // 2 AP do as much
			}
			if gain := saved - apCost(cost); gain > bv+1e-9 {
				best, bv = action{kind: actTend, opt: ap, target: t}, gain
			}
		}
	}
	return best
}

// apCost is what spending n AP now on something else than attacks costs the
// plan of Safar i against target j: its value with them minus its value
// without (attacks on j when it can attack j now, else the AP kept for defence
// only). Tending and Devouring weigh their gains against it.
func (e *engine) apCost(i, j, n int, keep bool) float64 {
	if j >= 0 && (e.gap(i, j) <= e.reach(i)+1e-9 || !e.engagedAny(i) && e.gap(i, j) <= e.assaultReach(i)) {
		_, v0 := bestAttack(e, i, j, 0, nil, keep, false)
		_, v1 := bestAttack(e, i, j, n, nil, keep, false)
		return v0 - v1
	}
	if !keep {
		return 0
	}
	return walkKeep(e, i, n)
}

// alertWorth reports whether the default policy, about to end the activation of
// Safar i, goes on the alert with 1 AP instead. The free characteristic on its
// next defence is worth about one AP more on that defence, so against AP that
// can defend it gains nothing (kept AP serve every defence until the next
// activation, the alert only one); it is worth it when the AP kept cannot
// defend: a Berserk "cannot spend its AP for defensive actions" (seed 000 line
// 1606), and the reflex-only policy does not, while an enemy can attack it
// before its next activation.
func (e *engine) alertWorth(i int, reflexOnly bool) bool {
	c := &e.c[i]
	if c.alert || c.ground || c.ap < e.actionCost(i, 1) || !(c.berserk || reflexOnly) {
		return false
	}
	for j := range e.c {
		if o := &e.c[j]; o.side != c.side && o.inPlay() && e.threatens(j, i) {
			return true
		}
	}
	return false
}

// berserkTarget returns the Safar a berserk Safar i attacks: "the closest
// miniature in its line of sight whether friend or foe. If several targets
// qualify, determine which one it targets randomly" (seed 000 line 1606, seed
// 004 line 1514); -1 when it sees no one, or the closest is an ally it has no
// attack against.
func (e *engine) berserkTarget(i int, r *rand.PCG) int {
	best, bd, n := -1, 0.0, 0
	for j := range e.c {
		if j == i || !e.c[j].inPlay() || !e.field.LineOfSight(e.c[i].base(), e.c[j].base(), e.othersOf(i, j)) {
			continue
		}
		switch d := e.gap(i, j); {
		case best < 0 || d < bd-1e-9:
			best, bd, n = j, d, 1
		case d <= bd+1e-9:
			n++
			if r.Uint64()%uint64(n) == 0 { // reservoir: each tied one with chance 1/n
				best = j
			}
		}
	}
	if best >= 0 && e.opts[e.c[i].kind][e.c[best].kind] == nil {
		return -1
	}
	return best
}

// berserkAct is what a berserk Safar i does, whatever its side's policy: it
// attacks the closest miniature in sight (berserkTarget) with all its AP, as the
// default policy plays an attack without keeping AP (they cannot defend).
func (e *engine) berserkAct(i int, r *rand.PCG) action {
	c := &e.c[i]
	if c.target < 0 || !e.c[c.target].inPlay() {
		c.target = e.berserkTarget(i, r)
	}
	if c.target < 0 {
		return action{kind: actEnd}
	}
	return playWell(e, i, c.target, nil, false, false)
}

// shout plays "Shouting/warning : 1 AP/an ally/once per target and per turn.
// Allows the Safar to warn an ally in his aura when he is targeted by shots. The
// lookout must have the shooter in his line of sight. This action gives the ally
// a free defence with 2 characteristics only" (seed 000 lines 1238-1244; seed
// 004 lines 1098-1102: "une défense non modifiable à 2 caractéristiques"): when
// Safar i shoots at j (plan pl), an ally of j fit for battle, with j within its
// aura (I toises from its centre) and i in sight, that has not warned j this
// turn, spends 1 AP (2 dazed) when the expected damage the free defence saves j
// exceeds what that AP is worth to it kept for defence. It returns the lookout,
// -1 when none shouts.
func (e *engine) shout(i, j int, key planKey, opt *fightOption, pl *plan) int {
	o := &e.c[j]
	if j >= 64 || !o.fit() || e.c[i].side == o.side {
		return -1
	}
	for k := range e.c {
		w := &e.c[k]
		cost := e.actionCost(k, 1)
		if k == j || w.side != o.side || !w.fit() || w.berserk || w.warnedMask&(1<<j) != 0 || w.ap < cost ||
			w.pos.Dist(o.pos) > e.auraRadius(k)+1e-9 ||
			!e.field.LineOfSight(w.base(), e.c[i].base(), e.othersOf(k, i)) {
			continue
		}
		ck := shoutKey{key, int8(min(o.ap, 7))}
		gain, ok := e.shoutGain[ck]
		if !ok {
			wk := key
			wk.warned = true
			gain = expectedAt(pl, o.ap) - expectedAt(e.plan(wk, i, opt), o.ap+2)
			if e.shoutGain == nil {
				e.shoutGain = map[shoutKey]float64{}
			}
			e.shoutGain[ck] = gain
		}
		if gain <= walkKeep(e, k, cost)+1e-9 {
			continue
		}
		w.ap -= cost
		w.spent += cost
		w.warnedMask |= 1 << j
		if e.trace != nil {
			e.tracef("    %s shouts a warning to %s (%d AP): a free defence of two characteristics\n", e.name(k), e.name(j), cost)
		}
		return k
	}
	return -1
}

// shoutKey identifies what a warning saves: the shot's plan and the AP its
// target holds.
type shoutKey struct {
	plan planKey
	ap   int8
}

// expectedAt returns the expected damage of pl's exchange against its defender
// holding ap AP (0 to 7: a defender left below 0 by a spell's defence holds
// none), computed exactly.
func expectedAt(pl *plan, ap int) float64 {
	ex := *pl.ex
	d := *ex.Defender
	d.AP = min(max(ap, 0), 7)
	ex.Defender = &d
	res, err := ex.Exact()
	if err != nil {
		return 0
	}
	return res.ExpectedDamage
}
