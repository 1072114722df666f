package sim_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// The tests of activation_d10 (skills.md section 3 F: "at the start of each
// activation a d10: 1-3 gives -2 to the natural result of all its dice, 8+
// gives +2 to all its characteristics"; sim/turnroll.go). Invented cards.

// TestTurnRollExchange checks the exchange after a 1-3 (Fighter.RollMod -2,
// the reading of sim/turnroll.go: 2 less on the value of its attack and
// defence rolls, the CH and the CF read the die as rolled), in the exact
// engine: the attacker's -2 plays as an attack bonus of -2 (the same
// distribution of damage, the same P(CH) as without it), the defender's -2 as
// a defence bonus of -2, reflex defence included; a free attack (an A
// effect's) rolls with its -2 too. Fails before: Fighter had no RollMod, its
// dice were as any other's.
func TestTurnRollExchange(t *testing.T) {
	att := safar("att", 2, stats4(4, 5, 4, 3), 3)
	def := safar("def", 2, stats4(3, 4, 4, 5), 3)
	pa := sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.P)}
	run := func(aMod, dMod, bonus, dBonus int, pol sim.Policy) *sim.Result {
		a, d := sim.NewFighter(att, nil), sim.NewFighter(def, nil)
		a.RollMod, d.RollMod, d.DefenceBonus = aMod, dMod, dBonus
		return exact(t, &sim.Exchange{Attacker: a, Defender: d, Attack: pa, Policy: pol, AttackBonus: bonus})
	}
	same := func(what string, got, want *sim.Result) {
		t.Helper()
		if !close9(got.PSuccess, want.PSuccess) || !close9(got.ExpectedDamage, want.ExpectedDamage) ||
			!close9(got.PAttackCritical, want.PAttackCritical) || !close9(got.ExpectedCounter, want.ExpectedCounter) || !close9(got.PAttackCF, want.PAttackCF) {
			t.Errorf("%s: P(success) %.6f E[damage] %.6f P(CH) %.6f P(CF) %.6f E[counter] %.6f; want %.6f %.6f %.6f %.6f %.6f", what,
				got.PSuccess, got.ExpectedDamage, got.PAttackCritical, got.PAttackCF, got.ExpectedCounter,
				want.PSuccess, want.ExpectedDamage, want.PAttackCritical, want.PAttackCF, want.ExpectedCounter)
		}
	}
	for _, pol := range []struct {
		name string
		p    sim.Policy
	}{
		{"reflex defence", fixed(sim.Defence{})},
		{"2 AP defence", fixed(sim.Defence{AP: 2, Chars: sim.CharsOf(sim.P, sim.C), Counter: sim.C, CounterDamage: true})},
		{"best response", sim.DefaultPolicy},
	} {
		plain := run(0, 0, 0, 0, pol.p)
		low := run(-2, 0, 0, 0, pol.p)
		same(pol.name+", attacker -2", low, run(0, 0, -2, 0, pol.p))
		if close9(low.PSuccess, plain.PSuccess) {
			t.Errorf("%s: attacker -2 changed nothing (P(success) %.6f)", pol.name, plain.PSuccess)
		}
		dlow := run(0, -2, 0, 0, pol.p)
		same(pol.name+", defender -2", dlow, run(0, 0, 0, -2, pol.p))
		if close9(dlow.PSuccess, plain.PSuccess) {
			t.Errorf("%s: defender -2 changed nothing (P(success) %.6f)", pol.name, plain.PSuccess)
		}
	}
}

