package catalog

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kharn-ages/kharn/profiles"
)

// ListImport is a list export turned into Spearhead lists of a Conversion's data:
// one profiles.List per Spearhead, with its YAML file.
type ListImport struct {
	Lists []*profiles.List
	Files []File // the YAML of each list, in the list format of profiles.ParseList
	// Warnings are what the lists leave out on purpose (spells, mounts,
	// munitions, upgrades, equipment the data format has no place for) and the
	// values read differently from how they are written.
	Warnings []Problem
	// Errors are what makes a list differ from the export beyond that: a member
	// whose profile is unknown or not imported, an unknown equipment id, a leader
	// that is not a member.
	Errors []Problem
	// Invalid holds, for each list, the problems profiles.ParseList finds with it
	// against the converted data (limitations, leader, budget), or nil.
	Invalid []error
}

// ImportList turns x into Spearhead lists of c's data, merging the members of
// the same profile and loadout into one entry with a count.
func (c *Conversion) ImportList(x *ListExport) *ListImport {
	out := &ListImport{Warnings: slices.Clone(x.Problems)}
	warn := func(path, format string, args ...any) {
		out.Warnings = append(out.Warnings, Problem{x.File, path, fmt.Sprintf(format, args...)})
	}
	fail := func(path, format string, args ...any) {
		out.Errors = append(out.Errors, Problem{x.File, path, fmt.Sprintf(format, args...)})
	}
	if x.CatalogVersion != "" && c.Report.Version != "" && x.CatalogVersion != c.Report.Version {
		warn("catalogVersion", "the list was made with catalogue %q, converted with catalogue %q: ids may differ", x.CatalogVersion, c.Report.Version)
	}
	if len(x.Spearheads) == 0 {
		fail("fersDeLance", "no Spearhead in the list")
	}
	ds := c.DataSet()
	if len(x.OstCards) > 0 {
		warn("ost.cardIds", "not modelled: Ost cards %s (battle format)", strings.Join(x.OstCards, ", "))
	}
	// mapped are, per list, the list card fields the hand mappings of its
	// special cards give it (listrules.go).
	type listCards struct {
		fields []listCardOut
		own    int // the importer's card_grants, l.CardGrants[:own]
	}
	var mapped []listCards
	for i, s := range x.Spearheads {
		name := x.Name
		if name == "" {
			name = "Imported list"
		}
		if len(x.Spearheads) > 1 {
			name += " (" + strconv.Itoa(i+1) + "/" + strconv.Itoa(len(x.Spearheads)) + ")"
		}
		l := &profiles.List{Name: name, Budget: x.PointsLimit}
		switch f, ok := factionOf(s.FactionID); {
		case !ok:
			fail(s.Path+".factionId", "faction %q is not one of this project's", s.FactionID)
		case f == profiles.NoFaction:
			fail(s.Path+".factionId", "%q is no Spearhead faction of the list format (%s)", s.FactionID, strings.Join(profiles.SpearheadFactions(), ", "))
		default:
			l.Faction = f
		}
		var cardsDone map[string][]string
		l.CardGrants, cardsDone = c.cardGrants(s, l) // profiles/catalog/listcards.go
		own := len(l.CardGrants)
		mapped = append(mapped, listCards{c.mappedListCards(s, l, cardsDone, warn), own}) // listrules.go
		type key struct{ profile, add, remove, magic string }
		entries := make(map[key]int)
		leaderFound := false
		for _, m := range s.Members {
			p, ok := c.profileByID[m.ProfileID]
			switch {
			case m.ProfileID == "":
				continue // reported by ParseListExport
			case !ok:
				fail(m.Path+".profileId", "unknown profile %q%s: member not imported", m.ProfileID, didYouMean(c.catalogIDs(), m.ProfileID))
				continue
			case p.why != "":
				fail(m.Path+".profileId", "profile %q is not imported (%s): member not imported", m.ProfileID, p.why)
				continue
			}
			var add, remove []string
			for j, id := range m.Added {
				path := index(m.Path+".addedEquipmentIds", j)
				e, ok := c.equipByID[id]
				switch {
				case !ok:
					fail(path, "unknown equipment %q, left out", id)
				case e.why != "":
					warn(path, "%q is not imported (%s): left out, %d Kr less than in the list builder", id, e.why, e.cost)
				default:
					add = append(add, e.id)
				}
			}
			add = c.addedCopies(m, add, warn) // equipment_copies.go
			for j, id := range m.Removed {
				path := index(m.Path+".removedBaseEquipmentIds", j)
				r := slices.IndexFunc(p.refs, func(r ref) bool { return r.catalogID == id })
				e, known := c.equipByID[id]
				switch {
				case r >= 0 && p.refs[r].id == "":
					warn(path, "%q is not in the converted profile's base equipment (the catalogue conversion says why): nothing to remove, the profile's cost still includes it", id)
				case known && e.why == "":
					remove = append(remove, e.id)
				case known:
					warn(path, "%q is not imported (%s): nothing to remove", id, e.why)
				default:
					fail(path, "unknown equipment %q, left out", id)
				}
			}
			c.memberExtras(m, cardsDone[m.Path], warn)
			lm := profiles.ListMember{Profile: p.id, Count: 1, Add: add, Remove: remove}
			lm.Ammunition = c.listAmmunition(m, memberItems(ds, p.id, add, remove), warn)   // ammunition.go
			lm.Upgrades = c.listUpgrades(m, memberItems(ds, p.id, add, remove), warn, fail) // upgrades.go
			c.memberMount(m, &lm, warn, fail)
			c.memberMagic(m, p, &lm, warn, fail)
			k := key{p.id, strings.Join(sorted(lm.Add), ","), strings.Join(sorted(remove), ","),
				strings.Join(lm.Spells, ",") + "|" + strings.Join(lm.Granted, ",") + "|" + lm.Grimoire + "|" + lm.Mount + "|" + fmt.Sprint(lm.MountOptions) + "|" + fmt.Sprint(lm.Ammunition) + "|" + fmt.Sprint(lm.Upgrades)}
			if at, ok := entries[k]; ok {
				l.Members[at].Count++
			} else {
				entries[k] = len(l.Members)
				l.Members = append(l.Members, lm)
			}
			if s.LeaderInstanceID != "" && m.InstanceID == s.LeaderInstanceID {
				l.Leader, leaderFound = p.id, true
			}
		}
		switch {
		case s.LeaderInstanceID == "":
			fail(s.Path+".leaderInstanceId", "missing: the list has no leader")
		case !leaderFound && !slices.ContainsFunc(s.Members, func(m MemberExport) bool { return m.InstanceID == s.LeaderInstanceID }):
			fail(s.Path+".leaderInstanceId", "%q is not a member of the Spearhead: the list has no leader", s.LeaderInstanceID)
		case !leaderFound:
			fail(s.Path+".leaderInstanceId", "the leader %q is not imported: the list has no leader", s.LeaderInstanceID)
		}
		if l.Budget <= 0 {
			l.Budget = max(listCost(l, ds), 1)
			warn("pointsLimit", "missing or not above 0: the budget is the list's cost, %d Kr", l.Budget)
		}
		out.Lists = append(out.Lists, l)
	}
	for i, l := range out.Lists {
		var b bytes.Buffer
		from := "a list code"
		if x.File != "list code" {
			from = x.File
		}
		var about []string
		if x.Format != "" {
			about = append(about, "format "+x.Format)
		}
		if x.CatalogVersion != "" {
			about = append(about, "catalogue "+x.CatalogVersion)
		}
		if len(out.Lists) > 1 {
			about = append(about, "Spearhead "+strconv.Itoa(i+1)+" of "+strconv.Itoa(len(out.Lists)))
		}
		if len(about) > 0 {
			from += " (" + strings.Join(about, ", ") + ")"
		}
		comment(&b, "", "", `Imported by "kharn import list" from `+from+".")
		prefix := x.Spearheads[i].Path + "."
		for _, p := range append(slices.Clone(out.Errors), out.Warnings...) {
			if strings.HasPrefix(p.Path+".", prefix) || !strings.HasPrefix(p.Path, "fersDeLance") {
				comment(&b, "", "note:", strings.TrimPrefix(p.Path+": "+p.Msg, ": "))
			}
		}
		writeList(&b, l, mapped[i].fields, mapped[i].own)
		name := "list.yaml"
		if len(out.Lists) > 1 {
			name = "list-" + strconv.Itoa(i+1) + ".yaml"
		}
		out.Files = append(out.Files, File{Name: name, Data: b.Bytes()})
		_, err := profiles.ParseList(name, b.Bytes(), ds)
		out.Invalid = append(out.Invalid, err)
	}
	return out
}

