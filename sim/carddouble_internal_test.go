package sim

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/stats"
)

// doubleEngine returns a skirmish engine of a poisoner (A) in contact with
// a victim of many HP (B), side A's list with cards (card_double_damage).
func doubleEngine(t *testing.T, cards []profiles.CardDouble) *engine {
	t.Helper()
	club := &profiles.Equipment{ID: "club", Kind: profiles.KindMelee, Hands: 1, Effects: profiles.Effects{CriticalFrom: 10}}
	att := &profiles.Profile{ID: "poisoner", Level: 3, AP: 9, HP: 90, Stature: 3,
		Stats: profiles.Stats{V: 4, P: 5, A: 6, C: 4, T: 5, I: 3}}
	def := &profiles.Profile{ID: "victim", Level: 1, AP: 3, HP: 900, Stature: 3,
		Stats: profiles.Stats{V: 3, P: 3, A: 3, C: 3, T: 4, I: 4}}
	sk := &Skirmish{Sides: [2]Spearhead{
		{Safars: []*Fighter{NewFighter(att, []*profiles.Equipment{club})}, Costs: []int{100}, Leader: -1, CardDoubles: cards},
		{Safars: []*Fighter{NewFighter(def, []*profiles.Equipment{club})}, Costs: []int{100}, Leader: -1},
	}}
	e := handEngine(t, sk)
	e.round = 1
	e.place(0, 5)
	contact(e, 0, 1, 0)
	return e
}

// TestCardDoubleDamage checks a special card's double damage against a
// poisoned target in a fight (skills.md 3.2; card_double_damage,
// sim/carddouble.go): the poisoner's attack is doubled against the victim
// once it is poisoned, not before, nor without the card; the victim's mean
// HP lost to its 2 AP attacks, sampled over 20000 strikes, agrees with the
// exact expected damage of the doubled exchange (z-test, 99.99%); the trace
// names it.
func TestCardDoubleDamage(t *testing.T) {
	card := []profiles.CardDouble{{By: profiles.Selector{Profiles: []string{"poisoner"}}, Against: profiles.DoubleAgainstPoisoned}}
	e := doubleEngine(t, card)
	k := lastOption(t, e, "2 AP melee", melee2AP)
	opt := &e.opts[e.c[0].kind][e.c[1].kind][k]
	if e.strikeKey(0, 1, k, opt, false, bandEffective, 0, 7, 0).double {
		t.Error("doubled against a victim not poisoned")
	}
	e.c[1].poisoned = true
	key := e.strikeKey(0, 1, k, opt, false, bandEffective, 0, 7, 0)
	if !key.double {
		t.Fatal("not doubled against a poisoned victim")
	}
	none := doubleEngine(t, nil)
	none.c[1].poisoned = true
	if none.strikeKey(0, 1, k, &none.opts[none.c[0].kind][none.c[1].kind][k], false, bandEffective, 0, 7, 0).double {
		t.Error("doubled without the card")
	}

	ex := e.exchange(0, 1, opt.weapon, opt.attack)
	ex.DoubleDamage = true
	res, err := ex.Exact()
	if err != nil {
		t.Fatal(err)
	}
	plain := e.exchange(0, 1, opt.weapon, opt.attack)
	base, err := plain.Exact()
	if err != nil {
		t.Fatal(err)
	}
	if !(res.ExpectedDamage > 1.5*base.ExpectedDamage) {
		t.Fatalf("exact expected damage %.3f doubled, %.3f plain", res.ExpectedDamage, base.ExpectedDamage)
	}
	r := rand.NewPCG(2, 6)
	const n = 20000
	var m stats.Mean
	for range n {
		e.reset()
		e.round = 1
		e.place(0, 5)
		contact(e, 0, 1, 0)
		e.c[1].poisoned = true
		e.c[0].ap, e.c[1].ap = 9, 0 // the victim defends without AP, as the exact exchange's does below
		hp := e.c[1].hp
		e.strike(r, 0, 1, k, opt, false, bandEffective, 0, 0)
		m.Add(float64(hp - e.c[1].hp))
	}
	ex0 := e.exchange(0, 1, opt.weapon, opt.attack)
	ex0.DoubleDamage = true
	ex0.Policy.Defence = &Defence{AP: 0}
	want, err := ex0.Exact()
	if err != nil {
		t.Fatal(err)
	}
	if z := (m.Mean() - want.ExpectedDamage) / m.SE(); math.Abs(z) > 3.89 {
		t.Errorf("sampled HP lost %.4f over %d strikes, exact %.4f (z %.2f)", m.Mean(), n, want.ExpectedDamage, z)
	}
	t.Logf("HP lost per 2 AP attack on a poisoned victim with 0 AP: sampled %.4f, exact %.4f; plain exact (any AP) %.4f", m.Mean(), want.ExpectedDamage, base.ExpectedDamage)

	var b strings.Builder
	e.trace = &b
	e.c[0].ap = 9
	e.strike(r, 0, 1, k, opt, false, bandEffective, 0, 0)
	if !strings.Contains(b.String(), "deals double damage to") {
		t.Errorf("trace lacks the double damage:\n%s", b.String())
	}
}