// turnRollSamplerCases are activation_d10's exchanges in
// TestSamplerAgainstExact's table (sampler_test.go): the sampler and the
// exact engine agree on them within 99.99% Wilson intervals.
func turnRollSamplerCases() []samplerCase {
	guard := safar("guard", 2, stats4(3, 4, 4, 5), 3)
	roller := withMastery(ownCard("roller", 2, stats4(4, 5, 4, 4), profiles.OwnRules{ActivationD10: true}), profiles.Offensive, profiles.Defensive)
	return []samplerCase{
		{"activation_d10: both rolled 1-3 (-2 to their dice), mastery, best response", func() *sim.Exchange {
			a, d := sim.NewFighter(roller, []*profiles.Equipment{club}), sim.NewFighter(roller, nil)
			a.RollMod, d.RollMod = -2, -2
			return &sim.Exchange{Attacker: a, Defender: d,
				Attack: sim.Attack{AP: 3, Chars: sim.CharsOf(sim.P, sim.A, sim.V), Effects: sim.CharsOf(sim.A, sim.P)}, Policy: sim.DefaultPolicy}
		}},
		{"riposte_shot: a Riposte archer's loaded bow, its A effect first, best response", func() *sim.Exchange {
			p := ownCard("archer", 2, stats4(3, 4, 5, 4), profiles.OwnRules{RiposteShot: true}, skill("riposte"))
			d := sim.NewFighter(withMastery(p, profiles.Defensive), []*profiles.Equipment{club, bow})
			return &sim.Exchange{Attacker: sim.NewFighter(roller, []*profiles.Equipment{club}), Defender: d, DefenderShotReady: true,
				Attack: sim.Attack{AP: 3, Chars: sim.CharsOf(sim.P, sim.A, sim.V), Effects: sim.CharsOf(sim.A, sim.P)}, Policy: sim.DefaultPolicy}
		}},
		{"activation_d10: the attacker -2 against an armoured guard, an A effect's free attack", func() *sim.Exchange {
			a := sim.NewFighter(roller, []*profiles.Equipment{club})
			a.RollMod = -2
			return &sim.Exchange{Attacker: a, Defender: sim.NewFighter(guard, []*profiles.Equipment{wear(halfPlate)}),
				Attack: sim.Attack{AP: 2, Chars: sim.CharsOf(sim.A, sim.A), Effects: sim.CharsOf(sim.A)}, Policy: sim.DefaultPolicy}
		}},
	}
}

// TestTurnRollSkirmish plays activation_d10 in skirmishes: every activation
// of the rollers starts with its d10 in the trace, the trace stays consistent
// (newTraceChecker), and the three results come up. Fails before: no field,
// no roll.
func TestTurnRollSkirmish(t *testing.T) {
	sk := turnRollSkirmish()
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	events := map[string]int{}
	var low, high, none int
	for seed := range uint64(30) {
		var buf strings.Builder
		pl.SetTrace(&buf)
		res := pl.Play(rand.NewPCG(seed, 13))
		newTraceChecker(t, "activation_d10", sk, pl.Labels(), events).check(buf.String(), res)
		if t.Failed() {
			t.Logf("trace:\n%s", buf.String())
			return
		}
		s := buf.String()
		low += strings.Count(s, "-2 to its dice until its next activation")
		high += strings.Count(s, "+2 to its characteristics until its next activation")
		none += strings.Count(s, "no change (activation_d10)")
		// Each activation of a roller starts with its roll (its temerity
		// tests come between).
		rolled := map[string]bool{}
		for _, l := range strings.Split(s, "\n") {
			if at := strings.Index(l, " rolls its card's d10: "); at > 0 {
				rolled[strings.TrimSpace(l[:at])] = true
			}
			if at := strings.Index(l, " activates: "); at > 0 && strings.Contains(l, "roller") {
				name := strings.TrimSpace(l[:at])
				if !rolled[name] {
					t.Fatalf("seed %d: %q activates with no d10 before it:\n%s", seed, name, s)
				}
				rolled[name] = false
			}
		}
	}
	if low == 0 || high == 0 || none == 0 {
		t.Errorf("in 30 battles: %d rolls of 1-3, %d of 8+, %d between; want some of each", low, high, none)
	}
	t.Logf("%d rolls of 1-3, %d of 8+, %d between in 30 battles; events %v", low, high, none, events)
}

