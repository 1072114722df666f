package sim

import "github.com/kharn-ages/kharn/profiles"

// This file plays Awakened granted by a spell (dice-tool, grant_skill:
// awakened; "grant Awakened or Skilled swordsman to an ally", skills.md 4.3):
// while the effect lasts, the target adds its I once more to every defence
// roll against a spell (skills.md #13, seed 000 l.1602), as a card with the
// skill does (castPlan's extra). The casting tables are per card kind, so the
// grant does not make a new table: the cast reads the target's defence totals
// raised by its I (castState.awake; castPlan.pSuccessWard and sampleWard
// defend against the casting total less it), which is the same comparison
// (TestAwakeGrant checks it against Cast.Exact on a card with the skill). A
// card that has Awakened already gains nothing (the skill adds I once).
//
// The policy values it (awakeWorth) as a ward is valued (wardWorth), over one
// cast: for each enemy caster in play, not silenced, what the grant takes off
// the P(success) of its most harmful damage cast on the target now, times its
// expected harm.

// awakeOf returns what a granted Awakened adds to Safar j's spell defences:
// its card's I, or 0 without the grant or with the skill on its card.
func (e *engine) awakeOf(j int) int {
	o := &e.c[j]
	if !o.fx.awake {
		return 0
	}
	if _, ok := o.f.Profile.Skill(profiles.SkillAwakened); ok {
		return 0
	}
	return min(max(o.f.Stats().I, 0), 15)
}

// awakeWorth is what Awakened granted to Safar j is worth to j's side: for
// each enemy caster, the harm its best damage cast on j loses to the grant.
func (e *engine) awakeWorth(j int) float64 {
	o := &e.c[j]
	if _, ok := o.f.Profile.Skill(profiles.SkillAwakened); ok {
		return 0
	}
	v := 0.0
	for k := range e.c {
		c := &e.c[k]
		if c.side == o.side || !c.inPlay() || c.fx.silenced || c.f.Profile.Magic == nil {
			continue
		}
		best := 0.0
		opts := e.magic.opts[c.kind]
		for oi := range opts {
			opt := &opts[oi]
			pl := opt.plans[o.kind]
			if pl == nil || opt.heal || opt.level.Amount == nil {
				continue
			}
			st := e.castStateOf(k, j, opt)
			st.awake = 0
			p0 := e.pSuccess(c.kind, oi, o.kind, st)
			st.awake = min(max(o.f.Stats().I, 0), 15)
			best = max(best, (p0-e.pSuccess(c.kind, oi, o.kind, st))*pl.harm)
		}
		v += best
	}
	return v
}
