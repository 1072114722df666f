package catalog

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kharn-ages/kharn/profiles"
)

// allyOut is a grant-skill effect of a card on other Safars of its
// Spearhead, written as the data format's grants_allies (profiles.AllyGrant).
type allyOut struct {
	ef    effect
	skill skillOut
	inc   bool
}

// allyKeys are the selector keys a grants_allies entry can hold.
var allyKeys = []string{"traits", "profileIds", "modelIds", "factionIds", "all"}

// allyGrant keeps, for resolveAllies, a grant-skill effect of p's card whose
// target is other Safars of its Spearhead (catalogue.md 3.8: a target by
// traits, profileIds, modelIds, factionIds or all, in scope fer-de-lance or
// ost, which in a skirmish both mean the Spearhead), under no condition, the
// condition that p leads ({profileIds: [p], isLeader: true}) or a count
// ({..., countAtLeast: N}). It reports whether it kept the effect; any other
// effect on other Safars is classed as before (not modelled).
func (p *profileOut) allyGrant(ef effect) bool {
	if ef.kind != "grant-skill" || ef.self || ef.designated || len(ef.to) == 0 {
		return false
	}
	for k, v := range ef.to {
		if !slices.Contains(allyKeys, k) || k == "all" && v != true {
			return false
		}
	}
	if _, _, ok := p.allyCondition(ef.cond); !ok {
		return false
	}
	id, _ := ef.op.get("skillId")
	sid, _ := id.(string)
	info, ok := profiles.SkillByID(sid)
	if !ok || info.Trait != "" || !info.Engine.Played() {
		return false // a LIST skill, a skill not played: classed as before
	}
	r := skillRef{id: sid, path: ef.op.at("skillId")}
	r.value, r.hasValue = ef.op.get("value")
	r.hasValue = r.hasValue && r.value != nil
	inc := false
	if v, ok := ef.op.get("incrementIfPresent"); ok && v != nil {
		r.increment, _ = p.whole(v, ef.op.at("incrementIfPresent"), "ignored")
		inc = r.increment != 0
		if !r.hasValue {
			r.value, r.hasValue = json.Number(strconv.Itoa(r.increment)), true
		}
	}
	sk, why := p.skillValue(info, r)
	if why != "" {
		return false
	}
	p.allies = append(p.allies, allyOut{ef: ef, skill: sk, inc: inc})
	return true
}

// allyCondition reads an effect's condition: none, the card's Safar leading,
// or at least N Safars matching a selector.
func (p *profileOut) allyCondition(c any) (leader bool, count map[string]any, ok bool) {
	if c == nil {
		return false, nil, true
	}
	m, isMap := c.(map[string]any)
	if !isMap {
		return false, nil, false
	}
	if m["isLeader"] == true {
		ids, _ := m["profileIds"].([]any)
		if len(m) != 2 || len(ids) != 1 || ids[0] != p.catalogID {
			return false, nil, false
		}
		return true, nil, true
	}
	if n, isNum := m["countAtLeast"].(json.Number); isNum && countOf(n) >= 1 {
		for k := range m {
			if k != "countAtLeast" && !slices.Contains(allyKeys[:4], k) {
				return false, nil, false
			}
		}
		return false, m, true
	}
	return false, nil, false
}

