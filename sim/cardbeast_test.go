package sim_test

import (
	"bytes"
	"math/rand/v2"
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
	var c []profiles.CardBeast
	if card {
		c = []profiles.CardBeast{{By: profiles.Selector{Profiles: []string{"fang-prowler-1"}}, Mistress: profiles.Selector{Profiles: []string{"fang-witch-3"}},
			Support: 4, FreeLeaps: 1, WithMistress: true}}
	}
	prowler, warrior := cardFighter(t, "fang-prowler-1"), cardFighter(t, "kherops-warrior-1")
	return &sim.Skirmish{Sides: [2]sim.Spearhead{
		{Safars: []*sim.Fighter{cardFighter(t, "fang-witch-3"), prowler, prowler}, Costs: []int{100, 40, 40}, Leader: 0, CardBeasts: c},
		{Safars: []*sim.Fighter{warrior, warrior, warrior}, Costs: []int{48, 48, 48}, Leader: 0},
	}}
}

// TestCardBeastSkirmish plays the beast's card (skills.md 3.2;
// sim/cardbeast.go) in whole battles: each beast activates right after its
// mistress, no enemy between (the activation before each "with its
// mistress" line is the witch's or a beast's, the next one the beast's);
// the trace shows a leap into her melee and her beast's support; warm
// battles allocate nothing.
func TestCardBeastSkirmish(t *testing.T) {
	pl, err := cardBeastSkirmish(t, true).NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	pl.SetTrace(&b)
	r := rand.NewPCG(7, 3)
	for range 300 {
		pl.Play(r)
	}
	pl.SetTrace(nil)
	text := b.String()
	var acts []string // who activates, in order; "+" marks a follower's line
	for _, l := range strings.Split(text, "\n") {
		switch {
		case strings.HasSuffix(l, "activates with its mistress A1 fang-witch-3 (card_beasts)"):
			acts = append(acts, "+")
		case strings.HasPrefix(l, "  ") && !strings.HasPrefix(l, "   ") && strings.Contains(l, " activates: "):
			acts = append(acts, strings.TrimSpace(l[:strings.Index(l, " activates: ")]))
		}
	}
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
	for _, want := range []string{"leaps into its mistress A1 fang-witch-3's melee (card_beasts, free, 0 left)", "(card support rule; its beast, card_beasts)"} {
		if !strings.Contains(text, want) {
			t.Errorf("the trace of 300 battles never says %q", want)
		}
	}
	if raceEnabled {
		return // the race detector allocates
	}
	if n := sim.WarmAllocs(pl, 200); n != 0 {
		t.Errorf("battle with the beast's card: %v allocations per battle, want 0", n)
	}
}
