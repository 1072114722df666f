package profiles

import (
	"slices"
	"strings"
	"testing"
)

// TestEffectParamsDecode checks the effect parameters of spell levels
// (magic_effects.go): decoded on the categories that carry them, errors with
// file:line:col and the allowed range or categories otherwise.
func TestEffectParamsDecode(t *testing.T) {
	const good = `spells:
  - id: chill
    name: Chill
    kind: generic
    target: enemy
    duration: target-next-activation
    difficulties:
      - {threshold: 15, effect: debuff, modifier: {V: -1, T: -2}, text: chill}
      - {threshold: 18, effect: activation-control, immobilise: true, ap_loss: 2, text: roots}
`
	ds, err := loadFiles(map[string]string{"s.yaml": good})
	if err != nil {
		t.Fatal(err)
	}
	s, err := ds.Spell("chill")
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Levels[0].Modifier; got != (Stats{V: -1, T: -2}) {
		t.Errorf("modifier %+v, want V -1, T -2", got)
	}
	if l := s.Levels[1]; !l.Immobilise || l.APLoss != 2 || !s.Played(l) {
		t.Errorf("control level %+v: want immobilise, ap_loss 2, played", l.EffectParams)
	}
	const bad = `spells:
  - id: bad
    name: Bad
    kind: generic
    target: enemy
    difficulties:
      - {threshold: 15, effect: debuff, modifier: {P: 4, Q: 1, C: 0}, text: x}
      - {threshold: 16, effect: morale, ward: 1, text: y}
      - {threshold: 17, effect: activation-control, ap_loss: 9, text: z}
`
	_, err = loadFiles(map[string]string{"s.yaml": bad})
	if err == nil {
		t.Fatal("no error")
	}
	for _, w := range []string{
		`d/s.yaml:7:55: spells[bad].difficulties[0].modifier.P: a modifier must be from -3 to +3`,
		`d/s.yaml:7:58: spells[bad].difficulties[0].modifier.Q: unknown characteristic "Q"`,
		`d/s.yaml:7:67: spells[bad].difficulties[0].modifier.C: a modifier of 0 does nothing`,
		`d/s.yaml:8:41: spells[bad].difficulties[1].ward: a morale effect has no ward (only anti-magic)`,
		`d/s.yaml:9:62: spells[bad].difficulties[2].ap_loss: ap_loss must be from 1 to 7 AP`,
	} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error\n%v\nlacks %q", err, w)
		}
	}
}

// TestSpellsNotPlayedEmbedded checks what fights leave out of the embedded
// casters' magic by name: nothing of the damage, healing, return from defeat,
// offensive, defensive and characteristic buff, dice tool (rooted-fate:
// reroll), debuff, control, morale and anti-magic spells, nor of the
// activation of an ally (call-of-the-ancestors: activate_now).
func TestSpellsNotPlayedEmbedded(t *testing.T) {
	ds := Default()
	want := map[string][]string{
		"bone-seer-2":         nil,
		"goun-shaman-2":       nil,
		"blood-steel-adept-3": nil,
		"kherops-flayer-2":    nil,
		"tembo-khemist-2":     nil,
	}
	for id, w := range want {
		p, err := ds.Profile(id)
		if err != nil {
			t.Fatal(err)
		}
		if got := SpellsNotPlayed(p); !slices.Equal(got, w) {
			t.Errorf("%s: not played %q, want %q", id, got, w)
		}
	}
}

