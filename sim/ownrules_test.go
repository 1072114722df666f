package sim_test

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// The tests of skills.md section 3, pattern F "Own exchange modifiers"
// (profiles.OwnRules, sim/ownrules.go). The cards are invented: round values,
// one rule each.

// ownCard returns a level-level Safar with 5 AP whose card carries own.
func ownCard(id string, level int, st profiles.Stats, own profiles.OwnRules, skills ...profiles.Skill) *profiles.Profile {
	p := safar(id, level, st, 3, skills...)
	p.Own = own
	p.Faction = profiles.Kharns
	return p
}

func close9(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// TestOwnCriticalFrom checks "CH on 9-10 on all its attacks" (critical_from:
// 9; R2: "the critical range (10; some weapons 9-10)"): a level I attacker
// rolls a CH with probability 0.2 instead of 0.1, bare-handed, with a Bite
// and with a bow, and a weapon's own wider range (CH 8-10) is kept. Fails
// before: the card's field did not exist, every attack had a CH on 10 only.
func TestOwnCriticalFrom(t *testing.T) {
	guard := sim.NewFighter(safar("guard", 1, stats4(3, 3, 3, 3), 3), nil)
	own := profiles.OwnRules{CriticalFrom: 9}
	keen := ownCard("keen", 1, stats4(4, 4, 4, 4), own, skill("bite"))
	plain := safar("plain", 1, stats4(4, 4, 4, 4), 3, skill("bite"))
	wide := &profiles.Equipment{ID: "wide", Kind: profiles.KindMelee, Hands: 1, Effects: profiles.Effects{CriticalFrom: 8}}
	pa := sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.P)}
	for _, c := range []struct {
		what   string
		att    *profiles.Profile
		items  []*profiles.Equipment
		attack sim.Attack
		want   float64
	}{
		{"bare hands", keen, nil, pa, 0.2},
		{"bare hands, no card rule", plain, nil, pa, 0.1},
		{"Bite", keen, nil, sim.Attack{Kind: sim.Bite, AP: 2}, 0.2},
		{"bow, AA shot", keen, []*profiles.Equipment{bow}, sim.Attack{Kind: sim.Shot, AP: 2, Chars: sim.CharsOf(sim.A, sim.A)}, 0.2},
		{"a CH 8-10 weapon keeps its range", keen, []*profiles.Equipment{wide}, pa, 0.3},
	} {
		r := exact(t, &sim.Exchange{Attacker: sim.NewFighter(c.att, c.items), Defender: guard, Attack: c.attack, Policy: fixed(sim.Defence{})})
		if !close9(r.PAttackCritical, c.want) {
			t.Errorf("%s: P(CH) %.6f, want %.2f", c.what, r.PAttackCritical, c.want)
		}
	}
}

// TestOwnDefenceDamageVs checks "+2 damage on its defences against one named
// people" (defence_damage_vs): the counter damage of its successful 2 AP
// defence is 2 more against a Fang, the same against a Khârn. Fails before:
// the counter damage was the same against both.
func TestOwnDefenceDamageVs(t *testing.T) {
	own := profiles.OwnRules{DefenceDamage: []profiles.DefenceDamage{{Against: profiles.Selector{Factions: []string{profiles.Fangs}}, Amount: 2}}}
	hater := sim.NewFighter(ownCard("hater", 2, stats4(3, 4, 4, 5), own), nil)
	plain := sim.NewFighter(safar("plain", 2, stats4(3, 4, 4, 5), 3), nil)
	fang := safar("fang", 2, stats4(4, 5, 4, 3), 3)
	fang.Faction = profiles.Fangs
	kharn := safar("kharn", 2, stats4(4, 5, 4, 3), 3)
	kharn.Faction = profiles.Kharns
	pa := sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.P)}
	d := fixed(sim.Defence{AP: 2, Chars: sim.CharsOf(sim.P, sim.C), Counter: sim.C, CounterDamage: true})
	run := func(att *profiles.Profile, def *sim.Fighter) *sim.Result {
		return exact(t, &sim.Exchange{Attacker: sim.NewFighter(att, nil), Defender: def, Attack: pa, Policy: d})
	}
	base, vsFang, vsKharn := run(fang, plain), run(fang, hater), run(kharn, hater)
	if base.ExpectedCounter < 0.5 {
		t.Fatalf("expected counter %g: the case tells little", base.ExpectedCounter)
	}
	for k := 1; k < len(base.CounterPMF); k++ {
		if !close9(pmf(vsFang.CounterPMF, k+2), base.CounterPMF[k]) || !close9(pmf(vsKharn.CounterPMF, k), base.CounterPMF[k]) {
			t.Errorf("counter %d: P %.6f; against a Fang P(%d) = %.6f (want it), against a Khârn P(%d) = %.6f (want it)",
				k, base.CounterPMF[k], k+2, pmf(vsFang.CounterPMF, k+2), k, pmf(vsKharn.CounterPMF, k))
		}
	}
}

