package profiles

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Field names of spells and of a profile's magic in the YAML format.
var (
	spellFields = []string{"id", "name", "kind", "way", "pages", "cost", "level_cost",
		"reserved_to", "target", "range", "cadence", "duration", "difficulties"}
	levelFields = []string{"threshold", "effect", "amount", "ignores_armour", "caster_pays", "text",
		"modifier", "ap_loss", "immobilise", "fright", "ward", "dispel", "silence",
		"attack_bonus", "critical_from", "cover", "activations", "activate_now", "acted_ap_loss",
		"reroll", "force_reroll", "fixed_result", "stored_die", "grant_skill", "replay_all", "lasts",
		"fire", "frostbite"}
	magicFields = []string{"way", "affinity", "grimoire", "spells", "granted", "pages"}
)

// oneOf decodes a string that must be one of allowed.
func oneOf[T ~string](d *decoder, n *yaml.Node, field, what string, allowed []T) (T, bool) {
	v, ok := d.stringValue(n, field)
	if !ok {
		return "", false
	}
	v = strings.ToLower(v)
	for _, a := range allowed {
		if string(a) == v {
			return a, true
		}
	}
	names := make([]string, len(allowed))
	for i, a := range allowed {
		names[i] = string(a)
	}
	d.errorf(deref(n), field, "unknown %s %q%s (known: %s)", what, v, didYouMean(Closest(v, names, 1)), strings.Join(names, ", "))
	return "", false
}

func (d *decoder) way(n *yaml.Node, field string) Way {
	names := make([]Way, len(Ways))
	for i, w := range Ways {
		names[i] = w.Way
	}
	w, _ := oneOf(d, n, field, "magic way", names)
	return w
}

// spell decodes one spell entry.
func (d *decoder) spell(n *yaml.Node, path string, _ bool) {
	fields, ok := d.mapping(n, path)
	if !ok {
		return
	}
	node := deref(n)
	s := &Spell{Pos: d.pos(node), LevelCost: 1, Cadence: Cadence{Per: "unlimited"}, Duration: Instant}
	e := &spellEntry{s: s, path: path}
	present := map[string]*yaml.Node{}
	for _, f := range fields {
		present[f.key] = f.k
		field := join(path, f.key)
		switch f.key {
		case "id":
			s.ID, _ = d.idValue(f.v, field)
			e.idPos = d.pos(deref(f.v))
		case "name":
			s.Name, _ = d.stringValue(f.v, field)
		case "kind":
			s.Kind, _ = oneOf(d, f.v, field, "spell kind", []SpellKind{GenericSpell, GrimoireSpell, ProfileSpell})
		case "way":
			s.Way = d.way(f.v, field)
		case "pages":
			s.Pages, _ = d.intIn(f.v, field, 1, 5, "pages must be from 1 to 5 (a small grimoire holds 5, seed 000 line 1475)")
		case "cost":
			s.Cost, _ = d.intIn(f.v, field, 0, 999, "cost must be from 0 to 999 Krowns")
		case "level_cost":
			s.LevelCost, _ = d.intIn(f.v, field, 1, 3, "level_cost must be from 1 to 3 (levels of the caster's generic spell budget)")
		case "reserved_to":
			e.reserved = d.refs(f.v, field)
			for _, r := range e.reserved {
				s.ReservedTo = append(s.ReservedTo, r.id)
			}
		case "target":
			s.Target, _ = oneOf(d, f.v, field, "spell target", []SpellTarget{TargetSelf, TargetAlly, TargetEnemy, TargetAny})
		case "range":
			if v, ok := d.numberValue(f.v, field); ok {
				if v < 0 || v > 100 {
					d.errorf(deref(f.v), field, "range must be from 0 to 100 toises, got %g", v)
				}
				s.Range = v
			}
		case "cadence":
			s.Cadence = d.cadence(f.v, field)
		case "duration":
			s.Duration, _ = oneOf(d, f.v, field, "duration", durations)
		case "difficulties":
			s.Levels = d.levels(f.v, field)
		default:
			d.unknown(f.k, field, f.key, spellFields)
		}
	}
	has := func(k string) bool { return present[k] != nil }
	req := map[string]bool{}
	for k := range present {
		req[k] = true
	}
	d.require(node, path, req, "id", "name", "kind", "target", "difficulties")
	d.checkLasts(s, present["difficulties"], join(path, "difficulties"))
	if s.Target == TargetSelf || s.Target == TargetAlly {
		for _, l := range s.Levels {
			if l.ForceReroll {
				d.errorf(present["target"], join(path, "target"), "difficulty %d forces an enemy's reroll (force_reroll): the target must be enemy or any, got %s", l.Difficulty, s.Target)
			}
		}
	}
	switch s.Kind {
	case GrimoireSpell:
		if !has("way") {
			d.errorf(node, path, "a grimoire spell belongs to a way: missing field \"way\" (seed 000 line 1466)")
		}
		if !has("pages") {
			d.errorf(node, path, "a grimoire spell fills pages of a grimoire: missing field \"pages\" (seed 000 line 1478)")
		}
		if has("level_cost") {
			d.errorf(present["level_cost"], join(path, "level_cost"), "only generic spells take levels of the caster's budget")
		}
	case GenericSpell:
		if has("pages") {
			d.errorf(present["pages"], join(path, "pages"), "a generic spell fills no grimoire page (seed 000 line 1462)")
		}
		if has("way") && !has("reserved_to") {
			d.errorf(present["way"], join(path, "way"), "a generic spell is open to every way; one of a way must be reserved_to its faction (catalogue.md 4.10)")
		}
	case ProfileSpell:
		if !has("reserved_to") {
			d.errorf(node, path, "a profile spell is reserved to a profile: missing field \"reserved_to\"")
		}
		if has("level_cost") {
			d.errorf(present["level_cost"], join(path, "level_cost"), "only generic spells take levels of the caster's budget")
		}
	}
	d.out.spells = append(d.out.spells, e)
}

