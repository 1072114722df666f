package sim

import (
	"fmt"
	"strings"
	"sync"

	"github.com/kharn-ages/kharn/profiles"
)

// This file plays the spell effects that carry no amount of HP (skills.md 4.3),
// with the parameters of profiles.EffectParams, in duels and skirmishes:
//
//   - characteristic buffs and debuffs: a modifier added to the target's
//     characteristics while the effect lasts; the exchanges it attacks, defends
//     or counters in use the modified characteristics (the plan key carries the
//     modifiers of both sides: planKey.attMod, defMod), and its walks the
//     modified V;
//   - activation control: AP lost at the start of the target's next activation,
//     or no walk (nor an assault) while the effect lasts;
//   - morale: the target provokes terror of the spell's threshold while the
//     effect lasts, played by the temerity tests of terror (terrorOf);
//   - anti-magic: a ward that raises the difficulty of every spell of the
//     target's enemies while the target is in play, a dispel that ends the
//     effects the caster's enemies cast on the target, a silence that forbids
//     the target to cast.
//
// Durations (seed 000 line 1518; skills.md 4.2): "target-next-activation" ends
// at the end of the target's next activation (the current one when it casts
// on itself does not count), "caster-next-activation" at the end of the
// caster's next one, "one-turn" at the start of the caster's next activation,
// "game" never; an effect whose end Safar has left play ends at the next
// activation of anyone. A spell recast on a Safar replaces its own effect there
// (no stacking); at most maxEffects effects are on a Safar, a new one replacing
// the oldest. The modifiers do not change temerity tests outside the exchanges,
// casting and spell defences (the casting tables are per kind).

// maxEffects bounds the lasting spell effects on a Safar.
const maxEffects = 4

// statMod is a spell modifier: characteristics V P A C T I, then the attack
// bonus (modAttack) and the lowest critical face (modCrit, 0: unchanged) of the
// attacks with the weapon in hand (sim/magic_offence.go), then the skills
// granted (modSkills, bits of grantBits: sim/magic_fate.go), then the
// lowering of the critical thresholds of a passed last-Safar temerity test
// (modBold, sim/critthresh.go), which no spell gives, then the defence bonus
// of its card's defence_bonuses while its relatives are in play (modDefence,
// sim/ownrules.go), which no spell gives either, then the modifier of the
// value of all its attack and defence rolls of its card's activation_d10
// (modRoll, sim/turnroll.go), which no spell gives.
type statMod [12]int8

// The slots of statMod after the characteristics.
const (
	modAttack  = 6
	modCrit    = 7
	modSkills  = 8
	modBold    = 9
	modDefence = 10
	modRoll    = 11
)

func modOf(s profiles.Stats) statMod {
	return statMod{int8(s.V), int8(s.P), int8(s.A), int8(s.C), int8(s.T), int8(s.I)}
}

// paramsMod returns the modifier of effect parameters p: its characteristic
// modifier, attack bonus and critical face.
func paramsMod(p *profiles.EffectParams) statMod {
	m := modOf(p.Modifier)
	m[modAttack], m[modCrit] = int8(p.AttackBonus), int8(p.CriticalFrom)
	m[modSkills] = grantBit(p.GrantSkill)
	return m
}

// apply returns a copy of f with m added to its characteristics, none below 0,
// and its weapon's attack bonus and critical range (applyOffence). Plans call
// it once per plan key; the copies come from chunks (sim/planchunks.go).
func (m statMod) apply(f *Fighter) *Fighter {
	if m == (statMod{}) {
		return f
	}
	g, p := chunkCopies(f)
	st := &p.Stats
	for k, v := range [...]*int{&st.V, &st.P, &st.A, &st.C, &st.T, &st.I} {
		*v = max(*v+int(m[k]), 0)
	}
	m.applyOffence(g)
	m.applySkills(g) // sim/magic_fate.go
	// The thresholds of a passed last-Safar temerity test (sim/critthresh.go).
	g.CriticalLower += int(m[modBold])
	g.DefenceBonus += int(m[modDefence]) // sim/ownrules.go
	g.RollMod += int(m[modRoll])         // sim/turnroll.go
	return g
}

