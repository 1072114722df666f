package sim

import "github.com/kharn-ages/kharn/profiles"

// Carcasses and the skills that take or give HP outside an exchange:
// Carnivorous and its Devouring action (seed 000 line 1618, lines 1141-1147;
// seed 004 lines 1122-1130; skills.md #1) and Sacrifice X (seed 000 line 1650;
// skills.md #51).

// carnivorous reports whether a Safar of profile p may devour: Carnivorous on
// its card, or a Khârn or a Fang, "inherently carnivorous even if it is not
// written on their profile cards" (seed 000 line 1618; skills.md #1). The
// nature of Black Guild and Affranchis models by their origin is not read (the
// importer says so). A card whose rule doubles its Devouring
// (generic_actions: {devour: ...}, sim/genericactions.go) devours too.
func carnivorous(p *profiles.Profile) bool {
	if _, ok := p.Skill(profiles.SkillCarnivorous); ok {
		return true
	}
	if g := p.GenericActions; g != nil && g.DevourDouble {
		return true
	}
	return p.Faction == profiles.Kharns || p.Faction == profiles.Fangs
}

// devourHP is what one AP of Devouring heals: "2 HP back for each AP spent"
// (seed 000 line 1143; seed 004 line 1124).
const devourHP = 2

// carcass reports whether Safar k lies on the table as a carcass: defeated
// (R16: "replaced by a carcass marker", seed 004 line 202), not demoralised
// (it left the battlefield) and not yet devoured nor looted (sim/loot.go).
func (e *engine) carcass(k int) bool {
	c := &e.c[k]
	return c.hp <= 0 && !c.demoralised && !c.morale.devoured && !c.loot.looted
}

// maxHP returns the HP Safar i may heal up to: its starting HP less those lost
// to Sacrifice, which "cannot be recovered by any means" (seed 000 line 1650).
func (e *engine) maxHP(i int) int { return e.c[i].f.Profile.HP - e.c[i].morale.scar }

// devourHeal returns what devouring carcass k with ap AP heals Safar i: 2 HP
// per AP (4 for a card that doubles them, pattern K), never above i's own starting HP nor more than the HP the carcass's
// Safar had at the start ("This action doesn't allow the attacker to recover
// more HP than the victim initially had. Also, it doesn't allow to exceed
// their own initial amount of HP", lines 1145-1146).
func (e *engine) devourHeal(i, k, ap int) int {
	per := devourHP
	if e.info[e.c[i].kind].generic.devourX {
		per *= 2 // a card that doubles the HP of Devouring (sim/genericactions.go)
	}
	return max(min(per*ap, e.maxHP(i)-e.c[i].hp, e.c[k].f.Profile.HP), 0)
}

// canDevour reports whether Safar i may devour carcass k now: carnivorous, on
// its feet, not engaged with an enemy ("The Safar must not be engaged", line
// 1147), the carcass in its zone of control ("XAP/ carcass in ZOC", line 1141).
func (e *engine) canDevour(i, k int) bool {
	c := &e.c[i]
	return k != i && e.info[c.kind].carnivore && c.inPlay() && !c.ground && e.carcass(k) &&
		e.gap(i, k) <= e.naturalReach(i)+1e-9 && !e.engagedAny(i)
}

// devour plays Devouring: Safar i spends ap AP (1 more dazed, R17) on carcass
// k, heals devourHeal and removes the carcass (skills.md #1, "Open": one
// Devour action per carcass). It reports whether the activation goes on.
func (e *engine) devour(i, k, ap int) bool {
	c := &e.c[i]
	cost := e.actionCost(i, ap)
	if ap < 1 || k < 0 || k >= len(e.c) || c.ap < cost || !e.canDevour(i, k) {
		return false
	}
	c.ap -= cost
	c.spent += cost
	heal := e.devourHeal(i, k, ap)
	c.hp += heal
	e.c[k].morale.devoured = true
	if e.trace != nil {
		e.tracef("  %s devours the carcass of %s (%d AP): +%d HP (%d HP)\n", e.name(i), e.name(k), cost, heal, c.hp)
	}
	return true
}

