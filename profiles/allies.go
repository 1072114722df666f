package profiles

import (
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Selector names Safars of a Spearhead, as the catalogue's effect selectors
// do (catalogue.md section 3.8: targets by traits, profileIds, factionIds,
// all). A Safar matches when it matches every list given (an AND of the
// keys, an OR inside one); All matches everyone.
type Selector struct {
	All bool
	// Profiles are profile ids or models (an id without its level suffix:
	// "kharns-porte-voix" names kharns-porte-voix-2), as Profile.Names reads
	// them.
	Profiles []string
	Traits   []string
	Factions []string
	// Levels are Safar levels (1-3), the catalogue's levels[] (catalogue.md
	// 3.6): "level-I allies".
	Levels []int
}

// Matches reports whether p is one of the Safars s names.
func (s Selector) Matches(p *Profile) bool {
	if s.All {
		return true
	}
	if len(s.Profiles) == 0 && len(s.Traits) == 0 && len(s.Factions) == 0 && len(s.Levels) == 0 {
		return false
	}
	if len(s.Profiles) > 0 && !slices.ContainsFunc(s.Profiles, func(r string) bool { return p.ID == r || p.ofModel(r) }) {
		return false
	}
	if len(s.Traits) > 0 && !slices.ContainsFunc(s.Traits, func(t string) bool { return slices.Contains(p.Traits, t) }) {
		return false
	}
	if len(s.Factions) > 0 && !slices.Contains(s.Factions, p.Faction) {
		return false
	}
	if len(s.Levels) > 0 && !slices.Contains(s.Levels, p.Level) {
		return false
	}
	return true
}

// String writes s as the data format does, for messages.
func (s Selector) String() string {
	if s.All {
		return "all"
	}
	var parts []string
	for _, p := range []struct {
		k string
		v []string
	}{{"profiles", s.Profiles}, {"traits", s.Traits}, {"factions", s.Factions}} {
		if len(p.v) > 0 {
			parts = append(parts, p.k+": ["+strings.Join(p.v, ", ")+"]")
		}
	}
	if len(s.Levels) > 0 {
		var ls []string
		for _, l := range s.Levels {
			ls = append(ls, strconv.Itoa(l))
		}
		parts = append(parts, "levels: ["+strings.Join(ls, ", ")+"]")
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// AllyGrant is a skill a card gives other Safars of its Spearhead while it is
// in play (catalogue.md section 3.8, a grant-skill effect whose target is not
// the card alone; skills.md section 3, pattern D "Combat buffs for allies ...
// in its whole Spearhead"; section 3.2, a Spearhead-wide special card). It is
// read on the list, once, as the list builder reads effects ("active as soon
// as the source is recruited", catalogue.md 3.8): for the whole battle.
type AllyGrant struct {
	// Skills are given to each Safar To names (the card's own Safar
	// included when it matches).
	Skills []Skill
	// Increment: a Safar that already has a number skill adds the granted
	// value to its own (incrementIfPresent); otherwise it keeps the higher.
	Increment bool
	To        Selector
	// Leader: only when the card's Safar leads the Spearhead (the
	// condition {profileIds: [itself], isLeader: true}).
	Leader bool
	// AtLeast, Of: only when the Spearhead holds at least AtLeast Safars Of
	// names (the condition {..., countAtLeast: N}); 0 for no such condition.
	AtLeast int
	Of      Selector
	Pos     Pos
}

// allyGrantFields are the keys of one grants_allies entry.
var allyGrantFields = []string{"skills", "to", "increment", "leader", "at_least", "of"}

// allyGrants decodes a grants_allies (or a list's card_grants) list.
func (d *decoder) allyGrants(n *yaml.Node, field string) []AllyGrant {
	var out []AllyGrant
	for e := range d.entries(n, field) {
		g := AllyGrant{Pos: e.pos}
		for f, ff := range e.keys() {
			switch f.key {
			case "skills":
				g.Skills = d.skills(f.v, ff)
			case "to":
				g.To = d.selector(f.v, ff)
			case "of":
				g.Of = d.selector(f.v, ff)
			case "increment":
				g.Increment, _ = d.boolValue(f.v, ff)
			case "leader":
				g.Leader, _ = d.boolValue(f.v, ff)
			case "at_least":
				g.AtLeast, _ = d.intIn(f.v, ff, 1, 99, "at_least must be from 1 to 99 Safars")
			default:
				d.unknown(f.k, ff, f.key, allyGrantFields)
			}
		}
		e.require("skills", "to")
		if e.present["at_least"] != e.present["of"] {
			d.errorf(e.node, e.field, "at_least and of go together (at least N Safars of the Spearhead that of names)")
		}
		if e.present["skills"] && len(g.Skills) == 0 {
			d.errorf(e.node, join(e.field, "skills"), "must give at least one skill")
		}
		out = append(out, g)
	}
	return out
}

// selector decodes "all" or a mapping of profiles, traits and factions.
func (d *decoder) selector(n *yaml.Node, field string) Selector {
	v := deref(n)
	if v != nil && v.Kind == yaml.ScalarNode && v.Value == "all" {
		return Selector{All: true}
	}
	fields, ok := d.mapping(n, field)
	if !ok {
		return Selector{}
	}
	var s Selector
	for _, f := range fields {
		ff := join(field, f.key)
		if f.key == "levels" {
			elems, _ := d.sequence(f.v, ff)
			for j, e := range elems {
				if l, ok := d.intIn(e, index(ff, j), 1, 3, "a level is from 1 to 3"); ok {
					s.Levels = append(s.Levels, l)
				}
			}
			continue
		}
		var ids []string
		elems, _ := d.sequence(f.v, ff)
		for j, e := range elems {
			if id, ok := d.stringValue(e, index(ff, j)); ok {
				ids = append(ids, strings.ToLower(id))
			}
		}
		switch f.key {
		case "profiles":
			s.Profiles = ids
		case "traits":
			s.Traits = ids
		case "factions":
			for j, id := range ids {
				if !slices.Contains(KnownFactions(), id) {
					d.errorf(deref(elems[j]), index(ff, j), "unknown faction %q (known: %s)", id, strings.Join(KnownFactions(), ", "))
				}
			}
			s.Factions = ids
		default:
			d.unknown(f.k, ff, f.key, []string{"profiles", "traits", "factions", "levels"})
		}
	}
	if len(s.Profiles)+len(s.Traits)+len(s.Factions)+len(s.Levels) == 0 {
		d.errorf(v, field, "names nobody: want all, or profiles, traits, factions or levels")
	}
	return s
}

// GrantedProfiles returns the profiles the Safars of a Spearhead fight with:
// members (in list order, one per Safar), each with the skills the
// grants_allies of every member and the list's own grants (cards) give it.
// leader is the index of the leader in members, -1 for none. A member no
// grant reaches is returned as it is; one that gains a skill is a copy.
// The conditions are read on the list (AllyGrant).
func GrantedProfiles(members []*Profile, leader int, cards []AllyGrant) []*Profile {
	out := slices.Clone(members)
	type src struct {
		g    AllyGrant
		from int // the member whose card it is, -1 for the list's
	}
	var all []src
	for _, g := range cards {
		all = append(all, src{g, -1})
	}
	for i, p := range members {
		if slices.Index(members, p) != i {
			continue // a profile listed twice gives its grants once
		}
		for _, g := range p.AllyGrants {
			all = append(all, src{g, i})
		}
	}
	for _, s := range all {
		if s.g.Leader && (leader < 0 || s.from < 0 || members[leader] != members[s.from]) {
			continue
		}
		if s.g.AtLeast > 0 {
			n := 0
			for _, q := range members {
				if s.g.Of.Matches(q) {
					n++
				}
			}
			if n < s.g.AtLeast {
				continue
			}
		}
		for i, p := range members {
			if !s.g.To.Matches(p) {
				continue
			}
			if out[i] == members[i] {
				c := *members[i]
				c.Skills = slices.Clone(c.Skills)
				out[i] = &c
			}
			out[i].Skills = addGranted(out[i].Skills, s.g)
		}
	}
	return out
}

// addGranted returns skills with those of g: a skill the Safar lacks is
// taken as written; one it has (same name and field) adds the value with
// Increment, keeps the higher value otherwise (skills.md #11: "several
// sources: keep the highest value, except an incrementIfPresent grant").
func addGranted(skills []Skill, g AllyGrant) []Skill {
	for _, s := range g.Skills {
		i := slices.IndexFunc(skills, func(o Skill) bool { return o.Name == s.Name && o.Field == s.Field && o.Text == s.Text })
		switch {
		case i < 0:
			skills = append(skills, s)
		case g.Increment:
			skills[i].Value += s.Value
		default:
			skills[i].Value = max(skills[i].Value, s.Value)
		}
	}
	return skills
}

// GrantKey names the skills p has beyond base (a GrantedProfiles copy of
// base), for cache keys: "" when none.
func GrantKey(base, p *Profile) string {
	if base == p {
		return ""
	}
	var b strings.Builder
	for _, s := range p.Skills {
		b.WriteString(s.Name + ":" + strconv.Itoa(s.Value) + ":" + string(s.Field) + ":" + s.Text + ";")
	}
	return b.String()
}
