package profiles

import (
	"strings"
	"testing"
)

// TestMovableKinds checks the table of objects to throw against the
// rulebook's (seed 000 lines 1050-1060, seed 004 lines 1017-1027): modifier,
// C minimum, damage / P needed, effect and SP of each row.
func TestMovableKinds(t *testing.T) {
	tests := []struct {
		id                                   string
		mod, minC, dmg, power, effectVal, sp int
		effect                               ThrowEffect
	}{
		{"small-object", -2, 0, 2, 2, 0, 1, ThrowNoEffect},  // l.1050: -2, 2, None, 1
		{"bottle", -1, 0, 2, 2, 2, 1, ThrowBleeding},        // l.1051: -1, 2, Bleeding 2/1 turn, 1
		{"stool", 0, 0, 3, 3, 0, 2, ThrowNoEffect},          // l.1052: 0, 3, -, 2
		{"bucket", 0, 0, 3, 3, 0, 2, ThrowFallsOnCH},        // l.1053: 0, 3, falls on CH, 2
		{"barrel", 1, 0, 4, 3, 2, 2, ThrowAPLossOnCH},       // l.1054: +1, 4/3, loses 2 AP on CH, 2
		{"grain-bag", 1, 0, 3, 3, 0, 1, ThrowNoShootingZOC}, // l.1055: +1, 3, no shooting in ZOC, 1
		{"farming-tool", 0, 0, 3, 3, 0, 2, ThrowReach},      // l.1056: 0, 3, Reach 1, 2
		{"anvil", 5, 5, 8, 6, 3, 12, ThrowArmourBoxes},      // l.1057: +5/C min 5, 8/6, -3 armour boxes, 12
		{"table", 3, 4, 6, 5, 0, 6, ThrowTemplate},          // l.1058: +3/C min 4, 6/5, template, 6
		{"stone", 0, 0, 3, 3, 1, 10, ThrowBleeding},         // l.1059: 0, 3, Bleeding 1/1 turn, 10
		{"big-stone", 2, 0, 5, 3, 0, 12, ThrowDazedOnCH},    // l.1060: +2, 5/3, dazed on CH, 12
	}
	if len(MovableKinds) != len(tests) {
		t.Fatalf("%d kinds, the table has %d rows", len(MovableKinds), len(tests))
	}
	for _, tt := range tests {
		k := MovableKindOf(tt.id)
		if k == nil {
			t.Errorf("%s: no such kind", tt.id)
			continue
		}
		if k.Modifier != tt.mod || k.MinC != tt.minC || k.Damage != tt.dmg || k.Power != tt.power ||
			k.EffectValue != tt.effectVal || k.Structure != tt.sp || k.Effect != tt.effect {
			t.Errorf("%s = %+v, want %+v", tt.id, *k, tt)
		}
	}
	if got, want := strings.Join(MovableKindIDs, ","), "small-object,bottle,stool,bucket,barrel,anvil,stone,big-stone"; got != want {
		t.Errorf("MovableKindIDs = %s, want %s (grain bag, farming tool and table not played)", got, want)
	}
}

// TestParseScenarioMovable reads the movable objects of a scenario file.
func TestParseScenarioMovable(t *testing.T) {
	const src = `name: tavern
movable:
  - {kind: stone, x: 4, y: 7.5}
  - {kind: bottle, x: 11, y: 7, name: wine bottle}
`
	s, err := ParseScenario("tavern.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Movable) != 2 {
		t.Fatalf("%d movable objects, want 2", len(s.Movable))
	}
	if m := s.Movable[0]; m.Kind != "stone" || m.X != 4 || m.Y != 7.5 || m.String() != "stone" || m.Pos.Line != 3 {
		t.Errorf("movable[0] = %+v", m)
	}
	if m := s.Movable[1]; m.Kind != "bottle" || m.String() != "wine bottle" {
		t.Errorf("movable[1] = %+v", m)
	}
}

// TestParseScenarioMovableErrors checks that every problem of the movable
// objects is reported as file:line:col: field: message, with the allowed
// values.
func TestParseScenarioMovableErrors(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
	}{
		{"bad objects", `name: x
movable:
  - {kind: stoen, x: 4, y: 7}
  - {kind: table, x: 4, y: 7}
  - {kind: stone, x: 16, y: 7, weight: 3}
  - {kind: bottle, y: 7}
  - {kind: stone, x: 1, y: 1, name: a}
  - {kind: stone, x: 2, y: 1, name: a}
  - {kind: anvil, x: many, y: 1}
`, []string{
			`s.yaml:3:12: movable[0].kind: unknown movable object kind "stoen" (did you mean stone?) (want small-object, bottle, stool, bucket, barrel, anvil, stone, big-stone: seed 000 lines 1050-1060)`,
			`s.yaml:4:12: movable[1].kind: movable object kind "table": not modelled: its 1-card template and split defence are not played (kinds played: small-object, bottle, stool, bucket, barrel, anvil, stone, big-stone)`,
			`s.yaml:5:5: movable[2]: (16, 7) is off the 15 x 15 table`,
			`s.yaml:5:32: movable[2].weight: unknown field "weight"`,
			`s.yaml:6:5: movable[3]: missing field "x"`,
			`s.yaml:8:5: movable[5].name: movable object "a" named twice`,
			`s.yaml:9:22: movable[6].x: want a number, got "many"`,
		}},
		{"not a list", "name: x\nmovable: {kind: stone}\n", []string{
			`s.yaml:2:10: movable: want a list, got a mapping`,
		}},
	}
	for _, tt := range tests {
		s, err := ParseScenario("s.yaml", []byte(tt.src))
		if err == nil {
			t.Errorf("%s: no error, scenario %+v", tt.name, s)
			continue
		}
		if got := err.Error(); got != strings.Join(tt.want, "\n") {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, got, strings.Join(tt.want, "\n"))
		}
	}
}
