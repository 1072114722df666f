package sim

// This file holds what the exchange engine reads of a d10 kept by a dice-tool
// spell ("a d10 kept to replace a later one", skills.md 4.3;
// profiles.EffectParams.StoredDie). The reading: a d10 is rolled when the
// spell takes effect and kept by the target, which may put it in place of one
// die of a later roll. The holder puts it in place of its kept die, after
// every reroll, when it is higher (dice.Pool.Stored): the kept face is then
// the higher of the two, a die's face for the CH and the CF. Put in before
// the rerolls it would spare a mastery die but lose the chance of a critical
// reroll: against a guard with 5 AP, a kept 8 before a level II attacker's
// mastery reroll made P(success) 0.1700 against 0.1748 without it (exact
// engine); after, it never does worse on that roll. Fights spend it on
// the holder's next exchange roll, used or not, as a dice-tool reroll
// (sim/fate.go): a simplification, since a player may keep it for a roll that
// matters more. In an exchange that is its main roll (the attack roll of its
// attack or its defence roll against the main attack; not the free attacks of
// A effects). The exchange's state carries the face in the value bits of
// state.attTools, defTools with toolStored, and the defender's decision rows
// are keyed by it (decisionKey.defTools).
