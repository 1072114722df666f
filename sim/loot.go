package sim

import (
	"math/rand/v2"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/dice"
)

// Looting a carcass (issue #11, section 3): "Looting: 1 AP/ carcass in ZOC. It
// allows the Safar to recover one and only one object from a carcass. The
// scavenger chooses the type of object: 1 blunt weapon owned by the victim
// [...] 2D5 Krowns of goal average. 1 throwing weapon or 1 ammunition spent by
// a shooter on the victim. Supplies providing 2D5 HP by using 3 AP (the
// miniature must not be engaged to eat them). Once 'looted', a carcass is
// removed from the battlefield. All the Safars can loot a carcass. Except the
// Khârns [...] On the other hand, the Fangs [...] must pass a temerity test
// which success threshold is increased by the 'Bloodlust' level. If they fail,
// they will 'devour' the carcass instead" (seed 000 lines 1183-1200; seed 004
// lines 1184-1199, "Piller").
//
// Read as (R-Loot):
//
//   - 1 AP (2 dazed, R17), a carcass (engine.carcass: defeated, not
//     demoralised, neither devoured nor looted) in the looter's zone of control;
//     the looter in play, on its feet, not stunned; engaged or not (the rule,
//     unlike Devouring's, does not forbid it). A Khârn never loots, unless
//     its card says it may (mayLoot).
//   - A Fang first passes a temerity test, T + 1D10 >= 10 + its Bloodlust
//     (seed 000 line 1288, seed 004 line 1236), a natural 1 failing as sim's other temerity tests
//     do, no mastery die rerolling it (line 1272); failed, it devours the
//     carcass instead, its AP spent as Devouring's (2 HP, sim/devour.go).
//   - The carcass is then removed: nobody devours, loots or brings it back.
//   - What acts in a battle is played:
//     ammunition: one shot back for a looter whose shooting weapon has counted
//     shots (or a throwing weapon), when a Safar holding the same weapon spent
//     one of its counted shots on the victim; never above the looter's
//     starting count (it only recovers what its side spent);
//     supplies: kept, and eaten for 3 AP (4 dazed) when not engaged, healing
//     2D5 HP (2D5 as the rulebook's other 1D5 rolls, ceil(d10/2) each),
//     never above its starting HP (engine.maxHP).
//   - Not played: the blunt weapon, which a Safar without a melee weapon would
//     take (2 damage less than the victim's weapon) and fight with; the engine's
//     attack tables belong to a Safar's kind, set up before the battle, and the
//     only weaponless Safar of the ready-made lists is a Khârn, who never loots;
//     the Krowns, goal average of a tournament, which change no battle.
//
// The default policy (lootChoice) loots when a carcass lies in its zone of
// control and: out of shots, with a shot to recover, the expected damage of
// its best shot at its target outweighs the AP (apCost); wounded and not
// engaged, the expected HP the supplies heal (E[min(2D5, HP lost)]) outweigh
// the 4 AP of looting and eating them; a Fang weighs them by the chance of
// its temerity test, and the HP it devours on failing it (lootOdds). It eats
// supplies kept when that is worth the 3 AP.

// lootState is what looting changes on a Safar.
type lootState struct {
	// looted: its carcass was looted and removed.
	looted bool
	// supplies looted and not eaten yet.
	supplies int8
	// shotBy: the Safars (by index, under 64) that spent a counted shot on it.
	shotBy uint64
}

// What a looter takes (action.opt of actLoot).
const (
	lootAmmo = iota
	lootSupplies
)

// lootAP and eatAP: "Looting: 1 AP"; supplies "by using 3AP" (seed 000 lines
// 1183 and 1192; seed 004 lines 1184 and 1191).
const (
	lootAP = 1
	eatAP  = 3
)

// mayLoot reports whether a Safar of profile p may loot at all: not a Khârn ("too noble to
// stoop to such behaviour", seed 000 line 1198), unless its card says it may
// (skills.md section 3, pattern K: "may loot although its people normally
// cannot"; generic_actions: {loot: true}, sim/genericactions.go).
func mayLoot(p *profiles.Profile) bool {
	return p.Faction != profiles.Kharns || p.GenericActions != nil && p.GenericActions.Loot
}

