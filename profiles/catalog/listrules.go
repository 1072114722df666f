package catalog

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/kharn-ages/kharn/profiles"
	"go.yaml.in/yaml/v3"
)

// A special card (catalogue.md 4.12) has no labelled rule: its rule is its
// one text, rulesText, which the importer does not read (skills.md 3.2:
// "These need the same hand mapping as the rules patterns"). A rules mapping
// (--rules, rulesmap.go) names it by the card's id with rule: text (or the
// card's name as the catalogue spells it), and says what it amounts to:
//
//	rules:
//	  - card: carte-du-voile       # a special card id of the catalogue
//	    rule: text                 # its text (or its name: "Voile des brumes")
//	    list:                      # list card fields (profiles.ListCardFields)
//	      card_cover: [{to: {profiles: [kharns-guetteur-2]}}]
//	  - card: carte-des-bornes
//	    rule: text
//	    no_effect: choice of table edge, battle format only
//
// A list fielding the card (a member bought it; an automatic card whose
// scope holds a member, or the Spearhead's faction) gets the list fields in
// the list kharn import list writes, each under a comment naming the card
// and the mapping's line; the fields are checked as in a list file
// (profiles.DecodeListCardFields), with errors placed in the mapping. The
// selectors are the user's: a card bought by one member names, say, its
// profile (all the members of that profile then have it, as the list
// format does for a bought card's grants, listcards.go).

// specialCardRule is how a rules mapping names a special card's text.
const specialCardRule = "text"

// cardMapping is a hand mapping of a special card's text.
type cardMapping struct {
	list     *profiles.List // its list card fields, or nil
	node     *yaml.Node     // their YAML
	keys     []string
	noEffect string // why it does nothing in a skirmish, or ""
	source   string // "text of special card ID, hand mapping FILE:LINE"
}

// addMapping records e, a rules mapping entry naming card, read at where
// (FILE:LINE); it returns a problem, and records nothing, when e names no
// rule of the card or maps it to what a special card cannot take.
func (card *specialCard) addMapping(e RuleMapping, where string) string {
	name := strings.TrimSpace(card.name)
	if !strings.EqualFold(e.Rule, specialCardRule) && (name == "" || !strings.EqualFold(e.Rule, name)) {
		also := ""
		if name != "" {
			also = fmt.Sprintf(" or its name %q", name)
		}
		return fmt.Sprintf("special card %q has one rule, its text: write rule: %s%s, not %q", card.id, specialCardRule, also, e.Rule)
	}
	if e.List == nil && e.NoEffect == "" {
		return fmt.Sprintf("special card %q: a special card's text maps to list (its list card fields: %s) or no_effect, not to a profile's skills, special_attack or profile fields", card.id, strings.Join(profiles.ListCardFields(), ", "))
	}
	card.mapped = append(card.mapped, cardMapping{list: e.List, node: e.ListNode, keys: e.ListKeys, noEffect: e.NoEffect,
		source: "text of special card " + card.id + ", hand mapping " + where})
	return ""
}

