package sim_test

import (
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// cardShareSkirmish is an invented battle: a paladin-2 and a paladin-3,
// brothers whose list's card shares their skills among them (skills.md
// 3.2: "a leader who shares the brothers' skills among all of them";
// card_shared_skills), against three Khérops warriors; with card false, the
// same list without the card.
func cardShareSkirmish(t testing.TB, card bool) *sim.Skirmish {
	a := cardSide(t, []string{"paladin-2", "paladin-3"}, 90, 130)
	a.Leader = 1
	if card {
		a.CardSharedSkills = []profiles.CardSharedSkills{{To: profiles.Selector{Profiles: []string{"paladin-2", "paladin-3"}}}}
	}
	return &sim.Skirmish{Sides: [2]sim.Spearhead{a, cardSide(t, []string{"kherops-warrior-2", "kherops-warrior-2", "kherops-warrior-2"}, 82, 82, 82)}}
}

// TestCardShareSkirmish plays the brothers' shared skills (skills.md 3.2;
// sim/cardshare.go) in whole battles: the trace shows each paladin with
// its brother's skills while the brother is in play and losing them when
// it falls; warm battles allocate nothing.
func TestCardShareSkirmish(t *testing.T) {
	pl, tr := playTraced(t, cardShareSkirmish(t, true), [2]uint64{7, 3}, 100, nil)
	checkTraceSays(t, tr, 100,
		"A1 paladin-2 stands in its allies' auras: heroic offensive while A2 paladin-3 is in play, brutality 1 while A2 paladin-3 is in play, skilled swordsman while A2 paladin-3 is in play",
		"A2 paladin-3 stands in its allies' auras: heroic defensive while A1 paladin-2 is in play, repelment while A1 paladin-2 is in play, survival instinct while A1 paladin-2 is in play",
		"A1 paladin-2 leaves its allies' auras",
	)
	checkWarmAllocs(t, pl, 200, "battle with the brothers' card")
}
