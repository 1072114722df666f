package profiles

import (
	"strings"
	"testing"
	"testing/fstest"
)

// apAuraProfile is an invented card with the three AP auras of pattern E
// (skills.md section 3).
const apAuraProfile = `profiles:
  - id: invented-standard-2
    name: Invented standard bearer
    faction: gouns
    level: 2
    cost: 40
    stats: {V: 3, P: 3, A: 3, C: 3, T: 6, I: 4}
    stature: 3
    ap: 5
    hp: 20
    activates_with_leader: true
    reactivates_ally: {to: {factions: [gouns]}, attack: 5, damage: 1, hp_loss: 1D5}
    ap_auras:
      - first_attack_ap: 1
        to: {traits: [warrior], factions: [gouns]}
        within: 5
      - defence_ap: 1
        to: {levels: [1]}
        within: aura
      - enemy_attack_ap: 1
        within: aura
      - first_action_free: true
        to: {factions: [gouns]}
        within: aura
      - give_ap: 2
        to: {traits: [warrior]}
        within: aura
      - draw_ap: 6
        to: {levels: [1]}
        within: aura
`

// TestAPAuras checks that ap_auras (skills.md section 3, pattern E) are read,
// and that a mistake is an error naming the file, line, field and the rule
// broken.
func TestAPAuras(t *testing.T) {
	ds, err := LoadFS(fstest.MapFS{"a.yaml": {Data: []byte(apAuraProfile)}}, "a.yaml")
	if err != nil {
		t.Fatal(err)
	}
	p, _ := ds.Profile("invented-standard-2")
	a := p.APAuras
	if !p.WithLeader {
		t.Error("activates_with_leader not read")
	}
	if x := p.Reactivates; x == nil || x.Attack != 5 || x.Damage != 1 || x.HPLoss != (Dice{N: 1, Sides: 5}) || !x.To.Matches(&Profile{Faction: Gouns}) {
		t.Errorf("reactivates_ally %+v", x)
	}
	if len(a) != 6 {
		t.Fatalf("ap auras %+v", a)
	}
	if a[0].FirstAttack != 1 || a[0].DefenceAP != 0 || a[0].EnemyAttack != 0 || a[0].Within != 5 || a[0].Radius(4) != 5 ||
		!a[0].To.Matches(&Profile{Faction: Gouns, Traits: []string{"warrior"}}) || a[0].To.Matches(&Profile{Faction: Gouns}) {
		t.Errorf("first attack aura %+v", a[0])
	}
	if a[1].DefenceAP != 1 || a[1].FirstAttack != 0 || a[1].Within != 0 || a[1].Radius(4) != 4 || !a[1].To.Matches(&Profile{Level: 1}) || a[1].To.Matches(&Profile{Level: 2}) {
		t.Errorf("defence aura %+v", a[1])
	}
	if a[2].EnemyAttack != 1 || a[2].DefenceAP != 0 || a[2].Radius(6) != 6 || a[2].Pos.Line != 20 {
		t.Errorf("enemy attack aura %+v", a[2])
	}
	if !a[3].FirstAction || a[3].FirstAttack != 0 || a[2].FirstAction || !a[3].To.Matches(&Profile{Faction: Gouns}) {
		t.Errorf("first action aura %+v", a[3])
	}
	if a[4].GiveAP != 2 || a[4].FirstAction || !a[4].To.Matches(&Profile{Traits: []string{"warrior"}}) {
		t.Errorf("give AP aura %+v", a[4])
	}
	if a[5].DrawAP != 6 || a[5].GiveAP != 0 || !a[5].To.Matches(&Profile{Level: 1}) {
		t.Errorf("draw AP aura %+v", a[5])
	}
	for _, tc := range []struct{ from, to, want string }{
		{"activates_with_leader: true", "activates_with_leader: 1", "activates_with_leader: "},
		{"attack: 5,", "attack: 12,", "reactivates_ally.attack: attack must be from 0 to 9"},
		{"hp_loss: 1D5", "hp_loss: 1D7", "reactivates_ally.hp_loss: bad dice expression"},
		{", damage: 1", "", `reactivates_ally: missing field "damage"`},
		{"give_ap: 2", "give_ap: 3", "ap_auras[4].give_ap: give_ap must be from 1 to 2 AP"},
		{"draw_ap: 6", "draw_ap: 7", "ap_auras[5].draw_ap: draw_ap must be from 1 to 6 AP"},
		{"first_action_free: true", "first_action_free: false", "ap_auras[3].first_action_free: first_action_free gives nothing when false: leave it out"},
		{"first_action_free: true\n        to: {factions: [gouns]}\n", "first_action_free: true\n", `ap_auras[3]: missing field "to"`},
		{"first_attack_ap: 1", "first_attack_ap: 3", "a.yaml:14:26: profiles[invented-standard-2].ap_auras[0].first_attack_ap: first_attack_ap must be from 1 to 2 AP"},
		{"defence_ap: 1", "defence_ap: 0", "ap_auras[1].defence_ap: defence_ap must be from 1 to 2 AP"},
		{"enemy_attack_ap: 1", "enemy_attack_ap: one", "ap_auras[2].enemy_attack_ap: "},
		{"      - enemy_attack_ap: 1\n        within: aura\n", "      - enemy_attack_ap: 1\n        to: {levels: [1]}\n        within: aura\n", "ap_auras[2].to: enemy_attack_ap reaches every enemy within reach: no to"},
		{"        to: {levels: [1]}\n", "", `ap_auras[1]: missing field "to"`},
		{"        within: 5\n", "", `ap_auras[0]: missing field "within"`},
		{"within: 5", "within: 40", "ap_auras[0].within: within must be aura (the card's I toises) or a distance from 0.5 to 30 toises, got 40"},
		{"      - defence_ap: 1\n", "      - defence_ap: 1\n        first_attack_ap: 1\n", "ap_auras[1]: holds 2 rules: one of first_attack_ap, defence_ap, enemy_attack_ap, first_action_free, give_ap or draw_ap per entry"},
		{"      - enemy_attack_ap: 1\n", "      - \n", "ap_auras[2]: gives nothing: want one of first_attack_ap, defence_ap, enemy_attack_ap, first_action_free, give_ap or draw_ap"},
		{"defence_ap: 1", "defense_ap: 1", `ap_auras[1].defense_ap: unknown field "defense_ap" (did you mean defence_ap?)`},
		{"ap_auras:", "ap_aura:", `unknown field "ap_aura" (did you mean ap_auras?)`},
	} {
		bad := strings.Replace(apAuraProfile, tc.from, tc.to, 1)
		_, err := LoadFS(fstest.MapFS{"a.yaml": {Data: []byte(bad)}}, "a.yaml")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q -> %q: error %v, want %q", tc.from, tc.to, err, tc.want)
		}
	}
}
