package sim

import (
	"slices"

	"github.com/kharn-ages/kharn/profiles"
)

// wornHelmet returns the helmet whose effects the engine plays on f: its
// helmet when it has no boxes, whose effect lasts the whole game, or while
// boxes of it are left (catalogue.md 4.6 "Helmets": "the helmet's effect lasts
// until its boxes are used up"); nil otherwise.
func (f *Fighter) wornHelmet() *profiles.Equipment {
	if f.Helmet == nil || f.Helmet.HelmetBoxes > 0 && f.HelmetBoxes <= 0 {
		return nil
	}
	return f.Helmet
}

// helmetGuard applies the helmet of target, who takes the damage of s, to s:
// no CH bonus damage ("Ignore les dégâts de RC": neither the stature of R9
// nor the doubling of a shot's CH), no daze nor stun when it is immune to
// them ("Immunisé aux effets sonné et assommé"; "Sonné" = dazed, "Assommé" =
// stunned, seed 004 lines 1312 and 1319). It marks s with when the helmet
// works (helmetHit, helmetCrit), which ticks a box of a helmet that wears
// out. Called once per damage spec, when an exchange's tables are built: the
// hot path is untouched.
func helmetGuard(s *damageSpec, target *Fighter) {
	h := target.wornHelmet()
	if h == nil {
		return
	}
	if h.Effects.NoCriticalDamage && (s.critStature > 0 || s.critDouble) {
		s.critStature, s.critDouble = 0, false
		s.helmetCrit = true
	}
	if slices.Contains(h.Effects.Immune, profiles.Daze) {
		if s.daze {
			s.daze, s.helmetHit = false, true
		}
		if s.onCritical == profiles.Daze {
			s.onCritical, s.helmetCrit = "", true
		}
	}
	if slices.Contains(h.Effects.Immune, profiles.Stun) && s.onCritical == profiles.Stun {
		s.onCritical, s.helmetCrit = "", true
	}
}

// helmetOff reports whether c wears a helmet whose boxes are all used up: its
// exchanges are then played bare-headed (planKey.attBare, defBare).
func (c *combatant) helmetOff() bool {
	return c.f.Helmet != nil && c.f.Helmet.HelmetBoxes > 0 && c.helmet <= 0
}

// wearHelmets ticks one box of the helmet of the defender j and of the
// attacker i when it worked in the exchange out (catalogue.md 4.6
// "Helmets"): the effect lasts until the boxes are used up. The boxes left are
// read when an exchange starts: one that takes the last box is still played
// to its end with the helmet.
func (e *engine) wearHelmets(i, j int, out *Outcome) {
	if c := &e.c[j]; out.HelmetUsed && c.helmet > 0 {
		c.helmet--
	}
	if c := &e.c[i]; out.AttackerHelmetUsed && c.helmet > 0 {
		c.helmet--
	}
}

// bareHeaded returns f without its helmet's effect: its boxes used up.
func bareHeaded(f *Fighter) *Fighter {
	g := *f
	g.HelmetBoxes = 0
	return &g
}
