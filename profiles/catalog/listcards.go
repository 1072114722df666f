package catalog

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kharn-ages/kharn/profiles"
)

// cardGrants returns the skills special cards give Safars of Spearhead s of
// list l (catalogue.md 4.12; skills.md #12 "Also from: ... a Spearhead-wide
// card"), as the list format's card_grants (profiles.AllyGrant):
//   - a card a member bought: its grant-skill on itself goes to the members
//     of that profile, one on others (all, traits, profiles, factions) to
//     those it names;
//   - an automatic card (no price, not an amelioration) whose scope is the
//     Spearhead's faction (ferDeLanceFactionIds): its grant-skill on itself
//     goes to the members in scope (all of them, or with nonNativeOnly those
//     of another faction), one on others to those it names.
//
// handled holds, per member path, the bought cards whose every effect is a
// grant played this way, which memberExtras no longer reports.
func (c *Conversion) cardGrants(s SpearheadExport, l *profiles.List) (grants []profiles.AllyGrant, handled map[string][]string) {
	handled = make(map[string][]string)
	byPath := make(map[string]string) // member path -> its YAML profile id
	for _, m := range s.Members {
		if p, ok := c.profileByID[m.ProfileID]; ok && p.why == "" {
			byPath[m.Path] = p.id
		}
	}
	for _, m := range s.Members {
		pid, ok := byPath[m.Path]
		if !ok {
			continue
		}
		cards := slices.Clone(m.SpecialCards)
		for _, k := range sortedKeys(anyMap(m.CardCounts)) {
			if !slices.Contains(cards, k) {
				cards = append(cards, k)
			}
		}
		for _, id := range cards {
			card := c.cardByID(id)
			if card == nil || card.rulesOnly {
				continue
			}
			var gs []profiles.AllyGrant
			for _, ef := range card.effects {
				g, ok := c.cardGrant(ef, profiles.Selector{Profiles: []string{pid}})
				if !ok {
					gs = nil
					break
				}
				gs = append(gs, g)
			}
			if gs != nil {
				grants = append(grants, gs...)
				handled[m.Path] = append(handled[m.Path], id)
			}
		}
	}
	for _, card := range c.cards {
		fl, _ := card.scope["ferDeLanceFactionIds"].([]any)
		if card.optional || card.cost > 0 || card.rulesOnly || !slices.ContainsFunc(fl, func(x any) bool { v, _ := x.(string); return v == s.FactionID }) {
			continue
		}
		self := profiles.Selector{All: true}
		if card.scope["nonNativeOnly"] == true {
			self = profiles.Selector{}
			for _, m := range s.Members {
				if p, ok := c.profileByID[m.ProfileID]; ok && p.why == "" && p.factionID != s.FactionID && !slices.Contains(self.Profiles, p.id) {
					self.Profiles = append(self.Profiles, p.id)
				}
			}
			if len(self.Profiles) == 0 {
				continue // nobody in scope
			}
		}
		for _, ef := range card.effects {
			if g, ok := c.cardGrant(ef, self); ok {
				grants = append(grants, g)
			}
		}
	}
	return grants, handled
}

// cardGrant reads a special card's effect as a grant: a grant-skill of a
// skill the engine plays, on self (the card's Safars: self) or on others
// named by traits, profileIds, factionIds or all, with no condition or
// designation.
func (c *Conversion) cardGrant(ef effect, self profiles.Selector) (profiles.AllyGrant, bool) {
	var g profiles.AllyGrant
	if ef.kind != "grant-skill" || ef.cond != nil || ef.designated {
		return g, false
	}
	id, _ := ef.op.get("skillId")
	sid, _ := id.(string)
	info, ok := profiles.SkillByID(sid)
	if !ok || info.Trait != "" || !info.Engine.Played() {
		return g, false
	}
	var scratch profileOut
	r := skillRef{id: sid, path: ef.op.at("skillId")}
	r.value, r.hasValue = ef.op.get("value")
	r.hasValue = r.hasValue && r.value != nil
	sk, why := scratch.skillValue(info, r)
	if why != "" {
		return g, false
	}
	g.Skills = []profiles.Skill{skillOf(info, sk)}
	switch {
	case ef.self:
		g.To = self
	case len(ef.to) > 0:
		for k := range ef.to {
			if !slices.Contains(allyKeys, k) || k == "modelIds" {
				return g, false
			}
		}
		g.To = c.selector(ef.to)
		if !g.To.All && len(g.To.Profiles)+len(g.To.Traits)+len(g.To.Factions) == 0 {
			return g, false
		}
	default:
		return g, false
	}
	return g, true
}

