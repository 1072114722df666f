package sim_test

import (
	"bytes"
	"math/rand/v2"
	"strings"
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
	var c []profiles.CardSharedSkills
	if card {
		c = []profiles.CardSharedSkills{{To: profiles.Selector{Profiles: []string{"paladin-2", "paladin-3"}}}}
	}
	warrior := cardFighter(t, "kherops-warrior-2")
	return &sim.Skirmish{Sides: [2]sim.Spearhead{
		{Safars: []*sim.Fighter{cardFighter(t, "paladin-2"), cardFighter(t, "paladin-3")}, Costs: []int{90, 130}, Leader: 1, CardSharedSkills: c},
		{Safars: []*sim.Fighter{warrior, warrior, warrior}, Costs: []int{82, 82, 82}, Leader: 0},
	}}
}

// TestCardShareSkirmish plays the brothers' shared skills (skills.md 3.2;
// sim/cardshare.go) in whole battles: the trace shows each paladin with
// its brother's skills while the brother is in play and losing them when
// it falls; warm battles allocate nothing.
func TestCardShareSkirmish(t *testing.T) {
	pl, err := cardShareSkirmish(t, true).NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	pl.SetTrace(&b)
	r := rand.NewPCG(7, 3)
	for range 100 {
		pl.Play(r)
	}
	pl.SetTrace(nil)
	for _, want := range []string{
		"A1 paladin-2 stands in its allies' auras: heroic offensive while A2 paladin-3 is in play, brutality 1 while A2 paladin-3 is in play, skilled swordsman while A2 paladin-3 is in play",
		"A2 paladin-3 stands in its allies' auras: heroic defensive while A1 paladin-2 is in play, repelment while A1 paladin-2 is in play, survival instinct while A1 paladin-2 is in play",
		"A1 paladin-2 leaves its allies' auras",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the trace of 100 battles never says %q", want)
		}
	}
	if raceEnabled {
		return // the race detector allocates
	}
	if n := sim.WarmAllocs(pl, 200); n != 0 {
		t.Errorf("battle with the brothers' card: %v allocations per battle, want 0", n)
	}
}
