package sim

import (
	"sync"

	"github.com/kharn-ages/kharn/profiles"
)

// grantedMembers returns the profile each Safar of list l (its loadouts los,
// one per Safar) fights with: its card with the skills other cards of the
// Spearhead give it (profiles.GrantedProfiles: a member's grants_allies, the
// list's card_grants; catalogue.md 3.8, skills.md section 3 pattern D and
// 3.2), read once on the list, as the list builder reads them.
func grantedMembers(l *profiles.List, los []profiles.Loadout) []*profiles.Profile {
	members := make([]*profiles.Profile, len(los))
	leader := -1
	for k, lo := range los {
		members[k] = lo.Profile
		if leader < 0 && lo.Profile.ID == l.Leader {
			leader = k
		}
	}
	return profiles.GrantedProfiles(members, leader, l.CardGrants)
}

// ownGrants caches grantedCopies: the budget matches of kharn cost build
// their sides again for each count of Safars, and the option tables are
// keyed by the Fighter's profile.
var ownGrants sync.Map // ownGrantKey -> *Fighter

type ownGrantKey struct {
	f *Fighter
	n int
}

// grantedCopies returns the Fighter each of n copies of f fights with in a
// side of f alone and no leader (repeatSide): f with the skills its own card
// gives the Safars of its Spearhead it matches (profiles.GrantedProfiles), or
// f itself when none does.
func grantedCopies(f *Fighter, n int) *Fighter {
	if len(f.Profile.AllyGrants) == 0 {
		return f
	}
	k := ownGrantKey{f, n}
	if g, ok := ownGrants.Load(k); ok {
		return g.(*Fighter)
	}
	members := make([]*profiles.Profile, n)
	for i := range members {
		members[i] = f.Profile
	}
	p := profiles.GrantedProfiles(members, -1, nil)[0]
	g := f
	if p != f.Profile {
		c := *f
		c.Profile, c.Skills = p, ReadSkills(p)
		ambidextrousRiposte(&c)
		g = &c
	}
	v, _ := ownGrants.LoadOrStore(k, g)
	return v.(*Fighter)
}