// selector turns a catalogue selector into the data format's.
func (c *Conversion) selector(sel map[string]any) profiles.Selector {
	if sel["all"] == true {
		return profiles.Selector{All: true}
	}
	var s profiles.Selector
	each := func(k string, fn func(string)) {
		list, _ := sel[k].([]any)
		for _, x := range list {
			if v, ok := x.(string); ok {
				fn(v)
			}
		}
	}
	each("profileIds", func(id string) {
		if q, ok := c.profileByID[id]; ok && q.why == "" {
			s.Profiles = append(s.Profiles, q.id)
		}
	})
	each("traits", func(t string) { s.Traits = append(s.Traits, projectID(t)) })
	each("factionIds", func(f string) {
		if pf, ok := factionOf(f); ok {
			s.Factions = append(s.Factions, pf)
		}
	})
	return s
}

// skillOf turns a converted skill into the data format's Skill.
func skillOf(info profiles.SkillInfo, sk skillOut) profiles.Skill {
	s := profiles.Skill{Name: sk.name}
	v := sk.value
	if u, err := strconv.Unquote(v); err == nil {
		v = u
	}
	switch info.Value {
	case profiles.SkillNumber, profiles.SkillOptNumber:
		s.Value, _ = strconv.Atoi(v)
	case profiles.SkillToises:
		s.Toises, _ = strconv.ParseFloat(v, 64)
		s.Value = int(s.Toises)
	case profiles.SkillField:
		s.Field = profiles.Field(v)
	case profiles.SkillText:
		s.Text = v
	}
	if sk.name == profiles.SkillAmbush {
		fmt.Sscanf(v, ambushFormat, &s.FirstThreshold, &s.FirstDamage) // its precision (ambush.go); "~": none
	}
	s.Heals = sk.name == profiles.SkillBite && v == "{heals: true}"                 // its precision (precision.go)
	s.EveryMelee = sk.name == profiles.SkillHarassment && v == harassmentEveryValue // its precision (precision.go)
	return s
}

// skillYAML writes a Skill's value as the data format reads it.
func skillYAML(s profiles.Skill) string {
	if s.FirstThreshold != 0 || s.FirstDamage != 0 {
		return fmt.Sprintf(ambushFormat, s.FirstThreshold, s.FirstDamage) // Ambush's precision (ambush.go)
	}
	if s.Heals {
		return "{heals: true}" // Bite's precision (precision.go)
	}
	if s.EveryMelee {
		return harassmentEveryValue // Harassment's precision (precision.go)
	}
	info, _ := profiles.SkillByName(s.Name)
	switch info.Value {
	case profiles.SkillNumber:
		return strconv.Itoa(s.Value)
	case profiles.SkillOptNumber:
		if s.Value > 0 {
			return strconv.Itoa(s.Value)
		}
	case profiles.SkillToises:
		return strconv.FormatFloat(s.Toises, 'f', -1, 64)
	case profiles.SkillField:
		if s.Text != "" {
			return s.Text
		}
		return string(s.Field)
	case profiles.SkillText:
		return yamlString(s.Text)
	}
	return "~"
}

// writeCardGrants writes a list's card_grants.
func writeCardGrants(b *bytes.Buffer, grants []profiles.AllyGrant) {
	if len(grants) == 0 {
		return
	}
	b.WriteString("card_grants: # skills special cards give Safars of the Spearhead\n")
	for _, g := range grants {
		var sk []string
		for _, s := range g.Skills {
			sk = append(sk, s.Name+": "+skillYAML(s))
		}
		b.WriteString("  - skills: {" + strings.Join(sk, ", ") + "}\n")
		b.WriteString("    to: " + g.To.String() + "\n")
	}
}
