package profiles

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// GrimoireByID returns the grimoire called id ("small", "large") and whether
// there is one.
func GrimoireByID(id string) (*Grimoire, bool) {
	for i := range Grimoires {
		if Grimoires[i].ID == id {
			g := Grimoires[i]
			return &g, true
		}
	}
	return nil, false
}

// CheckSpells returns every reason why caster p may not know the spells ids
// with grimoire g (nil: none), by the rules the loader checks on a data file
// (seed 000 chapter IV): every id is a spell of ds, known once; a grimoire
// spell belongs to a way p masters and needs a grimoire whose pages (with
// p's extra pages) hold the set; generic spells take at most p's level in
// levels (seed 000 line 1462); reservations hold. Spells p's card grants
// (Magic.Granted) are outside the budgets, as in the loader. Each error names
// the spell and the rule.
func (ds *DataSet) CheckSpells(p *Profile, g *Grimoire, ids []string) []error {
	if p.Magic == nil || p.Magic.Way == "" {
		return []error{fmt.Errorf("%s masters no way of magic and knows no spells (seed 000 lines 1392-1416)", p.ID)}
	}
	var errs []error
	pages, levels := 0, 0
	seen := map[string]bool{}
	for _, id := range ids {
		s, err := ds.Spell(id)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if seen[id] {
			errs = append(errs, fmt.Errorf("spell %q given twice", id))
			continue
		}
		seen[id] = true
		if slices.Contains(p.Magic.Granted, id) {
			continue // known for free, outside the budgets (Magic.Granted)
		}
		if !s.AllowedTo(p) {
			errs = append(errs, fmt.Errorf("spell %q is reserved to %s", id, strings.Join(s.ReservedTo, ", ")))
		}
		if s.Kind != GenericSpell && !p.Masters(s.Way) {
			errs = append(errs, fmt.Errorf("spell %q belongs to the way %s; %s masters %s (seed 000 line 1466: grimoire spells only for the mages of their way)", id, s.Way, p.ID, p.Magic.Way))
		}
		switch s.Kind {
		case GrimoireSpell:
			pages += s.Pages
		case GenericSpell:
			levels += max(s.LevelCost, 1)
		}
	}
	switch {
	case pages > 0 && g == nil:
		errs = append(errs, fmt.Errorf("grimoire spells fill %d pages and %s has no grimoire (small or large; seed 000 line 1471)", pages, p.ID))
	case pages > 0 && g.Pages > 0 && pages > g.Pages+p.Magic.Pages:
		errs = append(errs, fmt.Errorf("grimoire spells fill %d pages, the %s grimoire holds %d (seed 000 line 1475)%s", pages, g.ID, g.Pages+p.Magic.Pages, extraPages(p.Magic.Pages)))
	}
	if levels > p.Level {
		errs = append(errs, fmt.Errorf("generic spells take %d level(s), a level %d caster knows at most %d (seed 000 line 1462)", levels, p.Level, p.Level))
	}
	return errs
}

// WithSpells returns a copy of caster p knowing the spells ids with grimoire g
// (nil: none), or the errors of CheckSpells. p is not changed; the copy
// shares p's other fields, which loaded profiles never change.
func (ds *DataSet) WithSpells(p *Profile, g *Grimoire, ids []string) (*Profile, error) {
	if errs := ds.CheckSpells(p, g, ids); len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	m := *p.Magic
	m.Grimoire = g
	m.Spells = slices.Clone(ids)
	m.Known = make([]*Spell, len(ids))
	m.Granted = nil
	for i, id := range ids {
		m.Known[i], _ = ds.Spell(id)
		if slices.Contains(p.Magic.Granted, id) {
			m.Granted = append(m.Granted, id)
		}
	}
	q := *p
	q.Magic = &m
	return &q, nil
}

// SpellPages returns the grimoire pages the spells ids fill (unknown ids and
// generic spells fill none).
func (ds *DataSet) SpellPages(ids []string) int {
	n := 0
	for _, id := range ids {
		if s, err := ds.Spell(id); err == nil && s.Kind == GrimoireSpell {
			n += s.Pages
		}
	}
	return n
}
