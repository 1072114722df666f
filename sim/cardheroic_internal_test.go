package sim

import (
	"strings"
	"testing"

	"math/rand/v2"

	"github.com/kharn-ages/kharn/profiles"
)

// TestCardHeroic checks a special card's Heroic attack against an enemy
// bleeding from the Safar's attack in a fight (skills.md 3.2; card_heroic,
// sim/cardheroic.go): the warrior's melee attack has it against the victim
// bleeding from its attack (its plan's exchange with HeroicAttack), not
// against a victim not bleeding or bleeding from its ally, nor without the
// card; the trace names it.
func TestCardHeroic(t *testing.T) {
	club := &profiles.Equipment{ID: "club", Kind: profiles.KindMelee, Hands: 1}
	build := func(cards []profiles.CardHeroic) *engine {
		w := &profiles.Profile{ID: "warrior", Level: 2, AP: 6, HP: 30, Stature: 3, Stats: profiles.Stats{V: 4, P: 4, A: 4, C: 4, T: 5, I: 3}}
		v := &profiles.Profile{ID: "victim", Level: 1, AP: 3, HP: 900, Stature: 3, Stats: profiles.Stats{V: 3, P: 3, A: 3, C: 3, T: 4, I: 4}}
		sk := &Skirmish{Sides: [2]Spearhead{
			{Safars: []*Fighter{NewFighter(w, []*profiles.Equipment{club}), NewFighter(w, []*profiles.Equipment{club})}, Costs: []int{60, 60}, Leader: -1, CardHeroics: cards},
			{Safars: []*Fighter{NewFighter(v, []*profiles.Equipment{club})}, Costs: []int{60}, Leader: -1},
		}}
		e := handEngine(t, sk)
		e.round = 1
		e.place(2, 8)
		contact(e, 2, 0, 0)
		contact(e, 2, 1, 3)
		return e
	}
	card := []profiles.CardHeroic{{By: profiles.Selector{Profiles: []string{"warrior"}}, Against: profiles.HeroicAgainstItsBleeding}}
	e := build(card)
	k := -1
	for x, o := range e.opts[e.c[0].kind][e.c[2].kind] {
		if !o.shot && o.attack.Kind == Melee && o.attack.AP == 2 && o.split == 0 && o.pos == posNone {
			k = x
		}
	}
	if k < 0 {
		t.Fatal("no 2 AP melee option")
	}
	opt := &e.opts[e.c[0].kind][e.c[2].kind][k]
	key := func(e *engine) planKey { return e.strikeKey(0, 2, k, opt, false, bandEffective, 0, 4, 0) }
	if key(e).heroic {
		t.Error("Heroic against a victim not bleeding")
	}
	e.c[2].bleeding, e.c[2].bleedBy = 1, 1
	if key(e).heroic {
		t.Error("Heroic against a victim bleeding from the ally's attack")
	}
	e.c[2].bleedBy = 0
	kk := key(e)
	if !kk.heroic {
		t.Fatal("no Heroic against a victim bleeding from its attack")
	}
	if pl := e.plan(kk, 0, opt); !pl.ex.HeroicAttack {
		t.Error("the plan's exchange has no Heroic attack")
	}
	none := build(nil)
	none.c[2].bleeding, none.c[2].bleedBy = 1, 0
	if key(none).heroic {
		t.Error("Heroic without the card")
	}
	var b strings.Builder
	e.trace = &b
	e.c[0].ap = 6
	e.strike(rand.NewPCG(1, 1), 0, 2, k, opt, false, bandEffective, 0, 0)
	if !strings.Contains(b.String(), "bleeding from its attack, with Heroic attack") {
		t.Errorf("trace lacks the Heroic attack:\n%s", b.String())
	}
}
