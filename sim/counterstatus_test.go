package sim_test

import (
	"math"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// The statuses a counter's weapon puts on the attacker (R11, R11a, R9a;
// sim/counterstatus.go): a 2 or 3 AP defence counters with the defender's
// weapon, whose effects "are not optional" (seed 000 line 786): its bleeding X
// (seed 000 line 1348, seed 004 line 1308) whenever the counter deals damage,
// its status "in case of CH" (seed 000 line 1062) on a defence CH, the CH R9a
// counts (seed 004 line 312).
var (
	// dazeMace dazes on a CH (the embedded data's mace: on_critical daze).
	dazeMace = &profiles.Equipment{ID: "daze-mace", Kind: profiles.KindMelee, Hands: 1,
		Effects: profiles.Effects{OnCritical: profiles.Daze}}
	// hookHammer bleeds 1 and stuns on a CH (a weapon of ours with both).
	hookHammer = &profiles.Equipment{ID: "hook-hammer", Kind: profiles.KindMelee, Hands: 2,
		Effects: profiles.Effects{Bleeding: 1, OnCritical: profiles.Stun}}
)

// counterStatusSamplerCases are the sampler-against-exact cases of counter
// statuses (TestSamplerAgainstExact): bleeding, a daze and a stun on the
// attacker, several counters in one exchange (free attacks), and a helmet.
func counterStatusSamplerCases() []samplerCase {
	fighter := safar("fighter", 2, stats4(4, 5, 4, 3), 3)
	warden := safar("warden", 3, stats4(3, 5, 5, 5), 4)
	pa := sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.P)}
	return []samplerCase{
		{"counter bleeding: a sword's bleeding 1 on the attacker, best response (R11a)", func() *sim.Exchange {
			return &sim.Exchange{Attacker: sim.NewFighter(fighter, []*profiles.Equipment{club, wear(halfPlate)}),
				Defender: sim.NewFighter(warden, []*profiles.Equipment{sword}), Attack: pa, Policy: sim.DefaultPolicy}
		}},
		{"counter daze: a mace dazes the attacker on a defence CH, fixed 3 AP defence (R9a)", func() *sim.Exchange {
			return &sim.Exchange{Attacker: sim.NewFighter(fighter, []*profiles.Equipment{club}),
				Defender: sim.NewFighter(warden, []*profiles.Equipment{dazeMace}), Attack: pa,
				Policy: fixed(sim.Defence{AP: 3, Chars: sim.CharsOf(sim.P, sim.A, sim.C)})}
		}},
		{"counter bleeding and stun on free attacks: 3 AP PAA:AA met by a reflex, its free attacks by a hook hammer", func() *sim.Exchange {
			// The main attack is met by the reflex defence (it mostly hits);
			// its two free attacks by the best response, each countered.
			e := &sim.Exchange{Attacker: sim.NewFighter(fighter, []*profiles.Equipment{club}),
				Defender: sim.NewFighter(warden, []*profiles.Equipment{hookHammer}),
				Attack:   sim.Attack{AP: 3, Chars: sim.CharsOf(sim.P, sim.A, sim.A), Effects: sim.CharsOf(sim.A, sim.A)},
				Policy:   fixed(sim.Defence{})}
			e.Policy.DefenceMastery = true
			return e
		}},
		{"counter stun against the attacker's helmet immune to it (catalogue.md 4.6)", func() *sim.Exchange {
			return &sim.Exchange{Attacker: sim.NewFighter(fighter, []*profiles.Equipment{club, openHelm}),
				Defender: sim.NewFighter(warden, []*profiles.Equipment{hookHammer}), Attack: pa,
				Policy: fixed(sim.Defence{AP: 2, Chars: sim.CharsOf(sim.P, sim.C)})}
		}},
	}
}

