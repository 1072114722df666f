package profiles

import (
	"reflect"
	"strings"
	"testing"
)

// ownProfile is okProfile with every field of OwnRules (skills.md section 3,
// pattern F), each on its own line from line 12.
var ownProfile = sub(okProfile, "hp: 6\n", "hp: 6\n    skills: {bite: ~}\n") +
	"    critical_from: 9\n" +
	"    defence_damage_vs: {against: {factions: [fangs]}, amount: 2}\n" +
	"    bite_double_unhurt: true\n" +
	"    shot_critical_adds: a\n" +
	"    vv_power_effect: true\n" +
	"    attack_effects: CV\n" +
	"    no_reflex_defence: true\n" +
	"    defence_damage_only: true\n" +
	"    defence_bonuses:\n" +
	"      - {while_in_play: {profiles: [twin]}, amount: 2}\n" +
	"      - {while_in_play: {profiles: [father, mother]}, stat: T}\n"

// TestOwnRulesDecode checks that the pattern F fields are ordinary profile
// fields decoded into Profile.Own. Fails before: unknown field critical_from.
func TestOwnRulesDecode(t *testing.T) {
	ds, err := loadFiles(map[string]string{"a.yaml": ownProfile})
	if err != nil {
		t.Fatal(err)
	}
	p, _ := ds.Profile("p1")
	o := p.Own
	want := OwnRules{
		CriticalFrom:     9,
		DefenceDamage:    []DefenceDamage{{Against: Selector{Factions: []string{"fangs"}}, Amount: 2, Pos: Pos{File: "d/a.yaml", Line: 13, Column: 24}}},
		BiteDoubleUnhurt: true,
		ShotCriticalAdds: A, ShotCritical: true,
		VVPower:           true,
		AttackEffects:     CharSet(0).With(C).With(V),
		NoReflexDefence:   true,
		DefenceDamageOnly: true,
		DefenceBonuses: []DefenceBonus{
			{WhileInPlay: Selector{Profiles: []string{"twin"}}, Amount: 2, Pos: Pos{File: "d/a.yaml", Line: 21, Column: 9}},
			{WhileInPlay: Selector{Profiles: []string{"father", "mother"}}, Stat: T, UseStat: true, Pos: Pos{File: "d/a.yaml", Line: 22, Column: 9}},
		},
	}
	if !reflect.DeepEqual(o, want) {
		t.Errorf("own rules\n%+v\nwant\n%+v", o, want)
	}
	// A list of defence_damage_vs entries is read too.
	ds, err = loadFiles(map[string]string{"a.yaml": okProfile +
		"    defence_damage_vs:\n      - {against: {traits: [mongo]}, amount: 1}\n      - {against: {factions: [gouns]}, amount: 3}\n"})
	if err != nil {
		t.Fatal(err)
	}
	p, _ = ds.Profile("p1")
	if len(p.Own.DefenceDamage) != 2 || p.Own.DefenceDamage[1].Amount != 3 {
		t.Errorf("defence_damage_vs list: %+v", p.Own.DefenceDamage)
	}
}

// TestOwnActivationD10Decode checks that activation_d10 (skills.md section 3
// F: "at the start of each activation a d10: 1-3 gives -2 to the natural
// result of all its dice, 8+ gives +2 to all its characteristics") and
// paired_free_attacks ("once per game, holding two one-handed weapons, two 2
// AP attacks without spending AP and without mastery dice") and
// free_auto_defence ("once per turn a free 3 AP defence that succeeds
// automatically") and riposte_shot ("during a defence with Riposte, its A
// effect may be a free shot if its weapon is loaded, even in melee") are
// ordinary profile fields. Fails before: unknown field activation_d10.
func TestOwnActivationD10Decode(t *testing.T) {
	ds, err := loadFiles(map[string]string{"a.yaml": okProfile + "    activation_d10: true\n    paired_free_attacks: true\n    free_auto_defence: true\n    riposte_shot: true\n"})
	if err != nil {
		t.Fatal(err)
	}
	p, _ := ds.Profile("p1")
	if !p.Own.ActivationD10 || !p.Own.PairedFreeAttacks || !p.Own.AutoDefence || !p.Own.RiposteShot {
		t.Errorf("activation_d10, paired_free_attacks, free_auto_defence, riposte_shot not read: %+v", p.Own)
	}
}

