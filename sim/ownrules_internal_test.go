package sim

import (
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
