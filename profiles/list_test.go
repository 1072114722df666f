package profiles

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
)

// okList is a valid kharns list on the default data; its lines are numbered:
//
//	1 name, 2 faction, 3 budget, 4 leader, 5 members,
//	6 paladin-3 (its profile id at column 14), 7-8 crown-guard-1 (count at 8:12),
//
// so an entry appended to it starts on line 9, its profile id at column 14.
const okList = `name: Test
faction: kharns
budget: 1000
leader: paladin-3
members:
  - profile: paladin-3
  - profile: crown-guard-1
    count: 2
`

// extraProfiles adds to the default data the recruitment cases it lacks: a
// stateless profile and one "allied of kharns" outside the Black Guild, one
// without a faction logo, a personage named after its model (bors-2, a "Khârn
// Paladin" level 2) and a personage of level 1.
const extraProfiles = `profiles:
  - {id: sellsword-2, name: Sellsword, faction: gouns, level: 2, cost: 60, limitation: X2,
     stats: {V: 3, P: 3, A: 3, C: 3, T: 3, I: 3}, stature: 3, ap: 4, hp: 8, traits: [stateless]}
  - {id: fang-envoy-2, name: Fang envoy, faction: fangs, level: 2, cost: 60, limitation: X2,
     stats: {V: 3, P: 3, A: 3, C: 3, T: 3, I: 3}, stature: 3, ap: 4, hp: 8, traits: [allied of kharns]}
  - {id: wanderer-1, name: Wanderer, faction: none, level: 1, cost: 30, limitation: X3,
     stats: {V: 3, P: 3, A: 3, C: 3, T: 3, I: 3}, stature: 3, ap: 3, hp: 6}
  - {id: bors-2, name: Khârn Paladin, faction: kharns, level: 2, cost: 100, limitation: P,
     stats: {V: 3, P: 3, A: 3, C: 3, T: 3, I: 3}, stature: 4, ap: 4, hp: 10}
  - {id: old-tom-1, name: Old Tom, faction: kharns, level: 1, cost: 50, limitation: P,
     stats: {V: 3, P: 3, A: 3, C: 3, T: 3, I: 3}, stature: 3, ap: 3, hp: 7}
`

