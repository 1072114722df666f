package profiles

import (
	"strings"
	"testing"
	"testing/fstest"
)

const auraProfile = `profiles:
  - id: invented-drummer-2
    name: Invented drummer
    faction: gouns
    level: 2
    cost: 40
    stats: {V: 3, P: 3, A: 3, C: 3, T: 6, I: 4}
    stature: 3
    ap: 5
    hp: 20
    traits: [reed]
    grants_allies:
      - skills: {brutality: 1, cunning: ~}
        to: {traits: [reed], factions: [gouns]}
        increment: true
        at_least: 2
        of: {profiles: [invented-drummer]}
    stat_counts:
      - {stat: T, kind: count, of: {traits: [reed]}}
      - {stat: I, kind: per, of: all, amount: 1}
    morale_auras:
      - to: all
        temerity: 2
        lend_temerity: true
    in_leader_aura: {velocity: 1, pass_terror: true}
`

// TestAuraFields checks that the fields of a card's effects on other Safars
// (grants_allies, stat_counts, morale_auras, in_leader_aura) are read, and
// that a mistake is an error naming the file, line and field.
func TestAuraFields(t *testing.T) {
	ds, err := LoadFS(fstest.MapFS{"a.yaml": {Data: []byte(auraProfile)}}, "a.yaml")
	if err != nil {
		t.Fatal(err)
	}
	p, _ := ds.Profile("invented-drummer-2")
	g := p.AllyGrants
	if len(g) != 1 || len(g[0].Skills) != 2 || !g[0].Increment || g[0].AtLeast != 2 || g[0].To.Factions[0] != Gouns ||
		g[0].Of.Profiles[0] != "invented-drummer" {
		t.Errorf("grants %+v", g)
	}
	if !g[0].Of.Matches(p) || !g[0].To.Matches(p) {
		t.Error("the drummer does not match its own selectors (model invented-drummer, trait reed, faction gouns)")
	}
	if c := p.StatCounts; len(c) != 2 || c[0].Stat != T || c[0].Kind != CountEquals || c[1].Kind != CountPer || c[1].Amount != 1 || !c[1].Of.All {
		t.Errorf("stat counts %+v", c)
	}
	if a := p.MoraleAuras; len(a) != 1 || a[0].Temerity != 2 || !a[0].LendTemerity || !a[0].To.All {
		t.Errorf("morale auras %+v", a)
	}
	if b := p.InLeaderAura; b == nil || b.Velocity != 1 || !b.PassTerror {
		t.Errorf("in leader aura %+v", b)
	}
	for _, tc := range []struct{ from, to, want string }{
		{"kind: count", "kind: counted", `a.yaml:19:25: profiles[invented-drummer-2].stat_counts[0].kind: kind "counted" is not count, max or per`},
		{"temerity: 2", "temerity: 12", "morale_auras[0].temerity: temerity must be from 1 to 9, got 12"},
		{"to: {traits: [reed], factions: [gouns]}", "to: {tribes: [reed]}", `grants_allies[0].to.tribes: unknown field "tribes"`},
		{"of: {profiles: [invented-drummer]}", "of: {}", "grants_allies[0].of: names nobody"},
		{"amount: 1}", "}", `missing field "amount"`},
	} {
		bad := strings.Replace(auraProfile, tc.from, tc.to, 1)
		_, err := LoadFS(fstest.MapFS{"a.yaml": {Data: []byte(bad)}}, "a.yaml")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q -> %q: error %v, want %q", tc.from, tc.to, err, tc.want)
		}
	}
}
