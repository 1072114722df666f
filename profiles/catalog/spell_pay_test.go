package catalog

import (
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// TestSpellTextCasterPays checks the healing the caster pays in HP ("Le
// lanceur perd 1D5 PV, la cible en récupère autant", the row of spellRules;
// skills.md 4.3 healing): the level is a healing of 1D5 with caster_pays, no
// longer named not modelled, and the fixture's offrande-inventee is imported
// so (profiles.SpellLevel.CasterPays, played by sim/magic_pay.go); a plain
// healing is not paid.
func TestSpellTextCasterPays(t *testing.T) {
	for _, c := range []struct {
		text string
		pays bool
	}{
		{"Le lanceur perd 1D5 PV, la cible en regagne autant (inventé)", true},
		{"La cible récupère 1D10 PV (inventé)", false},
	} {
		l, nm := classText(c.text, profiles.Instant)
		if l.effect != profiles.EffectHealing || l.pays != c.pays || len(nm) != 0 {
			t.Errorf("%q: %s, caster pays %v, not modelled %q; want healing, %v, nothing", c.text, l.effect, l.pays, nm, c.pays)
		}
	}
	s, err := fixture056(t).DataSet().Spell("offrande-inventee")
	if err != nil {
		t.Fatal(err)
	}
	if l := s.Levels[0]; !l.CasterPays || l.Effect != profiles.EffectHealing || l.Amount == nil || l.Amount.String() != "1D5" {
		t.Errorf("offrande-inventee: %+v, want a healing of 1D5 the caster pays", l)
	}
}
