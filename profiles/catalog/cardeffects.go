package catalog

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kharn-ages/kharn/profiles"
)

// An effect is one structured effect of a profile, an equipment card, a
// special card or a mount (catalogue.md section 3.8).
type effect struct {
	id, path string
	kind     string // operation kind: "grant-skill", "stat-count", ...
	op       *object
	// self is true when the target is the source alone ({self: true}, or the
	// holder of an item), with no condition and no designation: what a
	// profile carries whatever the list.
	self   bool
	target string // the target, for messages: "traits roseau", "all"
	// to, cond and designated keep the target selector, the condition and
	// whether a designation locks it, for effects on other Safars
	// (profiles/catalog/allies.go).
	to         map[string]any
	cond       any
	designated bool
}

// Operation kinds by what they act on (catalogue.md section 3.8).
var (
	listOnlyOps = []string{"cost-delta", "cost-set", "limit-modifier", "grimoire-discount"}
	magicOps    = []string{"spell-pages", "grant-spell", "grant-spell-choice"}
	battleOps   = []string{"skill-count"}
	combatOps   = []string{"grant-skill", "stat-count", "stat-max", "stat-modifier", "stat-per-count",
		"unlock-upgrade", "grant-mastery-die", "grant-equipment", "grant-trait"}
)

// readEffects reads an effects list.
func readEffects(n *notes, x any, path string) []effect {
	var out []effect
	for _, eo := range n.objects(x, path, "ignored", "effect ignored") {
		ef := effect{path: eo.path}
		if v, ok := eo.get("id"); ok {
			ef.id, _ = n.str(v, eo.at("id"), "ignored")
		}
		v, _ := eo.get("operation")
		op, ok := n.obj(v, eo.at("operation"), "effect ignored")
		if !ok {
			continue
		}
		ef.op = op
		if k, ok := op.get("kind"); ok {
			ef.kind, _ = n.str(k, op.at("kind"), "effect ignored")
		}
		if !slices.Contains(slices.Concat(listOnlyOps, magicOps, battleOps, combatOps), ef.kind) {
			n.problemf(op.at("kind"), "unknown operation %q, effect ignored", ef.kind)
			n.notModelledf("effect %s (operation %q)", ef.id, ef.kind)
			continue
		}
		cond, hasCond := eo.get("condition")
		hasCond = hasCond && !isEmpty(cond)
		des, hasDes := eo.get("designation")
		hasDes = hasDes && !isEmpty(des)
		tv, _ := eo.get("target")
		tm, _ := tv.(map[string]any)
		ef.target = selectorText(tm)
		ef.self = !hasCond && !hasDes && len(tm) > 0 && (tm["self"] == true || tm["cavalier"] == true) &&
			tm["equipmentIds"] == nil && tm["equipmentCategories"] == nil && tm["equipmentHands"] == nil
		if hasCond {
			ef.target += " when " + conditionText(cond)
			ef.cond = cond
		}
		ef.to, ef.designated = tm, hasDes
		for _, k := range []string{"source", "scope", "sourceText"} {
			eo.get(k)
		}
		out = append(out, ef)
	}
	return out
}

// selectorText writes a selector for messages: "self", "traits roseau".
func selectorText(m map[string]any) string {
	if len(m) == 0 {
		return "nobody"
	}
	var parts []string
	for _, k := range sortedKeys(m) {
		switch v := m[k].(type) {
		case bool:
			if v {
				parts = append(parts, k)
			}
		case []any:
			var s []string
			for _, x := range v {
				s = append(s, fmt.Sprint(x))
			}
			parts = append(parts, k+" "+strings.Join(s, ","))
		default:
			parts = append(parts, k+" "+fmt.Sprint(v))
		}
	}
	return strings.Join(parts, " ")
}

