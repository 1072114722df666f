package sim_test

import (
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// TestCardOneFactionSkirmish plays a list's "every model counts as one
// faction for support" (skills.md 3.2; card_one_faction_support,
// sim/cardfaction.go) in whole battles: two paladins whose card supports
// only their faction (+3, pattern S's own_faction, invented) and two
// Khérops warriors of the same list, against three Khérops warriors; the
// trace shows a Khérops ally of the list supported +3 by a paladin, and warm
// battles allocate nothing.
func TestCardOneFactionSkirmish(t *testing.T) {
	ds := profiles.Default()
	base, err := ds.Profile("paladin-2")
	if err != nil {
		t.Fatal(err)
	}
	p := *base
	p.Support = &profiles.SupportRule{Bonus: 3, OwnFaction: true}
	lo, err := ds.Equip(base, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	loyal := sim.NewFighter(&p, lo.Items(ds))
	kw := cardFighter(t, "kherops-warrior-1")
	sk := &sim.Skirmish{Sides: [2]sim.Spearhead{
		{Safars: []*sim.Fighter{loyal, kw, loyal, kw}, Costs: []int{60, 48, 60, 48}, Leader: 0, CardOneFaction: []profiles.CardOneFaction{{To: profiles.Selector{All: true}}}},
		{Safars: []*sim.Fighter{kw, kw, kw, kw}, Costs: []int{48, 48, 48, 48}, Leader: 0},
	}}
	pl, tr := playTraced(t, sk, [2]uint64{4, 4}, 100, nil)
	found := false
	for _, l := range strings.Split(tr, "\n") {
		if strings.Contains(l, "kherops-warrior-1 is supported: +3") && (strings.Contains(l, "A2 ") || strings.Contains(l, "A4 ")) {
			found = true
			break
		}
	}
	if !found {
		t.Error("the trace of 100 battles never shows a Khérops ally of the list supported +3")
	}
	checkWarmAllocs(t, pl, 200, "battle with one faction for support")
}
