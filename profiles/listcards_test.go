package profiles

import (
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// TestCardCoverList checks a list's card_cover (skills.md 3.2, "a model
// always counted in cover"; profiles/listcards.go): decoded with its
// selector, the bonus 3 by default or as given, its position; a bonus out of
// the cover table's, a missing to and an unknown key are errors placed in
// the list file.
func TestCardCoverList(t *testing.T) {
	data := "name: Shrouded\nfaction: kharns\nbudget: 300\nleader: paladin-3\nmembers:\n  - profile: paladin-3\n  - profile: crown-guard-1\n" +
		"card_cover:\n  - to: {profiles: [crown-guard-1]}\n  - to: all\n    bonus: 1\n"
	l, err := ParseList("l.yaml", []byte(data), nil)
	if err != nil {
		t.Fatal(err)
	}
	c := l.CardCover
	if len(c) != 2 || !slices.Equal(c[0].To.Profiles, []string{"crown-guard-1"}) || c[0].Bonus != DefaultCardCoverBonus || c[0].Pos.Line != 9 || !c[1].To.All || c[1].Bonus != 1 {
		t.Errorf("card_cover %+v", c)
	}
	for _, tc := range []struct{ from, to, want string }{
		{"bonus: 1", "bonus: 4", "l.yaml:11:12: card_cover[1].bonus: bonus must be from 1 to 3 (the cover table's bonuses, seed 000 lines 940-946), got 4"},
		{"  - to: all\n", "  - bonus: 2\n", `l.yaml:10:5: card_cover[1]: missing field "to"`},
		{"bonus: 1", "height: 1", `l.yaml:11:5: card_cover[1].height: unknown field "height"`},
		{"card_cover", "card_covers", `unknown field "card_covers" (did you mean card_cover?)`},
	} {
		bad := strings.Replace(data, tc.from, tc.to, 1)
		if _, err := ParseList("l.yaml", []byte(bad), nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q -> %q: error %v, want %q", tc.from, tc.to, err, tc.want)
		}
	}
}

// TestDecodeListCardFields checks the list card fields a special card's rule
// amounts to in a rules mapping (kharn import catalog --rules, the list:
// key): decoded as in a list file, keys in order; a list field that is not a
// card's, an unknown one, a field given twice and a bad value are errors
// placed in the mapping file, with the list file's messages.
func TestDecodeListCardFields(t *testing.T) {
	node := func(s string) *yaml.Node {
		var n yaml.Node
		if err := yaml.Unmarshal([]byte(s), &n); err != nil {
			t.Fatal(err)
		}
		return n.Content[0]
	}
	l, keys, err := DecodeListCardFields("m.yaml", node("card_cover: [{to: all}]\ncard_defends_for: [{allies: all, zone: same-melee, bonus: 3}]\ncard_grants: [{skills: {cunning: ~}, to: all}]\n"), "rules[0].list")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(keys, []string{"card_cover", "card_defends_for", "card_grants"}) || len(l.CardCover) != 1 || len(l.CardDefends) != 1 || l.CardDefends[0].Bonus != 3 || len(l.CardGrants) != 1 {
		t.Errorf("keys %v, list %+v", keys, l)
	}
	// The mastery dice rules (branch cards3b) through a mapping's list: key.
	l, keys, err = DecodeListCardFields("m.yaml", node("card_mastery_domains: [{to: all, domains: [esoteric]}]\ncard_borrows_mastery: [{by: all}]\ncard_keeps_mastery_on_ch: [{by: all}]\ncard_pushes_damage: [{by: all, to: all, within: 3, roll: 6}]\n"), "rules[0].list")
	if err != nil {
		t.Fatal(err)
	}
	if len(keys) != 4 || len(l.CardMasteryDomains) != 1 || len(l.CardBorrowsMastery) != 1 || len(l.CardKeepsMastery) != 1 || len(l.CardPushesDamage) != 1 {
		t.Errorf("mastery rules: keys %v, list %+v", keys, l)
	}
	if _, _, err := DecodeListCardFields("m.yaml", node("card_pushes_damage: [{by: all, to: all, within: 3, roll: 12}]\n"), "rules[0].list"); err == nil || !strings.Contains(err.Error(), "m.yaml:1:58: rules[0].list.card_pushes_damage[0].roll: roll must be from 2 to 10") {
		t.Errorf("a push's roll of 12: error %v", err)
	}
	for _, tc := range []struct{ in, want string }{
		{"budget: 300\n", "m.yaml:1:1: rules[0].list.budget: budget is the list's own, not a card's; a special card's rule sets only card_grants, card_defends_for, card_cover, card_banners, card_double_damage, card_heroic"},
		{"card_cover: [{to: all, bonus: 0}]\n", "m.yaml:1:31: rules[0].list.card_cover[0].bonus: bonus must be from 1 to 3"},
		{"card_shelter: []\n", `m.yaml:1:1: rules[0].list.card_shelter: unknown field "card_shelter"`},
		{"{}\n", "rules[0].list: want a mapping of list card fields"},
		{"[card_cover]\n", "rules[0].list"},
	} {
		if _, _, err := DecodeListCardFields("m.yaml", node(tc.in), "rules[0].list"); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.in, err, tc.want)
		}
	}
}

