package sim_test

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// TestBannerSkirmish plays a special card's standard (skills.md 3.2; a
// list's card_banners, sim/banner.go) in whole battles: two mongo warriors
// and a goun shaman bearing the banner against Khérops warriors given
// terror 12 and fright 12 (invented). The trace shows failed terror or
// fright tests rerolled under the banner; warm battles allocate nothing.
func TestBannerSkirmish(t *testing.T) {
	banner := []profiles.CardBanner{{By: profiles.Selector{Profiles: []string{"goun-shaman-2"}}, To: profiles.Selector{All: true}, RerollTerror: true}}
	horror := withSkills(t, "kherops-warrior-2", profiles.Skill{Name: profiles.SkillTerror, Value: 12}, profiles.Skill{Name: profiles.SkillFright, Value: 12})
	w := cardFighter(t, "mongo-warrior-2")
	sk := &sim.Skirmish{Sides: [2]sim.Spearhead{
		{Safars: []*sim.Fighter{w, w, cardFighter(t, "goun-shaman-2")}, Costs: []int{60, 60, 60}, Leader: 2, CardBanners: banner},
		{Safars: []*sim.Fighter{horror, horror}, Costs: []int{90, 90}, Leader: 0},
	}}
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	pl.SetTrace(&b)
	r := rand.NewPCG(8, 2)
	for range 100 {
		pl.Play(r)
	}
	pl.SetTrace(nil)
	if tr := b.String(); !strings.Contains(tr, "under the banner of A3 goun-shaman-2") {
		t.Errorf("the trace of 100 battles shows no test rerolled under the banner:\n%.3000s", tr)
	}
	if raceEnabled {
		return // the race detector allocates
	}
	if n := sim.WarmAllocs(pl, 100); n != 0 {
		t.Errorf("battle with a banner: %v allocations per battle, want 0", n)
	}
}
