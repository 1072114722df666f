package sim

// This file plays a card's two free attacks of the game (skills.md section 3,
// pattern F: "once per game, holding two one-handed weapons, two 2 AP attacks
// without spending AP and without mastery dice"; profiles.OwnRules
// PairedFreeAttacks, field paired_free_attacks).
//
// Holding two one-handed weapons: a one-handed melee weapon in hand and a
// second one, no shield (Fighter.Offhand, seed 000 line 1722). The attacks:
// 2 AP melee attacks with one of its weapons (not a shot, not a special
// attack such as a Bite, not the halves of an Ambidextrous split, which cost
// nothing already).
//
// When (the policy, a simple rule): the first 2 AP melee attack its policy
// makes while holding both weapons starts them, and it and the next 2 AP
// melee attack of the same activation cost no AP (given back once the
// attack is paid: the assault's walk is paid as usual) and roll without
// mastery dice (its own and those Authority lends: the exchange's state has
// none); the second, if the activation ends before it, is lost. The policy
// chooses its attacks with their AP costs as usual, so the AP given back buy
// more attacks later in the activation; it does not wait for a better moment.
// The exchange itself is an ordinary one without attack mastery dice, so the
// exact engine and the sampler need nothing new. Not on a mount's card.

// pairedFree reports whether Safar i's attack opt, which cost cost AP, is one
// of its card's two free attacks of the game, and counts it.
func (e *engine) pairedFree(i int, opt *fightOption, cost int) bool {
	c := &e.c[i]
	if !c.f.Profile.Own.PairedFreeAttacks || cost <= 0 || opt.shot || opt.attack.AP != 2 || opt.attack.Kind.Special() ||
		opt.split > 0 || opt.weapon == nil || c.f.Offhand == nil {
		return false
	}
	if c.pairedLeft == 0 {
		if c.pairedUsed {
			return false
		}
		c.pairedUsed, c.pairedLeft = true, 2
	}
	c.pairedLeft--
	if e.trace != nil {
		e.tracef("    %s makes free attack %d of 2 of its card, with two weapons: %d AP back, no mastery die (paired_free_attacks)\n", e.name(i), 2-c.pairedLeft, cost)
	}
	return true
}
