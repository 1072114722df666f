package profiles

import (
	"strings"
	"testing"
)

// TestItemEffects: the item effects fights play (sim/items.go) are the keys
// reroll_field and reroll_bonus (a mastery-reroll charm, catalogue.md 4.6
// "Items"), heal (a healing flask), antidote, poison_immune and
// poison_defence (a poison dose also spent on a defence); each problem is
// an error naming the field and the allowed values.
func TestItemEffects(t *testing.T) {
	ds, err := loadFiles(map[string]string{"a.yaml": kindOf("item") +
		"    reroll_field: offensive\n    reroll_bonus: 2\n    heal: 1D5\n    antidote: true\n    poison_immune: true\n    poison: true\n    poison_defence: true\n"})
	if err != nil {
		t.Fatal(err)
	}
	ef := ds.Equipment[0].Effects
	if ef.RerollField != Offensive || ef.RerollBonus != 2 || ef.Heal == nil || *ef.Heal != (Dice{N: 1, Sides: 5}) ||
		!ef.Antidote || !ef.PoisonImmune || !ef.Poison || !ef.PoisonDefence {
		t.Errorf("item effects %+v", ef)
	}
	for _, tc := range []struct{ yaml, want string }{
		{kindOf("item") + "    reroll_bonus: 2\n", `equipment[e1].reroll_bonus: reroll_bonus needs reroll_field`},
		{kindOf("item") + "    reroll_field: offensive\n", `equipment[e1].reroll_field: reroll_field needs reroll_bonus`},
		{kindOf("item") + "    reroll_field: offence\n    reroll_bonus: 2\n", `equipment[e1].reroll_field: unknown mastery field "offence"`},
		{kindOf("item") + "    reroll_field: defensive\n    reroll_bonus: 12\n", `equipment[e1].reroll_bonus: reroll_bonus must be from 1 to 9`},
		{kindOf("item") + "    heal: 0\n", `equipment[e1].heal: heal must give back at least 1 HP`},
		{kindOf("item") + "    heal: lots\n", `equipment[e1].heal:`},
		{kindOf("item") + "    poison_defence: true\n", `equipment[e1].poison_defence: poison_defence is for a poison dose: it needs poison: true`},
		{okWeapon + "    heal: 1D5\n", `field "heal" does not apply to a melee weapon (it is for items)`},
		{kindOf("helmet") + "    antidote: true\n", `field "antidote" does not apply to a helmet`},
	} {
		_, err := loadFiles(map[string]string{"a.yaml": tc.yaml})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: got %v, want %s", tc.yaml, err, tc.want)
		}
	}
}
