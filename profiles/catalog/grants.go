package catalog

import (
	"slices"
	"strconv"
	"strings"

	"github.com/kharn-ages/kharn/profiles"
)

// itemGrants resolves the skills each item grants its holder (grant-skill
// effects and skills named in its text, catalogue.md 3.8) into the data
// format's grants and grants_increment, which the engine applies to a Safar a
// list gives the item (profiles.HolderOf). A LIST skill of recruitment an item
// grants (the Black Guild seal's apatride, skills.md #61) is written as the
// item's grants_traits, which list validation reads for a Safar a list gives
// the item (profiles/granttraits.go); another trait, or a grant whose value
// the data format cannot take, stays named, not modelled.
func (c *Conversion) itemGrants(skills map[string]catalogSkill) {
	ctx := &readContext{file: c.name, skills: skills, factions: c.factions}
	for _, e := range c.equipment {
		if e.why != "" {
			continue
		}
		holder := &profileOut{}
		for _, g := range e.grants {
			info, _, ok := holder.lookupSkill(ctx, g)
			if ok && info.Trait != "" && e.kind == profiles.KindItem && e.grantListTrait(ctx, holder, info, g) {
				continue
			}
			if !ok || info.Trait != "" {
				e.notModelledf("grants %s to its holder: played for the profiles that carry it as base equipment, not for a Safar a list gives it to", g.id)
				continue
			}
			n := len(holder.notModelled)
			holder.addSkill(ctx, g)
			if len(holder.notModelled) > n {
				e.notModelledf("grants %s to its holder (%s)", g.id, strings.Join(holder.notModelled[n:], "; "))
				continue
			}
			if g.increment != 0 {
				e.grantIncrements = append(e.grantIncrements, skillOut{name: info.Name, value: strconv.Itoa(g.increment)})
			}
		}
		e.grantSkills = holder.skills
	}
}

// skillMap writes skills as a YAML flow mapping: "{brutality: 1, executioner: ~}".
func skillMap(skills []skillOut) string {
	parts := make([]string, len(skills))
	for i, s := range skills {
		parts[i] = s.name + ": " + s.yamlValue()
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// writeGrants writes the grants of e with kv, the equipment writer's line.
func (e *equipOut) writeGrants(kv func(key, value string)) {
	if len(e.grantSkills) > 0 && (e.kind == profiles.KindMelee || e.kind == profiles.KindRanged || e.kind == profiles.KindItem) {
		kv("grants", skillMap(e.grantSkills))
		if len(e.grantIncrements) > 0 {
			kv("grants_increment", skillMap(e.grantIncrements))
		}
	}
	if len(e.grantTraits) > 0 && e.kind == profiles.KindItem {
		kv("grants_traits", "["+strings.Join(e.grantTraits, ", ")+"]")
	}
}

// grantListTrait writes the trait of a LIST skill the item e grants into its
// grants_traits when it is a trait of recruitment ("stateless", "allied of
// <faction>"), and reports whether it did.
func (e *equipOut) grantListTrait(ctx *readContext, holder *profileOut, info profiles.SkillInfo, g skillRef) bool {
	n, nm := len(holder.traits), len(holder.notModelled)
	holder.addTraitSkill(ctx, info, g, g.id)
	added := holder.traits[n:]
	holder.traits = holder.traits[:n]
	if len(holder.notModelled) > nm || len(added) == 0 {
		holder.notModelled = holder.notModelled[:nm]
		return false
	}
	for _, t := range added {
		if t != profiles.TraitStateless && !strings.HasPrefix(t, profiles.TraitAlliedOf) {
			return false
		}
	}
	for _, t := range added {
		if !slices.Contains(e.grantTraits, t) {
			e.grantTraits = append(e.grantTraits, t)
		}
	}
	return true
}
