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

// bannerDefenceSkirmish is an invented battle: a prince bearing a banner
// that keeps 1 AP for defence for the level-I Safars of its list in its
// aura (skills.md 3.2; card_banners' defence_ap) and two crown guards,
// against Khérops; with banner false, the same list without the card.
func bannerDefenceSkirmish(t testing.TB, banner bool) *sim.Skirmish {
	var b []profiles.CardBanner
	if banner {
		b = []profiles.CardBanner{{By: profiles.Selector{Profiles: []string{"prince-3"}}, To: profiles.Selector{Levels: []int{1}}, DefenceAP: 1}}
	}
	guard, warrior := cardFighter(t, "crown-guard-1"), cardFighter(t, "kherops-warrior-1")
	return &sim.Skirmish{Sides: [2]sim.Spearhead{
		{Safars: []*sim.Fighter{cardFighter(t, "prince-3"), guard, guard}, Costs: []int{130, 45, 45}, Leader: 0, CardBanners: b},
		{Safars: []*sim.Fighter{cardFighter(t, "kherops-warrior-2"), warrior, warrior, warrior}, Costs: []int{82, 48, 48, 48}, Leader: 0},
	}}
}

// TestBannerDefenceSkirmish plays a banner's defence_ap (skills.md 3.2: "a
// banner that keeps 1 AP for defence"; pattern E's AP floor, sim/apauras.go)
// in whole battles: the trace shows a guard defending with the AP the
// banner keeps, and warm battles allocate nothing.
func TestBannerDefenceSkirmish(t *testing.T) {
	pl, err := bannerDefenceSkirmish(t, true).NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	pl.SetTrace(&b)
	r := rand.NewPCG(7, 1)
	for range 40 {
		pl.Play(r)
	}
	pl.SetTrace(nil)
	if want := "crown-guard-1 defends with 1 AP kept for defence by the banner of A1 prince-3 (card_banners; not kept)"; !strings.Contains(b.String(), want) {
		t.Errorf("the trace of 40 battles never says %q", want)
	}
	if raceEnabled {
		return // the race detector allocates
	}
	if n := sim.WarmAllocs(pl, 200); n != 0 {
		t.Errorf("battle with a banner's defence AP: %v allocations per battle, want 0", n)
	}
}
