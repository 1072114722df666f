package sim_test

import (
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// armourAuraSkirmish is an invented battle: a goun shaman whose list's card
// gives the allies in its aura a light armour (card_aura_grants with
// armour; skills.md 3.2, a Goûn aura upgrade) and two mongo warriors,
// against two Khérops warriors; with card false, the same list without it.
func armourAuraSkirmish(t testing.TB, card bool) *sim.Skirmish {
	a := cardSide(t, []string{"goun-shaman-2", "mongo-warrior-2", "mongo-warrior-2"}, 80, 60, 60)
	if card {
		a.CardAuraGrants = []profiles.CardAuraGrant{{By: profiles.Selector{Profiles: []string{"goun-shaman-2"}},
			Grant: profiles.AuraGrant{To: profiles.Selector{All: true}, AuraBuffs: profiles.AuraBuffs{Armour: &profiles.ArmourStats{Threshold: 7, Success: 1, Boxes: 6, Stacks: true}}}}}
	}
	return againstTwoWarriors(t, a)
}

// TestAuraArmourSkirmish plays an aura's armour (skills.md 3.2;
// sim/auragrants.go) in whole battles: the trace shows a warrior wearing
// the shaman's light armour; warm battles allocate nothing.
func TestAuraArmourSkirmish(t *testing.T) {
	pl, tr := playTraced(t, armourAuraSkirmish(t, true), [2]uint64{7, 3}, 100, nil)
	checkTraceSays(t, tr, 100, "armour -0/7/-1 from A1 goun-shaman-2")
	checkWarmAllocs(t, pl, 200, "battle with the aura's armour")
}