// TestCardBannersList checks a list's card_banners (skills.md 3.2, "a banner
// that ... rerolls failed terror and fright tests once";
// profiles/listcards.go): decoded with its selectors and its defence_ap
// (the AP it keeps for defence, skills.md 3.2); a banner that gives nothing,
// a missing bearer, a defence_ap outside 1-2 and an unknown key are errors
// placed in the list file.
func TestCardBannersList(t *testing.T) {
	data := "name: Standard\nfaction: kharns\nbudget: 300\nleader: paladin-3\nmembers:\n  - profile: paladin-3\n  - profile: crown-guard-1\n" +
		"card_banners:\n  - by: {profiles: [paladin-3]}\n    to: {factions: [kharns]}\n    reroll_terror: true\n"
	l, err := ParseList("l.yaml", []byte(data), nil)
	if err != nil {
		t.Fatal(err)
	}
	if b := l.CardBanners; len(b) != 1 || !slices.Equal(b[0].By.Profiles, []string{"paladin-3"}) || !slices.Equal(b[0].To.Factions, []string{"kharns"}) || !b[0].RerollTerror || b[0].Pos.Line != 9 {
		t.Errorf("card_banners %+v", b)
	}
	if b := l.CardBanners; len(b) == 1 && b[0].DefenceAP != 0 {
		t.Errorf("defence_ap %d without the key, want 0", b[0].DefenceAP)
	}
	for _, tc := range []struct {
		from, to string
		reroll   bool
		ap       int
	}{
		{"reroll_terror: true", "reroll_terror: true\n    defence_ap: 1", true, 1},
		{"reroll_terror: true", "defence_ap: 2", false, 2},
		{"reroll_terror: true", "reroll_terror: false\n    defence_ap: 1", false, 1},
		{"reroll_terror: true", "mastery_die: [offensive, defensive]", false, 0},
	} {
		l, err := ParseList("l.yaml", []byte(strings.Replace(data, tc.from, tc.to, 1)), nil)
		if err != nil {
			t.Errorf("%q: %v", tc.to, err)
			continue
		}
		if b := l.CardBanners; len(b) != 1 || b[0].RerollTerror != tc.reroll || b[0].DefenceAP != tc.ap {
			t.Errorf("%q: card_banners %+v, want reroll_terror %v, defence_ap %d", tc.to, b, tc.reroll, tc.ap)
		}
		if b := l.CardBanners; len(b) == 1 && strings.Contains(tc.to, "mastery_die") != slices.Equal(b[0].MasteryDie, []Field{Offensive, Defensive}) {
			t.Errorf("%q: mastery_die %v", tc.to, b[0].MasteryDie)
		}
	}
	for _, tc := range []struct{ from, to, want string }{
		{"reroll_terror: true", "reroll_terror: false", "l.yaml:9:5: card_banners[0]: a banner gives nothing: write reroll_terror: true (a failed terror or fright test rerolled once), defence_ap: 1 (1 AP always kept to defend with) or mastery_die: [FIELDS]"},
		{"  - by: {profiles: [paladin-3]}\n    to:", "  - to:", `card_banners[0]: missing field "by"`},
		{"reroll_terror: true", "defence_ap: 3", "l.yaml:11:17: card_banners[0].defence_ap: defence_ap must be from 1 to 2 AP"},
		{"reroll_terror: true", "defence_ap: 0", "l.yaml:11:17: card_banners[0].defence_ap: defence_ap must be from 1 to 2 AP"},
		{"reroll_terror: true", "defence_ap: one", "l.yaml:11:17: card_banners[0].defence_ap: "},
		{"reroll_terror: true", "mastery_die: 1", "l.yaml:11:18: card_banners[0].mastery_die: "},
		{"reroll_terror: true", "mastery_die: []", "l.yaml:11:18: card_banners[0].mastery_die: want at least one mastery field"},
		{"reroll_terror: true", "mastery_die: [offensive, attack]", `l.yaml:11:30: card_banners[0].mastery_die[1]: unknown mastery field "attack"`},
		{"reroll_terror: true", "mastery_die: [offensive, offensive]", "l.yaml:11:30: card_banners[0].mastery_die[1]: field offensive listed twice"},
		{"reroll_terror: true", "mastery: [offensive]", `l.yaml:11:5: card_banners[0].mastery: unknown field "mastery"`},
	} {
		bad := strings.Replace(data, tc.from, tc.to, 1)
		if _, err := ParseList("l.yaml", []byte(bad), nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q -> %q: error %v, want %q", tc.from, tc.to, err, tc.want)
		}
	}
}

// TestCardDoubleDamageList checks a list's card_double_damage (skills.md
// 3.2, "double damage against poisoned targets"; profiles/listcards.go):
// decoded with its selector and state; an unknown state and a missing field
// are errors placed in the list file.
func TestCardDoubleDamageList(t *testing.T) {
	data := "name: Venom\nfaction: kharns\nbudget: 300\nleader: paladin-3\nmembers:\n  - profile: paladin-3\n  - profile: crown-guard-1\n" +
		"card_double_damage:\n  - by: {profiles: [crown-guard-1]}\n    against: poisoned\n"
	l, err := ParseList("l.yaml", []byte(data), nil)
	if err != nil {
		t.Fatal(err)
	}
	if d := l.CardDoubles; len(d) != 1 || !slices.Equal(d[0].By.Profiles, []string{"crown-guard-1"}) || d[0].Against != DoubleAgainstPoisoned || d[0].Pos.Line != 9 {
		t.Errorf("card_double_damage %+v", d)
	}
	for _, tc := range []struct{ from, to, want string }{
		{"against: poisoned", "against: bleeding", `l.yaml:10:14: card_double_damage[0].against: unknown target state "bleeding" (known: poisoned`},
		{"    against: poisoned\n", "", `card_double_damage[0]: missing field "against"`},
	} {
		bad := strings.Replace(data, tc.from, tc.to, 1)
		if _, err := ParseList("l.yaml", []byte(bad), nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q -> %q: error %v, want %q", tc.from, tc.to, err, tc.want)
		}
	}
}

