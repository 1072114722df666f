package sim

import (
	"math/rand/v2"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/dice"
)

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
// The other rules of pattern E, each with its function below:
// first_action_free (startFree, freeAction, freeChoice), give_ap (giveAP,
// giveChoice), draw_ap (drawAP, drawChoice), a card's activates_with_leader
// (activateTurn) and reactivates_ally (forgo, reactivateChoice).
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
		if k == i || len(e.apAurasOf[k]) == 0 || !o.inPlay() || (o.side == c.side) == (r == apEnemy) {
			continue
		}
		for x := range e.apAurasOf[k] {
			a := &e.apAurasOf[k][x]
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
		if e.bannerDefence(by, i, v) { // sim/banner.go
			e.tracef("    %s defends with %d AP kept for defence by the banner of %s (card_banners; not kept)\n", e.name(i), v, e.name(by))
			break
		}
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

// giveAllowance returns how many AP Safar i's AP auras let it give ally k
// now (give_ap, less what it gave in this activation), 0 when none: k is
// another Safar of its side in play that an entry names, within its reach.
func (e *engine) giveAllowance(i, k int) int {
	c, o := &e.c[i], &e.c[k]
	if !e.apAuras || k == i || o.side != c.side || !o.inPlay() || !c.inPlay() {
		return 0
	}
	best := 0
	for x := range e.apAurasOf[i] {
		a := &e.apAurasOf[i][x]
		if a.GiveAP > best && a.To.Matches(o.f.Profile) && e.within(i, k, a.Radius(c.f.Stats().I)) {
			best = a.GiveAP
		}
	}
	return max(best-c.given, 0)
}

// giveAP plays Safar i giving n AP to ally k (give_ap). Reading (open,
// skills.md gives none): an ally that has already acted this round holds
// them to defend with until its next activation; one that has not holds
// them for its activation, on top of the AP it recovers then (an ally's AP
// are recovered at the start of its activation, seed 000 line 566, and
// would be lost otherwise). It reports whether it gave.
func (e *engine) giveAP(i, k, n int) bool {
	c := &e.c[i]
	if n < 1 || c.ap < n || n > e.giveAllowance(i, k) {
		return false
	}
	o := &e.c[k]
	c.ap -= n
	c.spent += n
	c.given += n
	use := "for its activation"
	if o.acted {
		o.ap += n
		use = "to defend with"
	} else {
		o.gift += n
	}
	if e.trace != nil {
		e.tracef("  %s gives %d AP to %s (ap aura), %s\n", e.name(i), n, e.name(k), use)
	}
	return true
}

// giveChoice is the default policy's choice, once Safar i's own plan ends
// its activation, of AP to give an ally (give_ap): to an ally that has not
// acted, worth the net damage its activation's plan gains against the
// enemy in its reach it would gain most against (an attack in reach); to one
// that has, worth its keep value (keepValues) of the AP to defend with;
// against what holding them is worth to i itself when keep. It returns the
// gift worth the most, and whether one is worth anything.
func (e *engine) giveChoice(i int, keep bool) (action, bool) {
	c := &e.c[i]
	if len(e.apAurasOf[i]) == 0 || c.ap < 1 {
		return action{}, false
	}
	var kvI [8]float64
	if keep {
		kvI = keepValues(e, i)
	}
	best, bestV := action{}, 1e-9
	for k := range e.c {
		allow := min(e.giveAllowance(i, k), c.ap)
		if allow == 0 {
			continue
		}
		o := &e.c[k]
		for n := 1; n <= allow; n++ {
			var v float64
			if o.acted {
				kv := keepValues(e, k)
				v = kv[min(max(o.ap+n, 0), 7)] - kv[min(max(o.ap, 0), 7)]
			} else {
				v = e.giftAttackGain(k, n)
			}
			v -= kvI[min(c.ap, 7)] - kvI[min(c.ap-n, 7)]
			if v > bestV {
				best, bestV = action{kind: actGiveAP, target: k, opt: n}, v
			}
		}
	}
	return best, best.kind == actGiveAP
}

// giftAttackGain returns the net damage n more AP add to the plan of Safar
// k's next activation, from all its AP, against the enemy within its reach
// that gains most (0 when none is): the option tables' plans (planDP), the
// enemy holding the AP it defends with now.
func (e *engine) giftAttackGain(k, n int) float64 {
	o := &e.c[k]
	full := min(max(o.f.Profile.AP+o.gift, 0), 7)
	more := min(full+n, 7)
	if more == full {
		return 0
	}
	costOf := func(opt *fightOption) (int, int, bool) {
		return opt.ap() + e.attackTax(k), bandEffective, !opt.shot
	}
	best := 0.0
	for j := range e.c {
		t := &e.c[j]
		if t.side == o.side || !t.inPlay() || e.gap(k, j) > e.reach(k)+1e-9 {
			continue
		}
		opts := e.opts[o.kind][t.kind]
		d := min(max(e.targetAP(j), 0), 7)
		v1, _ := planDP(opts, more, d, costOf, zero, 0, 0)
		v0, _ := planDP(opts, full, d, costOf, zero, 0, 0)
		best = max(best, v1-v0)
	}
	return best
}

// activateTurn plays the activation of Safar i, which its side picked, and
// the activations of the Safars whose card says they activate at the same
// time as their Spearhead's leader (activates_with_leader; skills.md section
// 3, pattern E) when i is that leader, or in their mistress's activation
// when i is the mistress of their beast card (card_beasts'
// activates_with_mistress, sim/cardbeast.go; skills.md 3.2: "acts in her
// activation"). Reading (open: skills.md gives none, and one engine
// activates one Safar at a time): in the same turn of the side, the leader
// (the mistress) first, then each of them in list order, with no enemy
// activation between; a Safar with the rule that its side picks while its
// leader (mistress) has not acted brings that activation forward and
// follows it; with its leader (mistress) out of play or already acted it
// activates when picked. The rules chain: a beast whose mistress activates
// with her leader follows her.
func (e *engine) activateTurn(r *rand.PCG, i int) {
	if !e.withLeader && !e.withMistress {
		e.activate(r, i)
		return
	}
	for range e.c { // up the chain, never round a loop of cards
		l := e.activatesWith(i)
		if l < 0 || !e.c[l].ready() {
			break
		}
		i = l
	}
	e.activateFollowed(r, i)
}

// activateFollowed plays the activation of Safar i, then those of the
// Safars of its side, not yet activated, that activate with it
// (activatesWith), each followed by its own.
func (e *engine) activateFollowed(r *rand.PCG, i int) {
	e.activate(r, i)
	s := e.c[i].side
	for k := range e.c {
		if c := &e.c[k]; k != i && c.side == s && c.ready() && e.activatesWith(k) == i {
			if e.trace != nil {
				if e.mistressOf(k) == i && !(e.withLeader && c.f.Profile.WithLeader) {
					e.tracef("  %s activates with its mistress %s (card_beasts)\n", e.name(k), e.name(i))
				} else {
					e.tracef("  %s activates with its leader %s\n", e.name(k), e.name(i))
				}
			}
			e.activateFollowed(r, k)
		}
	}
}

// activatesWith returns the Safar in whose activation Safar k activates:
// its leader for a card with activates_with_leader, else its mistress for
// a beast card with activates_with_mistress; -1 none.
func (e *engine) activatesWith(k int) int {
	c := &e.c[k]
	if e.withLeader && c.f.Profile.WithLeader {
		if l := e.leader[c.side]; l != k {
			return l
		}
	}
	return e.mistressOf(k)
}

// drawAllowance returns how many AP of ally k Safar i's AP auras let it use
// now (draw_ap, less what it used in this activation, at most k's AP), 0
// when none: k is another Safar of its side in play that an entry names,
// within its reach.
func (e *engine) drawAllowance(i, k int) int {
	c, o := &e.c[i], &e.c[k]
	if !e.apAuras || k == i || o.side != c.side || !o.inPlay() || !c.inPlay() || o.ap < 1 {
		return 0
	}
	best := 0
	for x := range e.apAurasOf[i] {
		a := &e.apAurasOf[i][x]
		if a.DrawAP > best && a.To.Matches(o.f.Profile) && e.within(i, k, a.Radius(c.f.Stats().I)) {
			best = a.DrawAP
		}
	}
	return min(max(best-c.drawn, 0), o.ap)
}

// drawAP plays Safar i using n AP of ally k in its activation (draw_ap): k
// loses them, i has them to spend. Reading: the AP k holds now (an ally that
// has not acted this round holds what its last activation left, recovered
// in full at its next; one that has, what it keeps to defend with). It
// reports whether it drew.
func (e *engine) drawAP(i, k, n int) bool {
	if n < 1 || n > e.drawAllowance(i, k) {
		return false
	}
	c, o := &e.c[i], &e.c[k]
	o.ap -= n
	c.ap += n
	c.drawn += n
	if e.trace != nil {
		e.tracef("  %s uses %d AP of %s (ap aura): %d AP\n", e.name(i), n, e.name(k), c.ap)
	}
	return true
}

// drawChoice is the default policy's choice of allies' AP to use (draw_ap)
// before Safar i's next action, its target j within its reach: the draw of n
// AP from ally k worth the most, its worth what i's plan against j gains
// with n AP more (bestAttack, the plan's own value and what holding the AP
// left is worth) less what holding them was worth to k (keepValues); never
// beyond 7 AP, where the plans stop. It reports whether a draw is worth
// anything.
func (e *engine) drawChoice(i, j int, keep bool) (action, bool) {
	c := &e.c[i]
	if j < 0 || len(e.apAurasOf[i]) == 0 || c.ap >= 7 || e.gap(i, j) > e.reach(i)+1e-9 {
		return action{}, false
	}
	some := false
	for k := range e.c {
		some = some || e.drawAllowance(i, k) > 0
	}
	if !some {
		return action{}, false // no ally's AP to use: no plan to make
	}
	var kvI [8]float64
	if keep {
		kvI = keepValues(e, i)
	}
	ap := c.ap
	_, v0 := bestAttack(e, i, j, 0, nil, keep, false)
	v0 += kvI[min(max(ap, 0), 7)]
	best, bestV := action{}, 1e-9
	var gains [8]float64 // by n: what i gains with n AP more
	for n := 1; n <= 7-ap; n++ {
		c.ap = ap + n
		_, v := bestAttack(e, i, j, 0, nil, keep, false)
		gains[n] = v + kvI[min(c.ap, 7)] - v0
	}
	c.ap = ap
	for k := range e.c {
		allow := min(e.drawAllowance(i, k), 7-ap)
		if allow == 0 {
			continue
		}
		kv := keepValues(e, k)
		o := &e.c[k]
		for n := 1; n <= allow; n++ {
			v := gains[n] - (kv[min(max(o.ap, 0), 7)] - kv[min(max(o.ap-n, 0), 7)])
			if v > bestV {
				best, bestV = action{kind: actDrawAP, target: k, opt: n}, v
			}
		}
	}
	return best, best.kind == actDrawAP
}

// forgo plays, at the start of Safar i's activation, its card's choice to
// forgo it and activate again an ally that has already acted
// (reactivates_ally; skills.md section 3, pattern E): the ally the policy
// chooses (reactivateChoice) loses the card's HP loss for good (its maximum
// HP too: it cannot be healed, as fire's damage, sim/fire.go), then plays a
// whole activation (its AP and mastery dice come back, R14) in which its
// attacks have the card's bonus to their totals and damage (the exchange's
// AttackBonus and DamageBonus: the main attack's damage, not its free
// attacks'). It reports whether i forwent its activation; i keeps its AP to
// defend with.
func (e *engine) forgo(r *rand.PCG, i int) bool {
	if e.reactivating {
		return false // not inside an activation played again for another
	}
	k := e.reactivateChoice(i)
	if k < 0 {
		return false
	}
	b := e.c[i].f.Profile.Reactivates
	o := &e.c[k]
	loss := dice.Roll(r, b.HPLoss.N, b.HPLoss.Sides, b.HPLoss.Plus)
	if e.trace != nil {
		e.tracef("  %s forgoes its activation: %s activates again (+%d to its attacks, +%d damage) and loses %d HP that cannot be healed\n", e.name(i), e.name(k), b.Attack, b.Damage, loss)
	}
	e.take(k, -1, loss) // a loss, not damage: no armour, no Moringa
	o.morale.scar += loss
	if !o.inPlay() {
		return true
	}
	o.boostBy = i + 1
	e.reactivating = true
	e.activate(r, k)
	e.reactivating = false
	o.boostBy = 0
	return true
}

// reactivateKill is how many times its nearest enemy's HP the threat of an
// ally's extra activation must be for the policy to forgo an activation
// for it (reactivateChoice).
const reactivateKill = 3

// reactivateChoice is the default policy's choice, for Safar i whose card
// may forgo its activation, of the ally to activate again, or -1. The loss
// is for good, so the policy is cautious: only when i itself can attack no
// enemy in this activation (mayThreaten), for an ally the card names, in
// play and on the table, that has acted this round, keeps three quarters
// of its maximum HP after the worst loss, and whose whole activation
// threatens its nearest enemy for reactivateKill times that enemy's HP or
// more (returnWorth, sim/magic_return.go); the one that threatens most.
// Measured (docs/import.md, "AP auras"): looser choices (the loss priced as
// its HP in damage, or as a share of the ally's worth; half its HP kept;
// the threat at 1 to 3 times the enemy's HP) lost 2 to 11 points of win
// rate in an invented battle against never forgoing; the rule without its
// HP loss gained 1.7.
func (e *engine) reactivateChoice(i int) int {
	b := e.c[i].f.Profile.Reactivates
	if t := e.nearestEnemy(i); t >= 0 && e.mayThreaten(i, t) {
		return -1 // its own activation can attack
	}
	best, bestV := -1, 0.0
	for k := range e.c {
		o := &e.c[k]
		if k == i || o.side != e.c[i].side || !o.inPlay() || !o.acted || 4*(o.hp-b.HPLoss.Max()) < 3*e.maxHP(k) || !b.To.Matches(o.f.Profile) {
			continue
		}
		t := e.nearestEnemy(k)
		if t < 0 {
			continue
		}
		if v := e.returnWorth(k); v >= reactivateKill*float64(e.c[t].hp) && v > bestV {
			best, bestV = k, v
		}
	}
	return best
}
