package catalog

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/kharn-ages/kharn/profiles"
	"go.yaml.in/yaml/v3"
)

// A card rule that exists only as text (profiles[].rules, mounts[].rules:
// catalogue.md 3.5; skills.md section 3) is named not modelled, since no
// phrase of it is read. A user who has read the card may say by hand what it
// does, in a YAML file of their own that never enters this repository (the
// card wording belongs to the publisher), given to kharn import catalog
// --rules FILE:
//
//	rules:
//	  - card: sanglier-3        # a profile or mount id of the catalogue
//	    rule: Piétinement       # the rule's label, as the report names it
//	    skills: {trample: ~}    # skills of the data format it amounts to
//	  - card: heron-2
//	    rule: Coup de bec
//	    no_effect: acts only in the battle format
//	  - card: fangs-chiot-1
//	    rule: Coup de gueule
//	    special_attack: {chars: VV, damage: V, bleeding: 1}
//
// A rule mapped to skills gives the card those skills (a keyword with no
// value or a number) and is no longer named not modelled; a rule mapped to a
// special_attack (skills.md section 3, pattern I; the fields of a profile's
// special_attacks entry, profiles.CardAttack, its name the rule's label by
// default) gives the card, profile or mount, that attack; a rule with
// no_effect is named "no effect in a skirmish" with the reason given, with
// the mapping's file and line. What the mapping says is the user's reading:
// each skill it gives keeps, as its YAML comment, the rule and the mapping's
// line it comes from. Special cards' rules are not mapped here.

// RulesMap is a hand mapping of card rules read from a user's file
// (ReadRulesMap).
type RulesMap struct {
	File    string
	Entries []RuleMapping
}

// RuleMapping maps one rule of one card.
type RuleMapping struct {
	Card, Rule string // catalogue profile or mount id; the rule's label
	// Skills are data-format skills (Name, and Value for a number) the rule
	// amounts to; NoEffect, when set instead, is why it does nothing in a
	// skirmish.
	Skills   []profiles.Skill
	NoEffect string
	// Attack, when set instead, is the card-defined special attack the rule
	// is.
	Attack *profiles.CardAttack
	Line   int
}

// ReadRulesMapFile reads the rules mapping at path (ReadRulesMap).
func ReadRulesMapFile(path string) (*RulesMap, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ReadRulesMap(path, data)
}

// ReadRulesMap decodes a rules mapping from data, read from the file called
// name. Every problem is reported at once, each as "file:line:col: field:
// message": an unknown field, an entry without card or rule, with more or
// fewer than one of skills, no_effect and special_attack, a special attack
// out of its ranges (profiles.DecodeCardAttack), an unknown skill keyword, a skill that
// takes a field, a distance or a text (a mapping gives only keywords with no
// value or a number from 1 to 99).
func ReadRulesMap(name string, data []byte) (*RulesMap, error) {
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	rm := &RulesMap{File: name}
	var errs []error
	errorf := func(n *yaml.Node, field, format string, args ...any) {
		errs = append(errs, fmt.Errorf("%s:%d:%d: %s: %s", name, n.Line, n.Column, field, fmt.Sprintf(format, args...)))
	}
	doc := &root
	if doc.Kind == yaml.DocumentNode && len(doc.Content) == 1 {
		doc = doc.Content[0]
	}
	if doc.Kind != yaml.MappingNode {
		return nil, fmt.Errorf("%s: want a mapping with rules: (a list of card, rule, skills or no_effect)", name)
	}
	var list *yaml.Node
	for i := 0; i+1 < len(doc.Content); i += 2 {
		k, v := doc.Content[i], doc.Content[i+1]
		if k.Value != "rules" {
			errorf(k, k.Value, "unknown field (known: rules)")
			continue
		}
		list = v
	}
	if list == nil || list.Kind != yaml.SequenceNode {
		if list != nil {
			errorf(list, "rules", "want a list of card, rule, skills or no_effect")
		} else if len(errs) == 0 {
			errs = append(errs, fmt.Errorf("%s: no rules: list", name))
		}
		return nil, errors.Join(errs...)
	}
	for i, e := range list.Content {
		path := "rules[" + strconv.Itoa(i) + "]"
		if e.Kind != yaml.MappingNode {
			errorf(e, path, "want a mapping with card, rule, and skills or no_effect")
			continue
		}
		m := RuleMapping{Line: e.Line}
		var skillsNode, attackNode *yaml.Node
		for j := 0; j+1 < len(e.Content); j += 2 {
			k, v := e.Content[j], e.Content[j+1]
			field := path + "." + k.Value
			str := func() string {
				if v.Kind != yaml.ScalarNode || v.ShortTag() == "!!null" || strings.TrimSpace(v.Value) == "" {
					errorf(v, field, "want a text")
					return ""
				}
				return strings.TrimSpace(v.Value)
			}
			switch k.Value {
			case "card":
				m.Card = str()
			case "rule":
				m.Rule = str()
			case "no_effect":
				m.NoEffect = str()
			case "skills":
				skillsNode = v
				m.Skills = mappedSkills(v, field, errorf)
			case "special_attack":
				attackNode = v
			default:
				errorf(k, field, "unknown field (known: card, rule, skills, no_effect, special_attack)")
			}
		}
		if attackNode != nil {
			a, err := profiles.DecodeCardAttack(name, attackNode, path+".special_attack", m.Rule)
			if err != nil {
				errs = append(errs, err)
			} else {
				m.Attack = &a
			}
		}
		given := 0
		for _, g := range []bool{skillsNode != nil, m.NoEffect != "", attackNode != nil} {
			if g {
				given++
			}
		}
		switch {
		case m.Card == "" || m.Rule == "":
			errorf(e, path, "card and rule are required")
		case given != 1:
			errorf(e, path, "give skills, no_effect or special_attack, one of them")
		}
		rm.Entries = append(rm.Entries, m)
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return rm, nil
}

// mappedSkills decodes the skills of a mapping entry.
func mappedSkills(n *yaml.Node, field string, errorf func(*yaml.Node, string, string, ...any)) []profiles.Skill {
	if n.Kind != yaml.MappingNode || len(n.Content) == 0 {
		errorf(n, field, "want a mapping of skill keywords, e.g. {trample: ~} or {brutality: 1}")
		return nil
	}
	var out []profiles.Skill
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		name := strings.Join(strings.Fields(strings.ToLower(k.Value)), " ")
		f := field + "." + k.Value
		kind, ok := profiles.SkillValueOf(name)
		null := v.Kind == yaml.ScalarNode && v.ShortTag() == "!!null"
		switch {
		case !ok:
			errorf(k, f, "unknown skill %q (the keywords: the table of skills in docs/import.md)", k.Value)
			continue
		case kind == profiles.SkillNoValue && !null:
			errorf(v, f, "skill %s takes no value: write %s: ~", name, name)
			continue
		case kind == profiles.SkillNumber || kind == profiles.SkillOptNumber:
			x, err := strconv.Atoi(v.Value)
			if null && kind == profiles.SkillOptNumber {
				x, err = 0, nil
			} else if v.Kind != yaml.ScalarNode || err != nil || x < 1 || x > 99 {
				errorf(v, f, "skill %s takes a number from 1 to 99", name)
				continue
			}
			out = append(out, profiles.Skill{Name: name, Value: x})
			continue
		case kind != profiles.SkillNoValue:
			errorf(k, f, "skill %s takes a field, a distance or a text: a rules mapping gives keywords with no value or a number", name)
			continue
		}
		out = append(out, profiles.Skill{Name: name})
	}
	return out
}

