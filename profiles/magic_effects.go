package profiles

import (
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// EffectParams are the parameters fights read of a spell level's effect beyond
// an amount of HP: the buffs and debuffs, dice and skill tools, control,
// morale and anti-magic categories of skills.md 4.3, each with the few parameters the embedded spells
// use. A level of those categories whose parameters are all zero is text only:
// fights list it as not modelled (SpellsNotPlayed).
type EffectParams struct {
	// Modifier is added to the target's characteristics while the effect lasts
	// (characteristic-buff, debuff: "+1 to P and C", "-1 to every
	// characteristic"); its fields are -3 to +3.
	Modifier Stats
	// APLoss is the AP the target loses at the start of its next activation
	// (activation-control).
	APLoss int
	// Immobilise: the target cannot walk (nor walk into an assault) while the
	// effect lasts (activation-control).
	Immobilise bool
	// Fright: the target provokes terror of this temerity threshold while the
	// effect lasts (morale: "causes fright 12").
	Fright int
	// Ward raises by Ward the difficulty of every spell the enemies of the target
	// cast while the effect lasts and the target is in play (anti-magic: "enemy
	// spell difficulties +1").
	Ward int
	// Dispel ends, at once, every lasting spell effect on the target that the
	// target's enemies cast (on an enemy: its side's buffs and wards; on an ally:
	// the enemies' debuffs, control and fright) (anti-magic).
	Dispel bool
	// Silence: the target casts no spell while the effect lasts (anti-magic).
	Silence bool
	// AttackBonus is added to the target's attack totals with the weapon in
	// hand while the effect lasts, and CriticalFrom (2-9, 0: unchanged) is the
	// lowest face of a critical hit of those attacks (offensive-buff: "+2 to
	// attack totals and critical hits on 9-10").
	AttackBonus, CriticalFrom int
	// Cover: the target counts as behind an obstacle of its stature + Cover
	// against shots while the effect lasts (defensive-buff: "cover of its
	// stature + 1").
	Cover int
	// Activations: a Safar back from defeat (return-from-defeat, with the HP of
	// the level's amount) falls again at the end of this many of its
	// activations ("returns with 3D5 HP for one activation", skills.md 4.3).
	Activations int
	// ActivateNow: the target, an ally, activates at once, inside the
	// caster's activation, with ActedAPLoss AP less when it has already been
	// activated this turn (activation-control: "the ally activates now; 2 AP
	// less if it already acted").
	ActivateNow bool
	ActedAPLoss int
	// Reroll: the target may reroll one die of its next roll (dice-tool:
	// rooted-fate, "the ally may reroll one die of its next roll"), a one-shot
	// reroll it holds until it rolls or the effect ends.
	Reroll bool
	// ForceReroll: the target, an enemy, must roll again one die of its next
	// roll, the one the caster's player picks (dice-tool: "force an enemy
	// reroll", skills.md 4.3), a one-shot state it is under until it rolls or
	// the effect ends.
	ForceReroll bool
	// FixedResult: the target's next roll is not rolled, its result is the
	// caster's I plus FixedResult (dice-tool: "a roll's result fixed at the
	// caster's I + 2", skills.md 4.3), a one-shot state it is under until it
	// rolls or the effect ends. Zero: none.
	FixedResult int
	// StoredDie: a d10 is rolled at the cast and kept for the target, which
	// may put it in place of one die of its next roll (dice-tool: "a d10 kept
	// to replace a later one", skills.md 4.3), a one-shot state it holds
	// until it rolls or the effect ends.
	StoredDie bool
	// ReplayAll: every Safar in play, of both sides, plays its activation of
	// the round again (activation-control: "all Safars play their activation
	// again", sim/magic_replay.go), a one-off effect.
	ReplayAll bool
	// GrantSkill is a skill the target has while the effect lasts (dice-tool,
	// "grant Awakened or Skilled swordsman to an ally", skills.md 4.3): one of
	// GrantableSkills. Fights play the ones of PlayedGrants.
	GrantSkill string
}

// GrantableSkills are the skills a spell may grant (grant_skill), the ones
// skills.md 4.3 counts among the dice and skill tools.
var GrantableSkills = []string{SkillSkilledSwordsman, SkillAwakened}

// PlayedGrants are the granted skills fights play: Skilled swordsman, which
// the exchange reads, and Awakened, which spell defences read (sim/magic_awake.go).
var PlayedGrants = []string{SkillSkilledSwordsman, SkillAwakened}

// Lasting reports whether the parameters make an effect that lasts (a
// modifier, an attack bonus or critical range, immobilisation, fright, ward,
// silence or cover), as opposed to one that
// happens once (AP loss, dispel).
func (p EffectParams) Lasting() bool {
	return p.Modifier != (Stats{}) || p.Immobilise || p.Fright > 0 || p.Ward > 0 || p.Silence || p.Cover > 0 ||
		p.AttackBonus != 0 || p.CriticalFrom > 0 || p.Reroll || p.ForceReroll || p.FixedResult > 0 || p.StoredDie || p.GrantSkill != ""
}

// effectFields are the level fields of EffectParams, with the categories that
// may carry each.
var effectFields = map[string][]SpellEffect{
	"modifier":      {EffectStatBuff, EffectDebuff},
	"ap_loss":       {EffectControl},
	"immobilise":    {EffectControl},
	"fright":        {EffectMorale},
	"ward":          {EffectAntiMagic},
	"dispel":        {EffectAntiMagic},
	"silence":       {EffectAntiMagic},
	"activations":   {EffectReturn},
	"activate_now":  {EffectControl},
	"acted_ap_loss": {EffectControl},
	"cover":         {EffectDefensiveBuff},
	"attack_bonus":  {EffectOffensiveBuff},
	"critical_from": {EffectOffensiveBuff},
	"reroll":        {EffectDiceTool},
	"force_reroll":  {EffectDiceTool},
	"fixed_result":  {EffectDiceTool},
	"stored_die":    {EffectDiceTool},
	"grant_skill":   {EffectDiceTool},
	"replay_all":    {EffectControl},
}

// playedDurations are the durations fights follow for a lasting effect.
var playedDurations = []Duration{UntilTargetActivation, UntilCasterActivation, OneTurn, WholeGame}

// Played reports whether fights play level l of s: damage and healing with an
// amount (PlayedInFights), and the lasting or one-off effects of EffectParams
// with a duration fights follow (a lasting effect needs one of
// target-next-activation, caster-next-activation, one-turn or game, the
// spell's or, for a spell of duration special, the level's: DurationOf).
func (s *Spell) Played(l SpellLevel) bool {
	if l.PlayedInFights() {
		return true
	}
	p := l.EffectParams
	if l.Effect == EffectReturn {
		// Fights play a return for a number of activations only (a return
		// for good, or a redeployment, is another text).
		return l.Amount != nil && p.Activations > 0
	}
	if p == (EffectParams{}) {
		return false
	}
	if p.GrantSkill != "" && !slices.Contains(PlayedGrants, p.GrantSkill) {
		return false
	}
	if !p.Lasting() {
		return true
	}
	for _, d := range playedDurations {
		if s.DurationOf(&l) == d {
			return true
		}
	}
	return false
}

// effectParam decodes one field of EffectParams of a level of effect e; it
// reports false when key is not one.
func (d *decoder) effectParam(p *EffectParams, key string, n *yaml.Node, field string) bool {
	switch key {
	case "modifier":
		p.Modifier = d.modifier(n, field)
	case "ap_loss":
		p.APLoss, _ = d.intIn(n, field, 1, 7, "ap_loss must be from 1 to 7 AP")
	case "immobilise":
		p.Immobilise, _ = d.boolValue(n, field)
	case "fright":
		p.Fright, _ = d.intIn(n, field, 2, 30, "fright must be a temerity threshold from 2 to 30")
	case "ward":
		p.Ward, _ = d.intIn(n, field, 1, 5, "ward must be from 1 to 5 (difficulty added to enemy spells)")
	case "dispel":
		p.Dispel, _ = d.boolValue(n, field)
	case "silence":
		p.Silence, _ = d.boolValue(n, field)
	case "attack_bonus":
		p.AttackBonus, _ = d.intIn(n, field, 1, 5, "attack_bonus must be from 1 to 5 (added to the attack totals)")
	case "critical_from":
		p.CriticalFrom, _ = d.intIn(n, field, 2, 9, "critical_from must be from 2 to 9 (the lowest face of a critical hit)")
	case "cover":
		p.Cover, _ = d.intIn(n, field, 1, 3, "cover must be from 1 to 3 (statures above the target's)")
	case "activate_now":
		p.ActivateNow, _ = d.boolValue(n, field)
	case "acted_ap_loss":
		p.ActedAPLoss, _ = d.intIn(n, field, 1, 7, "acted_ap_loss must be from 1 to 7 AP (taken from an ally activated again in the turn)")
	case "reroll":
		p.Reroll, _ = d.boolValue(n, field)
	case "force_reroll":
		p.ForceReroll, _ = d.boolValue(n, field)
	case "stored_die":
		p.StoredDie, _ = d.boolValue(n, field)
	case "replay_all":
		p.ReplayAll, _ = d.boolValue(n, field)
	case "fixed_result":
		p.FixedResult, _ = d.intIn(n, field, 1, 9, "fixed_result must be from 1 to 9 (the roll's result is the caster's I plus it, capped at 10)")
	case "grant_skill":
		if s, ok := d.stringValue(n, field); ok {
			if !slices.Contains(GrantableSkills, s) {
				d.errorf(n, field, "grant_skill %q is not a skill a spell grants (want %s)", s, strings.Join(GrantableSkills, " or "))
			} else {
				p.GrantSkill = s
			}
		}
	case "activations":
		p.Activations, _ = d.intIn(n, field, 1, 9, "activations must be from 1 to 9 (the activations a Safar back from defeat plays before it falls again)")
	default:
		return false
	}
	return true
}

// checkEffectParam reports a field of EffectParams on a level whose effect e
// cannot carry it.
func (d *decoder) checkEffectParam(key string, k *yaml.Node, field string, e SpellEffect) {
	allowed, ok := effectFields[key]
	if !ok || e == "" {
		return
	}
	for _, a := range allowed {
		if a == e {
			return
		}
	}
	names := make([]string, len(allowed))
	for i, a := range allowed {
		names[i] = string(a)
	}
	d.errorf(k, field, "a %s effect has no %s (only %s)", e, key, strings.Join(names, ", "))
}

// modifier decodes a characteristic modifier: a mapping of some of V, P, A, C,
// T, I to a value from -3 to +3, none zero.
func (d *decoder) modifier(n *yaml.Node, field string) Stats {
	var st Stats
	fields, ok := d.mapping(n, field)
	if !ok {
		return st
	}
	ptr := [...]*int{V: &st.V, P: &st.P, A: &st.A, C: &st.C, T: &st.T, I: &st.I}
	for f, c := range d.charKeys(fields, field) {
		cf := join(field, c.String())
		v, ok := d.intIn(f.v, cf, -3, 3, "a modifier must be from -3 to +3")
		if ok && v == 0 {
			d.errorf(deref(f.v), cf, "a modifier of 0 does nothing: leave the characteristic out")
		}
		*ptr[c] = v
	}
	if len(fields) == 0 {
		d.errorf(deref(n), field, "an empty modifier does nothing: give some of V, P, A, C, T, I")
	}
	return st
}
