package profiles

import "go.yaml.in/yaml/v3"

// harassmentFields are the keys of the mapping form of Harassment
// ("harassment: {every_melee_attack: true}").
var harassmentFields = []string{"every_melee_attack"}

// harassmentValue decodes the mapping form of Harassment: the precision of a
// card whose Harassment extends to every 2 and 3 AP melee attack (skills.md
// #29, catalogue.md 3.2), into sk.EveryMelee.
func (d *decoder) harassmentValue(sk *Skill, n *yaml.Node, field string) bool {
	return d.flagMapping(n, field, harassmentFields, &sk.EveryMelee,
		"true: every 2 and 3 AP melee attack also gets the free V effect")
}