// String writes m as "P +1, C +1".
func (m statMod) String() string {
	var parts []string
	for k, v := range m[:modAttack] {
		if v != 0 {
			parts = append(parts, fmt.Sprintf("%s %+d", profiles.Char(k), v))
		}
	}
	if v := m[modAttack]; v != 0 {
		parts = append(parts, fmt.Sprintf("%+d to attack totals", v))
	}
	if v := m[modCrit]; v != 0 {
		parts = append(parts, fmt.Sprintf("critical hits on %d-10", v))
	}
	parts = append(parts, grantNames(m[modSkills])...)
	if v := m[modBold]; v != 0 {
		parts = append(parts, fmt.Sprintf("critical thresholds -%d", v))
	}
	if v := m[modDefence]; v != 0 {
		parts = append(parts, fmt.Sprintf("%+d to defence totals", v))
	}
	if v := m[modRoll]; v != 0 {
		parts = append(parts, fmt.Sprintf("%+d to its dice", v))
	}
	return strings.Join(parts, ", ")
}

// activeEffect is one lasting spell effect on a Safar.
type activeEffect struct {
	spell *profiles.Spell
	level *profiles.SpellLevel
	// by and side: the caster and its side; ends: the Safar whose activation
	// ends it (atStart: at its start, else at its end, the next one when skip).
	by, side, ends       int8
	atStart, skip, whole bool
	// fixed: the value of a fixed result, recorded at the cast (sim/magic_fixed.go);
	// stored: the face of a kept d10, rolled at the cast (sim/magic_stored.go).
	fixed, stored int8
}

// spellEffects are the lasting spell effects on a Safar and what they add up to.
type spellEffects struct {
	n  int8
	on [maxEffects]activeEffect
	// mod sums the modifiers; fright and ward are the largest; immobile and
	// silenced: some effect says so; apLoss: AP lost at the start of its next
	// activation.
	mod                statMod
	fright, ward       int8
	cover              int8 // statures above its own (sim/magic_cover.go)
	immobile, silenced bool
	apLoss             int8
	// fate: some effect grants a reroll of one die of its next roll, not
	// spent yet (sim/magic_fate.go).
	fate bool
	// forced: some effect forces the reroll of one die of its next roll, not
	// spent yet (sim/magic_forced.go).
	forced bool
	// fixed: the result its next roll is fixed at, the last such effect's; 0
	// none (sim/magic_fixed.go).
	fixed int8
	// stored: the face of a kept d10 for its next roll, the last such
	// effect's; 0 none (sim/magic_stored.go).
	stored int8
	// awake: some effect grants it Awakened (sim/magic_awake.go).
	awake bool
}

// sum recomputes what the effects add up to.
func (s *spellEffects) sum() {
	s.mod, s.fright, s.ward, s.immobile, s.silenced, s.cover, s.fate, s.forced, s.fixed, s.stored, s.awake = statMod{}, 0, 0, false, false, 0, false, false, 0, 0, false
	for k := range s.n {
		p := &s.on[k].level.EffectParams
		m := paramsMod(p)
		for c := range s.mod[:modCrit] {
			s.mod[c] += m[c]
		}
		if c := m[modCrit]; c > 0 && (s.mod[modCrit] == 0 || c < s.mod[modCrit]) {
			s.mod[modCrit] = c // the widest critical range
		}
		s.mod[modSkills] |= m[modSkills]
		s.fate = s.fate || p.Reroll
		s.forced = s.forced || p.ForceReroll
		if p.FixedResult > 0 {
			s.fixed = s.on[k].fixed
		}
		if p.StoredDie {
			s.stored = s.on[k].stored
		}
		s.awake = s.awake || p.GrantSkill == profiles.SkillAwakened
		s.fright = max(s.fright, int8(p.Fright))
		s.ward = max(s.ward, int8(p.Ward))
		s.cover = max(s.cover, int8(p.Cover))
		s.immobile = s.immobile || p.Immobilise
		s.silenced = s.silenced || p.Silence
	}
}

// remove takes effect k off.
func (s *spellEffects) remove(k int8) {
	copy(s.on[k:s.n], s.on[k+1:s.n])
	s.n--
	s.on[s.n] = activeEffect{}
}

// add puts effect a on, replacing an effect of the same spell or else, when
// full, the oldest.
func (s *spellEffects) add(a activeEffect) {
	for k := range s.n {
		if s.on[k].spell == a.spell {
			s.remove(k)
			break
		}
	}
	if int(s.n) == maxEffects {
		s.remove(0)
	}
	s.on[s.n] = a
	s.n++
	s.sum()
}

