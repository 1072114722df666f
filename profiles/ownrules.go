package profiles

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"
)

// OwnRules are the modifiers of a Safar's own exchanges that its card writes
// in its rules (skills.md section 3, pattern F "Own exchange modifiers"). A
// data file writes each as an ordinary profile field, by hand (none is read
// from the catalogue's card texts):
//
//	critical_from: 9                # CH on 9-10 on all its attacks
//	defence_damage_vs: {against: {factions: [fangs]}, amount: 2}
//	bite_double_unhurt: true        # its Bite deals double damage to a target with all its HP
//	shot_critical_adds: A           # a shooting CH adds its A (and its stature) to the damage
//	vv_power_effect: true           # the P effect on a V+V attack when not charging
//	attack_effects: CV              # in attack, only these effects
//	no_reflex_defence: true         # no defence without characteristics
//	defence_damage_only: true       # its successful defences deal damage, never effects
//	defence_bonuses:                # while a named Safar of its side is in play
//	  - {while_in_play: {profiles: [its-twin]}, amount: 2}
//	  - {while_in_play: {profiles: [its-father, its-mother]}, stat: T}
//	activation_d10: true            # a d10 at each activation start: 1-3 -2 to its dice, 8+ +2 to its characteristics
//	paired_free_attacks: true       # once per game, with two one-handed weapons, two 2 AP attacks without AP or mastery dice
//	defence_counter_attack: Horn    # after a successful 3 AP defence, a free attack with its special_attacks entry of that name
//	free_auto_defence: true         # once per turn a free 3 AP defence that succeeds automatically
//	riposte_shot: true              # a Riposte defence's A effect may be a free shot of its loaded weapon, even in melee
//
// The engine plays them in sim/ownrules.go.
type OwnRules struct {
	// CriticalFrom is the lowest face of the critical range of all its
	// attacks (2-9; 0: the rulebook's 10, R2), weapon or not, special attacks,
	// shots and the free attacks of A effects included; a weapon's own wider
	// range is kept.
	CriticalFrom int
	// DefenceDamage adds to the counter damage of its successful 2-3 AP
	// defences against the Safars a selector names (one people).
	DefenceDamage []DefenceDamage
	// BiteDoubleUnhurt doubles the damage roll of its Bite against a target
	// that has all its HP.
	BiteDoubleUnhurt bool
	// ShotCriticalAdds, when ShotCritical is set, is the characteristic a CH
	// of its 2-3 AP shots adds to the damage, with its stature.
	ShotCriticalAdds Char
	ShotCritical     bool
	// VVPower allows the P effect on a melee attack engaging V twice when
	// it is not an assault (not charging): one P in place of one V.
	VVPower bool
	// AttackEffects, when not empty, are the only effects its attacks may
	// apply.
	AttackEffects CharSet
	// NoReflexDefence: it makes no defence without characteristics (no 0 AP
	// reflex defence, R7).
	NoReflexDefence bool
	// DefenceDamageOnly: its successful defences deal damage only, never an
	// effect (R11).
	DefenceDamageOnly bool
	// DefenceBonuses add to all its defences while a Safar they name is in
	// play on its side.
	DefenceBonuses []DefenceBonus
	// ActivationD10: at the start of each of its activations it rolls a
	// d10; on 1-3 its dice roll 2 less (-2 to the natural result of all its
	// dice), on 8+ its characteristics are raised by 2, until the start of
	// its next activation, defences included (skills.md section 3 F, Open:
	// "recommended until its next activation start, defences included").
	ActivationD10 bool
	// PairedFreeAttacks: once per game, holding two one-handed weapons, it
	// makes two 2 AP attacks without spending AP and without mastery dice
	// (skills.md section 3 F).
	PairedFreeAttacks bool
	// CounterAttack, when CounterAttackSet, is the index in its
	// SpecialAttacks of the card attack (pattern I) it makes for free after
	// a successful 3 AP defence (skills.md section 3 F); CounterAttackName
	// the name the data file gave.
	CounterAttack     int
	CounterAttackName string
	CounterAttackSet  bool
	// AutoDefence: once per turn, a free 3 AP defence that succeeds
	// automatically (skills.md section 3 F).
	AutoDefence bool
	// RiposteShot: during a defence with Riposte, its A effect may be a
	// free shot if its weapon is loaded, even in melee (skills.md section 3
	// F).
	RiposteShot bool
}

