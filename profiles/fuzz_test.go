package profiles

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// FuzzLoad feeds bytes as a YAML data file through LoadFS: loading must never
// panic, must fail only with an Errors whose every entry has a position in the
// file, and what loads must be consistent.
func FuzzLoad(f *testing.F) {
	files, _ := fs.Glob(embedded, "data/*.yaml")
	for _, name := range files {
		data, _ := fs.ReadFile(embedded, name)
		f.Add(data)
	}
	for _, tt := range validationTests {
		for _, data := range tt.files {
			f.Add([]byte(data))
		}
	}
	f.Add([]byte(singleProfile))
	f.Add([]byte(ownProfile)) // pattern F's fields (profiles/ownrules.go)
	for _, s := range []string{
		"profiles: &x\n  - <<: *x\n",       // a merge key cycle
		"a: &x [*x]\n",                     // an alias cycle
		"---\nid: a\n---\nequipment: []\n", // several documents
		"stats: {V: 1, v: 2}\n",            // one characteristic twice
		"equipment:\n  - {id: x, kind: melee, range: 3/7/-, thrown: true}\n",
		"a: \x01\n", // a control character
		"mounts:\n  - {id: m-1, name: M, level: 2, cost: 3, factions: [kharns], excluded: [m-1], bonuses: {reach: 2.5, V: 5}, skills: {reach: 1}}\n",
	} {
		f.Add([]byte(s))
	}
	ds0 := Default()
	f.Fuzz(func(t *testing.T, data []byte) {
		ds, err := LoadFS(fstest.MapFS{"f.yaml": {Data: data}}, "f.yaml")
		checkErrors(t, err)
		if err == nil {
			if ds == nil {
				t.Fatal("nil DataSet with no error")
			}
			for _, p := range ds.Profiles {
				// Load checked the base equipment: the card loadout is valid.
				l, err := ds.Equip(p, nil, nil)
				if err != nil {
					t.Fatalf("%s: base equipment does not equip: %v", p.ID, err)
				}
				if l.Cost(ds) != p.Cost || len(l.Items(ds)) != len(p.Equipment) {
					t.Fatalf("%s: card loadout costs %d, want %d", p.ID, l.Cost(ds), p.Cost)
				}
			}
			for _, e := range ds.Equipment {
				for _, d := range []*Dice{e.Effects.FixedDamage, e.Effects.ArmourPiercing} {
					if d == nil {
						continue
					}
					if back, err := ParseDice(d.String()); err != nil || back != *d {
						t.Fatalf("%s: dice %+v prints as %q", e.ID, *d, d.String())
					}
				}
			}
		}
		// The same bytes as a single-profile file resolved against the default data.
		p, err := ds0.parseProfile("f.yaml", data)
		checkErrors(t, err)
		if err == nil && p == nil {
			t.Fatal("nil profile with no error")
		}
	})
}

// checkErrors fails unless err is nil or a sorted Errors whose entries all have a
// position in f.yaml.
func checkErrors(t *testing.T, err error) {
	t.Helper()
	if err == nil {
		return
	}
	var errs Errors
	if !errors.As(err, &errs) {
		t.Fatalf("error %T is not an Errors: %v", err, err)
	}
	if len(errs) == 0 {
		t.Fatal("empty Errors")
	}
	for _, e := range errs {
		if e.Pos.File != "f.yaml" || e.Pos.Line < 1 || e.Msg == "" {
			t.Fatalf("error without a position: %#v", e)
		}
	}
	if !slices.IsSortedFunc(errs, func(a, b Error) int { return a.Pos.Line - b.Pos.Line }) {
		t.Fatalf("errors not sorted by line:\n%v", err)
	}
}

// TestAliasExpansionBounded checks that aliases cannot make a small file expand
// into an unbounded amount of work ("billion laughs"): decoding stops with an
// error once nodeBudget nodes have been visited.
func TestAliasExpansionBounded(t *testing.T) {
	var b strings.Builder
	// Each level merges the previous one four times: 4^14 mappings when expanded.
	b.WriteString("x0: &a0 {id: a, name: b}\n")
	for i := 1; i <= 14; i++ {
		fmt.Fprintf(&b, "x%d: &a%d {<<: [*a%d, *a%d, *a%d, *a%d], k%d: 1}\n", i, i, i-1, i-1, i-1, i-1, i)
	}
	b.WriteString("profiles: [*a14, *a14]\n")
	_, err := LoadFS(fstest.MapFS{"f.yaml": {Data: []byte(b.String())}}, "f.yaml")
	checkErrors(t, err)
	if err == nil || !strings.Contains(err.Error(), "file too complex") {
		t.Errorf("got %v, want a file too complex error", err)
	}
}