// has reports whether an effect of spell sp is on.
func (s *spellEffects) has(sp *profiles.Spell) bool {
	for k := range s.n {
		if s.on[k].spell == sp {
			return true
		}
	}
	return false
}

// effectsAtStart ends, at the start of Safar i's activation, the "one-turn"
// effects it cast and the effects whose end Safar has left play, then takes
// the AP its pending AP loss says (after its AP came back, R14).
func (e *engine) effectsAtStart(i int) {
	if e.magic == nil {
		return
	}
	for k := range e.c {
		fx := &e.c[k].fx
		changed := false
		for n := fx.n - 1; n >= 0; n-- {
			a := &fx.on[n]
			if !a.whole && (a.atStart && int(a.ends) == i || !e.c[a.ends].inPlay()) {
				if e.trace != nil {
					e.tracef("  %s's %s ends on %s\n", e.name(int(a.by)), a.spell.ID, e.name(k))
				}
				fx.remove(n)
				changed = true
			}
		}
		if changed {
			fx.sum()
		}
	}
	c := &e.c[i]
	if c.fx.apLoss > 0 {
		loss := min(int(c.fx.apLoss), c.ap)
		c.ap -= loss
		c.fx.apLoss = 0
		if e.trace != nil {
			e.tracef("  %s loses %d AP to a spell\n", e.name(i), loss)
		}
	}
}

// effectsAtEnd ends, at the end of Safar i's activation, the effects that last
// until the end of its next activation.
func (e *engine) effectsAtEnd(i int) {
	if e.magic == nil {
		return
	}
	e.backAtEnd(i) // sim/magic_return.go
	for k := range e.c {
		fx := &e.c[k].fx
		changed := false
		for n := fx.n - 1; n >= 0; n-- {
			a := &fx.on[n]
			if a.whole || a.atStart || int(a.ends) != i {
				continue
			}
			if a.skip {
				a.skip = false
				continue
			}
			if e.trace != nil {
				e.tracef("  %s's %s ends on %s\n", e.name(int(a.by)), a.spell.ID, e.name(k))
			}
			fx.remove(n)
			changed = true
		}
		if changed {
			fx.sum()
		}
	}
}

// applyEffect plays the effect of option opt cast by Safar i on Safar j, which
// took effect.
func (e *engine) applyEffect(i, j int, opt *castOption) {
	o := &e.c[j]
	p := &opt.level.EffectParams
	if p.Dispel {
		e.dispel(i, j)
	}
	if p.APLoss > 0 {
		o.fx.apLoss = max(o.fx.apLoss, int8(p.APLoss))
	}
	if !p.Lasting() {
		return
	}
	a := activeEffect{spell: opt.spell, level: opt.level, by: int8(i), side: int8(e.c[i].side)}
	a.fixed = int8(e.toolOf(e.c[i].kind, p).fixed()) // sim/magic_fixed.go
	switch opt.spell.DurationOf(opt.level) {
	case profiles.UntilTargetActivation:
		a.ends, a.skip = int8(j), j == i
	case profiles.UntilCasterActivation:
		a.ends, a.skip = int8(i), true
	case profiles.OneTurn:
		a.ends, a.atStart = int8(i), true
	default: // profiles.WholeGame (Spell.Played)
		a.whole = true
	}
	o.fx.add(a)
}

// dispel ends the effects on Safar j that the enemies of Safar i cast.
func (e *engine) dispel(i, j int) {
	fx := &e.c[j].fx
	for n := fx.n - 1; n >= 0; n-- {
		if int(fx.on[n].side) != e.c[i].side {
			fx.remove(n)
		}
	}
	fx.sum()
}

// wardAgainst returns what the wards on the enemies of caster i in play add to
// the difficulty of its spells (the largest).
func (e *engine) wardAgainst(i int) int {
	w := 0
	for k := range e.c {
		if o := &e.c[k]; o.side != e.c[i].side && o.fx.ward > 0 && o.inPlay() {
			w = max(w, int(o.fx.ward))
		}
	}
	return w
}

