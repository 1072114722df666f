package sim

import (
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// TestGrantedCopies checks the grants of a card to its own copies in the
// equal-budget battles of kharn cost (a side of copies, no leader): a grant to
// all reaches them, one while it leads does not (no leader there), and one
// with at least N of its kind only from N copies on (catalogue.md 3.8,
// conditions read on the list).
func TestGrantedCopies(t *testing.T) {
	mk := func(g profiles.AllyGrant) *Fighter {
		return NewFighter(&profiles.Profile{ID: "invented-chief-2", Name: "chief", Level: 2,
			Stats: profiles.Stats{V: 4, P: 4, A: 4, C: 4, T: 4, I: 4}, Stature: 3, AP: 5, HP: 20,
			AllyGrants: []profiles.AllyGrant{g}}, nil)
	}
	cunning := []profiles.Skill{{Name: profiles.SkillCunning}}
	all := mk(profiles.AllyGrant{Skills: cunning, To: profiles.Selector{All: true}})
	if g := grantedCopies(all, 2); !g.Skills.Cunning || all.Skills.Cunning {
		t.Errorf("grant to all: copies Cunning %v (the card itself %v)", g.Skills.Cunning, all.Skills.Cunning)
	}
	if g := grantedCopies(all, 2); g != grantedCopies(all, 2) {
		t.Error("the granted copy is not cached: option tables would be recomputed")
	}
	lead := mk(profiles.AllyGrant{Skills: cunning, To: profiles.Selector{All: true}, Leader: true})
	if g := grantedCopies(lead, 3); g != lead {
		t.Error("a grant while it leads reached copies with no leader")
	}
	three := mk(profiles.AllyGrant{Skills: cunning, To: profiles.Selector{All: true}, AtLeast: 3, Of: profiles.Selector{Profiles: []string{"invented-chief"}}})
	if grantedCopies(three, 2).Skills.Cunning || !grantedCopies(three, 3).Skills.Cunning {
		t.Error("a grant with at least 3 of its kind: wrong with 2 or 3 copies")
	}
}
