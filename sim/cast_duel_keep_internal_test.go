package sim

import (
	"math/rand/v2"
	"testing"
)

// duelAt returns the engine of a duel of two bone-seer-2 (A playing the
// default policy, B pol) reset with gap toises between them and A holding apA
// AP, B 4.
func duelAt(t *testing.T, pol FightPolicy, gap float64, apA int) *engine {
	t.Helper()
	f := cardFighterIn(t, "bone-seer-2")
	d := &Duel{A: f, B: f, Distance: gap, Policies: [2]FightPolicy{DefaultFightPolicy, pol}}
	pl, err := d.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	e := pl.e
	e.reset()
	e.c[0].ap, e.c[1].ap = apA, 4
	return e
}

// TestDuelCastKeepWaitingOpponent checks what a cast's AP cost in a duel
// against an opponent that waits for a defender holding all its AP
// (no-magic, docs/policies.md "Waiting opponents" and "A caster's duel"),
// against that opponent's own decisions: bone-seer-2 (4 AP, assault reach
// 4.5 toises) against its no-magic mirror.
//
//   - At 1 toise (within its assault reach) the opponent waits before a bone
//     seer holding 4 AP and assaults one holding 3: the first AP a cast spends
//     cost something (castKeep), the value of AP beyond the card's 4 nothing.
//   - At 5 toises it must pay a walk to assault: it does not attack a bone
//     seer holding 3 AP (it walks in), so a 1 AP cast costs nothing there;
//     spending all 4 costs something. The threat tables (castKeep before
//     2026-11-27, branch castduel) charged 0.61 HP for that first AP.
func TestDuelCastKeepWaitingOpponent(t *testing.T) {
	r := rand.NewPCG(1, 2)
	// The opponent's decisions.
	for _, c := range []struct {
		gap     float64
		apA     int
		assault bool
	}{{1, 4, false}, {1, 3, true}, {5, 3, false}} {
		e := duelAt(t, NoMagic, c.gap, c.apA)
		a := NoMagic.act(e, 1, r)
		if got := a.kind == actAssault || a.kind == actAttack; got != c.assault {
			t.Errorf("gap %.0f, A holding %d AP: no-magic's first action %v, attack %v, want %v", c.gap, c.apA, a.kind, got, c.assault)
		}
	}
	near := castKeep(duelAt(t, NoMagic, 1, 4), 0)
	if near[4]-near[3] <= 0 {
		t.Errorf("1 toise: holding 4 AP instead of 3 worth %.3f, want > 0 (the opponent assaults one holding 3)", near[4]-near[3])
	}
	for k := 5; k < 8; k++ {
		if near[k] != near[4] {
			t.Errorf("1 toise: %d AP worth %.3f, 4 AP %.3f: the opponent waits before 4", k, near[k], near[4])
		}
	}
	far := castKeep(duelAt(t, NoMagic, 5, 4), 0)
	if d := far[4] - far[3]; d != 0 {
		t.Errorf("5 toises: holding 4 AP instead of 3 worth %.3f, want 0 (the opponent walks in: it does not attack one holding 3)", d)
	}
	if far[4]-far[0] <= 0 {
		t.Errorf("5 toises: holding 4 AP instead of none worth %.3f, want > 0", far[4]-far[0])
	}
}

// TestDuelNoWalkInSpent checks that in a duel the default does not walk from
// beyond a waiting opponent's assault reach into it holding fewer AP than its
// card's (walkInvites): bone-seer-2 at 5 toises of its no-magic mirror (reach
// 4.5; the free walk lands at 1 toise) walks in holding 4 AP and stays holding
// 3; against always-3ap, which attacks whatever the defender holds, it walks
// in either way.
func TestDuelNoWalkInSpent(t *testing.T) {
	for _, c := range []struct {
		pol  FightPolicy
		apA  int
		want actionKind
	}{{NoMagic, 4, actToward}, {NoMagic, 3, actEnd}, {Always3AP, 3, actToward}} {
		e := duelAt(t, c.pol, 5, c.apA)
		if a := playWell(e, 0, 1, nil, true, true); a.kind != c.want {
			t.Errorf("against %s, holding %d AP at 5 toises: action %v, want %v", c.pol.Name(), c.apA, a.kind, c.want)
		}
	}
}