// listTestData returns the default data plus extra, loaded through LoadFS.
func listTestData(t testing.TB, extra string) *DataSet {
	t.Helper()
	fsys := fstest.MapFS{"d/zz-extra.yaml": {Data: []byte(extra)}}
	files, _ := fs.Glob(embedded, "data/*.yaml")
	for _, name := range files {
		data, _ := fs.ReadFile(embedded, name)
		fsys["d/"+filepath.Base(name)] = &fstest.MapFile{Data: data}
	}
	ds, err := LoadFS(fsys, "d")
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

// listTests are the problems of a list file, each with every message it must
// produce, or none for a valid list; FuzzParseList starts from their files too.
var listTests = []struct {
	name  string
	data  string
	extra bool // check against listTestData(extraProfiles) instead of Default()
	want  []string
}{
	{name: "valid", data: okList},

	// Strict decoding.
	{
		name: "unknown fields",
		data: sub(okList, "    count: 2\n", "    cout: 2\n") + "leadr: x\n",
		want: []string{
			`l.yaml:8:5: members[1].cout: unknown field "cout" (did you mean count?)`,
			`l.yaml:9:1: leadr: unknown field "leadr" (did you mean leader?)`,
		},
	},
	{
		name: "wrong types",
		data: sub(sub(okList, "budget: 1000", "budget: lots"), "count: 2", "count: [2]"),
		want: []string{
			`l.yaml:3:9: budget: want a whole number, got "lots"`,
			`l.yaml:8:12: members[1].count: want a whole number, got a list`,
		},
	},
	{
		name: "missing fields",
		data: "name: Test\nmembers:\n  - count: 2\n",
		want: []string{
			`l.yaml:1:1: missing field "budget"`,
			`l.yaml:1:1: missing field "faction"`,
			`l.yaml:1:1: missing field "leader"`,
			`l.yaml:3:5: members[0]: missing field "profile"`,
		},
	},
	{
		name: "count 0 and no members",
		data: sub(okList, "count: 2", "count: 0"),
		want: []string{`l.yaml:8:12: members[1].count: count must be from 1 to 99, got 0`},
	},
	{
		name: "empty members",
		data: "name: Test\nfaction: kharns\nbudget: 300\nleader: paladin-3\nmembers: []\n",
		want: []string{`l.yaml:5:10: members: a Spearhead recruits at least one Safar`},
	},
	{
		name: "unknown faction",
		data: sub(okList, "faction: kharns", "faction: kharn"),
		want: []string{`l.yaml:2:10: faction: unknown faction "kharn" (did you mean kharns?) (known: kharns, gouns, kherops, fangs, tembos, black-guild, affranchis)`},
	},
	{
		name: "not a mapping",
		data: "- profile: paladin-3\n",
		want: []string{`l.yaml:1:1: want a list (a mapping with name, faction, budget, leader and members), got a list`},
	},
	{
		name: "empty file",
		data: "# nothing\n",
		want: []string{`l.yaml:1: empty list file: want a mapping with name, faction, budget, leader and members`},
	},
	{
		name: "two documents",
		data: okList + "---\nname: Other\n",
		want: []string{`l.yaml:10:1: a list file holds one list: this is a second YAML document`},
	},
	{
		name: "invalid YAML",
		data: "name: [Test\n",
		want: []string{`l.yaml:2: invalid YAML: did not find expected ',' or ']'`},
	},

	// Recruiting your Spearhead (English seed 000 lines 391-396).
	{
		name: "profile of another faction",
		data: okList + "  - profile: mongo-warrior-2\n",
		want: []string{`l.yaml:9:14: members[2].profile: mongo-warrior-2 is a gouns profile: a kharns Spearhead recruits only kharns profiles, the Black Guild, profiles without a faction logo and those "stateless" or "allied of kharns" (rulebook: Recruiting your Spearhead)`},
	},
	{
		// Line 393: "Members of the Black Guild are among them"; the crossbowman
		// is "allied of kherops", and serves the Khârns as a guild member.
		name: "Black Guild member in any faction",
		data: okList + "  - profile: guild-crossbowman-2\n  - profile: guild-executioner-3\n",
	},
	{
		name:  "stateless, allied of the faction and no faction logo",
		data:  okList + "  - profile: sellsword-2\n  - profile: fang-envoy-2\n  - profile: wanderer-1\n",
		extra: true,
	},
	{
		// Line 396: "allied of X" fight along with X or in their own faction.
		name:  "allied of another faction",
		data:  strings.ReplaceAll(sub(okList, "faction: kharns", "faction: gouns"), "paladin-3", "mongo-warrior-2") + "  - profile: fang-envoy-2\n",
		extra: true,
		want: []string{
			`l.yaml:7:14: members[1].profile: crown-guard-1 is a kharns profile: a gouns Spearhead recruits only gouns profiles, the Black Guild, profiles without a faction logo and those "stateless" or "allied of gouns" (rulebook: Recruiting your Spearhead)`,
			`l.yaml:9:14: members[2].profile: fang-envoy-2 is a fangs profile: a gouns Spearhead recruits only gouns profiles, the Black Guild, profiles without a faction logo and those "stateless" or "allied of gouns" (rulebook: Recruiting your Spearhead)`,
		},
	},
	{
		name: "unknown profile",
		data: sub(okList, "crown-guard-1", "crown-gaurd-1"),
		want: []string{`l.yaml:7:14: members[1].profile: unknown profile "crown-gaurd-1" (did you mean crown-guard-1?)`},
	},

	// Limitations (English seed 000 lines 414-426).
	{
		name: "LIM X exceeded",
		data: sub(okList, "count: 2", "count: 4"),
		want: []string{`l.yaml:8:12: members[1].count: too many crown-guard-1: 4 recruited, its LIM 3 allows 3 (rulebook: Limitations, LIM X)`},
	},
	{
		// The limitation counts the Safars of a profile over every entry.
		name: "LIM X exceeded over two entries",
		data: okList + "  - profile: crown-guard-1\n    count: 2\n",
		want: []string{`l.yaml:10:12: members[2].count: too many crown-guard-1: 4 recruited, its LIM 3 allows 3 (rulebook: Limitations, LIM X)`},
	},
	{
		name: "LIM U twice",
		data: okList + "  - profile: prince-3\n  - profile: prince-3\n",
		want: []string{`l.yaml:10:14: members[3].profile: too many prince-3: 2 recruited, its LIM U allows one (rulebook: Limitations, LIM U)`},
	},
	{
		// Line 422: a LIM U, a LIM 2 and a LIM 3 profile of one model together.
		name: "each profile its own limitation",
		data: okList + "  - profile: paladin-2\n    count: 2\n  - profile: prince-3\n",
	},
	{
		// Lines 426-428: Engueran takes one of the two Paladin level 3 slots, so
		// one paladin-3 may serve beside him...
		name: "personage and one of its model",
		data: okList + "  - profile: engueran-3\n",
	},
	{
		// ...but not two.
		name: "personage and two of its model",
		data: sub(okList, "  - profile: paladin-3\n", "  - profile: paladin-3\n    count: 2\n") + "  - profile: engueran-3\n",
		want: []string{`l.yaml:10:14: members[2].profile: too many paladin-3: 2 recruited and personage engueran-3 in one of their slots make 3, its LIM 2 allows 2 (rulebook: Limitations, LIM P)`},
	},
	{
		name: "personage first, then two of its model",
		data: sub(okList, "  - profile: paladin-3\n", "  - profile: engueran-3\n  - profile: paladin-3\n    count: 2\n"),
		want: []string{`l.yaml:8:12: members[1].count: too many paladin-3: 2 recruited and personage engueran-3 in one of their slots make 3, its LIM 2 allows 2 (rulebook: Limitations, LIM P)`},
	},
	{
		// bors-2 is named "Khârn Paladin" like paladin-2, his model.
		name:  "personage named after its model",
		data:  okList + "  - profile: paladin-2\n    count: 2\n  - profile: bors-2\n",
		extra: true,
		want:  []string{`l.yaml:11:14: members[3].profile: too many paladin-2: 2 recruited and personage bors-2 in one of their slots make 3, its LIM 2 allows 2 (rulebook: Limitations, LIM P)`},
	},
	{
		name: "personage twice",
		data: okList + "  - profile: engueran-3\n    count: 2\n",
		want: []string{
			`l.yaml:10:12: members[2].count: too many engueran-3: 2 recruited, a personage (LIM P) is unique (rulebook: Limitations, LIM P)`,
			`l.yaml:10:12: members[2].count: too many paladin-3: 1 recruited and personage engueran-3, engueran-3 in one of their slots make 3, its LIM 2 allows 2 (rulebook: Limitations, LIM P)`,
		},
	},

	// Apointing your leader (English seed 000 line 402; French seed 004 line 331).
	{
		name: "leader not among the two highest levels",
		data: sub(okList, "leader: paladin-3", "leader: crown-guard-1") + "  - profile: paladin-2\n",
		want: []string{`l.yaml:4:9: leader: leader crown-guard-1 is level 1, neither of the two highest levels of the Spearhead (3 and 2) nor a personage (rulebook: Apointing your leader)`},
	},
	{
		// Levels 3 and 1 only: level 1 is the second highest level.
		name: "leader of the second highest level",
		data: sub(okList, "leader: paladin-3", "leader: crown-guard-1"),
	},
	{
		name:  "personage leader of a low level",
		data:  sub(okList, "leader: paladin-3", "leader: old-tom-1") + "  - profile: paladin-2\n  - profile: old-tom-1\n",
		extra: true,
	},
	{
		name: "leader not a member",
		data: sub(okList, "leader: paladin-3", "leader: paladin-2"),
		want: []string{`l.yaml:4:9: leader: leader "paladin-2" is not a member of the Spearhead (did you mean paladin-3?) (rulebook: Apointing your leader)`},
	},

	// Recruitment cost and Equipment (English seed 000 lines 430-446, 1680-1692).
	{
		// 75 + (22-8) = 89 Krowns (line 1688).
		name: "Mongo Warrior swapping his Mkuki, over budget",
		data: "name: Test\nfaction: gouns\nbudget: 88\nleader: mongo-warrior-2\nmembers:\n" +
			"  - profile: mongo-warrior-2\n    remove: [mkuki]\n    add: [guisarme]\n",
		want: []string{`l.yaml:3:9: budget: the Spearhead costs 89 Kr, 1 over the budget of 88 Kr (rulebook: Recruitment cost)`},
	},
	{
		name: "Mongo Warrior swapping his Mkuki, within budget",
		data: "name: Test\nfaction: gouns\nbudget: 89\nleader: mongo-warrior-2\nmembers:\n" +
			"  - profile: mongo-warrior-2\n    remove: [mkuki]\n    add: [guisarme]\n",
	},
	{
		// 75 + 22 = 97 Krowns when he keeps both (line 1692).
		name: "Mongo Warrior keeping both weapons, over budget",
		data: "name: Test\nfaction: gouns\nbudget: 96\nleader: mongo-warrior-2\nmembers:\n" +
			"  - profile: mongo-warrior-2\n    add: [guisarme]\n",
		want: []string{`l.yaml:3:9: budget: the Spearhead costs 97 Kr, 1 over the budget of 96 Kr (rulebook: Recruitment cost)`},
	},
	{
		// Count times the loadout: 125 + 2 x 45 = 215.
		name: "over budget with a count",
		data: sub(okList, "budget: 1000", "budget: 214"),
		want: []string{`l.yaml:3:9: budget: the Spearhead costs 215 Kr, 1 over the budget of 214 Kr (rulebook: Recruitment cost)`},
	},
	{
		name: "remove what is not base equipment",
		data: sub(okList, "  - profile: paladin-3\n", "  - profile: paladin-3\n    remove: [tower-shield, spear]\n"),
		want: []string{`l.yaml:7:28: members[0].remove[1]: cannot remove "spear": not in the base equipment of paladin-3 (sword, tower-shield, plate-armour) (rulebook: Equipment)`},
	},
	{
		name: "equipment problems",
		data: okList + "    add: [halberd, swrod, oath-blade]\n",
		want: []string{
			`l.yaml:9:11: members[1].add[0]: two-handed "halberd" and shield "round-shield" need the exceptional skill (rulebook "Number of hands")`,
			`l.yaml:9:20: members[1].add[1]: unknown equipment "swrod" (did you mean sword?)`,
			`l.yaml:9:27: members[1].add[2]: equipment "oath-blade" is reserved to engueran-3 (rulebook: Equipment)`,
		},
	},
	{
		name: "every problem at once",
		data: "name: Test\nfaction: kharns\nbudget: 100\nleader: crown-guard-1\ncolor: red\nmembers:\n" +
			"  - profile: prince-3\n  - profile: paladin-2\n    remove: [spear]\n  - profile: crown-guard-1\n    count: 5\n",
		want: []string{
			`l.yaml:3:9: budget: the Spearhead costs 355 Kr, 255 over the budget of 100 Kr (rulebook: Recruitment cost)`,
			`l.yaml:4:9: leader: leader crown-guard-1 is level 1, neither of the two highest levels of the Spearhead (3 and 2) nor a personage (rulebook: Apointing your leader)`,
			`l.yaml:5:1: color: unknown field "color"`,
			`l.yaml:9:14: members[1].remove[0]: cannot remove "spear": not in the base equipment of paladin-2 (bastard-sword, half-plate) (rulebook: Equipment)`,
			`l.yaml:11:12: members[2].count: too many crown-guard-1: 5 recruited, its LIM 3 allows 3 (rulebook: Limitations, LIM X)`,
		},
	},
}

// TestParseList checks every problem of listTests, with its position and rule.
func TestParseList(t *testing.T) {
	extra := listTestData(t, extraProfiles)
	for _, tt := range listTests {
		t.Run(tt.name, func(t *testing.T) {
			ds := Default()
			if tt.extra {
				ds = extra
			}
			l, err := ParseList("l.yaml", []byte(tt.data), ds)
			var got []string
			if err != nil {
				var errs Errors
				if !errors.As(err, &errs) {
					t.Fatalf("error %T is not an Errors: %v", err, err)
				}
				if l != nil {
					t.Error("a List with an error")
				}
				for _, e := range errs {
					got = append(got, e.Error())
				}
			} else if l == nil {
				t.Fatal("nil List with no error")
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

// TestParseListValues checks what a valid list decodes to, and its cost.
func TestParseListValues(t *testing.T) {
	ds := Default()
	data := "name: Royal vanguard\nfaction: kharns\nbudget: 300\nleader: paladin-3\nmembers:\n" +
		"  - profile: paladin-3\n  - profile: crown-guard-1\n    count: 2\n    add: [sword]\n    remove: [spear]\n"
	l, err := ParseList("l.yaml", []byte(data), nil)
	if err != nil {
		t.Fatal(err)
	}
	want := List{Name: "Royal vanguard", Faction: "kharns", Budget: 300, Leader: "paladin-3",
		Members: []ListMember{
			{Profile: "paladin-3", Count: 1, Pos: Pos{"l.yaml", 6, 5}},
			{Profile: "crown-guard-1", Count: 2, Add: []string{"sword"}, Remove: []string{"spear"}, Pos: Pos{"l.yaml", 7, 5}},
		},
		Pos: Pos{"l.yaml", 1, 1}}
	if l.Name != want.Name || l.Faction != want.Faction || l.Budget != want.Budget || l.Leader != want.Leader ||
		l.Pos != want.Pos || !slices.EqualFunc(l.Members, want.Members, func(a, b ListMember) bool {
		return a.Profile == b.Profile && a.Count == b.Count && a.Pos == b.Pos &&
			slices.Equal(a.Add, b.Add) && slices.Equal(a.Remove, b.Remove)
	}) {
		t.Errorf("got %+v\nwant %+v", *l, want)
	}
	// The data: paladin-3 125 Kr; crown-guard-1 45 Kr, spear 6, sword 8:
	// 125 + 2 x (45 - 6 + 8) = 219.
	if got := l.Cost(ds); got != 219 {
		t.Errorf("Cost = %d, want 219", got)
	}
	los := l.Loadouts(ds)
	if len(los) != 3 || l.Size() != 3 {
		t.Fatalf("%d loadouts, Size %d, want 3", len(los), l.Size())
	}
	var ids []string
	for _, lo := range los {
		ids = append(ids, lo.Profile.ID+":"+strings.Join(lo.Add, ",")+"-"+strings.Join(lo.Remove, ","))
	}
	if got := strings.Join(ids, " "); got != "paladin-3:- crown-guard-1:sword-spear crown-guard-1:sword-spear" {
		t.Errorf("loadouts %s", got)
	}
}

func TestListCostPanics(t *testing.T) {
	defer func() {
		if r, _ := recover().(string); !strings.HasPrefix(r, `profiles: list "x": member paladn-3: unknown profile "paladn-3"`) {
			t.Errorf("panic %q", r)
		}
	}()
	l := &List{Name: "x", Members: []ListMember{{Profile: "paladn-3", Count: 1}}}
	l.Cost(Default())
}

func TestPersonageModel(t *testing.T) {
	ds := listTestData(t, extraProfiles)
	tests := []struct{ id, model string }{
		{"engueran-3", "paladin-3"}, // English seed 000 line 426
		{"bors-2", "paladin-2"},     // the same Name, faction and level
		{"old-tom-1", ""},           // no model
		{"paladin-3", ""},           // not a personage
	}
	for _, tt := range tests {
		p, err := ds.Profile(tt.id)
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if m := ds.PersonageModel(p); m != nil {
			got = m.ID
		}
		if got != tt.model {
			t.Errorf("PersonageModel(%s) = %q, want %q", tt.id, got, tt.model)
		}
	}
}

func TestLoadList(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "l.yaml")
	if err := os.WriteFile(path, []byte(sub(okList, "budget: 1000", "budget: 200")), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := LoadList(path, nil)
	if want := path + ":3:9: budget: the Spearhead costs 215 Kr, 15 over the budget of 200 Kr (rulebook: Recruitment cost)"; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
	_, err = LoadList(filepath.Join(dir, "none.yaml"), nil)
	var errs Errors
	if !errors.As(err, &errs) || len(errs) != 1 || !strings.Contains(err.Error(), "none.yaml: no such file") {
		t.Errorf("missing file: %v", err)
	}
}

// TestDefaultLists guards DefaultLists: a 300 and a 400 Krown list for each
// faction (issue #4), each valid, within its budget and within 10 Kr of it.
func TestDefaultLists(t *testing.T) {
	if _, err := fs.Glob(embeddedLists, listDir+"/*.yaml"); err != nil {
		t.Fatal(err)
	}
	ds := Default()
	lists := DefaultLists()
	names := DefaultListNames()
	var want []string
	for _, f := range KnownFactions()[:6] {
		want = append(want, f+"-300", f+"-400")
	}
	slices.Sort(want)
	if !slices.Equal(names, want) || len(lists) != len(names) {
		t.Fatalf("lists %v (%d), want %v", names, len(lists), want)
	}
	for i, l := range lists {
		name := names[i]
		if !strings.HasPrefix(name, l.Faction+"-") || name != l.Faction+"-"+strconv.Itoa(l.Budget) {
			t.Errorf("%s: faction %s, budget %d", name, l.Faction, l.Budget)
		}
		if c := l.Cost(ds); c > l.Budget || c < l.Budget-10 {
			t.Errorf("%s: costs %d Kr for a budget of %d", name, c, l.Budget)
		}
		if got, err := DefaultList(name); err != nil || got != l {
			t.Errorf("DefaultList(%s) = %p, %v", name, got, err)
		}
		again, err := LoadDefaultList(name, ds)
		if err != nil || again.Cost(ds) != l.Cost(ds) || again.Name != l.Name {
			t.Errorf("LoadDefaultList(%s): %v", name, err)
		}
		data, _ := fs.ReadFile(embeddedLists, listDir+"/"+name+".yaml")
		if !strings.Contains(string(data), "ILLUSTRATIVE, written for this project") {
			t.Errorf("%s: no header saying the list is illustrative", name)
		}
	}
	if _, err := DefaultList("kharns-30"); err == nil || err.Error() != `unknown list "kharns-30" (did you mean kharns-300, kharns-400, kherops-300?)` {
		t.Errorf("DefaultList(kharns-30): %v", err)
	}
	if _, err := LoadDefaultList("kharns-30", ds); !IsUnknownID(err) {
		t.Errorf("LoadDefaultList(kharns-30): %v", err)
	}
}

// TestDefaultListChangedData checks an embedded list against data whose costs
// changed: the list goes over its budget.
func TestDefaultListChangedData(t *testing.T) {
	ds := listTestData(t, "")
	p, _ := ds.Profile("paladin-3")
	p.Cost += 10
	_, err := LoadDefaultList("kharns-300", ds)
	if want := "data/lists/kharns-300.yaml:11:9: budget: the Spearhead costs 309 Kr, 9 over the budget of 300 Kr (rulebook: Recruitment cost)"; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}

// TestEmbeddedListsApart checks that the profiles' //go:embed data/*.yaml does
// not take in data/lists, whose files are no profile data.
func TestEmbeddedListsApart(t *testing.T) {
	if _, err := fs.Stat(embedded, "data/lists"); err == nil {
		t.Error("the embedded profile data holds data/lists")
	}
	// 21 fighters and the 5 invented casters of data/casters.yaml.
	if n := len(Default().Profiles); n != 26 {
		t.Errorf("%d embedded profiles, want 26", n)
	}
}

func TestMustLoadListsPanics(t *testing.T) {
	defer func() {
		r, _ := recover().(string)
		if !strings.HasPrefix(r, "profiles: embedded list invalid: data/lists/a.yaml:") ||
			!strings.Contains(r, `data/lists/a.yaml:1:1: missing field "budget"`) {
			t.Errorf("panic %q, want profiles: embedded list invalid: ...", r)
		}
	}()
	mustLoadLists(fstest.MapFS{"data/lists/a.yaml": {Data: []byte("name: x\n")}}, Default())
}

// FuzzParseList feeds bytes as a list file: ParseList must never panic, must fail
// only with an Errors whose every entry has a position in the file, and a list it
// accepts must cost no more than its budget and have its leader among its members.
func FuzzParseList(f *testing.F) {
	names, _ := fs.Glob(embeddedLists, listDir+"/*.yaml")
	for _, name := range names {
		data, _ := fs.ReadFile(embeddedLists, name)
		f.Add(data)
	}
	for _, tt := range listTests {
		f.Add([]byte(tt.data))
	}
	f.Add([]byte("members: &m\n  - <<: *m\n"))
	f.Add([]byte("members: [{profile: paladin-3, count: 99, add: [sword, sword, sword]}]\n"))
	f.Add([]byte("name: m\nfaction: gouns\nbudget: 300\nleader: goun-shaman-2\nmembers:\n  - {profile: goun-shaman-2, grimoire: large, spells: [mending-word, spirit-of-the-stone], granted: [bone-splinters], mount: x}\n"))
	f.Add([]byte("name: u\nfaction: kharns\nbudget: 300\nleader: paladin-3\nmembers:\n  - {profile: paladin-3, upgrades: {sword: {edge: {cost: 6}}, shield: {x: {}}}}\n")) // profiles/upgrades.go
	f.Add([]byte("name: p\nfaction: gouns\nbudget: 300\nleader: goun-hunter-1\nmembers:\n  - {profile: goun-hunter-1, ammunition: {bow: {shots: 4, cost: 5, piercing: 2}}}\n"))
	ds := Default()
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := ParseList("f.yaml", data, ds)
		checkErrors(t, err)
		if err != nil {
			return
		}
		if l == nil {
			t.Fatal("nil List with no error")
		}
		if c := l.Cost(ds); c > l.Budget {
			t.Fatalf("accepted a list of %d Kr for a budget of %d", c, l.Budget)
		}
		if len(l.Loadouts(ds)) != l.Size() {
			t.Fatalf("%d loadouts for %d Safars", len(l.Loadouts(ds)), l.Size())
		}
		if !slices.ContainsFunc(l.Members, func(m ListMember) bool { return m.Profile == l.Leader }) {
			t.Fatalf("leader %q is no member", l.Leader)
		}
	})
}