// TestCardHeroicList checks a list's card_heroic (skills.md 3.2, "Heroic
// attack for a warrior of its people that it made bleed";
// profiles/listcards.go): decoded with its selector and state; an unknown
// state and a missing field are errors placed in the list file.
func TestCardHeroicList(t *testing.T) {
	data := "name: Blood\nfaction: kharns\nbudget: 300\nleader: paladin-3\nmembers:\n  - profile: paladin-3\n  - profile: crown-guard-1\n" +
		"card_heroic:\n  - by: {traits: [guerrier]}\n    against: bleeding-from-it\n"
	l, err := ParseList("l.yaml", []byte(data), nil)
	if err != nil {
		t.Fatal(err)
	}
	if h := l.CardHeroics; len(h) != 1 || !slices.Equal(h[0].By.Traits, []string{"guerrier"}) || h[0].Against != HeroicAgainstItsBleeding || h[0].Pos.Line != 9 {
		t.Errorf("card_heroic %+v", h)
	}
	for _, tc := range []struct{ from, to, want string }{
		{"against: bleeding-from-it", "against: bleeding", `l.yaml:10:14: card_heroic[0].against: unknown target state "bleeding" (known: bleeding-from-it`},
		{"  - by: {traits: [guerrier]}\n    against", "  - against", `card_heroic[0]: missing field "by"`},
	} {
		bad := strings.Replace(data, tc.from, tc.to, 1)
		if _, err := ParseList("l.yaml", []byte(bad), nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q -> %q: error %v, want %q", tc.from, tc.to, err, tc.want)
		}
	}
}

// TestCardAuraGrantsList checks a list's card_aura_grants (skills.md 3.2,
// the Goûn aura upgrades: "+1 stature" for allies in the bearer's aura;
// profiles/listcards.go): an aura_grants entry with by, decoded with its
// selectors, reach and stature buff; a missing by, a stature outside 1-2,
// an entry that gives nothing, an unknown key and an entry that is no
// mapping are errors placed in the list file, with the aura_grants
// messages.
func TestCardAuraGrantsList(t *testing.T) {
	data := "name: Aura\nfaction: kharns\nbudget: 300\nleader: paladin-3\nmembers:\n  - profile: paladin-3\n  - profile: crown-guard-1\n" +
		"card_aura_grants:\n  - by: {profiles: [paladin-3]}\n    to: {levels: [1]}\n    within: aura\n    stature: 1\n"
	l, err := ParseList("l.yaml", []byte(data), nil)
	if err != nil {
		t.Fatal(err)
	}
	if g := l.CardAuraGrants; len(g) != 1 || !slices.Equal(g[0].By.Profiles, []string{"paladin-3"}) || !slices.Equal(g[0].Grant.To.Levels, []int{1}) ||
		g[0].Grant.Within != 0 || g[0].Grant.Stature != 1 || g[0].Grant.Pos.Line != 9 {
		t.Errorf("card_aura_grants %+v", g)
	}
	for _, tc := range []struct{ from, to, want string }{
		{"  - by: {profiles: [paladin-3]}\n    to:", "  - to:", `l.yaml:9:5: card_aura_grants[0]: missing field "by"`},
		{"stature: 1", "stature: 3", "l.yaml:12:14: card_aura_grants[0].stature: stature must be from 1 to 2"},
		{"stature: 1", "height: 1", `l.yaml:12:5: card_aura_grants[0].height: unknown field "height"`},
		{"\n    stature: 1", "", "card_aura_grants[0]: gives nothing"},
		{"    within: aura\n", "", `card_aura_grants[0]: missing field "within"`},
		{"  - by: {profiles: [paladin-3]}\n    to: {levels: [1]}\n    within: aura\n    stature: 1\n", "  - 3\n", "card_aura_grants[0]: "},
	} {
		bad := strings.Replace(data, tc.from, tc.to, 1)
		if _, err := ParseList("l.yaml", []byte(bad), nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q -> %q: error %v, want %q", tc.from, tc.to, err, tc.want)
		}
	}
	// The rules mapping's list: key takes it (DecodeListCardFields).
	var n yaml.Node
	if err := yaml.Unmarshal([]byte("card_aura_grants: [{by: all, to: {factions: [gouns]}, within: aura, stature: 1}]\n"), &n); err != nil {
		t.Fatal(err)
	}
	if l, keys, err := DecodeListCardFields("m.yaml", n.Content[0], "list"); err != nil || !slices.Equal(keys, []string{"card_aura_grants"}) || len(l.CardAuraGrants) != 1 || !l.CardAuraGrants[0].By.All {
		t.Errorf("list: key: %v, %v, %+v", err, keys, l)
	}
}