// TestOwnBiteDoubleUnhurt checks "double damage on its Bite against a target
// that has all its HP" (bite_double_unhurt; R18: Bite 1D5): against an
// unhurt target the Bite deals 2, 4, ... 10, each with the probability of 1,
// 2, ... 5 without the rule; against a hurt one (Exchange.DefenderHurt) the
// same as without. Fails before: 1D5 whatever the target's HP.
func TestOwnBiteDoubleUnhurt(t *testing.T) {
	guard := sim.NewFighter(safar("guard", 2, stats4(3, 3, 3, 3), 3), nil)
	own := profiles.OwnRules{BiteDoubleUnhurt: true}
	biter := sim.NewFighter(ownCard("biter", 2, stats4(4, 4, 4, 4), own, skill("bite")), nil)
	plain := sim.NewFighter(safar("plain", 2, stats4(4, 4, 4, 4), 3, skill("bite")), nil)
	bite := sim.Attack{Kind: sim.Bite, AP: 2}
	run := func(att *sim.Fighter, hurt bool) *sim.Result {
		return exact(t, &sim.Exchange{Attacker: att, Defender: guard, Attack: bite, Policy: fixed(sim.Defence{}), DefenderHurt: hurt})
	}
	base, unhurt, hurt := run(plain, false), run(biter, false), run(biter, true)
	for k := 1; k <= 5; k++ {
		if base.DamagePMF[k] < 0.01 {
			t.Fatalf("P(%d damage) %g: the case tells little", k, base.DamagePMF[k])
		}
		if !close9(pmf(unhurt.DamagePMF, 2*k), base.DamagePMF[k]) || pmf(unhurt.DamagePMF, 2*k-1) != 0 {
			t.Errorf("unhurt target: P(%d) %.6f, P(%d) %.6f; want %.6f and 0", 2*k, pmf(unhurt.DamagePMF, 2*k), 2*k-1, pmf(unhurt.DamagePMF, 2*k-1), base.DamagePMF[k])
		}
		if !close9(pmf(hurt.DamagePMF, k), base.DamagePMF[k]) {
			t.Errorf("hurt target: P(%d) %.6f, want %.6f as without the rule", k, pmf(hurt.DamagePMF, k), base.DamagePMF[k])
		}
	}
}

// TestOwnShotCritical checks "on a shooting CH it adds its A as well as its
// stature to the damage" (shot_critical_adds: A): with no armour, the
// expected damage of its AA shot is that of the same card without the rule
// plus P(CH and success) x (A + stature); its lightning shot (1 AP, no CH
// bonus, R9) is unchanged. Fails before: a shooting CH only doubled.
func TestOwnShotCritical(t *testing.T) {
	guard := sim.NewFighter(safar("guard", 2, stats4(3, 3, 3, 3), 3), nil)
	own := profiles.OwnRules{ShotCritical: true, ShotCriticalAdds: profiles.A}
	st := stats4(4, 4, 5, 4)
	archer := sim.NewFighter(ownCard("archer", 2, st, own), []*profiles.Equipment{bow})
	plain := sim.NewFighter(safar("plain", 2, st, 3), []*profiles.Equipment{bow})
	for _, a := range []sim.Attack{
		{Kind: sim.Shot, AP: 2, Chars: sim.CharsOf(sim.A, sim.A)},
		{Kind: sim.Shot, AP: 1, Chars: sim.CharsOf(sim.A)},
	} {
		run := func(f *sim.Fighter) *sim.Result {
			return exact(t, &sim.Exchange{Attacker: f, Defender: guard, Attack: a, Policy: fixed(sim.Defence{})})
		}
		base, got := run(plain), run(archer)
		want := base.ExpectedDamage
		if a.AP > 1 {
			want += base.PCriticalSuccess * float64(st.A+3)
		}
		if !close9(got.ExpectedDamage, want) || base.PCriticalSuccess < 0.01 {
			t.Errorf("%d AP shot: expected damage %.6f, want %.6f (without the rule %.6f, P(CH success) %.4f)",
				a.AP, got.ExpectedDamage, want, base.ExpectedDamage, base.PCriticalSuccess)
		}
	}
}