// DefenceDamage is +Amount counter damage against the Safars Against names.
type DefenceDamage struct {
	Against Selector
	Amount  int
	Pos     Pos
}

// DefenceBonus adds Amount, or the value of its characteristic Stat when
// UseStat, to all its defence totals while a Safar WhileInPlay names (itself
// excepted) is in play on its side: "+2 defence while its twin is in play",
// "adds its T to all its defences while one of two named relatives is in its
// Spearhead".
type DefenceBonus struct {
	WhileInPlay Selector
	Amount      int
	Stat        Char
	UseStat     bool
	Pos         Pos
}

// ownRuleFields are the profile keys OwnRules reads.
var ownRuleFields = []string{"critical_from", "defence_damage_vs", "bite_double_unhurt", "shot_critical_adds",
	"vv_power_effect", "attack_effects", "no_reflex_defence", "defence_damage_only", "defence_bonuses", "activation_d10", "paired_free_attacks", "defence_counter_attack", "free_auto_defence", "riposte_shot"}

var (
	defenceDamageFields = []string{"against", "amount"}
	defenceBonusFields  = []string{"while_in_play", "amount", "stat"}
)

// ownRule decodes the profile key key of OwnRules into o; it reports false
// when key is not one of them.
func (d *decoder) ownRule(o *OwnRules, key string, n *yaml.Node, field string) bool {
	switch key {
	case "critical_from":
		o.CriticalFrom, _ = d.intIn(n, field, 2, 9, "critical_from must be from 2 to 9 (the lowest face of its critical hits; 10 is the rulebook's, R2)")
	case "defence_damage_vs":
		o.DefenceDamage = d.defenceDamage(n, field)
	case "bite_double_unhurt":
		o.BiteDoubleUnhurt, _ = d.boolValue(n, field)
	case "shot_critical_adds":
		o.ShotCriticalAdds, o.ShotCritical = d.oneChar(n, field, "want one characteristic among V, P, A, C, T, I (added with its stature to the damage of its shooting CHs)")
	case "vv_power_effect":
		o.VVPower, _ = d.boolValue(n, field)
	case "attack_effects":
		o.AttackEffects = d.effectSet(n, field)
	case "no_reflex_defence":
		o.NoReflexDefence, _ = d.boolValue(n, field)
	case "defence_damage_only":
		o.DefenceDamageOnly, _ = d.boolValue(n, field)
	case "defence_bonuses":
		o.DefenceBonuses = d.defenceBonuses(n, field)
	case "activation_d10":
		o.ActivationD10, _ = d.boolValue(n, field)
	case "paired_free_attacks":
		o.PairedFreeAttacks, _ = d.boolValue(n, field)
	case "riposte_shot":
		o.RiposteShot, _ = d.boolValue(n, field)
	case "free_auto_defence":
		o.AutoDefence, _ = d.boolValue(n, field)
	case "defence_counter_attack":
		o.CounterAttackName, o.CounterAttackSet = d.stringValue(n, field)
	default:
		return false
	}
	return true
}

// oneChar decodes one characteristic letter.
func (d *decoder) oneChar(n *yaml.Node, field, msg string) (Char, bool) {
	s, ok := d.stringValue(n, field)
	if !ok {
		return 0, false
	}
	c, ok := ParseChar(s)
	if !ok {
		d.errorf(deref(n), field, "%s, got %q", msg, s)
		return 0, false
	}
	return c, true
}

// effectSet decodes attack_effects: letters among V, P, A, C, each once.
func (d *decoder) effectSet(n *yaml.Node, field string) CharSet {
	s, ok := d.stringValue(n, field)
	if !ok {
		return 0
	}
	var set CharSet
	for i := 0; i < len(s); i++ {
		c, ok := ParseChar(s[i : i+1])
		if !ok || c > C || set.Has(c) {
			d.errorf(deref(n), field, "want the effects it may apply in attack, letters among V, P, A, C each once (R10), e.g. CV, got %q", s)
			return 0
		}
		set = set.With(c)
	}
	if set == 0 {
		d.errorf(deref(n), field, "want at least one effect among V, P, A, C (R10); leave the field out for no restriction")
	}
	return set
}

