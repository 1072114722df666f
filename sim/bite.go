package sim

import "github.com/kharn-ages/kharn/profiles"

// Bite that heals (skills.md #7): one card's precision makes its Bite heal
// as much HP as it deals ("bite: {heals: true}"). The fight engine plays it
// after the Bite's damage, before any counter damage: the attacker gets back
// the HP its target lost to the Bite (not what a Moringa ally took for it,
// nor more than the target had left), never above its own starting HP (as
// Devouring, seed 000 lines 1145-1146). A single exchange is unchanged: the
// exact engine and the sampler say what the Bite deals. The default policy
// values the healing where it chooses its first attack (sim/firstgain.go).

// biteHeals reports whether f's Bite heals as much HP as it deals.
func biteHeals(f *Fighter) bool {
	sk, ok := f.Profile.Skill(profiles.SkillBite)
	return ok && sk.Heals
}

// biteHeal heals Safar i, which has just bitten, by lost HP, the HP its
// target lost to the Bite, when its card's Bite heals.
func (e *engine) biteHeal(i int, a Attack, lost int) {
	c := &e.c[i]
	if a.Kind != Bite || lost <= 0 || !c.alive() || !biteHeals(c.f) {
		return
	}
	heal := max(min(lost, e.maxHP(i)-c.hp), 0)
	c.hp += heal
	if e.trace != nil && heal > 0 {
		e.tracef("    %s's Bite heals it %d HP (%d HP)\n", e.name(i), heal, c.hp)
	}
}
