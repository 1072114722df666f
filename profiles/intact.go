package profiles

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
)

// DefaultUnchanged returns nil when the shared data set Default returns, and
// the shared lists DefaultList returns, still equal a fresh load of the
// embedded data and lists, and otherwise an error naming each profile,
// equipment, spell, mount and list changed and its fields. Default's
// DataSet is shared by everything in the process: code that modifies it (a
// test raising a characteristic of an embedded profile in place, say) changes
// what every later battle of the process computes, so that the same seed no
// longer gives the same result whatever ran before. Test binaries call it
// after their tests (a TestMain) so that such a change fails the suite
// rather than a later test, silently.
func DefaultUnchanged() error {
	fresh := mustLoad(embedded, "data")
	err := dataSetChanges(fresh, Default())
	var lists []string
	lists = changedElems(lists, "list", mustLoadLists(embeddedLists, fresh), defaultLists(), func(l *List) string { return l.Name })
	if len(lists) == 0 {
		return err
	}
	return errors.Join(err, fmt.Errorf("profiles: the shared default lists (profiles.DefaultList) were modified in place: %s", strings.Join(lists, "; ")))
}

// dataSetChanges compares got with want, element by element and field by
// field (reflect.DeepEqual), and returns the changes as an error, or nil.
func dataSetChanges(want, got *DataSet) error {
	var out []string
	out = changedElems(out, "profile", want.Profiles, got.Profiles, func(p *Profile) string { return p.ID })
	out = changedElems(out, "equipment", want.Equipment, got.Equipment, func(e *Equipment) string { return e.ID })
	out = changedElems(out, "spell", want.Spells, got.Spells, func(s *Spell) string { return s.ID })
	out = changedElems(out, "mount", want.Mounts, got.Mounts, func(m *Mount) string { return m.ID })
	if want.Source != got.Source {
		out = append(out, fmt.Sprintf("Source %q, loaded as %q", got.Source, want.Source))
	}
	if len(out) == 0 {
		return nil
	}
	return fmt.Errorf("profiles: the shared default data set (profiles.Default) was modified in place: %s", strings.Join(out, "; "))
}

// changedElems appends to out a line for each element of got that differs
// from want's at the same index, naming the fields changed.
func changedElems[T any](out []string, kind string, want, got []*T, id func(*T) string) []string {
	if len(want) != len(got) {
		return append(out, fmt.Sprintf("%d %ss, loaded with %d", len(got), kind, len(want)))
	}
	for i := range want {
		if reflect.DeepEqual(want[i], got[i]) {
			continue
		}
		w, g := reflect.ValueOf(want[i]).Elem(), reflect.ValueOf(got[i]).Elem()
		var fields []string
		for f := range w.NumField() {
			sf := w.Type().Field(f)
			switch {
			case !sf.IsExported():
				fields = append(fields, sf.Name+" (unexported, not compared field by field)")
			case !reflect.DeepEqual(w.Field(f).Interface(), g.Field(f).Interface()):
				fields = append(fields, fmt.Sprintf("%s %+v, loaded as %+v", sf.Name, g.Field(f).Interface(), w.Field(f).Interface()))
			}
		}
		out = append(out, fmt.Sprintf("%s %s: %s", kind, id(want[i]), strings.Join(fields, ", ")))
	}
	return out
}
