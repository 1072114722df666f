package profiles

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

const auraGrantProfile = `profiles:
  - id: invented-drummer-2
    name: Invented drummer
    faction: gouns
    level: 2
    cost: 40
    stats: {V: 3, P: 3, A: 3, C: 3, T: 6, I: 4}
    stature: 3
    ap: 5
    hp: 20
    aura_grants:
      - skills: {brutality: 1}
        to: {traits: [warrior], factions: [gouns]}
        within: aura
      - skills: {brutal charge: 1}
        to: {factions: [gouns]}
        within: 5
        increment: true
      - skills: {heroic: defensive}
        to: {levels: [1]}
        within: aura
`

// TestAuraGrants checks that aura_grants (skills.md section 3, pattern D) are
// read, that WithAuraGrants adds or increments the skills, and that a
// mistake is an error naming the file, line, field and the allowed values.
func TestAuraGrants(t *testing.T) {
	ds, err := LoadFS(fstest.MapFS{"a.yaml": {Data: []byte(auraGrantProfile)}}, "a.yaml")
	if err != nil {
		t.Fatal(err)
	}
	p, _ := ds.Profile("invented-drummer-2")
	g := p.AuraGrants
	if len(g) != 3 || !slices.Equal(g[2].To.Levels, []int{1}) || !g[2].To.Matches(&Profile{Level: 1}) || g[2].To.Matches(&Profile{Level: 2}) || g[0].Within != 0 || g[0].Radius(4) != 4 || g[1].Within != 5 || g[1].Radius(4) != 5 || !g[1].Increment || g[0].Increment ||
		g[0].Skills[0].Name != SkillBrutality || g[0].Skills[0].Value != 1 || g[0].To.Traits[0] != "warrior" {
		t.Fatalf("aura grants %+v", g)
	}
	ally := &Profile{ID: "ally-1", Faction: Gouns, Skills: []Skill{{Name: SkillBrutalCharge, Value: 2}, {Name: SkillBrutality, Value: 2}}}
	got := WithAuraGrants(ally, []*AuraGrant{&g[0], &g[1]})
	if got == ally || len(ally.Skills) != 2 || ally.Skills[0].Value != 2 {
		t.Fatalf("WithAuraGrants changed its argument: %+v", ally.Skills)
	}
	// Brutal charge 2 + 1 (increment); Brutality max(2, 1).
	if sk, _ := got.Skill(SkillBrutalCharge); sk.Value != 3 {
		t.Errorf("brutal charge %d, want 2+1", sk.Value)
	}
	if sk, _ := got.Skill(SkillBrutality); sk.Value != 2 {
		t.Errorf("brutality %d, want the higher of 2 and 1", sk.Value)
	}
	if WithAuraGrants(ally, nil) != ally {
		t.Error("no grant: want the profile itself")
	}
	for _, tc := range []struct{ from, to, want string }{
		{"within: 5", "within: 50", "a.yaml:17:17: profiles[invented-drummer-2].aura_grants[1].within: within must be aura (the card's I toises) or a distance from 0.5 to 30 toises, got 50"},
		{"within: 5", "within: near", "aura_grants[1].within: within must be aura"},
		{"        within: aura\n", "", `aura_grants[0]: missing field "within"`},
		{"{brutality: 1}", "{ambush: ~}", `aura_grants[0].skills: an aura cannot grant "ambush": only skills of class EXCHANGE and brutal charge`},
		{"{brutality: 1}", "{}", "aura_grants[0].skills: must give at least one skill"},
		{"to: {factions: [gouns]}", "to: {tribes: [gouns]}", `aura_grants[1].to.tribes: unknown field "tribes"`},
		{"increment: true", "incremented: true", `aura_grants[1].incremented: unknown field "incremented"`},
		{"levels: [1]", "levels: [4]", "aura_grants[2].to.levels[0]: a level is from 1 to 3, got 4"},
	} {
		bad := strings.Replace(auraGrantProfile, tc.from, tc.to, 1)
		_, err := LoadFS(fstest.MapFS{"a.yaml": {Data: []byte(bad)}}, "a.yaml")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q -> %q: error %v, want %q", tc.from, tc.to, err, tc.want)
		}
	}
}

