package sim

// This file holds what the exchange engine reads of the reroll a dice-tool
// spell grants (rooted-fate: "the ally may reroll one die of its next roll",
// skills.md 4.3; profiles.EffectParams.Reroll). The reroll of one die is R4's
// mastery reroll (the lowest die of the pool, seed 000 line 367), free: it
// costs no die for the later rolls. It is good for the holder's next roll
// only, used or not: in an exchange that is its main roll, the attack roll
// of its attack or its defence roll against the main attack (not the free
// attacks of A effects, where mastery dice are not used either). The
// exchange's state carries it (bit toolFate of state.attTools, defTools) beside the mastery dice
// and Master X, and the defender's decision rows are keyed by it
// (decisionKey.defTools), so the best response knows the reroll it holds.
// The policy: the attacker rerolls a kept face of fateAttackReroll or less, as
// its mastery dice do; the defender a face that would not stop the announced
// total (defenceReroll). The Fate reroll comes before a mastery die's, which is
// then spent only when the new face is still too low.

// fateAttackReroll is the highest kept face an attacker rerolls with a
// dice-tool reroll: 5, the attack threshold of R4's mastery policy
// (DefaultPolicy.AttackReroll), kept when --no-mastery turns mastery off.
const fateAttackReroll = 5

// With Master X the order is a simplification: the Fate reroll comes first and
// may leave the Master reroll unused where a new roll of the whole pool would
// have done better (fate_test.go leaves that case out of TestFateOdds).
