package profiles

import (
	"strings"
	"testing"
	"testing/fstest"
)

// guardProfiles are invented cards with the variants of skills.md section
// 3, pattern A: a servant who must defend for its leader in the same
// melee; a matron whose people's allies in her zone may defend for her; a
// father who may defend for any ally while in the attacker's zone; a knight
// who may defend for one of two named characters in his zone, with +4.
const guardProfiles = `profiles:
  - id: invented-servant-1
    name: Invented servant
    faction: fangs
    level: 1
    cost: 20
    stats: {V: 3, P: 3, A: 3, C: 3, T: 3, I: 2}
    stature: 3
    ap: 3
    hp: 6
    defends_for:
      - leader: true
        zone: same-melee
        must: true
  - id: invented-matron-2
    name: Invented matron
    faction: fangs
    level: 2
    cost: 60
    stats: {V: 4, P: 4, A: 4, C: 4, T: 5, I: 4}
    stature: 3
    ap: 4
    hp: 10
    defended_by:
      - allies: {factions: [fangs]}
        zone: its-zoc
  - id: invented-father-2
    name: Invented father
    faction: gouns
    level: 2
    cost: 50
    stats: {V: 3, P: 5, A: 3, C: 5, T: 5, I: 3}
    stature: 4
    ap: 4
    hp: 12
    defends_for:
      - allies: all
        zone: attacker-zoc
  - id: invented-knight-3
    name: Invented knight
    faction: kharns
    level: 3
    cost: 110
    stats: {V: 4, P: 5, A: 4, C: 5, T: 6, I: 4}
    stature: 4
    ap: 5
    hp: 12
    defends_for:
      - allies: {profiles: [prince, paladin-3]}
        zone: its-zoc
        bonus: 4
`

