package sim_test

import (
	"math"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// This file checks the amendments of the second reading of the rulebooks
// (rulings.md, "Amendments"; issue #11, section 1), each against values derived by
// hand from the rule it cites.

// TestCounterUsesDefenderWeapon checks R11a: counter damage is dealt with the
// defender's weapon (seed 000 line 786: "When using a weapon during a combat, its
// effects are not optional"): a fixed damage chosen when higher, the damage bonus,
// armour-piercing and armour-ignoring. The defence and the attack are the same in
// every case, so the chance to stop the attack, on a plain roll and on a CH, is
// the one of the bare-handed defender against an unarmoured attacker, whose
// counter is C = 4 (+ stature 2 on a CH, R9a); only the damage values move.
func TestCounterUsesDefenderWeapon(t *testing.T) {
	const stature = 2
	att := safar("att", 2, stats4(3, 5, 4, 2), 3)
	def := safar("def", 2, stats4(4, 3, 5, 4), stature)
	pc := sim.Defence{AP: 2, Chars: sim.CharsOf(sim.P, sim.C)}
	a := sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.P)}
	run := func(defItems, attItems []*profiles.Equipment) *sim.Result {
		return exact(t, &sim.Exchange{Attacker: sim.NewFighter(att, attItems), Defender: sim.NewFighter(def, defItems),
			Attack: a, Policy: fixed(pc)})
	}
	bare := run(nil, nil)
	plain, crit := pmf(bare.CounterPMF, 4), pmf(bare.CounterPMF, 4+stature)
	if plain < 0.1 || crit < 0.005 {
		t.Fatalf("bare hands: counter 4 with p %g, 6 with p %g: the case tells little", plain, crit)
	}
	// greataxe: "8 dgts" and "+1 damage".
	greataxe := &profiles.Equipment{ID: "greataxe", Kind: profiles.KindMelee, Hands: 2,
		Effects: profiles.Effects{FixedDamage: &profiles.Dice{Plus: 8}, DamageBonus: 1}}
	// piercer: "+2 damage", armour-piercing 10 (every box of the plate).
	piercer := &profiles.Equipment{ID: "piercer", Kind: profiles.KindMelee, Hands: 1,
		Effects: profiles.Effects{DamageBonus: 2, ArmourPiercing: &profiles.Dice{Plus: 10}}}
	// ignorer: "target armour protects 3 less": plate (-2/6/-3) protects nothing.
	ignorer := &profiles.Equipment{ID: "ignorer", Kind: profiles.KindMelee, Hands: 1,
		Effects: profiles.Effects{ArmourIgnore: 3}}
	for _, c := range []struct {
		name      string
		defItems  []*profiles.Equipment
		attItems  []*profiles.Equipment
		dmg, dmgC int // counter damage on a plain and on a CH defence roll
	}{
		// Fixed 8 beats C = 4, + 1: 9; a CH adds the stature: 11.
		{"fixed damage and bonus", []*profiles.Equipment{greataxe}, nil, 9, 9 + stature},
		// C + 2 = 6; the plate's boxes are all ticked before its roll (R12).
		{"armour-piercing through plate", []*profiles.Equipment{piercer}, []*profiles.Equipment{wear(plate)}, 6, 6 + stature},
		// C = 4; the plate protects max(2-3, 0) or max(3-3, 0) = 0, and a natural
		// 10 stops the base damage but not the CH bonus (R12): 0 or 2 on a CH.
		{"armour-ignore through plate", []*profiles.Equipment{ignorer}, []*profiles.Equipment{wear(plate)}, 4, 4 + stature},
	} {
		got := run(c.defItems, c.attItems)
		wantPlain, wantCrit := plain, crit
		if c.name == "armour-ignore through plate" {
			// A natural 10 on the armour (1 in 10) stops the base damage (R12).
			wantPlain, wantCrit = plain*0.9, crit*0.9
			if g := pmf(got.CounterPMF, 0) - pmf(bare.CounterPMF, 0); math.Abs(g-plain*0.1) > 1e-9 {
				t.Errorf("%s: counter 0 gained %.9g, want the natural 10s of the plain stops %.9g", c.name, g, plain*0.1)
			}
			if g := pmf(got.CounterPMF, stature); math.Abs(g-crit*0.1) > 1e-9 {
				t.Errorf("%s: counter %d (the CH bonus alone) %.9g, want %.9g", c.name, stature, g, crit*0.1)
			}
		}
		if g := pmf(got.CounterPMF, c.dmg); math.Abs(g-wantPlain) > 1e-9 {
			t.Errorf("%s: P(counter %d) = %.9g, want %.9g", c.name, c.dmg, g, wantPlain)
		}
		if g := pmf(got.CounterPMF, c.dmgC); math.Abs(g-wantCrit) > 1e-9 {
			t.Errorf("%s: P(counter %d) = %.9g, want %.9g", c.name, c.dmgC, g, wantCrit)
		}
	}
}