// effectText says what level l does, for traces.
func effectText(l *profiles.SpellLevel, d profiles.Duration) string {
	p := &l.EffectParams
	var parts []string
	if m := paramsMod(p); m != (statMod{}) {
		parts = append(parts, m.String())
	}
	if p.Immobilise {
		parts = append(parts, "cannot walk")
	}
	if p.Fright > 0 {
		parts = append(parts, fmt.Sprintf("causes fright %d", p.Fright))
	}
	if p.Ward > 0 {
		parts = append(parts, fmt.Sprintf("enemy spells +%d difficulty", p.Ward))
	}
	if p.Silence {
		parts = append(parts, "cannot cast")
	}
	if p.Cover > 0 {
		parts = append(parts, fmt.Sprintf("in cover of its stature +%d against shots", p.Cover))
	}
	if p.Reroll {
		parts = append(parts, "may reroll one die of its next roll")
	}
	if p.ForceReroll {
		parts = append(parts, "must reroll its highest die of its next roll")
	}
	if p.FixedResult > 0 {
		parts = append(parts, fmt.Sprintf("its next roll's result fixed at the caster's I + %d", p.FixedResult))
	}
	if p.StoredDie {
		parts = append(parts, "keeps a d10 to replace a die of its next roll")
	}
	s := strings.Join(parts, ", ")
	if s != "" {
		s += " (" + string(d) + ")"
	}
	if p.APLoss > 0 {
		s = strings.TrimPrefix(s+fmt.Sprintf(", %d AP less at its next activation", p.APLoss), ", ")
	}
	if p.Dispel {
		s = strings.TrimSuffix("dispels its enemies' spells, "+s, ", ")
	}
	if p.ReplayAll {
		s = "every Safar in play plays its activation again"
	}
	if p.ActivateNow {
		s = "activates now"
		if p.ActedAPLoss > 0 {
			s += fmt.Sprintf(" (%d AP less if it already acted)", p.ActedAPLoss)
		}
	}
	return s
}

// effectSides reports on which sides level l of spell s is cast: damage and
// effects that hinder (debuffs, control, silence) on enemies, healing and
// effects that help (buffs, fright, wards) on allies, dispel on both, within
// what the card's target allows.
func effectSides(s *profiles.Spell, l profiles.SpellLevel) (ally, enemy bool) {
	p := l.EffectParams
	switch {
	case l.Effect == profiles.EffectHealing, l.Effect == profiles.EffectReturn:
		ally = true
	case l.Effect == profiles.EffectDamage:
		enemy = true
	case p.Dispel:
		ally, enemy = true, true
	default:
		m := paramsMod(&p)
		up, down := false, false
		for _, v := range m {
			up, down = up || v > 0, down || v < 0
		}
		ally = up || p.Fright > 0 || p.Ward > 0 || p.Cover > 0 || p.ActivateNow || p.ReplayAll || p.Reroll || p.FixedResult > 0 || p.StoredDie ||
			p.GrantSkill == profiles.SkillAwakened
		enemy = down || p.APLoss > 0 || p.Immobilise || p.Silence || p.ForceReroll || p.FixedResult > 0
	}
	switch s.Target {
	case profiles.TargetSelf, profiles.TargetAlly:
		enemy = false
	case profiles.TargetEnemy:
		ally = false
	}
	return ally, enemy
}

// fxKey names a threat table of a modified kind: kind x with modifier m, kind y
// its opponent; att: x attacks y, else y attacks x.
type fxKey struct {
	x, y int8
	att  bool
	m    statMod
}

// apKey names a threat table of kind x attacking kind y with loss AP fewer.
type apKey struct{ x, y, loss int8 }

// initEffects computes, once per engine (shared by clones), the threat tables
// the values of modifiers and AP losses read: for each option's modifier and
// target kind, that kind attacking and attacked by each opposing kind with the
// modifier on, by the exact engine as e.threat is; for each AP loss, the
// target kind's threat with fewer AP.
func (e *engine) initEffects(m *fightMagic) error {
	n := len(e.kinds)
	for a := range m.opts {
		for oi := range m.opts[a] {
			o := &m.opts[a][oi]
			p := &o.level.EffectParams
			mod := paramsMod(p)
			for x := range n {
				if o.plans[x] == nil {
					continue
				}
				for y := range n {
					if e.kindSide[y] == e.kindSide[x] {
						continue
					}
					if mod != (statMod{}) {
						for _, att := range []bool{true, false} {
							k := fxKey{int8(x), int8(y), att, mod}
							if _, ok := m.modThreat[k]; ok {
								continue
							}
							t, err := e.cachedModThreat(x, y, att, mod)
							if err != nil {
								return err
							}
							m.modThreat[k] = t
						}
					}
					if p.APLoss > 0 {
						k := apKey{int8(x), int8(y), int8(p.APLoss)}
						if _, ok := m.apThreat[k]; ok {
							continue
						}
						var t [8]float64
						full := max(min(e.kinds[x].Profile.AP, 7)-p.APLoss, 0)
						for kk := range 8 {
							t[kk], _ = planDP(e.opts[x][y], full, kk, e.alwaysOf(x), zero, 0, 0)
						}
						m.apThreat[k] = t
					}
				}
			}
		}
	}
	return nil
}