// TestGuardDecode checks that defends_for and defended_by (skills.md
// section 3, pattern A) are read with their zones, must and bonus, that
// GuardLinks pairs the Safars of a side in both directions (the leader,
// a selector, all; never a Safar with itself; a list's card_defends_for
// for the members it names), and that a mistake is an error naming the
// file, line, field and the rule broken.
func TestGuardDecode(t *testing.T) {
	ds, err := LoadFS(fstest.MapFS{"a.yaml": {Data: []byte(guardProfiles)}}, "a.yaml")
	if err != nil {
		t.Fatal(err)
	}
	get := func(id string) *Profile {
		p, err := ds.Profile(id)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	servant, matron, father, knight := get("invented-servant-1"), get("invented-matron-2"), get("invented-father-2"), get("invented-knight-3")
	if g := servant.DefendsFor; len(g) != 1 || !g[0].Leader || g[0].Zone != GuardSameMelee || !g[0].Must || g[0].Bonus != 0 || g[0].Pos.Line != 12 {
		t.Errorf("servant %+v", g)
	}
	if g := matron.DefendedBy; len(g) != 1 || g[0].Zone != GuardItsZOC || g[0].Must || !g[0].Allies.Matches(servant) || g[0].Allies.Matches(father) {
		t.Errorf("matron %+v", g)
	}
	if g := father.DefendsFor; len(g) != 1 || !g[0].Allies.All || g[0].Zone != GuardAttackerZOC {
		t.Errorf("father %+v", g)
	}
	prince := &Profile{ID: "prince-3", Faction: Kharns, Level: 3}
	if g := knight.DefendsFor; len(g) != 1 || g[0].Bonus != 4 || !g[0].Allies.Matches(prince) || g[0].Allies.Matches(servant) {
		t.Errorf("knight %+v", g)
	}

	// A side: the matron leads (0), the servant (1), another servant (2),
	// the father (3, a Goûn ally).
	links := GuardLinks([]*Profile{matron, servant, servant, father}, 0, nil)
	type pair struct{ sub, prot int }
	got := map[pair]bool{}
	for _, l := range links {
		if l.Sub == l.Prot {
			t.Errorf("%+v: a Safar standing in for itself", l)
		}
		got[pair{l.Sub, l.Prot}] = true
	}
	for _, w := range []struct {
		p    pair
		want bool
		why  string
	}{
		{pair{1, 0}, true, "a servant for its leader (defends_for, and the matron's defended_by: two links)"},
		{pair{2, 0}, true, "the other servant for its leader"},
		{pair{1, 2}, false, "a servant for a servant: not its leader"},
		{pair{3, 0}, true, "the father for any ally"},
		{pair{3, 1}, true, "the father for any ally"},
		{pair{0, 3}, false, "nobody defends for the father but a card saying so"},
	} {
		if got[w.p] != w.want {
			t.Errorf("link %v: %v, want %v (%s)", w.p, got[w.p], w.want, w.why)
		}
	}
	n := 0
	for _, l := range links {
		if l.Sub == 1 && l.Prot == 0 {
			n++
			if l.ItsIsSub != (l.Rule == &servant.DefendsFor[0]) {
				t.Errorf("link %+v: ItsIsSub for defends_for only", l)
			}
		}
	}
	if n != 2 {
		t.Errorf("servant for matron: %d links, want 2 (its must, her people's option)", n)
	}
	card := []Guard{{By: Selector{Levels: []int{1}}, Allies: Selector{All: true}, Zone: GuardSameMelee, Bonus: 3}}
	links = GuardLinks([]*Profile{knight, knight}, -1, card)
	if len(links) != 0 {
		t.Errorf("a card for level-I members gives knights %d links", len(links))
	}
	// The father's own rule links him to the level-I ally; the card, the
	// level-I ally to the father.
	links = GuardLinks([]*Profile{father, {ID: "x-1", Level: 1}}, -1, card)
	if len(links) != 2 || links[0].Sub != 0 || links[0].Rule != &father.DefendsFor[0] ||
		links[1].Sub != 1 || links[1].Prot != 0 || links[1].Rule != &card[0] || !links[1].ItsIsSub {
		t.Errorf("card links %+v", links)
	}

	for _, tc := range []struct{ from, to, want string }{
		{"zone: its-zoc\n        bonus", "zone: its-zone\n        bonus", `a.yaml:50:15: profiles[invented-knight-3].defends_for[0].zone: unknown zone "its-zone" (did you mean its-zoc?) (known: same-melee, its-zoc, attacker-zoc; skills.md section 3, pattern A)`},
		{"bonus: 4", "bonus: 11", "defends_for[0].bonus: bonus must be from 0 to 10 (added to the substitute's defence), got 11"},
		{"bonus: 4", "bonus: many", "defends_for[0].bonus"},
		{"        zone: attacker-zoc\n", "", `profiles[invented-father-2].defends_for[0]: missing field "zone"`},
		{"      - leader: true\n", "      - must: false\n", `profiles[invented-servant-1].defends_for[0]: missing field "allies" (or leader: true in defends_for)`},
		{"      - allies: {factions: [fangs]}", "      - leader: true", `defended_by[0].leader: leader is read in defends_for only`},
		{"must: true", "must: yes please", "defends_for[0].must"},
		{"allies: all", "allies: {tribes: [gouns]}", `defends_for[0].allies.tribes: unknown field "tribes"`},
		{"        must: true\n", "        must: true\n        by: all\n", `defends_for[0].by: unknown field "by"`},
		{"    defends_for:\n      - allies: all", "    defends_fr:\n      - allies: all", `unknown field "defends_fr" (did you mean defends_for?)`},
	} {
		bad := strings.Replace(guardProfiles, tc.from, tc.to, 1)
		if bad == guardProfiles {
			t.Fatalf("%q not found", tc.from)
		}
		_, err := LoadFS(fstest.MapFS{"a.yaml": {Data: []byte(bad)}}, "a.yaml")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q -> %q: error %v, want %q", tc.from, tc.to, err, tc.want)
		}
	}
}

// TestGuardList checks a list's card_defends_for (skills.md 3.2: "an
// army-wide option to defend for an ally in the same melee with +3"): by
// defaults to all, and a mistake is an error naming the line and field.
func TestGuardList(t *testing.T) {
	data := "name: Shield wall\nfaction: kharns\nbudget: 300\nleader: paladin-3\nmembers:\n  - profile: paladin-3\n  - profile: crown-guard-1\n" +
		"card_defends_for:\n  - allies: all\n    zone: same-melee\n    bonus: 3\n"
	l, err := ParseList("l.yaml", []byte(data), nil)
	if err != nil {
		t.Fatal(err)
	}
	if g := l.CardDefends; len(g) != 1 || !g[0].By.All || !g[0].Allies.All || g[0].Bonus != 3 || g[0].Zone != GuardSameMelee || g[0].Pos.Line != 9 {
		t.Errorf("card_defends_for %+v", g)
	}
	bad := strings.Replace(data, "zone: same-melee", "zone: everywhere", 1)
	if _, err := ParseList("l.yaml", []byte(bad), nil); err == nil || !strings.Contains(err.Error(), `l.yaml:10:11: card_defends_for[0].zone: unknown zone "everywhere"`) {
		t.Errorf("error %v", err)
	}
	bad = strings.Replace(data, "card_defends_for", "card_defend_for", 1)
	if _, err := ParseList("l.yaml", []byte(bad), nil); err == nil || !strings.Contains(err.Error(), `unknown field "card_defend_for" (did you mean card_defends_for?)`) {
		t.Errorf("error %v", err)
	}
}