// TestCardReturnsList checks a list's card_returns (skills.md 3.2, a Goûn
// aura upgrade: "the first Goûn defeated comes back with 1D5 HP";
// profiles/listcards.go): decoded with its selector and dice; a missing
// key, HP that give nothing, a bad dice expression and an unknown key are
// errors placed in the list file.
func TestCardReturnsList(t *testing.T) {
	data := "name: Back\nfaction: kharns\nbudget: 300\nleader: paladin-3\nmembers:\n  - profile: paladin-3\n  - profile: crown-guard-1\n" +
		"card_returns:\n  - to: {factions: [kharns]}\n    hp: 1D5\n"
	l, err := ParseList("l.yaml", []byte(data), nil)
	if err != nil {
		t.Fatal(err)
	}
	if c := l.CardReturns; len(c) != 1 || !slices.Equal(c[0].To.Factions, []string{"kharns"}) || c[0].HP != (Dice{N: 1, Sides: 5}) || c[0].Pos.Line != 9 {
		t.Errorf("card_returns %+v", c)
	}
	for _, tc := range []struct{ from, to, want string }{
		{"    hp: 1D5\n", "", `l.yaml:9:5: card_returns[0]: missing field "hp"`},
		{"hp: 1D5", "hp: 0", "l.yaml:10:9: card_returns[0].hp: hp must give at least 1 HP"},
		{"hp: 1D5", "hp: lots", "l.yaml:10:9: card_returns[0].hp: "},
		{"hp: 1D5", "hp: 1D5\n    once: true", `l.yaml:11:5: card_returns[0].once: unknown field "once"`},
		{"  - to: {factions: [kharns]}\n", "  - ", `card_returns[0]: missing field "to"`},
	} {
		bad := strings.Replace(data, tc.from, tc.to, 1)
		if _, err := ParseList("l.yaml", []byte(bad), nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q -> %q: error %v, want %q", tc.from, tc.to, err, tc.want)
		}
	}
}

// TestCardAPList checks a list's card_steals_ap and card_spell_drain
// (skills.md 3.2, the coin and the staff; profiles/listcards.go): decoded
// with their selector and AP (1 when left out); AP outside 1-3, a missing
// by and an unknown key are errors placed in the list file.
func TestCardAPList(t *testing.T) {
	data := "name: Coin\nfaction: kharns\nbudget: 300\nleader: paladin-3\nmembers:\n  - profile: paladin-3\n  - profile: crown-guard-1\n" +
		"card_steals_ap:\n  - by: {profiles: [paladin-3]}\ncard_spell_drain:\n  - by: all\n    ap: 2\n"
	l, err := ParseList("l.yaml", []byte(data), nil)
	if err != nil {
		t.Fatal(err)
	}
	if s := l.CardStealsAP; len(s) != 1 || !slices.Equal(s[0].By.Profiles, []string{"paladin-3"}) || s[0].AP != 1 || s[0].Pos.Line != 9 {
		t.Errorf("card_steals_ap %+v", s)
	}
	if d := l.CardSpellDrains; len(d) != 1 || !d[0].By.All || d[0].AP != 2 || d[0].Pos.Line != 11 {
		t.Errorf("card_spell_drain %+v", d)
	}
	for _, tc := range []struct{ from, to, want string }{
		{"ap: 2", "ap: 4", "l.yaml:12:9: card_spell_drain[0].ap: ap must be from 1 to 3"},
		{"  - by: {profiles: [paladin-3]}\n", "  - ap: 1\n", `l.yaml:9:5: card_steals_ap[0]: missing field "by"`},
		{"ap: 2", "ap: 2\n    on_cf: 1", `l.yaml:13:5: card_spell_drain[0].on_cf: unknown field "on_cf"`},
	} {
		bad := strings.Replace(data, tc.from, tc.to, 1)
		if _, err := ParseList("l.yaml", []byte(bad), nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q -> %q: error %v, want %q", tc.from, tc.to, err, tc.want)
		}
	}
}

// TestCardOneFactionList checks a list's card_one_faction_support
// (skills.md 3.2, "every model counts as one faction for support";
// profiles/listcards.go): decoded with its selector; a missing to and an
// unknown key are errors placed in the list file.
func TestCardOneFactionList(t *testing.T) {
	data := "name: Free\nfaction: kharns\nbudget: 300\nleader: paladin-3\nmembers:\n  - profile: paladin-3\n  - profile: crown-guard-1\n" +
		"card_one_faction_support:\n  - to: all\n"
	l, err := ParseList("l.yaml", []byte(data), nil)
	if err != nil {
		t.Fatal(err)
	}
	if c := l.CardOneFaction; len(c) != 1 || !c[0].To.All || c[0].Pos.Line != 9 {
		t.Errorf("card_one_faction_support %+v", c)
	}
	for _, tc := range []struct{ from, to, want string }{
		{"  - to: all\n", "  - {}\n", `card_one_faction_support[0]: missing field "to"`},
		{"  - to: all\n", "  - to: all\n    faction: kharns\n", `l.yaml:10:5: card_one_faction_support[0].faction: unknown field "faction"`},
	} {
		bad := strings.Replace(data, tc.from, tc.to, 1)
		if _, err := ParseList("l.yaml", []byte(bad), nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q -> %q: error %v, want %q", tc.from, tc.to, err, tc.want)
		}
	}
}