// TestOwnVVPower checks "the P effect allowed on a V+V attack when it is not
// charging" (vv_power_effect; R10: effects come from the engaged
// characteristics): VV:P is legal without assault and deals 1 more damage
// than VV with no effect, is refused in an assault and without the card's
// rule, and the effect choices offer it. Fails before: P was refused on VV.
func TestOwnVVPower(t *testing.T) {
	guard := sim.NewFighter(safar("guard", 2, stats4(3, 3, 3, 3), 3), nil)
	own := profiles.OwnRules{VVPower: true}
	runner := sim.NewFighter(ownCard("runner", 2, stats4(5, 3, 3, 3), own), nil)
	plain := sim.NewFighter(safar("plain", 2, stats4(5, 3, 3, 3), 3), nil)
	vvP := sim.Attack{AP: 2, Chars: sim.CharsOf(sim.V, sim.V), Effects: sim.CharsOf(sim.P)}
	ex := func(f *sim.Fighter, a sim.Attack, assault bool) *sim.Exchange {
		return &sim.Exchange{Attacker: f, Defender: guard, Attack: a, Assault: assault, Policy: fixed(sim.Defence{})}
	}
	if err := ex(runner, vvP, false).Prepare(); err != nil {
		t.Fatalf("VV:P not charging: %v", err)
	}
	for _, c := range []struct {
		what string
		ex   *sim.Exchange
	}{{"in an assault", ex(runner, vvP, true)}, {"without the card's rule", ex(plain, vvP, false)}} {
		if err := c.ex.Prepare(); err == nil || !strings.Contains(err.Error(), "R10") {
			t.Errorf("VV:P %s: error %v, want R10's", c.what, err)
		}
	}
	// 3 AP VVA: P and A together, P standing for one V.
	if err := ex(runner, sim.Attack{AP: 3, Chars: sim.CharsOf(sim.V, sim.V, sim.A), Effects: sim.CharsOf(sim.P, sim.A)}, false).Prepare(); err != nil {
		t.Errorf("VVA:PA: %v", err)
	}
	if err := ex(runner, sim.Attack{AP: 3, Chars: sim.CharsOf(sim.V, sim.V, sim.A), Effects: sim.CharsOf(sim.P, sim.P)}, false).Prepare(); err == nil {
		t.Error("VVA:PP accepted: one P stands for one V only")
	}
	withP, none := exact(t, ex(runner, vvP, false)), exact(t, ex(runner, sim.Attack{AP: 2, Chars: sim.CharsOf(sim.V, sim.V)}, false))
	if !close9(withP.ExpectedDamage-none.ExpectedDamage, withP.PSuccess) {
		t.Errorf("VV:P expected damage %.6f, VV %.6f: want +1 per success (%.6f)", withP.ExpectedDamage, none.ExpectedDamage, withP.PSuccess)
	}
	best, _, err := ex(runner, sim.Attack{AP: 2, Chars: sim.CharsOf(sim.V, sim.V)}, false).BestEffects(sim.Attack{AP: 2, Chars: sim.CharsOf(sim.V, sim.V)})
	if err != nil || best.Effects != sim.CharsOf(sim.P) {
		t.Errorf("best effects of VV: %v (%v), want P (+1 damage; V moves only)", best.Effects, err)
	}
}

