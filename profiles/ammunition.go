package profiles

import (
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// AmmunitionPurchase is ammunition bought for a ranged weapon (catalogue.md
// 4.7: a type of ammunition sold in tiers, quantities[i] shots for
// tierPrices[i] Krowns). As an Equipment's BoughtAmmunition it is the default
// purchase of a weapon whose ammunition is only bought (Weapon is then
// empty); in a Loadout or a ListMember it is what a list bought for its
// weapon Weapon.
type AmmunitionPurchase struct {
	Weapon string
	Shots  int // 0 on a list: none bought
	Cost   int // Krowns
	// Fire and Poisoned are the shots of fire and of poisoned ammunition
	// among Shots (catalogue.md 4.7 types "fire" and "poisoned"; seed 004
	// line 1670): each burns (sim/fire.go) or poisons (sim/poison.go) its
	// target when it hits.
	Fire, Poisoned int
	// Piercing are the shots of armour-piercing ammunition among Shots
	// (catalogue.md 4.7 type "armour-piercing", which the catalogue gives
	// only by name): read as armour-piercing 1 (R12), as a weapon's
	// perceArmure 1 (sim/piercing.go).
	Piercing int
}

// Special describes the fire, poisoned and armour-piercing shots of p, " (2
// fire, 1 poisoned)", or "" when it has none.
func (p AmmunitionPurchase) Special() string {
	var parts []string
	if p.Fire > 0 {
		parts = append(parts, fmt.Sprintf("%d fire", p.Fire))
	}
	if p.Poisoned > 0 {
		parts = append(parts, fmt.Sprintf("%d poisoned", p.Poisoned))
	}
	if p.Piercing > 0 {
		parts = append(parts, fmt.Sprintf("%d armour-piercing", p.Piercing))
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

// The reading of a weapon whose ammunition is only bought (catalogue.md 4.7:
// a munitionKind with neither baseMunitions nor reload): a list fields it with
// the shots the list buys, none when it buys none (the weapon then cannot
// shoot: Loadout.Items leaves it out of what the Safar fights with); a
// profile fielded as its card or a loadout says, with no list (duels, fair
// costs, compare), carries the weapon's BoughtAmmunition, the cheapest
// purchase of simple ammunition, whose Krowns Loadout.Cost adds.

// boughtOnly reports whether e is a ranged weapon whose ammunition is only
// bought.
func (e *Equipment) boughtOnly() bool { return e.Kind == KindRanged && e.BoughtAmmunition != nil }

// limitedAmmunition reports whether e is a ranged weapon with counted shots,
// for which a list may buy ammunition.
func (e *Equipment) limitedAmmunition() bool {
	return e.Kind == KindRanged && (e.Effects.Ammunition > 0 || e.BoughtAmmunition != nil)
}

// purchase returns the ammunition l bought for the weapon id, if any.
func (l Loadout) purchase(id string) (AmmunitionPurchase, bool) {
	i := slices.IndexFunc(l.Ammunition, func(a AmmunitionPurchase) bool { return a.Weapon == id })
	if i < 0 {
		return AmmunitionPurchase{}, false
	}
	return l.Ammunition[i], true
}

// withAmmunition returns items with the shots of l's ranged weapons: a weapon
// with included shots gains those l bought; a weapon whose ammunition is only
// bought has those l bought, or its default purchase when l bought none for
// it and l is no list's (Listed false), and is left out when it has none.
// The items are copied only where the shots change.
func (l Loadout) withAmmunition(items []*Equipment) []*Equipment {
	if len(l.Ammunition) == 0 && !slices.ContainsFunc(items, (*Equipment).boughtOnly) {
		return items
	}
	out := items[:0:0]
	for _, e := range items {
		if e.Kind != KindRanged {
			out = append(out, e)
			continue
		}
		p, bought := l.purchase(e.ID)
		shots := e.Effects.Ammunition
		switch {
		case e.boughtOnly() && bought:
			shots = p.Shots
		case e.boughtOnly() && l.Listed:
			shots = 0
		case e.boughtOnly():
			shots = e.BoughtAmmunition.Shots
		case bought:
			shots += p.Shots
		}
		if shots == 0 && e.boughtOnly() {
			continue // no ammunition: it cannot shoot
		}
		if shots != e.Effects.Ammunition || bought && (p.Fire > 0 || p.Poisoned > 0 || p.Piercing > 0) {
			c := *e
			c.Effects.Ammunition = shots
			if bought {
				c.Effects.FireShots, c.Effects.PoisonShots = p.Fire, p.Poisoned // sim/fire.go, sim/poison.go
				c.Effects.PiercingShots = p.Piercing                            // sim/piercing.go
			}
			e = &c
		}
		out = append(out, e)
	}
	return out
}

// ammunitionCost returns the Krowns of l's ammunition: what l bought, and the
// default purchase of each weapon whose ammunition is only bought and for
// which l, no list's, bought none.
func (l Loadout) ammunitionCost(items []*Equipment) int {
	cost := 0
	for _, p := range l.Ammunition {
		cost += p.Cost
	}
	for k, e := range items {
		if _, bought := l.purchase(e.ID); e.boughtOnly() && !bought && !l.Listed && !slices.Contains(items[:k], e) {
			cost += e.BoughtAmmunition.Cost
		}
	}
	return cost
}

// boughtAmmunition decodes a ranged weapon's bought_ammunition: {shots: S,
// cost: K}, S from 1 to 999.
func (d *decoder) boughtAmmunition(n *yaml.Node, field string) *AmmunitionPurchase {
	p, ok := d.ammunitionPurchase(n, field, 1, false)
	if !ok {
		return nil
	}
	return &p
}

// ammunitionPurchase decodes {shots: S, cost: K}, S from minShots to 999, K
// from 0 to 999; on a list entry (special) also fire: F, poisoned: P and
// piercing: A, the shots of those types among S (F + P + A at most S).
func (d *decoder) ammunitionPurchase(n *yaml.Node, field string, minShots int, special bool) (AmmunitionPurchase, bool) {
	var p AmmunitionPurchase
	fields, ok := d.mapping(n, field)
	if !ok {
		return p, false
	}
	keys := []string{"shots", "cost"}
	if special {
		keys = append(keys, "fire", "poisoned", "piercing")
	}
	present := map[string]*yaml.Node{}
	for _, f := range fields {
		present[f.key] = f.k
		fp := join(field, f.key)
		switch {
		case f.key == "shots":
			p.Shots, ok = d.intIn(f.v, fp, minShots, 999, fmt.Sprintf("shots must be from %d to 999", minShots))
		case f.key == "cost":
			p.Cost, ok = d.intIn(f.v, fp, 0, 999, "cost must be from 0 to 999 Krowns")
		case special && f.key == "fire":
			p.Fire, ok = d.intIn(f.v, fp, 0, 999, "fire must be from 0 to 999 shots (those of fire ammunition among shots)")
		case special && f.key == "poisoned":
			p.Poisoned, ok = d.intIn(f.v, fp, 0, 999, "poisoned must be from 0 to 999 shots (those of poisoned ammunition among shots)")
		case special && f.key == "piercing":
			p.Piercing, ok = d.intIn(f.v, fp, 0, 999, "piercing must be from 0 to 999 shots (those of armour-piercing ammunition among shots)")
		default:
			d.unknown(f.k, fp, f.key, keys)
			ok = false
		}
		if !ok {
			return p, false
		}
	}
	if present["shots"] == nil || present["cost"] == nil {
		has := map[string]bool{"shots": present["shots"] != nil, "cost": present["cost"] != nil}
		d.require(deref(n), field, has, "shots", "cost")
		return p, false
	}
	if p.Fire+p.Poisoned+p.Piercing > p.Shots {
		key := "piercing"
		for _, k := range []string{"poisoned", "fire"} {
			if present[k] != nil {
				key = k // the first of fire, poisoned, piercing given
			}
		}
		d.errorf(present[key], join(field, key), "fire (%d), poisoned (%d) and piercing (%d) shots are among the %d shots bought: together at most shots", p.Fire, p.Poisoned, p.Piercing, p.Shots)
		return p, false
	}
	return p, true
}

// memberAmmunition decodes a list entry's ammunition: {WEAPON: {shots: S,
// cost: K, fire: F, poisoned: P, piercing: A}}, S from 0 (none bought) to
// 999, F, P and A (optional) the shots of fire, poisoned and armour-piercing
// ammunition among them.
func (d *decoder) memberAmmunition(n *yaml.Node, field string) ([]AmmunitionPurchase, []*yaml.Node) {
	fields, ok := d.mapping(n, field)
	if !ok {
		return nil, nil
	}
	var out []AmmunitionPurchase
	var nodes []*yaml.Node
	for _, f := range fields {
		p, ok := d.ammunitionPurchase(f.v, join(field, f.key), 0, true)
		if !ok {
			continue
		}
		p.Weapon = f.key
		out = append(out, p)
		nodes = append(nodes, deref(f.k))
	}
	return out, nodes
}

// checkAmmunition checks the ammunition an entry buys against its loadout lo:
// each weapon is one it carries, a ranged weapon with counted shots.
func (d *decoder) checkAmmunition(lo Loadout, m *ListMember, nodes []*yaml.Node, path string, ds *DataSet) bool {
	ok := true
	items := lo.items(ds)
	for i, p := range m.Ammunition {
		field := join(join(path, "ammunition"), p.Weapon)
		j := slices.IndexFunc(items, func(e *Equipment) bool { return e.ID == p.Weapon })
		switch {
		case j < 0:
			d.ruleErrorf(nodes[i], field, ruleEquipment, "%s carries no %q: ammunition is bought for a weapon of its loadout", m.Profile, p.Weapon)
			ok = false
		case !items[j].limitedAmmunition():
			d.ruleErrorf(nodes[i], field, ruleEquipment, "%q has no counted shots (a melee weapon, or a shooting weapon that never runs out or reloads): no ammunition to buy", p.Weapon)
			ok = false
		}
	}
	return ok
}