const auraBuffProfile = `profiles:
  - id: invented-captain-2
    name: Invented captain
    faction: gouns
    level: 2
    cost: 40
    stats: {V: 3, P: 3, A: 3, C: 3, T: 6, I: 4}
    stature: 3
    ap: 5
    hp: 20
    aura_grants:
      - to: {factions: [gouns]}
        within: aura
        shot_stature: true
      - to: all
        within: aura
        defence_reroll: true
        free_v_after_failed_defence: true
      - skills: {brutality: 1}
        to: {traits: [warrior]}
        within: 3
        daze_on_crit: true
        d10_once_per_turn: true
`

// TestAuraBuffs checks that the buffs of pattern D that are no skill
// (skills.md section 3, D: stature on shots, a free reroll per defence,
// daze on a CH, a free V effect after a failed defence, +1D10 once per
// turn) are read from aura_grants, alone or beside skills, and that
// a mistake is an error naming the file, line, field and the rule broken.
func TestAuraBuffs(t *testing.T) {
	ds, err := LoadFS(fstest.MapFS{"a.yaml": {Data: []byte(auraBuffProfile)}}, "a.yaml")
	if err != nil {
		t.Fatal(err)
	}
	p, _ := ds.Profile("invented-captain-2")
	g := p.AuraGrants
	if len(g) != 3 || g[0].AuraBuffs != (AuraBuffs{ShotStature: true}) || g[1].AuraBuffs != (AuraBuffs{DefenceReroll: true, FreeVAfterFailedDefence: true}) ||
		g[2].AuraBuffs != (AuraBuffs{DazeOnCrit: true, D10OncePerTurn: true}) || len(g[0].Skills) != 0 || len(g[2].Skills) != 1 || !g[1].To.All || g[2].Within != 3 {
		t.Fatalf("aura grants %+v", g)
	}
	if b := g[0].Or(g[1].AuraBuffs).Or(g[1].AuraBuffs); b != (AuraBuffs{ShotStature: true, DefenceReroll: true, FreeVAfterFailedDefence: true}) ||
		!slices.Equal(b.Names(), []string{"shot_stature", "defence_reroll", "free_v_after_failed_defence"}) {
		t.Errorf("buffs together %+v (%v): identical ones do not stack", b, b.Names())
	}
	ally := &Profile{ID: "ally-1", Faction: Gouns, Stature: 2}
	if got := WithAuraGrants(ally, []*AuraGrant{&g[0]}); got == ally || len(got.Skills) != 0 || got.Stature != 2 {
		t.Errorf("WithAuraGrants of a buff alone: want a copy with no skill, got %+v", got)
	}
	// The Goûn aura upgrade's stature (skills.md 3.2, "+1 stature"): the
	// best of the grants holding, not their sum; the card itself untouched.
	tall, taller := AuraGrant{AuraBuffs: AuraBuffs{Stature: 1}}, AuraGrant{AuraBuffs: AuraBuffs{Stature: 2}}
	if got := WithAuraGrants(ally, []*AuraGrant{&tall, &taller, &tall}); got.Stature != 4 || ally.Stature != 2 {
		t.Errorf("stature in two stature auras: %d (card %d), want 4 (2)", got.Stature, ally.Stature)
	}
	if b := tall.Or(taller.AuraBuffs); b.Stature != 2 || !b.Any() || !slices.Equal(b.Names(), []string{"stature +2"}) {
		t.Errorf("stature buffs together %+v (%v)", b, b.Names())
	}
	for _, tc := range []struct{ from, to, want string }{
		{"shot_stature: true", "shot_stature: 2", "a.yaml:14:23: profiles[invented-captain-2].aura_grants[0].shot_stature: want true or false"},
		{"shot_stature: true", "shot_stature: false", "a.yaml:12:9: profiles[invented-captain-2].aura_grants[0]: gives nothing: want skills, or a buff set to true (shot_stature, defence_reroll, daze_on_crit, free_v_after_failed_defence, d10_once_per_turn) or stature: N (skills.md section 3, pattern D and 3.2)"},
		{"d10_once_per_turn: true", "stature: 3", "aura_grants[2].stature: stature must be from 1 to 2"},
		{"d10_once_per_turn: true", "stature: tall", "aura_grants[2].stature: "},
		{"defence_reroll: true", "defense_reroll: true", `aura_grants[1].defense_reroll: unknown field "defense_reroll"`},
		{"daze_on_crit: true", "daze_on_crit: yes please", "aura_grants[2].daze_on_crit: want true or false"},
		{"free_v_after_failed_defence: true", "free_v_after_failed_defence: 1", "aura_grants[1].free_v_after_failed_defence: want true or false"},
		{"d10_once_per_turn: true", "d10_once_per_turn: 1D10", "aura_grants[2].d10_once_per_turn: want true or false"},
	} {
		bad := strings.Replace(auraBuffProfile, tc.from, tc.to, 1)
		_, err := LoadFS(fstest.MapFS{"a.yaml": {Data: []byte(bad)}}, "a.yaml")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q -> %q: error %v, want %q", tc.from, tc.to, err, tc.want)
		}
	}
}

