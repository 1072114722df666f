package sim

import (
	"slices"

	"github.com/kharn-ages/kharn/profiles"
)

// This file plays the dice and skill tools of spells in fights (skills.md
// 4.3; profiles.EffectParams Reroll and GrantSkill):
//
//   - the target's reroll (rooted-fate: "the ally may reroll one die of its
//     next roll"): while the effect lasts and until it is spent, the Safar
//     holds a reroll of one die that its next exchange roll uses, the attack
//     roll of its next attack or its defence roll against the next main
//     attack on it (sim/fate.go: toolFate in state.attTools, defTools); the roll spends it,
//     rerolled or not, and the effect ends. The casting rolls, spell defences,
//     armour rolls and temerity tests that come between do not use it (a
//     simplification: it waits for the exchange);
//   - a skill granted for the spell's duration (grant_skill): a bit of the
//     spell modifier (statMod[modSkills]), so that the exchanges of the Safar
//     use a copy of its card with the skill, as the characteristic buffs do
//     (planKey.attMod, defMod). Skilled swordsman only (profiles.PlayedGrants).
//
// The policy values a reroll (fateWorth) by what it changes in the exchange it
// will serve, computed exactly: the holder's best attack on its nearest enemy
// with and without the reroll when it attacks before it is attacked, else the
// nearest enemy's best attack on it. A granted skill is valued as a modifier
// (modWorth, on the threat tables of the card with the skill).

// grantBits are the skills a spell grants in fights, by bit of
// statMod[modSkills] (profiles.PlayedGrants).
var grantBits = []string{profiles.SkillSkilledSwordsman}

// grantBit returns the bit of skill s (0: none, or a skill fights do not play).
func grantBit(s string) int8 {
	if i := slices.Index(grantBits, s); i >= 0 {
		return 1 << i
	}
	return 0
}

// grantNames returns the names of the skills of bits b.
func grantNames(b int8) []string {
	var out []string
	for i, s := range grantBits {
		if b&(1<<i) != 0 {
			out = append(out, "has "+s)
		}
	}
	return out
}

// applySkills gives g the skills granted by m (g is a copy).
func (m statMod) applySkills(g *Fighter) {
	if m[modSkills]&grantBit(profiles.SkillSkilledSwordsman) != 0 {
		g.Skills.SkilledSwordsman = true
	}
}

// spendFate ends the reroll effects on Safar i, whose roll has used its
// reroll.
func (e *engine) spendFate(i int) {
	fx := &e.c[i].fx
	for n := fx.n - 1; n >= 0; n-- {
		if a := &fx.on[n]; a.level.EffectParams.Reroll {
			if e.trace != nil {
				e.tracef("    %s's %s is spent on that roll\n", e.name(int(a.by)), a.spell.ID)
			}
			fx.remove(n)
		}
	}
	fx.sum()
}

// fateKey names a gain table of a dice tool on kind x against kind y: x
// attacking y (att), or y attacking x. The tool is one of toolBits: toolFate,
// a reroll x holds; toolForced, an enemy's forced reroll x is under
// (sim/magic_forced.go); a fixed result's value (sim/magic_fixed.go).
type fateKey struct {
	x, y int8
	att  bool
	tool toolBits
}

// fateTableKey identifies a gain table in Tables: the option table of the
// attacking kind, which side holds the tool and which tool.
type fateTableKey struct {
	opt  optionKey
	att  bool
	tool toolBits
}

// toolOf returns the dice tool of effect parameters p cast by kind a (a fixed
// result's value is a's I plus the spell's), 0 for none.
func (e *engine) toolOf(a int, p *profiles.EffectParams) toolBits {
	switch {
	case p.Reroll:
		return toolFate
	case p.ForceReroll:
		return toolForced
	case p.FixedResult > 0:
		return toolsOf(false, false, e.kinds[a].Stats().I+p.FixedResult, 0)
	case p.StoredDie:
		return toolStored // the face is rolled at the cast: tables averaged over it
	}
	return 0
}

// initFate computes, once per engine, the gain tables fateWorth reads: for
// each reroll option, each kind it may target and each opposing kind, both
// ways.
func (e *engine) initFate(m *fightMagic) error {
	for a := range m.opts {
		for oi := range m.opts[a] {
			o := &m.opts[a][oi]
			tool := e.toolOf(a, &o.level.EffectParams)
			if tool == 0 {
				continue
			}
			for x := range e.kinds {
				if o.plans[x] == nil {
					continue
				}
				for y := range e.kinds {
					if e.kindSide[y] == e.kindSide[x] {
						continue
					}
					for _, att := range []bool{true, false} {
						k := fateKey{int8(x), int8(y), att, tool}
						if _, ok := m.fateGain[k]; ok {
							continue
						}
						t, err := e.cachedFateGain(x, y, att, tool)
						if err != nil {
							return err
						}
						m.fateGain[k] = t
					}
				}
			}
		}
	}
	return nil
}

// cachedFateGain returns e.fateGainTable(x, y, att, tool), from e.tables
// when the engine has them.
func (e *engine) cachedFateGain(x, y int, att bool, tool toolBits) ([8]float64, error) {
	t := e.tables
	if t == nil {
		return e.fateGainTable(x, y, att, tool)
	}
	en := threatEntry(&t.fates, fateTableKey{t.pairKeyOf(e, x, y, att), att, tool})
	en.once.Do(func() { en.t, en.err = e.fateGainTable(x, y, att, tool) })
	return en.t, en.err
}

