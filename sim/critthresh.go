package sim

// This file plays the critical thresholds lowered after a passed temerity
// test of the last Safar of a side (seed 004 lines 1231-1232: "Si le test est
// réussi au début de son activation, les seuils de critique de toutes les
// actions entreprises par ce Safar baissent de 1 jusqu'au début du tour
// suivant"; seed 000 line 1284: "the critical thresholds for all his actions
// during this turn decrease by 1 until the beginning of the next turn").
//
// Reading. A critical roll is the best or the worst result of a die (seed 004
// lines 108-112): a CH on 10, a CF on 1 (R2, R3). The threshold lowered is the
// CH's, the face a kept die must reach: a CH on 9-10, and on 8-10 with a
// weapon whose range is 9-10 (R2), as the spell "critical hits on 9-10" widens
// a range (sim/magic_offence.go). The CF range stays: lowered, it would vanish
// for a melee roll, and where the rulebooks take a CF away they say so (R3:
// Specialist X, "no CF in attack/defence"); a bonus for courage reads as more
// CHs, not as no CFs.
//
// Which actions: its exchange rolls, attacks (with a weapon, bare-handed,
// special attacks, shots and the free attacks of A effects) and defences
// (Exchange.attackPool, defenceBase), where a defence CH counts (R9a: the
// counter adds the stature; R13: a shield CH stops the attack; R2a), and its
// objective tests (engine.objectiveTest), where a CH adds its reroll, and its
// casting and spell-defence rolls (Cast.plan; in fights a second plan of the
// cast for a bold caster or target, sim/cast_bold.go). Its armour rolls and
// morale tests are no actions of the Safar.
//
// How: the pass sets combatant.morale.bold (engine.passLast), cleared at the
// start of the next turn (engine.play); the Safar's modifier carries it in
// slot modBold (combatant.mods), so the plan key tells the exchanges apart
// and the plan's fighters have Fighter.CriticalLower set (statMod.apply). The
// policies' option tables, per kind, do not see it.

// criticalFace returns the critical face from of one of f's rolls lowered by
// f.CriticalLower, kept above the roll's CF range cfMax and at 2 at least.
func (f *Fighter) criticalFace(from, cfMax int) int {
	if f.CriticalLower <= 0 {
		return from
	}
	if from == 0 {
		from = 10
	}
	return max(from-f.CriticalLower, cfMax+1, 2)
}

// passLast records that Safar i passed its temerity test as the last of its
// side (rolled, passed by its leader's aura or by Rallying): no more such
// tests, and its critical thresholds lowered by 1 until the start of the next
// turn (seed 004 lines 1231-1232).
func (e *engine) passLast(i int) {
	c := &e.c[i]
	c.passed, c.morale.bold = true, true
	if e.trace != nil {
		e.tracef("  %s's critical thresholds are lowered by 1 until the next turn\n", e.name(i))
	}
}