// TestOwnAttackEffects checks "in attack it may only apply the C and V
// effects" (attack_effects: CV): P and A effects are refused with the rule
// named, C and V accepted, and the best effects of a PC attack are C.
// Fails before: PC:P was legal and the best choice.
func TestOwnAttackEffects(t *testing.T) {
	guard := sim.NewFighter(safar("guard", 2, stats4(3, 3, 3, 3), 3), nil)
	own := profiles.OwnRules{AttackEffects: profiles.CharSet(0).With(profiles.C).With(profiles.V)}
	brute := sim.NewFighter(ownCard("brute", 2, stats4(3, 5, 4, 4), own), nil)
	ex := func(eff sim.Chars) *sim.Exchange {
		return &sim.Exchange{Attacker: brute, Defender: guard, Attack: sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.C), Effects: eff}}
	}
	if err := ex(sim.CharsOf(sim.P)).Prepare(); err == nil || !strings.Contains(err.Error(), "skills.md section 3 F") {
		t.Errorf("PC:P: error %v, want the card's rule", err)
	}
	if err := ex(sim.CharsOf(sim.C)).Prepare(); err != nil {
		t.Errorf("PC:C: %v", err)
	}
	best, _, err := ex(sim.Chars{}).BestEffects(sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.C)})
	if err != nil || best.Effects.Has(sim.P) {
		t.Errorf("best effects of PC: %v (%v), want no P", best.Effects, err)
	}
}

// TestOwnDefenceRules checks "it can make no defence without
// characteristics, and its successful defences deal damage only, never
// effects" (no_reflex_defence, defence_damage_only; R7 reflex defence, R11):
// with no AP it cannot defend, so every attack that is not a CF succeeds; a
// reflex defence fixed by the caller and a defence with an effect are
// refused; its 3 AP defence counters with damage and no effect. Fails
// before: it defended by reflex, and its 3 AP defence applied P.
func TestOwnDefenceRules(t *testing.T) {
	att := sim.NewFighter(safar("att", 2, stats4(4, 5, 4, 3), 3), nil)
	own := profiles.OwnRules{NoReflexDefence: true, DefenceDamageOnly: true}
	stiff := ownCard("stiff", 2, stats4(3, 4, 4, 5), own)
	pa := sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.P)}
	tired := sim.NewFighter(stiff, nil)
	tired.AP = 0
	r := exact(t, &sim.Exchange{Attacker: att, Defender: tired, Attack: pa})
	if !close9(r.PSuccess, 1-r.PAttackCF) {
		t.Errorf("no AP, no reflex defence: P(success) %.6f, want 1 - P(CF) = %.6f", r.PSuccess, 1-r.PAttackCF)
	}
	fresh := sim.NewFighter(stiff, nil)
	ex := &sim.Exchange{Attacker: att, Defender: fresh, Attack: pa}
	if err := ex.CheckDefence(sim.Defence{}, false); err == nil || !strings.Contains(err.Error(), "no reflex defence") {
		t.Errorf("reflex defence: error %v, want the card's rule", err)
	}
	if err := ex.CheckDefence(sim.Defence{AP: 2, Chars: sim.CharsOf(sim.P, sim.C), Effect: sim.C, HasEffect: true}, false); err == nil {
		t.Error("a defence with an effect accepted")
	}
	three := &sim.Exchange{Attacker: att, Defender: fresh, Attack: pa, Policy: fixed(sim.Defence{AP: 3, Chars: sim.CharsOf(sim.P, sim.C, sim.C)})}
	r = exact(t, three)
	if d := three.Policy.Defence; d.HasEffect || d.HasEffect2 || !d.CounterDamage {
		t.Errorf("3 AP defence %+v: want damage and no effect", *d)
	}
	if r.PAttackerRepelled != 0 || r.ExpectedCounter < 0.5 {
		t.Errorf("3 AP defence: attacker repelled %.4f, expected counter %.4f; want 0 and a counter", r.PAttackerRepelled, r.ExpectedCounter)
	}
}