// TestCounterStatusesExact checks the exact figures of the counter statuses
// against what the rules make them: with a fixed 2 AP defence every stop
// counters with damage, so the sword's bleeding 1 lands exactly when the
// attack is stopped (1 - P(attack CF) - P(success)); the daze and the stun
// need a defence CH, so they are rarer than a stop but happen; a helmet
// immune to stun keeps the hammer's stun off and not its bleeding; no counter
// from a 1 AP defence (R11), nor against a shot. Fails before the fix: the
// exchange put no status on the attacker.
func TestCounterStatusesExact(t *testing.T) {
	fighter := safar("fighter", 2, stats4(4, 5, 4, 3), 3)
	warden := safar("warden", 3, stats4(3, 5, 5, 5), 4)
	pa := sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.P)}
	pc := sim.Defence{AP: 2, Chars: sim.CharsOf(sim.P, sim.C)}
	run := func(attEq, defEq []*profiles.Equipment, a sim.Attack, d sim.Defence) *sim.Result {
		t.Helper()
		return exact(t, &sim.Exchange{Attacker: sim.NewFighter(fighter, attEq), Defender: sim.NewFighter(warden, defEq),
			Attack: a, Policy: fixed(d)})
	}

	r := run([]*profiles.Equipment{club}, []*profiles.Equipment{sword}, pa, pc)
	stopped := 1 - r.PAttackCF - r.PSuccess
	if math.Abs(r.PAttackerBleeding-stopped) > 1e-12 || math.Abs(r.ExpectedAttackerBleeding-stopped) > 1e-12 {
		t.Errorf("sword counter: P(attacker bleeding) %.9f, E[bleeding] %.9f; want P(stopped) = %.9f for both",
			r.PAttackerBleeding, r.ExpectedAttackerBleeding, stopped)
	}
	if r.PAttackerDazed != 0 || r.PAttackerStunned != 0 {
		t.Errorf("sword counter: dazed %g, stunned %g; the sword has no on-CH status", r.PAttackerDazed, r.PAttackerStunned)
	}

	h := run([]*profiles.Equipment{club}, []*profiles.Equipment{hookHammer}, pa, pc)
	stoppedH := 1 - h.PAttackCF - h.PSuccess
	if !(h.PAttackerStunned > 0.01 && h.PAttackerStunned < stoppedH/2) {
		t.Errorf("hook hammer counter: P(attacker stunned) %.6f; want a defence CH's share of P(stopped) %.6f", h.PAttackerStunned, stoppedH)
	}
	if math.Abs(h.PAttackerBleeding-stoppedH) > 1e-12 || h.PAttackerDazed != 0 {
		t.Errorf("hook hammer counter: bleeding %.9f (want %.9f), dazed %g (want 0)", h.PAttackerBleeding, stoppedH, h.PAttackerDazed)
	}

	m := run([]*profiles.Equipment{club}, []*profiles.Equipment{dazeMace}, pa, pc)
	if math.Abs(m.PAttackerDazed-h.PAttackerStunned) > 1e-12 || m.PAttackerBleeding != 0 {
		t.Errorf("mace counter: P(attacker dazed) %.9f, want the hammer's P(stunned) %.9f (the same defence CH); bleeding %g, want 0",
			m.PAttackerDazed, h.PAttackerStunned, m.PAttackerBleeding)
	}

	g := run([]*profiles.Equipment{club, openHelm}, []*profiles.Equipment{hookHammer}, pa, pc)
	if g.PAttackerStunned != 0 || math.Abs(g.PAttackerBleeding-h.PAttackerBleeding) > 1e-12 {
		t.Errorf("open helm: stunned %g (want 0), bleeding %.9f (want %.9f)", g.PAttackerStunned, g.PAttackerBleeding, h.PAttackerBleeding)
	}

	one := run([]*profiles.Equipment{club}, []*profiles.Equipment{hookHammer}, pa, sim.Defence{AP: 1, Chars: sim.CharsOf(sim.P)})
	shot := run([]*profiles.Equipment{bow}, []*profiles.Equipment{hookHammer},
		sim.Attack{Kind: sim.Shot, AP: 2, Chars: sim.CharsOf(sim.A, sim.A)}, sim.Defence{AP: 2, Chars: sim.CharsOf(sim.A, sim.V)})
	for name, x := range map[string]*sim.Result{"1 AP defence": one, "shot": shot} {
		if x.PAttackerBleeding != 0 || x.PAttackerStunned != 0 || x.ExpectedCounter != 0 {
			t.Errorf("%s: bleeding %g, stunned %g, counter %g; want no counter at all (R11)", name, x.PAttackerBleeding, x.PAttackerStunned, x.ExpectedCounter)
		}
	}
}

