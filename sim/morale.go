package sim

import (
	"math/rand/v2"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/dice"
)

// Fright (seed 000 "Fright test", lines 1308-1337; seed 004 "Test d'effroi",
// lines 1252-1280; skills.md #53) and the skills that change morale tests:
// Unshakeable Faith (#17), Fearless (#54), Bound X (#52). The temerity tests
// (alone, terror) are in sim/engine.go; Rallying too.

// moraleKind is what the morale rules read of a kind's card, looked up once
// (part of kindInfo).
type moraleKind struct {
	// fright is the threshold X of the fright it causes (Fright X), 0: none.
	fright int
	// frightImmune: it never takes a fright test: it causes fright itself
	// ("a miniature provoking fright is impervious to fright", line 1314), or
	// is Fearless or Bound X (skills.md #54, #52).
	frightImmune bool
	// faith: Unshakeable Faith, "passes with success all his Fright tests"
	// (seed 000 line 1670).
	faith bool
	// noTemerity: it never takes a temerity test (Fearless, Bound X): neither
	// the last-of-its-side test, nor terror, nor a Bite's (Exchange).
	noTemerity bool
	// carnivore: it may devour carcasses (sim/devour.go).
	carnivore bool
	// sacrifice is X of Sacrifice X (sim/devour.go), 0: none.
	sacrifice int
	// riderSacrifice is X of its mount's Sacrifice X towards its rider
	// (sim/mount.go), 0: none.
	riderSacrifice int
	// authority is the most mastery dice it lends its allies per turn
	// (sim/authority.go), -1: no Authority.
	authority int
}

func newMoraleKind(f *Fighter) moraleKind {
	p := f.Profile
	var k moraleKind
	if sk, ok := p.Skill(profiles.SkillFright); ok && sk.Value > 0 {
		k.fright = sk.Value
	}
	_, fearless := p.Skill(profiles.SkillFearless)
	_, bound := p.Skill(profiles.SkillBound)
	_, k.faith = p.Skill(profiles.SkillUnshakeableFaith)
	k.noTemerity = fearless || bound
	k.frightImmune = k.fright > 0 || k.noTemerity
	k.carnivore = carnivorous(p)
	if sk, ok := p.Skill(profiles.SkillSacrifice); ok && sk.Value > 0 {
		k.sacrifice = sk.Value
	}
	if sk, ok := p.Skill(profiles.SkillRiderSacrifice); ok && sk.Value > 0 {
		k.riderSacrifice = sk.Value
	}
	k.authority = authorityLimit(f)
	return k
}

// moraleState is the morale of a Safar during a fight (part of combatant).
type moraleState struct {
	// frightPassed: the sources (bit j for Safar j) of fright it has passed a
	// test against, for the rest of the game (skills.md #53: "a pass makes it
	// immune to that source"); frightFailed: those it failed against and tests
	// again at each activation start while still engaged with them (line 1322).
	frightPassed, frightFailed uint64
	// rooted: a fright result of 2-3, it cannot move until the end of its next
	// activation; rootedNow: that activation has started.
	rooted, rootedNow bool
	// sacrificeUsed: its Sacrifice X was used this turn; scar: the HP it lost to
	// Sacrifice, which nothing heals (seed 000 line 1650).
	sacrificeUsed bool
	scar          int
	// riderUsed: its mount's Sacrifice towards its rider was used this turn.
	riderUsed bool
	// authorityUsed: the mastery dice it lent this turn (Authority).
	authorityUsed int
	// devoured: its carcass was devoured and removed (sim/devour.go).
	devoured bool
	// bold: it passed its last-Safar temerity test in this turn, its
	// critical thresholds lowered by 1 until the next (sim/critthresh.go).
	bold bool
}

// frightOf returns the fright threshold Safar j causes (0: none).
func (e *engine) frightOf(j int) int { return e.info[e.c[j].kind].fright }

// frightBefore plays the fright tests of a melee attack of Safar i on Safar j,
// before the first roll (skills.md #53, "Open": before the first attack or
// defence roll against that source): i tests when j causes fright, j when i
// does. It reports whether the attack still goes ahead with cost AP: the
// attacker still fit, on its feet, with the AP and in reach of option opt of a
// target still in play.
func (e *engine) frightBefore(r *rand.PCG, i, j, cost int, opt *fightOption) bool {
	if e.frightOf(j) == 0 && e.frightOf(i) == 0 {
		return true
	}
	if x := e.frightOf(j); x > 0 && e.frightDue(i, j) {
		e.frightTest(r, i, j, x)
	}
	if x := e.frightOf(i); x > 0 && e.c[j].inPlay() && e.frightDue(j, i) {
		e.frightTest(r, j, i, x)
	}
	c := &e.c[i]
	return c.fit() && !c.ground && c.ap >= cost && e.c[j].inPlay() && e.gap(i, j) <= e.reachOf(i, opt)+1e-9
}

