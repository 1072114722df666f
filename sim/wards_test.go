package sim_test

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
	"github.com/kharn-ages/kharn/stats"
)

// Card wards, skills.md section 3, patterns G (damage reduction, armour
// reroll) and H (saving roll); profiles/wards.go, sim/wards.go.

// warded returns p with the wards w.
func warded(p *profiles.Profile, w profiles.Wards) *profiles.Profile {
	p.Wards = w
	return p
}

// TestDamageReductionAgainstBruteForce checks the exact engine's per-attack
// and any-source reductions (skills.md section 3 G: "takes 1 or 2 damage
// less from each successful attack; always stops 1 damage from any source.
// Recommended: these reductions apply after armour and never take damage
// below 0") against the naive enumeration of brute_test.go: the beast's card
// attack deals 4, 6 on a CH (stature 2, R9a); the prey's 2 AP VA defence
// counters 5, 8 on a CH. The prey's reductions come off each hit; the
// beast's any_source off the counter, not its per_attack (a counter is no
// attack, profiles/wards.go). Fails before: no reduction.
func TestDamageReductionAgainstBruteForce(t *testing.T) {
	prey := stats4(4, 3, 5, 4)
	for _, c := range []struct {
		prey, beast         profiles.Wards
		dmg, dmgCH, ctr, ch int
	}{
		{profiles.Wards{PerAttack: 2}, profiles.Wards{}, 2, 4, 5, 8},
		{profiles.Wards{AnySource: 1}, profiles.Wards{AnySource: 1, PerAttack: 2}, 3, 5, 4, 7},
		{profiles.Wards{PerAttack: 5}, profiles.Wards{AnySource: 5}, 0, 1, 0, 3},
	} {
		for _, d := range []struct {
			d   sim.Defence
			mod int
		}{{sim.Defence{}, 0}, {sim.Defence{AP: 2, Chars: sim.CharsOf(sim.V, sim.A)}, 9}} {
			att, def := warded(beast(2), c.beast), warded(safar("prey", 2, prey, 3), c.prey)
			dd := d.d
			ex := &sim.Exchange{Attacker: sim.NewFighter(att, nil), Defender: sim.NewFighter(def, nil),
				Attack: cardAttack, Policy: sim.Policy{Defence: &dd}}
			got := exact(t, ex)
			ctr, ctrCH := 0, 0
			if d.d.AP == 2 {
				ctr, ctrCH = c.ctr, c.ch
			}
			want := bruteExchange(2, 2, 8, d.mod, c.dmg, c.dmgCH, ctr, ctrCH)
			name := fmt.Sprintf("prey %+v, beast %+v, %s", c.prey, c.beast, d.d)
			tol := want.dropped + 1e-12
			for k := range max(len(got.DamagePMF), 7) {
				if g, w := pmf(got.DamagePMF, k), want.damage[k]; math.Abs(g-w) > tol {
					t.Errorf("%s: damage_pmf[%d] = %.15g, enumeration %.15g", name, k, g, w)
				}
			}
			for k := range max(len(got.CounterPMF), 9) {
				if g, w := pmf(got.CounterPMF, k), want.counter[k]; math.Abs(g-w) > tol {
					t.Errorf("%s: counter_damage_pmf[%d] = %.15g, enumeration %.15g", name, k, g, w)
				}
			}
		}
	}
}

// armourTaken enumerates R12 for this test, sharing no code with sim: base
// damage b and CH bonus c through armour a, a natural 10 stopping the base
// only, a 1 stopping nothing, else Success from the threshold and Failure
// below, off the base first; with reroll a failed face (below the threshold,
// not a 10) that lets damage through is rolled again (skills.md section 3
// G); then less red, never below 0. It returns the distribution of the
// damage taken.
func armourTaken(a *profiles.ArmourStats, b, c, red int, reroll bool) map[int]float64 {
	through := func(face int) int {
		switch face {
		case 10:
			return c
		case 1:
			return b + c
		}
		r := a.Failure
		if face >= a.Threshold {
			r = a.Success
		}
		return max(b-r, 0) + max(c-max(r-b, 0), 0)
	}
	out := map[int]float64{}
	for f := 1; f <= 10; f++ {
		t := through(f)
		if reroll && f != 10 && f < a.Threshold && t > 0 {
			for f2 := 1; f2 <= 10; f2++ {
				out[max(through(f2)-red, 0)] += 0.01
			}
			continue
		}
		out[max(t-red, 0)] += 0.1
	}
	return out
}

