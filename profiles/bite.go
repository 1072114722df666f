package profiles

import "go.yaml.in/yaml/v3"

// biteFields are the keys of the mapping form of Bite ("bite: {heals:
// true}").
var biteFields = []string{"heals"}

// biteValue decodes the mapping form of Bite: the precision of a card whose
// Bite heals as much HP as it deals (skills.md #7, catalogue.md 3.2), into
// sk.Heals.
func (d *decoder) biteValue(sk *Skill, n *yaml.Node, field string) bool {
	fields, ok := d.mapping(n, field)
	if !ok {
		return false
	}
	good := true
	for _, f := range fields {
		ff := join(field, f.key)
		if f.key != "heals" {
			d.unknown(f.k, ff, f.key, biteFields)
			good = false
			continue
		}
		v := deref(f.v)
		if v == nil || v.Kind != yaml.ScalarNode || v.ShortTag() != "!!bool" {
			d.errorf(v, ff, "heals takes true or false (true: the Bite heals as much HP as it deals), got %s", describe(v))
			good = false
			continue
		}
		var b bool
		if err := v.Decode(&b); err != nil {
			d.errorf(v, ff, "heals takes true or false, got %s", describe(v))
			good = false
			continue
		}
		sk.Heals = b
	}
	return good
}
