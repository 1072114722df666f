package sim

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/stats"
)

// bannerEngine returns a skirmish engine of a mongo warrior and a goun
// shaman (A), whose list has banners (a list's card_banners,
// profiles/listcards.go), against a guild crossbowman (B); the warrior
// stands 1 toise from the shaman, in its aura.
func bannerEngine(t *testing.T, banners []profiles.CardBanner) *engine {
	t.Helper()
	a := handSide(t, []string{"mongo-warrior-2", "goun-shaman-2"}, 50, 50)
	a.CardBanners = banners
	e := handEngine(t, &Skirmish{Sides: [2]Spearhead{a, handSide(t, []string{"guild-crossbowman-2"}, 50)}})
	e.round = 1
	bannerPlace(e, 1)
	return e
}

// bannerPlace puts the shaman at 5 toises, the warrior d toises from it and
// the crossbowman far away.
func bannerPlace(e *engine, d float64) {
	e.place(1, 5)
	e.place(0, 5+d)
	e.place(2, 20)
}

// TestBannerReroll checks a special card's standard (skills.md 3.2: "a
// banner that ... rerolls failed terror and fright tests once"; a list's
// card_banners, sim/banner.go): a temerity test against terror and a fright
// test of the warrior, in the bearer's aura, fail with probability p*p (p
// the chance of one roll failing: a natural 1 or T + d10 below the
// threshold), and with p when the bearer is out of range or has no banner;
// each frequency within a 99.99% Wilson interval of 20000 tests. The bearer
// has no banner over itself; the trace names the reroll.
func TestBannerReroll(t *testing.T) {
	banner := []profiles.CardBanner{{By: profiles.Selector{Profiles: []string{"goun-shaman-2"}}, To: profiles.Selector{All: true}, RerollTerror: true}}
	e := bannerEngine(t, banner)
	if k := e.bannerOver(0); k != 1 {
		t.Fatalf("banner over the warrior: %d, want the shaman (1)", k)
	}
	if k := e.bannerOver(1); k != -1 {
		t.Errorf("the bearer is under its own banner (%d)", k)
	}
	far := float64(e.c[1].f.Stats().I) + 1
	oneFails := func(t0, x int) float64 { // P(a natural 1, or t0 + d < x)
		n := 1
		for d := 2; d <= 10; d++ {
			if t0+d < x {
				n++
			}
		}
		return float64(n) / 10
	}
	const n = 20000
	r := rand.NewPCG(4, 17)
	check := func(name string, fails int, p float64) {
		t.Helper()
		lo, hi := stats.Wilson(fails, n, 0.9999)
		if p < lo || p > hi {
			t.Errorf("%s: %d failures of %d, want probability %.4f (99.99%% interval %.4f-%.4f)", name, fails, n, p, lo, hi)
		}
	}
	tw := e.c[0].f.Stats().T
	x := tw + 7 // fails on 1-6: p 0.6
	p := oneFails(tw, x)
	for _, tc := range []struct {
		name string
		e    *engine
		d    float64
		want float64
	}{
		{"terror, in the banner's aura", e, 1, p * p},
		{"terror, out of the banner's aura", e, far, p},
		{"terror, no banner", bannerEngine(t, nil), 1, p},
	} {
		bannerPlace(tc.e, tc.d)
		fails := 0
		for range n {
			if tc.e.terrorFails(r, 0, tw, x, "against terror") {
				fails++
			}
		}
		check(tc.name, fails, tc.want)
	}

	// Fright: the warrior's T + I + 1D10 against x, with no mastery die to
	// burn and no level III ally.
	tf := e.c[0].f.Stats().T + e.c[0].f.Stats().I
	xf := tf + 5
	pf := oneFails(tf, xf)
	for _, tc := range []struct {
		name string
		e    *engine
		d    float64
		want float64
	}{
		{"fright, in the banner's aura", e, 1, pf * pf},
		{"fright, no banner", bannerEngine(t, nil), 1, pf},
	} {
		fails := 0
		for range n {
			tc.e.reset()
			tc.e.round = 1
			bannerPlace(tc.e, tc.d)
			tc.e.c[0].lostMastery = len(tc.e.c[0].f.Mastery)
			if !tc.e.frightTest(r, 0, 2, xf) {
				fails++
			}
		}
		check(tc.name, fails, tc.want)
	}

	var b strings.Builder
	e.trace = &b
	bannerPlace(e, 1)
	for range 200 {
		e.terrorFails(r, 0, tw, x, "against terror")
	}
	if !strings.Contains(b.String(), "rerolls its failed temerity test against terror") || !strings.Contains(b.String(), "under the banner of") {
		t.Errorf("trace lacks the banner's reroll:\n%.2000s", b.String())
	}
}
