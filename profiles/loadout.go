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
	// Ammunition is the ammunition a list bought for its ranged weapons
	// (profiles/ammunition.go), and Listed marks a list's loadout, whose
	// weapons that shoot only bought ammunition have none unless it bought
	// some.
	Ammunition []AmmunitionPurchase
	Listed     bool
	// Upgrades are the upgrades a list bought on its weapons
	// (profiles/upgrades.go): the edge, +1 damage.
	Upgrades []Upgrade
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
		if e.MountEquipment != "" && p.Mount == nil {
			errs = append(errs, fmt.Errorf("equipment %q is carried by %s: %s rides no mount (catalogue.md 4.6 mountEquipment)", id,
				map[string]string{MountWorn: "a mount", RiderWorn: "a mounted rider"}[e.MountEquipment], p.ID))
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
		errs = append(errs, loadoutSlotProblems(l.Items(ds))...) // copies.go
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
// order, each removed item left out, followed by the added ones; except that the
// i-th added item takes the place of the i-th removed one when both are of the same
// kind, so a swap keeps the card's order. Order matters: a Safar fights with the
// first melee and the first shooting weapon it carries (sim.NewFighter), so the
// card's dagger swapped for a sword puts the sword in hand even when a parrying
// dagger follows it on the card. It panics if an id is not in ds, which a Loadout
// made by ds.Equip rules out. The shots of its ranged weapons are those of
// its ammunition (profiles/ammunition.go): a weapon that shoots only bought
// ammunition and has none is left out. A weapon l bought the edge for deals
// its damage +1 (profiles/upgrades.go).
func (l Loadout) Items(ds *DataSet) []*Equipment {
	return l.withUpgrades(l.withAmmunition(l.items(ds)))
}

// items returns the equipment of l as the data set has it (Items).
func (l Loadout) items(ds *DataSet) []*Equipment {
	ids := slices.Clone(l.Profile.Equipment)
	const kept, swapped, removed = 0, 1, 2
	state := make([]int, len(ids))
	var tail []string
	for i, id := range l.Remove {
		j := -1 // the first card item id not yet removed or swapped
		for k := range ids {
			if ids[k] == id && state[k] == kept {
				j = k
				break
			}
		}
		if i < len(l.Add) && j >= 0 && ds.mustItem(l.Add[i]).Kind == ds.mustItem(id).Kind {
			ids[j], state[j] = l.Add[i], swapped
			continue
		}
		if i < len(l.Add) {
			tail = append(tail, l.Add[i])
		}
		if j >= 0 {
			state[j] = removed
		}
	}
	if len(l.Add) > len(l.Remove) {
		tail = append(tail, l.Add[len(l.Remove):]...)
	}
	out := make([]*Equipment, 0, len(ids)+len(tail))
	for j, id := range ids {
		if state[j] != removed {
			out = append(out, ds.mustItem(id))
		}
	}
	for _, id := range tail {
		out = append(out, ds.mustItem(id))
	}
	return out
}

// Cost returns the recruitment cost of l in Krowns: the profile's cost, which
// includes its base equipment, minus the cost of the removed items plus the cost
// of the added ones (rulebook "Equipment": 75 + (22-8) = 89 Krowns for a Mongo
// Warrior who swaps his Mkuki for a guisarme, 97 if he keeps both), plus its
// ammunition's (profiles/ammunition.go) and upgrades' (profiles/upgrades.go).
// It panics if an id is not in ds, which a Loadout made by ds.Equip rules out.
func (l Loadout) Cost(ds *DataSet) int {
	cost := l.Profile.Cost + l.ammunitionCost(l.items(ds)) + l.upgradeCost()
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
