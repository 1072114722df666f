package sim_test

import (
	"math"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// TestEqualExchange is the equal one-die exchange: level 1 on both sides, bare
// hands, a 1 AP attack with P against a 1 AP defence with P, the same value, no
// modifier. With one die the faces decide alone (seed 000 lines 186-193: a 1 is a
// CF and "never happened", a 10 is a CH rerolled and added; line 677: "A draw will
// always be in favour of the opponent of the active player"):
//
//	P(success) = P(defence CF, attack not) + P(2 <= defence face < attack face <= 9)
//	           + P(attack CH, defence plain) + P(both CH) P(E > E')
//	           = 0.9*0.1 + 28/100 + 0.1*0.8 + 0.01 P(E > E'),
//
// E, E' the values the critical rerolls add. The rerolls tie when both first stop
// on the same face (a 1 adds 0: 1/100, faces 2-9: 8/100) or both show 10 and tie
// again, so P(E = E') = 9/100 + P(E = E')/100 = 1/11, P(E > E') = 5/11, and
// P(success) = 0.45 + 0.05/11 = 5/11. A 1 AP attack deals ceil(P/2) = 2 (seed 000
// lines 838-842: "Damage = chosen characteristic/2 ... round up", no CH bonus).
func TestEqualExchange(t *testing.T) {
	p := safar("equal", 1, stats4(4, 4, 4, 4), 3)
	ex := &sim.Exchange{
		Attacker: sim.NewFighter(p, nil),
		Defender: sim.NewFighter(p, nil),
		Attack:   sim.Attack{Kind: sim.Melee, AP: 1, Chars: sim.CharsOf(sim.P)},
		Policy:   fixed(sim.Defence{AP: 1, Chars: sim.CharsOf(sim.P)}),
	}
	r := exact(t, ex)
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"p_success", r.PSuccess, 5.0 / 11},
		{"p_attack_critical_failure", r.PAttackCF, 0.1},
		{"p_attack_critical", r.PAttackCritical, 0.1},
		// The defence rolls only against an attack that happened (R3).
		{"p_defence_critical_failure", r.PDefenceCF, 0.9 * 0.1},
		// Attack CH and success: defence CF (0.01), plain (0.08), CH and lower (0.01*5/11).
		{"p_critical_success", r.PCriticalSuccess, 0.01 + 0.08 + 0.01*5.0/11},
		{"damage_pmf[0]", pmf(r.DamagePMF, 0), 6.0 / 11},
		{"damage_pmf[2]", pmf(r.DamagePMF, 2), 5.0 / 11},
		{"expected_damage", r.ExpectedDamage, 10.0 / 11},
	} {
		if math.Abs(c.got-c.want) > 1e-12 {
			t.Errorf("%s = %.17g, want %.17g", c.name, c.got, c.want)
		}
	}
	if len(r.DamagePMF) != 3 || r.DamagePMF[1] != 0 {
		t.Errorf("damage_pmf = %v, want mass on 0 and 2 only", r.DamagePMF)
	}
	if r.Truncated > 1e-12 {
		t.Errorf("truncated mass %g above the R2 cutoff", r.Truncated)
	}
}

// shotExchange returns a 2 AP classic shot (AA) of a bow with fixed damage dmg at
// distance rng against an undefended (reflex) target.
func shotExchange(dmg int, rng float64) *sim.Exchange {
	w := *bow
	w.Effects.FixedDamage = &profiles.Dice{Plus: dmg}
	archer := safar("archer", 1, stats4(3, 3, 4, 3), 3)
	target := safar("target", 1, stats4(3, 3, 3, 3), 3)
	return &sim.Exchange{
		Attacker: sim.NewFighter(archer, []*profiles.Equipment{&w}),
		Defender: sim.NewFighter(target, nil),
		Attack: sim.Attack{Kind: sim.Shot, AP: 2, Chars: sim.CharsOf(sim.A, sim.A),
			Fixed: true, DamageChosen: true},
		Range:  rng,
		Policy: fixed(sim.Defence{}),
	}
}

