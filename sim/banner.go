package sim

import (
	"math/rand/v2"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/dice"
)

// A special card's standard (skills.md section 3.2: "a banner that keeps 1
// AP for defence, rerolls failed terror and fright tests once, and gives a
// mastery die"; a list's card_banners, profiles/listcards.go): an ally the
// banner names, standing in the aura of one of its bearers (I toises from
// the centre of the bearer's base, seed 000 lines 585-593; engine.within),
// rolls a failed temerity test against terror (seed 000 lines 1280-1306:
// the test at its activation in a terrifying enemy's zone, and on walking
// into one) or a failed fright test (lines 1316-1337) again, once, the
// second roll standing; a second failure goes on as any failure (Rallying,
// a burnt mastery die, the fright table). The bearer is not in its own
// aura (the engine's other auras, sim/auras.go, read "allies in its aura"
// so). The last Safar's temerity test (lines 1284-1300) is no terror test:
// not rerolled. The 1 AP it keeps for defence (defence_ap, skills.md 3.2:
// "a banner that keeps 1 AP for defence") is pattern E's AP floor
// (sim/apauras.go, defence_ap): initBanners gives each bearer an AP aura
// {defence_ap: N, to: the banner's allies, within: its aura}, played by
// the same engine path as a profile's ap_auras (engine.apAura over
// engine.apAurasOf), the exchange's best response with the floor's AP, the
// attacker's plans counting them (engine.targetAP), not kept; a bearer
// that carries a card's defence_ap too gives the best of the two, as
// identical auras do not stack (skills.md section 3, D). The mastery die
// the banner gives (mastery_die; the card does not say to whom: read as its
// bearer's) is played by cardMasterySides (sim/cardmastery.go). A duel has
// no list: skirmishes only. The exact engine's exchange is unchanged by the
// rerolls (a morale test comes before it); the defence floor is an
// exchange's defender AP, as any AP it holds.

// bannerLink is one bearer k of a banner whose rule covers Safar i.
type bannerLink struct{ bearer, ally int }

// initBanners lists, for the sides of sk, who bears a banner over whom; e.banners
// stays nil when no list has one. A banner's defence_ap becomes an AP aura
// of each bearer (engine.apAurasOf; sim/apauras.go plays it).
func (e *engine) initBanners(sk *Skirmish) {
	e.banners = e.banners[:0]
	n := 0
	for s := range 2 {
		h := &sk.Sides[s]
		for _, b := range h.CardBanners {
			for k, fk := range h.Safars {
				if b.DefenceAP == 0 || !b.By.Matches(fk.Profile) {
					continue
				}
				own := e.apAurasOf[n+k]
				e.apAurasOf[n+k] = append(own[:len(own):len(own)], profiles.APAura{DefenceAP: b.DefenceAP, To: b.To, Pos: b.Pos})
				e.apAuras = true
			}
			if !b.RerollTerror {
				continue
			}
			for k, fk := range h.Safars {
				if !b.By.Matches(fk.Profile) {
					continue
				}
				for i, fi := range h.Safars {
					if i != k && b.To.Matches(fi.Profile) {
						e.banners = append(e.banners, bannerLink{bearer: n + k, ally: n + i})
					}
				}
			}
		}
		n += len(h.Safars)
	}
}

// bannerOver returns a bearer in play whose banner holds Safar i in its
// aura, or -1.
func (e *engine) bannerOver(i int) int {
	for _, l := range e.banners {
		if l.ally == i && e.c[l.bearer].inPlay() && e.within(l.bearer, i, float64(e.c[l.bearer].f.Stats().I)) {
			return l.bearer
		}
	}
	return -1
}

// terrorFails rolls the temerity test of Safar i against terror x with T t
// (temerityFailsAt), rolled again once on a failure under a banner
// (bannerOver); what reports the test in the trace.
func (e *engine) terrorFails(r *rand.PCG, i, t, x int, what string) bool {
	if !temerityFailsAt(r, t, x) {
		return false
	}
	k := e.bannerOver(i)
	if k < 0 {
		return true
	}
	fails := temerityFailsAt(r, t, x)
	if e.trace != nil {
		e.tracef("    %s rerolls its failed temerity test %s (%d) under the banner of %s: %s\n", e.name(i), what, x, e.name(k), passedOr(fails))
	}
	return fails
}

// passedOr names a test's outcome for a trace.
func passedOr(failed bool) string {
	if failed {
		return "fails again"
	}
	return "passes"
}

// bannerFright rerolls the failed fright test of Safar i (its d10 d against
// threshold x with total t+d) under a banner: it returns the second d10, or
// d when no banner holds i.
func (e *engine) bannerFright(r *rand.PCG, i, src, t, x, d int) int {
	k := e.bannerOver(i)
	if k < 0 {
		return d
	}
	d2 := dice.D10(r)
	if e.trace != nil {
		e.tracef("    %s rerolls its failed fright test against %s (%d) under the banner of %s: rolls %d, total %d\n", e.name(i), e.frightName(src), x, e.name(k), d2, t+d2)
	}
	return d2
}

// bannerDefence reports whether the defence_ap of v AP that Safar by's AP
// auras give Safar i is its list's banner's (initBanners), not its card's:
// the trace names the banner.
func (e *engine) bannerDefence(by, i, v int) bool {
	auras := e.apAurasOf[by]
	for x := len(e.c[by].f.Profile.APAuras); x < len(auras); x++ {
		if a := &auras[x]; a.DefenceAP == v && a.To.Matches(e.c[i].f.Profile) {
			return true
		}
	}
	return false
}