// TestArmourRerollAgainstBruteForce checks the exact engine's armour reroll
// and per-attack reduction behind armour (skills.md section 3 G; R12): the
// beast's card attack (4, 6 on a CH of which 2 is the CH bonus a 10 does not
// stop) against a prey in plate (2 below 6, 3 from 6) with the reroll, with
// and without per_attack 1, defending reflex. The hit chances come from the
// enumeration of brute_test.go, the damage through the armour from
// armourTaken. Fails before: no reroll, no reduction.
func TestArmourRerollAgainstBruteForce(t *testing.T) {
	for _, w := range []profiles.Wards{{ArmourReroll: true}, {ArmourReroll: true, PerAttack: 1}, {PerAttack: 1}} {
		def := warded(safar("prey", 2, stats4(4, 3, 5, 4), 3), w)
		d := sim.Defence{}
		ex := &sim.Exchange{Attacker: sim.NewFighter(beast(2), nil), Defender: sim.NewFighter(def, []*profiles.Equipment{wear(plate)}),
			Attack: cardAttack, Policy: sim.Policy{Defence: &d}}
		got := exact(t, ex)
		hits := bruteExchange(2, 2, 8, 0, 100, 200, 0, 0) // 100: a plain hit, 200: a CH hit
		want := map[int]float64{0: hits.damage[0]}
		for k, q := range armourTaken(plate, 4, 0, w.PerAttack, w.ArmourReroll) {
			want[k] += hits.damage[100] * q
		}
		for k, q := range armourTaken(plate, 4, 2, w.PerAttack, w.ArmourReroll) {
			want[k] += hits.damage[200] * q
		}
		tol := hits.dropped + 1e-12
		for k := range max(len(got.DamagePMF), 7) {
			if g, wk := pmf(got.DamagePMF, k), want[k]; math.Abs(g-wk) > tol {
				t.Errorf("%+v: damage_pmf[%d] = %.15g, enumeration %.15g", w, k, g, wk)
			}
		}
	}
}

// wardSamplerCases are the wards in TestSamplerAgainstExact's table
// (sampler_test.go): several hits in one exchange (the free attacks of two A
// effects) meet one armour reroll, spent by the first failed roll that lets
// damage through; the attacker's reroll and any_source against counter
// damage.
func wardSamplerCases() []samplerCase {
	guard := safar("guard", 2, stats4(3, 4, 4, 5), 3)
	quick := safar("quick", 2, stats4(4, 5, 6, 3), 3)
	return []samplerCase{
		{"wards: armour reroll and per_attack 1 against two free attacks (skills.md section 3 G)", func() *sim.Exchange {
			def := warded(safar("guard", 2, stats4(3, 4, 4, 5), 3), profiles.Wards{ArmourReroll: true, PerAttack: 1})
			return &sim.Exchange{Attacker: sim.NewFighter(quick, []*profiles.Equipment{club}), Defender: sim.NewFighter(def, []*profiles.Equipment{wear(plate), club}),
				Attack: sim.Attack{AP: 3, Chars: sim.CharsOf(sim.A, sim.A, sim.P), Effects: sim.CharsOf(sim.A, sim.A)}, Policy: sim.DefaultPolicy}
		}},
		{"wards: the attacker's armour reroll and any_source 1 against counter damage", func() *sim.Exchange {
			att := warded(safar("quick", 2, stats4(4, 5, 6, 3), 3), profiles.Wards{ArmourReroll: true, AnySource: 1})
			return &sim.Exchange{Attacker: sim.NewFighter(att, []*profiles.Equipment{club, wear(plate)}), Defender: sim.NewFighter(guard, []*profiles.Equipment{club}),
				Attack: sim.Attack{AP: 2, Chars: sim.CharsOf(sim.A, sim.P), Effects: sim.CharsOf(sim.A)}, Policy: sim.DefaultPolicy}
		}},
	}
}

