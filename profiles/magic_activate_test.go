package profiles

import (
	"strings"
	"testing"
)

// TestActivateNowDecode checks the activation of an ally
// (EffectParams.ActivateNow, ActedAPLoss; skills.md 4.3 "activate an ally now
// (2 AP less if it already acted)"): decoded and played on an
// activation-control level; out of range or on another category, an error
// with file:line and the allowed range or category.
func TestActivateNowDecode(t *testing.T) {
	const good = `spells:
  - id: call
    name: Call
    kind: generic
    target: ally
    duration: instant
    difficulties:
      - {threshold: 16, effect: activation-control, activate_now: true, acted_ap_loss: 2, text: now}
`
	ds, err := loadFiles(map[string]string{"s.yaml": good})
	if err != nil {
		t.Fatal(err)
	}
	s, err := ds.Spell("call")
	if err != nil {
		t.Fatal(err)
	}
	if l := s.Levels[0]; !l.ActivateNow || l.ActedAPLoss != 2 || !s.Played(l) || l.Lasting() {
		t.Errorf("level %+v: want activate_now, 2 AP, played, not lasting", l.EffectParams)
	}
	const bad = `spells:
  - id: bad
    name: Bad
    kind: generic
    target: ally
    difficulties:
      - {threshold: 15, effect: activation-control, activate_now: true, acted_ap_loss: 9, text: x}
      - {threshold: 16, effect: healing, amount: 1D5, activate_now: true, text: y}
`
	_, err = loadFiles(map[string]string{"s.yaml": bad})
	if err == nil {
		t.Fatal("no error")
	}
	for _, w := range []string{
		`d/s.yaml:7:`,
		`spells[bad].difficulties[0].acted_ap_loss: acted_ap_loss must be from 1 to 7 AP`,
		`d/s.yaml:8:`,
		`spells[bad].difficulties[1].activate_now: a healing effect has no activate_now (only activation-control)`,
	} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error\n%v\nlacks %q", err, w)
		}
	}
}
