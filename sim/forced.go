package sim

// This file holds what the exchange engine reads of an enemy's forced reroll
// from a dice-tool spell ("force an enemy reroll", skills.md 4.3;
// profiles.EffectParams.ForceReroll). The reading: the target, an enemy of
// the caster, must roll again one die of its next roll, and the caster's
// player picks the die, as a Duellist's player does (skills.md #34: "Its
// player picks which dice (the best ones)"; seed 000 l.1620): the highest die,
// so that the new face is the larger of the second highest and the new die
// (dice.Pool.ForcedFrom). The roller's own rerolls (a dice-tool Fate, a
// mastery die, Master X) come after, on the new dice, as after a Duellist's.
// It is the mirror of Fate (sim/fate.go) on the opponent's pool, a one-shot
// state on the enemy: good for its next roll only, used or not, and in an
// exchange for its main roll (the attack roll of its attack, or its defence
// roll against the main attack; not the free attacks of A effects). The
// exchange's state carries it (bit toolForced of state.attTools, defTools) and the
// defender's decision rows are keyed by it (decisionKey.defTools), so the
// best response knows its defence roll is under it.
//
// The caster's side forces the reroll only when the roll is good for the
// enemy, as Duellist's policy does (sim/sample.go): an attack face of
// forcedAttackFrom or more, a defence face that would stop the announced
// total (forcedDefenceFrom). Below those, a new die could only help the
// enemy, and the reroll is not forced (it is still spent: the spell said
// "its next roll").

// forcedAttackFrom is the lowest attack face on which an enemy's forced
// reroll is used: 6, an above-average face, as for Duellist (duelFrom).
const forcedAttackFrom = duelFrom

// forcedDefenceFrom returns the lowest defence face on which an enemy's
// forced reroll is used, from the defender's reroll threshold k
// (defenceReroll: the highest face that does not stop the attack): k + 1, the
// faces that stop it.
func forcedDefenceFrom(k int) int { return min(k+1, 10) }
