package profiles

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

// singleProfile is a file holding one profile whose equipment is defined elsewhere.
const singleProfile = `# A single profile: the top-level mapping is the profile.
id: test-duellist-2
name: Test Duellist
faction: black-guild
level: 2
cost: 70
limitation: U
stats: {V: 4, P: 3, A: 5, C: 3, T: 4, I: 3}
stature: 3
ap: 4
hp: 8
mastery:
  - [offensive]
  - [defensive]
skills: {duellist: 1, skilled swordsman: ~}
equipment: [sword, buckler]
traits: [allied of kharns]
`

func TestLoadSingleProfileFile(t *testing.T) {
	fsys := fstest.MapFS{
		"gear.yaml":    {Data: []byte("equipment:\n  - {id: sword, name: Sword, kind: melee, cost: 8}\n  - {id: buckler, name: Buckler, kind: shield, cost: 4, boxes: 3}\n")},
		"duellist.yml": {Data: []byte(singleProfile)},
	}
	ds, err := LoadFS(fsys, "gear.yaml", "duellist.yml")
	if err != nil {
		t.Fatal(err)
	}
	p, err := ds.Profile("test-duellist-2")
	if err != nil {
		t.Fatal(err)
	}
	if p.Level != 2 || p.Cost != 70 || len(p.Skills) != 2 || p.Pos != (Pos{File: "duellist.yml", Line: 2, Column: 1}) {
		t.Errorf("profile %+v", p)
	}
	if s, ok := p.Skill(SkillDuellist); !ok || s.Value != 1 || s.Pos != (Pos{"duellist.yml", 15, 10}) {
		t.Errorf("duellist skill %+v", s)
	}
	if ds.Source != "gear.yaml, duellist.yml" {
		t.Errorf("source %q", ds.Source)
	}

	// A single-profile file reports fields without a list prefix.
	_, err = LoadFS(fstest.MapFS{"p.yaml": {Data: []byte(strings.Replace(singleProfile, "level: 2", "level: 5", 1))}}, "p.yaml")
	want := "p.yaml:5:8: level: level must be 1, 2 or 3, got 5\n" +
		`p.yaml:16:13: equipment[0]: unknown equipment "sword"` + "\n" +
		`p.yaml:16:20: equipment[1]: unknown equipment "buckler"`
	if err == nil || err.Error() != want {
		t.Errorf("got error:\n%v\nwant:\n%s", err, want)
	}
}

func TestLoadDirectory(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("gear.yaml", "equipment:\n  - {id: sword, name: Sword, kind: melee, cost: 8}\n")
	write("shields/buckler.yml", "equipment:\n  - {id: buckler, name: Buckler, kind: shield, cost: 4, boxes: 3}\n")
	write("profiles/duellist.yaml", singleProfile)
	write("notes.txt", "not yaml: [")           // not a YAML file: skipped
	write(".hidden/broken.yaml", "not yaml: [") // hidden directory: skipped
	write("empty.yaml", "# nothing yet\n")      // an empty document is fine
	write("docs/readme.txt", "no data here")

	ds, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(ds.Profiles) != 1 || len(ds.Equipment) != 2 {
		t.Errorf("%d profiles and %d items, want 1 and 2", len(ds.Profiles), len(ds.Equipment))
	}
	// Files are read in lexical order.
	if ds.Equipment[0].ID != "sword" || ds.Equipment[1].ID != "buckler" {
		t.Errorf("equipment order %s, %s", ds.Equipment[0].ID, ds.Equipment[1].ID)
	}
	// Naming a file twice (once through its directory) reads it once.
	if _, err := Load(dir, filepath.Join(dir, "gear.yaml")); err != nil {
		t.Errorf("file named twice: %v", err)
	}

	// Missing paths and directories without data are errors with a file.
	missing := filepath.Join(dir, "missing.yaml")
	docs := filepath.Join(dir, "docs")
	_, err = Load(missing, docs)
	var errs Errors
	if !errors.As(err, &errs) || len(errs) != 2 {
		t.Fatalf("got %v, want two errors", err)
	}
	if errs[0].Pos.File != docs || errs[0].Msg != "directory holds no .yaml or .yml file" {
		t.Errorf("empty directory: %v", errs[0])
	}
	if errs[1].Pos.File != missing || errs[1].Msg != "no such file or directory" {
		t.Errorf("missing file: %v", errs[1])
	}
	if ds, err := Load(); err != nil || len(ds.Profiles) != 0 {
		t.Errorf("Load() = %v, %v; want an empty data set", ds, err)
	}
}

func TestLookups(t *testing.T) {
	ds := Default()
	tests := []struct {
		kind, id, want string
	}{
		{"profile", "paladn", `unknown profile "paladn" (did you mean paladin-2, paladin-3?)`},
		{"profile", "paladin", `unknown profile "paladin" (did you mean paladin-2, paladin-3?)`},
		{"profile", "zzzzzz", `unknown profile "zzzzzz"`},
		{"equipment", "halbard", `unknown equipment "halbard" (did you mean halberd?)`},
		{"equipment", "plate", `unknown equipment "plate" (did you mean half-plate, plate-armour?)`}, // both contain "plate": data order
	}
	for _, tt := range tests {
		var err error
		if tt.kind == "profile" {
			_, err = ds.Profile(tt.id)
		} else {
			_, err = ds.Item(tt.id)
		}
		if err == nil || err.Error() != tt.want || !IsUnknownID(err) {
			t.Errorf("%s %q: error %v, want %s", tt.kind, tt.id, err, tt.want)
		}
	}
}

