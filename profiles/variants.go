package profiles

import "fmt"

// Label names a loadout by its changes to the card: "base", "+buckler",
// "sword>battle-axe" for a swap, "-round-shield".
func (l Loadout) Label() string {
	if len(l.Add) == 0 && len(l.Remove) == 0 {
		return "base"
	}
	if len(l.Add) == 1 && len(l.Remove) == 1 {
		return l.Remove[0] + ">" + l.Add[0]
	}
	s := ""
	for _, id := range l.Remove {
		s += "-" + id
	}
	for _, id := range l.Add {
		if s != "" {
			s += " "
		}
		s += "+" + id
	}
	return s
}

// Variants returns the loadouts a player would compare for p: its card's
// equipment, and every legal single change of it (rulebook "Equipment"): each
// weapon of the card swapped for another weapon of the same kind, a weapon of a kind
// the card lacks taken on, the shield left behind or a shield taken on when the
// hands allow it. Loadouts DataSet.Equip rejects (reserved items, two hands and a
// shield) are left out.
func (ds *DataSet) Variants(p *Profile) []Loadout {
	out := []Loadout{{Profile: p}}
	seen := map[string]bool{"base": true}
	try := func(add, remove []string) {
		l, err := ds.Equip(p, add, remove)
		if err != nil || seen[l.Label()] {
			return
		}
		seen[l.Label()] = true
		out = append(out, l)
	}
	has := map[Kind]string{}
	for _, id := range p.Equipment {
		if it := ds.item(id); it != nil {
			if _, ok := has[it.Kind]; !ok {
				has[it.Kind] = id
			}
		}
	}
	for _, it := range ds.Equipment {
		if it.Kind == KindArmour {
			continue // armour changes are a designer's question, not a loadout comparison
		}
		if old, ok := has[it.Kind]; ok {
			if old != it.ID {
				try([]string{it.ID}, []string{old})
			}
			continue
		}
		try([]string{it.ID}, nil)
	}
	if id, ok := has[KindShield]; ok {
		try(nil, []string{id})
	}
	return out
}

// String returns the label with the profile id, for messages.
func (l Loadout) String() string {
	s := fmt.Sprintf("%s (%s)", l.Profile.ID, l.Label())
	for _, a := range l.Ammunition { // profiles/ammunition.go
		s += fmt.Sprintf(" +%d shots%s for %s", a.Shots, a.Special(), a.Weapon)
	}
	for _, u := range l.Upgrades { // profiles/upgrades.go
		s += fmt.Sprintf(" +%s on %s", u.ID, u.Weapon)
	}
	return s
}
