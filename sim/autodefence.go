package sim

import (
	"math/rand/v2"

	"github.com/kharn-ages/kharn/sim/dice"
)

// This file plays a card's free automatic defence (skills.md section 3,
// pattern F: "once per turn a free 3 AP defence that succeeds
// automatically"; profiles.OwnRules.AutoDefence, field
// free_auto_defence).
//
// Reading: a 3 AP defence (three characteristics, R7, and its counter: the
// damage and the effect of a successful 3 AP defence, R11) that costs no AP
// (none for a daze either), rolls no die (so no CH, no CF, no mastery die)
// and stops the attack, a CH included. Once per turn: a state flag
// (stAutoDef) set at the start of an exchange while it is unused this turn
// (fights: combatant.autoDefUsed, cleared at each turn start; a plain
// exchange: available), cleared when it is played. Against the main attack
// only (an A effect's free attack is defended as usual).
//
// The exact engine lists one candidate per legal 3 AP combination
// (Defence.Auto, Exchange.appendAutoDefences) beside the rolled ones, and the
// best response weighs them as every candidate (a sure stop, its counter, no
// AP spent), so it plays it where its value in the exchange is the highest;
// the flag is in the decision key, the sampler (plan.sampleAuto) plays the
// same choice. Not valued: what keeping it for a later attack of the turn
// would be worth (the best response of one exchange uses it at the first
// attack it beats a rolled defence on).

// appendAutoDefences appends to out the free automatic defences of the
// defender's card against the main attack of ex: each legal 3 AP defence,
// with its counter (counterChoice).
func (ex *Exchange) appendAutoDefences(out []Defence, free bool) []Defence {
	if free || !ex.Defender.Profile.Own.AutoDefence || ex.Policy.ReflexOnly || ex.DefenderBerserk || ex.DefenderWarned {
		return out
	}
	for _, c := range defenceCombos[3] {
		d := Defence{AP: 3, Chars: c, Auto: true}
		if ex.checkDefence(d, free, false) != nil {
			continue
		}
		out = append(out, ex.counterChoice(d))
	}
	return out
}

// spend returns the AP defence d costs the defender: its AP, one more when
// dazed (R17); none for its card's free automatic defence.
func (pl *plan) spend(d Defence) int {
	if d.Auto {
		return 0
	}
	return d.AP + int(pl.defCost())
}

// autoDefFlag returns stAutoDef when f's card has the free automatic
// defence and it is not used this turn.
func autoDefFlag(f *Fighter, used bool) stFlags {
	if f.Profile.Own.AutoDefence && !used {
		return stAutoDef
	}
	return 0
}

// sampleAuto plays the free automatic defence def against the main attack
// a (roll ar, total t) from state s: the attack stopped, the counter of a
// 3 AP defence with no defence CH, as the exact engine's resolveGroup.
func (pl *plan) sampleAuto(r *rand.PCG, s state, a Attack, ar dice.Result, t int, def Defence, o *Outcome) state {
	s.setFlag(stAutoDef, false)
	o.Stopped3 = true
	var ev TraceEvent
	if pl.trace != nil {
		ev = TraceEvent{Attack: a, Roll: ar, Total: t, Defence: def, Mastery: ar.Mastery}
	}
	s0 := s
	s = pl.counterEffects(s, def)
	raw := 0
	pl.lastReroll, pl.lastWarded = 0, 0
	if a.Kind != Shot { // R11: no counter damage against a shot
		if c := pl.counterOf(def); c != nil {
			pl.attUnder = 0
			raw = pl.sampleCounter(r, &s, c.spec, false)
			s = counterStatuses(s, c.spec, false) // sim/counterstatus.go
			o.AttackerUnderBoxes += pl.attUnder
		}
	}
	s, ev.Saved = sampleSaves(r, pl.ex.Attacker, s0, s, true) // a card's saving roll (sim/wards.go)
	o.Counter += raw
	if pl.trace != nil {
		ev.Counter = raw
		ev.ArmourReroll, ev.Warded = pl.lastReroll, pl.lastWarded
		if ev.ArmourReroll > 0 {
			ev.ArmourFace = pl.lastArmourFace
		}
		pl.trace(ev)
	}
	return s
}