// TestArmourRerollOncePerTurn checks the reroll in duels (skills.md section 3
// G: "once per turn it rerolls a failed armour roll"): a Safar in plate with
// the reroll, attacked three times a round, rerolls at most once per round,
// and does reroll; the trace shows it.
func TestArmourRerollOncePerTurn(t *testing.T) {
	p := safar("hitter", 2, stats4(4, 5, 5, 3), 3)
	p.AP, p.HP = 6, 40
	q := warded(safar("shell", 2, stats4(3, 3, 3, 3), 3), profiles.Wards{ArmourReroll: true})
	q.HP = 40
	d := &sim.Duel{A: sim.NewFighter(p, []*profiles.Equipment{club}), B: sim.NewFighter(q, []*profiles.Equipment{wear(plate)})}
	pl, err := d.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	pl.SetTrace(&buf)
	total := 0
	for seed := range uint64(30) {
		buf.Reset()
		pl.Play(rand.NewPCG(seed, 5))
		for _, round := range strings.Split(buf.String(), "Round ")[1:] {
			n := strings.Count(round, "rerolled by its card")
			if n > 1 {
				t.Fatalf("seed %d: %d armour rerolls in one round:\n%s", seed, n, round)
			}
			total += n
		}
	}
	if total == 0 {
		t.Errorf("no armour reroll in 30 duels:\n%s", buf.String())
	}
}

// TestDamageReductionPolicy checks that the policies see a card's per-attack
// reduction (skills.md section 3 G) through the exact damage they weigh: a
// Safar with V 4, P 4, A 4 and 5 AP, bare-handed, against a plain Safar plays
// some 1 AP attacks and 3 AP attacks with two A effects (their free attacks
// are 1 AP ones); against one that takes 2 damage less from each attack,
// where every 1 AP blow (4 halved, 2) deals nothing, it plays neither, and
// turns to P effects. Fails before: the policy does not know the reduction.
func TestDamageReductionPolicy(t *testing.T) {
	for _, pa := range []int{0, 2} {
		p := safar("hitter", 2, stats4(4, 4, 4, 3), 3)
		p.AP, p.HP = 5, 30
		q := warded(safar("shell", 2, stats4(3, 3, 3, 3), 3), profiles.Wards{PerAttack: pa})
		q.HP = 30
		d := &sim.Duel{A: sim.NewFighter(p, nil), B: sim.NewFighter(q, nil)}
		pl, err := d.NewPlayer()
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		pl.SetTrace(&buf)
		one, freeAA, pp := 0, 0, 0
		for seed := range uint64(40) {
			buf.Reset()
			pl.Play(rand.NewPCG(seed, 5))
			for _, l := range strings.Split(buf.String(), "\n") {
				i := strings.Index(l, "A attacks ")
				if i < 0 {
					continue
				}
				switch a := strings.Fields(l[i+len("A attacks "):])[0]; {
				case strings.HasPrefix(a, "1:"):
					one++
				case strings.HasSuffix(a, ":AA:"):
					freeAA++
				case strings.HasSuffix(a, ":PP:"):
					pp++
				}
			}
		}
		if pa == 0 && (one == 0 || freeAA == 0) {
			t.Errorf("no reduction: %d 1 AP attacks, %d AA attacks; want some of each (the test sees nothing)", one, freeAA)
		}
		if pa == 2 && (one > 0 || freeAA > 0 || pp == 0) {
			t.Errorf("per_attack 2: %d 1 AP attacks, %d AA attacks, %d PP attacks; want none, none, some", one, freeAA, pp)
		}
	}
}

