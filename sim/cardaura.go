package sim

import (
	"slices"
	"sync"

	"github.com/kharn-ages/kharn/profiles"
)

// A special card's aura given to Safars of the list (a list's
// card_aura_grants, profiles/listcards.go; skills.md section 3.2, the Goûn
// aura upgrades: "+1 stature" for the allies in the bearer's aura): each
// Safar an entry's by names fights with a copy of its card carrying the
// entry's aura grant in its aura_grants, so that pattern D's engine plays
// it (sim/auragrants.go: the buffed kinds, refreshAuras between actions,
// the exchange, the plans and the trace read them). A buff of stature
// (AuraBuffs.Stature) makes the buffed kind's card taller by that much: the
// exchange reads it (the CH bonus, R9; the assault bonus, R8; a repel), so
// the exact engine plays it in every exchange of a Safar in the aura; its
// base does not grow (reach, contact, sight and cover keep the card's
// base: the combatant's radius and stature, set once per battle). A duel
// has no list: skirmishes only.

// cardAuraKey names a Fighter with a list's card auras.
type cardAuraKey struct {
	f     *Fighter
	first *profiles.CardAuraGrant
	n     int
}

// cardAuraFighters caches the Fighters with card auras, so that the battles
// of a run share their option tables (Tables tells Fighters apart by their
// profile's identity).
var cardAuraFighters sync.Map // cardAuraKey -> *Fighter

// cardAuraSides returns the Safars of each side of sk (as given: fighters)
// with their list's card auras added to the aura_grants of those the
// auras name; fighters itself when no list has one.
func cardAuraSides(sk *Skirmish, fighters [2][]*Fighter) [2][]*Fighter {
	for s := range 2 {
		cards := sk.Sides[s].CardAuraGrants
		if len(cards) == 0 {
			continue
		}
		out := make([]*Fighter, len(fighters[s]))
		for k, f := range fighters[s] {
			out[k] = withCardAuras(f, cards)
		}
		fighters[s] = out
	}
	return fighters
}

// withCardAuras returns f with the aura grants of cards whose by names it
// added to its card's aura_grants, or f itself when none does.
func withCardAuras(f *Fighter, cards []profiles.CardAuraGrant) *Fighter {
	some := false
	for x := range cards {
		some = some || cards[x].By.Matches(f.Profile)
	}
	if !some {
		return f
	}
	key := cardAuraKey{f: f, first: &cards[0], n: len(cards)}
	if v, ok := cardAuraFighters.Load(key); ok {
		return v.(*Fighter)
	}
	p := *f.Profile
	p.AuraGrants = slices.Clip(p.AuraGrants)
	for x := range cards {
		if cards[x].By.Matches(f.Profile) {
			p.AuraGrants = append(p.AuraGrants, cards[x].Grant)
		}
	}
	c := *f
	c.Profile = &p
	v, _ := cardAuraFighters.LoadOrStore(key, &c)
	return v.(*Fighter)
}
