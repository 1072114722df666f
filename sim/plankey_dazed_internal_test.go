package sim

import (
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// TestPlanKeyDazed checks that a plan key tells a dazed attacker from an
// undazed one only against a defender whose counter weapon dazes on a CH
// (engine.canonical, sim/plankey_dazed.go): a Khérops warrior attacking a
// Tembo youngling (a mace: dazes on a CH, the embedded data's on_critical)
// keeps it, a Tembo youngling attacking a Khérops warrior (a weapon that does
// not daze) drops it, and the two plans it would have made value the counter
// the same (no CounterWorth for a counter that neither dazes nor stuns).
// Fails before: the key kept attDazed against every defender in reach, and
// the second case made two plans where one serves.
func TestPlanKeyDazed(t *testing.T) {
	for _, c := range []struct {
		att, def string
		dazes    bool // the defender's melee weapon dazes on a CH
	}{
		{"kherops-warrior-1", "tembo-youngling-1", true},
		{"tembo-youngling-1", "kherops-warrior-1", false},
	} {
		e := posEngine(t, c.att, c.def)
		att, def := e.c[0].kind, e.c[2].kind
		if w := e.kinds[def].Melee; w == nil || (w.Effects.OnCritical == profiles.Daze) != c.dazes {
			t.Fatalf("%s: melee weapon %v, dazing %v expected: not the case this test needs", c.def, w, c.dazes)
		}
		n := plainMeleeOpt(e, att, def)
		if n < 0 {
			t.Fatalf("no 2 AP melee option of %s against %s", c.att, c.def)
		}
		opt := &e.opts[att][def][n]
		key := planKey{att: int8(att), def: int8(def), apLeft: 3, opt: int16(n), band: bandEffective, attDazed: true}
		if got := e.canonical(key, opt).attDazed; got != c.dazes {
			t.Errorf("%s attacking %s: canonical attDazed %v, want %v", c.att, c.def, got, c.dazes)
		}
		if !c.dazes {
			// The plans a dazed and an undazed attacker would have had value
			// the counter alike: no CounterWorth.
			for _, dazed := range []bool{true, false} {
				k := key
				k.attDazed = dazed
				if w := e.plan(k, 0, opt).ex.Policy.CounterStatus; w != nil {
					t.Errorf("%s attacking %s, dazed %v: a CounterWorth %+v for a counter that does not daze", c.att, c.def, dazed, *w)
				}
			}
		}
	}
}
