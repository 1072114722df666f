package sim

import "github.com/kharn-ages/kharn/profiles"

// Poison (R17; seed 000 lines 1360-1364): "causes a malus of 1 in V, P, A, C,
// T, I at the beginning of the activation. The effect will increase by one at
// each activation. If one of his characteristics among P, A, C or I goes below
// zero, the Safar dies ... A Safar can suffer from only one poisoning at the
// same time." It comes from a weapon that poisons (profiles.Effects.Poison)
// or a poison dose (an item with poison: catalogue.md 4.6 "adds the poison
// effect to an attack"): a Safar carrying doses spends one on each attack
// with a weapon against a target not yet poisoned, hit or miss. The malus
// counts in the exchanges and walks as a spell's does (combatant.mods); as a
// spell's, not in temerity tests.

// poisonDoses returns how many poison doses items hold: the copies of
// poison items (profiles/copies.go: a stackable item).
func poisonDoses(items []*profiles.Equipment) int {
	n := 0
	for _, it := range items {
		if it.Kind == profiles.KindItem && it.Effects.Poison {
			n++
		}
	}
	return n
}

// poisonsWith reports whether Safar i's attack opt on j carries poison, and
// spends the dose it takes.
func (e *engine) poisonsWith(i, j int, opt *fightOption) bool {
	c, o := &e.c[i], &e.c[j]
	if o.poisoned || opt.weapon == nil || opt.attack.Kind.Special() || c.side == o.side {
		return false
	}
	if opt.weapon.Effects.Poison {
		return true
	}
	if c.doses > 0 {
		c.doses--
		return true
	}
	return false
}

// poisonTick plays the poison of Safar i at the start of its activation: the
// malus grows by one; when P, A, C or I of its card less the malus goes below
// zero it dies, credited to its poisoner. It reports whether i is still in
// play.
func (e *engine) poisonTick(i int) bool {
	c := &e.c[i]
	if !c.poisoned {
		return true
	}
	c.poison++
	st := c.f.Stats()
	if e.trace != nil {
		e.tracef("  %s suffers from poison (-%d to every characteristic)\n", e.name(i), c.poison)
	}
	if min(st.P, st.A, st.C, st.I)-int(c.poison) < 0 {
		e.take(i, c.poisonBy, max(c.hp, 0))
		if e.trace != nil {
			e.tracef("  %s dies of the poison\n", e.name(i))
		}
		return false
	}
	return true
}

// mods returns the modifiers on c's characteristics: its spells' and its
// poison's malus.
func (c *combatant) mods() statMod {
	m := c.fx.mod
	for k := range 6 {
		m[k] -= c.poison
	}
	return m
}

// poisons reports whether the attack of ex carries poison: made with a weapon
// (not a special attack) that poisons, or by an attacker with a dose left.
func (ex *Exchange) poisons() bool {
	a, w := ex.Attacker, ex.Attacker.Weapon
	return w != nil && !ex.Attack.Kind.Special() && (w.Effects.Poison || a.PoisonDoses > 0)
}