// alwaysOf is the cost function of the threat tables of attacker kind a
// (newEngine).
func (e *engine) alwaysOf(a int) func(*fightOption) (int, int, bool) {
	ranged := e.kinds[a].Ranged != nil
	return func(opt *fightOption) (int, int, bool) {
		if opt.shot {
			return opt.attack.AP, bandEffective, ranged
		}
		return opt.attack.AP, bandEffective, true
	}
}

// modThreatTable returns the threat table (as e.threat) of kind x with
// modifier m attacking kind y (att), or of y attacking x so modified: the
// attacks of the card's option table (the ones the policies plan with), each
// computed exactly with the modified card against every AP the defender may
// hold. Reusing the card's attacks instead of choosing them again for the
// modified card (engine.options) takes a fraction of the time: 6 tables of the
// blood-steel-adept-3 against paladin-3 took 3.9 s that way.
func (e *engine) modThreatTable(x, y int, att bool, m statMod) ([8]float64, error) {
	var t [8]float64
	a, d := x, y
	if !att {
		a, d = y, x
	}
	base := e.opts[a][d]
	opts := make([]fightOption, 0, len(base))
	for _, o := range base {
		if o.pos != posNone {
			continue // the threat tables skip positional options (planDP)
		}
		ex := e.exchange(a, d, o.weapon, Attack{})
		if att {
			ex.Attacker = m.apply(ex.Attacker)
		} else {
			ex.Defender = m.apply(ex.Defender)
		}
		if o.shot {
			ex.Range = bandRange(o.weapon, bandEffective)
		}
		n, err := e.fillOption(ex, o.attack, o.weapon, o.defWeapon, ex.Defender, posNone, nil)
		if err != nil {
			return t, err
		}
		opts = append(opts, n)
	}
	full := min(e.kinds[a].Profile.AP, 7)
	for k := range 8 {
		t[k], _ = planDP(opts, full, k, e.alwaysOf(a), zero, 0, 0)
	}
	return t, nil
}

// modTableKey identifies a threat table of a modified card in Tables: the
// option table's key (kind x as the attacker when att) and the modifier.
type modTableKey struct {
	opt optionKey
	att bool
	m   statMod
}

// modEntry is one threat table of a modified card, computed once.
type modEntry struct {
	once sync.Once
	t    [8]float64
	err  error
}

// cachedModThreat returns e.modThreatTable(x, y, att, m), from e.tables when
// the engine has them (equal-budget battles and reports build many engines of
// the same cards).
func (e *engine) cachedModThreat(x, y int, att bool, m statMod) ([8]float64, error) {
	t := e.tables
	if t == nil {
		return e.modThreatTable(x, y, att, m)
	}
	en := threatEntry(&t.mods, modTableKey{t.pairKeyOf(e, x, y, att), att, m})
	en.once.Do(func() { en.t, en.err = e.modThreatTable(x, y, att, m) })
	return en.t, en.err
}

// heldAP is the AP Safar k holds for the threat tables' index.
func (e *engine) heldAP(k int) int { return min(max(e.c[k].ap, 0), 7) }