// resolveAllies writes, once every profile has its id, each kept grant as
// the lines of grants_allies (the selectors' catalogue ids as the YAML ids).
func (c *Conversion) resolveAllies() {
	for _, p := range c.profiles {
		if p.why != "" {
			continue
		}
		for _, a := range p.allies {
			leader, count, _ := p.allyCondition(a.ef.cond)
			to, of := c.selectorYAML(a.ef.to), ""
			if count != nil {
				of = c.selectorYAML(count)
			}
			if to == "" || count != nil && of == "" {
				p.notModelledf("%s on %s (the card: a selector naming no faction, profile or trait of this project)", a.ef.label(), a.ef.target)
				continue
			}
			var b strings.Builder
			fmt.Fprintf(&b, "      - skills: {%s: %s}\n", a.skill.name, a.skill.value)
			b.WriteString("        to: " + to + "\n")
			if a.inc {
				b.WriteString("        increment: true\n")
			}
			if leader {
				b.WriteString("        leader: true\n")
			}
			if count != nil {
				fmt.Fprintf(&b, "        at_least: %d\n        of: %s\n", countOf(count["countAtLeast"].(json.Number)), of)
			}
			p.allyYAML = append(p.allyYAML, b.String())
		}
		c.resolveConds(p) // profiles/catalog/conditional.go
		for _, co := range p.counts {
			of := c.selectorYAML(co.of)
			if of == "" {
				p.notModelledf("%s from %s in play (a selector naming no faction, profile or trait of this project): the printed value is kept", co.stat, selectorText(co.of))
				continue
			}
			line := fmt.Sprintf("      - {stat: %s, kind: %s, of: %s", co.stat, co.kind, of)
			if co.kind == string(profiles.CountPer) {
				line += ", amount: " + strconv.Itoa(co.amount)
			}
			p.countYAML = append(p.countYAML, line+"}\n")
		}
	}
}

// selectorYAML writes a catalogue selector as the data format's: "all", or
// profiles (the YAML ids of the profileIds, and of every profile of the
// modelIds), traits and factions.
func (c *Conversion) selectorYAML(sel map[string]any) string {
	if sel["all"] == true {
		return "all"
	}
	strs := func(k string) []string {
		var out []string
		list, _ := sel[k].([]any)
		for _, x := range list {
			if s, ok := x.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	var ids, traits, factions []string
	for _, id := range strs("profileIds") {
		if q, ok := c.profileByID[id]; ok && q.why == "" {
			ids = append(ids, q.id)
		} else {
			ids = append(ids, projectID(id)) // names nobody imported
		}
	}
	for _, m := range strs("modelIds") {
		for _, q := range c.profiles {
			if q.modelID == m && q.why == "" && !slices.Contains(ids, q.id) {
				ids = append(ids, q.id)
			}
		}
	}
	for _, t := range strs("traits") {
		traits = append(traits, projectID(t))
	}
	for _, f := range strs("factionIds") {
		if pf, ok := factionOf(f); ok {
			factions = append(factions, pf)
		}
	}
	var parts []string
	for _, kv := range []struct {
		k string
		v []string
	}{{"profiles", ids}, {"traits", traits}, {"factions", factions}} {
		if len(kv.v) > 0 {
			parts = append(parts, kv.k+": ["+strings.Join(kv.v, ", ")+"]")
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// countOf reads a countAtLeast: a whole number from 1 to 99, 0 otherwise.
func countOf(n json.Number) int {
	i, err := n.Int64()
	if err != nil || i < 1 || i > 99 {
		return 0
	}
	return int(i)
}

// countOut is a stat-count, stat-max or stat-per-count effect of a card on
// itself, written as the data format's stat_counts (profiles.StatCount).
type countOut struct {
	stat, kind string
	of         map[string]any
	amount     int
}

// countEffect2 keeps a count of models in play on one of V, P, A, C, T, I
// for resolveAllies; it reports whether it kept it (a selector of profiles,
// models, traits or factions; a whole amount from -9 to 9).
func (p *profileOut) countEffect2(ef effect, stat string, of map[string]any) bool {
	if !slices.Contains([]string{"v", "p", "a", "c", "t", "i"}, stat) || len(of) == 0 {
		return false
	}
	for k := range of {
		if !slices.Contains(allyKeys[:4], k) {
			return false
		}
	}
	co := countOut{stat: strings.ToUpper(stat), of: of}
	switch ef.kind {
	case "stat-count":
		co.kind = string(profiles.CountEquals)
	case "stat-max":
		co.kind = string(profiles.CountMax)
	case "stat-per-count":
		co.kind = string(profiles.CountPer)
		v, _ := ef.op.get("amount")
		n, ok := v.(json.Number)
		a, err := n.Int64()
		if !ok || err != nil || a < -9 || a > 9 {
			return false
		}
		co.amount = int(a)
	}
	p.counts = append(p.counts, co)
	return true
}