// frightDue reports whether Safar i must test against the fright of Safar j on
// meeting it in melee: neither immune nor already tested against j.
func (e *engine) frightDue(i, j int) bool {
	c := &e.c[i]
	if e.info[c.kind].frightImmune || c.side == e.c[j].side || j >= 64 {
		return false
	}
	bit := uint64(1) << j
	return (c.morale.frightPassed|c.morale.frightFailed)&bit == 0
}

// frightRetests plays, at the start of the activation of Safar i, the fright
// tests it failed against sources still engaged with it ("as long as the
// conditions remain the same", line 1322); a source no longer engaged is
// forgotten, and meeting it again in melee tests at once. It reports whether
// the activation goes on (not stunned, in play).
func (e *engine) frightRetests(r *rand.PCG, i int) bool {
	c := &e.c[i]
	if c.morale.rooted {
		// "until the end of his next activation": set before this one, it lasts
		// through it; set in an earlier one, it is over.
		if c.morale.rootedNow {
			c.morale.rooted, c.morale.rootedNow = false, false
		} else {
			c.morale.rootedNow = true
		}
	}
	for m := c.morale.frightFailed; m != 0; m &= m - 1 {
		j := trailingZeros(m)
		c.morale.frightFailed &^= 1 << j
		if !e.c[j].inPlay() || !e.engaged(i, j) {
			continue
		}
		e.frightTest(r, i, j, e.frightOf(j))
		if !c.fit() {
			return false
		}
	}
	return true
}

// trailingZeros returns the index of the lowest set bit of m (m != 0).
func trailingZeros(m uint64) int {
	n := 0
	for m&1 == 0 {
		m >>= 1
		n++
	}
	return n
}

// frightTest plays the fright test of Safar i against threshold x caused by
// Safar src (-1: a spell or another effect with no warrior as its source):
// "free/the Safar/T + I + 1D10 >= fright threshold" (seed 000 line 1318; seed
// 004 line 1258), +1 in its leader's aura (skills.md #53, as for temerity,
// line 1304), a natural 1 failing as sim's temerity tests do (R3). Unshakeable
// Faith passes it without a roll (line 1670). A failed test may be passed
// instead by burning a mastery die for good, its own or a level III ally's
// whose aura holds it (line 1320; "it won't be available for the rest of the
// game"): the policy always burns one when it can, its own first, since every
// result of the table but the last costs more than a die. A Safar that still
// fails rolls a d10 on the table of lines 1324-1337 (frightResult). It reports
// whether the test was passed. Spells that cause fright may call it.
func (e *engine) frightTest(r *rand.PCG, i, src, x int) bool {
	c := &e.c[i]
	if e.info[c.kind].frightImmune || !c.inPlay() {
		return true
	}
	var bit uint64
	if src >= 0 && src < 64 {
		bit = 1 << src
	}
	if e.info[c.kind].faith {
		c.morale.frightPassed |= bit
		if e.trace != nil {
			e.tracef("    %s passes its fright test against %s (Unshakeable Faith)\n", e.name(i), e.frightName(src))
		}
		return true
	}
	t := c.f.Stats().T + c.f.Stats().I + e.recounted(i, profiles.T) + e.recounted(i, profiles.I) + e.aura(i)
	d := dice.D10(r)
	if (d == 1 || t+d < x) && e.banners != nil {
		d = e.bannerFright(r, i, src, t, x, d) // a banner's reroll (sim/banner.go)
	}
	if d != 1 && t+d >= x {
		c.morale.frightPassed |= bit
		c.morale.frightFailed &^= bit
		if e.trace != nil {
			e.tracef("    %s passes its fright test against %s (%d): rolls %d, total %d\n", e.name(i), e.frightName(src), x, d, t+d)
		}
		return true
	}
	if k := e.burner(i); k >= 0 {
		e.c[k].lostMastery++
		if e.c[k].nMastery > 0 {
			spendMastery(&e.c[k], FieldOffensive|FieldDefensive|FieldShooting|FieldObjective|FieldEsoteric, 1)
		}
		c.morale.frightPassed |= bit
		c.morale.frightFailed &^= bit
		if e.trace != nil {
			e.tracef("    %s fails its fright test against %s (%d): rolls %d, total %d; %s burns a mastery die to pass it (%d left for the game)\n",
				e.name(i), e.frightName(src), x, d, t+d, e.name(k), len(e.c[k].f.Mastery)-e.c[k].lostMastery)
		}
		return true
	}
	c.morale.frightFailed |= bit
	e.frightResult(r, i, src, x, d, t+d)
	return false
}

// frightName names the source of a fright in a trace.
func (e *engine) frightName(src int) string {
	if src < 0 {
		return "a frightening effect"
	}
	return e.name(src)
}

