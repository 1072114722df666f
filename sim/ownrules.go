package sim

// This file plays the modifiers of a Safar's own exchanges that its card
// writes (skills.md section 3, pattern F; profiles.OwnRules,
// profiles/ownrules.go). Each changes a single exchange, so the exact engine
// and the sampler play them alike through the Exchange (attackPool,
// baseDamage, counterDamage, defenceModifier, Check, checkDefence,
// counterChoice, effectChoices), and duels and skirmishes through their
// plans:
//
//   - critical_from: the lowest critical face of all its attacks (R2: "some
//     weapons 9-10"), special attacks, shots and free attacks included; a
//     weapon's wider range is kept; a passed last-Safar temerity test lowers
//     it further (sim/critthresh.go);
//   - defence_damage_vs: + N to the counter damage of its successful 2-3 AP
//     defences (R11) against the Safars of the people it names;
//   - bite_double_unhurt: its Bite's 1D5 is doubled against a target that
//     has all its HP (Exchange.DefenderHurt false; fights set it from the
//     target's HP against its card's). The option tables value it
//     undoubled (engine.exchange), so the policies choose as without the
//     rule: valued doubled against an unhurt target, by the exact expected
//     damage of the first attack (as sim/firstgain.go values a healing
//     Bite), the default policy chose the doubled Bite over two VP:P
//     attacks that kill more often within the activation, and a pack biter
//     (fangs, level II, V5 P5 A4 C4) fell from 52.9% to 40.3% of wins
//     against a Khârn of its level (kharn duel, 20000 fights, seed 1); the
//     policy weighs expected damage, not the chance of a kill before the
//     enemy's activation;
//   - shot_critical_adds: on a CH of its 2-3 AP shots it adds the
//     characteristic and its stature to the CH bonus, besides the doubling
//     of R9 (reading: the card adds "as well as its stature" to the damage of
//     the CH; R9's x2 stays, the addition is part of the CH bonus, which a
//     natural 10 of armour does not stop, R12);
//   - vv_power_effect: a melee attack engaging V twice may apply P as one
//     of its effects, in place of a V, when it is not an assault (not
//     charging: the assault of seed 000 l.707-719, seed 004 l.634-646,
//     R8a); an option of the fight tables that takes it, played in an
//     assault, applies V instead (engine.plan, ownAssaultEffects);
//   - attack_effects: the only effects its attacks may apply (R10);
//   - no_reflex_defence: no 0 AP reflex defence (R7: "reflex defence rolls
//     the level dice alone", a defence without characteristics; seed 000
//     l.1092, seed 004 l.1055: the reflex defence engages none); with no
//     AP to engage it does not defend;
//   - defence_damage_only: a successful 2-3 AP defence deals its damage and
//     never an effect (R11; Riposte's and Slender's effects neither);
//   - defence_bonuses: + N, or its characteristic, to its defence totals
//     while a Safar they name is in play on its side (in play: not removed);
//     fights carry it in the defender's modifier (statMod slot modDefence,
//     Fighter.DefenceBonus), set at each exchange (engine.ownDefence).
//
// Not played: its defences against spells (a spell defence is no combat
// defence, skills.md #6's reading); on a mount's card (profiles.Mount has
// none of these fields).

// doubledD5 is the distribution of twice 1D5 (bite_double_unhurt).
var doubledD5 = func() []float64 {
	d := make([]float64, 11)
	for f := 1; f <= 5; f++ {
		d[2*f] = 0.2
	}
	return d
}()

// ownCriticalFrom returns the lowest critical face of f's attack roll from
// from, the weapon's or the rulebook's: its card's critical_from when lower.
func ownCriticalFrom(f *Fighter, from int) int {
	if c := f.Profile.Own.CriticalFrom; c >= 2 && (from < 2 || c < from) {
		return c
	}
	return from
}

// ownCounterBonus returns what def's card adds to its counter damage against
// att (defence_damage_vs): the best entry that names att.
func ownCounterBonus(def, att *Fighter) int {
	b := 0
	for i := range def.Profile.Own.DefenceDamage {
		if dd := &def.Profile.Own.DefenceDamage[i]; dd.Amount > b && dd.Against.Matches(att.Profile) {
			b = dd.Amount
		}
	}
	return b
}

