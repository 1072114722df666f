package sim

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"sync"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/dice"
)

// Aura grants (skills.md section 3, pattern D: "a standing effect on allies
// in its aura, within 5 toises"): a card's aura_grants give skills to the
// allies that stand within reach of it, for as long as they do. The option
// tables of a Safar are computed per kind, once per battle; so a Safar some
// ally's aura can reach gets one more kind per set of grants that may hold
// on it (usually one grant: two kinds), its card with those skills added
// (profiles.WithAuraGrants), whose tables are built with the others and
// shared through Tables like any Fighter's. Before each action, at the end
// of each activation and after the walk of an assault, each such Safar takes
// the kind of the grants that hold where it stands (refreshAuras): the
// exchange, the plans and the policies read the kind, so the buff is played
// everywhere a native skill is.

// maxAuraGrants is the most distinct aura grants that may reach one Safar:
// 2^4 kinds of it at most.
const maxAuraGrants = 4

// auraSafar is a Safar some ally's aura grants can reach.
type auraSafar struct {
	i    int
	srcs []auraSrc
	// kinds[m] is its kind when the grants of the bits of m hold; kinds[0] is
	// its own.
	kinds []int
	// underBoxes: the boxes of the armour an aura gives it (AuraBuffs.Armour)
	// when its own second armour slot is empty, 0 otherwise: its boxes for
	// the battle, ticked in whichever kind it fights (resetAuras).
	underBoxes int
}

// auraSrc is one ally whose grant can reach it, and the grant's bit.
type auraSrc struct {
	k   int
	g   *profiles.AuraGrant
	bit uint8
}

// auraVariantKey names a Fighter with a set of aura grants.
type auraVariantKey struct {
	f      *Fighter
	grants [maxAuraGrants]*profiles.AuraGrant
}

// auraVariants caches the buffed Fighters, so that the battles of a run (the
// equal-budget matches of kharn cost build their sides again and again)
// share their option tables through Tables, which tells Fighters apart by
// their profile's identity.
var auraVariants sync.Map // auraVariantKey -> *Fighter

// auraVariant returns f with the skills of grants (in that order) added.
func auraVariant(f *Fighter, grants []*profiles.AuraGrant) *Fighter {
	k := auraVariantKey{f: f}
	copy(k.grants[:], grants)
	if v, ok := auraVariants.Load(k); ok {
		return v.(*Fighter)
	}
	c := *f
	c.Profile = profiles.WithAuraGrants(f.Profile, grants)
	c.Skills = ReadSkills(c.Profile)
	c.Skills.KeepMasteryOnCH = f.Skills.KeepMasteryOnCH // a list card's, not the profile's (sim/cardmastery.go)
	for _, g := range grants {
		c.Skills.Aura = c.Skills.Aura.Or(g.AuraBuffs) // identical auras do not stack
	}
	if a := c.Skills.Aura.Armour; a != nil && c.Under == nil {
		// An aura's armour (skills.md 3.2, a Goûn aura upgrade): in the
		// second slot, under its own armour; a Safar whose slot holds a
		// piece already keeps it (sim/armour_slots.go).
		c.Under, c.UnderBoxes = a, a.Boxes
	}
	ambidextrousRiposte(&c)
	v, _ := auraVariants.LoadOrStore(k, &c)
	return v.(*Fighter)
}

