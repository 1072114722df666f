package catalog

import (
	"encoding/json"
	"strconv"
	"strings"
)

// Problem is something the import could not take as written, with where it is and
// what was done about it: "catalog.json: profiles[12].stats.v: null, read as 0".
type Problem struct {
	File string // the catalogue or list file
	Path string // JSON path: "profiles[12].stats.v"; "" for the whole file
	Msg  string
}

// Error formats p as "file: path: message", leaving out what is empty.
func (p Problem) Error() string {
	var parts []string
	for _, s := range []string{p.File, p.Path, p.Msg} {
		if s != "" {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, ": ")
}

// Status says how much of a catalogue entry the project's data format holds.
type Status int

// The statuses of an entry.
const (
	// Modelled: every field, phrase, skill and rule of the entry was mapped.
	Modelled Status = iota
	// Partly: the entry was imported, but some of its text is not modelled.
	Partly
	// NotImported: the entry could not be written at all (a helmet, an item, a
	// profile without action points, ...).
	NotImported
)

// String names s as the report does: "modelled", "partly", "not imported".
func (s Status) String() string {
	switch s {
	case Modelled:
		return "modelled"
	case Partly:
		return "partly"
	case NotImported:
		return "not imported"
	}
	return "?"
}

// Entry is what became of one profile or equipment card of a catalogue.
type Entry struct {
	Kind      string // "profile", "equipment", "spell" or "mount"
	Path      string // JSON path of the entry: "profiles[3]"
	CatalogID string // the id in the catalogue
	ID        string // the id in the YAML data ("" when not imported)
	Name      string
	// Group is the profile's faction or the item's kind, in the data format's
	// words ("kharns", "melee").
	Group  string
	Status Status
	// Reason says why the entry is not imported (Status NotImported).
	Reason string
	// NotModelled lists what the data format cannot express, as the card writes
	// it: an effect phrase, a skill, a rule, a trait, a field.
	NotModelled []string
	// Magic lists what only magic uses (ways, pages, granted spells),
	// counted apart from NotModelled.
	Magic []string
	// NoEffect lists what acts only in list building, the battle format or a
	// campaign: it has no effect in a skirmish, which is not "not modelled".
	NoEffect []string
	// Problems are the values read differently from how they are written (a null
	// characteristic read as 0) and why the entry was not imported.
	Problems []Problem
}

// CardEntry is what became of one special card (catalogue.md 4.12): its
// structured effects are read (cards.go, listcards.go), its text only
// through a hand mapping (--rules, listrules.go).
type CardEntry struct {
	ID, Name string
	Bought   bool // an amelioration or priced: bought in a list
	Effects  int  // its structured effects
	// Status: "modelled" (its text mapped by hand, to list card fields or
	// to no effect beside its effects), "no effect in a skirmish" (no
	// effect, its text mapped so), "effects only" (its structured effects
	// are read, its text is not mapped: what the text adds, if anything, is
	// not played), "not modelled" (no effect, its text not mapped).
	Status string
	// Mapping names the hand mappings of its text.
	Mapping []string
}

// JSONCard is a CardEntry in the summary.
type JSONCard struct {
	ID      string   `json:"id"`
	Name    string   `json:"name"`
	Bought  bool     `json:"bought"`
	Effects int      `json:"effects"`
	Status  string   `json:"status"`
	Mapping []string `json:"mapping,omitempty"`
}

// Report is what a conversion did: one Entry per profile and equipment card, in
// catalogue order, and the problems of the file as a whole (unknown top-level
// keys, magic and mounts not imported).
type Report struct {
	File         string
	Version      string // the catalogue's "version"
	RulesVersion string // the catalogue's "rulesVersion"
	Entries      []Entry
	Problems     []Problem
	// SpecialCards are what became of the special cards (listrules.go).
	SpecialCards []CardEntry
	// skills counts, per row of the table of skills, the imported profiles
	// carrying it.
	skills []JSONSkillStatus
}

// Count returns, for the entries of kind ("profile", "equipment", "spell" or "mount"), how many the
// catalogue holds and how many are fully modelled, partly modelled and not
// imported.
func (r *Report) Count(kind string) (total, modelled, partly, notImported int) {
	for _, e := range r.Entries {
		if e.Kind != kind {
			continue
		}
		total++
		switch e.Status {
		case Modelled:
			modelled++
		case Partly:
			partly++
		case NotImported:
			notImported++
		}
	}
	return total, modelled, partly, notImported
}

// Warnings returns every problem of r, those of the file first, then those of
// each entry in catalogue order.
func (r *Report) Warnings() []error {
	var out []error
	for _, p := range r.Problems {
		out = append(out, p)
	}
	for _, e := range r.Entries {
		for _, p := range e.Problems {
			out = append(out, p)
		}
	}
	return out
}

// Summary returns a one-line account of r: "6 profiles (3 modelled, 2 partly, 1
// not imported), 16 equipment cards (...)".
func (r *Report) Summary() string {
	var parts []string
	for _, k := range []struct{ kind, plural string }{{"profile", "profiles"}, {"equipment", "equipment cards"}, {"spell", "spells"}, {"mount", "mounts"}} {
		n, m, p, x := r.Count(k.kind)
		if n == 0 && (k.kind == "spell" || k.kind == "mount") {
			continue
		}
		if n == 1 && (k.kind == "spell" || k.kind == "mount") {
			k.plural = strings.TrimSuffix(k.plural, "s")
		}
		parts = append(parts, strconv.Itoa(n)+" "+k.plural+" ("+strconv.Itoa(m)+" modelled, "+strconv.Itoa(p)+" partly, "+strconv.Itoa(x)+" not imported)")
	}
	return strings.Join(parts, ", ")
}

// JSONSummary is the import summary "kharn import catalog --json" prints: per
// entry its status and what is not modelled and why, and counts per group
// (faction or equipment kind).
type JSONSummary struct {
	File         string     `json:"file"`
	Version      string     `json:"version"`
	RulesVersion string     `json:"rules_version"`
	Profiles     JSONCounts `json:"profiles"`
	Equipment    JSONCounts `json:"equipment"`
	// Spells counts the catalogue's spells by way (or kind, for a generic
	// spell of no way); absent when the catalogue has none.
	Spells *JSONCounts `json:"spells,omitempty"`
	// Mounts counts the catalogue's mounts by kind; absent when it has none.
	Mounts   *JSONCounts       `json:"mounts,omitempty"`
	Entries  []JSONEntry       `json:"entries"`
	Problems []string          `json:"problems"`
	Skills   []JSONSkillStatus `json:"skills"`
	// SpecialCards: per special card, whether its text is mapped
	// (Report.SpecialCards); absent when the catalogue has none.
	SpecialCards []JSONCard `json:"special_cards,omitempty"`
}

// JSONCounts counts entries by status, in total and per group.
type JSONCounts struct {
	JSONCount
	// WithMagic counts the imported entries with something only magic uses
	// (counted apart from what is not modelled).
	WithMagic int                  `json:"with_magic"`
	ByGroup   map[string]JSONCount `json:"by_group"`
}

// JSONCount is a count of entries by status.
type JSONCount struct {
	Total       int `json:"total"`
	Modelled    int `json:"modelled"`
	Partial     int `json:"partial"`
	NotImported int `json:"not_imported"`
}

// JSONEntry is one entry of the summary.
type JSONEntry struct {
	Kind        string   `json:"kind"`
	Path        string   `json:"path"`
	CatalogID   string   `json:"catalog_id"`
	ID          string   `json:"id,omitempty"`
	Name        string   `json:"name"`
	Group       string   `json:"group,omitempty"`
	Status      string   `json:"status"` // "modelled", "partial", "not imported"
	Reason      string   `json:"reason,omitempty"`
	NotModelled []string `json:"not_modelled,omitempty"`
	Magic       []string `json:"magic,omitempty"`
	NoEffect    []string `json:"no_effect_in_skirmish,omitempty"`
}

// JSONSkillStatus is a row of the table of skills with the number of imported
// profiles carrying the keyword.
type JSONSkillStatus struct {
	ID       string `json:"id"`
	Name     string `json:"name,omitempty"`
	Class    string `json:"class"`
	Engine   string `json:"engine"`
	Profiles int    `json:"profiles"`
}

// jsonStatus names a status as the JSON summary does.
func jsonStatus(s Status) string {
	if s == Partly {
		return "partial"
	}
	return s.String()
}

// JSONSummary returns the JSON summary of r.
func (r *Report) JSONSummary() *JSONSummary {
	out := &JSONSummary{File: r.File, Version: r.Version, RulesVersion: r.RulesVersion,
		Entries: []JSONEntry{}, Problems: []string{}}
	out.Profiles.ByGroup = map[string]JSONCount{}
	out.Equipment.ByGroup = map[string]JSONCount{}
	for _, w := range r.Warnings() {
		out.Problems = append(out.Problems, w.Error())
	}
	for _, e := range r.Entries {
		c := &out.Profiles
		switch e.Kind {
		case "equipment":
			c = &out.Equipment
		case "spell", "mount":
			dst := &out.Spells
			if e.Kind == "mount" {
				dst = &out.Mounts
			}
			if *dst == nil {
				*dst = &JSONCounts{ByGroup: map[string]JSONCount{}}
			}
			c = *dst
		}
		g := c.ByGroup[e.Group]
		for _, n := range []*JSONCount{&c.JSONCount, &g} {
			n.Total++
			switch e.Status {
			case Modelled:
				n.Modelled++
			case Partly:
				n.Partial++
			case NotImported:
				n.NotImported++
			}
		}
		c.ByGroup[e.Group] = g
		if e.Status != NotImported && len(e.Magic) > 0 {
			c.WithMagic++
		}
		out.Entries = append(out.Entries, JSONEntry{Kind: e.Kind, Path: e.Path, CatalogID: e.CatalogID, ID: e.ID,
			Name: e.Name, Group: e.Group, Status: jsonStatus(e.Status), Reason: e.Reason,
			NotModelled: e.NotModelled, Magic: e.Magic, NoEffect: e.NoEffect})
	}
	out.Skills = r.skills
	for _, k := range r.SpecialCards {
		out.SpecialCards = append(out.SpecialCards, JSONCard{ID: k.ID, Name: k.Name, Bought: k.Bought, Effects: k.Effects, Status: k.Status, Mapping: k.Mapping})
	}
	return out
}

// MarshalSummary returns the JSON summary of r, indented.
func (r *Report) MarshalSummary() ([]byte, error) {
	b, err := json.MarshalIndent(r.JSONSummary(), "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}
