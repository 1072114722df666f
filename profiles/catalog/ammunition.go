package catalog

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/kharn-ages/kharn/profiles"
)

// resolveBoughtAmmunition gives each weapon whose ammunition is only bought
// (catalogue.md 4.7: a munitionKind with neither baseMunitions nor reload)
// its default purchase, the data format's bought_ammunition: the cheapest
// tier of the kind's simple ammunition. A list's loadout has what the list
// buys instead, none when it buys none (profiles/ammunition.go); the reading
// is written as a note of the weapon.
func (c *Conversion) resolveBoughtAmmunition(file *notes) {
	for _, e := range c.equipment {
		if e.boughtOnly == "" || e.why != "" {
			continue
		}
		p, ok := c.cheapestSimple(e.munitionKind)
		if !ok {
			e.notModelledf("munitionKind %q with no baseMunitions and no reload, and no simple ammunition of that kind on sale (munitionKinds): read as unlimited", e.munitionKind)
			continue
		}
		e.bought = &p
		e.problemf(e.boughtOnly, "%q with no baseMunitions and no reload: only bought ammunition. In a list it has the shots the list buys (none bought: it cannot shoot); fielded with no list (duels, costs, compare) it carries the cheapest purchase of simple %s, %d shots for %d Kr added to its cost",
			e.munitionKind, e.munitionKind, p.Shots, p.Cost)
	}
}

// cheapestSimple returns the cheapest purchase of the simple ammunition of
// kind: the tier of lowest price that sells some (the more shots on a tie).
func (c *Conversion) cheapestSimple(kind string) (profiles.AmmunitionPurchase, bool) {
	mt, ok := c.munitions[kind]["simple"]
	if !ok {
		return profiles.AmmunitionPurchase{}, false
	}
	var best []profiles.AmmunitionPurchase
	for i, q := range mt.quantities {
		if q > 0 && i < len(mt.prices) && q <= 999 && mt.prices[i] >= 0 && mt.prices[i] <= 999 {
			best = append(best, profiles.AmmunitionPurchase{Shots: q, Cost: mt.prices[i]})
		}
	}
	if len(best) == 0 {
		return profiles.AmmunitionPurchase{}, false
	}
	return slices.MinFunc(best, func(a, b profiles.AmmunitionPurchase) int {
		return cmp.Or(cmp.Compare(a.Cost, b.Cost), cmp.Compare(b.Shots, a.Shots))
	}), true
}

// munitionEffect reads what a type of ammunition (catalogue.md 4.7, id and
// label) does beyond a simple shot: "fire" for fire ammunition (seed 004
// line 1670 "Enflammé", seed 000 line 1770 "Fire"; the catalogue's
// "brulant"), "poisoned" for poisoned ammunition ("Empoisonné"), "piercing"
// for armour-piercing ammunition ("perce", "perçant", "perforant": read as
// armour-piercing 1, sim/piercing.go), "" for the others (simple, hydra).
func munitionEffect(id, label string) string {
	s := fold(id + " " + label)
	for _, w := range []string{"enflamm", "brulant", "incendi", "feu", "fire"} {
		if strings.Contains(s, w) {
			return "fire"
		}
	}
	for _, w := range []string{"empoison", "poison", "venin"} {
		if strings.Contains(s, w) {
			return "poisoned"
		}
	}
	for _, w := range []string{"perce", "percant", "perfor", "piercing", "perforant"} {
		if strings.Contains(s, w) {
			return "piercing"
		}
	}
	return ""
}

// listAmmunition turns the ammunition a member bought (munitions: {weapon:
// {type: tier}}, catalogue.md 5.1) into the list format's purchases: shots
// of simple, fire, poisoned and armour-piercing ammunition count, the latter
// three as the purchase's fire, poisoned and piercing shots (sim/fire.go:
// they burn or poison what they hit; sim/piercing.go: armour-piercing 1);
// every type's Krowns are paid (the kind's tierPrices); the shots of other
// types (the hydra arrow), whose effects the engine does not play, are named
// and not counted.
// A weapon whose ammunition is only bought and for which the member bought
// nothing is named too: it cannot shoot.
func (c *Conversion) listAmmunition(m MemberExport, items []string, warn func(path, format string, args ...any)) []profiles.AmmunitionPurchase {
	var out []profiles.AmmunitionPurchase
	for _, w := range sortedKeys(anyMap(m.Munitions)) {
		path := m.Path + ".munitions." + w
		e, ok := c.equipByID[w]
		switch {
		case !ok || e.why != "":
			warn(path, "not modelled: ammunition bought for %q, not an imported weapon: ignored", w)
			continue
		case !slices.Contains(items, e.id):
			warn(path, "not modelled: ammunition bought for %q, which the member does not carry: ignored", w)
			continue
		case e.kind != profiles.KindRanged || (e.ef.Ammunition == 0 && e.bought == nil):
			warn(path, "ammunition bought for %q, which never runs out (it reloads, or counts no shots): its Krowns are not counted", w)
			continue
		}
		p := profiles.AmmunitionPurchase{Weapon: e.id}
		for _, t := range sortedKeys(anyMap(m.Munitions[w])) {
			tier := m.Munitions[w][t]
			mt, ok := c.munitions[e.munitionKind][t]
			if !ok || tier < 0 || tier >= len(mt.quantities) || tier >= len(mt.prices) {
				warn(path, "not modelled: ammunition %q tier %d is not on sale for %q (munitionKinds %q): ignored", t, tier, w, e.munitionKind)
				continue
			}
			p.Cost += mt.prices[tier]
			switch {
			case mt.effect == "fire":
				p.Fire += mt.quantities[tier]
			case mt.effect == "poisoned":
				p.Poisoned += mt.quantities[tier]
			case mt.effect == "piercing":
				p.Piercing += mt.quantities[tier]
			case t != "simple":
				warn(path, "not modelled: %d shots of %q bought for %q (that ammunition's effect): not counted, its %d Kr paid", mt.quantities[tier], t, w, mt.prices[tier])
				continue
			}
			p.Shots += mt.quantities[tier]
		}
		p.Shots, p.Cost = min(p.Shots, 999), min(p.Cost, 999)
		p.Fire = min(p.Fire, p.Shots)
		p.Poisoned = min(p.Poisoned, p.Shots-p.Fire)
		p.Piercing = min(p.Piercing, p.Shots-p.Fire-p.Poisoned)
		out = append(out, p)
	}
	for _, id := range items {
		e := c.equipWithID(id)
		if e == nil || e.bought == nil || slices.ContainsFunc(out, func(p profiles.AmmunitionPurchase) bool { return p.Weapon == id && p.Shots > 0 }) {
			continue
		}
		warn(m.Path, "%s: no ammunition bought for %q, whose ammunition is only bought: it cannot shoot", m.ProfileID, id)
	}
	return out
}

// ammunitionYAML writes the purchases as the list format's ammunition mapping.
func ammunitionYAML(ps []profiles.AmmunitionPurchase) string {
	s := "{"
	for i, p := range ps {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%s: {shots: %d, cost: %d", p.Weapon, p.Shots, p.Cost)
		if p.Fire > 0 {
			s += fmt.Sprintf(", fire: %d", p.Fire)
		}
		if p.Poisoned > 0 {
			s += fmt.Sprintf(", poisoned: %d", p.Poisoned)
		}
		if p.Piercing > 0 {
			s += fmt.Sprintf(", piercing: %d", p.Piercing)
		}
		s += "}"
	}
	return s + "}"
}
