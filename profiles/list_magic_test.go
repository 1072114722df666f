package profiles

import (
	"io/fs"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
)

// magicExtra adds spells the default data lacks to test the budgets: a
// shamanism grimoire spell of 3 pages, and a generic spell reserved to the
// Fangs (invented, like the default spells).
const magicExtra = `spells:
  - {id: long-chant, name: Long Chant, kind: grimoire, way: shamanism, pages: 3, target: ally,
     difficulties: [{threshold: 15, effect: morale, text: "invented"}]}
  - {id: fang-howl, name: Fang Howl, kind: generic, reserved_to: [fangs], target: self,
     difficulties: [{threshold: 12, effect: morale, text: "invented"}]}
`

// shamanList is a Goûn list whose one entry (line 6, its profile at 6:14)
// takes the fields appended to it, from line 7.
const shamanList = `name: Magic
faction: gouns
budget: 1000
leader: goun-shaman-2
members:
  - profile: goun-shaman-2
`

// TestListMemberMagic checks the spells and grimoire of a list entry as a
// card's magic is checked: pages (seed 000 line 1475), generic spells at most
// the caster's level (line 1462), the way (line 1466), reservations, and a
// Safar that masters no way; each problem placed at its file:line:col and
// field.
func TestListMemberMagic(t *testing.T) {
	ds := listTestData(t, magicExtra)
	for _, tc := range []struct {
		name, list, want string
	}{
		{"pages", shamanList + "    grimoire: small\n    spells: [spirit-of-the-stone, call-of-the-ancestors, long-chant]\n",
			"t.yaml:8:58: members[0].spells[2]: grimoire spells fill 7 pages, the small grimoire holds 5"},
		{"level budget", shamanList + "    spells: [spark-of-will, mending-word, null-ward]\n",
			"t.yaml:7:43: members[0].spells[2]: generic spells take 3 level(s), a level 2 caster knows at most 2"},
		{"way", shamanList + "    spells: [bone-splinters]\n",
			"t.yaml:7:14: members[0].spells[0]: spell \"bone-splinters\" belongs to the way osteomancy; goun-shaman-2 masters shamanism"},
		{"reservation", shamanList + "    spells: [fang-howl]\n",
			"t.yaml:7:14: members[0].spells[0]: spell \"fang-howl\" is reserved to fangs"},
		{"unknown", shamanList + "    spells: [mending-wort]\n",
			"t.yaml:7:14: members[0].spells[0]: unknown spell \"mending-wort\" (did you mean mending-word"},
		{"twice", shamanList + "    spells: [mending-word, mending-word]\n",
			"t.yaml:7:28: members[0].spells[1]: spell \"mending-word\" listed twice"},
		{"grimoire", shamanList + "    grimoire: huge\n",
			"t.yaml:7:15: members[0].grimoire: unknown grimoire \"huge\""},
		{"no way", strings.Replace(strings.Replace(shamanList, "goun-shaman-2", "paladin-3", 2), "gouns", "kharns", 1) + "    spells: [mending-word]\n",
			"t.yaml:6:5: members[0].spells: paladin-3 masters no way of magic"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseList("t.yaml", []byte(tc.list), ds)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v\nwant an error containing %q", err, tc.want)
			}
		})
	}
}

