package catalog

import "github.com/kharn-ages/kharn/profiles"

// A spell whose card duration is "spéciale" (catalogue.md 4.10: 3 spells) has
// its duration set by the difficulty chosen, as skills.md 4.2 reads a
// "special" target (profiles/magic_special.go). A difficulty whose text
// restates a duration ("pour toute la partie") lasts that long (the
// restating row of spellRules); one whose text names none lasts as skills.md
// 4.3 says its category's effect does, where it says so: the one anti-magic
// effect of the catalogue, "enemy spell difficulties +1 for the game", a ward
// for the whole game. A one-off effect (an AP loss, a dispel, activations
// played again) needs no duration; any other lasting effect stays not
// modelled, named in the report.

// specialLasts gives level l of a spell of duration special the duration
// skills.md 4.3 gives its category when its text restates none.
func (s *spellOut) specialLasts(l *levelOut) {
	if s.duration != profiles.SpecialDuration || l.lasts != "" || !l.params.Lasting() {
		return
	}
	p := l.params
	p.Ward = 0
	if l.effect == profiles.EffectAntiMagic && l.params.Ward > 0 && !p.Lasting() {
		l.lasts = profiles.WholeGame
		l.lastsWhy = "the card's duration is special and this text names none: a ward lasts the whole game (skills.md 4.3, anti-magic: \"enemy spell difficulties +1 for the game\")"
	}
}
