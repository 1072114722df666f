package catalog

import (
	"bytes"
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
//	  - card: fangs-larbin-1
//	    rule: Serviteur
//	    profile:                # profile fields of the data format
//	      in_leader_aura: {velocity: 1, pass_terror: true}
//
// A rule mapped to skills gives the card those skills (a keyword with no
// value or a number) and is no longer named not modelled; a rule mapped to a
// special_attack (skills.md section 3, pattern I; the fields of a profile's
// special_attacks entry, profiles.CardAttack, its name the rule's label by
// default) gives the card, profile or mount, that attack; a rule with
// profile gives the card those fields of the data format (the card-rule
// patterns' fields: profiles.CardRuleFields), checked as in a data file; a
// rule with
// no_effect is named "no effect in a skirmish" with the reason given, with
// the mapping's file and line. What the mapping says is the user's reading:
// each skill it gives keeps, as its YAML comment, the rule and the mapping's
// line it comes from. A special card's text (rule: text) maps to list card
// fields (list:) or no_effect: listrules.go.

// RulesMap is a hand mapping of card rules read from a user's file
// (ReadRulesMap).
type RulesMap struct {
	File    string
	Entries []RuleMapping
}

// RuleMapping maps one rule of one card.
type RuleMapping struct {
	Card, Rule string // catalogue profile, mount or special card id; the rule's label ("text" for a special card)
	// Skills are data-format skills (Name, and Value for a number) the rule
	// amounts to; NoEffect, when set instead, is why it does nothing in a
	// skirmish.
	Skills   []profiles.Skill
	NoEffect string
	// Attack, when set instead, is the card-defined special attack the rule
	// is.
	Attack *profiles.CardAttack
	// Fields, when set instead, is the mapping of profile fields the rule
	// amounts to (profiles.DecodeCardRuleFields), FieldKeys their keys.
	Fields    *yaml.Node
	FieldKeys []string
	// List, when set instead, holds the list card fields a special card's
	// rule amounts to (profiles.DecodeListCardFields), ListNode their YAML,
	// ListKeys their keys.
	List     *profiles.List
	ListNode *yaml.Node
	ListKeys []string
	Line     int
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
// fewer than one of skills, no_effect, special_attack and profile, a special
// attack out of its ranges (profiles.DecodeCardAttack), a profile field that
// is unknown, printed on the card or out of its ranges
// (profiles.DecodeCardRuleFields), an unknown skill keyword, a skill that
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
		var skillsNode, attackNode, fieldsNode, listNode *yaml.Node
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
			case "profile":
				fieldsNode = v
			case "list":
				listNode = v
			default:
				errorf(k, field, "unknown field (known: card, rule, skills, no_effect, special_attack, profile); list, for a special card's text")
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
		if fieldsNode != nil {
			keys, err := profiles.DecodeCardRuleFields(name, fieldsNode, path+".profile")
			if err != nil {
				errs = append(errs, err)
			} else {
				m.Fields, m.FieldKeys = fieldsNode, keys
			}
		}
		if listNode != nil {
			l, keys, err := profiles.DecodeListCardFields(name, listNode, path+".list") // profiles/listcards.go
			if err != nil {
				errs = append(errs, err)
			} else {
				m.List, m.ListNode, m.ListKeys = l, listNode, keys
			}
		}
		given := 0
		for _, g := range []bool{skillsNode != nil, m.NoEffect != "", attackNode != nil, fieldsNode != nil, listNode != nil} {
			if g {
				given++
			}
		}
		switch {
		case m.Card == "" || m.Rule == "":
			errorf(e, path, "card and rule are required")
		case given != 1:
			errorf(e, path, "give skills, no_effect, special_attack or profile, one of them (list, for a special card's text; a rule that amounts to several takes an entry for each)")
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
		mount := false
		for _, m := range c.mounts {
			if p == nil && m.catalogID == e.Card {
				p, mount = &m.p, true
			}
		}
		if card := c.cardByID(e.Card); p == nil && card != nil {
			if msg := card.addMapping(e, where); msg != "" { // listrules.go
				file.problems = append(file.problems, Problem{File: rm.File, Path: at, Msg: fmt.Sprintf("line %d: %s: mapping not applied", e.Line, msg)})
			}
			continue
		}
		if p == nil {
			file.problems = append(file.problems, Problem{File: rm.File, Path: at, Msg: fmt.Sprintf("line %d: card %q is no profile, mount or special card of the catalogue: mapping not applied", e.Line, e.Card)})
			continue
		}
		if e.List != nil {
			file.problems = append(file.problems, Problem{File: rm.File, Path: at, Msg: fmt.Sprintf("line %d: card %q is a profile or a mount: list card fields are a special card's; give a profile's rule as skills, special_attack, profile or no_effect: mapping not applied", e.Line, e.Card)})
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
		if e.Fields != nil {
			msg := "card " + strconv.Quote(e.Card) + " is a mount, whose data format has no profile fields: give its rule as skills, special_attack or no_effect"
			if !mount {
				msg = p.addRuleFields(e.Fields, e.FieldKeys, fmt.Sprintf("rule %s, hand mapping %s", label, where))
			}
			if msg != "" {
				file.problems = append(file.problems, Problem{File: rm.File, Path: at, Msg: fmt.Sprintf("line %d: %s: mapping not applied", e.Line, msg)})
				continue
			}
		}
		p.notModelled = slices.DeleteFunc(p.notModelled, func(s string) bool { return s == fmt.Sprintf("rule %q", label) })
		if e.Fields != nil {
			continue
		}
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

// ruleField is a profile field a hand mapping gives a card (RuleMapping's
// profile): a list's items from every rule that gives them, or one value.
type ruleField struct {
	key     string
	items   []*yaml.Node // a list field's items
	value   *yaml.Node   // any other field's value
	sources []string     // "rule X, hand mapping FILE:LINE", one per rule
}

// importerWrites reports whether the importer writes the list key for p
// itself, from
// the catalogue's effects and the card texts it reads: a mapping's items are
// written after the importer's own.
func (p *profileOut) importerWrites(key string) bool {
	switch key {
	case "stat_counts":
		return len(p.countYAML) > 0
	case "grants_allies":
		return len(p.allyYAML) > 0
	case "aura_grants":
		return len(p.auras) > 0
	case "special_attacks":
		return len(p.cardAttacks) > 0
	case "conditional_skills":
		return len(p.condYAML) > 0
	}
	return false
}

// addRuleFields gives p the fields of n, whose keys are keys (already
// checked by profiles.DecodeCardRuleFields): a list's items join those of the
// card's other rules; any other field given by two rules is a problem,
// returned as a message, and nothing of n is given then.
func (p *profileOut) addRuleFields(n *yaml.Node, keys []string, source string) string {
	m := n
	for m.Kind == yaml.AliasNode && m.Alias != nil {
		m = m.Alias
	}
	vals := map[string]*yaml.Node{}
	for i := 0; i+1 < len(m.Content); i += 2 {
		vals[m.Content[i].Value] = m.Content[i+1]
	}
	for _, k := range keys {
		if vals[k] == nil {
			return fmt.Sprintf("field %s comes from a YAML merge key, which a rules mapping does not take: write it out", k)
		}
	}
	for _, k := range keys {
		if v := vals[k]; v.Kind != yaml.SequenceNode {
			if j := slices.IndexFunc(p.ruleFields, func(f ruleField) bool { return f.key == k }); j >= 0 {
				return fmt.Sprintf("field %s is given already (%s)", k, strings.Join(p.ruleFields[j].sources, "; "))
			}
		}
	}
	for _, k := range keys {
		v := vals[k]
		j := slices.IndexFunc(p.ruleFields, func(f ruleField) bool { return f.key == k })
		if j < 0 {
			p.ruleFields = append(p.ruleFields, ruleField{key: k})
			j = len(p.ruleFields) - 1
		}
		f := &p.ruleFields[j]
		f.sources = append(f.sources, source)
		if v.Kind == yaml.SequenceNode {
			f.items = append(f.items, v.Content...)
		} else {
			f.value = v
		}
	}
	return ""
}

// writeMappedItems writes the items a hand mapping adds to the list key
// that the importer has just written.
func (p *profileOut) writeMappedItems(b *bytes.Buffer, key string) {
	for _, f := range p.ruleFields {
		if f.key == key && len(f.items) > 0 {
			b.WriteString("      # " + oneLine(strings.Join(f.sources, "; "), 200) + "\n")
			b.WriteString(renderYAML(&yaml.Node{Kind: yaml.SequenceNode, Content: f.items}, "      "))
		}
	}
}

// writeRuleFields writes the fields a hand mapping gives p that the importer
// writes no list of (writeMappedItems writes the others).
func (p *profileOut) writeRuleFields(b *bytes.Buffer) {
	for _, f := range p.ruleFields {
		if f.items != nil && p.importerWrites(f.key) {
			continue
		}
		b.WriteString("    # " + f.key + ": " + oneLine(strings.Join(f.sources, "; "), 200) + "\n")
		v := f.value
		if f.items != nil {
			v = &yaml.Node{Kind: yaml.SequenceNode, Content: f.items}
		}
		b.WriteString(renderYAML(&yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{{Kind: yaml.ScalarNode, Value: f.key}, v}}, "    "))
	}
}

// renderYAML writes n as YAML, without the comments of the user's file, each
// line indented by indent.
func renderYAML(n *yaml.Node, indent string) string {
	n = uncommented(n)
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(n); err != nil {
		// The node was decoded from YAML and checked as profile fields: it
		// encodes. Should it not, the output says so where the field goes,
		// and loading the converted file names the problem.
		return indent + "# not written: " + oneLine(err.Error(), 200) + "\n"
	}
	_ = enc.Close()
	var out strings.Builder
	for _, l := range strings.Split(strings.TrimRight(buf.String(), "\n"), "\n") {
		out.WriteString(indent + l + "\n")
	}
	return out.String()
}

// uncommented returns a copy of n without comments, aliases resolved.
func uncommented(n *yaml.Node) *yaml.Node {
	for n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	c := *n
	c.HeadComment, c.LineComment, c.FootComment, c.Anchor = "", "", "", ""
	c.Content = make([]*yaml.Node, len(n.Content))
	for i, x := range n.Content {
		c.Content[i] = uncommented(x)
	}
	return &c
}
