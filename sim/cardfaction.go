package sim

// A special card's "every model counts as one faction for support"
// (skills.md section 3.2, an Affranchis Spearhead; a list's
// card_one_faction_support, profiles/listcards.go): the Safars of the list
// it names count as of one faction where support reads factions, the one
// place being a card's support that helps only allies of its faction
// (pattern S's own_faction, sim/support.go: engine.support, and the
// policies' supportTo). R8's support counts every ally whatever its
// faction, so nothing else changes. The support bonus goes into the
// exchange as any (Exchange.Support, exact and sampled). A duel has no
// list: skirmishes only.

// initOneFaction marks the Safars of sk that their list's card counts as of
// one faction; e.oneFaction stays nil when no list has the card.
func (e *engine) initOneFaction(sk *Skirmish) {
	sk.eachSafar(func(i int, h *Spearhead, f *Fighter) {
		for _, c := range h.CardOneFaction {
			if c.To.Matches(f.Profile) {
				if e.oneFaction == nil {
					e.oneFaction = make([]bool, len(e.c))
				}
				e.oneFaction[i] = true
			}
		}
	})
}

// supportFaction reports whether Safars a and b count as of one faction for
// support: their cards' faction, or both named by their list's card.
func (e *engine) supportFaction(a, b int) bool {
	if e.c[a].f.Profile.Faction == e.c[b].f.Profile.Faction {
		return true
	}
	return e.oneFaction != nil && e.oneFaction[a] && e.oneFaction[b] && e.c[a].side == e.c[b].side
}
