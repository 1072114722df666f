package sim

import "github.com/kharn-ages/kharn/profiles"

// berserkOnDeath starts Berserk in the allies of Safar i, just defeated, whose
// trigger is the death of an ally i's profile answers to (skills.md #56: "X =
// the trigger: saignement, or the death of a named ally"; seed 000 lines
// 1604-1608: "this state is triggered by the condition X happening"). As for
// bleeding, a dazed or stunned Safar does not go berserk, and a state a daze
// or stun ended does not come back. A duel has no ally: nothing happens there.
func (e *engine) berserkOnDeath(i int) {
	dead := e.c[i].f.Profile
	for k := range e.c {
		c := &e.c[k]
		if k == i || c.side != e.c[i].side || !c.alive() || c.berserk || c.berserkOver || c.dazed || c.stunned {
			continue
		}
		sk, ok := c.f.Profile.Skill(profiles.SkillBerserk)
		if !ok {
			continue
		}
		if _, ref, ok := profiles.BerserkTrigger(sk.Text); ok && ref != "" && dead.Names(ref) {
			c.berserk = true
			if e.trace != nil {
				e.tracef("    %s goes berserk at the death of %s\n", e.name(k), e.name(i))
			}
		}
	}
}
