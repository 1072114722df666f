package sim

import "github.com/kharn-ages/kharn/profiles"

// AP auras (skills.md section 3, pattern E, "AP and activation economy"): a
// card's ap_auras (profiles/apauras.go) change the AP of the Safars standing
// within reach of its Safar, measured as every aura is (engine.within,
// sim/auras.go: from the centre of its base, seed 000 l.585-593, seed 004
// l.510-512), while its Safar is in play:
//
//   - first_attack_ap: an ally's first attack of its activation costs that
//     many AP less, down to 0 ("one free AP for the first attack of their
//     activation"). The plans see it as that many more AP to attack with
//     (bestAttackOf), the AP left at the end valued as if the free AP were
//     never there (an attack always spends them);
//   - defence_ap: an ally with fewer AP than that when it is attacked
//     defends as if it had that many ("always have one AP to defend with,
//     even at 0 AP left"); what it does not spend of them is not kept
//     (engine.strike gives them for the exchange and takes them back, as it
//     does the AP of a warned defence). The exchange's best response is
//     played with them; the attacker's plans count them in the target's AP
//     (engine.targetAP), and the ally's own plans value its AP kept below
//     that floor as the floor (keepValues);
//   - enemy_attack_ap: an enemy's attack made while the enemy stands within
//     reach costs that many AP more ("enemy attacks inside its aura cost 1
//     AP more"). Open reading (skills.md gives none): "inside its aura" is
//     read as the attacker standing in it, where it attacks from; the target
//     may stand anywhere. The plans and the policies see the dearer attacks
//     (the cost of each option, and dpInKey.tax in the plan cache).
//
// Identical auras do not stack: a Safar within reach of several takes the
// best value of each rule (skills.md section 3, D). A free attack lent its AP
// (an ambusher's, sim/ambush.go; a courageous last stand, sim/morale.go) is
// neither taxed nor counted as the first attack (engine.lent). The card's own
// Safar is not its own ally.

// apRule names one rule of an AP aura.
type apRule int8

const (
	apFirst   apRule = iota // first_attack_ap, on allies
	apDefence               // defence_ap, on allies
	apEnemy                 // enemy_attack_ap, on enemies
	apAction                // first_action_free, on allies
)

// value returns the AP a's rule r gives (0 when a holds another rule).
func (r apRule) value(a *profiles.APAura) int {
	switch r {
	case apFirst:
		return a.FirstAttack
	case apDefence:
		return a.DefenceAP
	case apAction:
		if a.FirstAction {
			return 1
		}
		return 0
	}
	return a.EnemyAttack
}

// apAura returns the best AP of rule r the AP auras holding on Safar i give,
// and the Safar of that card (-1 when none holds). It allocates nothing.
func (e *engine) apAura(i int, r apRule) (int, int) {
	if !e.apAuras {
		return 0, -1
	}
	c := &e.c[i]
	best, by := 0, -1
	for k := range e.c {
		o := &e.c[k]
		if k == i || len(o.f.Profile.APAuras) == 0 || !o.inPlay() || (o.side == c.side) == (r == apEnemy) {
			continue
		}
		for x := range o.f.Profile.APAuras {
			a := &o.f.Profile.APAuras[x]
			v := r.value(a)
			if v <= best || r != apEnemy && !a.To.Matches(c.f.Profile) || !e.within(k, i, a.Radius(o.f.Stats().I)) {
				continue
			}
			best, by = v, k
		}
	}
	return best, by
}

// attackTax returns the AP an attack of Safar i costs more where it stands
// (enemy_attack_ap), 0 for an attack lent its AP.
func (e *engine) attackTax(i int) int {
	if e.lent {
		return 0
	}
	t, _ := e.apAura(i, apEnemy)
	return t
}

// firstFree returns the AP the next attack of Safar i costs less as the
// first of its activation (first_attack_ap): 0 once it has attacked, and for
// an attack lent its AP.
func (e *engine) firstFree(i int) int {
	if e.lent || e.c[i].struck {
		return 0
	}
	f, _ := e.apAura(i, apFirst)
	return f
}

