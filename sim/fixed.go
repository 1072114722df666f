package sim

// This file holds what the exchange engine reads of a result fixed by a
// dice-tool spell ("a roll's result fixed at the caster's I + 2", skills.md
// 4.3; profiles.EffectParams.FixedResult). The reading: the target's next
// roll is not rolled; its result is the caster's I (when cast, with its
// modifiers) plus the spell's N, capped at 10 (dice.Pool.Fixed): no critical
// hit or failure (R2 and R3 read a die's face), no reroll of any kind. It is
// a one-shot state on the target, good for its next roll only, and in an
// exchange for its main roll (the attack roll of its attack or its defence
// roll against the main attack; not the free attacks of A effects), as a
// dice-tool reroll is (sim/fate.go). It is not optional: the target, ally or
// enemy, takes the fixed result, and the caster's policy casts it where it
// helps its side (an ally whose dice do worse, an enemy whose dice do
// better: sim/magic_fixed.go). The exchange's state carries the value in the
// high bits of state.attTools, defTools, and the defender's decision rows
// are keyed by it (decisionKey.defTools), so the best response knows its
// defence total in advance.

// fixedOf returns a fixed result's value as the exchange reads it: v capped
// at 10, the highest face (0: none).
func fixedOf(v int) int { return min(max(v, 0), 10) }
