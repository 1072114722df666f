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
	} {
		l, err := ParseList("l.yaml", []byte(strings.Replace(data, tc.from, tc.to, 1)), nil)
		if err != nil {
			t.Errorf("%q: %v", tc.to, err)
			continue
		}
		if b := l.CardBanners; len(b) != 1 || b[0].RerollTerror != tc.reroll || b[0].DefenceAP != tc.ap {
			t.Errorf("%q: card_banners %+v, want reroll_terror %v, defence_ap %d", tc.to, b, tc.reroll, tc.ap)
		}
	}
	for _, tc := range []struct{ from, to, want string }{
		{"reroll_terror: true", "reroll_terror: false", "l.yaml:9:5: card_banners[0]: a banner gives nothing: write reroll_terror: true (a failed terror or fright test rerolled once) or defence_ap: 1"},
		{"  - by: {profiles: [paladin-3]}\n    to:", "  - to:", `card_banners[0]: missing field "by"`},
		{"reroll_terror: true", "defence_ap: 3", "l.yaml:11:17: card_banners[0].defence_ap: defence_ap must be from 1 to 2 AP"},
		{"reroll_terror: true", "defence_ap: 0", "l.yaml:11:17: card_banners[0].defence_ap: defence_ap must be from 1 to 2 AP"},
		{"reroll_terror: true", "defence_ap: one", "l.yaml:11:17: card_banners[0].defence_ap: "},
		{"reroll_terror: true", "mastery_die: 1", `l.yaml:11:5: card_banners[0].mastery_die: unknown field "mastery_die"`},
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
