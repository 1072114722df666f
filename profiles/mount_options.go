package profiles

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// MountOption is a list choice a mount offers (catalogue.md 4.11
// "mountOptions"): it grants one skill to the mounted Safar, for Krowns. A
// mount lists the options that fit it under "options:":
//
//	options:
//	  - id: harness
//	    name: Harness
//	    skill: brutality   # a skill keyword with a number or with no value
//	    max: 2             # the highest X a list may take (skills with a number)
//	    cost: [5, 10]      # Krowns for X = 1, 2, ...; one number: any X
//	    factions: [kharns] # the riders' factions it is for (left out: all)
//
// Rider and mount are one profile (DataSet.Mounted), so an option granted to
// the mount, the rider or both gives the Safar the skill.
type MountOption struct {
	ID, Name string
	Skill    string // the skill keyword it grants
	Max      int    // highest X for a skill with a number; 1 otherwise
	Cost     []int  // Krowns for X = 1..len(Cost); the last for a higher X
	Factions []string
	Pos      Pos
}

// MountChoice is a mount option a list entry takes ("mount_options:"), with
// its X (1 for a skill with no value).
type MountChoice struct {
	ID string
	X  int
}

// CostFor returns the Krowns of o taken with value x.
func (o *MountOption) CostFor(x int) int {
	if len(o.Cost) == 0 {
		return 0
	}
	return o.Cost[min(max(x, 1), len(o.Cost))-1]
}

// Field names of mount options.
var mountOptionFields = []string{"id", "name", "skill", "max", "cost", "factions"}

// mountOptions decodes a mount's options.
func (d *decoder) mountOptions(n *yaml.Node, field string) []MountOption {
	elems, ok := d.sequence(n, field)
	if !ok {
		return nil
	}
	var out []MountOption
	seen := map[string]bool{}
	for i, e := range elems {
		path := index(field, i)
		fields, ok := d.mapping(e, path)
		if !ok {
			continue
		}
		o := MountOption{Max: 1, Pos: d.pos(deref(e))}
		present := map[string]bool{}
		valid := true
		var maxNode, costNode *yaml.Node
		for _, f := range fields {
			present[f.key] = true
			fp := join(path, f.key)
			switch f.key {
			case "id":
				var ok bool
				if o.ID, ok = d.idValue(f.v, fp); ok && seen[o.ID] {
					d.errorf(deref(f.v), fp, "option %s given twice", o.ID)
					valid = false
				}
				seen[o.ID] = true
			case "name":
				o.Name, _ = d.stringValue(f.v, fp)
			case "skill":
				s, ok := d.stringValue(f.v, fp)
				if !ok {
					valid = false
					break
				}
				name := canonicalSkill(s)
				switch kind, known := skillValues[name]; {
				case !known:
					d.errorf(deref(f.v), fp, "unknown skill %q%s", s, didYouMean(Closest(name, SkillKeywords(), 2)))
					valid = false
				case kind != SkillNoValue && kind != SkillNumber && kind != SkillOptNumber:
					d.errorf(deref(f.v), fp, "skill %s takes a %s: a mount option grants a skill with a number (its X) or with no value", name, map[SkillValue]string{SkillToises: "distance", SkillField: "mastery field", SkillText: "text"}[kind])
					valid = false
				default:
					o.Skill = name
				}
			case "max":
				o.Max, _ = d.intIn(f.v, fp, 1, 9, "max must be from 1 to 9")
				maxNode = deref(f.v)
			case "cost":
				costNode = deref(f.v)
				if costNode != nil && costNode.Kind == yaml.SequenceNode {
					elems, _ := d.sequence(f.v, fp)
					for k, c := range elems {
						if v, ok := d.intIn(c, index(fp, k), 0, 999, "cost must be from 0 to 999 Krowns"); ok {
							o.Cost = append(o.Cost, v)
						}
					}
				} else if v, ok := d.intIn(f.v, fp, 0, 999, "cost must be from 0 to 999 Krowns"); ok {
					o.Cost = []int{v}
				}
			case "factions":
				for _, r := range d.refs(f.v, fp) {
					if !slices.Contains(KnownFactions(), r.id) {
						d.errs = append(d.errs, Error{Pos: r.pos, Field: r.path, Msg: fmt.Sprintf("unknown faction %q (known: %s)", r.id, strings.Join(KnownFactions(), ", "))})
						continue
					}
					o.Factions = append(o.Factions, r.id)
				}
			default:
				d.unknown(f.k, fp, f.key, mountOptionFields)
			}
		}
		d.require(deref(e), path, present, "id", "skill", "cost")
		if o.Skill != "" && skillValues[o.Skill] == SkillNoValue && o.Max != 1 {
			d.errorf(maxNode, join(path, "max"), "skill %s takes no value: its option has no X above 1", o.Skill)
			valid = false
		}
		if len(o.Cost) > 1 && len(o.Cost) != o.Max {
			d.errorf(costNode, join(path, "cost"), "%d costs for X = 1 to %d: give one cost, or one per X", len(o.Cost), o.Max)
			valid = false
		}
		if valid && o.ID != "" && o.Skill != "" && len(o.Cost) > 0 {
			out = append(out, o)
		}
	}
	return out
}

