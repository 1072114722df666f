package profiles

import "go.yaml.in/yaml/v3"

// A spell of duration "special" (catalogue.md 4.10: 3 spells; skills.md 4.2
// lists it among the durations without a rule) is read as the target
// "special" is read in skills.md 4.2: set by the difficulty chosen. Each
// difficulty of such a spell says how long its own effect lasts (YAML
// lasts: on the level, one of the other durations); a one-off effect
// (an AP loss, a dispel, activations played again) needs none, and a lasting
// effect without one is not played (Spell.Played).

// levelDurations are the durations a difficulty of a special spell may last.
var levelDurations = []Duration{Instant, UntilTargetActivation, UntilCasterActivation, OneTurn, UntilNextDamage, WholeGame}

// DurationOf returns how long the effect of level l of s lasts: the spell's
// duration, or for a spell of duration special the level's own (Lasts),
// SpecialDuration when it gives none.
func (s *Spell) DurationOf(l *SpellLevel) Duration {
	if s.Duration != SpecialDuration {
		return s.Duration
	}
	if l != nil && l.Lasts != "" {
		return l.Lasts
	}
	return SpecialDuration
}

// checkLasts reports a level's lasts: on a spell whose duration is not
// special (the spell's duration is then every level's).
func (d *decoder) checkLasts(s *Spell, n *yaml.Node, field string) {
	if s.Duration == SpecialDuration || n == nil {
		return
	}
	for k, l := range s.Levels {
		if l.Lasts != "" {
			d.errorf(n, index(field, k)+".lasts", "lasts %s: only a difficulty of a spell of duration special has its own duration (this spell's is %s, every difficulty's)", l.Lasts, s.Duration)
		}
	}
}