// TestOwnDefenceBonus checks the exchange side of "+2 defence while its twin
// is in play" and "adds its T to all its defences" (defence_bonuses,
// Fighter.DefenceBonus, set by fights while the named Safar is in play): a
// defence bonus of 2 gives the reflex defence the result of an attack 2
// lower. Fails before: the Fighter had no such bonus.
func TestOwnDefenceBonus(t *testing.T) {
	att := sim.NewFighter(safar("att", 2, stats4(4, 5, 4, 3), 3), nil)
	def := sim.NewFighter(safar("def", 2, stats4(3, 4, 4, 5), 3), nil)
	pa := sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.P)}
	bonus := *def
	bonus.DefenceBonus = 2
	got := exact(t, &sim.Exchange{Attacker: att, Defender: &bonus, Attack: pa, Policy: fixed(sim.Defence{})})
	want := exact(t, &sim.Exchange{Attacker: att, Defender: def, Attack: pa, Policy: fixed(sim.Defence{}), AttackBonus: -2})
	plain := exact(t, &sim.Exchange{Attacker: att, Defender: def, Attack: pa, Policy: fixed(sim.Defence{})})
	if !close9(got.PSuccess, want.PSuccess) || !close9(got.ExpectedDamage, want.ExpectedDamage) || close9(got.PSuccess, plain.PSuccess) {
		t.Errorf("defence +2: P(success) %.6f, E[damage] %.6f; want %.6f, %.6f (without it %.6f)",
			got.PSuccess, got.ExpectedDamage, want.PSuccess, want.ExpectedDamage, plain.PSuccess)
	}
}

// ownSamplerCases are pattern F's rules in TestSamplerAgainstExact's table
// (sampler_test.go): the sampler and the exact engine must agree on them
// within 99.99% Wilson intervals.
func ownSamplerCases() []samplerCase {
	guard := safar("guard", 2, stats4(3, 4, 4, 5), 3)
	fang := safar("fang", 2, stats4(4, 5, 4, 3), 3)
	fang.Faction = profiles.Fangs
	return []samplerCase{
		{"own rules: CH 9-10 Bite doubled against an unhurt target, mastery, best response", func() *sim.Exchange {
			own := profiles.OwnRules{CriticalFrom: 9, BiteDoubleUnhurt: true}
			b := withMastery(ownCard("biter", 2, stats4(4, 5, 4, 4), own, skill("bite")), profiles.Offensive)
			return &sim.Exchange{Attacker: sim.NewFighter(b, nil), Defender: sim.NewFighter(guard, []*profiles.Equipment{wear(halfPlate)}),
				Attack: sim.Attack{Kind: sim.Bite, AP: 2}, Policy: sim.DefaultPolicy}
		}},
		{"own rules: a shooting CH adds A and stature, CH 9-10, against plate", func() *sim.Exchange {
			own := profiles.OwnRules{CriticalFrom: 9, ShotCritical: true, ShotCriticalAdds: profiles.A}
			return &sim.Exchange{Attacker: sim.NewFighter(ownCard("archer", 2, stats4(4, 4, 5, 4), own), []*profiles.Equipment{bow}),
				Defender: sim.NewFighter(guard, []*profiles.Equipment{wear(plate)}),
				Attack:   sim.Attack{Kind: sim.Shot, AP: 3, Chars: sim.CharsOf(sim.A, sim.A, sim.V)}, Policy: sim.DefaultPolicy}
		}},
		{"own rules: VVC:PC not charging, against a defender with +2, damage-only counters and +2 counter against a Fang", func() *sim.Exchange {
			own := profiles.OwnRules{VVPower: true}
			def := ownCard("stiff", 2, stats4(3, 4, 4, 5), profiles.OwnRules{NoReflexDefence: true, DefenceDamageOnly: true,
				DefenceDamage: []profiles.DefenceDamage{{Against: profiles.Selector{Factions: []string{profiles.Fangs}}, Amount: 2}}})
			d := sim.NewFighter(def, []*profiles.Equipment{club})
			d.DefenceBonus = 2
			a := *fang
			a.Own = own
			return &sim.Exchange{Attacker: sim.NewFighter(&a, []*profiles.Equipment{club}), Defender: d,
				Attack: sim.Attack{AP: 3, Chars: sim.CharsOf(sim.V, sim.V, sim.C), Effects: sim.CharsOf(sim.P, sim.C)}, Policy: sim.DefaultPolicy}
		}},
	}
}