// applyRulesMap applies rm to the cards read: each entry's rule, found on the
// profile or mount of that catalogue id by its label, gives its skills or is
// named no effect in a skirmish, and is no longer named not modelled. An
// entry that matches no card or no rule is a problem of the mapping file.
func (c *Conversion) applyRulesMap(file *notes, rm *RulesMap) {
	if rm == nil {
		return
	}
	for i, e := range rm.Entries {
		where := fmt.Sprintf("%s:%d", filepath.Base(rm.File), e.Line)
		at := "rules[" + strconv.Itoa(i) + "]"
		var p *profileOut
		for _, x := range c.profiles {
			if x.catalogID == e.Card {
				p = x
			}
		}
		for _, m := range c.mounts {
			if p == nil && m.catalogID == e.Card {
				p = &m.p
			}
		}
		if p == nil {
			file.problems = append(file.problems, Problem{File: rm.File, Path: at, Msg: fmt.Sprintf("line %d: card %q is no profile or mount of the catalogue: mapping not applied", e.Line, e.Card)})
			continue
		}
		k := slices.IndexFunc(p.ruleLabels, func(l string) bool { return strings.EqualFold(strings.TrimSpace(l), e.Rule) })
		if k < 0 {
			file.problems = append(file.problems, Problem{File: rm.File, Path: at, Msg: fmt.Sprintf("line %d: card %q has no rule %q (its rules: %s): mapping not applied", e.Line, e.Card, e.Rule, quoteAll(p.ruleLabels))})
			continue
		}
		label := p.ruleLabels[k]
		if a := e.Attack; a != nil && (p.nullStats[a.Chars[0]] || p.nullStats[a.Chars[1]]) {
			file.problems = append(file.problems, Problem{File: rm.File, Path: at, Msg: fmt.Sprintf("line %d: the special attack of rule %q engages %s%s, which card %q does not print (catalogue.md 4.5): mapping not applied", e.Line, label, a.Chars[0], a.Chars[1], e.Card)})
			continue
		}
		p.notModelled = slices.DeleteFunc(p.notModelled, func(s string) bool { return s == fmt.Sprintf("rule %q", label) })
		if e.NoEffect != "" {
			p.noEffectf("rule %q: %s (hand mapping, %s)", label, e.NoEffect, where)
			continue
		}
		if e.Attack != nil {
			p.cardAttacks = append(p.cardAttacks, cardAttackOut{attack: *e.Attack, source: fmt.Sprintf("rule %s, hand mapping %s", label, where)})
			continue
		}
		for _, sk := range e.Skills {
			so := skillOut{name: sk.Name, value: "~", source: fmt.Sprintf("rule %s, hand mapping %s", label, where), engine: profiles.SkillEngine(sk.Name)}
			if v, _ := profiles.SkillValueOf(sk.Name); v != profiles.SkillNoValue && sk.Value > 0 {
				so.value = strconv.Itoa(sk.Value)
			}
			j := slices.IndexFunc(p.skills, func(s skillOut) bool { return s.name == sk.Name })
			switch {
			case j < 0:
				p.skills = append(p.skills, so)
			case so.value != "~":
				if old, err := strconv.Atoi(p.skills[j].value); err != nil || old < sk.Value {
					p.skills[j].value = so.value
				}
			}
			if !so.engine.Played() {
				p.notModelledf("skill %s (from rule %q by hand mapping: the engine does not play it)", sk.Name, label)
			}
		}
	}
}

// quoteAll returns the labels quoted and joined, or "none".
func quoteAll(labels []string) string {
	if len(labels) == 0 {
		return "none"
	}
	q := make([]string, len(labels))
	for i, l := range labels {
		q[i] = strconv.Quote(l)
	}
	return strings.Join(q, ", ")
}