// devourChoice returns the Devouring the default policy plays for Safar i now
// (target j of its plan), or actEnd: of the carcasses it may devour, the AP
// whose HP healed most exceed what those AP are worth to its plan (apCost),
// a healed HP counting as much as a HP of damage, as tendChoice counts a
// bleeding HP saved. Wounded, with no enemy in reach, it devours; with an
// attack to make, it attacks.
func (e *engine) devourChoice(i, j int, keep bool) action {
	c := &e.c[i]
	if !e.info[c.kind].carnivore || c.hp >= e.maxHP(i) || c.ground || c.ap < 1 {
		return action{kind: actEnd}
	}
	best, bv := action{kind: actEnd}, 0.0
	for k := range e.c {
		if !e.canDevour(i, k) {
			continue
		}
		for ap := 1; e.actionCost(i, ap) <= c.ap; ap++ {
			heal := e.devourHeal(i, k, ap)
			if ap > 1 && heal <= e.devourHeal(i, k, ap-1) {
				break // more AP heal no more
			}
			if g := float64(heal) - e.apCost(i, j, e.actionCost(i, ap), keep); g > bv+1e-9 {
				best, bv = action{kind: actDevour, opt: ap, target: k}, g
			}
		}
	}
	return best
}

// sacrifice plays Sacrifice X at the start of the activation of Safar i, after
// its AP came back: an ally k of i with Sacrifice X not used this turn loses X
// HP, for good, and i gains 1 AP at once ("once per turn, lose X HP for an
// ally to gain immediately 1 AP. The Sacrifice must happen at the beginning of
// the ally activation", seed 000 line 1650; any ally: skills.md #51, "Open").
// Policy: an ally sacrifices when the AP is worth more to i's attacks on the
// enemy it can attack now (bestAttack with and without it) than the X HP
// (a HP lost counting as much as a HP of damage), never falling for it; the
// ally with the most HP first; again while another ally can and it is worth it
// (the fight tables stop at 7 AP).
func (e *engine) sacrifice(i int) {
	c := &e.c[i]
	if e.sideSize[c.side] < 2 {
		return
	}
	for c.ap < 7 {
		k := -1
		for m := range e.c {
			a := &e.c[m]
			x := e.info[a.kind].sacrifice
			if m == i || a.side != c.side || !a.inPlay() || x == 0 || a.morale.sacrificeUsed || a.hp <= x {
				continue
			}
			if k < 0 || a.hp > e.c[k].hp {
				k = m
			}
		}
		if k < 0 {
			return
		}
		x := e.info[e.c[k].kind].sacrifice
		if e.apGain(i) <= float64(x)+1e-9 {
			return
		}
		a := &e.c[k]
		a.morale.sacrificeUsed = true
		a.morale.scar += x
		e.take(k, -1, x)
		c.ap++
		if e.trace != nil {
			e.tracef("    %s sacrifices %d HP (%d left): %s gains 1 AP (%d AP)\n", e.name(k), x, a.hp, e.name(i), c.ap)
		}
	}
}

// apGain returns what one more AP is worth to Safar i now: the best plan of
// attacks on an enemy it can attack without walking or by an assault, with
// the AP minus without it, AP kept for defence valued as the default policy
// values them; 0 when no enemy is within its assault reach.
func (e *engine) apGain(i int) float64 {
	c := &e.c[i]
	kv := keepValues(e, i)
	best := 0.0
	for j := range e.c {
		o := &e.c[j]
		if o.side == c.side || !o.inPlay() || e.opts[c.kind][o.kind] == nil {
			continue
		}
		extra := 0
		switch g := e.gap(i, j); {
		case g <= e.reach(i)+1e-9:
		case !e.engagedAny(i) && g <= e.assaultReach(i):
			extra = e.walkCost(i)
		default:
			continue
		}
		_, v0 := bestAttack(e, i, j, extra, nil, true, false)
		v0 += kv[min(max(c.ap, 0), 7)]
		c.ap++
		_, v1 := bestAttack(e, i, j, extra, nil, true, false)
		v1 += kv[min(max(c.ap, 0), 7)]
		c.ap--
		best = max(best, v1-v0)
	}
	return best
}