// initAuras finds the Safars that allies' aura grants can reach and adds
// their buffed kinds to e.kinds; called by newEngine once the fielded kinds
// are listed, before their tables are computed. It leaves e.auras nil when
// no card has aura grants: nothing else changes then.
func (e *engine) initAuras() error {
	type kindKey struct {
		f    *Fighter
		side int
	}
	var seen map[kindKey]int
	for i := range e.c {
		ci := &e.c[i]
		var grants []*profiles.AuraGrant
		var srcs []auraSrc
		addSrc := func(k int, ag *profiles.AuraGrant) {
			b := -1
			for x, h := range grants {
				if h == ag {
					b = x
				}
			}
			if b < 0 {
				b = len(grants)
				grants = append(grants, ag)
			}
			srcs = append(srcs, auraSrc{k: k, g: ag, bit: uint8(b)})
		}
		for k := range e.c {
			ck := &e.c[k]
			if k == i || ck.side != ci.side {
				continue
			}
			for g := range ck.f.Profile.AuraGrants {
				if ag := &ck.f.Profile.AuraGrants[g]; ag.To.Matches(ci.f.Profile) {
					addSrc(k, ag)
				}
			}
		}
		// Its skills held while an ally is in play: that ally's grant of
		// unbounded reach (sim/conditional.go).
		for x := range ci.f.Profile.ConditionalSkills {
			cs := &ci.f.Profile.ConditionalSkills[x]
			if cs.WhileInPlay == nil {
				continue
			}
			for k := range e.c {
				if k != i && e.c[k].side == ci.side && cs.WhileInPlay.Matches(e.c[k].f.Profile) {
					addSrc(k, whileInPlayGrant(cs))
				}
			}
		}
		if len(grants) == 0 {
			continue
		}
		if len(grants) > maxAuraGrants {
			return fmt.Errorf("sim: %s is reached by %d aura grants of its allies; at most %d are played (skills.md section 3, pattern D)", ci.f.Name(), len(grants), maxAuraGrants)
		}
		if seen == nil {
			seen = map[kindKey]int{}
			for k, f := range e.kinds {
				seen[kindKey{f, e.kindSide[k]}] = k
			}
		}
		a := auraSafar{i: i, srcs: srcs, kinds: make([]int, 1<<len(grants))}
		a.kinds[0] = ci.kind
		for m := 1; m < len(a.kinds); m++ {
			var on []*profiles.AuraGrant
			for b, g := range grants {
				if m&(1<<b) != 0 {
					on = append(on, g)
				}
			}
			f := auraVariant(ci.f, on)
			kk := kindKey{f, ci.side}
			id, ok := seen[kk]
			if !ok {
				id = len(e.kinds)
				seen[kk] = id
				e.kinds = append(e.kinds, f)
				e.kindSide = append(e.kindSide, ci.side)
			}
			a.kinds[m] = id
			if ci.f.Under == nil && f.Under != nil {
				a.underBoxes = max(a.underBoxes, f.UnderBoxes)
			}
		}
		e.auras = append(e.auras, a)
	}
	if len(e.kinds) > 127 {
		return fmt.Errorf("sim: %d kinds of Safars with their aura grants; at most 127 are played", len(e.kinds))
	}
	return nil
}

// refreshAuras gives each Safar allies' auras can reach the kind of the
// grants that hold where it stands: a source in play (not defeated,
// demoralised or in ambush) holding it within the grant's reach, measured
// as the leader's aura and morale auras are (engine.within, sim/auras.go).
// It allocates nothing.
func (e *engine) refreshAuras() {
	for x := range e.auras {
		a := &e.auras[x]
		c := &e.c[a.i]
		m := 0
		for _, s := range a.srcs {
			o := &e.c[s.k]
			if o.inPlay() && e.within(s.k, a.i, s.g.Radius(e.auraRadius(s.k))) {
				m |= 1 << s.bit
			}
		}
		if k := a.kinds[m]; c.kind != k {
			c.kind, c.f = k, e.kinds[k]
			if e.trace != nil {
				e.traceAura(a.i)
			}
		}
	}
}

// resetAuras puts every Safar back to its own kind, for a new battle.
func (e *engine) resetAuras() {
	for x := range e.auras {
		a := &e.auras[x]
		e.c[a.i].kind, e.c[a.i].f = a.kinds[0], e.kinds[a.kinds[0]]
	}
}

// auraArmourBoxes gives each Safar an aura's armour may reach its boxes
// for the battle (auraSafar.underBoxes), after engine.reset has set each
// Safar's boxes from its own kind. Readings (skills.md 3.2 says no more):
// the armour is the ally's for the battle, its boxes ticked while it wears
// it kept when it leaves the aura and comes back (the same light armour
// handed over); the best of several auras' armours is worn, one at a time.
func (e *engine) auraArmourBoxes() {
	for x := range e.auras {
		if a := &e.auras[x]; a.underBoxes > 0 {
			e.c[a.i].under = a.underBoxes
		}
	}
}

