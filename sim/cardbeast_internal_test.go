package sim

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// beastCard is the beast's card (skills.md 3.2: "a beast that gives +4
// support to its mistress, may make one free leap into her melee and acts
// in her activation"), a list's card_beasts: the fang prowler is the beast,
// the fang witch its mistress (invented pairing).
var beastCard = profiles.CardBeast{By: profiles.Selector{Profiles: []string{"fang-prowler-1"}}, Mistress: profiles.Selector{Profiles: []string{"fang-witch-3"}},
	Support: 4, FreeLeaps: 1, WithMistress: true}

// beastEngine returns a skirmish engine of a fang witch (A1, the mistress),
// a fang prowler (A2, the beast) and a mongo warrior (A3) against a Khérops
// warrior (B1), with the list's cards given, none in ambush.
func beastEngine(t *testing.T, cards ...profiles.CardBeast) *engine {
	t.Helper()
	a := handSide(t, []string{"fang-witch-3", "fang-prowler-1", "mongo-warrior-2"}, 100, 40, 60)
	a.CardBeasts = cards
	e := handEngine(t, &Skirmish{Sides: [2]Spearhead{a, handSide(t, []string{"kherops-warrior-2"}, 82)}})
	e.round = 1
	return e
}

// TestCardBeastSupport checks the beast's support (skills.md 3.2: "+4
// support to its mistress"; sim/cardbeast.go): supporting its mistress
// against the Khérops it counts +4, not R8's +1, with another plain
// supporter +5 in all; it supports another ally with +1; the policies'
// supportTo says the same; without the card +1. Fails before: +1.
func TestCardBeastSupport(t *testing.T) {
	for _, c := range []struct {
		name      string
		cards     []profiles.CardBeast
		sup       []int
		attacker  int
		want      int
		toMistres int
	}{
		{"the beast supports its mistress", []profiles.CardBeast{beastCard}, []int{1}, 0, 4, 4},
		{"the beast and the warrior support her", []profiles.CardBeast{beastCard}, []int{1, 2}, 0, 5, 4},
		{"no card: R8's +1", nil, []int{1}, 0, 1, 1},
	} {
		e := beastEngine(t, c.cards...)
		meleeLine(e, 3, c.sup)
		sa, sd := e.support(c.attacker, 3), e.support(3, c.attacker)
		if att, _ := supportBonus(sa, sd); att != c.want {
			t.Errorf("%s: support +%d, want +%d", c.name, att, c.want)
		}
		if got := e.supportTo(1, 0); got != c.toMistres {
			t.Errorf("%s: supportTo(beast, mistress) %d, want %d", c.name, got, c.toMistres)
		}
		if got := e.supportTo(1, 2); got != 1 {
			t.Errorf("%s: supportTo(beast, warrior) %d, want 1", c.name, got)
		}
	}
	// The warrior attacks, the beast and the witch support it: +1 each.
	e := beastEngine(t, beastCard)
	for k := range e.c {
		e.c[k].pos = field.Vec{X: 1 + float64(k), Y: 1}
	}
	at := field.Vec{X: 7.5, Y: 7.5}
	e.c[3].pos = at
	for n, k := range []int{2, 1, 0} {
		dirs := []field.Vec{{X: -1}, {X: 1}, {Y: 1}}
		r := e.c[3].radius + e.c[k].radius
		e.c[k].pos = field.Vec{X: at.X + r*dirs[n].X, Y: at.Y + r*dirs[n].Y}
	}
	if att, _ := supportBonus(e.support(2, 3), e.support(3, 2)); att != 2 {
		t.Errorf("the warrior supported by the beast and the witch: +%d, want +2", att)
	}
}

// TestCardBeastSupportExact checks that the exchange of the mistress's
// attack with her beast in support takes +4 (Exchange.Support), so that the
// exact engine plays the rule: the plan struck carries support 4, its exact
// chance of success is above the same exchange at R8's +1, and the sampler
// agrees with the exact figure in a 99.99% Wilson interval; the trace names
// the beast's card.
func TestCardBeastSupportExact(t *testing.T) {
	e := beastEngine(t, beastCard)
	meleeLine(e, 3, []int{1})
	k, tr := strike2AP(t, e, 0, 3)
	if want := "A1 fang-witch-3 is supported: +4 by 1 supporter (card support rule; its beast, card_beasts)"; !strings.Contains(tr, want) {
		t.Errorf("trace does not say %q:\n%s", want, tr)
	}
	checkStruckSupport(t, e, k, 4)
}

