package catalog

import (
	"encoding/json"
	"fmt"

	"github.com/kharn-ages/kharn/profiles"
)

// condOut is a grant-skill effect of a card on itself while an ally it names
// is in play: skills.md section 3, pattern M, "Gains Unshakeable Faith while
// its twin is in play (mirrored by an effect)", written as the data format's
// conditional_skills with while_in_play (profiles/conditional.go).
type condOut struct {
	ef    effect
	skill skillOut
}

// twinKeys are the condition keys that name the twin: profiles or models
// (not traits nor factions, which could name the card itself).
var twinKeys = []string{"profileIds", "modelIds"}

// whileInPlay keeps, for resolveAllies, a grant-skill effect of p's card on
// itself under the condition that one Safar it names by profile or model is
// in the Spearhead ({profileIds: [...], countAtLeast: 1}): the list builder
// reads it once on the list; the card says "while its twin is in play", which
// the engine plays as conditional_skills while_in_play (sim/conditional.go).
// Only skills a fight reads at each exchange, move or test are kept
// (profiles.WhileInPlayGrantable); others are classed as before.
func (p *profileOut) whileInPlay(ef effect) bool {
	if ef.kind != "grant-skill" || ef.designated || len(ef.to) != 1 || ef.to["self"] != true {
		return false
	}
	m, ok := ef.cond.(map[string]any)
	if !ok {
		return false
	}
	if n, isNum := m["countAtLeast"].(json.Number); !isNum || countOf(n) != 1 {
		return false
	}
	for k := range m {
		if k != "countAtLeast" && k != twinKeys[0] && k != twinKeys[1] {
			return false
		}
	}
	id, _ := ef.op.get("skillId")
	sid, _ := id.(string)
	info, ok := profiles.SkillByID(sid)
	if !ok || !info.Engine.Played() || !profiles.WhileInPlayGrantable(info.Name) {
		return false
	}
	r := skillRef{id: sid, path: ef.op.at("skillId")}
	r.value, r.hasValue = ef.op.get("value")
	r.hasValue = r.hasValue && r.value != nil
	sk, why := p.skillValue(info, r)
	if why != "" {
		return false
	}
	p.conds = append(p.conds, condOut{ef: ef, skill: sk})
	return true
}

// resolveConds writes p's kept conditional grants as conditional_skills
// lines, once every profile has its id.
func (c *Conversion) resolveConds(p *profileOut) {
	for _, co := range p.conds {
		m, _ := co.ef.cond.(map[string]any)
		sel := map[string]any{}
		for _, k := range twinKeys {
			if v, ok := m[k]; ok {
				sel[k] = v
			}
		}
		of := c.selectorYAML(sel)
		if of == "" {
			p.notModelledf("%s on itself when %s (a selector naming no profile of this project)", co.ef.label(), conditionText(co.ef.cond))
			continue
		}
		p.condYAML = append(p.condYAML, fmt.Sprintf("      - {skills: {%s: %s}, while_in_play: %s}\n", co.skill.name, co.skill.value, of))
	}
}
