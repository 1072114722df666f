package sim

import (
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// TestPoisonInFight checks poison in a fight (R17; seed 000 line 1362, seed
// 004 lines 1298-1306): a Safar with 2 poison doses spends one per attack
// with a weapon while its target is not poisoned, hit or miss; the first hit
// poisons it, once ("only one poisoning at the same time"); at each start of
// its activation the malus grows by one and counts in its exchanges (the plan
// reads its characteristics less the malus); when P, A, C or I of its card
// less the malus goes below zero it dies, a kill of its poisoner.
func TestPoisonInFight(t *testing.T) {
	club := &profiles.Equipment{ID: "club", Kind: profiles.KindMelee, Hands: 1, Effects: profiles.Effects{CriticalFrom: 10}}
	dose := &profiles.Equipment{ID: "dose", Kind: profiles.KindItem, Stackable: true, Effects: profiles.Effects{Poison: true}}
	att := &profiles.Profile{ID: "poisoner", Level: 3, AP: 9, HP: 90, Stature: 3,
		Stats: profiles.Stats{V: 4, P: 5, A: 6, C: 4, T: 5, I: 3}}
	def := &profiles.Profile{ID: "victim", Level: 1, AP: 3, HP: 900, Stature: 3,
		Stats: profiles.Stats{V: 3, P: 3, A: 2, C: 3, T: 4, I: 4}} // A 2: dies when the malus reaches 3
	e := contactPair(t, NewFighter(att, []*profiles.Equipment{club, dose, dose}), NewFighter(def, []*profiles.Equipment{club}))
	if e.c[0].doses != 2 {
		t.Fatalf("the poisoner starts with %d doses, want 2", e.c[0].doses)
	}
	opts := e.opts[e.c[0].kind][e.c[1].kind]
	k := lastOption(t, e, "2 AP melee", melee2AP)
	r := rand.NewPCG(9, 0)
	strikes := 0
	for !e.c[1].poisoned && strikes < 50 {
		e.c[0].ap, e.c[1].ap = 9, 0
		before := e.c[0].doses
		e.strike(r, 0, 1, k, &opts[k], false, bandEffective, 0, 0)
		strikes++
		if before > 0 && e.c[0].doses != before-1 {
			t.Fatalf("an attack with %d doses left spent %d", before, before-e.c[0].doses)
		}
	}
	if !e.c[1].poisoned {
		t.Fatalf("no poisoning in %d attacks", strikes)
	}
	if strikes > 2 {
		t.Logf("poisoned after %d attacks (the doses ran out first): the fight kept the first hit's dose", strikes)
	}
	left := e.c[0].doses
	e.c[0].ap = 9
	e.strike(r, 0, 1, k, &opts[k], false, bandEffective, 0, 0)
	if e.c[0].doses != left {
		t.Errorf("a dose spent on a target already poisoned")
	}
	for tick := int8(1); tick <= 3; tick++ {
		e.activate(r, 1)
		c := &e.c[1]
		if c.poison != tick {
			t.Fatalf("activation %d: malus %d, want %d", tick, c.poison, tick)
		}
		if tick < 3 {
			if c.hp <= 0 {
				t.Fatalf("activation %d: dead at A 2 - %d", tick, tick)
			}
			key := planKey{att: int8(e.c[1].kind), def: int8(e.c[0].kind), opt: 0, band: bandEffective, attMod: c.mods()}
			pl := e.plan(key, 1, &e.opts[e.c[1].kind][e.c[0].kind][0])
			if got, card := pl.ex.Attacker.Stats(), c.f.Stats(); got.P != card.P-int(tick) || got.V != card.V-int(tick) {
				t.Errorf("activation %d: the exchange reads %+v, card %+v", tick, got, card)
			}
			c.acted = false
		}
	}
	if e.c[1].hp > 0 || e.c[0].kills != 1 {
		t.Errorf("at malus 3 (A 2 - 3 < 0): HP %d, poisoner's kills %d; want dead, 1", e.c[1].hp, e.c[0].kills)
	}
}