// vvPower reports whether attack a of ex may take P as an effect in place of
// one V (vv_power_effect): a melee attack engaging V twice, not an assault.
func (ex *Exchange) vvPower(a Attack) bool {
	return ex.Attacker.Profile.Own.VVPower && a.Kind == Melee && a.Chars.Count(V) == 2 && !ex.Assault
}

// effectsLegal reports whether the effects of a come from its engaged
// characteristics (R10), one P standing for one V under vv_power_effect.
func (ex *Exchange) effectsLegal(a Attack) bool {
	if effectsOK(a.Effects, a.Chars) {
		return true
	}
	if !ex.vvPower(a) || a.Effects.Count(P) == 0 {
		return false
	}
	return effectsOK(swapOne(a.Effects, P, V), a.Chars)
}

// withEffects returns a with effects e.
func withEffects(a Attack, e Chars) Attack {
	a.Effects = e
	return a
}

// swapOne returns cs with its first from replaced by to.
func swapOne(cs Chars, from, to Char) Chars {
	for i := 0; i < cs.Len(); i++ {
		if cs.c[i] == from {
			cs.c[i] = to
			return cs
		}
	}
	return cs
}

// ownEffectsAllowed reports whether every effect of a is among those the
// attacker's card allows in attack (attack_effects).
func ownEffectsAllowed(f *Fighter, a Attack) bool {
	allowed := f.Profile.Own.AttackEffects
	if allowed == 0 {
		return true
	}
	for i := 0; i < a.Effects.Len(); i++ {
		if !allowed.Has(a.Effects.At(i)) {
			return false
		}
	}
	return true
}

// ownAssaultEffects returns a with the P effect vv_power_effect allowed
// turned back into V when ex is an assault, where the card does not allow
// it: the fight tables value their options without assault (engine.plan).
func ownAssaultEffects(ex *Exchange, a Attack) Attack {
	if !ex.Assault || !ex.Attacker.Profile.Own.VVPower || effectsOK(a.Effects, a.Chars) || a.Kind != Melee {
		return a
	}
	for a.Effects.Count(P) > a.Chars.Count(P) {
		a.Effects = swapOne(a.Effects, P, V)
	}
	return a
}

// ownDefence returns the defence bonus of Safar i's card rules now: the sum
// of its defence_bonuses (each a different card rule) whose named Safars are
// in play on its side, itself excepted; in play: not removed (alive, in
// ambush included). No closure: it runs at each exchange against such a
// card, and the hot path stays allocation-free.
func (e *engine) ownDefence(i int) int {
	c := &e.c[i]
	p := c.f.Profile
	b := 0
	for bi := range p.Own.DefenceBonuses {
		db := &p.Own.DefenceBonuses[bi]
		held := false
		for k := range e.c {
			if k != i && e.c[k].side == c.side && e.c[k].alive() && db.WhileInPlay.Matches(e.c[k].f.Profile) {
				held = true
				break
			}
		}
		switch {
		case !held:
		case db.UseStat:
			b += max(p.Stats.Get(db.Stat), 0)
		default:
			b += db.Amount
		}
	}
	return b
}

// traceOwnRules writes, for --trace, the pattern F rules of the cards of
// Safar i attacking Safar j with opt that read the battle: j's defence bonus
// while its relatives are in play, i's Bite doubled against an unhurt
// target, and i's P effect on V+V turned back into V in an assault.
func (e *engine) traceOwnRules(i, j int, key planKey, opt *fightOption) {
	if b := key.defMod[modDefence]; b != 0 {
		e.tracef("    %s defends with %+d: its card, a Safar it names is in play (defence_bonuses)\n", e.name(j), b)
	}
	c := &e.c[i]
	if opt.attack.Kind == Bite && c.f.Profile.Own.BiteDoubleUnhurt && !key.defHurt {
		e.tracef("    %s's Bite deals double damage if it hits: %s has all its HP (its card, bite_double_unhurt)\n", e.name(i), e.name(j))
	}
	if a := opt.attack; key.assault && c.f.Profile.Own.VVPower && a.Kind == Melee && !effectsOK(a.Effects, a.Chars) {
		e.tracef("    %s charges: its card's P effect on V+V is not allowed in an assault, V instead (vv_power_effect)\n", e.name(i))
	}
}