func conditionText(c any) string {
	switch v := c.(type) {
	case map[string]any:
		return selectorText(v)
	case []any:
		var s []string
		for _, x := range v {
			m, _ := x.(map[string]any)
			s = append(s, selectorText(m))
		}
		return strings.Join(s, " and ")
	}
	return describe(c)
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// label names an effect in the report.
func (ef effect) label() string {
	s := "effect " + ef.kind
	if ef.id != "" {
		s += " " + ef.id
	}
	return s
}

// classify records an effect that is not applied to its source's stat line:
// list-only, magic or battle-format operations apart, the rest not modelled
// with why. It reports whether it recorded the effect.
func classify(n *notes, ef effect, on string) bool {
	switch {
	case slices.Contains(listOnlyOps, ef.kind):
		n.noEffectf("%s (list building only)", ef.label())
	case slices.Contains(magicOps, ef.kind):
		n.magicf("%s", ef.label())
	case slices.Contains(battleOps, ef.kind):
		n.noEffectf("%s (battle format only)", ef.label())
	case ef.kind == "unlock-upgrade":
		n.noEffectf("%s (an upgrade a list may buy: applied by kharn import list)", ef.label())
	case !ef.self:
		n.notModelledf("%s on %s (%s: effects on other Safars or under a condition are not modelled)", ef.label(), ef.target, on)
	default:
		return false
	}
	return true
}

// applyEffects applies the profile's own effects that hold whatever the list:
// skill grants, stat changes, mastery dice, equipment and traits given to
// itself with no condition. Counts in play (stat-count, stat-max,
// stat-per-count) are read at their floor and reported.
func (p *profileOut) applyEffects(ctx *readContext) {
	for _, ef := range p.effects {
		if p.allyGrant(ef) { // profiles/catalog/allies.go
			continue
		}
		if p.whileInPlay(ef) { // profiles/catalog/conditional.go
			continue
		}
		if classify(&p.notes, ef, "the card") {
			continue
		}
		p.applySelfEffect(ctx, ef, "its card")
	}
}

// applySelfEffect applies an effect whose target is p itself, from source.
func (p *profileOut) applySelfEffect(ctx *readContext, ef effect, source string) {
	op := ef.op
	str := func(k string) string {
		v, _ := op.get(k)
		s, _ := v.(string)
		return s
	}
	switch ef.kind {
	case "grant-skill":
		r := skillRef{id: str("skillId"), path: op.at("skillId"), from: "from " + source}
		r.value, r.hasValue = op.get("value")
		r.hasValue = r.hasValue && r.value != nil
		r.precision = str("precision")
		if v, ok := op.get("incrementIfPresent"); ok && v != nil {
			r.increment, _ = p.whole(v, op.at("incrementIfPresent"), "ignored")
		}
		p.addSkill(ctx, r)
	case "grant-trait":
		p.addTrait(projectID(str("trait")))
	case "stat-modifier":
		stat := str("stat")
		amount := 0
		if v, _ := op.get("amount"); v == "level" {
			amount = p.level
		} else if n, ok := p.whole(v, op.at("amount"), "effect ignored"); ok {
			amount = n
		} else {
			return
		}
		if dst := p.statRef(stat); dst != nil {
			*dst += amount
			p.statNotes = append(p.statNotes, fmt.Sprintf("%s %+d (%s)", stat, amount, ef.label()))
		} else {
			p.problemf(op.at("stat"), "unknown stat %q, effect ignored", stat)
		}
	case "stat-count", "stat-max", "stat-per-count":
		p.countEffect(ef, str("stat"))
	case "grant-mastery-die":
		v, _ := op.get("domains")
		var die []profiles.Field
		for _, d := range p.ids(v, op.at("domains")) {
			if f, ok := masteryField(d); ok && !slices.Contains(die, f) {
				die = append(die, f)
			}
		}
		if len(die) > 0 {
			p.mastery = append(p.mastery, die)
		}
	case "grant-equipment":
		v, _ := op.get("equipmentIds")
		for i, id := range p.ids(v, op.at("equipmentIds")) {
			if !slices.ContainsFunc(p.refs, func(r ref) bool { return r.catalogID == id }) {
				p.refs = append(p.refs, ref{catalogID: id, path: index(op.at("equipmentIds"), i), granted: true})
			}
		}
	}
}

// statRef returns the stat named by an effect's stat key.
func (p *profileOut) statRef(stat string) *int {
	switch stat {
	case "v":
		return &p.stats[0]
	case "p":
		return &p.stats[1]
	case "a":
		return &p.stats[2]
	case "c":
		return &p.stats[3]
	case "t":
		return &p.stats[4]
	case "i":
		return &p.stats[5]
	case "stature":
		return &p.stature
	case "pa":
		return &p.ap
	case "pv":
		return &p.hp
	}
	return nil
}

// countEffect reads a stat given by a count of models in play (catalogue.md
// section 3.8): its printed value, or, when the card prints none, 1 if the
// Safar counts itself and 0 otherwise, is the floor the engine recounts from
// (stat_counts, sim/counts.go); a count the data format cannot hold is
// reported.
func (p *profileOut) countEffect(ef effect, stat string) {
	dst := p.statRef(stat)
	if dst == nil {
		p.problemf(ef.op.at("stat"), "unknown stat %q, effect ignored", stat)
		return
	}
	ov, _ := ef.op.get("of")
	of, _ := ov.(map[string]any)
	i := slices.Index([]string{"v", "p", "a", "c", "t", "i"}, stat)
	if i >= 0 && p.nullStats[i] && ef.kind == "stat-count" {
		self := 0
		if p.matches(of) {
			self = 1
		}
		*dst = self
		p.nullStats[i] = false
	}
	if p.countEffect2(ef, stat, of) { // profiles/catalog/allies.go: recounted in play
		return
	}
	p.notModelledf("%s from %s in play (%s): the printed value is kept; the engine does not recount", strings.ToUpper(stat), selectorText(of), ef.label())
}

// matches reports whether p itself matches a selector's profile keys.
func (p *profileOut) matches(sel map[string]any) bool {
	has := func(k, v string) bool {
		list, _ := sel[k].([]any)
		return slices.ContainsFunc(list, func(x any) bool { s, _ := x.(string); return s == v })
	}
	if len(sel) == 0 {
		return false
	}
	for k := range sel {
		switch k {
		case "profileIds":
			if !has(k, p.catalogID) {
				return false
			}
		case "modelIds":
			if !has(k, p.modelID) {
				return false
			}
		case "factionIds":
			if !has(k, p.factionID) {
				return false
			}
		case "levels":
			if !has(k, strconv.Itoa(p.level)) && !slices.ContainsFunc(sel[k].([]any), func(x any) bool { return fmt.Sprint(x) == strconv.Itoa(p.level) }) {
				return false
			}
		case "traits":
			list, _ := sel[k].([]any)
			if !slices.ContainsFunc(list, func(x any) bool { s, _ := x.(string); return slices.Contains(p.traits, projectID(s)) }) {
				return false
			}
		}
	}
	return true
}