// turnRollSkirmish is TestTurnRollSkirmish's battle: two rollers against two
// plain Khârns.
func turnRollSkirmish() *sim.Skirmish {
	roller := func(id string) *sim.Fighter {
		p := ownCard(id, 2, stats4(4, 4, 4, 4), profiles.OwnRules{ActivationD10: true})
		p.HP = 10
		return sim.NewFighter(p, []*profiles.Equipment{club})
	}
	plain := func(id string) *sim.Fighter {
		p := ownCard(id, 2, stats4(4, 4, 4, 4), profiles.OwnRules{})
		p.HP = 10
		return sim.NewFighter(p, []*profiles.Equipment{club})
	}
	return &sim.Skirmish{Sides: [2]sim.Spearhead{
		{Name: "rollers", Safars: []*sim.Fighter{roller("roller-a"), roller("roller-b")}, Costs: []int{1, 1}, Leader: 0},
		{Name: "plain", Safars: []*sim.Fighter{plain("plain-a"), plain("plain-b")}, Costs: []int{1, 1}, Leader: 0},
	}}
}

// TestTurnRollSkirmishAllocs checks that warm battles with activation_d10
// allocate nothing.
func TestTurnRollSkirmishAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	pl, err := turnRollSkirmish().NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	if n := sim.WarmAllocs(pl, 50); n != 0 {
		t.Errorf("%v allocations per battle, want 0", n)
	}
}

// TestPairedFreeAttacksSkirmish plays paired_free_attacks in skirmishes
// (sim/pairedattacks.go): two Safars with two clubs each make their two free
// attacks of the game at most once per battle, the second in the same
// activation as the first, and the trace stays consistent. Fails before: no
// field.
func TestPairedFreeAttacksSkirmish(t *testing.T) {
	sk := pairedSkirmish()
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	events := map[string]int{}
	firsts := 0
	for seed := range uint64(30) {
		var buf strings.Builder
		pl.SetTrace(&buf)
		res := pl.Play(rand.NewPCG(seed, 17))
		newTraceChecker(t, "paired_free_attacks", sk, pl.Labels(), events).check(buf.String(), res)
		if t.Failed() {
			t.Logf("trace:\n%s", buf.String())
			return
		}
		count := map[string]int{}
		open := map[string]bool{} // the first made, the second not yet, in this activation
		for _, l := range strings.Split(buf.String(), "\n") {
			if at := strings.Index(l, " activates: "); at > 0 {
				open[strings.TrimSpace(l[:at])] = false
			}
			at := strings.Index(l, " makes free attack ")
			if at < 0 {
				continue
			}
			name := strings.TrimSpace(l[:at])
			switch {
			case strings.Contains(l, "free attack 1 of 2"):
				count[name]++
				open[name] = true
				firsts++
			case !open[name]:
				t.Fatalf("seed %d: %s's second free attack not in the activation of its first:\n%s", seed, name, buf.String())
			default:
				open[name] = false
			}
		}
		for name, n := range count {
			if n > 1 {
				t.Fatalf("seed %d: %s began its free attacks %d times (once per game):\n%s", seed, name, n, buf.String())
			}
		}
	}
	if firsts == 0 {
		t.Error("no free attacks in 30 battles")
	}
	t.Logf("%d Safars made their free attacks in 30 battles; events %v", firsts, events)
}

