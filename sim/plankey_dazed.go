package sim

import "github.com/kharn-ages/kharn/profiles"

// counterDazes reports whether the counter of kind def, defending against
// option opt, is struck with a weapon that dazes on a CH: the only case where
// engine.counterWorth reads whether the attacker is dazed already (a stun, or
// no status, gives the same CounterWorth either way). The defender's counter
// weapon is the one engine.plan gives its exchange: its melee weapon, or the
// other hand's weapon the option names (fightOption.defWeapon).
//
// Without this, planKey.attDazed split the plans of a dazed and an undazed
// attacker against every defender, though only a dazing counter weapon tells
// them apart: two plans built and kept where one serves (issue #13,
// docs/benchmarks.md "Eleventh round").
func (e *engine) counterDazes(def int, opt *fightOption) bool {
	w := opt.defWeapon
	if w == nil {
		w = e.kinds[def].Melee
	}
	if w == nil || w.Kind == profiles.KindRanged {
		return false // bare hands, or none (Fighter.counterWeapon)
	}
	return w.Effects.OnCritical == profiles.Daze
}
