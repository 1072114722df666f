package profiles

import (
	"strings"
	"testing"
)

// TestWardsDecode checks the fields of skills.md section 3 patterns G and H
// (profiles/wards.go): damage_reduction's per_attack and any_source,
// armour_reroll: once_per_turn and saving_roll, decoded into the profile's
// Wards with the position of the first. Fails before: unknown fields.
func TestWardsDecode(t *testing.T) {
	file := okProfile +
		"    damage_reduction: {per_attack: 2, any_source: 1}\n" +
		"    armour_reroll: once_per_turn\n" +
		"    saving_roll: 7\n"
	ds, err := loadFiles(map[string]string{"a.yaml": file})
	if err != nil {
		t.Fatal(err)
	}
	p, _ := ds.Profile("p1")
	want := Wards{PerAttack: 2, AnySource: 1, ArmourReroll: true, SavingRoll: 7, Pos: Pos{File: "d/a.yaml", Line: 11, Column: 23}}
	if p.Wards != want {
		t.Errorf("wards %+v, want %+v", p.Wards, want)
	}
	if !p.Wards.Any() || (Wards{}).Any() {
		t.Errorf("Any: %v for %+v, %v for none", p.Wards.Any(), p.Wards, (Wards{}).Any())
	}
}

// TestWardsProblems checks that every problem of the ward fields is reported
// at once with its file, line, column, field and the rule broken.
func TestWardsProblems(t *testing.T) {
	for _, tt := range []struct {
		name, fields string
		want         []string
	}{
		{"reduction out of range, unknown key", "damage_reduction: {per_attack: 9, any: 1}",
			[]string{`d/a.yaml:11:36: profiles[p1].damage_reduction.per_attack: per_attack must be from 1 to 5 (skills.md section 3 G: 1 or 2 on the cards), got 9`,
				`d/a.yaml:11:39: profiles[p1].damage_reduction.any: unknown field "any" (did you mean any_source?)`}},
		{"empty reduction", "damage_reduction: {}",
			[]string{`d/a.yaml:11:23: profiles[p1].damage_reduction: gives nothing: want per_attack N or any_source N`}},
		{"reroll frequency", "armour_reroll: once_per_game",
			[]string{`d/a.yaml:11:20: profiles[p1].armour_reroll: want once_per_turn (skills.md section 3 G: a failed armour roll rerolled once per turn), got "once_per_game"`}},
		{"saving roll of 1", "saving_roll: 1",
			[]string{`d/a.yaml:11:18: profiles[p1].saving_roll: saving_roll must be from 2 to 10, the d10 at or above which a negative effect is cancelled (skills.md section 3 H: 9, 7, 5 or 3 on the cards), got 1`}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := loadFiles(map[string]string{"a.yaml": okProfile + "    " + tt.fields + "\n"})
			if err == nil {
				t.Fatal("loaded with no error")
			}
			if got := err.Error(); got != strings.Join(tt.want, "\n") {
				t.Errorf("got:\n%s\nwant:\n%s", got, strings.Join(tt.want, "\n"))
			}
		})
	}
}
