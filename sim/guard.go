package sim

import (
	"math"

	"github.com/kharn-ages/kharn/profiles"
)

// Substitute defenders (skills.md section 3, pattern A: "When an ally is
// attacked, this Safar takes the defence in its place and suffers the
// result: it defends with its own AP, characteristics, shield and armour,
// and takes the damage and effects"). A profile's defends_for and
// defended_by, and a list's card_defends_for (profiles/guard.go), link
// Safars of one side: before a melee attack on the protected ally is
// rolled, a substitute fit for battle (engine.fit) in the rule's zone
// takes the defence, by force when the rule says "must", else when the
// defending side gains by it (guardFor). The attack stays the one the
// attacker declared (the same kind, AP and characteristics: sameDeclared),
// its effects those its table finds best against the substitute; the
// exchange is the attacker's against the substitute, with the rule's bonus
// on the main defence (Exchange.GuardBonus), its counter only when the
// substitute reaches the attacker (skills.md: "able to reach the attacker
// with its weapon for any counter-damage", the Recommended reading: band
// bandFar, sim/reach.go, otherwise).
//
// Not modelled: a substitute against shots (the zones are melee zones: a
// Safar in the attacker's zone or in its melee cannot be shot at by it, and
// the cover of a shot is the target's); moving the substitute into the
// melee (it stays where it stands: "counts as engaged afterwards" is read
// as taking the exchange's defence, AP, wounds and effects); the attacker's
// policy foreseeing the substitution; the marked ally of pattern M
// (kharns-myriam), which needs the choice of the mark at the start of the
// game. A duel has no ally: nothing to substitute.

// guardLink is one way Safar sub may take the defence of Safar prot
// (profiles.GuardLink, with the engine's indices).
type guardLink struct {
	sub, prot int
	rule      *profiles.Guard
	itsSub    bool
}

// initGuards lists the guard rules of the sides of sk; e.guards stays nil
// when no card has one, and nothing else changes then.
func (e *engine) initGuards(sk *Skirmish) {
	n := 0
	for s := range 2 {
		h := &sk.Sides[s]
		members := make([]*profiles.Profile, len(h.Safars))
		for k, f := range h.Safars {
			members[k] = f.Profile
		}
		for _, l := range profiles.GuardLinks(members, h.Leader, h.CardDefends) {
			e.guards = append(e.guards, guardLink{sub: n + l.Sub, prot: n + l.Prot, rule: l.Rule, itsSub: l.ItsIsSub})
		}
		n += len(h.Safars)
	}
}

// inZoneOf reports whether Safar x stands in Safar y's zone of control (its
// natural Reach X included; a stunned Safar has none, sim/stunzone.go).
func (e *engine) inZoneOf(x, y int) bool {
	return e.exertsZone(y) && e.gap(x, y) <= e.naturalReach(y)+1e-9
}

// guardZone reports whether l's substitute stands where its rule says, for
// an attack of Safar att on l's protected ally.
func (e *engine) guardZone(l *guardLink, att int) bool {
	switch l.rule.Zone {
	case profiles.GuardSameMelee:
		return e.engaged(l.sub, att) && e.engaged(l.prot, att)
	case profiles.GuardItsZOC:
		if l.itsSub {
			return e.inZoneOf(l.prot, l.sub)
		}
		return e.inZoneOf(l.sub, l.prot)
	case profiles.GuardAttackerZOC:
		return e.inZoneOf(l.sub, att)
	}
	return false
}

// guardOption returns the option of Safar i's table against Safar s that
// plays the attack of opt: the same declared attack (sameDeclared) with the
// same weapon and kind of play, its effects those the table found best
// against s; -1 when the table has none.
func (e *engine) guardOption(i, s int, opt *fightOption) int {
	opts := e.opts[e.c[i].kind][e.c[s].kind]
	alt := -1
	for k := range opts {
		o := &opts[k]
		if o.weapon != opt.weapon || o.shot != opt.shot || (o.split == 0) != (opt.split == 0) || !sameDeclared(o.attack, opt.attack) {
			continue
		}
		if o.pos == opt.pos {
			return k
		}
		if alt < 0 {
			alt = k
		}
	}
	return alt
}

// guardFor returns the rule by which a substitute defends against the
// melee attack of Safar i on Safar j with option optIdx (opt), which costs
// cost AP, assault saying whether it follows a move into contact in sight,
// band its band against j: an index of e.guards and the substitute's option,
// or -1 when j defends itself. A substitute that must defend does (the first
// such rule in list order); otherwise the defending side takes the
// substitute whose defence loses it the least (guardLoss), when that is less
// than j's own.
func (e *engine) guardFor(i, j, optIdx int, opt *fightOption, assault bool, band, cost int) (int, int) {
	best, bestOpt := -1, optIdx
	bestLoss := math.NaN()
	for x := range e.guards {
		l := &e.guards[x]
		if l.prot != j || l.sub == i || !e.c[l.sub].fit() || e.carried(l.sub) >= 0 || !e.guardZone(l, i) {
			continue
		}
		k := e.guardOption(i, l.sub, opt)
		if k < 0 {
			continue
		}
		if l.rule.Must {
			return x, k
		}
		if math.IsNaN(bestLoss) {
			bestLoss = e.guardLoss(i, j, optIdx, opt, assault, band, cost, 0)
		}
		so := &e.opts[e.c[i].kind][e.c[l.sub].kind][k]
		sb := bandEffective
		if e.beyondCounter(i, l.sub, so) {
			sb = bandFar
		}
		if v := e.guardLoss(i, l.sub, k, so, assault, sb, cost, l.rule.Bonus); v < bestLoss-1e-9 {
			best, bestOpt, bestLoss = x, k, v
		}
	}
	return best, bestOpt
}

