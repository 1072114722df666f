package sim

import (
	"slices"

	"github.com/kharn-ages/kharn/profiles"
)

// wornHelmet returns the helmet whose effects the engine plays on f: its
// helmet when it has no boxes, whose effect lasts the whole game (catalogue.md
// 4.6 "Helmets"); nil otherwise. A helmet with boxes wears out as its effect
// is used, which the engine does not count: its effects are not played (the
// importer names them not modelled).
func (f *Fighter) wornHelmet() *profiles.Equipment {
	if f.Helmet == nil || f.Helmet.HelmetBoxes > 0 {
		return nil
	}
	return f.Helmet
}

// helmetGuard applies the helmet of target, who takes the damage of s, to s:
// no CH bonus damage ("Ignore les dégâts de RC": neither the stature of R9
// nor the doubling of a shot's CH), no daze nor stun when it is immune to
// them ("Immunisé aux effets sonné et assommé"; "Sonné" = dazed, "Assommé" =
// stunned, seed 004 lines 1312 and 1319). Called once per damage spec, when
// an exchange's tables are built: the hot path is untouched.
func helmetGuard(s *damageSpec, target *Fighter) {
	h := target.wornHelmet()
	if h == nil {
		return
	}
	if h.Effects.NoCriticalDamage {
		s.critStature, s.critDouble = 0, false
	}
	if slices.Contains(h.Effects.Immune, profiles.Daze) {
		s.daze = false
		if s.onCritical == profiles.Daze {
			s.onCritical = ""
		}
	}
	if slices.Contains(h.Effects.Immune, profiles.Stun) && s.onCritical == profiles.Stun {
		s.onCritical = ""
	}
}
