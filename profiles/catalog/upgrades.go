package catalog

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kharn-ages/kharn/profiles"
)

// writeEdge writes edge: true for a melee weapon with the edge (catalogue.md
// 4.6 "tranchant"): a list may buy it the edge upgrade (profiles/upgrades.go).
func (e *equipOut) writeEdge(kv func(key, value string)) {
	if e.edge && e.kind == profiles.KindMelee {
		kv("edge", strconv.FormatBool(true))
	}
}

// listUpgrades turns the upgrades a member bought (equipmentUpgrades:
// {equipmentId: [upgradeId]}, catalogue.md 5.1) into the list format's
// upgrades. The edge upgrade (the catalogue's equipmentUpgrades entry with
// requiresTranchant, catalogue.md 4.8) is read as +1 damage, as catalogue.md
// says of it (its effectsText is the publisher's and is not read), its cost
// the entry's; on a weapon the member does not carry, one without the edge or
// a free weapon it is an error and left out. Any other upgrade (an item's own,
// one a card unlocks, a shield's) has its effect only in its card's text: it
// is named not modelled and left out, its Krowns not counted.
func (c *Conversion) listUpgrades(m MemberExport, items []string, warn, fail func(path, format string, args ...any)) []profiles.Upgrade {
	var out []profiles.Upgrade
	for _, w := range sortedKeys(anyMap(m.Upgrades)) {
		path := m.Path + ".equipmentUpgrades." + w
		for _, u := range m.Upgrades[w] {
			up, ok := c.upgrades[u]
			if !ok || !up.edge {
				warn(path, "not modelled: upgrade %q on %q (its effect is only in its card's text): left out, its Krowns not counted", u, w)
				continue
			}
			e, ok := c.equipByID[w]
			switch {
			case !ok || e.why != "":
				warn(path, "not modelled: the edge upgrade %q on %q, not an imported weapon: left out", u, w)
				continue
			case !slices.Contains(items, e.id):
				fail(path, "the edge upgrade %q on %q, which the member does not carry: left out", u, w)
				continue
			case e.kind != profiles.KindMelee || !e.edge:
				fail(path, "the edge upgrade %q on %q, which has no edge (tranchant): left out (catalogue.md 4.8)", u, w)
				continue
			case e.cost == 0:
				fail(path, "the edge upgrade %q on %q, a free weapon: left out (catalogue.md 4.6 \"Free weapons\")", u, w)
				continue
			case slices.ContainsFunc(out, func(x profiles.Upgrade) bool { return x.Weapon == e.id }):
				warn(path, "the edge upgrade %q bought twice on %q: counted once", u, w)
				continue
			}
			out = append(out, profiles.Upgrade{Weapon: e.id, ID: profiles.UpgradeEdge, Cost: min(max(up.cost, 0), 999)})
		}
	}
	return out
}

// upgradesYAML writes the upgrades as the list format's upgrades mapping:
// {WEAPON: {edge: {cost: K}}}.
func upgradesYAML(us []profiles.Upgrade) string {
	var parts []string
	for _, u := range us {
		parts = append(parts, fmt.Sprintf("%s: {%s: {cost: %d}}", u.Weapon, u.ID, u.Cost))
	}
	return "{" + strings.Join(parts, ", ") + "}"
}