// TestDiceToolDecode checks the dice and skill tools' fields (skills.md 4.3):
// the target's reroll and a granted skill on dice-tool levels, played when
// fights know them (Spell.Played: Awakened's grant is not), and errors with
// file:line:col and the allowed values otherwise.
func TestDiceToolDecode(t *testing.T) {
	const good = `spells:
  - id: fate
    name: Fate
    kind: generic
    target: ally
    duration: target-next-activation
    difficulties:
      - {threshold: 14, effect: dice-tool, reroll: true, text: "reroll one die"}
      - {threshold: 18, effect: dice-tool, grant_skill: skilled swordsman, text: "skilled swordsman"}
      - {threshold: 20, effect: dice-tool, grant_skill: awakened, text: "awakened"}
  - id: fixed
    name: Fixed
    kind: generic
    target: ally
    duration: one-turn
    difficulties:
      - {threshold: 22, effect: dice-tool, text: "a roll's result doubled"}
      - {threshold: 24, effect: dice-tool, fixed_result: 2, text: "a roll fixed at I + 2"}
      - {threshold: 26, effect: dice-tool, stored_die: true, text: "a d10 kept for later"}
  - id: omen
    name: Omen
    kind: generic
    target: enemy
    duration: target-next-activation
    difficulties:
      - {threshold: 15, effect: dice-tool, force_reroll: true, text: "the enemy must reroll one die"}
`
	ds, err := loadFiles(map[string]string{"s.yaml": good})
	if err != nil {
		t.Fatal(err)
	}
	s, err := ds.Spell("fate")
	if err != nil {
		t.Fatal(err)
	}
	for i, w := range []struct {
		p      EffectParams
		played bool
	}{
		{EffectParams{Reroll: true}, true},
		{EffectParams{GrantSkill: SkillSkilledSwordsman}, true},
		{EffectParams{GrantSkill: SkillAwakened}, true},
	} {
		if l := s.Levels[i]; l.EffectParams != w.p || s.Played(l) != w.played {
			t.Errorf("level %d: %+v played %v, want %+v played %v", i, l.EffectParams, s.Played(l), w.p, w.played)
		}
	}
	if f, err := ds.Spell("fixed"); err != nil || f.Played(f.Levels[0]) || f.Levels[1].EffectParams != (EffectParams{FixedResult: 2}) || !f.Played(f.Levels[1]) ||
		f.Levels[2].EffectParams != (EffectParams{StoredDie: true}) || !f.Played(f.Levels[2]) {
		t.Errorf("a dice tool with no field played, or fixed_result: %v, %+v", err, f)
	}
	if o, err := ds.Spell("omen"); err != nil || o.Levels[0].EffectParams != (EffectParams{ForceReroll: true}) || !o.Played(o.Levels[0]) {
		t.Errorf("force_reroll: %v, %+v", err, o)
	}
	const bad = `spells:
  - id: bad
    name: Bad
    kind: generic
    target: ally
    difficulties:
      - {threshold: 15, effect: debuff, reroll: true, text: x}
      - {threshold: 16, effect: dice-tool, grant_skill: duellist, text: y}
      - {threshold: 17, effect: dice-tool, reroll: maybe, text: z}
  - id: bad-omen
    name: Bad omen
    kind: generic
    target: ally
    difficulties:
      - {threshold: 15, effect: debuff, force_reroll: true, text: x}
      - {threshold: 16, effect: dice-tool, force_reroll: true, text: y}
      - {threshold: 17, effect: dice-tool, fixed_result: 12, text: z}
  - id: bad-token
    name: Bad token
    kind: generic
    target: ally
    difficulties:
      - {threshold: 15, effect: healing, amount: 1D5, stored_die: true}
`
	_, err = loadFiles(map[string]string{"s.yaml": bad})
	if err == nil {
		t.Fatal("no error")
	}
	for _, w := range []string{
		`d/s.yaml:7:41: spells[bad].difficulties[0].reroll: a debuff effect has no reroll (only dice-tool)`,
		`d/s.yaml:8:57: spells[bad].difficulties[1].grant_skill: grant_skill "duellist" is not a skill a spell grants (want skilled swordsman or awakened)`,
		`d/s.yaml:9:`,
		`d/s.yaml:15:41: spells[bad-omen].difficulties[0].force_reroll: a debuff effect has no force_reroll (only dice-tool)`,
		`d/s.yaml:17:58: spells[bad-omen].difficulties[2].fixed_result: fixed_result must be from 1 to 9 (the roll's result is the caster's I plus it, capped at 10), got 12`,
		`spells[bad-token].difficulties[0].stored_die: a healing effect has no stored_die (only dice-tool)`,
		`d/s.yaml:13:5: spells[bad-omen].target: difficulty 16 forces an enemy's reroll (force_reroll): the target must be enemy or any, got ally`,
	} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error\n%v\nlacks %q", err, w)
		}
	}
}
