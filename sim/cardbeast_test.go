package sim_test

import (
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// cardBeastSkirmish is an invented battle: a fang witch and two fang
// prowlers, her beasts by their list's card (skills.md 3.2: "+4 support to
// its mistress, one free leap into her melee, acts in her activation";
// card_beasts), against three level-I Khérops warriors; with card false,
// the same list without the card.
func cardBeastSkirmish(t testing.TB, card bool) *sim.Skirmish {
	a := cardSide(t, []string{"fang-witch-3", "fang-prowler-1", "fang-prowler-1"}, 100, 40, 40)
	if card {
		a.CardBeasts = []profiles.CardBeast{{By: profiles.Selector{Profiles: []string{"fang-prowler-1"}}, Mistress: profiles.Selector{Profiles: []string{"fang-witch-3"}},
			Support: 4, FreeLeaps: 1, WithMistress: true}}
	}
	return &sim.Skirmish{Sides: [2]sim.Spearhead{a, cardSide(t, []string{"kherops-warrior-1", "kherops-warrior-1", "kherops-warrior-1"}, 48, 48, 48)}}
}

// TestCardBeastSkirmish plays the beast's card (skills.md 3.2;
// sim/cardbeast.go) in whole battles: each beast activates right after its
// mistress, no enemy between (the activation before each "with its
// mistress" line is the witch's or a beast's, the next one the beast's);
// the trace shows a leap into her melee and her beast's support; warm
// battles allocate nothing.
func TestCardBeastSkirmish(t *testing.T) {
	pl, text := playTraced(t, cardBeastSkirmish(t, true), [2]uint64{7, 3}, 300, nil)
	acts := activations(text, "activates with its mistress A1 fang-witch-3 (card_beasts)") // "+" marks a follower's line
	n := 0
	for k, a := range acts {
		if a != "+" {
			continue
		}
		n++
		if k == 0 || k+1 >= len(acts) || !strings.HasPrefix(acts[k-1], "A") || acts[k-1] == "+" && k < 2 || !strings.Contains(acts[k+1], "fang-prowler-1") {
			t.Fatalf("activation %d: %v around a follower's line", k, acts[max(k-2, 0):min(k+3, len(acts))])
		}
	}
	if n == 0 {
		t.Error("no beast activated with its mistress in 300 battles")
	}
	checkTraceSays(t, text, 300, "leaps into its mistress A1 fang-witch-3's melee (card_beasts, free, 0 left)", "(card support rule; its beast, card_beasts)")
	checkWarmAllocs(t, pl, 200, "battle with the beast's card")
}
