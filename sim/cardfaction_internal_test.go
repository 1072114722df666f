package sim

import (
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// TestCardOneFactionSupport checks a list's "every model counts as one
// faction for support" (skills.md 3.2, an Affranchis Spearhead;
// sim/cardfaction.go): a paladin whose card supports only its faction's
// allies (pattern S's own_faction, +3) supports a Khérops ally of its list
// with the card (+3 to the ally's attack, as TestStrongSupport's "own
// faction" case), and not without it (0, R8 alone: the Khérops fights
// alone); the policies' worth of its support (supportTo) follows; a card
// naming only the paladin changes nothing.
func TestCardOneFactionSupport(t *testing.T) {
	loyal := withCard(t, "paladin-2", func(p *profiles.Profile) { p.Support = &profiles.SupportRule{Bonus: 3, OwnFaction: true} })
	foreign, foe := fighterOf(t, "kherops-warrior-1"), fighterOf(t, "kherops-warrior-1")
	for _, c := range []struct {
		name     string
		cards    []profiles.CardOneFaction
		att, sup int
	}{
		{"without the card", nil, 0, 0},
		{"every model one faction", []profiles.CardOneFaction{{To: profiles.Selector{All: true}}}, 3, 3},
		{"the card names the paladin only", []profiles.CardOneFaction{{To: profiles.Selector{Profiles: []string{"paladin-2"}}}}, 0, 0},
	} {
		sk := &Skirmish{Sides: [2]Spearhead{
			{Safars: []*Fighter{foreign, loyal}, Costs: []int{50, 50}, Leader: -1, CardOneFaction: c.cards},
			{Safars: []*Fighter{foe}, Costs: []int{50}, Leader: -1},
		}}
		e := handEngine(t, sk)
		meleeLine(e, 2, []int{1})
		sa, sd := e.support(0, 2), e.support(2, 0)
		if att, def := supportBonus(sa, sd); att != c.att || def != 0 {
			t.Errorf("%s: support +%d to the Khérops ally, +%d to the enemy; want +%d, +0", c.name, att, def, c.att)
		}
		if got := e.supportTo(1, 0); got != c.sup {
			t.Errorf("%s: the paladin's support worth %d to the Khérops ally, want %d", c.name, got, c.sup)
		}
	}
}
