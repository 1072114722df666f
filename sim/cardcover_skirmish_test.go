package sim_test

import (
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// TestCardCoverSkirmish plays a special card's "model always counted in
// cover" (skills.md 3.2; a list's card_cover, sim/cardcover.go) in whole
// battles: two guild crossbowmen against a mongo warrior and a goun shaman
// whose list's card keeps the warrior in cover. The trace shows the warrior
// counting the card's cover against shots (TestCardCover checks that the
// shots hurt it less often); warm battles allocate nothing.
func TestCardCoverSkirmish(t *testing.T) {
	sk := func(cards []profiles.CardCover) *sim.Skirmish { // cardCoverSkirmish
		a := cardSide(t, []string{"mongo-warrior-2", "goun-shaman-2"}, 60, 60)
		a.Leader, a.CardCover = 1, cards
		return &sim.Skirmish{Sides: [2]sim.Spearhead{a, cardSide(t, []string{"guild-crossbowman-2", "guild-crossbowman-2"}, 60, 60)}}
	}
	card := []profiles.CardCover{{To: profiles.Selector{Profiles: []string{"mongo-warrior-2"}}, Bonus: profiles.DefaultCardCoverBonus}}
	pl, tr := playTraced(t, sk(card), [2]uint64{3, 9}, 50, nil)
	checkTraceSays(t, tr, 50, "A1 mongo-warrior-2 counts as in cover (+3) against the shot of B")
	checkWarmAllocs(t, pl, 100, "battle with a card's cover")
}