// TestWardsInSkirmishes checks battles with a warded Safar on a side (a
// paladin whose card takes 1 damage less from each attack, stops 1 from any
// source, rerolls a failed armour roll once per turn and cancels a negative
// effect on a d10 at 5 or more, against a Khérops warrior and a hook hammer
// that bleeds and stuns): the trace shows the card at work, and the
// battles pass the trace checker of TestSkirmishTrace (HP, AP and positions
// followed).
func TestWardsInSkirmishes(t *testing.T) {
	w := cardFighter(t, "paladin-2")
	p := *w.Profile
	p.Wards = profiles.Wards{PerAttack: 1, AnySource: 1, ArmourReroll: true, SavingRoll: 5}
	ds := profiles.Default()
	lo, err := ds.Equip(&p, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	a := []*sim.Fighter{sim.NewFighter(&p, lo.Items(ds))}
	hammerer := safar("hammerer", 2, stats4(4, 5, 5, 4), 3)
	hammerer.HP = 20
	b := []*sim.Fighter{cardFighter(t, "kherops-warrior-1"), sim.NewFighter(hammerer, []*profiles.Equipment{hookHammer})}
	sk := &sim.Skirmish{Sides: [2]sim.Spearhead{
		{Name: "warded", Safars: a, Costs: []int{1}, Leader: 0},
		{Name: "warriors", Safars: b, Costs: []int{1, 1}, Leader: 0},
	}}
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	events := map[string]int{}
	stops, rerolls, saves := 0, 0, 0
	for seed := range uint64(20) {
		var buf strings.Builder
		pl.SetTrace(&buf)
		res := pl.Play(rand.NewPCG(seed, 11))
		newTraceChecker(t, "warded", sk, pl.Labels(), events).check(buf.String(), res)
		if t.Failed() {
			t.Logf("trace:\n%s", buf.String())
			return
		}
		stops += strings.Count(buf.String(), "its card stops")
		rerolls += strings.Count(buf.String(), "rerolled by its card")
		saves += strings.Count(buf.String(), "saving roll cancels")
	}
	if stops == 0 || rerolls == 0 || saves == 0 {
		t.Errorf("in 20 battles the card stopped damage %d times, rerolled armour %d times, cancelled effects %d times; want all", stops, rerolls, saves)
	}
	t.Logf("%d stops, %d armour rerolls, %d saving rolls in 20 battles", stops, rerolls, saves)
}

// TestSavingRollAgainstBruteForce checks the exact engine's saving roll
// (skills.md section 3 H, Recommended: "effects and statuses inflicted on
// it ..., not damage; one roll per effect when inflicted"): the beast's card
// attack puts bleeding 1 and dazes on a hit; against a prey whose d10 at 7
// or more cancels a negative effect (chance 0.4), each of the two stays with
// chance 0.6, independently, and the damage is whole. A poisoned torch's
// hit poisons and sets on fire with chance 0.6 each (Exact's p_poisoned,
// p_burning). The hit chances come from the enumeration of brute_test.go.
// Fails before: every hit's effects stay.
func TestSavingRollAgainstBruteForce(t *testing.T) {
	b := beast(2)
	b.SpecialAttacks[0].Daze = true
	def := warded(safar("prey", 2, stats4(4, 3, 5, 4), 3), profiles.Wards{SavingRoll: 7})
	d := sim.Defence{}
	got := exact(t, &sim.Exchange{Attacker: sim.NewFighter(b, nil), Defender: sim.NewFighter(def, nil), Attack: cardAttack, Policy: sim.Policy{Defence: &d}})
	want := bruteExchange(2, 2, 8, 0, 4, 6, 0, 0)
	tol := want.dropped + 1e-12
	for _, c := range []struct {
		what      string
		got, want float64
	}{
		{"p_success", got.PSuccess, want.success},
		{"p_bleeding", got.PBleeding, want.success * 0.6},
		{"expected_bleeding", got.ExpectedBleeding, want.success * 0.6},
		{"p_dazed", got.PDazed, want.success * 0.6},
		{"expected_damage", got.ExpectedDamage, (want.success-want.critSuccess)*4 + want.critSuccess*6},
	} {
		if math.Abs(c.got-c.want) > tol*6 {
			t.Errorf("%s = %.15g, want %.15g", c.what, c.got, c.want)
		}
	}
	torch := &profiles.Equipment{ID: "torch", Kind: profiles.KindMelee, Hands: 1, Effects: profiles.Effects{CriticalFrom: 10, Fire: true, Poison: true}}
	att := safar("torchbearer", 2, stats4(4, 5, 5, 3), 3)
	for _, thr := range []int{0, 9} {
		def := warded(safar("prey", 2, stats4(4, 3, 5, 4), 3), profiles.Wards{SavingRoll: thr})
		res := exact(t, &sim.Exchange{Attacker: sim.NewFighter(att, []*profiles.Equipment{torch}), Defender: sim.NewFighter(def, nil),
			Attack: sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.P)}, Policy: sim.DefaultPolicy})
		keep := 1.0
		if thr == 9 {
			keep = 0.8
		}
		if math.Abs(res.PPoisoned-res.PSuccess*keep) > 1e-12 || math.Abs(res.PBurning-res.PSuccess*keep) > 1e-12 || res.PSuccess < 0.1 {
			t.Errorf("saving roll %d: p_poisoned %.6g, p_burning %.6g, want %.6g x p_success %.6g", thr, res.PPoisoned, res.PBurning, keep, res.PSuccess)
		}
	}
}