// effectWorth returns what the effect of option opt cast by Safar i on Safar j
// is worth to i's side, in HP of expected net damage in the next activations
// (paramsWorth), a dispel adding what the rest of the effects it ends are worth
// to the other side. Negative and zero values are never cast; recasting an
// effect already on is worth nothing (it would only replace it).
func (e *engine) effectWorth(i, j int, opt *castOption) float64 {
	o := &e.c[j]
	p := &opt.level.EffectParams
	if p.Lasting() && o.fx.has(opt.spell) {
		return 0
	}
	cost := e.actionCost(i, opt.ap)
	s := e.c[i].side
	v := e.paramsModWorth(i, cost, j, s, p, opt.mod, opt.modRows, opt.spell.DurationOf(opt.level), false)
	if p.Dispel {
		for n := range o.fx.n {
			if a := &o.fx.on[n]; int(a.side) != s {
				v += max(e.paramsWorth(i, cost, j, int(a.side), &a.level.EffectParams, a.spell.DurationOf(a.level), true), 0)
			}
		}
	}
	if e.c[i].side != o.side {
		v *= 1 - saveChance(o.f) // an enemy's card may cancel it (engine.cast; sim/wards.go)
	}
	return v
}

// paramsWorth is what effect parameters p of a spell of duration d on Safar j
// are worth to side s, from now on, Safar i acting now with cost AP spent on
// its cast: a new effect cast by i (on false), or one already on j that a
// dispel by i would end (on true). A modifier counts the change in j's threat
// on its nearest enemy and in that enemy's threat on j (modWorth), an AP loss
// the threat it takes off, immobilisation the threat of j on an enemy it must
// walk to attack, fright the AP the enemies that come near risk losing (half
// their AP on a failed test), a ward what it takes off the enemy casters'
// damage spells over up to three rounds, a silence the target's best damage
// or healing cast, cover what it takes off the shots at j. What is already
// spent does not count: an effect on j while j acts (i == j) counts only the
// AP it has left after the cast, the AP loss of an effect on (taken, or
// pending and kept by a dispel: applyEffect records it apart) nothing; and a
// new effect already matched by one on j (immobile, silenced, a ward or
// terror as large) adds nothing.
func (e *engine) paramsWorth(i, cost, j, s int, p *profiles.EffectParams, d profiles.Duration, on bool) float64 {
	return e.paramsModWorth(i, cost, j, s, p, paramsMod(p), nil, d, on)
}

// paramsModWorth is paramsWorth given mod, paramsMod(p), and, when not nil,
// rows, the modified threat tables of a cast option with that modifier
// (castOption.mod and modRows).
func (e *engine) paramsModWorth(i, cost, j, s int, p *profiles.EffectParams, mod statMod, rows []modRow, d profiles.Duration, on bool) float64 {
	o := &e.c[j]
	v := 0.0
	mine := o.side == s
	if p.ReplayAll && !on {
		v += e.replayWorth(s) // sim/magic_replay.go: whoever the target
	}
	if mod != (statMod{}) {
		w := e.modWorth(i, j, cost, mod, rows, d, on)
		if !mine {
			w = -w
		}
		v += w
	}
	if !mine {
		if !on && p.APLoss > 0 && int(o.fx.apLoss) < p.APLoss {
			if t := e.nearestEnemy(j); t >= 0 {
				at, ok := e.magic.apThreat[apKey{int8(o.kind), int8(e.c[t].kind), int8(p.APLoss)}]
				if ok {
					v += max(e.threat[e.c[t].kind][o.kind][e.heldAP(t)]-at[e.heldAP(t)], 0)
				}
			}
		}
		if p.Immobilise && (on || !o.fx.immobile) && o.f.Ranged == nil {
			if t := e.nearestEnemy(j); t >= 0 && e.gap(j, t) > e.reach(j)+1e-9 && e.mayThreaten(j, t) {
				v += max(e.threat[e.c[t].kind][o.kind][e.heldAP(t)], 0) * e.activationLeft(i, cost, j)
			}
		}
		if p.Silence && (on || !o.fx.silenced) {
			v += e.bestAmountCast(j)
		}
		if p.ForceReroll && (on || !o.fx.forced) {
			v += e.forcedWorth(i, cost, j) // sim/magic_forced.go
		}
		if p.FixedResult > 0 && (on || o.fx.fixed == 0) {
			v += e.enemyToolWorth(i, cost, j, e.toolOf(e.c[i].kind, p)) // sim/magic_fixed.go
		}
	}
	if mine {
		if p.Fright > 0 && (on || e.terrorOf(j) < p.Fright) {
			v += e.frightWorth(j, p.Fright)
		}
		if p.Ward > 0 && (on || int(o.fx.ward) < p.Ward) {
			v += e.wardWorth(j, p.Ward)
		}
		if p.Cover > 0 {
			v += e.coverWorth(j, p.Cover)
		}
		if p.ActivateNow {
			v += e.activateWorth(j, p.ActedAPLoss) // sim/magic_activate.go
		}
		if p.Reroll && (on || !o.fx.fate) {
			v += e.fateWorth(i, cost, j) // sim/magic_fate.go
		}
		if p.FixedResult > 0 && (on || o.fx.fixed == 0) {
			v += e.holderWorth(i, cost, j, e.toolOf(e.c[i].kind, p)) // sim/magic_fixed.go
		}
		if p.StoredDie && (on || o.fx.stored == 0) {
			v += e.holderWorth(i, cost, j, toolStored) // sim/magic_stored.go
		}
		if p.GrantSkill == profiles.SkillAwakened && (on || !o.fx.awake) {
			v += e.awakeWorth(j) // sim/magic_awake.go
		}
	}
	return v
}

