package sim

import (
	"math/bits"
	"math/rand/v2"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/dice"
)

// Items (catalogue.md 4.6 "Items") that fights play besides poison doses
// (sim/poison.go) and the skills items grant:
//
//   - a mastery-reroll charm, "+2 sur une relance de maîtrise offensive":
//     reading, the bonus adds to the roll of an action of its field on which
//     a mastery die is spent (R4), every such roll (the card names no limit
//     of uses: the mastery dice are the limit); the kept face, and with it
//     the CH and the CF, is the die's own (R2, R3). With one die the rerolled
//     die is the kept one, so both readings of "on a reroll" agree; with more
//     the bonus goes to the roll, not to the rerolled die only. Several
//     charms of one field do not add up: the best counts. The exact engine
//     and the sampler read it through dice.Pool.RerollBonus.
//   - a healing flask, "Rend 1D5 PV une fois par partie": one drink per copy,
//     an action of drinkAP (the cost of the one drinking action of the
//     rulebooks, "Drinking an antidote: 2 AP", seed 000 line 1153, seed 004
//     line 1078), on its feet, never above its starting HP (maxHP).
//   - an antidote: one drink per copy, 2 AP to stop one poison malus or 4 AP
//     to stop the poisoning (seed 000 lines 1153-1157, seed 004 lines
//     1078-1082); the Safar drinks its own ("the Safar or an ally within
//     ZOC": giving it to an ally is not played).
//   - poison immunity: its holder is never poisoned (no dose is spent on it).
//   - a poison dose that may also be spent on a defence ("adds the poison
//     effect to an attack or defence", catalogue.md 4.6): sim/poison.go.

// ItemEffects is what a Safar's items do in fights (sim/items.go).
type ItemEffects struct {
	// RerollBonus is, by mastery field (the bit's index in Fields), the best
	// bonus of its charms on a mastery reroll.
	RerollBonus [5]int8
	// Flasks are the heals of its healing flasks, one drink each.
	Flasks []profiles.Dice
	// Antidotes is the number of antidote drinks it carries.
	Antidotes int
	// DefenceDoses is how many of its poison doses may be spent on a defence.
	DefenceDoses int
	// PoisonImmune: it is never poisoned.
	PoisonImmune bool
}

// itemEffects reads what items do in fights.
func itemEffects(items []*profiles.Equipment) ItemEffects {
	var ie ItemEffects
	for _, it := range items {
		if it.Kind != profiles.KindItem {
			continue
		}
		ef := &it.Effects
		if ef.RerollBonus > 0 {
			if b := fieldBit(ef.RerollField); b != 0 {
				k := bits.TrailingZeros8(uint8(b))
				ie.RerollBonus[k] = max(ie.RerollBonus[k], int8(min(ef.RerollBonus, 9)))
			}
		}
		if ef.Heal != nil {
			ie.Flasks = append(ie.Flasks, *ef.Heal)
		}
		if ef.Antidote {
			ie.Antidotes++
		}
		if ef.Poison && ef.PoisonDefence {
			ie.DefenceDoses++
		}
		ie.PoisonImmune = ie.PoisonImmune || ef.PoisonImmune
	}
	return ie
}

// rerollBonus returns what f's charms add to a roll of field fl on which a
// mastery die is spent.
func (f *Fighter) rerollBonus(fl Fields) int {
	if fl == 0 {
		return 0
	}
	return int(f.Items.RerollBonus[bits.TrailingZeros8(uint8(fl))])
}

// drinkAP is the AP of drinking a flask or an antidote (seed 000 line 1153,
// seed 004 line 1078: "Boire un antidote : 2 PA"); an antidote that stops the
// whole poisoning takes antidoteAllAP (line 1157, line 1082).
const (
	drinkAP       = 2
	antidoteAllAP = 4
)

// itemState is what a Safar did with its items in the current fight: the
// flasks drunk (the first ones of ItemEffects.Flasks), the antidotes left and
// the doses left that may be spent on a defence (part of combatant.doses).
type itemState struct {
	drunk     int8
	antidotes int8
	ddoses    int8
}

// newItemState returns the items of f at the start of a fight.
func newItemState(f *Fighter) itemState {
	return itemState{antidotes: int8(min(f.Items.Antidotes, 99)), ddoses: int8(min(f.Items.DefenceDoses, f.PoisonDoses, 99))}
}

// maxHealDice bounds the dice of a heal expectedHeal reads (more count as
// this many: no card heals with more than two).
const maxHealDice = 6

// expectedHeal returns the expected HP a heal of d gives back to a Safar
// that lost lost HP (never more), and the expected HP it would give with
// nothing lost in the way (the whole roll).
func expectedHeal(d profiles.Dice, lost int) (healed, whole float64) {
	if d.N <= 0 || d.Sides <= 0 {
		v := max(d.Plus, 0)
		return float64(min(v, lost)), float64(v)
	}
	// The distribution of the sum of N dice (at most maxHealDice of 5 or 10
	// faces), in arrays on the stack: the policy asks it at every decision
	// of a Safar with a flask, and a battle stays allocation-free.
	var dist, next [maxHealDice*10 + 1]float64
	dist[0] = 1
	sides := min(max(d.Sides, 1), 10)
	for range min(d.N, maxHealDice) {
		next = [maxHealDice*10 + 1]float64{}
		for s, q := range dist {
			if q == 0 {
				continue
			}
			for f := 1; f <= sides && s+f < len(next); f++ {
				next[s+f] += q / float64(sides)
			}
		}
		dist = next
	}
	for s, q := range dist {
		v := max(s+d.Plus, 0)
		healed += q * float64(min(v, lost))
		whole += q * float64(v)
	}
	return healed, whole
}