// defenceDamage decodes defence_damage_vs: one mapping or a list of them.
func (d *decoder) defenceDamage(n *yaml.Node, field string) []DefenceDamage {
	elems := []*yaml.Node{n}
	v := deref(n)
	seq := v != nil && v.Kind == yaml.SequenceNode
	if seq {
		elems, _ = d.sequence(n, field)
	}
	var out []DefenceDamage
	for i, e := range elems {
		ef := field
		if seq {
			ef = index(field, i)
		}
		fields, ok := d.mapping(e, ef)
		if !ok {
			continue
		}
		x := DefenceDamage{Pos: d.pos(deref(e))}
		present := make(map[string]bool)
		for _, f := range fields {
			present[f.key] = true
			ff := join(ef, f.key)
			switch f.key {
			case "against":
				x.Against = d.selector(f.v, ff)
			case "amount":
				x.Amount, _ = d.intIn(f.v, ff, 1, 9, "amount must be from 1 to 9 (damage added to its counter damage)")
			default:
				d.unknown(f.k, ff, f.key, defenceDamageFields)
			}
		}
		if d.require(deref(e), ef, present, "against", "amount") {
			out = append(out, x)
		}
	}
	return out
}

// defenceBonuses decodes defence_bonuses.
func (d *decoder) defenceBonuses(n *yaml.Node, field string) []DefenceBonus {
	var out []DefenceBonus
	for e := range d.entries(n, field) {
		b := DefenceBonus{Pos: e.pos}
		for f, ff := range e.keys() {
			switch f.key {
			case "while_in_play":
				b.WhileInPlay = d.selector(f.v, ff)
			case "amount":
				b.Amount, _ = d.intIn(f.v, ff, 1, 9, "amount must be from 1 to 9 (added to its defence totals)")
			case "stat":
				b.Stat, b.UseStat = d.oneChar(f.v, ff, "want one characteristic among V, P, A, C, T, I (its value added to its defence totals)")
			default:
				d.unknown(f.k, ff, f.key, defenceBonusFields)
			}
		}
		if !e.require("while_in_play") {
			continue
		}
		if e.present["amount"] == e.present["stat"] {
			d.errorf(e.node, e.field, "want exactly one of amount: N or stat: X (what it adds to its defences)")
			continue
		}
		out = append(out, b)
	}
	return out
}

// checkOwnRules reports the rules of p that read a characteristic its card
// does not print (catalogue.md 4.5) or a Bite it does not have.
func (d *decoder) checkOwnRules(p *Profile, path string) {
	o := &p.Own
	if o.ShotCritical && p.NotPrinted.Has(o.ShotCriticalAdds) {
		d.errs = append(d.errs, Error{Pos: p.Pos, Field: join(path, "shot_critical_adds"),
			Msg: "adds " + o.ShotCriticalAdds.String() + ", which the card does not print (stats: " + o.ShotCriticalAdds.String() + ": ~)"})
	}
	for i, b := range o.DefenceBonuses {
		if b.UseStat && p.NotPrinted.Has(b.Stat) {
			d.errs = append(d.errs, Error{Pos: b.Pos, Field: index(join(path, "defence_bonuses"), i) + ".stat",
				Msg: "adds " + b.Stat.String() + ", which the card does not print (stats: " + b.Stat.String() + ": ~)"})
		}
	}
	if o.CounterAttackSet {
		found := false
		var names []string
		for i := range p.SpecialAttacks {
			names = append(names, p.SpecialAttacks[i].Name)
			if p.SpecialAttacks[i].Name == o.CounterAttackName {
				o.CounterAttack, found = i, true
				break
			}
		}
		if !found {
			msg := "names no special_attacks entry of the card (skills.md section 3 F: a card-defined attack, pattern I)"
			if len(names) > 0 {
				msg += "; its entries: " + strings.Join(names, ", ")
			}
			d.errs = append(d.errs, Error{Pos: p.Pos, Field: join(path, "defence_counter_attack"), Msg: fmt.Sprintf("%q %s", o.CounterAttackName, msg)})
			o.CounterAttackSet = false
		}
	}
	if o.BiteDoubleUnhurt {
		if _, ok := p.Skill(SkillBite); !ok {
			d.errs = append(d.errs, Error{Pos: p.Pos, Field: join(path, "bite_double_unhurt"),
				Msg: "doubles its Bite's damage, but the card has no " + strings.ToLower(SkillBite) + " skill (R18)"})
		}
	}
}