// activationLeft is the share of a whole activation of Safar j an effect on it
// still sees, Safar i acting now with cost AP spent: j's next activation whole
// when j is not acting, else the AP it has left after the cost (an effect that
// lasts until the end of j's next activation ends with this one).
func (e *engine) activationLeft(i, cost, j int) float64 {
	if j != i {
		return 1
	}
	full := max(e.kinds[e.c[j].kind].Profile.AP, 1)
	return float64(min(max(e.c[j].ap-cost, 0), full)) / float64(full)
}

// modWorth is the change a modifier m cast by Safar i (cost AP) on Safar j
// makes to the net damage j and its nearest enemy t exchange before the effect
// ends, from the exact threat tables of the modified card: j attacking t, and
// t attacking j, each over a whole activation against the AP the defender
// holds (the caster: none; with on, a modifier already on valued for i's
// dispel, i holds the AP it keeps after the cost), counted only when the
// attacker may reach the defender (mayThreaten) and strikes while the effect
// lasts. The caster itself counts the AP left in its current activation only,
// when it can walk and attack in it (the enemies act before its next one); an
// ally of the caster counts when it
// has not acted this round (a buff goes to the ally about to strike); an enemy
// counts its next activation when the effect lasts until it ends. rows, when
// not nil, holds the tables of m by kind pair, read instead of the map
// (modRow).
func (e *engine) modWorth(i, j, cost int, m statMod, rows []modRow, d profiles.Duration, on bool) float64 {
	t := e.nearestEnemy(j)
	if t < 0 {
		return 0
	}
	kj, kt := e.c[j].kind, e.c[t].kind
	// held is the AP k holds when attacked: the caster, none (it may spend
	// the AP left on attacks or more casts, and the value of keeping them is
	// castFirst's to weigh). A dispel of an enemy's modifier meets that
	// enemy's next activation, where the dispeller holds at most the AP it
	// keeps after the cast: counted at none, the enemy's buffed attacks on a
	// defenceless Safar made the Khémist dispel blood-fervour far too often
	// (tembo-khemist-2 against blood-steel-adept-3, 4 000 duels, seed 1:
	// 31.52% of wins before dispels were valued from now on, 27.77% at none,
	// 31.23% this way).
	held := func(k int) int {
		if k == i && on {
			return min(max(e.c[k].ap-cost, 0), 7)
		}
		if k == i {
			return 0
		}
		return e.heldAP(k)
	}
	// share is the part of a whole activation of attacker k the effect sees.
	share := func(k int) float64 {
		switch {
		case k == i && e.gap(i, e.nearestEnemy(i)) > e.assaultReach(i)+1e-9:
			return 0 // no attack in this activation
		case k == i:
			full := max(e.kinds[e.c[k].kind].Profile.AP, 1)
			return float64(min(max(e.c[k].ap-cost, 0), full)) / float64(full)
		case e.c[k].side == e.c[i].side:
			return b2f(!e.c[k].acted)
		case d == profiles.UntilTargetActivation && k == j, d == profiles.WholeGame:
			return 1
		}
		return b2f(!e.c[k].acted)
	}
	var local modRow
	row := &local
	if rows != nil {
		row = &rows[kj*len(e.kinds)+kt]
	} else {
		local = e.modRowOf(kj, kt, m)
	}
	v := 0.0
	// The attacks are chosen on the card's tables (the policies do not plan
	// with the modifier): j attacks t only where they show a gain.
	if row.ok[0] && e.mayThreaten(j, t) && e.threat[kt][kj][held(t)] > 0 {
		v += (row.t[0][held(t)] - e.threat[kt][kj][held(t)]) * share(j)
	}
	if row.ok[1] && e.mayThreaten(t, j) && e.threat[kj][kt][held(j)] > 0 {
		v += (e.threat[kj][kt][held(j)] - row.t[1][held(j)]) * share(t)
	}
	return v
}