// mountChoices decodes a list entry's "mount_options": option id -> X (a
// number, or ~ for 1).
func (d *decoder) mountChoices(n *yaml.Node, field string) ([]MountChoice, []*yaml.Node) {
	fields, ok := d.mapping(n, field)
	if !ok {
		return nil, nil
	}
	var out []MountChoice
	var nodes []*yaml.Node
	for _, f := range fields {
		fp := join(field, f.key)
		c := MountChoice{ID: f.key, X: 1}
		if v := deref(f.v); v != nil && !(v.Kind == yaml.ScalarNode && v.ShortTag() == "!!null") {
			var ok bool
			if c.X, ok = d.intIn(f.v, fp, 1, 9, "X must be from 1 to 9"); !ok {
				continue
			}
		}
		out = append(out, c)
		nodes = append(nodes, deref(f.k))
	}
	return out, nodes
}

// WithMountOptions returns the mounted profile q (DataSet.Mounted) with the
// mount options chosen: each one's skill joins q's (value X for a skill with
// a number; a number skill q already has keeps the higher value, as the
// mount's own skills do), its Krowns add to q's cost, and its name to q's.
// It fails, naming the option and the rule, when q rides no mount, the mount
// offers no such option, X is above the option's max, the option is not for
// q's faction, or an option is taken twice.
func WithMountOptions(q *Profile, choices []MountChoice) (*Profile, error) {
	if len(choices) == 0 {
		return q, nil
	}
	if q.Mount == nil {
		return nil, fmt.Errorf("%s rides no mount: mount options need a mount (catalogue.md 4.11)", q.ID)
	}
	r := *q
	r.Skills = slices.Clone(q.Skills)
	var names []string
	for i, c := range choices {
		if slices.ContainsFunc(choices[:i], func(x MountChoice) bool { return x.ID == c.ID }) {
			return nil, fmt.Errorf("mount option %s taken twice", c.ID)
		}
		k := slices.IndexFunc(q.Mount.Options, func(o MountOption) bool { return o.ID == c.ID })
		if k < 0 {
			ids := make([]string, len(q.Mount.Options))
			for j, o := range q.Mount.Options {
				ids[j] = o.ID
			}
			if len(ids) == 0 {
				return nil, fmt.Errorf("mount %s offers no option, not %s (catalogue.md 4.11)", q.Mount.ID, c.ID)
			}
			return nil, fmt.Errorf("mount %s offers no option %s (it offers %s; catalogue.md 4.11)", q.Mount.ID, c.ID, strings.Join(ids, ", "))
		}
		o := &q.Mount.Options[k]
		if c.X > o.Max {
			return nil, fmt.Errorf("mount option %s grants %s up to %d, not %d (catalogue.md 4.11 maxValue)", o.ID, o.Skill, o.Max, c.X)
		}
		if len(o.Factions) > 0 && !slices.Contains(o.Factions, q.Faction) {
			return nil, fmt.Errorf("mount option %s is for riders of %s, not %s (%s; catalogue.md 4.11 reservation)", o.ID, strings.Join(o.Factions, ", "), q.ID, q.Faction)
		}
		sk := Skill{Name: o.Skill}
		if skillValues[o.Skill] != SkillNoValue {
			sk.Value = c.X
		}
		if j := slices.IndexFunc(r.Skills, func(s Skill) bool { return s.Name == sk.Name }); j < 0 {
			r.Skills = append(r.Skills, sk)
		} else if sk.Value > r.Skills[j].Value {
			r.Skills[j].Value = sk.Value
		}
		r.Cost += o.CostFor(c.X)
		name := o.Name
		if name == "" {
			name = o.ID
		}
		if sk.Value > 0 {
			name += " " + strconv.Itoa(sk.Value)
		}
		names = append(names, name)
	}
	r.Name += " with " + strings.Join(names, ", ")
	return &r, nil
}