// canLoot reports whether Safar i may loot carcass k now (R-Loot).
func (e *engine) canLoot(i, k int) bool {
	c := &e.c[i]
	// The carcass first: the rest holds for every k (the same conjunction).
	return k != i && k >= 0 && k < len(e.c) && e.carcass(k) && mayLoot(c.f.Profile) && c.inPlay() && !c.ground && !c.stunned &&
		e.gap(i, k) <= e.naturalReach(i)+1e-9
}

// startAmmo returns the counted shots Safar i starts with, -1 unlimited (as
// engine.reset counts them).
func (e *engine) startAmmo(i int) int {
	w := e.c[i].f.Ranged
	switch {
	case w == nil:
		return -1
	case w.Effects.Ammunition > 0:
		return w.Effects.Ammunition
	case w.BoughtAmmunition != nil:
		return w.BoughtAmmunition.Shots
	}
	return -1
}

// ammoOn reports whether carcass k holds a shot Safar i can recover: one spent
// on it by a Safar holding i's shooting weapon, with i below its starting
// count.
func (e *engine) ammoOn(i, k int) bool {
	c := &e.c[i]
	w := c.f.Ranged
	if w == nil || c.ammo < 0 || c.ammo >= e.startAmmo(i) {
		return false
	}
	for s := range e.c {
		if s < 64 && e.c[k].loot.shotBy&(1<<s) != 0 && e.c[s].f.Ranged != nil && e.c[s].f.Ranged.ID == w.ID {
			return true
		}
	}
	return false
}

// spentOn records that Safar i spent a counted shot on Safar j (a hook of
// engine.strike).
func (e *engine) spentOn(i, j int) {
	if i < 64 {
		e.c[j].loot.shotBy |= 1 << i
	}
}

// loot plays Looting of carcass k by Safar i, taking what (lootAmmo or
// lootSupplies). It reports whether the activation goes on.
func (e *engine) loot(r *rand.PCG, i, k, what int) bool {
	c := &e.c[i]
	cost := e.actionCost(i, lootAP)
	if c.ap < cost || !e.canLoot(i, k) || what == lootAmmo && !e.ammoOn(i, k) || what != lootAmmo && what != lootSupplies {
		return false
	}
	c.ap -= cost
	c.spent += cost
	if c.f.Profile.Faction == profiles.Fangs {
		// "a temerity test which success threshold is increased by the
		// 'Bloodlust' level" (seed 000 lines 1200-1202; T + 1D10 >= 10, line
		// 1288).
		d := dice.D10(r)
		if d == 1 || c.f.Stats().T+d < 10+c.f.Skills.Bloodlust {
			heal := e.devourHeal(i, k, lootAP)
			c.hp += heal
			e.c[k].morale.devoured = true
			if e.trace != nil {
				e.tracef("  %s fails its temerity test to loot %s (rolls %d) and devours the carcass (%d AP): +%d HP (%d HP)\n", e.name(i), e.name(k), d, cost, heal, c.hp)
			}
			return true
		}
	}
	e.c[k].loot.looted = true
	if what == lootAmmo {
		c.ammo++
	} else {
		c.loot.supplies++
	}
	if e.trace != nil {
		got := "supplies"
		if what == lootAmmo {
			got = "a shot back"
		}
		e.tracef("  %s loots the carcass of %s (%d AP): %s\n", e.name(i), e.name(k), cost, got)
	}
	return true
}

// eat plays eating supplies Safar i looted: 3 AP (4 dazed), not engaged,
// 2D5 HP never above its starting HP. It reports whether the activation goes
// on.
func (e *engine) eat(r *rand.PCG, i int) bool {
	c := &e.c[i]
	cost := e.actionCost(i, eatAP)
	if c.loot.supplies <= 0 || c.ap < cost || c.ground || c.stunned || e.engagedAny(i) {
		return false
	}
	c.ap -= cost
	c.spent += cost
	c.loot.supplies--
	heal := max(min(dice.D5(r)+dice.D5(r), e.maxHP(i)-c.hp), 0)
	c.hp += heal
	if e.trace != nil {
		e.tracef("  %s eats its supplies (%d AP): +%d HP (%d HP)\n", e.name(i), cost, heal, c.hp)
	}
	return true
}