// guard plays the substitution of rule x of e.guards (guardFor) in the
// attack of Safar i with option opt on its protected ally: it returns the
// substitute, its option (index k) and band, and leaves the rule's defence
// bonus for strike.
func (e *engine) guard(i, x, k int) (int, *fightOption, int) {
	l := &e.guards[x]
	s := l.sub
	opt := &e.opts[e.c[i].kind][e.c[s].kind][k]
	band := bandEffective
	if e.beyondCounter(i, s, opt) {
		band = bandFar // no counter from a substitute out of reach (sim/reach.go)
	}
	e.guardBonus = l.rule.Bonus
	if e.trace != nil {
		why := "its side's choice"
		if l.rule.Must {
			why = "it must"
		}
		if l.rule.Bonus > 0 {
			e.tracef("    %s defends in place of %s (%s; +%d to that defence)\n", e.name(s), e.name(l.prot), why, l.rule.Bonus)
		} else {
			e.tracef("    %s defends in place of %s (%s)\n", e.name(s), e.name(l.prot), why)
		}
		if band == bandFar {
			e.tracef("    %s is beyond %s's counter reach: no counter (sim/reach.go)\n", e.name(i), e.name(s))
		}
	}
	return s, opt, band
}

// guardKey names a guardLoss computation: the exchange's plan and what the
// loss reads of the two Safars.
type guardKey struct {
	plan          planKey
	ap            int8
	hp, attHP     int16
	hpMax, attMax int16
}

// guardLoss returns what the defence of Safar d against the attack of
// Safar i with option optIdx (opt) costs d's side, in Krowns: the HP d
// loses (each outcome at most the HP it has left) and the AP it spends
// (their keep value, keepValues), each at d's worth per HP, less the
// counter damage i takes (at most its HP left) at i's worth per HP, all
// computed exactly on the exchange as it would be played (strikeKey). A
// Safar's worth is its cost in Krowns (its profile's without one): a leader
// or a caster costs more and is worth more to protect.
func (e *engine) guardLoss(i, d, optIdx int, opt *fightOption, assault bool, band, cost, bonus int) float64 {
	c, o := &e.c[i], &e.c[d]
	ap := min(max(o.ap-e.carrierHeldAP(d), 0), 7)
	key := e.strikeKey(i, d, optIdx, opt, e.assaultStature(i, opt, assault), band, 0, c.ap-cost, bonus)
	gk := guardKey{plan: key, ap: int8(ap), hp: int16(max(o.hp, 0)), attHP: int16(max(c.hp, 0)),
		hpMax: int16(o.f.Profile.HP), attMax: int16(c.f.Profile.HP)}
	r, ok := e.guardMemo[gk]
	if !ok {
		r = e.guardFigures(e.plan(key, i, opt), ap, max(o.hp, 0), max(c.hp, 0))
		if e.guardMemo == nil {
			e.guardMemo = map[guardKey]guardFig{}
		}
		e.guardMemo[gk] = r
	}
	kv := keepValues(e, d)
	spent := math.Min(r.ap, float64(ap))
	lo := float64(ap) - spent
	f := math.Floor(lo)
	keepAfter := kv[int(f)]
	if int(f) < 7 && lo > f {
		keepAfter += (lo - f) * (kv[int(f)+1] - kv[int(f)])
	}
	apLoss := kv[ap] - keepAfter
	return (r.dmg+apLoss)*e.worth(d)/float64(max(o.f.Profile.HP, 1)) - r.ctr*e.worth(i)/float64(max(c.f.Profile.HP, 1))
}

// guardFig is what one defence costs in HP and AP: damage taken (capped at
// the HP left), AP spent, counter damage dealt (capped at the attacker's HP
// left).
type guardFig struct{ dmg, ap, ctr float64 }

// guardFigures computes the figures of plan pl's exchange against its
// defender holding ap AP and hp HP, its attacker hp attHP, exactly.
func (e *engine) guardFigures(pl *plan, ap, hp, attHP int) guardFig {
	ex := *pl.ex
	df := *ex.Defender
	df.AP = ap
	ex.Defender = &df
	res, err := ex.Exact()
	if err != nil {
		return guardFig{dmg: math.Inf(1)} // never chosen
	}
	var g guardFig
	for k, p := range res.DamagePMF {
		g.dmg += p * float64(min(k, hp))
	}
	for k, p := range res.CounterPMF {
		g.ctr += p * float64(min(k, attHP))
	}
	g.ap = res.ExpectedDefenceAP
	return g
}

// worth returns what Safar i is worth to its side, in Krowns: its cost in
// the skirmish, its profile's without one, at least 1.
func (e *engine) worth(i int) float64 {
	c := &e.c[i]
	if c.cost > 0 {
		return float64(c.cost)
	}
	return float64(max(c.f.Profile.Cost, 1))
}
