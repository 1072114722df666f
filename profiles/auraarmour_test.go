package profiles

import (
	"strings"
	"testing"
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