// savingSamplerCases are the saving roll in TestSamplerAgainstExact's table
// (sampler_test.go): one roll per effect a hit or a counter puts, on the
// defender (bleeding, stun on a CH, repel, several hits; a Bite's bleeding
// and fright) and on the attacker (a counter's bleeding, stun, daze).
func savingSamplerCases() []samplerCase {
	fighter := safar("fighter", 2, stats4(4, 5, 4, 4), 3)
	warden := safar("warden", 3, stats4(3, 5, 5, 5), 4)
	return []samplerCase{
		{"saving roll 5: a hook hammer's bleeding, stun and repel, 3 AP PAC:AC with its free attack (skills.md section 3 H)", func() *sim.Exchange {
			def := warded(safar("guard", 2, stats4(3, 4, 4, 4), 3), profiles.Wards{SavingRoll: 5})
			return &sim.Exchange{Attacker: sim.NewFighter(fighter, []*profiles.Equipment{hookHammer}), Defender: sim.NewFighter(def, []*profiles.Equipment{club}),
				Attack: sim.Attack{AP: 3, Chars: sim.CharsOf(sim.P, sim.A, sim.C), Effects: sim.CharsOf(sim.A, sim.C)}, Policy: fixed(sim.Defence{})}
		}},
		{"saving roll 7: a Bite's bleeding and fright", func() *sim.Exchange {
			def := warded(safar("guard", 2, stats4(3, 4, 4, 4), 3), profiles.Wards{SavingRoll: 7})
			return &sim.Exchange{Attacker: sim.NewFighter(safar("biter", 2, stats4(5, 4, 4, 3), 3, skill("bite")), nil), Defender: sim.NewFighter(def, nil),
				Attack: sim.Attack{Kind: sim.Bite, AP: 2}, Policy: sim.Policy{}}
		}},
		{"saving roll 3 on the attacker: counters' bleeding and stun on free attacks", func() *sim.Exchange {
			att := warded(safar("fighter", 2, stats4(4, 5, 4, 3), 3), profiles.Wards{SavingRoll: 3})
			e := &sim.Exchange{Attacker: sim.NewFighter(att, []*profiles.Equipment{club}), Defender: sim.NewFighter(warden, []*profiles.Equipment{hookHammer}),
				Attack: sim.Attack{AP: 3, Chars: sim.CharsOf(sim.P, sim.A, sim.A), Effects: sim.CharsOf(sim.A, sim.A)}, Policy: fixed(sim.Defence{})}
			e.Policy.DefenceMastery = true
			return e
		}},
		{"saving roll 7 on the attacker: a mace's daze on a 3 AP defence CH", func() *sim.Exchange {
			att := warded(safar("fighter", 2, stats4(4, 5, 4, 3), 3), profiles.Wards{SavingRoll: 7})
			return &sim.Exchange{Attacker: sim.NewFighter(att, []*profiles.Equipment{club}), Defender: sim.NewFighter(warden, []*profiles.Equipment{dazeMace}),
				Attack: sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.P)},
				Policy: fixed(sim.Defence{AP: 3, Chars: sim.CharsOf(sim.P, sim.A, sim.C)})}
		}},
	}
}