// suppliesHeal returns the expected HP supplies heal Safar i now:
// E[min(2D5, HP lost)], 1D5 uniform on 1-5.
func (e *engine) suppliesHeal(i int) float64 {
	lost := e.maxHP(i) - e.c[i].hp
	if lost <= 0 {
		return 0
	}
	s := 0
	for a := 1; a <= 5; a++ {
		for b := 1; b <= 5; b++ {
			s += min(a+b, lost)
		}
	}
	return float64(s) / 25
}

// lootOdds returns the chance that Safar i's Looting takes an object: 1, or
// for a Fang the chance of its temerity test (see loot): T + d >= 10 +
// Bloodlust with d from 2 to 10.
func (e *engine) lootOdds(i int) float64 {
	f := e.c[i].f
	if f.Profile.Faction != profiles.Fangs {
		return 1
	}
	need := max(10+f.Skills.Bloodlust-f.Stats().T, 2) // the lowest face that passes
	return float64(max(11-need, 0)) / 10
}

// shotWorth returns the expected damage of Safar i's best single shot at
// Safar j holding its AP (its options' figures at the effective range band).
func (e *engine) shotWorth(i, j int) float64 {
	if j < 0 {
		return 0
	}
	k := min(max(e.c[j].ap, 0), 7)
	best := 0.0
	for n := range e.opts[e.c[i].kind][e.c[j].kind] {
		o := &e.opts[e.c[i].kind][e.c[j].kind][n]
		if o.shot && o.pos == posNone && o.split == 0 {
			best = max(best, o.dmg[bandEffective][k]-o.ctr[bandEffective][k])
		}
	}
	return best
}

// lootChoice returns the Looting or the eating the default policy plays for
// Safar i now (target j of its plan), or actEnd (see above).
func (e *engine) lootChoice(i, j int, keep bool) action {
	c := &e.c[i]
	if c.ground || c.stunned || !mayLoot(c.f.Profile) {
		return action{kind: actEnd}
	}
	// Whether i is engaged is asked only where it matters, an eating or a
	// loot of supplies: asked before every action of every Safar that may
	// loot, it was most of this choice's time (issue #13, docs/benchmarks.md
	// "Eleventh round: battles").
	eat := e.actionCost(i, eatAP)
	if c.loot.supplies > 0 && c.ap >= eat && !e.engagedAny(i) {
		if e.suppliesHeal(i) > e.apCost(i, j, eat, keep)+1e-9 {
			return action{kind: actEat}
		}
	}
	cost := e.actionCost(i, lootAP)
	if c.ap < cost {
		return action{kind: actEnd}
	}
	p := e.lootOdds(i)
	free := 0 // 1 free, -1 engaged, 0 not asked yet
	for k := range e.c {
		if !e.canLoot(i, k) {
			continue
		}
		devour := (1 - p) * float64(e.devourHeal(i, k, lootAP)) // a Fang's failed test
		if c.ammo == 0 && e.ammoOn(i, k) && p*e.shotWorth(i, j)+devour > e.apCost(i, j, cost, keep)+1e-9 {
			return action{kind: actLoot, opt: lootAmmo, target: k}
		}
		if free == 0 && c.loot.supplies == 0 && c.ap >= cost+eat {
			free = -1
			if !e.engagedAny(i) {
				free = 1
			}
		}
		if free > 0 && c.loot.supplies == 0 && c.ap >= cost+eat && p*e.suppliesHeal(i)+devour > e.apCost(i, j, cost+eat, keep)+1e-9 {
			return action{kind: actLoot, opt: lootSupplies, target: k}
		}
	}
	return action{kind: actEnd}
}
