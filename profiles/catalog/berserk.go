package catalog

import (
	"strconv"
	"strings"

	"github.com/kharn-ages/kharn/profiles"
)

// resolveBerserk reads the trigger of each Berserk X once every profile has
// its id (skills.md #56: "X = the trigger: saignement, or the death of a named
// ally"): "saignement" is bleeding (read with the skill); "mort de NAME" (or
// "mort d'NAME") is the death of the ally whose card name, without its level,
// is NAME: written "death of MODEL", MODEL the id of that ally without its
// level suffix, so that every level of it counts (profiles.BerserkTrigger). A
// name no profile carries, or another trigger, is reported not modelled.
func (c *Conversion) resolveBerserk() {
	for _, p := range c.profiles {
		if p.why != "" {
			continue
		}
		for i := range p.skills {
			sk := &p.skills[i]
			if sk.name != profiles.SkillBerserk {
				continue
			}
			text := sk.value
			if u, err := strconv.Unquote(text); err == nil {
				text = u
			}
			if text == "bleeding" {
				continue
			}
			f := fold(text)
			name, ok := strings.CutPrefix(f, "mort de ")
			if !ok {
				name, ok = strings.CutPrefix(f, "mort d'")
			}
			if ok {
				if model := c.modelNamed(strings.TrimSpace(name)); model != "" {
					sk.value = yamlString(profiles.BerserkDeathOf + model)
					continue
				}
				p.notModelledf("skill berserk %q (the death of %q: no profile of the catalogue has that name)", text, name)
				continue
			}
			p.notModelledf("skill berserk %q (a trigger the engine does not play: bleeding and the death of a named ally are)", text)
		}
	}
}

// modelNamed returns the id, without its level suffix, of the imported
// profile whose card name folds to name ("" for none).
func (c *Conversion) modelNamed(name string) string {
	for _, q := range c.profiles {
		if q.why != "" || q.id == "" || fold(q.name) != name {
			continue
		}
		if base, ok := strings.CutSuffix(q.id, "-"+strconv.Itoa(q.level)); ok {
			return base
		}
		return q.id
	}
	return ""
}