// itemChoice returns the drink the default policy plays for Safar i now
// (target j of its plan), or actEnd: an antidote when the life its poison
// threatens is worth more than the AP (antidoteChoice), else a healing flask
// when the HP it gives back, less the HP of the roll it would waste on a
// Safar that lost fewer, exceed what its AP are worth to the plan (apCost,
// a healed HP counting as much as a HP of damage, as devourChoice and the
// heal spells' castValue count it; the waste counts because a flask is gone
// once drunk).
func (e *engine) itemChoice(i, j int, keep bool) action {
	c := &e.c[i]
	if c.ground || !c.inPlay() {
		return action{kind: actEnd}
	}
	if a := e.antidoteChoice(i, j, keep); a.kind != actEnd {
		return a
	}
	fl := c.f.Items.Flasks
	lost := e.maxHP(i) - c.hp
	cost := e.actionCost(i, drinkAP)
	if int(c.items.drunk) >= len(fl) || lost <= 0 || cost > c.ap {
		return action{kind: actEnd}
	}
	healed, whole := expectedHeal(fl[c.items.drunk], lost)
	if gain := healed - (whole - healed) - e.apCost(i, j, cost, keep); gain > 1e-9 {
		return action{kind: actDrink}
	}
	return action{kind: actEnd}
}

// poisonTicks returns how many more poison ticks Safar i survives: it dies at
// the first tick that takes P, A, C or I of its card below zero (R17).
func (e *engine) poisonTicks(i int) int {
	c := &e.c[i]
	return max(poisonFloor(c.f)-int(c.poison), 0)
}

// antidoteChoice returns the antidote the default policy drinks for Safar i,
// or actEnd: poisoned, it weighs its HP, the life the poison takes, by the
// share of the poison's course left that falls within the horizon over which
// a tending counts the bleeding it saves (tendHorizon): 4 AP stop it
// all, 2 AP put off its death by one tick (worth the difference); the better
// gain over apCost, when positive.
func (e *engine) antidoteChoice(i, j int, keep bool) action {
	c := &e.c[i]
	if !c.poisoned || c.items.antidotes <= 0 {
		return action{kind: actEnd}
	}
	// tendHorizon's (Thick skin aside: it is about bleeding), and the tick
	// at its next activation start.
	h := float64(max(min(bleedingTicks, e.rounds-e.round), 0)) + 1
	left := float64(e.poisonTicks(i) + 1) // ticks until it dies
	threat := func(t float64) float64 { return float64(max(c.hp, 0)) * min(1, h/t) }
	best, bv := action{kind: actEnd}, 0.0
	for _, ap := range []int{drinkAP, antidoteAllAP} {
		cost := e.actionCost(i, ap)
		if cost > c.ap {
			continue
		}
		saved := threat(left)
		if ap == drinkAP {
			if c.poison <= 1 {
				continue // one malus or none: 2 AP stop no less than 4 but leave it poisoned
			}
			saved -= threat(left + 1)
		}
		if g := saved - e.apCost(i, j, cost, keep); g > bv+1e-9 {
			best, bv = action{kind: actAntidote, opt: ap}, g
		}
	}
	return best
}

// drink plays Safar i's next healing flask: drinkAP AP (1 more dazed, R17),
// the heal rolled and given back up to maxHP. It reports whether the
// activation goes on.
func (e *engine) drink(r *rand.PCG, i int) bool {
	c := &e.c[i]
	cost := e.actionCost(i, drinkAP)
	fl := c.f.Items.Flasks
	if int(c.items.drunk) >= len(fl) || c.ap < cost || c.ground {
		return false
	}
	d := fl[c.items.drunk]
	c.items.drunk++
	c.ap -= cost
	c.spent += cost
	heal := max(min(dice.Roll(r, d.N, d.Sides, d.Plus), e.maxHP(i)-c.hp), 0)
	c.hp += heal
	if e.trace != nil {
		e.tracef("  %s drinks a healing flask (%d AP): +%d HP (%d HP)\n", e.name(i), cost, heal, c.hp)
	}
	return true
}

// antidote plays Safar i's antidote for ap AP: 2 AP stop one malus of its
// poison, 4 AP the poisoning. It reports whether the activation goes on.
func (e *engine) antidote(i, ap int) bool {
	c := &e.c[i]
	cost := e.actionCost(i, ap)
	if c.items.antidotes <= 0 || !c.poisoned || c.ap < cost || c.ground || ap != drinkAP && ap != antidoteAllAP {
		return false
	}
	c.items.antidotes--
	c.ap -= cost
	c.spent += cost
	if ap == antidoteAllAP {
		c.poisoned, c.poison, c.poisonBy = false, 0, -1
	} else {
		c.poison = max(c.poison-1, 0)
	}
	if e.trace != nil {
		e.tracef("  %s drinks an antidote (%d AP): poison malus %d%s\n", e.name(i), cost, c.poison,
			map[bool]string{true: ", poisoning stopped", false: ""}[!c.poisoned])
	}
	return true
}