// TestCardSkipsForList checks a list's card_skips_for_ally (skills.md 3.2,
// the father: "may skip his actions once per turn so that an ally within 3
// toises that already acted recovers 5 AP"; profiles/listcards.go):
// decoded with its selectors, distance and AP; a missing key, a distance
// or AP out of range and an unknown key are errors placed in the list file.
func TestCardSkipsForList(t *testing.T) {
	data := "name: Father\nfaction: kharns\nbudget: 300\nleader: paladin-3\nmembers:\n  - profile: paladin-3\n  - profile: crown-guard-1\n" +
		"card_skips_for_ally:\n  - by: {profiles: [paladin-3]}\n    to: all\n    within: 3\n    ap: 5\n"
	l, err := ParseList("l.yaml", []byte(data), nil)
	if err != nil {
		t.Fatal(err)
	}
	if c := l.CardSkipsFor; len(c) != 1 || !slices.Equal(c[0].By.Profiles, []string{"paladin-3"}) || !c[0].To.All || c[0].Within != 3 || c[0].AP != 5 || c[0].Pos.Line != 9 {
		t.Errorf("card_skips_for_ally %+v", c)
	}
	for _, tc := range []struct{ from, to, want string }{
		{"    ap: 5\n", "", `l.yaml:9:5: card_skips_for_ally[0]: missing field "ap"`},
		{"ap: 5", "ap: 8", "l.yaml:12:9: card_skips_for_ally[0].ap: ap must be from 1 to 7"},
		{"within: 3", "within: 40", "l.yaml:11:13: card_skips_for_ally[0].within: within must be a distance from 0.5 to 30 toises"},
		{"ap: 5", "ap: 5\n    once: turn", `l.yaml:13:5: card_skips_for_ally[0].once: unknown field "once"`},
	} {
		bad := strings.Replace(data, tc.from, tc.to, 1)
		if _, err := ParseList("l.yaml", []byte(bad), nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q -> %q: error %v, want %q", tc.from, tc.to, err, tc.want)
		}
	}
}

// TestCardMasteryList checks a list's mastery dice card fields (skills.md
// 3.2: "one extra domain on a mastery die per order bought; use of every
// ally's mastery dice anywhere, a die not spent on a CH, and a 6+ on a d10
// to push its damage onto an ally within 3 toises"; profiles/listcards.go):
// decoded with their selectors and values, every mistake an error placed in
// the list file.
func TestCardMasteryList(t *testing.T) {
	data := "name: Orders\nfaction: kharns\nbudget: 300\nleader: paladin-3\nmembers:\n  - profile: paladin-3\n  - profile: crown-guard-1\n" +
		"card_mastery_domains:\n  - to: {profiles: [crown-guard-1]}\n    domains: [shooting, defensive]\n" +
		"card_borrows_mastery:\n  - by: {profiles: [paladin-3]}\n" +
		"card_keeps_mastery_on_ch:\n  - by: {profiles: [paladin-3]}\n" +
		"card_pushes_damage:\n  - by: {profiles: [paladin-3]}\n    to: {levels: [1]}\n    within: 3\n    roll: 6\n"
	l, err := ParseList("l.yaml", []byte(data), nil)
	if err != nil {
		t.Fatal(err)
	}
	if c := l.CardMasteryDomains; len(c) != 1 || !slices.Equal(c[0].To.Profiles, []string{"crown-guard-1"}) || !slices.Equal(c[0].Domains, []Field{Shooting, Defensive}) || c[0].Pos.Line != 9 {
		t.Errorf("card_mastery_domains %+v", c)
	}
	if c := l.CardBorrowsMastery; len(c) != 1 || !slices.Equal(c[0].By.Profiles, []string{"paladin-3"}) || !c[0].From.All || c[0].Pos.Line != 12 {
		t.Errorf("card_borrows_mastery %+v (from: all when left out)", c)
	}
	if c := l.CardKeepsMastery; len(c) != 1 || !slices.Equal(c[0].By.Profiles, []string{"paladin-3"}) || c[0].Pos.Line != 14 {
		t.Errorf("card_keeps_mastery_on_ch %+v", c)
	}
	if c := l.CardPushesDamage; len(c) != 1 || !slices.Equal(c[0].By.Profiles, []string{"paladin-3"}) || !slices.Equal(c[0].To.Levels, []int{1}) || c[0].Within != 3 || c[0].From != 6 || c[0].Pos.Line != 16 {
		t.Errorf("card_pushes_damage %+v", c)
	}
	from := "  - by: {profiles: [paladin-3]}\ncard_keeps"
	if l, err := ParseList("l.yaml", []byte(strings.Replace(data, from, "  - by: {profiles: [paladin-3]}\n    from: {levels: [1]}\ncard_keeps", 1)), nil); err != nil || len(l.CardBorrowsMastery) != 1 || l.CardBorrowsMastery[0].From.All || !slices.Equal(l.CardBorrowsMastery[0].From.Levels, []int{1}) {
		t.Errorf("card_borrows_mastery with from: %v", err)
	}
	for _, tc := range []struct{ from, to, want string }{
		{"domains: [shooting, defensive]", "domains: []", "l.yaml:10:14: card_mastery_domains[0].domains: want at least one mastery field, one per order bought"},
		{"domains: [shooting, defensive]", "domains: [archery]", `l.yaml:10:15: card_mastery_domains[0].domains[0]: unknown mastery field "archery"`},
		{"    domains: [shooting, defensive]\n", "", `l.yaml:9:5: card_mastery_domains[0]: missing field "domains"`},
		{"domains: [shooting, defensive]", "domains: [shooting]\n    dice: 2", `l.yaml:11:5: card_mastery_domains[0].dice: unknown field "dice"`},
		{from, "  - from: all\ncard_keeps", `l.yaml:12:5: card_borrows_mastery[0]: missing field "by"`},
		{from, "  - by: {profiles: [paladin-3]}\n    range: 3\ncard_keeps", `l.yaml:13:5: card_borrows_mastery[0].range: unknown field "range"`},
		{"card_keeps_mastery_on_ch:\n  - by: {profiles: [paladin-3]}\n", "card_keeps_mastery_on_ch:\n  - {}\n", `l.yaml:14:5: card_keeps_mastery_on_ch[0]: missing field "by"`},
		{"roll: 6", "roll: 11", "l.yaml:19:11: card_pushes_damage[0].roll: roll must be from 2 to 10"},
		{"roll: 6", "roll: 1", "l.yaml:19:11: card_pushes_damage[0].roll: roll must be from 2 to 10"},
		{"within: 3", "within: 0", "l.yaml:18:13: card_pushes_damage[0].within: within must be a distance from 0.5 to 30 toises"},
		{"    roll: 6\n", "", `l.yaml:16:5: card_pushes_damage[0]: missing field "roll"`},
		{"    to: {levels: [1]}\n", "", `l.yaml:16:5: card_pushes_damage[0]: missing field "to"`},
	} {
		bad := strings.Replace(data, tc.from, tc.to, 1)
		if bad == data {
			t.Fatalf("%q not in the list", tc.from)
		}
		if _, err := ParseList("l.yaml", []byte(bad), nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q -> %q: error %v, want %q", tc.from, tc.to, err, tc.want)
		}
	}
}