func TestResolveProfile(t *testing.T) {
	ds := Default()
	if p, err := ds.ResolveProfile("greedy-2"); err != nil || p.Name != "Greedy" {
		t.Errorf("by id: %v, %v", p, err)
	}

	dir := t.TempDir()
	good := filepath.Join(dir, "duellist.yaml")
	if err := os.WriteFile(good, []byte(singleProfile), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := ds.ResolveProfile(good)
	if err != nil {
		t.Fatal(err)
	}
	if p.ID != "test-duellist-2" || p.Pos.File != good {
		t.Errorf("from file: %+v", p)
	}

	bad := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(bad, []byte(strings.Replace(singleProfile, "buckler", "bucklr", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = ds.ResolveProfile(bad)
	if want := bad + `:16:20: equipment[1]: unknown equipment "bucklr" (did you mean buckler?)`; err == nil || err.Error() != want {
		t.Errorf("bad file: %v, want %s", err, want)
	}

	list := filepath.Join(dir, "list.yaml")
	if err := os.WriteFile(list, []byte("profiles: []\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ds.ResolveProfile(list); err == nil || !strings.HasSuffix(err.Error(), "want exactly one profile, found 0") {
		t.Errorf("list file: %v", err)
	}
	if _, err := ds.ResolveProfile(filepath.Join(dir, "nope.yaml")); err == nil || !strings.HasSuffix(err.Error(), "no such file or directory") {
		t.Errorf("missing file: %v", err)
	}
	if _, err := ds.ResolveProfile("grredy-2"); !IsUnknownID(err) || !strings.Contains(err.Error(), "greedy-2") {
		t.Errorf("unknown id: %v", err)
	}
}

func TestClosest(t *testing.T) {
	ids := []string{"paladin-2", "paladin-3", "prince-3", "greedy-2", "halberd", "half-plate"}
	tests := []struct {
		s    string
		n    int
		want []string
	}{
		{"paladn", 3, []string{"paladin-2", "paladin-3"}},  // distance 3 each, limit 6/2 = 3
		{"paladin-2", 1, []string{"paladin-2"}},            // exact match first
		{"paladin", 5, []string{"paladin-2", "paladin-3"}}, // substring counts as 1
		{"PRINCE-3", 3, []string{"prince-3"}},              // case is ignored
		{"halbred", 2, []string{"halberd"}},                // a swap of two letters is 1
		{"grdy", 3, nil},                                   // greedy-2 is 4 away, beyond max(1, 4/2)
		{"xyz", 3, nil},
		{"0", 3, nil}, // one letter: only a distance of 1 would do
		{"paladn", 0, nil},
	}
	for _, tt := range tests {
		got := Closest(tt.s, ids, tt.n)
		if strings.Join(got, ",") != strings.Join(tt.want, ",") {
			t.Errorf("Closest(%q, %d) = %q, want %q", tt.s, tt.n, got, tt.want)
		}
	}
	for _, tt := range []struct {
		a, b string
		d    int
	}{
		{"", "", 0}, {"abc", "", 3}, {"kitten", "sitting", 3}, {"ca", "ac", 1}, {"khârn", "kharn", 1},
	} {
		if got := distance(tt.a, tt.b); got != tt.d {
			t.Errorf("distance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.d)
		}
	}
}

func TestParseDice(t *testing.T) {
	tests := []struct {
		s        string
		want     Dice
		min, max int
		mean     float64
	}{
		{"3", Dice{Plus: 3}, 3, 3, 3},
		{"1D5", Dice{N: 1, Sides: 5}, 1, 5, 3},
		{"d10", Dice{N: 1, Sides: 10}, 1, 10, 5.5},
		{"2D5+3", Dice{N: 2, Sides: 5, Plus: 3}, 5, 13, 9},
		{"1D10-2", Dice{N: 1, Sides: 10, Plus: -2}, -1, 8, 3.5},
	}
	for _, tt := range tests {
		d, err := ParseDice(tt.s)
		if err != nil || d != tt.want {
			t.Errorf("ParseDice(%q) = %+v, %v; want %+v", tt.s, d, err, tt.want)
			continue
		}
		if d.Min() != tt.min || d.Max() != tt.max || d.Mean() != tt.mean {
			t.Errorf("%s: min %d max %d mean %v, want %d %d %v", tt.s, d.Min(), d.Max(), d.Mean(), tt.min, tt.max, tt.mean)
		}
		if back, _ := ParseDice(d.String()); back != d {
			t.Errorf("%s: String %q does not parse back", tt.s, d.String())
		}
	}
	for _, s := range []string{"", "1D6", "0D5", "21D10", "1D5+", "D", "1D5+1000", "-3", "1.5", "1D5+2+1", "x"} {
		if d, err := ParseDice(s); err == nil {
			t.Errorf("ParseDice(%q) = %+v, want an error", s, d)
		}
	}
}

// TestLoadDataDirectory checks that loading the repository's data directory reads
// its profiles and equipment and skips its lists/ and scenarios/ subdirectories.
func TestLoadDataDirectory(t *testing.T) {
	ds, err := Load("data")
	if err != nil {
		t.Fatalf("Load(data): %v", err)
	}
	if got, want := len(ds.Profiles), len(Default().Profiles); got != want {
		t.Errorf("Load(data) read %d profiles, the embedded data has %d", got, want)
	}
}
