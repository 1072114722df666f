package sim

import (
	"math"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// princeBanner is an invented standard (skills.md 3.2: "a banner that keeps
// 1 AP for defence"): the prince bears it over the level-I Safars of its
// list, the defence_ap of a list's card_banners.
var princeBanner = profiles.CardBanner{By: profiles.Selector{Profiles: []string{"prince-3"}}, To: profiles.Selector{Levels: []int{1}}, DefenceAP: 1}

// bannerBattle returns a skirmish engine of a prince and a crown guard (A),
// whose list has banners, against a Khérops warrior (B), placed by hand as
// battle does.
func bannerBattle(t *testing.T, banners ...profiles.CardBanner) *engine {
	t.Helper()
	sk := &Skirmish{Sides: [2]Spearhead{
		{Safars: []*Fighter{apCard(t, "prince-3"), apCard(t, "crown-guard-1")}, Costs: []int{130, 45}, Leader: -1, CardBanners: banners},
		{Safars: []*Fighter{apCard(t, "kherops-warrior-1")}, Costs: []int{48}, Leader: -1},
	}}
	return handEngine(t, sk)
}

// TestBannerDefenceAP checks where a banner's defence_ap holds (skills.md
// 3.2, "a banner that keeps 1 AP for defence"; sim/banner.go): the guard, a
// level-I ally in the prince's aura (I toises from the centre of its base,
// seed 000 l.585-593), always has 1 AP to defend with; not outside the aura,
// not once the prince is out of play, not for the bearer itself, not for
// the enemy, not with a banner that only rerolls terror; and the banner
// adds no AP aura to the prince's card (its profile is untouched).
func TestBannerDefenceAP(t *testing.T) {
	e := bannerBattle(t, princeBanner)
	aura := float64(e.c[0].f.Stats().I)
	place := func(e *engine, d float64) {
		e.c[0].pos = field.Vec{X: 6, Y: 3}
		e.c[1].pos = field.Vec{X: 6, Y: 3 + d}
		e.c[2].pos = field.Vec{X: 20, Y: 20}
	}
	place(e, aura-0.5)
	if got := e.defenceFloor(1); got != 1 {
		t.Errorf("guard in the bearer's aura: floor %d, want 1", got)
	}
	if e.defenceFloor(0) != 0 || e.defenceFloor(2) != 0 {
		t.Errorf("floor of the bearer %d, of the enemy %d, want 0", e.defenceFloor(0), e.defenceFloor(2))
	}
	e.c[1].ap = 0
	if got := e.targetAP(1); got != 1 {
		t.Errorf("guard at 0 AP in the aura defends with %d AP, want 1", got)
	}
	place(e, aura+0.5)
	if got := e.defenceFloor(1); got != 0 {
		t.Errorf("guard outside the bearer's aura: floor %d, want 0", got)
	}
	place(e, aura-0.5)
	e.c[0].hp = 0
	if e.c[0].inPlay() {
		t.Fatal("the prince at 0 HP is in play")
	}
	if got := e.defenceFloor(1); got != 0 {
		t.Errorf("bearer out of play: floor %d, want 0", got)
	}
	reroll := princeBanner
	reroll.DefenceAP, reroll.RerollTerror = 0, true
	e = bannerBattle(t, reroll)
	place(e, aura-0.5)
	if got := e.defenceFloor(1); got != 0 || e.apAuras {
		t.Errorf("a banner that only rerolls terror: floor %d, AP auras %v; want 0, false", got, e.apAuras)
	}
	if n := len(e.c[0].f.Profile.APAuras); n != 0 {
		t.Errorf("the prince's profile has %d AP auras, want 0", n)
	}
}

// TestBannerDefenceExact plays the banner's defence_ap in single exchanges,
// sampled against the exact engine (defenceFloorExact: the guard at 0 AP in
// the bearer's aura is hurt as often as the exact exchange against 1 AP
// says, 99.99% Wilson, and keeps none of it).
func TestBannerDefenceExact(t *testing.T) {
	defenceFloorExact(t, bannerBattle(t, princeBanner))
}

// TestBannerDefencePlan checks that the attacker's plans see the banner's
// defence floor: the warrior's best plan against the guard at 0 AP under
// the banner is its plan against the same guard with the prince's card's
// defence_ap (pattern E), and the plan against a guard holding 1 AP, to
// 1e-12; not the plan against a guard at 0 AP.
func TestBannerDefencePlan(t *testing.T) {
	plan := func(e *engine, guardAP int) (int, float64) {
		e.c[0].pos = field.Vec{X: 6, Y: 3}
		e.c[1].pos = field.Vec{X: 6, Y: 5}
		e.c[2].pos = field.Vec{X: 6, Y: 5 + e.c[1].radius + e.c[2].radius}
		e.c[1].ap, e.c[2].ap = guardAP, 3
		return bestAttack(e, 2, 1, 0, nil, true, false)
	}
	card := battle(t, []*Fighter{apCard(t, "prince-3", defenceAura), apCard(t, "crown-guard-1")}, []*Fighter{apCard(t, "kherops-warrior-1")})
	fb, vb := plan(bannerBattle(t, princeBanner), 0)
	fc, vc := plan(card, 0)
	f1, v1 := plan(bannerBattle(t), 1)
	_, v0 := plan(bannerBattle(t), 0)
	if fb != fc || math.Abs(vb-vc) > 1e-12 || fb != f1 || math.Abs(vb-v1) > 1e-12 {
		t.Errorf("under the banner: first %d, value %.6f; the card's aura: %d, %.6f; at 1 AP: %d, %.6f", fb, vb, fc, vc, f1, v1)
	}
	if math.Abs(v0-v1) < 1e-6 {
		t.Errorf("plans against 0 and 1 AP have the same value %.6f: the test tells nothing", v0)
	}
}

// TestBannerDefenceTrace checks the trace of a defence at the banner's
// floor: it names the banner, not an AP aura of the bearer's card.
func TestBannerDefenceTrace(t *testing.T) {
	e := bannerBattle(t, princeBanner)
	var b strings.Builder
	e.trace = &b
	e.c[0].pos, e.c[1].pos = field.Vec{X: 6, Y: 3}, field.Vec{X: 6, Y: 4}
	e.traceAPAura(1, apDefence, 1)
	if want := "A2 crown-guard-1 defends with 1 AP kept for defence by the banner of A1 prince-3 (card_banners; not kept)"; !strings.Contains(b.String(), want) {
		t.Errorf("trace %q, want %q", b.String(), want)
	}
	e = battle(t, []*Fighter{apCard(t, "prince-3", defenceAura), apCard(t, "crown-guard-1")}, []*Fighter{apCard(t, "kherops-warrior-1")})
	b.Reset()
	e.trace = &b
	e.c[0].pos, e.c[1].pos = field.Vec{X: 6, Y: 3}, field.Vec{X: 6, Y: 4}
	e.traceAPAura(1, apDefence, 1)
	if !strings.Contains(b.String(), "given by the ap aura of A1 prince-3") {
		t.Errorf("card's aura trace %q", b.String())
	}
}
