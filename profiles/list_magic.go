package profiles

import (
	"fmt"
	"slices"

	"go.yaml.in/yaml/v3"
)

// ruleMagic is the rule a list member's spells can break: the English
// rulebook's chapter on magic (seed 000 lines 1457-1483).
const ruleMagic = "rulebook: Magic on Safar, spells and grimoires"

// memberMagic decodes the spells or grimoire field of a list entry.
func (d *decoder) memberMagic(m *ListMember, mn *memberNodes, key string, v *yaml.Node, field string) {
	switch key {
	case "spells", "granted":
		if elems, _ := d.sequence(v, field); len(elems) > maxListChanges {
			d.errorf(deref(v), field, "more than %d spells", maxListChanges)
			return
		}
		refs := d.refs(v, field)
		dst := &m.Spells
		if key == "granted" {
			dst, mn.granted = &m.Granted, refs
		} else {
			mn.spells = refs
		}
		for _, r := range refs {
			if slices.Contains(m.Spells, r.id) || slices.Contains(m.Granted, r.id) {
				d.errs = append(d.errs, Error{Pos: r.pos, Field: r.path, Msg: fmt.Sprintf("spell %q listed twice", r.id)})
			}
			*dst = append(*dst, r.id)
		}
		if *dst == nil {
			*dst = []string{} // given, even empty: the card's spells are replaced
		}
	case "grimoire":
		ids := make([]string, len(Grimoires))
		for i, g := range Grimoires {
			ids[i] = g.ID
		}
		if id, ok := oneOf(d, v, field, "grimoire", ids); ok {
			m.Grimoire, mn.grimoire = id, deref(v)
		}
	}
}

// hasMagic reports whether the entry m gives spells or a grimoire.
func (m ListMember) hasMagic() bool { return m.Spells != nil || m.Granted != nil || m.Grimoire != "" }

// checkMemberMagic checks the spells and grimoire of the entry m of profile p
// as the magic of a card is checked (checkProfileMagic: pages, generic spell
// levels, way, reservation), each problem placed on the spell or grimoire
// that breaks the rule, and returns the Krowns they add to one Safar of the
// entry and whether they are valid.
func (d *decoder) checkMemberMagic(p *Profile, m *ListMember, mn memberNodes, path string, ds *DataSet) (int, bool) {
	if !m.hasMagic() {
		return 0, true
	}
	if p.Magic == nil || p.Magic.Way == "" {
		n, field := mn.grimoire, join(path, "grimoire")
		if len(mn.spells) > 0 || n == nil {
			n, field = mn.node, join(path, "spells")
		}
		d.ruleErrorf(n, field, ruleMagic, "%s masters no way of magic: it knows no spell and needs no grimoire (skills.md 4.1)", p.ID)
		return 0, false
	}
	errs := ds.memberMagicErrors(p, *m, slices.Concat(mn.spells, mn.granted), ref{pos: d.pos(mn.node), path: join(path, "profile")})
	d.errs = append(d.errs, errs...) // each message cites its seed line
	if len(errs) > 0 {
		return 0, false
	}
	return ds.MemberProfile(p, *m).Cost - p.Cost, true
}

// memberMagicErrors checks the magic of the entry m of the caster p, its
// spells and granted ones placed by refs, those p's card grants at card.
func (ds *DataSet) memberMagicErrors(p *Profile, m ListMember, refs []ref, card ref) Errors {
	for _, id := range p.Magic.Granted {
		card.id = id
		refs = append(refs, card)
	}
	return checkProfileMagic(&profileEntry{p: ds.MemberProfile(p, m), spells: refs}, ds.spell, ds.spellIDs())
}

// CheckMemberMagic checks the spells, granted spells and grimoire of a list
// entry m of profile p as ParseList does, without a file: each error's
// Field is "spells[i]" or "granted[i]" (the index in m.Spells or m.Granted),
// "grimoire", or "profile" for what the card itself gives. Nil means valid.
func (ds *DataSet) CheckMemberMagic(p *Profile, m ListMember) Errors {
	if !m.hasMagic() {
		return nil
	}
	if p.Magic == nil || p.Magic.Way == "" {
		return Errors{{Field: "spells", Msg: fmt.Sprintf("%s masters no way of magic: it knows no spell and needs no grimoire (skills.md 4.1)", p.ID)}}
	}
	var refs []ref
	for i, id := range m.Spells {
		refs = append(refs, ref{id: id, path: index("spells", i)})
	}
	for i, id := range m.Granted {
		refs = append(refs, ref{id: id, path: index("granted", i)})
	}
	return ds.memberMagicErrors(p, m, refs, ref{path: "profile"})
}

// MemberProfile returns the profile a Safar of the list entry m fields: p
// itself, p on its mount when m gives one (DataSet.Mounted) with the mount
// options m takes (WithMountOptions), and, when m
// gives spells or a grimoire, a copy whose magic
// knows m's spells and its granted ones (and those p's card grants for
// free, Magic.Granted)
// with m's grimoire, and whose Cost adds what that grimoire and those spells
// cost more than the card's own (seed 000 line 1478: "its cost in Krowns will
// be added to the recruitment cost"). The copy keeps p's id.
func (ds *DataSet) MemberProfile(p *Profile, m ListMember) *Profile {
	if m.Mount != "" && p.Mount == nil {
		if mt, err := ds.Mount(m.Mount); err == nil {
			if q, err := ds.Mounted(p, mt); err == nil {
				p = q
				if r, err := WithMountOptions(q, m.MountOptions); err == nil {
					p = r // profiles/mount_options.go
				}
			}
		}
	}
	if !m.hasMagic() || p.Magic == nil {
		return p
	}
	q := *p
	mg := *p.Magic
	mg.Spells = slices.Concat(m.Spells, m.Granted)
	mg.Granted = slices.Clone(m.Granted)
	for _, id := range p.Magic.Granted {
		if !slices.Contains(mg.Spells, id) {
			mg.Spells = append(mg.Spells, id)
		}
		mg.Granted = append(mg.Granted, id)
	}
	if m.Grimoire != "" {
		for _, g := range Grimoires {
			if g.ID == m.Grimoire {
				mg.Grimoire = &g
			}
		}
	}
	mg.Known = make([]*Spell, len(mg.Spells))
	for i, id := range mg.Spells {
		mg.Known[i] = ds.spell(id)
	}
	q.Magic = &mg
	q.Cost = p.Cost + ds.MagicCost(&q) - ds.MagicCost(p)
	return &q
}
