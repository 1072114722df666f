package profiles

import (
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// listTraitGrant reports whether t is a trait an item may give its holder:
// the LIST traits of recruitment, "stateless" (skills.md #61, apatride; English
// seed 000 line 394) and "allied of <faction>" (skills.md #25).
func listTraitGrant(t string) bool {
	if t == TraitStateless {
		return true
	}
	f, ok := strings.CutPrefix(t, TraitAlliedOf)
	return ok && slices.Contains(SpearheadFactions(), f)
}

// grantTraits decodes an item's grants_traits: a list of "stateless" or
// "allied of <faction>".
func (d *decoder) grantTraits(n *yaml.Node, field string) []string {
	elems, _ := d.sequence(n, field)
	var out []string
	for i, e := range elems {
		tf := index(field, i)
		t, ok := d.stringValue(e, tf)
		if !ok {
			continue
		}
		t = strings.Join(strings.Fields(strings.ToLower(t)), " ")
		if !listTraitGrant(t) {
			d.errorf(deref(e), tf, "an item grants only the list traits %q or %q followed by a faction (%s), got %q",
				TraitStateless, TraitAlliedOf, strings.Join(SpearheadFactions(), ", "), t)
			continue
		}
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// memberRecruitable reports whether a Spearhead of faction may recruit p
// carrying the items added ids (a list entry's add): listRecruitable, or one
// of the items grants it a trait that allows it (Equipment.GrantsTraits: the
// Black Guild seal that makes its holder stateless, catalogue.md 4.6
// "Items"). The card of a profile carrying such an item as base equipment
// already has the trait (the importer writes it).
func memberRecruitable(p *Profile, added []string, faction string, ds *DataSet) bool {
	if listRecruitable(p, faction) {
		return true
	}
	for _, id := range added {
		e, err := ds.Item(id)
		if err != nil {
			continue // reported by checkEquipment
		}
		if traitsAdmit(e.GrantsTraits, faction) {
			return true
		}
	}
	return false
}
