package catalog

import (
	"slices"
	"strconv"

	"github.com/kharn-ages/kharn/profiles"
)

// readBaseCopies reads baseEquipmentCounts {id: n} (catalogue.md 4.5): n
// copies of a base item, written as the id repeated in the profile's
// equipment, next to its first reference (at the end when baseEquipmentIds
// does not name it). The data format checks that only a
// weapon or a stackable item comes in several copies.
func (p *profileOut) readBaseCopies(o *object) {
	x, ok := o.get("baseEquipmentCounts")
	if !ok || x == nil {
		return
	}
	co, ok := p.obj(x, o.at("baseEquipmentCounts"), "ignored")
	if !ok {
		return
	}
	for _, id := range sortedKeys(co.m) {
		n, ok := p.whole(co.m[id], co.at(id), "read as 1")
		switch {
		case !ok || n == 1:
		case n < 1 || n > 99:
			p.problemf(co.at(id), "%d copies, read as 1 (from 1 to 99)", n)
		default:
			// An id missing from baseEquipmentIds is carried n times all the
			// same: the count names a base item.
			i := slices.IndexFunc(p.refs, func(r ref) bool { return r.catalogID == id })
			extra := make([]ref, n-1, n)
			if i < 0 {
				extra, i = extra[:n], len(p.refs)-1
			}
			for k := range extra {
				extra[k] = ref{catalogID: id, path: co.at(id)}
			}
			p.refs = slices.Insert(p.refs, i+1, extra...)
		}
	}
}

// addedCopies returns add, the ids a list member adds, with the copies of
// addedEquipmentCounts {id: n} (catalogue.md 5.1): n copies in all of an
// added item; the data format checks that only a weapon or a stackable item
// comes in several copies.
func (c *Conversion) addedCopies(m MemberExport, add []string, warn func(path, format string, args ...any)) []string {
	for _, id := range sortedKeys(anyMap(m.AddedCount)) {
		n := m.AddedCount[id]
		e, ok := c.equipByID[id]
		if !ok || e.why != "" || n <= 1 {
			continue
		}
		have := 0
		for _, a := range add {
			if a == e.id {
				have++
			}
		}
		if have == 0 {
			warn(m.Path+".addedEquipmentCounts."+id, "%q is not in addedEquipmentIds: its count is ignored", id)
			continue
		}
		for range n - have {
			add = append(add, e.id)
		}
	}
	return add
}

// writeStackable writes stackable: true for an item a Safar may carry in
// several copies (catalogue.md 4.6 "stackable").
func (e *equipOut) writeStackable(kv func(key, value string)) {
	if e.stackable && e.kind == profiles.KindItem {
		kv("stackable", strconv.FormatBool(true))
	}
}