// auraAfterWalk refreshes the auras after the walk of i's assault on j, so
// that the attack reads the grants that hold where the walk ended, and
// returns the option of the new table to play for opt: the same declared
// attack (sameDeclared) with the same weapon and play; or, the buffed card's
// table having other best characteristics for that AP (Brutality makes P
// effects worth more), the attack of the same AP, weapon and play it
// expects to deal the most net damage against j's AP. When the new table
// has none, i and j keep the kinds they started the action with, until the
// next action.
func (e *engine) auraAfterWalk(i, j, optIdx int, opt *fightOption) (int, *fightOption) {
	ki, kj := e.c[i].kind, e.c[j].kind
	e.refreshAuras()
	if e.c[i].kind == ki && e.c[j].kind == kj {
		return optIdx, opt
	}
	opts := e.opts[e.c[i].kind][e.c[j].kind]
	held := min(max(e.c[j].ap, 0), 7)
	best, bestV := -1, math.Inf(-1)
	for k := range opts {
		o := &opts[k]
		if o.weapon != opt.weapon || o.defWeapon != opt.defWeapon || o.shot != opt.shot || o.pos != opt.pos ||
			(o.split == 0) != (opt.split == 0) || o.attack.AP != opt.attack.AP || o.attack.Kind != opt.attack.Kind {
			continue
		}
		if sameDeclared(o.attack, opt.attack) {
			return k, o
		}
		if v := o.dmg[bandEffective][held] - o.ctr[bandEffective][held]; v > bestV {
			best, bestV = k, v
		}
	}
	if best >= 0 {
		return best, &opts[best]
	}
	e.c[i].kind, e.c[i].f = ki, e.kinds[ki]
	e.c[j].kind, e.c[j].f = kj, e.kinds[kj]
	return optIdx, opt
}

// sameDeclared reports whether a and b are the same declared attack: kind,
// AP and characteristics engaged (R7); the effects and the damage source
// are what the buffed card's table found best for them.
func sameDeclared(a, b Attack) bool {
	return a.Kind == b.Kind && a.AP == b.AP && a.Chars == b.Chars && a.Free == b.Free && a.Vivid == b.Vivid
}

// traceAura writes the aura grants Safar i now fights with.
func (e *engine) traceAura(i int) {
	var on []string
	for x := range e.auras {
		a := &e.auras[x]
		if a.i != i {
			continue
		}
		for _, s := range a.srcs {
			o := &e.c[s.k]
			if o.inPlay() && e.within(s.k, a.i, s.g.Radius(e.auraRadius(s.k))) {
				for _, b := range s.g.Names() {
					on = append(on, b+" from "+e.name(s.k))
				}
				for _, sk := range s.g.Skills {
					w := sk.Name
					if sk.Value != 0 {
						w += fmt.Sprintf(" %d", sk.Value)
					}
					if sk.Field != "" {
						w += " " + string(sk.Field)
					}
					if s.g.Within >= unbounded {
						on = append(on, w+" while "+e.name(s.k)+" is in play") // sim/conditional.go
						continue
					}
					on = append(on, w+" from "+e.name(s.k))
				}
			}
		}
	}
	if len(on) == 0 {
		e.tracef("    %s leaves its allies' auras\n", e.name(i))
		return
	}
	e.tracef("    %s stands in its allies' auras: %s\n", e.name(i), strings.Join(on, ", "))
}

// auraFreeV plays pattern D's "once per turn, allies may take a free V
// effect after a failed defence (applied after the attack is resolved)"
// (skills.md section 3, D) for defender j, attacked by i, whose defence
// failed (a defence roll, against the main attack or a free one, did not
// stop it: Outcome.DefenceFailed; an undefended attack is none): while
// it stands in the aura (its kind's Skills.Aura), once per turn, it takes
// the V effect as Survival instinct's free V is taken, when its policy would
// rather shoot (prefersRange): it steps away; a melee fighter keeps it. It
// reports whether j moved.
func (e *engine) auraFreeV(i, j int, failed bool) bool {
	o := &e.c[j]
	if !failed || !o.f.Skills.Aura.FreeVAfterFailedDefence || o.auraVUsed || !o.inPlay() ||
		!e.policies[o.side].prefersRange(e, j, i) {
		return false
	}
	o.auraVUsed = true
	e.freeMove(j, i, e.freeMoveOf(j, 1, false), false)
	if e.trace != nil {
		e.tracef("    %s takes the free V effect of its ally's aura after its failed defence: %s\n", e.name(j), e.where(j, i))
	}
	return true
}