// cadence decodes "1/turn", "2/turn", "1/two-turns", "1/game" or "unlimited".
func (d *decoder) cadence(n *yaml.Node, field string) Cadence {
	v, ok := d.stringValue(n, field)
	if !ok {
		return Cadence{Per: "unlimited"}
	}
	v = strings.ToLower(strings.ReplaceAll(v, " ", ""))
	if v == "unlimited" {
		return Cadence{Per: "unlimited"}
	}
	num, per, found := strings.Cut(v, "/")
	k, err := strconv.Atoi(num)
	if !found || err != nil || k < 1 || k > 9 || !slices.Contains(cadencePeriods, per) {
		d.errorf(deref(n), field, "cadence %q: want N/turn, N/two-turns, N/game (N from 1 to 9) or unlimited", v)
		return Cadence{Per: "unlimited"}
	}
	return Cadence{N: k, Per: per}
}

// levels decodes the difficulties of a spell: 1 to 3 entries, thresholds strictly
// increasing (catalogue.md 4.10: 1, 2 or 3 difficulties, thresholds 10-28).
func (d *decoder) levels(n *yaml.Node, field string) []SpellLevel {
	elems, ok := d.sequence(n, field)
	if !ok {
		return nil
	}
	if len(elems) < 1 || len(elems) > 3 {
		d.errorf(deref(n), field, "a spell has 1 to 3 difficulties, got %d", len(elems))
	}
	var out []SpellLevel
	for i, e := range elems {
		path := index(field, i)
		fields, ok := d.mapping(e, path)
		if !ok {
			continue
		}
		var l SpellLevel
		present := map[string]bool{}
		var amountNode, ignoreNode, paysNode, fireNode *yaml.Node
		var params []kv
		for _, f := range fields {
			present[f.key] = true
			fp := join(path, f.key)
			switch f.key {
			case "threshold":
				l.Difficulty, _ = d.intIn(f.v, fp, 2, 60, "threshold must be from 2 to 60")
			case "effect":
				l.Effect, _ = oneOf(d, f.v, fp, "effect category", append(slices.Clone(SpellEffects), EffectUnclassed))
			case "amount":
				l.Amount = d.dice(f.v, fp)
				amountNode = f.k
			case "ignores_armour":
				l.IgnoresArmour, _ = d.boolValue(f.v, fp)
				ignoreNode = f.k
			case "caster_pays":
				l.CasterPays, _ = d.boolValue(f.v, fp)
				paysNode = f.k
			case "text":
				l.Text, _ = d.stringValue(f.v, fp)
			case "fire":
				l.Fire, _ = d.boolValue(f.v, fp)
				fireNode = f.k
			case "frostbite":
				l.Frostbite, _ = d.boolValue(f.v, fp)
				fireNode = f.k
			case "lasts":
				l.Lasts, _ = oneOf(d, f.v, fp, "duration of a difficulty", levelDurations)
			default:
				if !d.effectParam(&l.EffectParams, f.key, f.v, fp) {
					d.unknown(f.k, fp, f.key, levelFields)
				} else {
					params = append(params, f)
				}
			}
		}
		d.require(deref(e), path, present, "threshold", "effect")
		if l.Effect != "" {
			switch {
			case l.Effect.HasAmount() && l.Amount == nil:
				d.errorf(deref(e), path, "a %s effect needs an amount (dice such as 1D5 or 2D5+1)", l.Effect)
			case !l.Effect.HasAmount() && amountNode != nil:
				d.errorf(amountNode, join(path, "amount"), "a %s effect has no amount (only %s, %s and %s do)", l.Effect, EffectDamage, EffectHealing, EffectReturn)
			}
			for _, f := range params {
				d.checkEffectParam(f.key, f.k, join(path, f.key), l.Effect)
			}
			if ignoreNode != nil && l.Effect != EffectDamage {
				d.errorf(ignoreNode, join(path, "ignores_armour"), "only a damage effect can ignore armour")
			}
			if fireNode != nil && l.Effect != EffectDamage {
				d.errorf(fireNode, join(path, fireNode.Value), "only a damage effect can set its target on fire or give it frostbite (sim/fire.go)")
			}
			if paysNode != nil && l.Effect != EffectHealing {
				d.errorf(paysNode, join(path, "caster_pays"), "only a healing effect can be paid in HP by the caster (caster_pays: the caster loses the amount healed)")
			}
			if !l.Effect.HasAmount() && l.Text == "" {
				d.errorf(deref(e), path, "a %s effect needs a text saying what it does", l.Effect)
			}
		}
		if len(out) > 0 && l.Difficulty != 0 && l.Difficulty <= out[len(out)-1].Difficulty {
			d.errorf(deref(e), join(path, "threshold"), "thresholds must increase: %d after %d", l.Difficulty, out[len(out)-1].Difficulty)
		}
		out = append(out, l)
	}
	return out
}

