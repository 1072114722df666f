package profiles

import (
	"strings"
	"testing"
)

// TestDataSetChanges checks the guard against a data set modified in place
// (sim's TestThrowArmourAndCH once raised kherops-warrior-2's P to 6 in
// Default's shared profile, and every later battle of the test binary played
// it so): two fresh loads of the embedded data are equal; a characteristic of
// a profile and a slice of an equipment changed through the pointers the data
// set hands out are named, with the field, the value found and the value
// loaded; Default is unchanged by this package's tests.
func TestDataSetChanges(t *testing.T) {
	want, got := mustLoad(embedded, "data"), mustLoad(embedded, "data")
	if err := dataSetChanges(want, got); err != nil {
		t.Fatalf("two fresh loads: %v", err)
	}
	p, err := got.Profile("kherops-warrior-2")
	if err != nil {
		t.Fatal(err)
	}
	p.Stats.P++
	e := got.Equipment[0]
	e.ReservedTo = append(e.ReservedTo, "invented-faction")
	err = dataSetChanges(want, got)
	if err == nil {
		t.Fatal("a profile and an equipment changed in place: no error")
	}
	for _, w := range []string{"profile kherops-warrior-2: Stats ", "equipment " + e.ID + ": ReservedTo ", "invented-faction"} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("the error does not say %q:\n%v", w, err)
		}
	}
	if strings.Count(err.Error(), "profile ") != 1 {
		t.Errorf("the error names other profiles than the one changed:\n%v", err)
	}
	if err := DefaultUnchanged(); err != nil {
		t.Error(err)
	}
}

// TestListChanges checks the guard's lists: a member of a shared default
// list changed in place is named with the list; restored, nothing is.
func TestListChanges(t *testing.T) {
	l, err := DefaultList(DefaultListNames()[0])
	if err != nil {
		t.Fatal(err)
	}
	old := l.Budget
	l.Budget++
	err = DefaultUnchanged()
	l.Budget = old
	if err == nil || !strings.Contains(err.Error(), "list "+l.Name+": Budget ") {
		t.Errorf("a default list's budget changed in place: %v", err)
	}
	if err := DefaultUnchanged(); err != nil {
		t.Error(err)
	}
}