// TestOwnRulesInSkirmishes plays pattern F's rules in skirmishes: twins that
// defend with +2 while the other is in play (defence_bonuses), a Fang whose
// Bite is doubled against an unhurt target and whose attacks have a CH on
// 9-10, a runner with P on V+V, and a stiff guard with no reflex defence and
// damage-only counters; each battle's trace must be consistent
// (newTraceChecker) and show the twins' bonus and the doubled Bite. Fails
// before: the fields did not exist.
func TestOwnRulesInSkirmishes(t *testing.T) {
	sk := ownSkirmish()
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	events := map[string]int{}
	bonus, doubled := 0, 0
	var first string
	for seed := range uint64(30) {
		var buf strings.Builder
		pl.SetTrace(&buf)
		res := pl.Play(rand.NewPCG(seed, 11))
		newTraceChecker(t, "own rules", sk, pl.Labels(), events).check(buf.String(), res)
		if t.Failed() {
			t.Logf("trace:\n%s", buf.String())
			return
		}
		bonus += strings.Count(buf.String(), "defends with +2: its card")
		if first == "" && strings.Contains(buf.String(), "Bite deals double") {
			first = buf.String()
		}
		doubled += strings.Count(buf.String(), "Bite deals double damage")
	}
	if bonus == 0 || doubled == 0 {
		t.Errorf("in 30 battles: %d defences with the twins' +2, %d doubled Bites; want some of each", bonus, doubled)
	}
	t.Logf("%d twin bonuses, %d doubled Bites in 30 battles; events %v", bonus, doubled, events)
	if testing.Verbose() {
		t.Logf("a trace with a doubled Bite:\n%s", first)
	}
}

// ownSkirmish is TestOwnRulesInSkirmishes's battle: every pattern F rule
// on invented cards.
func ownSkirmish() *sim.Skirmish {
	twin := func(id, other string) *sim.Fighter {
		p := ownCard(id, 2, stats4(4, 4, 4, 4), profiles.OwnRules{DefenceBonuses: []profiles.DefenceBonus{
			{WhileInPlay: profiles.Selector{Profiles: []string{other}}, Amount: 2}}})
		p.HP = 10
		return sim.NewFighter(p, []*profiles.Equipment{club})
	}
	stiff := ownCard("stiff", 2, stats4(3, 4, 4, 5), profiles.OwnRules{NoReflexDefence: true, DefenceDamageOnly: true})
	a := []*sim.Fighter{twin("twin-a", "twin-b"), twin("twin-b", "twin-a"), sim.NewFighter(stiff, []*profiles.Equipment{club})}
	biter := ownCard("biter", 2, stats4(5, 5, 4, 4), profiles.OwnRules{CriticalFrom: 9, BiteDoubleUnhurt: true}, skill("bite"))
	biter.Faction = profiles.Fangs
	runner := ownCard("runner", 2, stats4(6, 3, 4, 3), profiles.OwnRules{VVPower: true, AttackEffects: profiles.CharSet(0).With(profiles.P).With(profiles.V)})
	// A muzzle: no attack with V, P, A or C, so that its only attack is its
	// Bite (special attacks use no weapon, R18), which the policy values
	// undoubled (sim/ownrules.go) and would not choose otherwise.
	muzzle := &profiles.Equipment{ID: "muzzle", Kind: profiles.KindMelee, Hands: 1,
		Effects: profiles.Effects{NoAttackWith: []sim.Char{sim.V, sim.P, sim.A, sim.C}}}
	b := []*sim.Fighter{sim.NewFighter(biter, []*profiles.Equipment{muzzle}), sim.NewFighter(runner, []*profiles.Equipment{club})}
	sk := &sim.Skirmish{Sides: [2]sim.Spearhead{
		{Name: "twins", Safars: a, Costs: []int{1, 1, 1}, Leader: 0},
		{Name: "pack", Safars: b, Costs: []int{1, 1}, Leader: 0},
	}}
	return sk
}

// TestOwnRulesSkirmishAllocs checks that warm battles of pattern F's cards
// allocate nothing (the hot path stays allocation-free: the defence bonus
// is counted without a closure, the doubled Bite's distribution is shared).
func TestOwnRulesSkirmishAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	pl, err := ownSkirmish().NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	if n := sim.WarmAllocs(pl, 50); n != 0 {
		t.Errorf("%v allocations per battle, want 0", n)
	}
}
