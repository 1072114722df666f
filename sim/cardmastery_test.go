package sim_test

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// cardMasterySkirmish is an invented battle: two mongo warriors and a goun
// shaman against two Khérops warriors, side A's list with the special
// cards' mastery dice rules when card is true (skills.md 3.2): an order's
// defensive domain on each warrior's dice, the shaman's banner giving it a
// mastery die [offensive, defensive], the warriors using every ally's dice
// anywhere and keeping a die spent on a CH, and pushing their damage onto
// an ally within 3 toises on a d10 of 6 or more; without, the same list.
func cardMasterySkirmish(t testing.TB, card bool) *sim.Skirmish {
	mongo, warrior := cardFighter(t, "mongo-warrior-2"), cardFighter(t, "kherops-warrior-2")
	a := sim.Spearhead{Safars: []*sim.Fighter{mongo, mongo, cardFighter(t, "goun-shaman-2")}, Costs: []int{60, 60, 80}, Leader: 0}
	if card {
		warriors := profiles.Selector{Profiles: []string{"mongo-warrior-2"}}
		all := profiles.Selector{All: true}
		a.CardMasteryDomains = []profiles.CardMasteryDomain{{To: warriors, Domains: []profiles.Field{profiles.Defensive}}}
		a.CardBanners = []profiles.CardBanner{{By: profiles.Selector{Profiles: []string{"goun-shaman-2"}}, To: all, MasteryDie: []profiles.Field{profiles.Offensive, profiles.Defensive}}}
		a.CardBorrowsMastery = []profiles.CardBorrowMastery{{By: warriors, From: all}}
		a.CardKeepsMastery = []profiles.CardKeepMastery{{By: warriors}}
		a.CardPushesDamage = []profiles.CardPushDamage{{By: warriors, To: all, Within: 3, From: 6}}
	}
	return &sim.Skirmish{Sides: [2]sim.Spearhead{a, {Safars: []*sim.Fighter{warrior, warrior}, Costs: []int{82, 82}, Leader: 0}}}
}

// TestCardMasterySkirmish plays the special cards' mastery dice rules
// (skills.md 3.2; sim/cardmastery.go) in whole battles: the trace of 400
// battles shows the changed dice at the start, a die lent by the card, a
// die kept on a CH and a wound pushed onto an ally; warm battles allocate
// nothing.
func TestCardMasterySkirmish(t *testing.T) {
	pl, err := cardMasterySkirmish(t, true).NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	pl.SetTrace(&b)
	r := rand.NewPCG(7, 3)
	for range 400 {
		pl.Play(r)
	}
	pl.SetTrace(nil)
	for _, want := range []string{
		"A1 mongo-warrior-2's card at the start: defensive on its mastery die 1, now [offensive, defensive] (card_mastery_domains)",
		"A3 goun-shaman-2's card at the start: one more mastery die [offensive, defensive] (its banner, card_banners' mastery_die)",
		"(its special card, card_borrows_mastery)",
		"[a CH: the mastery die comes back, card_keeps_mastery_on_ch]",
		"(card_pushes_damage, 6+): pushes it onto ",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the trace of 400 battles never says %q", want)
		}
	}
	if raceEnabled {
		return // the race detector allocates
	}
	if n := sim.WarmAllocs(pl, 200); n != 0 {
		t.Errorf("battle with the mastery dice cards: %v allocations per battle, want 0", n)
	}
}