// TestCounterStatusCasesTell checks that each sampler case of counter
// statuses puts the status it is named after on the attacker with a
// probability the 10^5 draws of TestSamplerAgainstExact can see, and that
// several counters of one exchange add their bleeding.
func TestCounterStatusCasesTell(t *testing.T) {
	cs := counterStatusSamplerCases()
	want := []func(r *sim.Result) bool{
		func(r *sim.Result) bool { return r.PAttackerBleeding > 0.05 },
		func(r *sim.Result) bool { return r.PAttackerDazed > 0.005 },
		func(r *sim.Result) bool {
			return r.PAttackerStunned > 0.005 && r.ExpectedAttackerBleeding > r.PAttackerBleeding // two counters: bleeding 2
		},
		func(r *sim.Result) bool { return r.PAttackerBleeding > 0.05 && r.PAttackerStunned == 0 },
	}
	for i, c := range cs {
		r := exact(t, c.ex())
		if !want[i](r) {
			t.Errorf("%s: P(bleeding) %.4f, E[bleeding] %.4f, P(dazed) %.4f, P(stunned) %.4f", c.name,
				r.PAttackerBleeding, r.ExpectedAttackerBleeding, r.PAttackerDazed, r.PAttackerStunned)
		}
	}
}

// TestCounterBleedsInDuel plays traced duels of two swordsmen until a
// counter makes the attacker bleed, and checks that the
// bleeding then costs the attacker its HP at the start of its next activation
// (R14). Fails before the fix: no counter ever made anyone bleed.
func TestCounterBleedsInDuel(t *testing.T) {
	brawler, warden := safar("brawler", 2, stats4(4, 5, 4, 4), 3), safar("warden", 2, stats4(3, 3, 5, 5), 3)
	brawler.HP, warden.HP = 20, 20 // long enough fights for a counter and an activation after it
	a := sim.NewFighter(brawler, []*profiles.Equipment{sword, wear(plate)})
	b := sim.NewFighter(warden, []*profiles.Equipment{sword, wear(plate)})
	// From the deployment gap: the first assaults meet defenders with AP left.
	d := &sim.Duel{A: a, B: b, Distance: sim.DeploymentGap(sim.Variant{})}
	p, err := d.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	counter := regexp.MustCompile(`(?m)^ +(\S.*) bleeds from the counter: bleeding (\d+)$`)
	for seed := range uint64(200) {
		var tr strings.Builder
		p.SetTrace(&tr)
		p.Play(rand.NewPCG(seed, 7))
		text := tr.String()
		m := counter.FindStringSubmatchIndex(text)
		if m == nil {
			continue
		}
		who := text[m[2]:m[3]]
		rest := text[m[1]:]
		next := regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(who) + ` (activates|bleeds (\d+) HP)`)
		first := next.FindStringSubmatch(rest)
		if first == nil {
			t.Logf("seed %d: the fight ended before %s activated again", seed, who)
			continue
		}
		if first[1] == "activates" {
			t.Fatalf("seed %d: %s activates after the counter's bleeding without bleeding first:\n%s", seed, who, text)
		}
		return
	}
	t.Fatal("no counter made the attacker bleed in 200 duels of two swordsmen")
}

