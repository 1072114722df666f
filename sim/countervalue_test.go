package sim_test

import (
	"math"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// The best response values the daze or stun its counter puts on the attacker
// on a defence CH (sim/countervalue.go; R11, R11a, R9a: a 2 or 3 AP defence
// counters with the defender's weapon, seed 000 line 786, whose status "in
// case of CH" lands, seed 000 line 1062, on the defence CH of seed 004 line
// 312).

// plainHammer is hookHammer (counterstatus_test.go) without its stun: the
// same bleeding 1, the same damage, no status on a CH.
var plainHammer = &profiles.Equipment{ID: "plain-hammer", Kind: profiles.KindMelee, Hands: 2,
	Effects: profiles.Effects{Bleeding: 1}}

// counterWorthExchange is a level 2 fighter's 2 AP PA:P attack with a club
// against a level 3 warden holding weapon w, under policy pol's best response.
func counterWorthExchange(w *profiles.Equipment, pol sim.Policy) *sim.Exchange {
	fighter := safar("fighter", 2, stats4(4, 5, 4, 3), 3)
	warden := safar("warden", 3, stats4(3, 5, 5, 5), 4)
	return &sim.Exchange{Attacker: sim.NewFighter(fighter, []*profiles.Equipment{club}),
		Defender: sim.NewFighter(warden, []*profiles.Equipment{w}),
		Attack:   sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.P)}, Policy: pol}
}

// meanAP returns the defender's expected AP spent of r.
func meanAP(r *sim.Result) float64 {
	m := 0.0
	for k, p := range r.DefenceAPPMF {
		m += float64(k) * p
	}
	return m
}

// TestCounterStatusFlipsChoice checks that the best response pays for a 3 AP
// defence, whose counter may stun, more often with a hammer that stuns on a CH
// than with the same hammer without the stun, once the policy prices the AP
// the stun takes from the attacker (APValue 2: the attacker's 3 AP left after
// its 2 AP attack, 6 HP) or a fight's CounterWorth sets its value; and that
// with AP worth nothing (DefaultPolicy, kharn odds) the choices stay those of
// the plain hammer, bit for bit. Fails before the fix: the stun was worth
// nothing to the best response, the two hammers' choices were the same
// (E[AP spent] 2.335 for both under APValue 2).
func TestCounterStatusFlipsChoice(t *testing.T) {
	apv := sim.DefaultPolicy
	apv.APValue = 2
	worth := sim.DefaultPolicy
	worth.APValue = 2
	worth.CounterStatus = &sim.CounterWorth{Stun: [8]float64{8, 8, 8, 8, 8, 8, 8, 8}, Daze: [8]float64{8, 8, 8, 8, 8, 8, 8, 8}}
	for _, c := range []struct {
		name string
		pol  sim.Policy
		w    *profiles.Equipment
	}{
		{"APValue 2, stun", apv, hookHammer},
		{"CounterWorth 8 HP, stun", worth, hookHammer},
		{"CounterWorth 8 HP, daze", worth, dazeMace},
	} {
		plain := plainHammer
		if c.w == dazeMace {
			plain = club // the mace without its daze: a plain one-handed weapon
		}
		with := exact(t, counterWorthExchange(c.w, c.pol))
		without := exact(t, counterWorthExchange(plain, c.pol))
		if !(meanAP(with) > meanAP(without)+0.01) {
			t.Errorf("%s: E[AP spent] %.4f with the status, %.4f without; want more with it (the 3 AP counter bought more often)",
				c.name, meanAP(with), meanAP(without))
		}
		if len(with.DefenceAPPMF) < 4 || !(with.DefenceAPPMF[3] > without.DefenceAPPMF[3]) {
			t.Errorf("%s: P(3 AP defence) %v with the status, %v without", c.name, with.DefenceAPPMF, without.DefenceAPPMF)
		}
	}
	// AP worth nothing: the stun is worth nothing, the choices do not move.
	with := exact(t, counterWorthExchange(hookHammer, sim.DefaultPolicy))
	without := exact(t, counterWorthExchange(plainHammer, sim.DefaultPolicy))
	if len(with.DefenceAPPMF) != len(without.DefenceAPPMF) {
		t.Fatalf("DefaultPolicy: AP PMF %v with the stun, %v without", with.DefenceAPPMF, without.DefenceAPPMF)
	}
	for k := range with.DefenceAPPMF {
		if with.DefenceAPPMF[k] != without.DefenceAPPMF[k] {
			t.Errorf("DefaultPolicy: P(%d AP) %v with the stun, %v without; want the same choices", k, with.DefenceAPPMF[k], without.DefenceAPPMF[k])
		}
	}
	if with.ExpectedCounter != without.ExpectedCounter {
		t.Errorf("DefaultPolicy: E[counter] %v with the stun, %v without", with.ExpectedCounter, without.ExpectedCounter)
	}
}

// TestCounterStatusHelmetWorthless checks that a stun the attacker's helmet
// guards against (immune to stun, catalogue.md 4.6) is worth nothing: the
// best response against a helmeted attacker chooses with the stunning hammer
// as with the plain one.
func TestCounterStatusHelmetWorthless(t *testing.T) {
	pol := sim.DefaultPolicy
	pol.APValue = 2
	mk := func(w *profiles.Equipment) *sim.Exchange {
		ex := counterWorthExchange(w, pol)
		ex.Attacker = sim.NewFighter(ex.Attacker.Profile, []*profiles.Equipment{club, openHelm})
		return ex
	}
	with, without := exact(t, mk(hookHammer)), exact(t, mk(plainHammer))
	if math.Abs(meanAP(with)-meanAP(without)) > 1e-12 {
		t.Errorf("helmeted attacker: E[AP spent] %.6f with the stunning hammer, %.6f without; want the same", meanAP(with), meanAP(without))
	}
}

// counterWorthSamplerCases are the sampler-against-exact cases of the counter
// statuses' value (TestSamplerAgainstExact): best responses that buy a
// stunning or dazing counter for what it is worth, which the sampler follows
// through the same decision rows.
func counterWorthSamplerCases() []samplerCase {
	apv := sim.DefaultPolicy
	apv.APValue = 2
	worth := sim.DefaultPolicy
	worth.CounterStatus = &sim.CounterWorth{Daze: [8]float64{0, 2, 4, 6, 8, 8, 8, 8}}
	return []samplerCase{
		{"counter stun valued: hook hammer, best response at APValue 2 (sim/countervalue.go)", func() *sim.Exchange {
			return counterWorthExchange(hookHammer, apv)
		}},
		{"counter daze valued: mace, best response with a CounterWorth by AP left (sim/countervalue.go)", func() *sim.Exchange {
			return counterWorthExchange(dazeMace, worth)
		}},
	}
}
