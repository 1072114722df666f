package sim

import "github.com/kharn-ages/kharn/profiles"

// A special card's "may skip his actions once per turn so that an ally
// within 3 toises that already acted recovers 5 AP" (skills.md section 3.2,
// the father; a list's card_skips_for_ally, profiles/listcards.go): at the
// start of the activation of a Safar it names (its AP recovered), it may
// take no action in that activation; then one ally the card names, in play,
// within the card's distance (centre to centre, as an aura), that has
// already acted this turn, recovers the card's AP. Readings (open):
// "recovers" is read as getting AP back up to its AP characteristic (what
// an activation gives back, R14), not beyond; it holds them to defend with
// until its next activation, when it recovers its AP anyway (as give_ap's
// AP to an ally that has acted, sim/apauras.go); "skip his actions" takes
// every action, moves included; once per turn (an activation played again
// in the turn, by a card or a spell, may not skip again). Policy: the ally
// whose AP to defend with are worth the most (keepValues: the damage they
// are expected to save), when that is worth more than the Safar's own
// activation (returnWorth, sim/magic_return.go: its threat over a whole
// activation on its nearest enemy, 0 when it can reach none). A duel has no
// list: skirmishes only. No exchange changes.

// skipLink is a card by which Safar by may skip its actions.
type skipLink struct {
	by   int
	rule *profiles.CardSkipFor
}

// initSkips lists the Safars of sk whose list's card lets them skip their
// actions for an ally; e.skips stays nil when none.
func (e *engine) initSkips(sk *Skirmish) {
	e.skips, e.skippedIn = nil, nil
	sk.eachSafar(func(i int, h *Spearhead, f *Fighter) {
		for x := range h.CardSkipsFor {
			if h.CardSkipsFor[x].By.Matches(f.Profile) {
				e.skips = append(e.skips, skipLink{by: i, rule: &h.CardSkipsFor[x]})
			}
		}
	})
	if e.skips != nil {
		e.skippedIn = make([]int, len(e.c))
	}
}

// skipGain returns what ally k recovers of n AP now: up to its AP
// characteristic.
func (e *engine) skipGain(k, n int) int {
	o := &e.c[k]
	return min(n, max(o.f.Profile.AP-o.ap, 0))
}

// skipChoice is the default policy's choice, for Safar i at the start of
// its activation, of the ally its card's skipped actions give AP to, and
// the AP; -1 when it plays its activation.
func (e *engine) skipChoice(i int) (int, int) {
	if e.nearestEnemy(i) < 0 {
		return -1, 0
	}
	best, bestN, bestV := -1, 0, max(e.returnWorth(i), 0)+1e-9 // its own activation's worth
	for x := range e.skips {
		l := &e.skips[x]
		if l.by != i {
			continue
		}
		for k := range e.c {
			o := &e.c[k]
			if k == i || o.side != e.c[i].side || !o.inPlay() || !o.acted || !l.rule.To.Matches(o.f.Profile) || !e.within(i, k, l.rule.Within) {
				continue
			}
			n := e.skipGain(k, l.rule.AP)
			if n == 0 {
				continue
			}
			kv := keepValues(e, k)
			if v := kv[min(max(o.ap+n, 0), 7)] - kv[min(max(o.ap, 0), 7)]; v > bestV {
				best, bestN, bestV = k, n, v
			}
		}
	}
	return best, bestN
}

// skipForAlly plays, at the start of Safar i's activation, its card's choice
// to skip its actions for an ally (skipChoice); it reports whether i skips.
func (e *engine) skipForAlly(i int) bool {
	if e.reactivating || e.skippedIn[i] == e.round {
		return false
	}
	k, n := e.skipChoice(i)
	if k < 0 {
		return false
	}
	e.skippedIn[i] = e.round
	e.c[k].ap += n
	if e.trace != nil {
		e.tracef("  %s skips its actions (card_skips_for_ally): %s, which has acted, recovers %d AP: %d AP\n", e.name(i), e.name(k), n, e.c[k].ap)
	}
	return true
}