// TestCounterStunsInDuel plays traced duels of two hook hammers (stun on a
// CH) until a counter stuns the attacker, and checks that the stunned Safar
// does nothing more until its next activation (R17, seed 000 line 1368: no
// attack, no free attack of an A effect after the stun). Fails before the
// fix: no counter ever stunned anyone.
func TestCounterStunsInDuel(t *testing.T) {
	p1, p2 := safar("brawler", 2, stats4(4, 5, 4, 4), 3), safar("warden", 2, stats4(3, 4, 5, 5), 3)
	p1.HP, p2.HP = 20, 20
	d := &sim.Duel{A: sim.NewFighter(p1, []*profiles.Equipment{hookHammer, wear(plate)}),
		B: sim.NewFighter(p2, []*profiles.Equipment{hookHammer, wear(plate)}), Distance: sim.DeploymentGap(sim.Variant{})}
	p, err := d.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	stun := regexp.MustCompile(`(?m)^ +(\S.*) is stunned by the counter$`)
	found := 0
	for seed := range uint64(300) {
		var tr strings.Builder
		p.SetTrace(&tr)
		p.Play(rand.NewPCG(seed, 11))
		text := tr.String()
		for _, m := range stun.FindAllStringSubmatchIndex(text, -1) {
			who := text[m[2]:m[3]]
			rest := text[m[1]:]
			if k := regexp.MustCompile(`(?m)^  \S.* activates|^Round`).FindStringIndex(rest); k != nil {
				rest = rest[:k[0]]
			}
			if regexp.MustCompile(`(?m)^    ` + regexp.QuoteMeta(who) + ` (attacks|free attack)`).MatchString(rest) {
				t.Fatalf("seed %d: %s acts after a counter stunned it:\n%s", seed, who, text)
			}
			found++
		}
	}
	if found == 0 {
		t.Fatal("no counter stunned the attacker in 300 duels of two hook hammers")
	}
	t.Logf("%d stuns by a counter, none followed by an action before the next activation", found)
}

// TestCounterStatusesInSkirmish plays traced battles of three hook hammers a
// side (bleeding 1, stun on a CH) and checks that a Safar a counter made
// bleed loses its HP at the start of its next activation, as in a duel
// (engine.counterStatus serves both). Fails before the fix: no counter ever
// made anyone bleed.
func TestCounterStatusesInSkirmish(t *testing.T) {
	mk := func(id string, st profiles.Stats) *sim.Fighter {
		p := safar(id, 2, st, 3)
		p.HP = 16
		return sim.NewFighter(p, []*profiles.Equipment{hookHammer, wear(halfPlate)})
	}
	a, b := mk("brawler", stats4(4, 5, 4, 4)), mk("warden", stats4(3, 4, 5, 5))
	sk := &sim.Skirmish{Sides: [2]sim.Spearhead{
		{Safars: []*sim.Fighter{a, a, a}, Costs: []int{40, 40, 40}, Leader: -1},
		{Safars: []*sim.Fighter{b, b, b}, Costs: []int{40, 40, 40}, Leader: -1},
	}}
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	counter := regexp.MustCompile(`(?m)^ +(\S.*) bleeds from the counter: bleeding (\d+)$`)
	for seed := range uint64(40) {
		var tr strings.Builder
		pl.SetTrace(&tr)
		pl.Play(rand.NewPCG(seed, 3))
		text := tr.String()
		for _, m := range counter.FindAllStringSubmatchIndex(text, -1) {
			who := text[m[2]:m[3]]
			next := regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(who) + ` (activates|bleeds \d+ HP)`).FindStringSubmatch(text[m[1]:])
			if next == nil {
				continue // it fell, or the battle ended, first
			}
			if next[1] == "activates" {
				t.Fatalf("seed %d: %s activates after a counter's bleeding without bleeding first:\n%s", seed, who, text)
			}
			return
		}
	}
	t.Fatal("no counter made an attacker bleed, then bleed at its activation, in 40 battles")
}
