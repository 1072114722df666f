package reports

import (
	"bytes"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/sim"
)

// TestResultFire: the single result of `kharn odds` names the chances that
// the defender is set on fire or frostbitten (sim/fire.go), and says
// nothing of them when the attack does neither.
func TestResultFire(t *testing.T) {
	a := sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A)}
	var b bytes.Buffer
	if err := WriteResult(&b, OddsMeta{}, a, &sim.Result{PSuccess: 0.625, PBurning: 0.625, PFrostbite: 0.625}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"P(defender set on fire)", "P(defender frostbitten)"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("no %q in\n%s", want, b.String())
		}
	}
	b.Reset()
	if err := WriteResult(&b, OddsMeta{}, a, &sim.Result{PSuccess: 0.625}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "fire") || strings.Contains(b.String(), "frost") {
		t.Errorf("an attack without fire:\n%s", b.String())
	}
}
