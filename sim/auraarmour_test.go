package sim_test

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// armourAuraSkirmish is an invented battle: a goun shaman whose list's card
// gives the allies in its aura a light armour (card_aura_grants with
// armour; skills.md 3.2, a Goûn aura upgrade) and two mongo warriors,
// against two Khérops warriors; with card false, the same list without it.
func armourAuraSkirmish(t testing.TB, card bool) *sim.Skirmish {
	var g []profiles.CardAuraGrant
	if card {
		g = []profiles.CardAuraGrant{{By: profiles.Selector{Profiles: []string{"goun-shaman-2"}},
			Grant: profiles.AuraGrant{To: profiles.Selector{All: true}, AuraBuffs: profiles.AuraBuffs{Armour: &profiles.ArmourStats{Threshold: 7, Success: 1, Boxes: 6, Stacks: true}}}}}
	}
	mongo, warrior := cardFighter(t, "mongo-warrior-2"), cardFighter(t, "kherops-warrior-2")
	return &sim.Skirmish{Sides: [2]sim.Spearhead{
		{Safars: []*sim.Fighter{cardFighter(t, "goun-shaman-2"), mongo, mongo}, Costs: []int{80, 60, 60}, Leader: 0, CardAuraGrants: g},
		{Safars: []*sim.Fighter{warrior, warrior}, Costs: []int{82, 82}, Leader: 0},
	}}
}

// TestAuraArmourSkirmish plays an aura's armour (skills.md 3.2;
// sim/auragrants.go) in whole battles: the trace shows a warrior wearing
// the shaman's light armour; warm battles allocate nothing.
func TestAuraArmourSkirmish(t *testing.T) {
	pl, err := armourAuraSkirmish(t, true).NewPlayer()
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
	if !strings.Contains(b.String(), "armour -0/7/-1 from A1 goun-shaman-2") {
		t.Error("the trace of 100 battles never shows the aura's armour")
	}
	if raceEnabled {
		return // the race detector allocates
	}
	if n := sim.WarmAllocs(pl, 200); n != 0 {
		t.Errorf("battle with the aura's armour: %v allocations per battle, want 0", n)
	}
}