// TestCardBeastsList checks a list's card_beasts (skills.md 3.2, the beast:
// "gives +4 support to its mistress, may make one free leap into her melee
// and acts in her activation"; profiles/listcards.go): decoded with its
// selectors and its three rules; a missing key, a value out of range, a
// leap without free_leaps, an entry that gives nothing and an unknown key
// are errors placed in the list file.
func TestCardBeastsList(t *testing.T) {
	data := "name: Beast\nfaction: kharns\nbudget: 300\nleader: paladin-3\nmembers:\n  - profile: paladin-3\n  - profile: crown-guard-1\n" +
		"card_beasts:\n  - by: {profiles: [crown-guard-1]}\n    mistress: {profiles: [paladin-3]}\n    support: 4\n    free_leaps: 1\n    leap: 6\n    activates_with_mistress: true\n"
	l, err := ParseList("l.yaml", []byte(data), nil)
	if err != nil {
		t.Fatal(err)
	}
	if c := l.CardBeasts; len(c) != 1 || !slices.Equal(c[0].By.Profiles, []string{"crown-guard-1"}) || !slices.Equal(c[0].Mistress.Profiles, []string{"paladin-3"}) ||
		c[0].Support != 4 || c[0].FreeLeaps != 1 || c[0].Leap != 6 || !c[0].WithMistress || c[0].Pos.Line != 9 {
		t.Errorf("card_beasts %+v", c)
	}
	for _, tc := range []struct{ from, to, want string }{
		{"    mistress: {profiles: [paladin-3]}\n", "", `l.yaml:9:5: card_beasts[0]: missing field "mistress"`},
		{"support: 4", "support: 1", "l.yaml:11:14: card_beasts[0].support: support must be from 2 to 6"},
		{"free_leaps: 1", "free_leaps: 0", "l.yaml:12:17: card_beasts[0].free_leaps: free_leaps must be from 1 to 3"},
		{"leap: 6", "leap: 31", "l.yaml:13:11: card_beasts[0].leap: leap must be a distance from 0.5 to 30 toises"},
		{"    free_leaps: 1\n", "", "l.yaml:9:5: card_beasts[0].leap: leap is the length of its free leaps: write free_leaps: 1 too"},
		{"    support: 4\n    free_leaps: 1\n    leap: 6\n    activates_with_mistress: true\n", "    activates_with_mistress: false\n", "l.yaml:9:5: card_beasts[0]: a beast's card gives nothing"},
		{"activates_with_mistress: true", "activates_with_mistress: yes please", "card_beasts[0].activates_with_mistress: "},
		{"leap: 6", "leap: 6\n    once: battle", `l.yaml:14:5: card_beasts[0].once: unknown field "once"`},
	} {
		bad := strings.Replace(data, tc.from, tc.to, 1)
		if _, err := ParseList("l.yaml", []byte(bad), nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q -> %q: error %v, want %q", tc.from, tc.to, err, tc.want)
		}
	}
}

// TestCardSharedSkillsList checks a list's card_shared_skills (skills.md
// 3.2: "a leader who shares the brothers' skills among all of them";
// profiles/listcards.go): decoded with its selector; a missing to and an
// unknown key are errors placed in the list file.
func TestCardSharedSkillsList(t *testing.T) {
	data := "name: Brothers\nfaction: kharns\nbudget: 300\nleader: paladin-3\nmembers:\n  - profile: paladin-3\n  - profile: crown-guard-1\n" +
		"card_shared_skills:\n  - to: {profiles: [paladin-3, crown-guard-1]}\n"
	l, err := ParseList("l.yaml", []byte(data), nil)
	if err != nil {
		t.Fatal(err)
	}
	if c := l.CardSharedSkills; len(c) != 1 || !slices.Equal(c[0].To.Profiles, []string{"paladin-3", "crown-guard-1"}) || c[0].Pos.Line != 9 {
		t.Errorf("card_shared_skills %+v", c)
	}
	for _, tc := range []struct{ from, to, want string }{
		{"  - to: {profiles: [paladin-3, crown-guard-1]}\n", "  - {}\n", `l.yaml:9:5: card_shared_skills[0]: missing field "to"`},
		{"crown-guard-1]}\n", "crown-guard-1]}\n    by: all\n", `l.yaml:10:5: card_shared_skills[0].by: unknown field "by"`},
		{"to: {profiles: [paladin-3, crown-guard-1]}", "to: 3", "card_shared_skills[0].to: "},
	} {
		bad := strings.Replace(data, tc.from, tc.to, 1)
		if _, err := ParseList("l.yaml", []byte(bad), nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q -> %q: error %v, want %q", tc.from, tc.to, err, tc.want)
		}
	}
}