// pairedSkirmish is TestPairedFreeAttacksSkirmish's battle: two Safars with
// two clubs and paired_free_attacks against two plain Khârns.
func pairedSkirmish() *sim.Skirmish {
	mk := func(id string, own profiles.OwnRules, items ...*profiles.Equipment) *sim.Fighter {
		p := ownCard(id, 2, stats4(4, 4, 4, 4), own)
		p.HP = 10
		return sim.NewFighter(p, items)
	}
	own := profiles.OwnRules{PairedFreeAttacks: true}
	return &sim.Skirmish{Sides: [2]sim.Spearhead{
		{Name: "pairs", Safars: []*sim.Fighter{mk("pair-a", own, club, club), mk("pair-b", own, club, club)}, Costs: []int{1, 1}, Leader: 0},
		{Name: "plain", Safars: []*sim.Fighter{mk("plain-a", profiles.OwnRules{}, club), mk("plain-b", profiles.OwnRules{}, club)}, Costs: []int{1, 1}, Leader: 0},
	}}
}

// TestPairedFreeAttacksAllocs checks that warm battles with
// paired_free_attacks allocate nothing.
func TestPairedFreeAttacksAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	pl, err := pairedSkirmish().NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	if n := sim.WarmAllocs(pl, 50); n != 0 {
		t.Errorf("%v allocations per battle, want 0", n)
	}
}

// TestCardCounterSkirmish plays defence_counter_attack in skirmishes
// (sim/cardcounter.go): horned Safars make their card attack after a 3 AP
// defence that stops an attack, right after that exchange, and the trace
// stays consistent. Fails before: no field.
func TestCardCounterSkirmish(t *testing.T) {
	sk := cardCounterSkirmish()
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	events := map[string]int{}
	made := 0
	for seed := range uint64(30) {
		var buf strings.Builder
		pl.SetTrace(&buf)
		res := pl.Play(rand.NewPCG(seed, 19))
		newTraceChecker(t, "defence_counter_attack", sk, pl.Labels(), events).check(buf.String(), res)
		if t.Failed() {
			t.Logf("trace:\n%s", buf.String())
			return
		}
		lines := strings.Split(buf.String(), "\n")
		for k, l := range lines {
			at := strings.Index(l, " makes its card's free attack after its 3 AP defence")
			if at < 0 {
				continue
			}
			made++
			name := strings.TrimSpace(l[:at])
			// The exchange it follows: a 3 AP defence of that Safar that stopped
			// the attack, then the HP line; the next line is its attack.
			if k < 2 || !strings.Contains(lines[k-2], name+" defends 3:") || !strings.Contains(lines[k-2], "; stopped") ||
				k+1 >= len(lines) || !strings.Contains(lines[k+1], name+" attacks ") || !strings.Contains(lines[k+1], "card (Horn)") {
				t.Fatalf("seed %d, trace line %d: the free attack does not follow a stopping 3 AP defence or is not made:\n%s", seed, k+1, buf.String())
			}
		}
	}
	if made == 0 {
		t.Error("no free attack after a 3 AP defence in 30 battles")
	}
	t.Logf("%d free attacks after a 3 AP defence in 30 battles; events %v", made, events)
}

// cardCounterSkirmish is TestCardCounterSkirmish's battle: two horned Safars
// (a card attack Horn, V+P, P damage, and defence_counter_attack: Horn)
// against two plain Khârns.
func cardCounterSkirmish() *sim.Skirmish {
	mk := func(id string, rule bool) *sim.Fighter {
		p := ownCard(id, 2, stats4(4, 4, 4, 4), profiles.OwnRules{CounterAttackName: "Horn", CounterAttackSet: rule})
		p.HP = 10
		p.SpecialAttacks = []profiles.CardAttack{{Name: "Horn", Chars: [2]profiles.Char{profiles.V, profiles.P}, Damage: profiles.P}}
		return sim.NewFighter(p, []*profiles.Equipment{club})
	}
	return &sim.Skirmish{Sides: [2]sim.Spearhead{
		{Name: "horned", Safars: []*sim.Fighter{mk("horned-a", true), mk("horned-b", true)}, Costs: []int{1, 1}, Leader: 0},
		{Name: "plain", Safars: []*sim.Fighter{mk("plain-a", false), mk("plain-b", false)}, Costs: []int{1, 1}, Leader: 0},
	}}
}

