package profiles

import "go.yaml.in/yaml/v3"

// harassmentFields are the keys of the mapping form of Harassment
// ("harassment: {every_melee_attack: true}").
var harassmentFields = []string{"every_melee_attack"}

// harassmentValue decodes the mapping form of Harassment: the precision of a
// card whose Harassment extends to every 2 and 3 AP melee attack (skills.md
// #29, catalogue.md 3.2), into sk.EveryMelee.
func (d *decoder) harassmentValue(sk *Skill, n *yaml.Node, field string) bool {
	fields, ok := d.mapping(n, field)
	if !ok {
		return false
	}
	good := true
	for _, f := range fields {
		ff := join(field, f.key)
		if f.key != "every_melee_attack" {
			d.unknown(f.k, ff, f.key, harassmentFields)
			good = false
			continue
		}
		v := deref(f.v)
		var b bool
		if v == nil || v.Kind != yaml.ScalarNode || v.ShortTag() != "!!bool" || v.Decode(&b) != nil {
			d.errorf(v, ff, "every_melee_attack takes true or false (true: every 2 and 3 AP melee attack also gets the free V effect), got %s", describe(v))
			good = false
			continue
		}
		sk.EveryMelee = b
	}
	return good
}