// TestCardReturnsInAllyList checks a list's card_returns_in_ally (skills.md
// 3.2: "the Fang matriarch coming back in the nearest allied female Fang
// when defeated"; profiles/listcards.go): decoded with its selectors; a
// missing key and an unknown key are errors placed in the list file.
func TestCardReturnsInAllyList(t *testing.T) {
	data := "name: Matriarch\nfaction: kharns\nbudget: 300\nleader: paladin-3\nmembers:\n  - profile: paladin-3\n  - profile: crown-guard-1\n" +
		"card_returns_in_ally:\n  - to: {profiles: [paladin-3]}\n    into: {levels: [1]}\n"
	l, err := ParseList("l.yaml", []byte(data), nil)
	if err != nil {
		t.Fatal(err)
	}
	if c := l.CardReturnsInAlly; len(c) != 1 || !slices.Equal(c[0].To.Profiles, []string{"paladin-3"}) || !slices.Equal(c[0].Into.Levels, []int{1}) || c[0].Pos.Line != 9 {
		t.Errorf("card_returns_in_ally %+v", c)
	}
	for _, tc := range []struct{ from, to, want string }{
		{"    into: {levels: [1]}\n", "", `l.yaml:9:5: card_returns_in_ally[0]: missing field "into"`},
		{"into: {levels: [1]}", "into: {levels: [1]}\n    hp: 1D5", `l.yaml:11:5: card_returns_in_ally[0].hp: unknown field "hp"`},
		{"into: {levels: [1]}", "into: {levels: [4]}", "card_returns_in_ally[0].into"},
	} {
		bad := strings.Replace(data, tc.from, tc.to, 1)
		if _, err := ParseList("l.yaml", []byte(bad), nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q -> %q: error %v, want %q", tc.from, tc.to, err, tc.want)
		}
	}
}

// TestDecodeListCardFieldsCompanions checks that a rules mapping's list:
// key (DecodeListCardFields) takes the companions' card fields of
// skills.md 3.2 (card_beasts, card_shared_skills, card_returns_in_ally),
// with positioned errors, and that AddCardFields carries them into a list.
func TestDecodeListCardFieldsCompanions(t *testing.T) {
	var n yaml.Node
	in := "card_beasts: [{by: {traits: [guerrier]}, mistress: {levels: [3]}, support: 4}]\ncard_shared_skills: [{to: all}]\ncard_returns_in_ally: [{to: {levels: [3]}, into: {levels: [1]}}]\n"
	if err := yaml.Unmarshal([]byte(in), &n); err != nil {
		t.Fatal(err)
	}
	l, keys, err := DecodeListCardFields("m.yaml", n.Content[0], "rules[0].list")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(keys, []string{"card_beasts", "card_shared_skills", "card_returns_in_ally"}) || len(l.CardBeasts) != 1 || l.CardBeasts[0].Support != 4 || len(l.CardSharedSkills) != 1 || len(l.CardReturnsInAlly) != 1 {
		t.Errorf("keys %v, list %+v", keys, l)
	}
	var to List
	to.AddCardFields(l)
	if len(to.CardBeasts) != 1 || len(to.CardSharedSkills) != 1 || len(to.CardReturnsInAlly) != 1 {
		t.Errorf("AddCardFields: %+v", to)
	}
	var bad yaml.Node
	if err := yaml.Unmarshal([]byte("card_beasts: [{by: all, mistress: all, support: 9}]\n"), &bad); err != nil {
		t.Fatal(err)
	}
	if _, _, err := DecodeListCardFields("m.yaml", bad.Content[0], "rules[0].list"); err == nil || !strings.Contains(err.Error(), "m.yaml:1:49: rules[0].list.card_beasts[0].support: support must be from 2 to 6") {
		t.Errorf("error %v", err)
	}
}

// TestCardCritDrainList checks a list's card_crit_drain (skills.md 3.2, the
// staff's "3 AP instead of the CH bonus in combat"; profiles/listcards.go):
// decoded with its selector, ap 3 when left out; an ap outside 1-3, a
// missing by and an unknown key are errors placed in the list file.
func TestCardCritDrainList(t *testing.T) {
	data := "name: Staff\nfaction: kharns\nbudget: 300\nleader: paladin-3\nmembers:\n  - profile: paladin-3\n  - profile: crown-guard-1\n" +
		"card_crit_drain:\n  - by: {profiles: [paladin-3]}\n  - by: all\n    ap: 2\n"
	l, err := ParseList("l.yaml", []byte(data), nil)
	if err != nil {
		t.Fatal(err)
	}
	if c := l.CardCritDrains; len(c) != 2 || !slices.Equal(c[0].By.Profiles, []string{"paladin-3"}) || DefaultCardCritDrainAP != 3 || c[0].AP != 3 || c[0].Pos.Line != 9 || !c[1].By.All || c[1].AP != 2 {
		t.Errorf("card_crit_drain %+v", c)
	}
	for _, tc := range []struct{ from, to, want string }{
		{"ap: 2", "ap: 4", "l.yaml:11:9: card_crit_drain[1].ap: ap must be from 1 to 3"},
		{"  - by: {profiles: [paladin-3]}\n", "  - ap: 3\n", `l.yaml:9:5: card_crit_drain[0]: missing field "by"`},
		{"ap: 2", "ap: 2\n    shots: true", `l.yaml:12:5: card_crit_drain[1].shots: unknown field "shots"`},
	} {
		bad := strings.Replace(data, tc.from, tc.to, 1)
		if _, err := ParseList("l.yaml", []byte(bad), nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q -> %q: error %v, want %q", tc.from, tc.to, err, tc.want)
		}
	}
}

