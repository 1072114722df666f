package sim

import (
	"math"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// This file plays the return from defeat (skills.md 4.3: "a dead ally returns
// with 3D5 HP for one activation"; profiles.EffectParams.Activations), in
// skirmishes: the target is an allied carcass (defeated, not demoralised, not
// devoured: sim/devour.go) within the spell's range of where it fell, the caster
// never itself. On success the Safar is put back where it fell, or at the
// nearest free spot (rings of 1/4 toise around it), with the HP rolled (at
// most its starting HP less its Sacrifice scar); its statuses (bleeding,
// dazed, stunned, on the ground, Berserk, on the alert, hiding, rooted, pending
// terror and fright retests) and the spell effects that were on it are gone,
// and it holds no AP nor mastery die until its next activation (R14). It counts
// as alive for its side (R16, R16a) and activates as usual; at the end of its
// Activations-th activation it falls again (a carcass again). Defeated again
// before, it stays defeated. With no free spot within 15 toises the spell
// takes effect and does nothing.

// isReturn reports whether option opt is a return from defeat.
func (opt *castOption) isReturn() bool { return opt.level.Effect == profiles.EffectReturn }

// castTarget reports whether Safar j may be the target of option opt of Safar
// i now: in play, for a return an allied carcass other than i, for an
// activation now an ally other than i (mayActivateNow).
func (e *engine) castTarget(i, j int, opt *castOption) bool {
	if opt.activatesNow() {
		return e.mayActivateNow(i, j) // sim/magic_activate.go
	}
	if !opt.isReturn() {
		return e.c[j].inPlay()
	}
	return j != i && e.c[j].side == e.c[i].side && e.carcass(j) && !e.c[j].hidden
}

// returnWorth is what bringing Safar j back is worth to its side, in HP of
// expected damage: its threat over a whole activation on its nearest enemy
// (holding its AP), when it may reach that enemy; what it absorbs is not
// counted.
func (e *engine) returnWorth(j int) float64 {
	t := e.nearestEnemy(j)
	if t < 0 || !e.mayThreaten(j, t) {
		return 0
	}
	return max(e.threat[e.c[t].kind][e.c[j].kind][e.heldAP(t)], 0)
}

// returnSpot returns where Safar j comes back: where it fell when its base
// fits there, else the nearest free spot on rings of 1/4 toise around it, and
// whether there is one.
func (e *engine) returnSpot(j int) (field.Vec, bool) {
	c := &e.c[j]
	if e.duel {
		return c.pos, true
	}
	others := e.othersOf(j, -1)
	st := c.f.Profile.Stature
	p := c.pos
	if e.field.Fits(field.NewBase(p, st), others) {
		return p, true
	}
	for ring := 1; ring <= 60; ring++ {
		for h := range 16 {
			s, co := math.Sincos(float64(h) * math.Pi / 8)
			q := field.Vec{X: p.X + co*float64(ring)/4, Y: p.Y + s*float64(ring)/4}
			if e.field.Fits(field.NewBase(q, st), others) {
				return q, true
			}
		}
	}
	return field.Vec{}, false
}

// returnFromDefeat puts Safar j back in play with hp HP (at most its starting
// HP less its scar) for acts activations, and returns the HP it has (0: no
// free spot, it stays defeated).
func (e *engine) returnFromDefeat(j, hp, acts int) int {
	c := &e.c[j]
	p, ok := e.returnSpot(j)
	if !ok || hp <= 0 {
		return 0
	}
	c.hp = min(hp, e.maxHP(j))
	c.pos = p
	c.ap, c.nMastery = 0, 0
	c.bleeding, c.bleedBy = 0, -1
	e.extinguish(j) // sim/fire.go
	c.dazed, c.stunned, c.ground = false, false, false
	c.berserk = false
	c.alert, c.behind = false, 0
	c.fx = spellEffects{}
	c.morale.rooted, c.morale.rootedNow, c.morale.frightFailed = false, false, 0
	c.terrorPending = false
	c.target, c.vTo = -1, 0
	c.ranged = c.f.Ranged != nil && !e.engagedAny(j)
	c.spells.back = int8(acts)
	return c.hp
}

// backAtEnd counts, at the end of Safar i's activation, an activation of a
// Safar back from defeat, and makes it fall again after its last one.
func (e *engine) backAtEnd(i int) {
	c := &e.c[i]
	if c.spells.back == 0 {
		return
	}
	if !c.alive() {
		c.spells.back = 0 // defeated again before
		return
	}
	if c.spells.back--; c.spells.back > 0 {
		return
	}
	c.hp, c.ap, c.bleeding = 0, 0, 0
	if e.trace != nil {
		e.tracef("  %s's return ends: it falls again\n", e.name(i))
	}
}
