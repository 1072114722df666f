package sim_test

import (
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
	a := cardSide(t, []string{"mongo-warrior-2", "mongo-warrior-2", "goun-shaman-2"}, 60, 60, 80)
	if card {
		warriors := profiles.Selector{Profiles: []string{"mongo-warrior-2"}}
		all := profiles.Selector{All: true}
		a.CardMasteryDomains = []profiles.CardMasteryDomain{{To: warriors, Domains: []profiles.Field{profiles.Defensive}}}
		a.CardBanners = []profiles.CardBanner{{By: profiles.Selector{Profiles: []string{"goun-shaman-2"}}, To: all, MasteryDie: []profiles.Field{profiles.Offensive, profiles.Defensive}}}
		a.CardBorrowsMastery = []profiles.CardBorrowMastery{{By: warriors, From: all}}
		a.CardKeepsMastery = []profiles.CardKeepMastery{{By: warriors}}
		a.CardPushesDamage = []profiles.CardPushDamage{{By: warriors, To: all, Within: 3, From: 6}}
	}
	return againstTwoWarriors(t, a)
}

// TestCardMasterySkirmish plays the special cards' mastery dice rules
// (skills.md 3.2; sim/cardmastery.go) in whole battles: the trace of 400
// battles shows the changed dice at the start, a die lent by the card, a
// die kept on a CH and a wound pushed onto an ally; warm battles allocate
// nothing.
func TestCardMasterySkirmish(t *testing.T) {
	pl, tr := playTraced(t, cardMasterySkirmish(t, true), [2]uint64{7, 3}, 400, nil)
	checkTraceSays(t, tr, 400,
		"A1 mongo-warrior-2's card at the start: defensive on its mastery die 1, now [offensive, defensive] (card_mastery_domains)",
		"A3 goun-shaman-2's card at the start: one more mastery die [offensive, defensive] (its banner, card_banners' mastery_die)",
		"(its special card, card_borrows_mastery)",
		"[a CH: the mastery die comes back, card_keeps_mastery_on_ch]",
		"(card_pushes_damage, 6+): pushes it onto ",
	)
	checkWarmAllocs(t, pl, 200, "battle with the mastery dice cards")
}