// TestLongRangeShot is the French rules' example (seed 004 lines 952-964): "Mon
// Safar tire à longue portée avec une arme de tir qui fait 5 dégâts. Par chance il
// fait une RC. Si l'attaque n'est pas défendue la cible subira (5 dégâts de l'arme
// x 2 à cause de la RC)-3 dégâts de longue portée", that is (5x2)-3 = 7; without
// the CH the long-range shot deals 5-3 = 2 (seed 000 lines 966, 989-991: damage x2
// on any CH, -3 at long range, "after any other modifier"). The target has no
// armour, so every CH that succeeds deals 7 and every other success 2:
// P(damage == 7) = P(CH and success).
func TestLongRangeShot(t *testing.T) {
	for _, c := range []struct {
		name          string
		dmg           int
		rng           float64
		plain, critic int
	}{
		{"long range, 5 dgts (seed 004 line 952)", 5, 8, 5 - 3, 5*2 - 3},
		{"effective range, 5 dgts", 5, 4, 5, 5 * 2},
		{"short range, 5 dgts", 5, 1, 5 + 1, 5*2 + 1},
		// The range malus applies last to the doubled damage: (2x2)-3 = 1, and
		// a plain hit does max(2-3, 0) = 0 (R9: "Damage is never below 0").
		{"long range, 2 dgts", 2, 8, 0, 2*2 - 3},
		{"long range, 1 dgt", 1, 8, 0, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := exact(t, shotExchange(c.dmg, c.rng))
			plain := r.PSuccess - r.PCriticalSuccess
			want := map[int]float64{}
			want[c.plain] += plain
			want[c.critic] += r.PCriticalSuccess
			want[0] += 1 - r.PSuccess
			for k := range max(len(r.DamagePMF), c.critic+1) {
				if got := pmf(r.DamagePMF, k); math.Abs(got-want[k]) > 1e-12 {
					t.Errorf("P(damage == %d) = %.15g, want %.15g (p_success %.6g, p_critical_success %.6g)",
						k, got, want[k], r.PSuccess, r.PCriticalSuccess)
				}
			}
			// A shot fails on 1-2 (seed 000 line 968), the rest of the CH mass is
			// 1/10 at level 1, so the exchange is not degenerate.
			if math.Abs(r.PAttackCF-0.2) > 1e-12 || math.Abs(r.PAttackCritical-0.1) > 1e-12 {
				t.Errorf("p_attack_critical_failure %g, p_attack_critical %g; want 0.2 and 0.1", r.PAttackCF, r.PAttackCritical)
			}
		})
	}
}

// armourExchange returns a 2 AP PA attack dealing P = 5 (stature 3 on a CH) with
// weapon w against a reflex defence by a Safar wearing a.
func armourExchange(w *profiles.Equipment, a *profiles.ArmourStats) *sim.Exchange {
	att := safar("att", 2, stats4(3, 5, 4, 3), 3)
	def := safar("def", 1, stats4(3, 3, 3, 3), 3)
	var items []*profiles.Equipment
	if w != nil {
		items = append(items, w)
	}
	return &sim.Exchange{
		Attacker: sim.NewFighter(att, items),
		Defender: sim.NewFighter(def, []*profiles.Equipment{wear(a)}),
		Attack: sim.Attack{Kind: sim.Melee, AP: 2, Chars: sim.CharsOf(sim.P, sim.A),
			DamageChar: sim.P, DamageChosen: true},
		Policy: fixed(sim.Defence{}),
	}
}

// TestArmourRoll checks R12 on a hit of 5, or 5 + stature 3 on a CH (R9), through
// one d10 armour roll (seed 000 lines 1791-1802): below the threshold the armour
// stops its failure value, from the threshold its success value (half-plate: "1
// point" below, "2 points" from it, lines 1797-1798; plate -2/6/-3); "A CH will
// protect from all the basic damage of the attack meaning all the points of damage
// except the ones due to a critical bonus" (line 1800); "A CF will not protect
// from anything at all and will damage the armour more, you will have to tick one
// more lifespan box" (line 1802).
func TestArmourRoll(t *testing.T) {
	for _, c := range []struct {
		name  string
		armor *profiles.ArmourStats
		// taken by face: 1, 2-5, 6-9, 10; plain hit then CH hit.
		plain, crit [4]int
	}{
		{"half-plate", halfPlate, [4]int{5, 4, 3, 0}, [4]int{8, 7, 6, 3}},
		{"plate -2/6/-3", plate, [4]int{5, 3, 2, 0}, [4]int{8, 6, 5, 3}},
	} {
		t.Run(c.name, func(t *testing.T) {
			faceP := [4]float64{0.1, 0.4, 0.4, 0.1}
			for _, w := range []*profiles.Equipment{club, nil} {
				r := exact(t, armourExchange(w, c.armor))
				ps, pc := r.PSuccess-r.PCriticalSuccess, r.PCriticalSuccess
				want := map[int]float64{0: 1 - r.PSuccess}
				for i := range faceP {
					want[c.plain[i]] += ps * faceP[i]
					want[c.crit[i]] += pc * faceP[i]
				}
				for k := range max(len(r.DamagePMF), 9) {
					if got := pmf(r.DamagePMF, k); math.Abs(got-want[k]) > 1e-12 {
						t.Errorf("%s: P(damage == %d) = %.15g, want %.15g", weapon(w), k, got, want[k])
					}
				}
				// Every hit ticks a box, a natural 1 one more; bare hands tick
				// none (seed 000 line 1738: "he can not damage the armour this way").
				boxes := r.PSuccess * 1.1
				if w == nil {
					boxes = 0
				}
				if math.Abs(r.ExpectedArmourBoxes-boxes) > 1e-12 {
					t.Errorf("%s: expected armour boxes %.15g, want %.15g", weapon(w), r.ExpectedArmourBoxes, boxes)
				}
			}
		})
	}
}