// TestFreeAttackFixedDamage checks R7a: the free attack of an A effect is a 1 AP
// basic attack with the attacker's weapon, ceil(fixed damage / 2) when that beats
// ceil(characteristic / 2), plus the weapon's damage bonus, like --attack 1:P.
// Against a reflex defence with a huge defence modifier neither attack can land
// except on a defence CF, so compare the damage values the two can deal.
func TestFreeAttackFixedDamage(t *testing.T) {
	// heavy: "8 dgts", "+1 damage": a 1 AP attack deals ceil(8/2) + 1 = 5, not
	// ceil(P/2) + 1 = 3 + 1 with P = 5.
	heavy := &profiles.Equipment{ID: "heavy", Kind: profiles.KindMelee, Hands: 2,
		Effects: profiles.Effects{FixedDamage: &profiles.Dice{Plus: 8}, DamageBonus: 1}}
	att := safar("att", 2, stats4(3, 5, 4, 2), 3)
	def := safar("def", 1, stats4(4, 3, 5, 4), 2)
	one := exact(t, &sim.Exchange{Attacker: sim.NewFighter(att, []*profiles.Equipment{heavy}), Defender: sim.NewFighter(def, nil),
		Attack: sim.Attack{AP: 1, Chars: sim.CharsOf(sim.P)}, Policy: fixed(sim.Defence{})})
	if len(one.DamagePMF) != 6 || one.DamagePMF[5] == 0 {
		t.Fatalf("--attack 1:P with the heavy weapon: damage pmf %v, want 0 or 5", one.DamagePMF)
	}
	// 2 AP PA with an A effect, damage from the fixed 8 + 1 = 9; its free attack
	// adds 5 when it lands. Reflex defence against both (fixed for the main attack,
	// best response of a 0 AP defender for the free one).
	d := sim.NewFighter(def, nil)
	d.AP = 0
	two := exact(t, &sim.Exchange{Attacker: sim.NewFighter(att, []*profiles.Equipment{heavy}), Defender: d,
		Attack: sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.A)}, Policy: fixed(sim.Defence{})})
	for k := range two.DamagePMF {
		// Possible totals: 0, the main attack alone 9 (+3 stature on a CH: 12),
		// with its free attack 14 or 17 (the free attack follows a hit only).
		switch k {
		case 0, 9, 12, 14, 17:
		default:
			if two.DamagePMF[k] > 1e-12 {
				t.Errorf("2:PA:A: damage %d with p %g; the free attack must deal 5 (R7a)", k, two.DamagePMF[k])
			}
		}
	}
	if pmf(two.DamagePMF, 14) < 0.01 {
		t.Errorf("2:PA:A: p(14) = %g: the free attack's 5 is missing", pmf(two.DamagePMF, 14))
	}
}

// TestSadisticOneAP checks R-Sadistic: Sadistic X adds X damage to any undefended
// attack, 1 AP included (seed 000 line 1652 sets no AP minimum): 1:P with P = 5
// deals ceil(5/2) = 3 bare-handed, 4 with Sadistic 1.
func TestSadisticOneAP(t *testing.T) {
	att := safar("sadist", 2, stats4(3, 5, 4, 2), 3, skill("sadistic"))
	def := safar("def", 1, stats4(4, 3, 5, 4), 2)
	ex := &sim.Exchange{Attacker: sim.NewFighter(att, nil), Defender: sim.NewFighter(def, nil),
		Attack: sim.Attack{AP: 1, Chars: sim.CharsOf(sim.P)}, Policy: fixed(sim.Defence{})}
	ex.Policy.Sadistic = 1
	got := exact(t, ex)
	if math.Abs(pmf(got.DamagePMF, 4)-got.PSuccess) > 1e-12 || pmf(got.DamagePMF, 3) != 0 {
		t.Errorf("1:P with Sadistic 1: damage pmf %v, want 4 on every success (p %g)", got.DamagePMF, got.PSuccess)
	}
}

// TestCHAutoSuccessTwoCH checks R2a: under ch-auto-success an attack CH met by a
// defence CH gives no automatic result: the totals are compared (R6). Level 3
// against level 3, attack modifier 9 against defence modifier 3: every CH
// against CH with attack total > defence total succeeds, and the exact engine
// agrees with the enumeration.
func TestCHAutoSuccessTwoCH(t *testing.T) {
	attStats, defStats := stats4(3, 5, 4, 2), stats4(4, 3, 5, 4)
	a := sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.P), DamageChar: sim.P, DamageChosen: true}
	for _, df := range []struct {
		d   sim.Defence
		mod int
	}{{sim.Defence{}, 0}, {sim.Defence{AP: 1, Chars: sim.CharsOf(sim.P)}, 3}} {
		ex := &sim.Exchange{
			Attacker: sim.NewFighter(safar("att", 3, attStats, 3), nil),
			Defender: sim.NewFighter(safar("def", 3, defStats, 2), nil),
			Attack:   a, Variant: sim.Variant{CHAutoSuccess: true},
			Policy: sim.Policy{Defence: &df.d},
		}
		got := exact(t, ex)
		want := bruteExchangeV(3, 3, 9, df.mod, 6, 9, 0, 0, true)
		if tol := want.dropped + 1e-12; math.Abs(got.PSuccess-want.success) > tol {
			t.Errorf("%s: p_success %.15g, enumeration %.15g", df.d, got.PSuccess, want.success)
		}
	}
}
