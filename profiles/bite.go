package profiles

import "go.yaml.in/yaml/v3"

// biteFields are the keys of the mapping form of Bite ("bite: {heals:
// true}").
var biteFields = []string{"heals"}

// biteValue decodes the mapping form of Bite: the precision of a card whose
// Bite heals as much HP as it deals (skills.md #7, catalogue.md 3.2), into
// sk.Heals.
func (d *decoder) biteValue(sk *Skill, n *yaml.Node, field string) bool {
	return d.flagMapping(n, field, biteFields, &sk.Heals,
		"true: the Bite heals as much HP as it deals")
}

// flagMapping decodes a skill's mapping form whose one key, keys[0], takes
// true or false, into *dst; meaning says what true does, for the error. It
// reports whether the mapping was good.
func (d *decoder) flagMapping(n *yaml.Node, field string, keys []string, dst *bool, meaning string) bool {
	fields, ok := d.mapping(n, field)
	if !ok {
		return false
	}
	good := true
	for _, f := range fields {
		ff := join(field, f.key)
		if f.key != keys[0] {
			d.unknown(f.k, ff, f.key, keys)
			good = false
			continue
		}
		v := deref(f.v)
		var b bool
		if v == nil || v.Kind != yaml.ScalarNode || v.ShortTag() != "!!bool" || v.Decode(&b) != nil {
			d.errorf(v, ff, "%s takes true or false (%s), got %s", keys[0], meaning, describe(v))
			good = false
			continue
		}
		*dst = b
	}
	return good
}