// TestAnySourceSpellDamage checks a damage spell against a card that stops 1
// damage from any source (skills.md section 3 G): Cast.Exact's amount is the
// bolt's 1D5 less 1 (0 to 4, each 1/5 of a success, 1 in 0 with the misses),
// and the sampler agrees within 99.99% Wilson intervals.
func TestAnySourceSpellDamage(t *testing.T) {
	m := sim.NewFighter(mage("m", 1, 4, profiles.Osteomancy, nil), nil)
	p := warded(target("t", 1, 3, nil), profiles.Wards{AnySource: 1})
	zero := 0
	c := &sim.Cast{Caster: m, Target: sim.NewFighter(p, nil), Spell: bolt, Difficulty: 12, AP: 1, Defence: &zero}
	r := castExact(t, c)
	s := r.PSuccess
	want := []float64{1 - s + s/5, s / 5, s / 5, s / 5, s / 5}
	for k := range max(len(r.AmountPMF), len(want)) {
		if g, w := pmf(r.AmountPMF, k), pmf(want, k); math.Abs(g-w) > 1e-12 {
			t.Errorf("amount_pmf[%d] = %.15g, want %.15g", k, g, w)
		}
	}
	sm, err := c.NewSampler()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.NewPCG(9, 9)
	const n = 20000
	counts := make([]int, 6)
	for range n {
		counts[min(sm.Sample(rng).Amount, 5)]++
	}
	for k, w := range want {
		if lo, hi := stats.Wilson(counts[k], n, 0.9999); w < lo || w > hi {
			t.Errorf("sampled amount %d: %d of %d (99.99%% Wilson %.4f-%.4f), exact %.4f", k, counts[k], n, lo, hi, w)
		}
	}
	if counts[5] > 0 {
		t.Errorf("sampled amount 5 (a 1D5 less 1) %d times", counts[5])
	}
}

// TestArmourRerollNotModelled checks that a fight names what it does not
// play of a card's armour reroll (skills.md section 3 G): the roll of the
// armour worn under, and a spell's armour roll when a caster is in the
// fight; nothing without the reroll.
func TestArmourRerollNotModelled(t *testing.T) {
	under := &profiles.Equipment{ID: "hide", Kind: profiles.KindArmour, Armour: &profiles.ArmourStats{Failure: 1, Threshold: 6, Success: 2, Boxes: 4, Stacks: true}}
	for _, reroll := range []bool{false, true} {
		q := warded(safar("shell", 2, stats4(3, 3, 3, 3), 3), profiles.Wards{ArmourReroll: reroll})
		m := mage("m", 1, 4, profiles.Osteomancy, nil)
		d := &sim.Duel{A: sim.NewFighter(m, nil), B: sim.NewFighter(q, []*profiles.Equipment{wear(plate), under})}
		got := strings.Join(d.NotModelled(), "; ")
		for _, want := range []string{"its card's armour reroll on the armour worn under (shell)", "its card's armour reroll against a spell (shell)"} {
			if strings.Contains(got, want) != reroll {
				t.Errorf("reroll %v: not modelled %q; want %q: %v", reroll, got, want, reroll)
			}
		}
	}
}

// TestWardsCounterTrace checks that a duel's trace shows an attacker's card
// at work on the counter damage it takes (skills.md section 3 G): its
// any_source reduction and its armour reroll.
func TestWardsCounterTrace(t *testing.T) {
	p := warded(safar("shell", 2, stats4(4, 5, 5, 3), 3), profiles.Wards{AnySource: 1, ArmourReroll: true})
	p.AP, p.HP = 6, 40
	q := safar("warden", 3, stats4(3, 5, 5, 5), 4)
	q.HP = 40
	d := &sim.Duel{A: sim.NewFighter(p, []*profiles.Equipment{club, wear(plate)}), B: sim.NewFighter(q, []*profiles.Equipment{club})}
	pl, err := d.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	pl.SetTrace(&buf)
	stops, rerolls := 0, 0
	for seed := range uint64(30) {
		buf.Reset()
		pl.Play(rand.NewPCG(seed, 8))
		for _, l := range strings.Split(buf.String(), "\n") {
			if strings.Contains(l, "A attacks") && strings.Contains(l, "stopped, counter") {
				stops += strings.Count(l, "its card stops 1")
				rerolls += strings.Count(l, "rerolled by its card")
			}
		}
	}
	if stops == 0 || rerolls == 0 {
		t.Errorf("counters on A traced with its card's stop %d times and its armour reroll %d times in 30 duels; want both", stops, rerolls)
	}
}
