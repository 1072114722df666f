package profiles

import (
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// TestAuraArmourDecode checks an aura's armour (skills.md 3.2, the Goûn aura
// upgrade's light armour; AuraBuffs.Armour, profiles/auragrants.go), written
// in a list's card_aura_grants: decoded as an armour's protection and boxes
// (R12), worn in the second slot (Stacks); a missing boxes, an unknown key
// (a velocity malus) and a bad protection are errors placed in the list file.
func TestAuraArmourDecode(t *testing.T) {
	data := "name: Upgrade\nfaction: kharns\nbudget: 300\nleader: paladin-3\nmembers:\n  - profile: paladin-3\n  - profile: crown-guard-1\n" +
		"card_aura_grants:\n  - by: {profiles: [paladin-3]}\n    to: all\n    within: aura\n    armour: {protection: 0/7/-1, boxes: 6}\n"
	l, err := ParseList("l.yaml", []byte(data), nil)
	if err != nil {
		t.Fatal(err)
	}
	if g := l.CardAuraGrants; len(g) != 1 || g[0].Grant.Armour == nil || *g[0].Grant.Armour != (ArmourStats{Failure: 0, Threshold: 7, Success: 1, Boxes: 6, Stacks: true}) || !g[0].Grant.Any() {
		t.Fatalf("card_aura_grants %+v", g)
	}
	if n := g0names(l); !strings.Contains(n, "armour -0/7/-1") {
		t.Errorf("names %q", n)
	}
	for _, tc := range []struct{ from, to, want string }{
		{"{protection: 0/7/-1, boxes: 6}", "{protection: 0/7/-1}", `l.yaml:12:13: card_aura_grants[0].armour: missing field "boxes"`},
		{"{protection: 0/7/-1, boxes: 6}", "{protection: 0/7/-1, boxes: 6, velocity_malus: 1}", `card_aura_grants[0].armour.velocity_malus: unknown field "velocity_malus"`},
		{"{protection: 0/7/-1, boxes: 6}", "{protection: 0/11/-1, boxes: 6}", "card_aura_grants[0].armour.protection: armour threshold 11 is outside 1..10"},
	} {
		bad := strings.Replace(data, tc.from, tc.to, 1)
		if _, err := ParseList("l.yaml", []byte(bad), nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q -> %q: error %v, want %q", tc.from, tc.to, err, tc.want)
		}
	}
}

// g0names returns the buff names of l's first card aura grant.
func g0names(l *List) string { return strings.Join(l.CardAuraGrants[0].Grant.Names(), ", ") }

// TestDecodeListCardFieldsNewCards checks that a rules mapping's list: key
// takes the card fields of skills.md 3.2 added on branch cards3c
// (card_crit_drain, card_way_bonus, card_extra_action, card_turn_order, and
// card_aura_grants' armour), decoded as in a list file, with the list
// file's messages placed in the mapping.
func TestDecodeListCardFieldsNewCards(t *testing.T) {
	node := func(s string) *yaml.Node {
		var n yaml.Node
		if err := yaml.Unmarshal([]byte(s), &n); err != nil {
			t.Fatal(err)
		}
		return n.Content[0]
	}
	in := "card_crit_drain: [{by: all}]\ncard_way_bonus: [{by: all, per: ally-not-activated-in-aura}]\ncard_extra_action: [{by: all}]\n" +
		"card_turn_order: [{first_in_round: 1}]\ncard_aura_grants: [{by: all, to: all, within: aura, armour: {protection: 0/7/-1, boxes: 6}}]\n"
	l, keys, err := DecodeListCardFields("m.yaml", node(in), "rules[0].list")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(keys, []string{"card_crit_drain", "card_way_bonus", "card_extra_action", "card_turn_order", "card_aura_grants"}) ||
		len(l.CardCritDrains) != 1 || l.CardCritDrains[0].AP != 3 || len(l.CardWayBonuses) != 1 || len(l.CardExtraActions) != 1 ||
		len(l.CardTurnOrders) != 1 || l.CardTurnOrders[0].FirstInRound != 1 || len(l.CardAuraGrants) != 1 || l.CardAuraGrants[0].Grant.Armour == nil {
		t.Errorf("keys %v, list %+v", keys, l)
	}
	var all List
	all.AddCardFields(l)
	if len(all.CardCritDrains)+len(all.CardWayBonuses)+len(all.CardExtraActions)+len(all.CardTurnOrders) != 4 {
		t.Errorf("AddCardFields left some out: %+v", all)
	}
	if _, _, err := DecodeListCardFields("m.yaml", node("card_crit_drain: [{by: all, ap: 5}]\n"), "rules[0].list"); err == nil ||
		!strings.Contains(err.Error(), "m.yaml:1:33: rules[0].list.card_crit_drain[0].ap: ap must be from 1 to 3 (the AP taken; skills.md 3.2: \"3 AP\")") {
		t.Errorf("error %v", err)
	}
}