func weapon(w *profiles.Equipment) string {
	if w == nil {
		return "bare hands"
	}
	return w.ID
}

// TestArmourLevelDice checks the R12 option armour-level-dice: a level 3 wearer
// rolls three dice and keeps the best, so a natural 1 needs three 1s (1/1000) and
// a natural 10 comes with probability 1 - 0.9^3.
func TestArmourLevelDice(t *testing.T) {
	ex := armourExchange(club, plate)
	ex.Defender.Profile = safar("def3", 3, stats4(3, 3, 3, 3), 3)
	ex.Variant = sim.Variant{ArmourLevelDice: true}
	r := exact(t, ex)
	faces := [4]float64{0.001, 0.5*0.5*0.5 - 0.001, 0.9*0.9*0.9 - 0.5*0.5*0.5, 1 - 0.9*0.9*0.9}
	ps, pc := r.PSuccess-r.PCriticalSuccess, r.PCriticalSuccess
	// Plate: plain 5, 3, 2, 0 and CH 8, 6, 5, 3 by face 1, 2-5, 6-9, 10.
	want := map[int]float64{0: 1 - r.PSuccess}
	for i, k := range [4]int{5, 3, 2, 0} {
		want[k] += ps * faces[i]
	}
	for i, k := range [4]int{8, 6, 5, 3} {
		want[k] += pc * faces[i]
	}
	for k := range 9 {
		if got := pmf(r.DamagePMF, k); math.Abs(got-want[k]) > 1e-12 {
			t.Errorf("P(damage == %d) = %.15g, want %.15g", k, got, want[k])
		}
	}
}

// specialExchange returns the special attack kind by a Safar with its keyword
// against a reflex defence.
func specialExchange(kind sim.Kind, t int) *sim.Exchange {
	att := safar("beast", 1, stats4(3, 4, 3, 6), 4, skill("bunt"), skill("bite"), skill("trample"))
	def := safar("prey", 1, profiles.Stats{V: 3, P: 3, A: 3, C: 3, T: t, I: 3}, 3)
	a := sim.Attack{Kind: kind, AP: 2, Chars: sim.CharsOf(sim.P, sim.C)}
	if kind == sim.Trample {
		a.Chars = sim.CharsOf(sim.C, sim.C)
	}
	return &sim.Exchange{
		Attacker: sim.NewFighter(att, nil),
		Defender: sim.NewFighter(def, nil),
		Attack:   a,
		Policy:   fixed(sim.Defence{}),
	}
}

