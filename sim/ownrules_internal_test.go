package sim

import (
	"math"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// ownFighter returns an invented level II Safar with the given card rules of
// pattern F (skills.md section 3).
func ownFighter(id string, st profiles.Stats, own profiles.OwnRules) *Fighter {
	p := &profiles.Profile{ID: id, Name: id, Faction: profiles.Kharns, Level: 2, Stats: st, Stature: 3, AP: 5, HP: 12, Own: own}
	return NewFighter(p, nil)
}

// TestOwnDefenceInPlay checks the battle side of "+2 defence while its twin
// is in play" and "adds its T to all its defences while one of two named
// relatives is in its Spearhead" (defence_bonuses; in play: not removed):
// engine.ownDefence sums the entries whose Safars are alive on its side,
// itself and the enemy's excepted; the plan of an exchange against it
// carries the bonus to its Fighter (statMod slot modDefence). Fails before:
// no such bonus.
func TestOwnDefenceInPlay(t *testing.T) {
	st := profiles.Stats{V: 3, P: 3, A: 3, C: 3, T: 5, I: 3}
	son := ownFighter("son", st, profiles.OwnRules{DefenceBonuses: []profiles.DefenceBonus{
		{WhileInPlay: profiles.Selector{Profiles: []string{"twin"}}, Amount: 2},
		{WhileInPlay: profiles.Selector{Profiles: []string{"father", "mother"}}, Stat: profiles.T, UseStat: true},
	}})
	twin, mother := ownFighter("twin", st, profiles.OwnRules{}), ownFighter("mother", st, profiles.OwnRules{})
	enemyTwin := ownFighter("twin", st, profiles.OwnRules{})
	e := battle(t, []*Fighter{son, twin, mother}, []*Fighter{enemyTwin})
	if got := e.ownDefence(0); got != 7 {
		t.Errorf("twin and mother in play: bonus %d, want 2 + T 5", got)
	}
	e.c[1].hp = 0
	if got := e.ownDefence(0); got != 5 {
		t.Errorf("twin defeated (an enemy of the same id still in play): bonus %d, want T 5", got)
	}
	e.c[2].hp = 0
	if got := e.ownDefence(0); got != 0 {
		t.Errorf("both defeated: bonus %d, want 0", got)
	}
	var m statMod
	m[modDefence] = 2
	if g := m.apply(son); g.DefenceBonus != 2 || son.DefenceBonus != 0 {
		t.Errorf("statMod apply: DefenceBonus %d (card's %d), want 2 on the copy only", g.DefenceBonus, son.DefenceBonus)
	}
}

// TestOwnAssaultFallback checks that a fight option taking P on V+V
// (vv_power_effect, valued without assault) is played with V in an assault,
// where the card does not allow it ("when it is not charging"), instead of
// making the plan illegal; without assault it keeps P.
func TestOwnAssaultFallback(t *testing.T) {
	runner := ownFighter("runner", profiles.Stats{V: 6, P: 3, A: 3, C: 3, T: 3, I: 3}, profiles.OwnRules{VVPower: true})
	guard := ownFighter("guard", profiles.Stats{V: 3, P: 3, A: 3, C: 3, T: 3, I: 3}, profiles.OwnRules{})
	e := battle(t, []*Fighter{runner}, []*Fighter{guard})
	ak, dk := e.c[0].kind, e.c[1].kind
	found := false
	for idx := range e.opts[ak][dk] {
		opt := &e.opts[ak][dk][idx]
		if a := opt.attack; a.Kind != Melee || a.AP != 2 || a.Chars != CharsOf(V, V) || a.Effects != CharsOf(P) {
			continue
		}
		found = true
		for _, assault := range []bool{false, true} {
			k := planKey{att: int8(ak), def: int8(dk), opt: int16(idx), assault: assault}
			pl := e.plan(k, 0, opt)
			want := CharsOf(P)
			if assault {
				want = CharsOf(V)
			}
			if pl.ex.Attack.Effects != want {
				t.Errorf("assault %v: VV played with %s, want %s", assault, pl.ex.Attack.Effects, want)
			}
		}
	}
	if !found {
		t.Fatal("the runner's tables have no VV:P option")
	}
}

// TestOwnBiteTables checks that the option tables value a Bite doubled
// against an unhurt target (bite_double_unhurt) undoubled, as the same card
// without the rule, so that the policies choose as without it (valued
// doubled, the default policy lost 12 points of win rate: sim/ownrules.go),
// while the plan of an exchange against an unhurt target plays it doubled
// and against a hurt one not. Fails before: the tables valued it doubled.
func TestOwnBiteTables(t *testing.T) {
	st := profiles.Stats{V: 5, P: 5, A: 4, C: 4, T: 4, I: 3}
	mk := func(own profiles.OwnRules) *engine {
		b := ownFighter("biter", st, own)
		b.Profile.Skills = []profiles.Skill{{Name: profiles.SkillBite}}
		b = NewFighter(b.Profile, nil)
		e := battle(t, []*Fighter{b}, []*Fighter{ownFighter("prey", profiles.Stats{V: 3, P: 4, A: 4, C: 5, T: 5, I: 3}, profiles.OwnRules{})})
		return e
	}
	plain, dbl := mk(profiles.OwnRules{}), mk(profiles.OwnRules{BiteDoubleUnhurt: true})
	bite := func(e *engine) int {
		for n := range e.opts[0][1] {
			if e.opts[0][1][n].attack.Kind == Bite {
				return n
			}
		}
		t.Fatal("no Bite option")
		return -1
	}
	np, nd := bite(plain), bite(dbl)
	if plain.opts[0][1][np].dmg != dbl.opts[0][1][nd].dmg {
		t.Errorf("Bite table figures %v, without the rule %v: want the same", dbl.opts[0][1][nd].dmg[0], plain.opts[0][1][np].dmg[0])
	}
	opt := &dbl.opts[0][1][nd]
	unhurt := dbl.plan(planKey{att: int8(dbl.c[0].kind), def: int8(dbl.c[1].kind), opt: int16(nd)}, 0, opt)
	hurt := dbl.plan(planKey{att: int8(dbl.c[0].kind), def: int8(dbl.c[1].kind), opt: int16(nd), defHurt: true}, 0, opt)
	ru, rh := unhurt.exact(), hurt.exact()
	if math.Abs(ru.ExpectedDamage-2*rh.ExpectedDamage) > 1e-9 || rh.ExpectedDamage < 0.5 {
		t.Errorf("planned Bite: expected damage %.4f against an unhurt target, %.4f against a hurt one: want twice", ru.ExpectedDamage, rh.ExpectedDamage)
	}
}