// listCost is the cost of the members of l that equip, for a budget.
func listCost(l *profiles.List, ds *profiles.DataSet) int {
	total := 0
	for _, m := range l.Members {
		p, err := ds.Profile(m.Profile)
		if err != nil {
			continue
		}
		if lo, err := ds.Equip(ds.MemberProfile(p, m), m.Add, m.Remove); err == nil {
			total += m.Count * m.Outfit(lo).Cost(ds)
		}
	}
	return total
}

func (c *Conversion) catalogIDs() []string {
	var ids []string
	for _, p := range c.profiles {
		if p.catalogID != "" && p.why == "" {
			ids = append(ids, p.catalogID)
		}
	}
	return ids
}

// didYouMean suggests the closest of ids to id: " (did you mean a, b?)".
func didYouMean(ids []string, id string) string {
	s := profiles.Closest(id, ids, 2)
	if len(s) == 0 {
		return ""
	}
	return " (did you mean " + strings.Join(s, ", ") + "?)"
}

func sorted(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}

// writeList writes l in the list format of profiles.ParseList; a count of 1 is
// left out, as the project's lists do. l.CardGrants[:own] are the importer's
// card_grants; cards are the list card fields of hand mappings
// (listrules.go), the rest of l's.
func writeList(b *bytes.Buffer, l *profiles.List, cards []listCardOut, own int) {
	b.WriteString("name: " + yamlString(oneLine(l.Name, 200)) + "\n")
	if l.Faction != "" {
		b.WriteString("faction: " + l.Faction + "\n")
	}
	b.WriteString("budget: " + strconv.Itoa(l.Budget) + "\n")
	if l.Leader != "" {
		b.WriteString("leader: " + l.Leader + "\n")
	}
	writeCardGrants(b, l.CardGrants[:own]) // profiles/catalog/listcards.go
	writeListCards(b, cards, own > 0)      // listrules.go
	b.WriteString("members:")
	if len(l.Members) == 0 {
		b.WriteString(" []")
	}
	b.WriteString("\n")
	for _, m := range l.Members {
		b.WriteString("  - profile: " + m.Profile + "\n")
		if m.Count != 1 {
			b.WriteString("    count: " + strconv.Itoa(m.Count) + "\n")
		}
		if len(m.Add) > 0 {
			b.WriteString("    add: [" + strings.Join(m.Add, ", ") + "]\n")
		}
		if len(m.Remove) > 0 {
			b.WriteString("    remove: [" + strings.Join(m.Remove, ", ") + "]\n")
		}
		if m.Mount != "" {
			b.WriteString("    mount: " + m.Mount + "\n")
		}
		if len(m.MountOptions) > 0 {
			var os []string
			for _, o := range m.MountOptions {
				os = append(os, o.ID+": "+strconv.Itoa(o.X))
			}
			b.WriteString("    mount_options: {" + strings.Join(os, ", ") + "}\n")
		}
		if m.Grimoire != "" {
			b.WriteString("    grimoire: " + m.Grimoire + "\n")
		}
		if m.Spells != nil {
			b.WriteString("    spells: [" + strings.Join(m.Spells, ", ") + "]\n")
		}
		if len(m.Granted) > 0 {
			b.WriteString("    granted: [" + strings.Join(m.Granted, ", ") + "]\n")
		}
		if len(m.Ammunition) > 0 {
			b.WriteString("    ammunition: " + ammunitionYAML(m.Ammunition) + "\n")
		}
		if len(m.Upgrades) > 0 {
			b.WriteString("    upgrades: " + upgradesYAML(m.Upgrades) + "\n") // upgrades.go
		}
	}
}

