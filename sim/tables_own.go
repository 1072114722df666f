package sim

import "slices"

// optionsKey identifies the option table of one attacker kind against one
// defender kind by what engine.options reads: the attacker (fighterKey), the
// defender (defenderKey), the exchange policy the two sides' fight policies
// make together
// (engine.exchangePolicy; nothing else of a FightPolicy reaches the table) and
// the rules variant. Fight policies that play differently but answer an
// exchange alike (the default, no-magic, nearest, always-N-AP, damage-only and
// no-objectives policies all make Policy{AttackReroll: 5, DefenceMastery:
// true}) share their tables: a caster priced with and without its spells, or a
// policy check, builds each table once.
type optionsKey struct {
	att, def string // fighterKey, defenderKey
	pol      Policy
	variant  Variant
}

// optionsKeyOf returns the key of e.options(a, d).
func (t *Tables) optionsKeyOf(e *engine, a, d int) optionsKey {
	return optionsKey{t.fighterKey(e.kinds[a]), t.defenderKey(e.kinds[d]), e.exchangePolicy(a), e.variant}
}

// exchangePolicy returns the policy of the exchanges kind att makes as the
// attacker: its side's attack policy, with the other side's defence policy.
func (e *engine) exchangePolicy(att int) Policy {
	s := e.kindSide[att]
	if e.exPolicy.ok {
		return e.exPolicy.pol[s]
	}
	return sidePolicy(e.policies, s)
}

// sidePolicy returns the policy of the exchanges side s attacks in: its
// policy's attack policy, with the other side's defence policy. It allocates
// (the defence policy writes through a pointer into an interface's method).
func sidePolicy(policies [2]FightPolicy, s int) Policy {
	pol := policies[s].attackPolicy()
	policies[1-s].defencePolicy(&pol)
	return pol
}

// exPolicies holds sidePolicy of each side, computed once when the engine is
// made (newEngine): every new plan asks it, and computing it allocated once
// each time (issue #13, ninth round).
type exPolicies struct {
	pol [2]Policy
	ok  bool
}

// set computes the policies of both sides from policies, neither nil.
func (x *exPolicies) set(policies [2]FightPolicy) {
	for s := range 2 {
		x.pol[s] = sidePolicy(policies, s)
	}
	x.ok = true
}

// kindOptions returns newEngine's option table of kind a against kind d. With
// run-wide tables (e.tables) it is cachedOptions. Without them, own is the
// engine's own Tables: two pairs of kinds with the same optionsKey (a mirror
// duel, A against B and B against A; a battle whose two sides field the same
// card) compute their table once, and the second pair gets a copy of the
// options, so that each pair still has a slice of its own (the plan caches
// find a table by its address, dpKey), as when both were computed. A copy
// costs about a microsecond; a table, 5-15 ms (BenchmarkDuelSetup).
func (e *engine) kindOptions(own *Tables, a, d int) ([]fightOption, error) {
	if own == nil {
		return e.cachedOptions(a, d)
	}
	en, held := own.optionsEntry(e, a, d)
	if held && en.err == nil {
		return slices.Clone(en.opts), nil
	}
	return en.opts, en.err
}
