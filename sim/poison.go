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
	if o.poisoned || o.f.Items.PoisonImmune || opt.weapon == nil || opt.attack.Kind.Special() || c.side == o.side {
		return false // an immune target takes no dose (sim/items.go)
	}
	if opt.weapon.Effects.Poison {
		return true
	}
	if c.doses > 0 {
		if c.doses <= int(c.items.ddoses) {
			c.items.ddoses-- // the doses kept for defences go last
		}
		c.doses--
		return true
	}
	return false
}

// poisonsBack reports whether the defender of ex may spend a dose on its
// main defence (catalogue.md 4.6 "adds the poison effect to an attack or
// defence"; sim/items.go): it carries a dose that may be spent on a defence,
// against a melee attack (R11: no counter against a shot; special attacks
// carry no effect) of an attacker that is not immune.
// The fight engine asks in addition that doses are left and the attacker is
// not yet poisoned (engine.defencePoison).
func (ex *Exchange) poisonsBack() bool {
	return ex.Defender.Items.DefenceDoses > 0 && ex.Defender.PoisonDoses > 0 && ex.Attack.Kind == Melee &&
		!ex.Attack.Free && !ex.Attacker.Items.PoisonImmune && !ex.BeyondCounterReach
}

// poisonBack reports whether the defence def of the main attack (not free)
// carries the defender's dose: a main defence of 2 or 3 AP, the ones that
// deal counter damage (R11), Cunning's AP not counted.
func (pl *plan) poisonBack(free bool, def Defence) bool {
	return !free && def.AP >= 2 && !def.None && !def.Discard && pl.ex.poisonsBack()
}

// defencePoison plays the dose Safar j spent on its main defence against
// Safar i (Outcome.DefencePoison, Outcome.AttackerPoisoned): announced before
// the roll like an effect (seed 004 line 1071), so it is spent hit or miss,
// when j has a dose left that may be spent on a defence and i is an enemy not
// yet poisoned; i is poisoned when the defence stopped the attack.
func (e *engine) defencePoison(i, j int, out *Outcome) {
	c, o := &e.c[i], &e.c[j]
	if !out.DefencePoison || o.items.ddoses <= 0 || o.doses <= 0 || c.poisoned || c.side == o.side {
		return
	}
	o.items.ddoses--
	o.doses--
	if !out.AttackerPoisoned || !c.alive() {
		return
	}
	c.poisoned, c.poisonBy = true, j
	if e.trace != nil {
		e.tracef("    %s is poisoned by the defence\n", e.name(i))
	}
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
	if e.trace != nil {
		e.tracef("  %s suffers from poison (-%d to every characteristic)\n", e.name(i), c.poison)
	}
	if poisonFloor(c.f)-int(c.poison) < 0 {
		e.take(i, c.poisonBy, max(c.hp, 0))
		if e.trace != nil {
			e.tracef("  %s dies of the poison\n", e.name(i))
		}
		return false
	}
	return true
}

// mods returns the modifiers on c's characteristics: its spells' and its
// poison's malus, frostbite's during its activation, and its critical
// thresholds lowered after a passed last-Safar temerity test
// (sim/critthresh.go).
func (c *combatant) mods() statMod {
	m := c.fx.mod
	for k := range 6 {
		m[k] -= c.poison
	}
	m[profiles.V] -= c.fire.chill // frostbite (sim/fire.go)
	m[profiles.A] -= c.fire.chill
	if c.morale.bold {
		m[modBold] = 1 // sim/critthresh.go
	}
	if c.turnRoll != 0 {
		c.turnRollMods(&m) // sim/turnroll.go
	}
	return m
}

// poisons reports whether the attack of ex carries poison: made with a weapon
// (not a special attack) that poisons, by an attacker with a dose left, or a
// shot of a weapon with poisoned ammunition left (sim/fire.go).
func (ex *Exchange) poisons() bool {
	a, w := ex.Attacker, ex.Attacker.Weapon
	return w != nil && !ex.Attack.Kind.Special() && (w.Effects.Poison || a.PoisonDoses > 0 || ex.Attack.Kind == Shot && w.Effects.PoisonShots > 0) &&
		!ex.Defender.Items.PoisonImmune // sim/items.go
}