// TestOwnRulesProblems checks that bad pattern F fields are reported with
// file, line, column, field and the rule broken, all at once.
func TestOwnRulesProblems(t *testing.T) {
	for _, tt := range []struct {
		name, field string
		want        []string
	}{
		{"critical_from 10", "critical_from: 10",
			[]string{`d/a.yaml:11:20: profiles[p1].critical_from: critical_from must be from 2 to 9 (the lowest face of its critical hits; 10 is the rulebook's, R2), got 10`}},
		{"amount missing, unknown key", "defence_damage_vs: {against: {factions: [fangs]}, amont: 2}",
			[]string{`d/a.yaml:11:24: profiles[p1].defence_damage_vs: missing field "amount"`,
				`d/a.yaml:11:55: profiles[p1].defence_damage_vs.amont: unknown field "amont" (did you mean amount?)`}},
		{"unknown people", "defence_damage_vs: {against: {factions: [elves]}, amount: 2}",
			[]string{`d/a.yaml:11:46: profiles[p1].defence_damage_vs.against.factions[0]: unknown faction "elves" (known: ` + strings.Join(KnownFactions(), ", ") + `)`}},
		{"shot_critical_adds two letters", "shot_critical_adds: AV",
			[]string{`d/a.yaml:11:25: profiles[p1].shot_critical_adds: want one characteristic among V, P, A, C, T, I (added with its stature to the damage of its shooting CHs), got "AV"`}},
		{"attack_effects T", "attack_effects: CT",
			[]string{`d/a.yaml:11:21: profiles[p1].attack_effects: want the effects it may apply in attack, letters among V, P, A, C each once (R10), e.g. CV, got "CT"`}},
		{"defence bonus both", "defence_bonuses: [{while_in_play: {profiles: [x]}, amount: 2, stat: T}]",
			[]string{`d/a.yaml:11:23: profiles[p1].defence_bonuses[0]: want exactly one of amount: N or stat: X (what it adds to its defences)`}},
		{"defence bonus no condition", "defence_bonuses: [{amount: 2}]",
			[]string{`d/a.yaml:11:23: profiles[p1].defence_bonuses[0]: missing field "while_in_play"`}},
		{"bite without Bite", "bite_double_unhurt: true",
			[]string{`d/a.yaml:2:5: profiles[p1].bite_double_unhurt: doubles its Bite's damage, but the card has no bite skill (R18)`}},
		{"activation_d10 not a bool", "activation_d10: 8",
			[]string{`d/a.yaml:11:21: profiles[p1].activation_d10: want true or false, got the number 8`}},
		{"riposte_shot not a bool", "riposte_shot: 1",
			[]string{`d/a.yaml:11:19: profiles[p1].riposte_shot: want true or false, got the number 1`}},
		{"free_auto_defence not a bool", "free_auto_defence: once_per_turn",
			[]string{`d/a.yaml:11:24: profiles[p1].free_auto_defence: want true or false, got "once_per_turn"`}},
		{"paired_free_attacks not a bool", "paired_free_attacks: twice",
			[]string{`d/a.yaml:11:26: profiles[p1].paired_free_attacks: want true or false, got "twice"`}},
		{"not a bool", "no_reflex_defence: 3",
			[]string{`d/a.yaml:11:24: profiles[p1].no_reflex_defence: want true or false, got the number 3`}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := loadFiles(map[string]string{"a.yaml": okProfile + "    " + tt.field + "\n"})
			if err == nil {
				t.Fatal("loaded with no error")
			}
			if got := err.Error(); got != strings.Join(tt.want, "\n") {
				t.Errorf("got:\n%s\nwant:\n%s", got, strings.Join(tt.want, "\n"))
			}
		})
	}
	// A characteristic the card does not print cannot be added.
	file := sub(okProfile, "stats: {V: 3, P: 3, A: 3, C: 3, T: 3, I: 3}", "stats: {V: 3, P: 3, A: 3, C: 3, T: ~, I: 3}") +
		"    defence_bonuses: [{while_in_play: {profiles: [x]}, stat: T}]\n"
	_, err := loadFiles(map[string]string{"a.yaml": file})
	if err == nil || !strings.Contains(err.Error(), "profiles[p1].defence_bonuses[0].stat: adds T, which the card does not print (stats: T: ~)") {
		t.Errorf("T not printed: got %v", err)
	}
}

// TestOwnCounterAttackDecode checks defence_counter_attack (skills.md section
// 3 F: "after a successful 3 AP defence, a free card-defined attack (pattern
// I)"): the name of one of its special_attacks, read as its index; a name its
// card does not define is an error naming the field and its entries. Fails
// before: unknown field defence_counter_attack.
func TestOwnCounterAttackDecode(t *testing.T) {
	ds, err := loadFiles(map[string]string{"a.yaml": beastProfile + "    defence_counter_attack: Second\n"})
	if err != nil {
		t.Fatal(err)
	}
	p, _ := ds.Profile("p1")
	if o := p.Own; !o.CounterAttackSet || o.CounterAttack != 1 || o.CounterAttackName != "Second" {
		t.Errorf("defence_counter_attack: %+v, want entry 1 (Second)", o)
	}
	_, err = loadFiles(map[string]string{"a.yaml": beastProfile + "    defence_counter_attack: Horn\n"})
	want := `d/a.yaml:2:5: profiles[p1].defence_counter_attack: "Horn" names no special_attacks entry of the card (skills.md section 3 F: a card-defined attack, pattern I); its entries: Coup de gueule, Second`
	if err == nil || err.Error() != want {
		t.Errorf("unknown attack: got\n%v\nwant\n%s", err, want)
	}
	_, err = loadFiles(map[string]string{"a.yaml": okProfile + "    defence_counter_attack: [Horn]\n"})
	if err == nil || !strings.Contains(err.Error(), "profiles[p1].defence_counter_attack: ") {
		t.Errorf("not a string: got %v", err)
	}
}