// burner returns who burns a mastery die for the failed fright test of Safar
// i: itself, or a level III ally in play whose aura (I toises from its centre)
// holds it, with a mastery die not yet burnt; -1 when none can.
func (e *engine) burner(i int) int {
	c := &e.c[i]
	if c.lostMastery < len(c.f.Mastery) {
		return i
	}
	for k := range e.c {
		a := &e.c[k]
		if k == i || a.side != c.side || !a.fit() || a.f.Profile.Level < 3 || a.lostMastery >= len(a.f.Mastery) ||
			a.pos.Dist(c.pos) > e.auraRadius(k)+1e-9 {
			continue
		}
		return k
	}
	return -1
}

// frightResult applies the d10 of a failed fright test of Safar i caused by
// src (seed 000 lines 1324-1337, seed 004 lines 1268-1280): 1 stunned; 2-3 it
// cannot move until the end of its next activation (and loses its zone of
// control: engagement is read from either Safar's zone, so that part changes
// nothing here); 4-5 it loses half its base AP at once; 6-7 it flees V toises
// straight away from the source; 8-9 the source makes a free 2 AP attack on
// it; 10 it makes a free 1 AP attack on the source. With no warrior as the
// source, 6-10 do nothing.
func (e *engine) frightResult(r *rand.PCG, i, src, x, d, total int) {
	roll := dice.D10(r)
	if e.trace != nil {
		e.tracef("    %s fails its fright test against %s (%d): rolls %d, total %d; fright roll %d: ", e.name(i), e.frightName(src), x, d, total, roll)
	}
	if roll <= 7 && e.saves(r, i, "its fright result") {
		// Stunned, rooted, half its AP lost, fleeing: a result put on it,
		// which a card's saving roll cancels (skills.md section 3 H,
		// sim/wards.go); 8-10 are blows exchanged, not cancelled.
		return
	}
	e.frightEffect(r, i, src, roll)
}

// frightEffect applies result roll of the fright table to Safar i, frightened
// by src (frightResult).
func (e *engine) frightEffect(r *rand.PCG, i, src, roll int) {
	c := &e.c[i]
	var what string
	switch {
	case roll == 1:
		c.stunned, c.ground = true, true
		e.updateBerserk(i)
		what = "stunned"
	case roll <= 3:
		c.morale.rooted, c.morale.rootedNow = true, false
		what = "cannot move until the end of its next activation"
	case roll <= 5:
		c.ap = max(c.ap-c.f.Profile.AP/2, 0)
		what = "loses half its AP"
	case src < 0:
		what = "no effect without a warrior as its source"
	case roll <= 7:
		e.flee(i, src, e.velocity(i)) // forced: even a Safar that cannot move flees (sim/walks.go)
		what = "flees"
	case roll <= 9:
		what = "the source strikes a free 2 AP attack"
	default:
		what = "it strikes a free 1 AP attack on the source"
	}
	if e.trace != nil {
		e.tracef("%s", what)
		if (roll == 6 || roll == 7) && src >= 0 {
			e.tracef(" (%s)", e.where(i, src))
		}
		e.tracef("; %d AP\n", c.ap)
	}
	if src < 0 {
		return
	}
	switch {
	case roll == 8 || roll == 9:
		e.freeAttack(r, src, i, 2)
	case roll == 10:
		e.freeAttack(r, i, src, 1)
	}
}

// freeAttack plays a free melee attack of ap AP of Safar a on Safar t (a
// fright result): the attack of that cost with the best expected net damage
// against t's AP among those a can make from where it stands, at no AP.
// Nothing happens when it has none (out of reach, on the ground, stunned, a
// shooting weapon in hand).
func (e *engine) freeAttack(r *rand.PCG, a, t, ap int) {
	c, o := &e.c[a], &e.c[t]
	if !c.fit() || c.ground || !o.inPlay() {
		return
	}
	opts := e.opts[c.kind][o.kind]
	best, bv := -1, 0.0
	k := min(o.ap, 7)
	for n := range opts {
		opt := &opts[n]
		if opt.shot || opt.attack.AP != ap || opt.attack.Kind.Special() || opt.pos != posNone ||
			c.ranged && opt.weapon != nil || e.gap(a, t) > e.reachOf(a, opt)+1e-9 {
			continue
		}
		if v := opt.dmg[bandEffective][k] - opt.ctr[bandEffective][k]; best < 0 || v > bv {
			best, bv = n, v
		}
	}
	if best < 0 {
		return
	}
	cost := e.actionCost(a, ap)
	// It costs no AP and is not the attack the Safar's own activation plans:
	// its AP, its count of melee attacks (R8a) and its planned V move (R10a)
	// are kept as they were.
	ap0, spent, melee, vTo := c.ap, c.spent, c.melee, c.vTo
	c.ap += cost
	c.vTo = 0
	e.lent = true // no AP aura's tax, not its first attack (sim/apauras.go)
	e.attack(r, a, action{kind: actAttack, opt: best, target: t})
	e.lent = false
	c.ap, c.spent, c.melee, c.vTo = ap0, spent, melee, vTo
}
