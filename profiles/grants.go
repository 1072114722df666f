package profiles

import "slices"

// Holder returns the profile l's Safar fights with: HolderOf its profile
// and its items. It panics if an id is not in ds, which a Loadout made by
// ds.Equip rules out.
func (l Loadout) Holder(ds *DataSet) *Profile { return HolderOf(l.Profile, l.Items(ds)) }

// HolderOf returns p with the skills granted by those of items that are not
// its base equipment (Equipment.Grants, catalogue.md 3.8 "grant-skill"), or p
// itself when they grant none. The card of a profile already counts the
// grants of its base equipment (the importer adds them to its skills), so
// only items beyond it are read; removing a base item keeps the skill its
// card prints.
func HolderOf(p *Profile, items []*Equipment) *Profile {
	var out *Profile
	base := slices.Clone(p.Equipment)
	for k, e := range items {
		if i := slices.Index(base, e.ID); i >= 0 {
			base = slices.Delete(base, i, i+1)
			continue
		}
		if len(e.Grants) == 0 || slices.Contains(items[:k], e) || slices.Contains(p.Equipment, e.ID) {
			continue // a second copy grants nothing more (copies.go)
		}
		if out == nil {
			c := *p
			c.Skills = slices.Clone(c.Skills)
			out = &c
		}
		out.Skills = grantSkills(out.Skills, e)
	}
	if out == nil {
		return p
	}
	return out
}

// grantSkills returns skills with the grants of e: a skill the holder lacks is
// taken as written; one it has (same name and field) takes the grant's
// increment when e has one ("Brutalité +1"), the higher value otherwise.
func grantSkills(skills []Skill, e *Equipment) []Skill {
	for _, g := range e.Grants {
		i := slices.IndexFunc(skills, func(s Skill) bool { return s.Name == g.Name && s.Field == g.Field && s.FieldWay() == g.FieldWay() })
		if i < 0 {
			skills = append(skills, g)
			continue
		}
		if j := slices.IndexFunc(e.GrantsIncrement, func(s Skill) bool { return s.Name == g.Name }); j >= 0 {
			skills[i].Value += e.GrantsIncrement[j].Value
			continue
		}
		skills[i].Value = max(skills[i].Value, g.Value)
	}
	return skills
}
