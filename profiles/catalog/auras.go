package catalog

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"github.com/kharn-ages/kharn/profiles"
)

// Pattern D of skills.md section 3 ("Combat buffs for allies": "Brutality 1
// for its people's warriors in its aura", "+1 to Brutal charge for its people
// within 5 toises", "Heroic defence for ... allies in its aura") exists in the
// catalogue only as card text (profiles[].rules, catalogue.md 3.5). The
// phrasings below are read into the data format's aura_grants
// (profiles.AuraGrant); any other rule stays not modelled.

// auraOut is a card rule read as an aura grant.
type auraOut struct {
	skill  string // the data format's skill keyword
	value  string // its YAML value
	inc    bool   // "+N": added to the value an ally already has
	who    string // "allies", "warriors"
	people string // "" (any), "own" (its people), or a project faction
	level  int    // "de niveau I": allies of that level only, 0 any
	within string // "aura" or a distance in toises
}

// auraRulePattern reads a folded rule text: who, where, the verb, the skill.
// Invented examples (tests): "Les guerriers de son peuple dans son aura
// gagnent Brutalité 1.", "Les alliés à 5 toises ou moins gagnent +1 en
// Charge brutale.", "Les alliés de niveau I dans son aura gagnent Héroïque
// (défense)."
var auraRulePattern = regexp.MustCompile(`^(?:les |ses )?(allies|guerriers|safars|combattants)` +
	`(?: (de son peuple|de sa faction|kharns?|gouns?|kherops?|fangs?|tembos?))?(?: de niveau (1|2|3|iii|ii|i))?` +
	`(?: (?:situes |places )?(dans son aura|a (?:moins de )?(\d+(?:[.,]5)?) toises(?: ou moins)?(?: d'(?:elle|lui))?))` +
	` (?:gagnent|ont|beneficient de) (?:la competence )?` +
	`(brutalite (\d)|heroique \(?(defense|attaque|tir)\)?|\+(\d) (?:a la |en )?charge brutale|charge brutale \+(\d))` +
	`\.?(?: \(invente\))?\.?$`)

// heroicField maps the French domain of Heroic to the data format's field.
var heroicField = map[string]profiles.Field{"defense": profiles.Defensive, "attaque": profiles.Offensive, "tir": profiles.Shooting}

// readAuraRule reads text as an aura grant (auraRulePattern); it reports
// whether it did.
func (p *profileOut) readAuraRule(text string) bool {
	m := auraRulePattern.FindStringSubmatch(fold(text))
	if m == nil {
		return false
	}
	a := auraOut{who: "allies", within: "aura"}
	if m[1] == "guerriers" {
		a.who = "warriors"
	}
	switch q := m[2]; {
	case q == "de son peuple" || q == "de sa faction":
		a.people = "own"
	case q != "":
		f, ok := factionOf(q)
		if !ok {
			return false
		}
		a.people = f
	}
	if m[3] != "" {
		a.level = map[string]int{"1": 1, "i": 1, "2": 2, "ii": 2, "3": 3, "iii": 3}[m[3]]
	}
	if m[5] != "" {
		a.within = strings.Replace(m[5], ",", ".", 1)
	}
	switch {
	case m[7] != "":
		a.skill, a.value = profiles.SkillBrutality, m[7]
	case m[8] != "":
		a.skill, a.value = profiles.SkillHeroic, string(heroicField[m[8]])
	default:
		a.skill, a.value, a.inc = profiles.SkillBrutalCharge, m[9]+m[10], true
	}
	p.auras = append(p.auras, a)
	return true
}

// writeAuraGrants writes p's aura_grants, its people read once the card is
// whole (a melting-pot faction's model takes its origin's).
func (p *profileOut) writeAuraGrants(b *bytes.Buffer) {
	if len(p.auras) == 0 {
		return
	}
	b.WriteString("    aura_grants: # skills its card gives allies in its aura or within a distance (skills.md section 3, pattern D)\n")
	for _, a := range p.auras {
		var to []string
		if a.who == "warriors" {
			to = append(to, "traits: [guerrier]")
		}
		switch f := a.people; {
		case f == "own" && p.origin != "":
			if of, ok := factionOf(p.origin); ok {
				f = of
			}
			to = append(to, "factions: ["+f+"]")
		case f == "own" && p.faction != "":
			to = append(to, "factions: ["+p.faction+"]")
		case f != "":
			to = append(to, "factions: ["+f+"]")
		}
		if a.level > 0 {
			to = append(to, fmt.Sprintf("levels: [%d]", a.level))
		}
		sel := "all"
		if len(to) > 0 {
			sel = "{" + strings.Join(to, ", ") + "}"
		}
		fmt.Fprintf(b, "      - skills: {%s: %s}\n        to: %s\n        within: %s\n", a.skill, a.value, sel, a.within)
		if a.inc {
			b.WriteString("        increment: true\n")
		}
	}
	p.writeMappedItems(b, "aura_grants")
}