// attackCost returns what an attack of ap AP costs Safar i now: dazed +1
// (actionCost), the enemy auras' tax, less the free AP of its first attack,
// never below 0.
func (e *engine) attackCost(i, ap int) int {
	c := e.actionCost(i, ap)
	if !e.apAuras {
		return c
	}
	return max(c+e.attackTax(i)-e.firstFree(i), 0)
}

// planCost returns the cost of an attack of ap AP of Safar i in its plans:
// actionCost and the tax; the free AP of a first attack are the plans'
// budget (bestAttackOf), not a cheaper option.
func (e *engine) planCost(i, ap int) int {
	c := e.actionCost(i, ap)
	if !e.apAuras {
		return c
	}
	return c + e.attackTax(i)
}

// defenceFloor returns the AP Safar i always has to defend with where it
// stands (defence_ap), 0 when none.
func (e *engine) defenceFloor(i int) int {
	f, _ := e.apAura(i, apDefence)
	return f
}

// targetAP returns the AP Safar j defends with when attacked now: its own,
// or its defence floor when higher.
func (e *engine) targetAP(j int) int {
	a := e.c[j].ap
	if !e.apAuras {
		return a
	}
	return max(a, e.defenceFloor(j))
}

// traceAPAura writes, in a trace, the AP rule of a card that changes an
// attack's cost or a defence's AP.
func (e *engine) traceAPAura(i int, r apRule, v int) {
	if e.trace == nil || v == 0 {
		return
	}
	_, by := e.apAura(i, r)
	if by < 0 {
		return
	}
	switch r {
	case apFirst:
		e.tracef("    %s's first attack of its activation costs %d AP less (ap aura of %s)\n", e.name(i), v, e.name(by))
	case apDefence:
		e.tracef("    %s defends with %d AP given by the ap aura of %s (not kept)\n", e.name(i), v, e.name(by))
	case apEnemy:
		e.tracef("    %s's attack costs %d AP more in the ap aura of %s\n", e.name(i), v, e.name(by))
	}
}

// startFree marks, at the start of Safar i's activation, whether an ally's
// AP aura holding where it stands makes its first AP-costing action free
// (first_action_free): "allies that start their activation in its aura".
func (e *engine) startFree(i int) {
	c := &e.c[i]
	c.freeBy = 0
	if !e.apAuras {
		return
	}
	if v, by := e.apAura(i, apAction); v > 0 {
		c.freeBy = by + 1
	}
}

// freeAction gives Safar i back the AP its first AP-costing action of the
// activation spent (those counted in c.spent since spent): first_action_free.
// An assault is one action, its walk and its attack. It happens once an
// activation.
func (e *engine) freeAction(i, spent int) {
	c := &e.c[i]
	back := c.spent - spent
	c.ap += back
	c.spent = spent
	if e.trace != nil {
		e.tracef("    %s's first AP-costing action of its activation is free: %d AP back (ap aura of %s)\n", e.name(i), back, e.name(c.freeBy-1))
	}
	c.freeBy = 0
}

// freeChoice weighs, for bestAttackOf, the first attack of Safar i against j
// when it is its free first action (first_action_free): each option it can
// pay from a AP is worth its net damage plus the best plan from all of its
// AP, back (back: a, and an assault's walk), against the AP j is expected to
// keep. It returns the better of that and the plan v with first attack f.
func (e *engine) freeChoice(i, j, a, back int, costOf func(o *fightOption) (int, int, bool), rest func(a, k int) float64, v float64, f int) (float64, int) {
	opts := e.opts[e.c[i].kind][e.c[j].kind]
	k := min(max(e.targetAP(j), 0), 7)
	back = min(back, 7)
	for n := range opts {
		o := &opts[n]
		if o.pos != posNone {
			continue // weighed at the root by their move (rootGains)
		}
		cost, band, ok := costOf(o)
		if !ok || cost > a || cost > 7 {
			continue
		}
		next := k - int(o.def[band][k]+0.5)
		if w := o.dmg[band][k] - o.ctr[band][k] + rest(back, next); w > v+1e-9 {
			v, f = w, n
		}
	}
	return v, f
}