// modRow holds the threat tables of a modifier for one pair of kinds x, y
// (fightMagic.modThreat): t[0] x attacking y with the modifier on, t[1] y
// attacking x, each present when ok says so (as the map's ok).
type modRow struct {
	ok [2]bool
	t  [2][8]float64
}

// modRowOf returns the modRow of kinds x, y and modifier m from the map.
func (e *engine) modRowOf(x, y int, m statMod) modRow {
	var row modRow
	for k, att := range [2]bool{true, false} {
		row.t[k], row.ok[k] = e.magic.modThreat[fxKey{int8(x), int8(y), att, m}]
	}
	return row
}

// initModRows gives each cast option with a modifier its modRows, by kind
// pair (x * kinds + y), once the map is full: what modWorth would find in
// the map for any pair, without hashing the key at every cast decision.
func (e *engine) initModRows(m *fightMagic) {
	n := len(e.kinds)
	for a := range m.opts {
		for oi := range m.opts[a] {
			o := &m.opts[a][oi]
			if o.mod == (statMod{}) {
				continue
			}
			o.modRows = make([]modRow, n*n)
			for x := range n {
				for y := range n {
					o.modRows[x*n+y] = e.modRowOf(x, y, o.mod)
				}
			}
		}
	}
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// frightWorth is what provoking terror of threshold x is worth to Safar j's
// side: for each enemy that may attack j, that has not passed a terror test and
// provokes no terror itself, the probability that it fails its temerity test
// (T + 1D10 + its bonuses < x, or a natural 1) times half its threat on j.
func (e *engine) frightWorth(j, x int) float64 {
	v := 0.0
	for k := range e.c {
		o := &e.c[k]
		if o.side == e.c[j].side || !o.inPlay() || o.terrorPassed || e.terrorOf(k) > 0 || !e.mayThreaten(k, j) {
			continue
		}
		fails := min(max(x-o.f.Stats().T-e.recounted(k, profiles.T)-e.temerityBonus(k)-1, 1), 10)
		v += float64(fails) / 10 * e.threat[e.c[j].kind][o.kind][e.heldAP(j)] / 2
	}
	return v
}

// wardRounds is how many rounds a ward's worth counts: the fights are mostly
// over by then.
const wardRounds = 3

// wardWorth is what a ward of w on Safar j is worth to its side: for each enemy
// caster in play, the expected damage its best damage cast on j loses with w
// added to the difficulty, over the rounds left (at most wardRounds).
func (e *engine) wardWorth(j, w int) float64 {
	v := 0.0
	for k := range e.c {
		o := &e.c[k]
		if o.side == e.c[j].side || !o.inPlay() || o.fx.silenced || o.f.Profile.Magic == nil {
			continue
		}
		best := 0.0
		opts := e.magic.opts[o.kind]
		for oi := range opts {
			opt := &opts[oi]
			pl := opt.plans[e.c[j].kind]
			if pl == nil || opt.heal || opt.level.Amount == nil {
				continue
			}
			st := e.castStateOf(k, j, opt)
			p0 := e.pSuccess(o.kind, oi, e.c[j].kind, st)
			st.ward = min(st.ward+w, 15)
			best = max(best, (p0-e.pSuccess(o.kind, oi, e.c[j].kind, st))*pl.harm)
		}
		v += best
	}
	return v * float64(min(max(e.rounds-e.round+1, 1), wardRounds))
}

// bestAmountCast is the worth of Safar j's best damage or healing cast now (a
// silence takes it away).
func (e *engine) bestAmountCast(j int) float64 {
	o := &e.c[j]
	if e.magic == nil || o.f.Profile.Magic == nil {
		return 0
	}
	best := 0.0
	for oi := range e.magic.opts[o.kind] {
		if e.magic.opts[o.kind][oi].level.Amount == nil {
			continue
		}
		for t := range e.c {
			best = max(best, e.castValue(j, oi, t))
		}
	}
	return best
}
