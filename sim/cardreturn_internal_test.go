package sim

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// gounReturn is the Goûn aura upgrade's return (skills.md 3.2: "the first
// Goûn defeated comes back with 1D5 HP"), a list's card_returns.
var gounReturn = profiles.CardReturn{To: profiles.Selector{Factions: []string{"gouns"}}, HP: profiles.Dice{N: 1, Sides: 5}}

// cardReturnEngine returns a skirmish engine of a goun shaman and two mongo
// warriors (A), whose list has returns, against two Khérops warriors (B),
// placed apart by hand.
func cardReturnEngine(t *testing.T, returns ...profiles.CardReturn) *engine {
	t.Helper()
	mongo, warrior := cardFighterIn(t, "mongo-warrior-2"), cardFighterIn(t, "kherops-warrior-2")
	sk := &Skirmish{Sides: [2]Spearhead{
		{Safars: []*Fighter{cardFighterIn(t, "goun-shaman-2"), mongo, mongo}, Costs: []int{80, 60, 60}, Leader: -1, CardReturns: returns},
		{Safars: []*Fighter{warrior, warrior}, Costs: []int{82, 82}, Leader: -1},
	}}
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	e := pl.e
	e.ambush = nil
	e.reset()
	for k := range e.c {
		e.c[k].pos = field.Vec{X: 2 + 2.5*float64(k), Y: 7}
	}
	return e
}

// TestCardReturn checks a list's return from defeat (skills.md 3.2, "the
// first Goûn defeated comes back with 1D5 HP"; sim/cardreturn.go): the first
// mongo warrior defeated comes back where it fell with 1 to 5 HP, each
// value in about a fifth of 5 000 battles (within 4 standard deviations),
// in play with no AP; the second Goûn defeated does not; an enemy's defeat
// does not spend the card; a first Goûn that cannot come back (its carcass
// devoured) spends it; a new battle makes it unspent; a list without the
// card brings no one back; the trace says so.
func TestCardReturn(t *testing.T) {
	e := cardReturnEngine(t, gounReturn)
	r := rand.NewPCG(3, 9)
	var seen [6]int
	const n = 5000
	for range n {
		e.reset()
		for k := range e.c {
			e.c[k].pos = field.Vec{X: 2 + 2.5*float64(k), Y: 7}
		}
		e.take(3, 1, 100) // an enemy falls: not the card's
		e.playReturns(r)
		if e.c[3].hp > 0 || e.returns[0].spent {
			t.Fatalf("an enemy's defeat: its HP %d, card spent %v", e.c[3].hp, e.returns[0].spent)
		}
		at := e.c[1].pos
		e.take(1, 3, 100)
		e.take(2, 3, 100)
		e.playReturns(r)
		hp := e.c[1].hp
		if hp < 1 || hp > 5 || !e.c[1].inPlay() || e.c[1].ap != 0 || e.c[1].pos != at {
			t.Fatalf("the first goun back with %d HP, in play %v, %d AP, at %v (fell at %v)", hp, e.c[1].inPlay(), e.c[1].ap, e.c[1].pos, at)
		}
		if e.c[2].hp > 0 {
			t.Fatalf("the second goun defeated came back with %d HP", e.c[2].hp)
		}
		seen[hp]++
		e.take(1, 3, 100)
		e.playReturns(r)
		if e.c[1].hp > 0 {
			t.Fatal("the first goun came back twice")
		}
	}
	for v := 1; v <= 5; v++ {
		if d := float64(seen[v]) - n/5.0; d*d > 16*n*0.2*0.8 {
			t.Errorf("came back with %d HP in %d of %d battles, want about %d", v, seen[v], n, n/5)
		}
	}

	e.reset()
	e.take(1, 3, 100)
	e.c[1].morale.devoured = true
	e.take(2, 3, 100)
	var b strings.Builder
	e.trace = &b
	e.playReturns(r)
	if e.c[1].hp > 0 || e.c[2].hp > 0 || !e.returns[0].spent {
		t.Errorf("first goun devoured: HP %d and %d, card spent %v; want 0, 0, true", e.c[1].hp, e.c[2].hp, e.returns[0].spent)
	}
	if !strings.Contains(b.String(), "A2 mongo-warrior-2 cannot come back (its special card's return, card_returns): no carcass") {
		t.Errorf("trace %q", b.String())
	}
	e.trace = nil

	e = cardReturnEngine(t)
	e.take(1, 3, 100)
	e.playReturns(r)
	if e.returns != nil || e.c[1].hp > 0 {
		t.Errorf("without the card: returns %v, HP %d", e.returns, e.c[1].hp)
	}
}
