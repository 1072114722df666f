package sim_test

import (
	"math"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// TestVivacityFreeAttack checks Vivacity (skills.md #33: "when it uses the A
// effect, it may pay 1 AP to add a second characteristic to the free basic
// attack: the attack total adds both and a hit deals one full characteristic
// (not halved), but still no effect") with the exact engine, against a
// defender that only defends by reflex (so that the free attack meets the
// same defence as a main attack, and the exchanges are independent): the
// expected damage of 2:PA:A+vivacity is that of 2:PA plus P(success) times
// that of 2:AA, a 2 AP attack of the same two characteristics with no
// effect (stature 0: no CH bonus, which a 1 AP attack has not); without
// Vivacity the free attack is 1:A, half of A.
func TestVivacityFreeAttack(t *testing.T) {
	att := safar("quick", 2, stats4(4, 4, 5, 3), 0, skill(profiles.SkillVivacity))
	def := safar("guard", 2, stats4(3, 4, 4, 5), 3)
	run := func(a sim.Attack) *sim.Result {
		return exact(t, &sim.Exchange{Attacker: sim.NewFighter(att, nil), Defender: sim.NewFighter(def, nil),
			Attack: a, Policy: sim.Policy{ReflexOnly: true}})
	}
	pa, aa, a1 := run(sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A)}),
		run(sim.Attack{AP: 2, Chars: sim.CharsOf(sim.A, sim.A)}),
		run(sim.Attack{AP: 1, Chars: sim.CharsOf(sim.A)})
	vivid := run(sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.A), Vivid: true})
	plain := run(sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.A)})
	if want := pa.ExpectedDamage + pa.PSuccess*aa.ExpectedDamage; math.Abs(vivid.ExpectedDamage-want) > 1e-9 {
		t.Errorf("2:PA:A+vivacity: E[damage] %.6f, want 2:PA + P(success) x 2:AA = %.6f", vivid.ExpectedDamage, want)
	}
	if want := pa.ExpectedDamage + pa.PSuccess*a1.ExpectedDamage; math.Abs(plain.ExpectedDamage-want) > 1e-9 {
		t.Errorf("2:PA:A: E[damage] %.6f, want 2:PA + P(success) x 1:A = %.6f", plain.ExpectedDamage, want)
	}
	// Its AP per damage counts the Vivacity AP paid on a success only.
	if want := vivid.ExpectedDamage / (2 + vivid.PSuccess); math.Abs(vivid.ExpectedPerAP(sim.Attack{AP: 2, Effects: sim.CharsOf(sim.A), Vivid: true}, 0)-want) > 1e-12 {
		t.Errorf("E[damage]/AP of a vivid attack: want %.6f (1 AP more on a success)", want)
	}
}

// TestVivacityLegality checks when an attack may ask for Vivacity (skills.md
// #33) and how --attack writes it.
func TestVivacityLegality(t *testing.T) {
	quick := safar("quick", 2, stats4(4, 4, 5, 3), 3, skill(profiles.SkillVivacity))
	slow := safar("slow", 2, stats4(4, 4, 5, 3), 3)
	for _, c := range []struct {
		who  *profiles.Profile
		spec string
		ap   int
		want string // "" legal, else a part of the error
	}{
		{quick, "2:PA:A+vivacity", 5, ""},
		{quick, "3:AAC:AA+vivacity", 5, ""},
		{quick, "3:AAC:AA+vivacity", 4, "R14"},
		{quick, "2:PA:P+vivacity", 5, "has none"},
		{slow, "2:PA:A+vivacity", 5, "does not have Vivacity"},
	} {
		a, _, err := sim.ParseAttack(c.spec)
		if err != nil {
			t.Fatalf("%s: %v", c.spec, err)
		}
		if !a.Vivid || a.String() != c.spec {
			t.Errorf("%s: parsed as %s (vivid %v)", c.spec, a, a.Vivid)
		}
		f := sim.NewFighter(c.who, nil)
		f.AP = c.ap
		ex := &sim.Exchange{Attacker: f, Defender: sim.NewFighter(slow, nil), Attack: a}
		err = ex.Prepare()
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s by %s with %d AP: %v, want legal", c.spec, c.who.ID, c.ap, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s by %s with %d AP: error %v, want one with %q", c.spec, c.who.ID, c.ap, err, c.want)
		}
	}
	shot := &sim.Exchange{Attacker: sim.NewFighter(quick, []*profiles.Equipment{bow}), Defender: sim.NewFighter(slow, nil),
		Attack: sim.Attack{Kind: sim.Shot, AP: 2, Chars: sim.CharsOf(sim.A, sim.V), Effects: sim.CharsOf(sim.A), Vivid: true}}
	if err := shot.Prepare(); err == nil || !strings.Contains(err.Error(), "skills.md #33") {
		t.Errorf("a vivid shot: error %v, want skills.md #33 (the free basic attack of a melee attack)", err)
	}
}