const widerAuraProfile = `profiles:
  - id: invented-herald-2
    name: Invented herald
    faction: gouns
    level: 2
    cost: 40
    stats: {V: 3, P: 3, A: 3, C: 3, T: 6, I: 4}
    stature: 3
    ap: 5
    hp: 20
    wider_auras:
      - to: {factions: [gouns]}
        toises: 2
    cf_reroll_once_per_game: true
`

// TestWiderAurasDecode checks wider_auras (skills.md section 3, pattern D:
// "+2 toises of aura radius for its people in the Spearhead") and
// cf_reroll_once_per_game ("once per game, it and its allies may reroll one
// CF for free"), and their errors, naming the file, line, field and the rule broken.
func TestWiderAurasDecode(t *testing.T) {
	ds, err := LoadFS(fstest.MapFS{"a.yaml": {Data: []byte(widerAuraProfile)}}, "a.yaml")
	if err != nil {
		t.Fatal(err)
	}
	p, _ := ds.Profile("invented-herald-2")
	if w := p.WiderAuras; len(w) != 1 || w[0].Toises != 2 || !w[0].To.Matches(&Profile{Faction: Gouns}) || w[0].To.Matches(&Profile{Faction: Kharns}) {
		t.Fatalf("wider auras %+v", w)
	}
	if !p.CFRerollOncePerGame {
		t.Error("cf_reroll_once_per_game not read")
	}
	for _, tc := range []struct{ from, to, want string }{
		{"toises: 2", "toises: 0", "a.yaml:13:17: profiles[invented-herald-2].wider_auras[0].toises: toises must be from 1 to 10"},
		{"        toises: 2\n", "", `wider_auras[0]: missing field "toises"`},
		{"      - to: {factions: [gouns]}\n", "      - radius: 2\n", `wider_auras[0].radius: unknown field "radius"`},
		{"cf_reroll_once_per_game: true", "cf_reroll_once_per_game: once", "a.yaml:14:30: profiles[invented-herald-2].cf_reroll_once_per_game: want true or false"},
	} {
		bad := strings.Replace(widerAuraProfile, tc.from, tc.to, 1)
		_, err := LoadFS(fstest.MapFS{"a.yaml": {Data: []byte(bad)}}, "a.yaml")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q -> %q: error %v, want %q", tc.from, tc.to, err, tc.want)
		}
	}
}
