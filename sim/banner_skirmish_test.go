package sim_test

import (
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
	a := cardSide(t, []string{"mongo-warrior-2", "mongo-warrior-2", "goun-shaman-2"}, 60, 60, 60)
	a.Leader, a.CardBanners = 2, banner
	sk := &sim.Skirmish{Sides: [2]sim.Spearhead{a, {Safars: []*sim.Fighter{horror, horror}, Costs: []int{90, 90}, Leader: 0}}}
	pl, tr := playTraced(t, sk, [2]uint64{8, 2}, 100, nil)
	checkTraceSays(t, tr, 100, "under the banner of A3 goun-shaman-2")
	checkWarmAllocs(t, pl, 100, "battle with a banner")
}

// bannerDefenceSkirmish is an invented battle: a prince bearing a banner
// that keeps 1 AP for defence for the level-I Safars of its list in its
// aura (skills.md 3.2; card_banners' defence_ap) and two crown guards,
// against Khérops; with banner false, the same list without the card.
func bannerDefenceSkirmish(t testing.TB, banner bool) *sim.Skirmish {
	a := cardSide(t, []string{"prince-3", "crown-guard-1", "crown-guard-1"}, 130, 45, 45)
	if banner {
		a.CardBanners = []profiles.CardBanner{{By: profiles.Selector{Profiles: []string{"prince-3"}}, To: profiles.Selector{Levels: []int{1}}, DefenceAP: 1}}
	}
	return &sim.Skirmish{Sides: [2]sim.Spearhead{a, cardSide(t, []string{"kherops-warrior-2", "kherops-warrior-1", "kherops-warrior-1", "kherops-warrior-1"}, 82, 48, 48, 48)}}
}

// TestBannerDefenceSkirmish plays a banner's defence_ap (skills.md 3.2: "a
// banner that keeps 1 AP for defence"; pattern E's AP floor, sim/apauras.go)
// in whole battles: the trace shows a guard defending with the AP the
// banner keeps, and warm battles allocate nothing.
func TestBannerDefenceSkirmish(t *testing.T) {
	pl, tr := playTraced(t, bannerDefenceSkirmish(t, true), [2]uint64{7, 1}, 40, nil)
	checkTraceSays(t, tr, 40, "crown-guard-1 defends with 1 AP kept for defence by the banner of A1 prince-3 (card_banners; not kept)")
	checkWarmAllocs(t, pl, 200, "battle with a banner's defence AP")
}
