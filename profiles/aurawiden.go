package profiles

import "go.yaml.in/yaml/v3"

// WiderAura widens the auras of the allies it names (skills.md section 3,
// pattern D: "+2 toises of aura radius for its people in the Spearhead"):
// while the card's Safar is in play, each Safar of its Spearhead that To
// matches, itself included when it matches ("its people in the
// Spearhead"), has an aura of its I + Toises toises for every rule that
// reads the aura (its leader's aura, morale auras, aura grants within
// aura, detection, warnings, spells cast within the aura, ...; sim/auras.go).
// Identical auras do not stack (skills.md section 3, D): the widest counts.
type WiderAura struct {
	To     Selector
	Toises int
	Pos    Pos
}

var widerAuraFields = []string{"to", "toises"}

// widerAuraMessage is the allowed range of toises.
const widerAuraMessage = "toises must be from 1 to 10"

// widerAuras decodes a wider_auras list.
func (d *decoder) widerAuras(n *yaml.Node, field string) []WiderAura {
	var out []WiderAura
	for e := range d.entries(n, field) {
		w := WiderAura{Pos: e.pos}
		for f, ff := range e.keys() {
			switch f.key {
			case "to":
				w.To = d.selector(f.v, ff)
			case "toises":
				w.Toises, _ = d.intIn(f.v, ff, 1, 10, widerAuraMessage)
			default:
				d.unknown(f.k, ff, f.key, widerAuraFields)
			}
		}
		e.require("to", "toises")
		out = append(out, w)
	}
	return out
}