// fieldedCards returns the special cards Spearhead s fields: those its
// members bought, and the automatic cards (no price, not an amelioration)
// whose scope holds one of its members or is the Spearhead's faction (with
// nonNativeOnly, when a member is of another faction), each once.
func (c *Conversion) fieldedCards(s SpearheadExport) []*specialCard {
	var out []*specialCard
	add := func(k *specialCard) {
		if k != nil && !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	nonNative := false
	for _, m := range s.Members {
		p, ok := c.profileByID[m.ProfileID]
		if !ok || p.why != "" {
			continue
		}
		nonNative = nonNative || p.factionID != s.FactionID
		for _, id := range m.SpecialCards {
			add(c.cardByID(id))
		}
		for _, id := range sortedKeys(anyMap(m.CardCounts)) {
			add(c.cardByID(id))
		}
		for _, k := range c.cards {
			if !k.optional && k.cost == 0 && k.inScope(p) {
				add(k)
			}
		}
	}
	for _, k := range c.cards {
		fl, _ := k.scope["ferDeLanceFactionIds"].([]any)
		if !k.optional && k.cost == 0 && slices.ContainsFunc(fl, func(x any) bool { v, _ := x.(string); return v == s.FactionID }) &&
			(k.scope["nonNativeOnly"] != true || nonNative) {
			add(k)
		}
	}
	return out
}

// listCardOut is a list card field a hand mapping gives a list: its items
// and the mapping they come from.
type listCardOut struct {
	key    string
	items  []*yaml.Node
	source string
}

// mappedListCards gives l the list card fields the hand mappings of the
// cards s fields amount to, and returns them to be written (writeListCards);
// done lists, per member path, the cards it bought whose text is mapped and
// that have no structured effect (nothing of them is left unplayed), and
// noEffect the mapped cards of no effect in a skirmish, as warnings.
func (c *Conversion) mappedListCards(s SpearheadExport, l *profiles.List, done map[string][]string, warn func(path, format string, args ...any)) []listCardOut {
	var out []listCardOut
	for _, k := range c.fieldedCards(s) {
		for _, m := range k.mapped {
			if m.noEffect != "" {
				warn(s.Path, "special card %q: no effect in a skirmish: %s (hand mapping, %s)", k.id, m.noEffect, m.source)
				continue
			}
			l.AddCardFields(m.list)
			n := deref(m.node)
			for i := 0; i+1 < len(n.Content); i += 2 {
				if v := deref(n.Content[i+1]); slices.Contains(m.keys, n.Content[i].Value) {
					out = append(out, listCardOut{key: n.Content[i].Value, items: v.Content, source: m.source})
				}
			}
		}
		if len(k.mapped) > 0 && k.rulesOnly {
			for _, mb := range s.Members {
				if slices.Contains(mb.SpecialCards, k.id) || mb.CardCounts[k.id] > 0 {
					done[mb.Path] = append(done[mb.Path], k.id)
				}
			}
		}
	}
	return out
}

// deref follows a YAML alias.
func deref(n *yaml.Node) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	return n
}

// writeListCards writes the list card fields of mapped, in the list
// format's order, each card's items under a comment naming it; grants
// written: the importer has just written card_grants, which the mapped
// grants join.
func writeListCards(b *bytes.Buffer, mapped []listCardOut, grantsWritten bool) {
	for _, key := range profiles.ListCardFields() {
		first := true
		for _, m := range mapped {
			if m.key != key || len(m.items) == 0 {
				continue
			}
			if first && !(key == "card_grants" && grantsWritten) {
				b.WriteString(key + ":\n")
			}
			first = false
			b.WriteString("  # " + oneLine(m.source, 200) + "\n")
			b.WriteString(renderYAML(&yaml.Node{Kind: yaml.SequenceNode, Content: m.items}, "  "))
		}
	}
}

// cardEntries reports, per special card, whether its text is mapped
// (CardEntry).
func (c *Conversion) cardEntries() []CardEntry {
	var out []CardEntry
	for _, k := range c.cards {
		e := CardEntry{ID: k.id, Name: k.name, Bought: k.optional || k.cost > 0, Effects: len(k.effects)}
		listed := false
		for _, m := range k.mapped {
			if m.list != nil {
				listed = true
				e.Mapping = append(e.Mapping, "list: "+strings.Join(m.keys, ", ")+" ("+m.source+")")
			} else {
				e.Mapping = append(e.Mapping, "no effect in a skirmish: "+m.noEffect+" ("+m.source+")")
			}
		}
		switch {
		case listed || len(k.mapped) > 0 && !k.rulesOnly:
			e.Status = "modelled"
		case len(k.mapped) > 0:
			e.Status = "no effect in a skirmish"
		case k.rulesOnly:
			e.Status = "not modelled"
		default:
			e.Status = "effects only"
		}
		out = append(out, e)
	}
	return out
}