// fateGainTable returns, by AP the defender holds (0-7), what a reroll held
// by kind x is worth in its next exchange with kind y, in HP of net damage
// (damage dealt less counter damage taken, from x's side), computed exactly:
// x's attack on y with the reroll less without it (att), or y's attack on x
// without x's reroll less with it. The attack is the attacker's option of
// the card's table (not positional, not split) with the largest expected
// damage against that AP, as the one a plan opens with. The tool is a reroll
// x holds (toolFate), or an enemy's forced reroll x is under (toolForced,
// sim/magic_forced.go): the table is then what it takes off x's net damage,
// worth as much to y's side; or a fixed result of x's roll
// (sim/magic_fixed.go): x's gain, not clipped at 0 (a fixed result may be
// worse than x's dice); or a d10 x keeps (toolStored, sim/magic_stored.go),
// its gain averaged over the face.
func (e *engine) fateGainTable(x, y int, att bool, tool toolBits) ([8]float64, error) {
	var t [8]float64
	a, d := x, y
	if !att {
		a, d = y, x
	}
	opts := e.opts[a][d]
	full := e.kinds[d].Profile.AP
	for k := range 8 {
		best := -1
		for oi := range opts {
			o := &opts[oi]
			if o.pos != posNone || o.split != 0 {
				continue
			}
			if best < 0 || o.dmg[bandEffective][k] > opts[best].dmg[bandEffective][k] {
				best = oi
			}
		}
		if best < 0 {
			return t, nil
		}
		o := &opts[best]
		var net [2]float64 // without, with the tool; from the attacker's side
		// A kept d10's face is rolled at the cast: the gain is the mean over
		// its ten faces (sim/magic_stored.go).
		faces := 1
		if tool == toolStored {
			faces = 10
		}
		for run := range 1 + faces {
			with := min(run, 1)
			ex := e.exchange(a, d, o.weapon, o.attack)
			if o.defWeapon != nil {
				ex.Defender = ex.Defender.WithWeapon(o.defWeapon)
			}
			def := *ex.Defender
			def.AP = min(k, full)
			ex.Defender = &def
			if o.shot {
				ex.Range = bandRange(o.weapon, bandEffective)
			}
			if with == 1 {
				fate, forced, fixed, stored := tool == toolFate, tool == toolForced, tool.fixed(), 0
				if tool == toolStored {
					stored = run
				}
				if att {
					ex.AttackerFate, ex.AttackerForced, ex.AttackerFixed, ex.AttackerStored = fate, forced, fixed, stored
				} else {
					ex.DefenderFate, ex.DefenderForced, ex.DefenderFixed, ex.DefenderStored = fate, forced, fixed, stored
				}
			}
			res, err := ex.Exact()
			if err != nil {
				return t, err
			}
			n := res.ExpectedDamage + res.ExpectedBleeding*bleedTicks(ex.Defender) -
				res.ExpectedCounter - res.ExpectedAttackerBleeding*bleedTicks(ex.Attacker) // sim/counterstatus.go
			if with == 1 {
				n /= float64(faces)
			}
			net[with] += n
		}
		gain := net[1] - net[0] // x's, from x's side
		if !att {
			gain = -gain
		}
		switch tool {
		case toolFate, toolStored:
			t[k] = max(gain, 0)
		case toolForced:
			t[k] = max(-gain, 0) // what x loses, y's side gains
		default:
			t[k] = gain
		}
	}
	return t, nil
}

// fateWorth is what a reroll on Safar j, cast by Safar i with cost AP spent,
// is worth to j's side: the exchange it serves first, from the gain tables.
// j attacks first when it is the caster and can still attack its nearest
// enemy in this activation with the AP left, or an ally of the caster that
// has not acted this round; otherwise the reroll waits for the nearest
// enemy's attack on j (when that enemy may reach it), j holding the AP it
// keeps, and the caster on itself casts it only once it has walked (or is
// engaged). An effect already held adds nothing (paramsWorth asks only then).
func (e *engine) fateWorth(i, cost, j int) float64 { return e.holderWorth(i, cost, j, toolFate) }

// holderWorth is fateWorth for dice tool tool on Safar j, an ally of caster i
// or i itself: a reroll (toolFate) or a fixed result (sim/magic_fixed.go),
// from the gain tables of that tool.
func (e *engine) holderWorth(i, cost, j int, tool toolBits) float64 {
	t := e.nearestEnemy(j)
	if t < 0 {
		return 0
	}
	kj, kt := int8(e.c[j].kind), int8(e.c[t].kind)
	attacks := j != i && !e.c[j].acted ||
		j == i && e.c[i].ap-cost > 0 && e.gap(i, t) <= e.assaultReach(i)+1e-9
	if attacks {
		if j != i && !e.mayThreaten(j, t) {
			return 0
		}
		g := e.magic.fateGain[fateKey{kj, kt, true, tool}]
		return g[e.heldAP(t)]
	}
	if !e.mayThreaten(t, j) {
		return 0
	}
	if j == i && e.c[i].walks == 0 && !e.engagedAny(i) {
		// Deferred: cast after its walk, the same reroll waits for the same
		// defence, and the AP may find a better use once in range (cast
		// before the walk, from afar, the reflex-only Khémist spent 3 AP on it
		// every turn and no longer reached its enemy with Strangling Roots:
		// 80.20% of wins for the default against it, 4 000 duels, seed 1).
		return 0
	}
	held := e.heldAP(j)
	if j == i {
		held = min(max(e.c[i].ap-cost, 0), 7)
	}
	g := e.magic.fateGain[fateKey{kj, kt, false, tool}]
	return g[held]
}