// memberExtras reports what a member carries that the list format has no
// place for, each as "not modelled: ..." with what it would change
// (catalogue.md section 5.1: bought ammunition, upgrades, special cards,
// origin, spells, mounts).
// The bought cards in done are played (their skills are card_grants).
func (c *Conversion) memberExtras(m MemberExport, done []string, warn func(path, format string, args ...any)) {
	// Bought ammunition: listAmmunition (ammunition.go); upgrades:
	// listUpgrades (upgrades.go).
	cards := slices.Clone(m.SpecialCards)
	for _, k := range sortedKeys(anyMap(m.CardCounts)) {
		if !slices.Contains(cards, k) {
			cards = append(cards, k)
		}
	}
	for _, id := range cards {
		if slices.Contains(done, id) {
			continue
		}
		var grants []string
		if card := c.cardByID(id); card != nil {
			for _, ef := range card.effects {
				if v, ok := ef.op.m["skillId"].(string); ok && ef.kind == "grant-skill" {
					grants = append(grants, v)
				}
			}
		}
		what := "its rule"
		if len(grants) > 0 {
			what = "grants " + strings.Join(grants, ", ")
		}
		warn(m.Path+".specialCardIds", "not modelled: special card %q (%s; the list format carries no card)", id, what)
	}
	if m.Origin != "" {
		warn(m.Path+".origin", "not modelled: origin %q (its people's nature: Devour and Bite eligibility)", m.Origin)
	}
	if len(m.Attached) > 0 || m.BodyguardOf != "" {
		warn(m.Path, "attached %v, bodyguard of %q: list building only", m.Attached, m.BodyguardOf)
	}
}

