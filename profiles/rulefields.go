package profiles

import (
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// A card rule that exists only as text (skills.md section 3) is said by hand,
// in a user's rules mapping (kharn import catalog --rules), as the data-format
// fields it amounts to: a leader's aura (in_leader_aura), a temerity aura
// (morale_auras), skills in an aura (aura_grants), a card attack
// (special_attacks), and every field of the card-rule patterns that the data
// format has. These are the profile's fields that the card does not print:
// what it prints (its id, characteristics, skills, equipment, ...) is read
// from the catalogue, and a rule's skills have their own key in the mapping.

// cardPrinted are the profile fields read from a card's printed values, which
// a card rule's mapping cannot set.
var cardPrinted = []string{"id", "name", "faction", "level", "cost", "limitation", "stats",
	"stature", "ap", "hp", "mastery", "skills", "equipment", "armour", "traits", "magic"}

// CardRuleFields returns the profile fields a card rule's mapping may set:
// every field of a profile that is not printed on its card, in the data
// format's order. A field added to the data format is one of them unless
// cardPrinted names it.
func CardRuleFields() []string {
	var out []string
	for _, f := range profileFields {
		if !slices.Contains(cardPrinted, f) {
			out = append(out, f)
		}
	}
	return out
}

// DecodeCardRuleFields checks n, read from file at field, as profile fields a
// card rule amounts to (CardRuleFields), decoded as a profile's own: every
// problem is reported at once, each "file:line:col: field.key: message", the
// same messages as in a data file. It returns the keys given, in order.
func DecodeCardRuleFields(file string, n *yaml.Node, field string) ([]string, error) {
	d := &decoder{file: file, budget: nodeBudget}
	fields, ok := d.mapping(n, field)
	if !ok {
		return nil, d.errs
	}
	if len(fields) == 0 {
		d.errorf(deref(n), field, "want a mapping of profile fields, e.g. {in_leader_aura: {velocity: 1}} (the fields: %s)", strings.Join(CardRuleFields(), ", "))
		return nil, d.errs
	}
	allowed := CardRuleFields()
	// A profile of placeholder printed values holds the fields, so that the
	// profile decoder checks them as in a data file, positions and all.
	probe := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
	scalar := func(v string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Value: v} }
	for _, kv := range [][2]string{{"id", "card-rule"}, {"name", "card rule"}, {"faction", KnownFactions()[0]},
		{"level", "1"}, {"cost", "0"}, {"stature", "1"}, {"ap", "1"}, {"hp", "1"}} {
		probe.Content = append(probe.Content, scalar(kv[0]), scalar(kv[1]))
	}
	stats := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
	for _, c := range []string{"V", "P", "A", "C", "T", "I"} {
		stats.Content = append(stats.Content, scalar(c), scalar("1"))
	}
	probe.Content = append(probe.Content, scalar("stats"), stats)
	for _, c := range probe.Content {
		if c.Kind == yaml.ScalarNode {
			c.Tag = "!!str"
			if c.Value == "1" || c.Value == "0" {
				c.Tag = "!!int"
			}
		}
	}
	var keys []string
	for _, f := range fields {
		switch {
		case slices.Contains(cardPrinted, f.key):
			d.errorf(f.k, join(field, f.key), "%s is printed on the card and read from the catalogue; a rule's mapping sets only %s", f.key, strings.Join(allowed, ", "))
		case !slices.Contains(allowed, f.key):
			d.unknown(f.k, join(field, f.key), f.key, allowed)
		case slices.Contains(keys, f.key):
			d.errorf(f.k, join(field, f.key), "given twice")
		default:
			keys = append(keys, f.key)
			probe.Content = append(probe.Content, f.k, f.v)
		}
	}
	if len(d.errs) > 0 {
		return nil, d.errs
	}
	d.profile(probe, field, false)
	if len(d.errs) > 0 {
		return nil, d.errs
	}
	return keys, nil
}