// magic decodes a profile's magic: its way, an affinity, its grimoire and its
// spells.
func (d *decoder) magic(n *yaml.Node, field string) (*Magic, []ref) {
	fields, ok := d.mapping(n, field)
	if !ok {
		return nil, nil
	}
	m := &Magic{}
	var refs []ref
	present := map[string]bool{}
	for _, f := range fields {
		present[f.key] = true
		fp := join(field, f.key)
		switch f.key {
		case "way":
			m.Way = d.way(f.v, fp)
		case "affinity":
			m.Affinity = d.way(f.v, fp)
		case "grimoire":
			ids := make([]string, len(Grimoires))
			for i, g := range Grimoires {
				ids[i] = g.ID
			}
			if id, ok := oneOf(d, f.v, fp, "grimoire", ids); ok {
				for i := range Grimoires {
					if Grimoires[i].ID == id {
						g := Grimoires[i]
						m.Grimoire = &g
					}
				}
			}
		case "pages":
			m.Pages, _ = d.intIn(f.v, fp, 0, 20, "pages must be from 0 to 20 (extra grimoire pages a card gives)")
		case "spells", "granted":
			rs := d.refs(f.v, fp)
			for _, r := range rs {
				m.Spells = append(m.Spells, r.id)
				if f.key == "granted" {
					m.Granted = append(m.Granted, r.id)
				}
			}
			refs = append(refs, rs...)
		default:
			d.unknown(f.k, fp, f.key, magicFields)
		}
	}
	if !present["way"] {
		d.errorf(deref(n), field, "missing field %q: a Safar that masters no way casts no spell (skills.md 4.1; known: %s)", "way", strings.Join(wayNames(), ", "))
	}
	seen := map[string]bool{}
	for _, r := range refs {
		if seen[r.id] {
			d.errs = append(d.errs, Error{Pos: r.pos, Field: r.path, Msg: fmt.Sprintf("spell %q listed twice", r.id)})
		}
		seen[r.id] = true
	}
	return m, refs
}