// leapEngine returns beastEngine with the witch engaged with the Khérops at
// the table's centre, the beast d toises (edge to edge) behind the
// Khérops, the warrior far away.
func leapEngine(t *testing.T, d float64, cards ...profiles.CardBeast) *engine {
	e := beastEngine(t, cards...)
	meleeLine(e, 3, nil)
	e.c[1].pos = field.Vec{X: 7.5, Y: 7.5 + e.c[3].radius + e.c[1].radius + d}
	return e
}

// TestCardBeastLeap checks the beast's free leap (skills.md 3.2: "may make
// one free leap into her melee"; sim/cardbeast.go): 3 toises behind the
// Khérops its mistress fights, it leaps into that melee, engaged with the
// Khérops, no AP spent, once per battle (a new battle gives it back); not
// when its mistress fights no one, nor when the card's leap falls short
// (it stays put and keeps it), nor when it is engaged already, nor without
// the card. The trace says so. Fails before: no leap.
func TestCardBeastLeap(t *testing.T) {
	r := rand.NewPCG(3, 4)
	e := leapEngine(t, 3, beastCard)
	if e.velocity(1) < 3 {
		t.Fatalf("the prowler's velocity %.1f: the test wants 3 toises or more", e.velocity(1))
	}
	var tr strings.Builder
	e.trace = &tr
	e.c[1].ap = 4
	if !e.beastLeap(r, 1) || !e.engaged(1, 3) || e.c[1].ap != 4 || e.c[1].leaps != 0 {
		t.Fatalf("leap: engaged %v, %d AP, %d leaps left, gap %.2f; %s", e.engaged(1, 3), e.c[1].ap, e.c[1].leaps, e.gap(1, 3), tr.String())
	}
	e.trace = nil
	if want := "A2 fang-prowler-1 leaps into its mistress A1 fang-witch-3's melee (card_beasts, free, 0 left)"; !strings.Contains(tr.String(), want) {
		t.Errorf("trace %q, want %q", tr.String(), want)
	}
	e.c[1].pos = field.Vec{X: 7.5, Y: 7.5 + e.c[3].radius + e.c[1].radius + 3}
	if e.beastLeap(r, 1) {
		t.Error("a second leap in the battle")
	}
	e.reset()
	if e.c[1].leaps != 1 {
		t.Errorf("a new battle: %d leaps, want 1", e.c[1].leaps)
	}
	short := beastCard
	short.Leap = 1
	for _, c := range []struct {
		name string
		e    *engine
	}{
		{"its mistress fights no one", func() *engine {
			e := leapEngine(t, 3, beastCard)
			e.c[0].pos = field.Vec{X: 1, Y: 14}
			return e
		}()},
		{"a leap too short", leapEngine(t, 3, short)},
		{"engaged already", func() *engine {
			e := leapEngine(t, 3, beastCard)
			e.c[1].pos = field.Vec{X: 13, Y: 13}
			e.c[2].side, e.c[2].pos = 1, field.Vec{X: 13, Y: 13 + e.c[1].radius + e.c[2].radius}
			return e
		}()},
		{"no card", leapEngine(t, 3)},
	} {
		from := c.e.c[1].pos
		if c.e.beasts != nil && c.e.beastLeap(r, 1) {
			t.Errorf("%s: leapt", c.name)
		}
		if c.e.c[1].pos != from {
			t.Errorf("%s: moved", c.name)
		}
		if c.e.beasts != nil && c.e.c[1].leaps != 1 {
			t.Errorf("%s: %d leaps left, want 1", c.name, c.e.c[1].leaps)
		}
	}
}

// TestCardBeastPairing checks how beasts meet their mistresses
// (sim/cardbeast.go): the n-th beast of the list with the n-th mistress,
// wrapping round; a beast the card names is no mistress of its own.
func TestCardBeastPairing(t *testing.T) {
	a := handSide(t, []string{"fang-prowler-1", "fang-witch-3", "fang-prowler-1", "fang-witch-3", "fang-prowler-1"}, 40, 100, 40, 100, 40)
	a.CardBeasts = []profiles.CardBeast{beastCard}
	sk := &Skirmish{Sides: [2]Spearhead{a, handSide(t, []string{"kherops-warrior-2"}, 82)}}
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	e := pl.e
	for i, want := range []int{1, -1, 3, -1, 1, -1} {
		if got := e.beasts[i].mistress; got != want {
			t.Errorf("Safar %d: mistress %d, want %d", i, got, want)
		}
	}
	if !e.withMistress || e.activatesWith(2) != 3 || e.activatesWith(1) != -1 {
		t.Errorf("activates with: %v, %d, %d", e.withMistress, e.activatesWith(2), e.activatesWith(1))
	}
}
