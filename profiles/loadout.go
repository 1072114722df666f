package profiles

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Loadout is the equipment a Safar takes to a game: its profile's base equipment
// minus Remove plus Add (rulebook "Equipment", English seed 000 lines 1680-1692).
// Make one with DataSet.Equip, which checks it.
type Loadout struct {
	Profile     *Profile
	Add, Remove []string
}

// Equip returns the loadout of p with the equipment ids add taken on and the ids
// remove left behind. Every id must be in ds, and every removed id in p's base
// equipment (as many times as it is removed). Reserved items must be allowed to p,
// and p may not hold a two-handed weapon and a shield without the exceptional skill
// (rulebook "Number of hands"). Equip reports every problem at once.
func (ds *DataSet) Equip(p *Profile, add, remove []string) (Loadout, error) {
	var errs []error
	base := slices.Clone(p.Equipment)
	for _, id := range remove {
		i := slices.Index(base, id)
		if i < 0 {
			if ds.item(id) == nil {
				_, err := ds.Item(id)
				errs = append(errs, err)
			} else {
				errs = append(errs, fmt.Errorf("cannot remove %q: not in the base equipment of %s (%s)",
					id, p.ID, strings.Join(p.Equipment, ", ")))
			}
			continue
		}
		base = slices.Delete(base, i, i+1)
	}
	for _, id := range add {
		e, err := ds.Item(id)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if !e.AllowedTo(p) {
			errs = append(errs, fmt.Errorf("equipment %q is reserved to %s", id, strings.Join(e.ReservedTo, ", ")))
		}
	}
	for _, id := range p.Equipment {
		if ds.item(id) == nil {
			_, err := ds.Item(id)
			errs = append(errs, fmt.Errorf("base equipment of %s: %w", p.ID, err))
		}
	}
	l := Loadout{Profile: p, Add: slices.Clone(add), Remove: slices.Clone(remove)}
	if len(errs) == 0 {
		if _, ok := p.Skill(SkillExceptional); !ok {
			var twoHanded, shield string
			for _, e := range l.Items(ds) {
				switch {
				case e.Kind == KindShield:
					shield = e.ID
				case e.Hands == 2 && e.Kind != KindArmour:
					twoHanded = e.ID
				}
			}
			if twoHanded != "" && shield != "" {
				errs = append(errs, fmt.Errorf("two-handed %q and shield %q need the exceptional skill (rulebook \"Number of hands\")", twoHanded, shield))
			}
		}
	}
	if err := errors.Join(errs...); err != nil {
		return Loadout{}, err
	}
	return l, nil
}

// Items returns the equipment of l: the base equipment of its profile, in card
// order, minus the removed items, followed by the added ones. It panics if an id
// is not in ds, which a Loadout made by ds.Equip rules out.
func (l Loadout) Items(ds *DataSet) []*Equipment {
	ids := slices.Clone(l.Profile.Equipment)
	for _, id := range l.Remove {
		if i := slices.Index(ids, id); i >= 0 {
			ids = slices.Delete(ids, i, i+1)
		}
	}
	ids = append(ids, l.Add...)
	out := make([]*Equipment, len(ids))
	for i, id := range ids {
		out[i] = ds.mustItem(id)
	}
	return out
}

// Cost returns the recruitment cost of l in Krowns: the profile's cost, which
// includes its base equipment, minus the cost of the removed items plus the cost
// of the added ones (rulebook "Equipment": 75 + (22-8) = 89 Krowns for a Mongo
// Warrior who swaps his Mkuki for a guisarme, 97 if he keeps both). It panics if
// an id is not in ds, which a Loadout made by ds.Equip rules out.
func (l Loadout) Cost(ds *DataSet) int {
	cost := l.Profile.Cost
	for _, id := range l.Remove {
		cost -= ds.mustItem(id).Cost
	}
	for _, id := range l.Add {
		cost += ds.mustItem(id).Cost
	}
	return cost
}

func (ds *DataSet) mustItem(id string) *Equipment {
	e := ds.item(id)
	if e == nil {
		panic(fmt.Sprintf("profiles: loadout refers to equipment %q, not in the data set", id))
	}
	return e
}