// TestCardWayBonusList checks a list's card_way_bonus (skills.md 3.2, the
// Affranchis casters' "+1 per ally not yet activated in their aura";
// profiles/listcards.go): decoded with its selector and count; an unknown
// count, a missing per or by and an unknown key are errors placed in the
// list file.
func TestCardWayBonusList(t *testing.T) {
	data := "name: Free\nfaction: kharns\nbudget: 300\nleader: paladin-3\nmembers:\n  - profile: paladin-3\n  - profile: crown-guard-1\n" +
		"card_way_bonus:\n  - by: {factions: [kharns]}\n    per: ally-not-activated-in-aura\n"
	l, err := ParseList("l.yaml", []byte(data), nil)
	if err != nil {
		t.Fatal(err)
	}
	if c := l.CardWayBonuses; len(c) != 1 || !slices.Equal(c[0].By.Factions, []string{"kharns"}) || c[0].Per != WayBonusPerUnactivatedAlly || c[0].Pos.Line != 9 {
		t.Errorf("card_way_bonus %+v", c)
	}
	for _, tc := range []struct{ from, to, want string }{
		{"per: ally-not-activated-in-aura", "per: enemy-in-aura", `l.yaml:10:10: card_way_bonus[0].per: unknown count "enemy-in-aura" (known: ally-not-activated-in-aura`},
		{"    per: ally-not-activated-in-aura\n", "", `l.yaml:9:5: card_way_bonus[0]: missing field "per"`},
		{"  - by: {factions: [kharns]}\n", "  - to: all\n", `l.yaml:9:5: card_way_bonus[0].to: unknown field "to"`},
	} {
		bad := strings.Replace(data, tc.from, tc.to, 1)
		if _, err := ParseList("l.yaml", []byte(bad), nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q -> %q: error %v, want %q", tc.from, tc.to, err, tc.want)
		}
	}
}

// TestCardExtraActionList checks a list's card_extra_action (skills.md 3.2,
// the sister's "one extra action during another model's activation, once
// per game each"; profiles/listcards.go): decoded with its selector; a
// missing by and an unknown key are errors placed in the list file.
func TestCardExtraActionList(t *testing.T) {
	data := "name: Sisters\nfaction: kharns\nbudget: 300\nleader: paladin-3\nmembers:\n  - profile: paladin-3\n  - profile: crown-guard-1\n" +
		"card_extra_action:\n  - by: {profiles: [crown-guard-1]}\n"
	l, err := ParseList("l.yaml", []byte(data), nil)
	if err != nil {
		t.Fatal(err)
	}
	if c := l.CardExtraActions; len(c) != 1 || !slices.Equal(c[0].By.Profiles, []string{"crown-guard-1"}) || c[0].Pos.Line != 9 {
		t.Errorf("card_extra_action %+v", c)
	}
	for _, tc := range []struct{ from, to, want string }{
		{"  - by: {profiles: [crown-guard-1]}\n", "  - {}\n", `l.yaml:9:5: card_extra_action[0]: missing field "by"`},
		{"  - by: {profiles: [crown-guard-1]}\n", "  - by: all\n    per_turn: 1\n", `l.yaml:10:5: card_extra_action[0].per_turn: unknown field "per_turn"`},
	} {
		bad := strings.Replace(data, tc.from, tc.to, 1)
		if _, err := ParseList("l.yaml", []byte(bad), nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q -> %q: error %v, want %q", tc.from, tc.to, err, tc.want)
		}
	}
}

// TestCardTurnOrderList checks a list's card_turn_order (skills.md 3.2,
// "choice of table edge, restarting a turn first"; profiles/listcards.go):
// decoded with its two keys; a card that gives nothing, a first_in_round
// outside 1-6, a choose_edge that is no bool and an unknown key are errors
// placed in the list file.
func TestCardTurnOrderList(t *testing.T) {
	data := "name: Bounds\nfaction: kharns\nbudget: 300\nleader: paladin-3\nmembers:\n  - profile: paladin-3\n  - profile: crown-guard-1\n" +
		"card_turn_order:\n  - choose_edge: true\n    first_in_round: 1\n"
	l, err := ParseList("l.yaml", []byte(data), nil)
	if err != nil {
		t.Fatal(err)
	}
	if c := l.CardTurnOrders; len(c) != 1 || !c[0].ChooseEdge || c[0].FirstInRound != 1 || c[0].Pos.Line != 9 {
		t.Errorf("card_turn_order %+v", c)
	}
	for _, tc := range []struct{ from, to, want string }{
		{"  - choose_edge: true\n    first_in_round: 1\n", "  - choose_edge: false\n", "l.yaml:9:5: card_turn_order[0]: a turn order card gives nothing"},
		{"first_in_round: 1", "first_in_round: 7", "l.yaml:10:21: card_turn_order[0].first_in_round: first_in_round must be from 1 to 6"},
		{"choose_edge: true", "choose_edge: far", "l.yaml:9:18: card_turn_order[0].choose_edge"},
		{"choose_edge: true", "choose_edge: true\n    edge: far", `l.yaml:10:5: card_turn_order[0].edge: unknown field "edge"`},
	} {
		bad := strings.Replace(data, tc.from, tc.to, 1)
		if _, err := ParseList("l.yaml", []byte(bad), nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q -> %q: error %v, want %q", tc.from, tc.to, err, tc.want)
		}
	}
}
