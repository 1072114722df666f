package profiles

import (
	"strings"
	"testing"
)

// TestSpecialDurationDecode checks a spell of duration special
// (profiles/magic_special.go; catalogue.md 4.10, skills.md 4.2 "special" set
// by the difficulty chosen): each difficulty's lasts gives its own duration,
// so a ward with lasts: game is played (a lasting effect), one without is
// not, and activations played again (replay_all, skills.md 4.3 activation
// control) are a one-off effect played whatever the duration; lasts on a spell
// of another duration, an unknown duration, or replay_all on another
// category is an error with file:line and the rule.
func TestSpecialDurationDecode(t *testing.T) {
	const good = `spells:
  - id: call
    name: Call
    kind: generic
    target: any
    cadence: unlimited
    duration: special
    difficulties:
      - {threshold: 20, effect: anti-magic, ward: 1, text: ward}
      - {threshold: 24, effect: anti-magic, ward: 1, lasts: game, text: ward}
      - {threshold: 28, effect: activation-control, replay_all: true, text: again}
`
	ds, err := loadFiles(map[string]string{"s.yaml": good})
	if err != nil {
		t.Fatal(err)
	}
	s, err := ds.Spell("call")
	if err != nil {
		t.Fatal(err)
	}
	for k, c := range []struct {
		d      Duration
		played bool
	}{{SpecialDuration, false}, {WholeGame, true}, {SpecialDuration, true}} {
		l := s.Levels[k]
		if got := s.DurationOf(&l); got != c.d || s.Played(l) != c.played {
			t.Errorf("difficulty %d: duration %s, played %v; want %s, %v", l.Difficulty, got, s.Played(l), c.d, c.played)
		}
	}
	if l := s.Levels[2]; !l.ReplayAll || l.Lasting() {
		t.Errorf("difficulty 28: %+v, want replay_all, not lasting", l.EffectParams)
	}
	const bad = `spells:
  - id: bad
    name: Bad
    kind: generic
    target: ally
    duration: instant
    difficulties:
      - {threshold: 15, effect: anti-magic, ward: 1, lasts: game, text: x}
      - {threshold: 16, effect: healing, amount: 1D5, replay_all: true, text: y}
      - {threshold: 17, effect: anti-magic, ward: 1, lasts: forever, text: z}
`
	_, err = loadFiles(map[string]string{"s.yaml": bad})
	if err == nil {
		t.Fatal("no error")
	}
	for _, w := range []string{
		`spells[bad].difficulties[0].lasts: lasts game: only a difficulty of a spell of duration special has its own duration (this spell's is instant, every difficulty's)`,
		`d/s.yaml:9:`,
		`spells[bad].difficulties[1].replay_all: a healing effect has no replay_all (only activation-control)`,
		`d/s.yaml:10:`,
		`spells[bad].difficulties[2].lasts`,
	} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error\n%v\nlacks %q", err, w)
		}
	}
}