// TestCardCounterAllocs checks that warm battles with
// defence_counter_attack allocate nothing.
func TestCardCounterAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	pl, err := cardCounterSkirmish().NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	if n := sim.WarmAllocs(pl, 50); n != 0 {
		t.Errorf("%v allocations per battle, want 0", n)
	}
}

// TestRiposteShotSkirmish plays riposte_shot in skirmishes
// (sim/riposteshot.go): Riposte archers shoot their attackers after their
// Riposte defences that engage A stop an attack, right after that exchange,
// and the trace stays consistent. Fails before: no field.
func TestRiposteShotSkirmish(t *testing.T) {
	sk := riposteShotSkirmish()
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	events := map[string]int{}
	shots := 0
	for seed := range uint64(30) {
		var buf strings.Builder
		pl.SetTrace(&buf)
		res := pl.Play(rand.NewPCG(seed, 29))
		newTraceChecker(t, "riposte_shot", sk, pl.Labels(), events).check(buf.String(), res)
		if t.Failed() {
			t.Logf("trace:\n%s", buf.String())
			return
		}
		lines := strings.Split(buf.String(), "\n")
		for k, l := range lines {
			at := strings.Index(l, "'s Riposte A effect is a free shot")
			if at < 0 {
				continue
			}
			shots++
			name := strings.TrimSpace(l[:at])
			// The shot's line, after an ally's shouted warning if any.
			found := false
			for _, n := range lines[k+1 : min(k+3, len(lines))] {
				found = found || strings.Contains(n, name+" attacks ") && strings.Contains(n, " shot:")
			}
			if !found {
				t.Fatalf("seed %d, trace line %d: no shot after the announced one:\n%s", seed, k+1, buf.String())
			}
		}
	}
	if shots == 0 {
		t.Error("no Riposte shot in 30 battles")
	}
	t.Logf("%d Riposte shots in 30 battles; events %v", shots, events)
}

// riposteShotSkirmish is TestRiposteShotSkirmish's battle: two Riposte
// slingers with a club and a short sling (riposte_shot) against two plain
// Khârns.
func riposteShotSkirmish() *sim.Skirmish {
	archer := func(id string) *sim.Fighter {
		p := ownCard(id, 2, stats4(3, 4, 5, 4), profiles.OwnRules{RiposteShot: true}, skill("riposte"))
		p.HP = 10
		// A sling that reaches 1 toise only: it fights with its club and
		// keeps the sling loaded for its Riposte (it would rather shoot
		// its AP away with a bow).
		sling := &profiles.Equipment{ID: "sling", Kind: profiles.KindRanged, Hands: 1,
			Effects: profiles.Effects{FixedDamage: &profiles.Dice{Plus: 3}, Range: &profiles.Range{Short: 0, Long: 1, Max: 1}}}
		return sim.NewFighter(p, []*profiles.Equipment{club, sling})
	}
	plain := func(id string) *sim.Fighter {
		p := ownCard(id, 2, stats4(4, 4, 4, 4), profiles.OwnRules{})
		p.HP = 10
		return sim.NewFighter(p, []*profiles.Equipment{club})
	}
	return &sim.Skirmish{Sides: [2]sim.Spearhead{
		{Name: "archers", Safars: []*sim.Fighter{archer("archer-a"), archer("archer-b")}, Costs: []int{1, 1}, Leader: 0},
		{Name: "plain", Safars: []*sim.Fighter{plain("plain-a"), plain("plain-b")}, Costs: []int{1, 1}, Leader: 0},
	}}
}

// TestRiposteShotAllocs checks that warm battles with riposte_shot allocate
// nothing.
func TestRiposteShotAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	pl, err := riposteShotSkirmish().NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	if n := sim.WarmAllocs(pl, 50); n != 0 {
		t.Errorf("%v allocations per battle, want 0", n)
	}
}
