package profiles

import (
	"fmt"
	"slices"

	"go.yaml.in/yaml/v3"
)

// Upgrade is an upgrade a list buys on a weapon of an entry (catalogue.md
// 4.8: a list stores them as equipmentUpgrades: {equipmentId: [upgradeId]}).
// The one upgrade the list format plays is the edge, UpgradeEdge: on a
// melee weapon with the edge (Equipment.Edge, the catalogue's "tranchant"),
// not on a free weapon (cost 0, catalogue.md 4.6 "Free weapons"), +1 damage
// (EdgeDamage). A list entry writes it
//
//	upgrades: {long-axe: {edge: {cost: 6}}}   # the upgrade and its Krowns
//
// Its Krowns add to the entry's cost (Loadout.Cost) and the weapon deals
// EdgeDamage more (Loadout.Items: its DamageBonus, so every exchange with it,
// its counter damage too, R11a), which makes the entry's Safars a Fighter kind
// of their own (Loadout.String). The other upgrades of the catalogue (a
// shield's, a mount's) have effects known only from their card text: kharn
// import list names them not modelled.
type Upgrade struct {
	Weapon string // the equipment id
	ID     string // UpgradeEdge
	Cost   int    // Krowns
}

// UpgradeEdge is the id of the edge upgrade in a list's upgrades, and
// EdgeDamage the damage it adds (catalogue.md 4.8: "melee weapons with
// tranchant, not on free weapons, +1 damage").
const (
	UpgradeEdge = "edge"
	EdgeDamage  = 1
)

// The rule an upgrade on the wrong weapon breaks.
const ruleEdge = "catalogue.md 4.8: the edge upgrade, on a melee weapon with the edge that is not a free weapon"

// Upgrades lists the upgrade ids of the list format.
var Upgrades = []string{UpgradeEdge}

// edged reports whether l bought the edge on the weapon id.
func (l Loadout) edged(id string) bool {
	return slices.ContainsFunc(l.Upgrades, func(u Upgrade) bool { return u.Weapon == id && u.ID == UpgradeEdge })
}

// withUpgrades returns items with the upgrades of l: each copy of a weapon
// l bought the edge for deals EdgeDamage more. Items are copied only where
// they change.
func (l Loadout) withUpgrades(items []*Equipment) []*Equipment {
	if len(l.Upgrades) == 0 {
		return items
	}
	out := slices.Clone(items)
	for k, e := range out {
		if e.Kind == KindMelee && l.edged(e.ID) {
			c := *e
			c.Effects.DamageBonus += EdgeDamage
			out[k] = &c
		}
	}
	return out
}

// upgradeCost returns the Krowns of l's upgrades.
func (l Loadout) upgradeCost() int {
	cost := 0
	for _, u := range l.Upgrades {
		cost += u.Cost
	}
	return cost
}

// memberUpgrades decodes a list entry's upgrades: {WEAPON: {UPGRADE: {cost:
// K}}}, UPGRADE one of Upgrades, K from 0 to 999 Krowns. It returns the
// upgrades and, for each, the node of its weapon id.
func (d *decoder) memberUpgrades(n *yaml.Node, field string) ([]Upgrade, []*yaml.Node) {
	weapons, ok := d.mapping(n, field)
	if !ok {
		return nil, nil
	}
	if len(weapons) > maxListChanges {
		d.errorf(deref(n), field, "more than %d weapons", maxListChanges)
		return nil, nil
	}
	var out []Upgrade
	var nodes []*yaml.Node
	for _, w := range weapons {
		wf := join(field, w.key)
		ups, ok := d.mapping(w.v, wf)
		if !ok {
			continue
		}
		if len(ups) == 0 {
			d.errorf(deref(w.v), wf, "no upgrade: want {%s: {cost: K}}", UpgradeEdge)
			continue
		}
		for _, u := range ups {
			uf := join(wf, u.key)
			if !slices.Contains(Upgrades, u.key) {
				d.errorf(u.k, uf, "unknown upgrade %q: the list format plays only %q, the edge upgrade (+1 damage, catalogue.md 4.8); another upgrade's effect is not modelled", u.key, UpgradeEdge)
				continue
			}
			cost, ok := d.upgradeCost(u.v, uf)
			if !ok {
				continue
			}
			out = append(out, Upgrade{Weapon: w.key, ID: u.key, Cost: cost})
			nodes = append(nodes, deref(w.k))
		}
	}
	return out, nodes
}

// upgradeCost decodes {cost: K}, K from 0 to 999 Krowns.
func (d *decoder) upgradeCost(n *yaml.Node, field string) (int, bool) {
	e, ok := d.entry(n, field)
	if !ok {
		return 0, false
	}
	cost := 0
	for f, ff := range e.keys() {
		if f.key != "cost" {
			d.unknown(f.k, ff, f.key, []string{"cost"})
			return 0, false
		}
		if cost, ok = d.intIn(f.v, ff, 0, 999, "cost must be from 0 to 999 Krowns"); !ok {
			return 0, false
		}
	}
	return cost, e.require("cost")
}

// checkUpgrades checks the upgrades an entry buys against its loadout lo:
// each on a weapon it carries, a melee weapon with the edge that is not a
// free weapon (catalogue.md 4.6 "Free weapons", 4.8).
func (d *decoder) checkUpgrades(lo Loadout, m *ListMember, nodes []*yaml.Node, path string, ds *DataSet) bool {
	ok := true
	items := lo.items(ds)
	for i, u := range m.Upgrades {
		field := join(join(join(path, "upgrades"), u.Weapon), u.ID)
		j := slices.IndexFunc(items, func(e *Equipment) bool { return e.ID == u.Weapon })
		var problem string
		switch {
		case j < 0:
			problem = fmt.Sprintf("%s carries no %q: an upgrade is bought for a weapon of its loadout", m.Profile, u.Weapon)
		case items[j].Kind != KindMelee || !items[j].Edge:
			problem = fmt.Sprintf("%q has no edge (a melee weapon with edge: true, the catalogue's tranchant): the edge upgrade is not sold for it", u.Weapon)
		case items[j].Cost == 0:
			problem = fmt.Sprintf("%q is a free weapon (cost 0): the edge upgrade may not be used on it", u.Weapon)
		}
		if problem != "" {
			d.ruleErrorf(nodes[i], field, ruleEdge, "%s", problem)
			ok = false
		}
	}
	return ok
}