// The +1D10 of an ally's aura (skills.md section 3, pattern D: "once per
// turn, +1D10 to the final total of an attack or defence for allies of its
// faction in its aura"): a Safar holds it (bit toolBoost of state.attTools
// and defTools) while it stands in the aura and has not used it this turn
// (engine.boostLeft); a plain Exchange's attacker and defender with the buff
// hold it (boostOf). The rules of its use, simple ones: on an attack, its
// main roll, when the kept face is 5 or less and no CF (the mastery
// policy's threshold, fateAttackReroll), a plain d10 is added to the total
// before it is announced (R5; dice.Pool.Boost, exact and sampled alike).
// On a defence, its main defence (not a free attack's), when the roll is no
// CF and its total
// falls short of the attack's by 1 to 10, the defender adds a plain d10 (no
// CH, no CF: "+1D10 to the final total"), which stops the attack when it
// makes up the gap (ties go to the defender, R6); with the ch-auto-success
// option only a defence CH may stop an attack CH, and a shield's defence CH
// has stopped it already. Once added it is spent for the turn; not added, it
// is kept. A defender that may play Cunning on that defence (1 AP left after
// it, skills.md #12) plays Cunning and keeps the d10: the two on one defence
// are not modelled. On attacks: not modelled.

// boostOf returns toolBoost when f holds the buff, for a plain exchange.
func boostOf(f *Fighter) toolBits {
	if f.Skills.Aura.D10OncePerTurn {
		return toolBoost
	}
	return 0
}

// boostLeft returns toolBoost when Safar j holds the +1D10 of an ally's
// aura: in reach of it (its kind's Skills.Aura) and not used this turn.
func (e *engine) boostLeft(j int) toolBits {
	if e.c[j].boostUsed {
		return 0
	}
	return boostOf(e.c[j].f)
}

// boostOK reports whether the defender in state s holds the +1D10 for
// defence d and plays it there: the main attack's, a roll, on which it may
// not play Cunning.
func (pl *plan) boostOK(s state, free bool, d Defence) bool {
	return !free && s.defTools.has(toolBoost) && !d.None && !d.Discard && !d.Auto && !pl.cunningOK(s, d)
}

// boostOutcomes adds the +1D10 to outcomes o of a defence roll (tail tl)
// short of the attack total by gap = need - value: a stop with probability
// (11 - gap)/10 for gap 1-10.
func (pl *plan) boostOutcomes(o stopParts, tl *splitTail, need int, attCH bool, d Defence) stopParts {
	plainCan := !(pl.ex.Variant.CHAutoSuccess && attCH) // ch-auto-success: only a defence CH stops an attack CH
	chCan := !d.Shield                                  // R13: a defence CH with the shield has stopped already
	for gap := 1; gap <= 10; gap++ {
		p := float64(11-gap) / 10
		for ch, tail := range [2][]float64{tl.plain, tl.ch} {
			if ch == 0 && !plainCan || ch == 1 && !chCan {
				continue
			}
			q := atLeast(tail, need-gap) - atLeast(tail, need-gap+1)
			if q <= 0 {
				continue
			}
			o.succ -= q * p
			o.stop += q * p
			if ch == 1 {
				o.stopCH += q * p
			}
		}
	}
	o.succ = max(o.succ, 0)
	return o
}

// boostAdd plays the +1D10 in the sampler: the d10 added to a defence
// total short of the attack's by gap, or 0 when it is not added (the same
// rule as boostOutcomes).
func (pl *plan) boostAdd(r *rand.PCG, gap int, attCH, defCH, shield bool) int {
	if gap < 1 || gap > 10 || pl.ex.Variant.CHAutoSuccess && attCH && !defCH || defCH && shield {
		return 0
	}
	return dice.D10(r)
}

// The CF reroll of the game (skills.md section 3, pattern D: "once per game,
// it and its allies may reroll one CF for free"; the recommended reading:
// one reroll in total per game for the Spearhead): a side holds it while a
// Safar of its side whose card says so (cf_reroll_once_per_game) is in play
// and the side has not used it this battle. It is played on the main rolls
// of exchanges, the attack roll and the defence roll against the main
// attack (Exchange.AttackerCFReroll, DefenderCFReroll; dice.Pool.CFReroll,
// exact and sampled): the first CF of one of them is rerolled, the lowest
// die. Other rolls (free attacks, tests, casting, armour) do not use it.

// cfReroll reports whether side s holds its CF reroll of the game.
func (e *engine) cfReroll(s int) bool {
	if !e.cfCards || e.cfUsed[s] {
		return false
	}
	for k := range e.c {
		if o := &e.c[k]; o.side == s && o.f.Profile.CFRerollOncePerGame && o.inPlay() {
			return true
		}
	}
	return false
}

// spendCFReroll spends the CF reroll of Safar i's side when its roll used it.
func (e *engine) spendCFReroll(i int, used bool) {
	if !used {
		return
	}
	e.cfUsed[e.c[i].side] = true
	if e.trace != nil {
		e.tracef("    %s rerolled a CF: its Spearhead's free reroll of the game is spent\n", e.name(i))
	}
}
