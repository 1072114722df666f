package sim

// canonical returns plan key k of option opt with the fields that the option's
// exchange does not read set to their zero value, so that attacks which differ
// only there share one plan: a battle then fills its plan cache sooner and
// allocates less once warm (issue #13). Each line names what reads the field.
func (e *engine) canonical(k planKey, opt *fightOption) planKey {
	a := opt.attack
	if a.Kind != Bite {
		k.temerity = 0 // R18: only a Bite's temerity test reads the leader's aura (hitExact, fearRoll)
	}
	if !a.Effects.Has(C) {
		// R10: the attacker's supporters and the defender's ground are read only
		// when a C effect of the main attack repels the defender (hitEffects).
		k.supStature, k.supported, k.defSlippery = 0, false, false
	}
	if a.Kind == Shot || k.band == bandFar {
		// R11: no counter damage nor counter effect against a shot, nor
		// beyond the defender's counter reach (sim/reach.go), so the
		// defender's supporters and the attacker's ground are not read
		// (counterEffects).
		k.defStature, k.defSupported, k.attSlippery = 0, false, false
	}
	if a.Kind != Melee || a.AP != 3 {
		k.execUsed = false // Executioner: a 3 AP melee attack only (baseDamage)
	}
	if !e.policies[1-e.kindSide[k.att]].reserves() {
		k.apLeft = 0 // read only to set the defender's Reserve (engine.plan)
		k.attDazed = false
		k.attRanged = false
		k.attTax, k.defFloor = 0, 0 // read only by the defender's Reserve (sim/apauras.go)
	}
	if e.kinds[k.att].Ranged == nil {
		k.attRanged = false // read only by the reserve's shots (engine.plan): a kind with no shooting weapon has none
	}
	if a.Kind == Shot || k.band == bandFar || !e.counterDazes(int(k.def), opt) {
		// read only to value a counter's daze (sim/countervalue.go): no
		// counter, or its weapon does not daze (sim/plankey_dazed.go)
		k.attDazed = false
	}
	return k
}