// TestSpecialAttacks checks R18 (seed 000 lines 880-890): "Bunt ... will inflict
// 1D5 points of damage and 'Bleeding 1'"; "Bite ... 1D5 points of damage and prompt
// an immediate temerity test (threshold 10). The Bite will also inflict 'Bleeding
// 2' in case of CH instead of additional damage"; "Trample ... C points of damage
// and the target will be 'dazed'". Bunt and Trample are 2 AP melee actions, so a CH
// adds the attacker's stature (R9).
func TestSpecialAttacks(t *testing.T) {
	const stature, c = 4, 6
	t.Run("bunt", func(t *testing.T) {
		r := exact(t, specialExchange(sim.Bunt, 4))
		ps, pc := r.PSuccess-r.PCriticalSuccess, r.PCriticalSuccess
		// 1D5 on a plain hit, 1D5 + stature on a CH: the two ranges meet at 5.
		for k := 1; k <= 5+stature; k++ {
			want := 0.0
			if k <= 5 {
				want += ps / 5
			}
			if k > stature {
				want += pc / 5
			}
			if got := pmf(r.DamagePMF, k); math.Abs(got-want) > 1e-12 {
				t.Errorf("P(damage == %d) = %.15g, want %.15g", k, got, want)
			}
		}
		if math.Abs(r.PBleeding-r.PSuccess) > 1e-12 || r.PDazed != 0 || r.PFeared != 0 {
			t.Errorf("p_bleeding %g (want p_success %g), p_dazed %g, p_feared %g", r.PBleeding, r.PSuccess, r.PDazed, r.PFeared)
		}
	})
	t.Run("trample", func(t *testing.T) {
		r := exact(t, specialExchange(sim.Trample, 4))
		ps, pc := r.PSuccess-r.PCriticalSuccess, r.PCriticalSuccess
		if got := pmf(r.DamagePMF, c); math.Abs(got-ps) > 1e-12 {
			t.Errorf("P(damage == C) = %.15g, want %.15g", got, ps)
		}
		if got := pmf(r.DamagePMF, c+stature); math.Abs(got-pc) > 1e-12 {
			t.Errorf("P(damage == C + stature) = %.15g, want %.15g", got, pc)
		}
		if math.Abs(r.PDazed-r.PSuccess) > 1e-12 || r.PBleeding != 0 {
			t.Errorf("p_dazed %g (want p_success %g), p_bleeding %g", r.PDazed, r.PSuccess, r.PBleeding)
		}
	})
	t.Run("bite", func(t *testing.T) {
		for _, tc := range []struct {
			t    int
			fail float64 // T + d10 >= 10 passes, a natural 1 fails (R3)
		}{
			{t: 4, fail: 0.5},  // d10 in 1..5 fails
			{t: 9, fail: 0.1},  // only the natural 1
			{t: 12, fail: 0.1}, // still the natural 1
			{t: 0, fail: 0.9},  // only a 10 passes
		} {
			r := exact(t, specialExchange(sim.Bite, tc.t))
			ps, pc := r.PSuccess-r.PCriticalSuccess, r.PCriticalSuccess
			for k := 1; k <= 5; k++ {
				if got := pmf(r.DamagePMF, k); math.Abs(got-(ps+pc)/5) > 1e-12 {
					t.Errorf("T %d: P(damage == %d) = %.15g, want %.15g (no CH bonus)", tc.t, k, got, (ps+pc)/5)
				}
			}
			if len(r.DamagePMF) > 6 {
				t.Errorf("T %d: damage_pmf %v goes beyond 1D5", tc.t, r.DamagePMF)
			}
			if math.Abs(r.PFeared-r.PSuccess*tc.fail) > 1e-12 {
				t.Errorf("T %d: p_failed_temerity_test %.15g, want %.15g", tc.t, r.PFeared, r.PSuccess*tc.fail)
			}
			if math.Abs(r.PBleeding-pc) > 1e-12 {
				t.Errorf("T %d: p_bleeding %.15g, want p_critical_success %.15g", tc.t, r.PBleeding, pc)
			}
		}
	})
}

// TestShieldDiscard checks R13 (seed 000 line 1814): "A shield intact can be
// discarded to defend automatically against an attack and thus ignore all the
// points of damage and effects. The points of damage from a CH during the attack
// are still inflicted." Against a 2 AP attack the CH bonus is the attacker's
// stature (R9), so the defender loses exactly the stature on a CH that is not a CF,
// and nothing otherwise.
func TestShieldDiscard(t *testing.T) {
	att := safar("att", 2, stats4(4, 5, 4, 3), 3)
	def := safar("def", 2, stats4(3, 4, 4, 5), 3)
	ex := &sim.Exchange{
		Attacker: sim.NewFighter(att, []*profiles.Equipment{sword}),
		Defender: sim.NewFighter(def, []*profiles.Equipment{shield}),
		Attack:   sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.P)},
		Policy:   fixed(sim.Defence{Discard: true}),
	}
	r := exact(t, ex)
	// Sword "CH = 9-10" at level 2: P(CH) = 1 - 0.8^2 = 0.36.
	if math.Abs(r.PAttackCritical-0.36) > 1e-12 {
		t.Errorf("p_attack_critical = %.15g, want 0.36", r.PAttackCritical)
	}
	if got := pmf(r.DamagePMF, 3); math.Abs(got-0.36) > 1e-12 || len(r.DamagePMF) != 4 {
		t.Errorf("damage_pmf = %v, want 0.64 on 0 and 0.36 on the stature 3", r.DamagePMF)
	}
	if r.PSuccess != 0 || r.PBleeding != 0 {
		t.Errorf("p_success %g, p_bleeding %g: the discarded shield stops the attack and its effects", r.PSuccess, r.PBleeding)
	}
}