// anyMap returns m with its values as any, for sortedKeys.
func anyMap[V any](m map[string]V) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// memberMagic gives lm the spells, granted spells and grimoire of the member
// m of profile p, mapped to the YAML ids, and checks them as list validation
// does (profiles.DataSet.CheckMemberMagic: pages, level budget, way,
// reservation), each problem an error at its JSON path; a spell not imported
// is left out with a warning.
func (c *Conversion) memberMagic(m MemberExport, p *profileOut, lm *profiles.ListMember, warn, fail func(path, format string, args ...any)) {
	if len(m.Spells) == 0 && len(m.Granted) == 0 && m.Grimoire == "" {
		return
	}
	var spellPaths, grantedPaths []string
	mapIDs := func(ids, paths []string, dst *[]string, kept *[]string) {
		for j, id := range ids {
			path := paths[j]
			s, ok := c.spellByID[id]
			switch {
			case !ok && !slices.ContainsFunc(c.spells, func(s *spellOut) bool { return s.catalogID == id }):
				fail(path, "unknown spell %q, left out", id)
			case !ok || s.why != "":
				why := "not imported"
				if ok {
					why = s.why
				}
				warn(path, "spell %q is not imported (%s): left out", id, why)
			default:
				*dst = append(*dst, s.id)
				*kept = append(*kept, path)
			}
		}
	}
	paths := make([]string, len(m.Spells))
	for j := range m.Spells {
		paths[j] = index(m.Path+".spellIds", j)
	}
	lm.Spells = []string{}
	mapIDs(m.Spells, paths, &lm.Spells, &spellPaths)
	mapIDs(m.Granted, m.GrantedPaths, &lm.Granted, &grantedPaths)
	if m.Grimoire != "" {
		if g, ok := grimoireOf(m.Grimoire); ok {
			lm.Grimoire = g.ID
		} else {
			fail(m.Path+".grimoireId", "grimoire %q is neither petit nor grand, left out", m.Grimoire)
		}
	}
	ds := c.DataSet()
	prof, err := ds.Profile(p.id)
	if err != nil {
		return
	}
	for _, e := range ds.CheckMemberMagic(prof, *lm) {
		path := m.Path + ".profileId"
		var i int
		switch {
		case scanIndex(e.Field, "spells[%d]", &i) && i < len(spellPaths):
			path = spellPaths[i]
		case scanIndex(e.Field, "granted[%d]", &i) && i < len(grantedPaths):
			path = grantedPaths[i]
		case e.Field == "spells":
			path = m.Path + ".spellIds"
		}
		fail(path, "%s", e.Msg)
	}
}

// scanIndex reads the index of a field "name[i]" with format.
func scanIndex(field, format string, i *int) bool {
	n, err := fmt.Sscanf(field, format, i)
	return err == nil && n == 1
}

// memberItems returns the equipment ids of a member of profile id: its base
// equipment less remove, plus add.
func memberItems(ds *profiles.DataSet, id string, add, remove []string) []string {
	p, err := ds.Profile(id)
	if err != nil {
		return slices.Clone(add)
	}
	items := slices.Clone(p.Equipment)
	for _, r := range remove {
		if i := slices.Index(items, r); i >= 0 {
			items = slices.Delete(items, i, i+1)
		}
	}
	return append(items, add...)
}