// TestListMemberMagicCost checks that a list entry's grimoire and spells
// replace the card's, reach the Safar's loadout, and add their Krowns: the
// large grimoire costs 40 Kr, the small one of goun-shaman-2's card 20 (seed
// 000 lines 1475-1478), so the entry costs 20 Kr more than the card.
func TestListMemberMagicCost(t *testing.T) {
	ds := listTestData(t, magicExtra)
	list := shamanList + "    grimoire: large\n    spells: [mending-word, spirit-of-the-stone, call-of-the-ancestors, long-chant]\n"
	l, err := ParseList("t.yaml", []byte(list), ds)
	if err != nil {
		t.Fatal(err)
	}
	card, _ := ds.Profile("goun-shaman-2")
	if got, want := l.Cost(ds), card.Cost+20; got != want {
		t.Errorf("cost %d, want %d (card %d + 40 - 20)", got, want, card.Cost)
	}
	p := l.Loadouts(ds)[0].Profile
	if got := strings.Join(p.Magic.Spells, ","); got != "mending-word,spirit-of-the-stone,call-of-the-ancestors,long-chant" {
		t.Errorf("spells %s", got)
	}
	if p.Magic.Grimoire.ID != "large" || len(p.Magic.Known) != 4 || p.Magic.Known[3] == nil || p.Magic.Known[3].ID != "long-chant" {
		t.Errorf("magic %+v", p.Magic)
	}
	if card.Magic.Grimoire.ID != "small" || len(card.Magic.Spells) != 3 {
		t.Errorf("the card's magic changed: %+v", card.Magic)
	}
	// Without spells or grimoire the entry fields the card as it is.
	l, err = ParseList("t.yaml", []byte(shamanList), ds)
	if err != nil {
		t.Fatal(err)
	}
	if l.Loadouts(ds)[0].Profile != card || l.Cost(ds) != card.Cost {
		t.Errorf("an entry without magic changed the card")
	}
}

// TestListMemberGranted checks that spells a card lets a list choose for free
// (granted:, catalogue.md 3.8 "grant-spell-choice") fill no page: 4 pages of
// spells plus a granted 3-page spell fit a small grimoire of 5, which the same
// 3-page spell among the spells overflows (TestListMemberMagic "pages").
func TestListMemberGranted(t *testing.T) {
	ds := listTestData(t, magicExtra)
	list := shamanList + "    spells: [spirit-of-the-stone, call-of-the-ancestors]\n    granted: [long-chant]\n"
	l, err := ParseList("t.yaml", []byte(list), ds)
	if err != nil {
		t.Fatal(err)
	}
	m := l.Loadouts(ds)[0].Profile.Magic
	if strings.Join(m.Spells, ",") != "spirit-of-the-stone,call-of-the-ancestors,long-chant" || strings.Join(m.Granted, ",") != "long-chant" {
		t.Errorf("spells %v, granted %v", m.Spells, m.Granted)
	}
	_, err = ParseList("t.yaml", []byte(shamanList+"    spells: [long-chant]\n    granted: [long-chant]\n"), ds)
	if want := "t.yaml:8:15: members[0].granted[0]: spell \"long-chant\" listed twice"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("got %v, want %q", err, want)
	}
}

// TestMagicExtraPages checks magic.pages, the extra grimoire pages a card
// gives (catalogue.md 3.8 "spell-pages"): 7 pages of spells fit a small
// grimoire (5, seed 000 line 1475) with 2 extra pages, not with 1.
func TestMagicExtraPages(t *testing.T) {
	seer := func(pages int) string {
		return magicExtra + `profiles:
  - {id: goun-seer-2, name: Seer, faction: gouns, level: 2, cost: 60, limitation: X2,
     stats: {V: 3, P: 3, A: 3, C: 3, T: 3, I: 3}, stature: 3, ap: 4, hp: 8,
     magic: {way: shamanism, grimoire: small, pages: ` + strconv.Itoa(pages) + `,
             spells: [spirit-of-the-stone, call-of-the-ancestors, long-chant]}}
`
	}
	ds := listTestData(t, seer(2))
	if p, err := ds.Profile("goun-seer-2"); err != nil || p.Magic.Pages != 2 {
		t.Fatalf("%v %+v", err, p)
	}
	spells, err := fs.ReadFile(embedded, "data/spells.yaml")
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{"d/zz.yaml": {Data: []byte(seer(1))}, "d/spells.yaml": {Data: spells}}
	_, err = LoadFS(fsys, "d")
	if want := "profiles[goun-seer-2].magic.spells[2]: grimoire spells fill 7 pages, the small grimoire holds 6 (seed 000 line 1475) with the 1 extra page(s) of magic.pages"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("got %v, want %q", err, want)
	}
}
