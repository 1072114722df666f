package sim

// planVariant selects how a plan (planDPIn, dpMemo.value) weighs an attack
// that may defeat its target. It is a diagnostic switch for the paired
// comparisons of docs/policies.md ("The plan's credit of a defeat",
// TestPairedVariants); the default is planBase, and none of the others was
// kept (each significantly worse on some list).
type planVariant int8

const (
	// planBase: each attack earns killWeight x its chance of defeat and the
	// plan goes on against the target whatever the outcome; a C option's
	// repel is credited at PRepelled even when the attack defeats.
	planBase planVariant = iota
	// planKillStops: a defeat ends the plan against the target (the AP left
	// are kept): the rest of the plan counts (1 - P(defeat)) of its value.
	planKillStops
	// planKillStopsRepel: planKillStops, and a C option's repel is credited
	// only when the target is left in play (PRepelled - P(defeat)).
	planKillStopsRepel
	// planRepelOnly: the repel fix alone (PRepelled - P(defeat)), the rest of
	// the plan unchanged.
	planRepelOnly
	// planKillOnce: a defeat earns its bonus once: an attack's bonus counts
	// only the chance that the attacks before it left the target in play
	// (their damage still counts, standing for the AP used elsewhere).
	planKillOnce
	// planKillOnceRepel: planKillOnce and the repel fix.
	planKillOnceRepel
	// planRemoval: the repel fix, and a defeat also earns what removing the
	// target gains the attacker's allies (removalValue).
	planRemoval
	// planOnceDouble and planOnceDoubleRepel: planKillOnce and
	// planKillOnceRepel with twice the kill bonus in the default's plans.
	planOnceDouble
	planOnceDoubleRepel
)

// killMode is how a plan weighs a defeat on the attacks after it.
type killMode int8

const (
	killModeBase killMode = iota
	killModeStops
	killModeOnce
)

// modeOf returns the killMode of a plan, root when it is the default
// policy's (weighed at the root).
func modeOf(root bool) killMode {
	switch {
	case !root:
		return killModeBase
	case curPlanVariant == planKillStops || curPlanVariant == planKillStopsRepel:
		return killModeStops
	case curPlanVariant == planKillOnce || curPlanVariant == planKillOnceRepel || curPlanVariant >= planOnceDouble:
		return killModeOnce
	}
	return killModeBase
}

// curPlanVariant is the variant the plans use (diagnostics only set it).
var curPlanVariant = planBase

// rootMove returns what a positional option's outcomes are worth after its
// damage (planDPIn's root) under a variant other than planBase: with chance p
// its move happens and the plan is worth moved, else rest; a defeat (chance
// pk) ends the plan (killModeStops), the AP left worth kept, or takes the
// kill bonus later of the plan after it (killModeOnce) from the branches that
// go on against the target (stay: the moved one too). A C option (repel)
// repels only a target left in play (engine.exchange) under the variants
// with the repel fix.
func rootMove(p, pk, moved, rest, kept, later float64, repel, stay bool) float64 {
	v := curPlanVariant
	if repel && (v == planRepelOnly || v == planRemoval || v == planOnceDoubleRepel || v == planKillStopsRepel || v == planKillOnceRepel) {
		p = max(p-pk, 0)
		if v == planKillStopsRepel {
			return p*moved + pk*kept + max(1-p-pk, 0)*rest
		}
	}
	switch v {
	case planKillStops, planKillStopsRepel:
		return p*moved + (1-p)*((1-pk)*rest+pk*kept)
	case planKillOnce, planKillOnceRepel, planOnceDouble, planOnceDoubleRepel:
		frac := 1 - p
		if stay {
			frac = 1
		}
		return p*moved + (1-p)*rest - pk*later*frac
	}
	return p*moved + (1-p)*rest
}

// removalValue is what defeating Safar j gains Safar i's side beyond i itself
// (planRemoval): reliefShare of j's threat to each ally of i engaged with it
// (as a repel out of their contact counts, positionValue) and the supports j
// gives (supportHP each). 0 under the other variants.
func removalValue(e *engine, i, j int) float64 {
	if curPlanVariant >= planOnceDouble {
		return killWeight * e.threat[e.c[i].kind][e.c[j].kind][0]
	}
	if curPlanVariant != planRemoval || e.duel {
		return 0
	}
	o := &e.c[j]
	g := supportHP * float64(e.supportsGiven(j))
	for m := range e.c {
		if m == i || e.c[m].side != e.c[i].side || !e.c[m].inPlay() || e.gap(m, j) > e.reach(j)+1e-9 {
			continue
		}
		g += reliefShare * e.threat[e.c[m].kind][o.kind][min(max(e.c[m].ap, 0), 7)]
	}
	return g
}
