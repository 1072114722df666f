package profiles

import (
	"strings"
	"testing"
)

// TestReturnActivationsDecode checks the activations of a return from defeat
// (EffectParams.Activations): fights play a return with an amount and a number
// of activations, not one without (a return for good or a redeployment is
// another text); out of range or on another category, an error with
// file:line and the allowed range or category.
func TestReturnActivationsDecode(t *testing.T) {
	const good = `spells:
  - id: martyr
    name: Martyr
    kind: generic
    target: ally
    duration: instant
    difficulties:
      - {threshold: 20, effect: return-from-defeat, amount: 3D5, activations: 1, text: back}
      - {threshold: 22, effect: return-from-defeat, amount: 3D5, text: back for good}
`
	ds, err := loadFiles(map[string]string{"s.yaml": good})
	if err != nil {
		t.Fatal(err)
	}
	s, err := ds.Spell("martyr")
	if err != nil {
		t.Fatal(err)
	}
	if l := s.Levels[0]; l.Activations != 1 || !s.Played(l) {
		t.Errorf("level %+v: want 1 activation, played", l.EffectParams)
	}
	if l := s.Levels[1]; s.Played(l) {
		t.Error("a return with no activations is played")
	}
	const bad = `spells:
  - id: bad
    name: Bad
    kind: generic
    target: ally
    difficulties:
      - {threshold: 15, effect: return-from-defeat, amount: 1D5, activations: 0, text: x}
      - {threshold: 16, effect: healing, amount: 1D5, activations: 1, text: y}
`
	_, err = loadFiles(map[string]string{"s.yaml": bad})
	if err == nil {
		t.Fatal("no error")
	}
	for _, w := range []string{
		`d/s.yaml:7:`,
		`spells[bad].difficulties[0].activations: activations must be from 1 to 9`,
		`d/s.yaml:8:`,
		`spells[bad].difficulties[1].activations: a healing effect has no activations (only return-from-defeat)`,
	} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error\n%v\nlacks %q", err, w)
		}
	}
}

// TestOffenceCoverDecode checks the offensive-buff and defensive-buff
// parameters (attack_bonus, critical_from, cover): decoded and played on their
// categories, errors with file:line and the allowed range or category.
func TestOffenceCoverDecode(t *testing.T) {
	const good = `spells:
  - id: edge
    name: Edge
    kind: generic
    target: ally
    duration: target-next-activation
    difficulties:
      - {threshold: 20, effect: offensive-buff, attack_bonus: 2, critical_from: 9, text: edge}
      - {threshold: 21, effect: defensive-buff, cover: 1, text: stone}
`
	ds, err := loadFiles(map[string]string{"s.yaml": good})
	if err != nil {
		t.Fatal(err)
	}
	s, err := ds.Spell("edge")
	if err != nil {
		t.Fatal(err)
	}
	if l := s.Levels[0]; l.AttackBonus != 2 || l.CriticalFrom != 9 || !l.Lasting() || !s.Played(l) {
		t.Errorf("offensive level %+v: want +2, crit 9, lasting, played", l.EffectParams)
	}
	if l := s.Levels[1]; l.Cover != 1 || !l.Lasting() || !s.Played(l) {
		t.Errorf("defensive level %+v: want cover 1, lasting, played", l.EffectParams)
	}
	const bad = `spells:
  - id: bad
    name: Bad
    kind: generic
    target: ally
    difficulties:
      - {threshold: 15, effect: offensive-buff, attack_bonus: 0, critical_from: 10, text: x}
      - {threshold: 16, effect: debuff, cover: 1, text: y}
`
	_, err = loadFiles(map[string]string{"s.yaml": bad})
	if err == nil {
		t.Fatal("no error")
	}
	for _, w := range []string{
		`spells[bad].difficulties[0].attack_bonus: attack_bonus must be from 1 to 5`,
		`spells[bad].difficulties[0].critical_from: critical_from must be from 2 to 9`,
		`d/s.yaml:8:`,
		`spells[bad].difficulties[1].cover: a debuff effect has no cover (only defensive-buff)`,
	} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error\n%v\nlacks %q", err, w)
		}
	}
}
