package sim_test

import (
	"math"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// The skills of this file change one exchange; each test cites its entry of
// the design page skills.md (the catalogue's skill list, written from seeds 000
// and 004; these skills have no line in the rulebooks).

// TestRiposte checks skills.md #24: a successful 2 AP defence deals its damage
// and one effect (instead of damage only), a successful 3 AP defence its damage
// and two effects (instead of one); effects come from the engaged
// characteristics, the same one twice only when it is engaged twice.
func TestRiposte(t *testing.T) {
	att := safar("att", 1, stats4(3, 5, 4, 2), 3)
	pc := sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.C), Effects: sim.CharsOf(sim.P), DamageChar: sim.P, DamageChosen: true}
	const defStature = 3
	for _, c := range []struct {
		name          string
		d             sim.Defence
		plain, plainR int // counter damage on a plain stop, without and with Riposte
		repelR        bool
	}{
		// 2 AP PC: C = 4 (R11); with Riposte also the P effect, +1 (R10).
		{"2 AP PC", sim.Defence{AP: 2, Chars: sim.CharsOf(sim.P, sim.C)}, 4, 5, false},
		// 2 AP CC: C = 4; with Riposte also the C effect: the attacker, of
		// the same stature, is repelled C/2 (R10).
		{"2 AP CC", sim.Defence{AP: 2, Chars: sim.CharsOf(sim.C, sim.C)}, 4, 4, true},
		// 3 AP PPC: C = 4 and one P effect, +1; with Riposte PP, +2.
		{"3 AP PPC", sim.Defence{AP: 3, Chars: sim.CharsOf(sim.P, sim.P, sim.C)}, 5, 6, false},
		// 3 AP PCC: C = 4 and P, +1; with Riposte P and C: +1 and a repel.
		{"3 AP PCC", sim.Defence{AP: 3, Chars: sim.CharsOf(sim.P, sim.C, sim.C)}, 5, 5, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			run := func(skills ...string) *sim.Result {
				p := safar("def", 1, stats4(4, 3, 5, 4), defStature)
				for _, s := range skills {
					p.Skills = append(p.Skills, skill(s))
				}
				return exact(t, &sim.Exchange{Attacker: sim.NewFighter(att, nil), Defender: sim.NewFighter(p, nil),
					Attack: pc, Policy: fixed(c.d)})
			}
			plain, rip := run(), run("riposte")
			if math.Abs(plain.PSuccess-rip.PSuccess) > 1e-15 {
				t.Errorf("Riposte changed p_success: %g -> %g", plain.PSuccess, rip.PSuccess)
			}
			stopPlain := pmf(plain.CounterPMF, c.plain)
			if stopPlain < 0.05 {
				t.Fatalf("counter %d has mass %g without Riposte: the case tells little", c.plain, stopPlain)
			}
			if got := pmf(rip.CounterPMF, c.plainR); math.Abs(got-stopPlain) > 1e-12 {
				t.Errorf("with Riposte P(counter = %d) = %.12g, want the plain stop's %.12g", c.plainR, got, stopPlain)
			}
			// R9a: a CH on the defence adds the stature once.
			if got, want := pmf(rip.CounterPMF, c.plainR+defStature), pmf(plain.CounterPMF, c.plain+defStature); math.Abs(got-want) > 1e-12 || want == 0 {
				t.Errorf("with Riposte P(counter = %d) = %.12g, want the CH stop's %.12g", c.plainR+defStature, got, want)
			}
			if plain.PAttackerRepelled != 0 && c.d.AP == 2 {
				t.Errorf("a 2 AP defence without Riposte repelled: %g", plain.PAttackerRepelled)
			}
			if c.repelR && math.Abs(rip.PAttackerRepelled-(1-rip.PSuccess-rip.PAttackCF)) > 1e-12 {
				t.Errorf("with Riposte p_attacker_repelled = %g, want every stop: %g", rip.PAttackerRepelled, 1-rip.PSuccess-rip.PAttackCF)
			}
		})
	}
}

// TestCunning checks skills.md #12: after its defence roll, a defender with
// Cunning may spend 1 more AP to add a characteristic or a d10 to its total;
// it needs that AP left after the defence, and the policy spends it only when
// the stop it may buy is worth the AP (Policy.APValue). The enumeration of
// TestExactAgainstBruteForceCunning checks the probabilities themselves.
func TestCunning(t *testing.T) {
	att := safar("att", 2, stats4(3, 5, 4, 2), 3)
	pa := sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.P), DamageChar: sim.P, DamageChosen: true}
	run := func(ap int, pol sim.Policy, skills ...string) *sim.Result {
		p := safar("def", 2, stats4(4, 3, 5, 4), 2)
		p.AP = ap
		for _, s := range skills {
			p.Skills = append(p.Skills, skill(s))
		}
		return exact(t, &sim.Exchange{Attacker: sim.NewFighter(att, nil), Defender: sim.NewFighter(p, nil), Attack: pa, Policy: pol})
	}
	onePA := sim.Defence{AP: 1, Chars: sim.CharsOf(sim.A)}
	plain := run(5, fixed(onePA))
	cun := run(5, fixed(onePA), "cunning")
	// A hit on 2 dice against A + 2 dice: Cunning adds A = 5 (A once engaged)
	// or a die, so it stops more, and spends its AP only on those rolls.
	if cun.PSuccess >= plain.PSuccess-0.05 {
		t.Errorf("Cunning: p_success %.4f, without %.4f: want clearly fewer hits", cun.PSuccess, plain.PSuccess)
	}
	extra := cun.ExpectedDefenceAP - plain.ExpectedDefenceAP
	if extra <= 0 || extra > plain.PSuccess+1e-12 {
		t.Errorf("Cunning spent %.4f AP on average, want in (0, P(hit without it) = %.4f]", extra, plain.PSuccess)
	}
	// Needs 1 AP left after the defence: a 1 AP defence with 1 AP is as without.
	if r := run(1, fixed(onePA), "cunning"); math.Abs(r.PSuccess-plain.PSuccess) > 1e-15 || math.Abs(r.ExpectedDefenceAP-plain.ExpectedDefenceAP) > 1e-15 {
		t.Errorf("with no AP left Cunning changed the exchange: p_success %.6f (without %.6f)", r.PSuccess, plain.PSuccess)
	}
	// The policy values the AP: worth more than any hit (6 damage, 9 on a CH),
	// Cunning is never used; worth 3 HP, only where the chance of a stop pays
	// for it (p x 6 > 3 on a plain hit), which still includes the sure stops.
	never := fixed(onePA)
	never.APValue = 100
	if r := run(5, never, "cunning"); math.Abs(r.PSuccess-plain.PSuccess) > 1e-15 {
		t.Errorf("AP worth 100 HP: Cunning used anyway (p_success %.6f, without %.6f)", r.PSuccess, plain.PSuccess)
	}
	some := fixed(onePA)
	some.APValue = 3
	r := run(5, some, "cunning")
	if !(r.PSuccess > cun.PSuccess && r.PSuccess < plain.PSuccess) {
		t.Errorf("AP worth 3 HP: p_success %.6f, want between always (%.6f) and never (%.6f)", r.PSuccess, cun.PSuccess, plain.PSuccess)
	}
	// The best response counts Cunning: with it, a defender keeps to cheaper
	// defences and still stops more.
	best := run(5, sim.Policy{APValue: 0.5}, "cunning")
	bestPlain := run(5, sim.Policy{APValue: 0.5})
	if best.PSuccess >= bestPlain.PSuccess {
		t.Errorf("best response: p_success %.4f with Cunning, %.4f without", best.PSuccess, bestPlain.PSuccess)
	}
}

// TestSlender checks skills.md #28: each V effect a Slender Safar announces
// adds +1 to that roll, attack or defence (VV: +2); its C effect repels 1 toise
// at most, and CC does not lengthen it but lets it repel a larger target.
func TestSlender(t *testing.T) {
	// Attack 2 AP PV with a V effect: V + P + 1 against the reflex of a
	// defender of equal level; the enumeration with attack modifier 4+5+1 and
	// damage P = 5 (no P effect, no weapon; CH + stature 3) is the reference.
	for _, lv := range []int{1, 2} {
		att := safar("slender", lv, stats4(4, 5, 3, 6), 3, skill("slender"))
		def := safar("def", lv, stats4(4, 4, 5, 4), 3)
		pv := sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.V), Effects: sim.CharsOf(sim.V), DamageChar: sim.P, DamageChosen: true}
		got := exact(t, &sim.Exchange{Attacker: sim.NewFighter(att, nil), Defender: sim.NewFighter(def, nil), Attack: pv, Policy: fixed(sim.Defence{})})
		want := bruteExchange(lv, lv, 4+5+1, 0, 5, 5+3, 0, 0)
		if math.Abs(got.PSuccess-want.success) > want.dropped+1e-12 {
			t.Errorf("L%d attack with a V effect: p_success %.12g, enumeration with +1 %.12g", lv, got.PSuccess, want.success)
		}
		// Defence 2 AP AV announcing its V effect (instead of damage): A + V + 1.
		pv2 := pv
		pv2.Effects = sim.Chars{}
		dv := sim.Defence{AP: 2, Chars: sim.CharsOf(sim.A, sim.V), Effect: sim.V, HasEffect: true}
		got = exact(t, &sim.Exchange{Attacker: sim.NewFighter(def, nil), Defender: sim.NewFighter(att, nil), Attack: pv2, Policy: fixed(dv)})
		want = bruteExchange(lv, lv, 4+4, 3+4+1, 4, 4+3, 0, 0)
		if math.Abs(got.PSuccess-want.success) > want.dropped+1e-12 {
			t.Errorf("L%d defence with a V effect: p_success %.12g, enumeration with +1 %.12g", lv, got.PSuccess, want.success)
		}
	}
	// C effects: C = 6 would repel 3 toises (C/2) and 6 with CC; Slender: 1.
	for _, c := range []struct {
		name       string
		defStature int
		eff        sim.Chars
		want       float64
	}{
		{"C, same stature", 3, sim.CharsOf(sim.C), 1},
		{"CC, same stature", 3, sim.CharsOf(sim.C, sim.C), 1},
		{"C, larger target", 4, sim.CharsOf(sim.C), 0},
		{"CC, larger target, alone", 4, sim.CharsOf(sim.C, sim.C), 1},
	} {
		att := safar("slender", 1, stats4(4, 5, 3, 6), 3, skill("slender"))
		def := safar("def", 1, stats4(4, 4, 5, 4), c.defStature)
		a := sim.Attack{AP: 3, Chars: sim.CharsOf(sim.C, sim.C, sim.P), Effects: c.eff}
		if c.eff.Len() == 1 {
			a.Effects = sim.CharsOf(sim.C, sim.P)
		}
		got := exact(t, &sim.Exchange{Attacker: sim.NewFighter(att, nil), Defender: sim.NewFighter(def, nil), Attack: a, Policy: fixed(sim.Defence{})})
		if math.Abs(got.ExpectedRepel-c.want*got.PSuccess) > 1e-12 || got.PSuccess == 0 {
			t.Errorf("%s: expected repel %.6g toises for p_success %.6g, want %g toise per hit", c.name, got.ExpectedRepel, got.PSuccess, c.want)
		}
	}
	// The best response of a Slender defender weighs a V effect (+1 to the
	// roll) against damage: it stops more than a defender without the skill.
	att := safar("att", 2, stats4(4, 5, 4, 3), 3)
	def := safar("def", 2, stats4(5, 3, 4, 4), 3)
	pv := sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.V), Effects: sim.CharsOf(sim.P)}
	plain := exact(t, &sim.Exchange{Attacker: sim.NewFighter(att, nil), Defender: sim.NewFighter(def, nil), Attack: pv})
	def.Skills = append(def.Skills, skill("slender"))
	sl := exact(t, &sim.Exchange{Attacker: sim.NewFighter(att, nil), Defender: sim.NewFighter(def, nil), Attack: pv})
	if sl.PSuccess >= plain.PSuccess {
		t.Errorf("best response: p_success %.4f with Slender, %.4f without", sl.PSuccess, plain.PSuccess)
	}
}

// TestStealthAndMasterPopinjay checks skills.md #44 (Stealth: in cover, a
// defence against a shot adds the Safar's level, or its printed value, on top
// of the cover bonus) and #45 (Master Popinjay, seed 000 line 1640: a shooter
// with no height malus: the -2 for standing more than 2 toises lower goes,
// the +2 for standing higher stays).
func TestStealthAndMasterPopinjay(t *testing.T) {
	shot := sim.Attack{Kind: sim.Shot, AP: 2, Chars: sim.CharsOf(sim.A, sim.A)}
	run := func(att, def *sim.Fighter, cover int, height float64) float64 {
		ex := &sim.Exchange{Attacker: att, Defender: def, Attack: shot, Cover: cover, Height: height, Policy: fixed(sim.Defence{})}
		return exact(t, ex).PSuccess
	}
	archer := sim.NewFighter(safar("archer", 2, stats4(4, 3, 5, 3), 3), []*profiles.Equipment{bow})
	hidden := func(skills ...profiles.Skill) *sim.Fighter {
		return sim.NewFighter(safar("hidden", 2, stats4(4, 3, 5, 3), 3, skills...), nil)
	}
	for _, c := range []struct {
		name      string
		def       *sim.Fighter
		cover     int
		sameAsCov int // the plain defender's cover giving the same odds
	}{
		{"level 2 in cover 1", hidden(skill("stealth")), 1, 3},
		{"printed 3 in cover 2", hidden(profiles.Skill{Name: "stealth", Value: 3}), 2, 5},
		{"out of cover", hidden(skill("stealth")), 0, 0},
	} {
		if got, want := run(archer, c.def, c.cover, 0), run(archer, hidden(), c.sameAsCov, 0); math.Abs(got-want) > 1e-15 {
			t.Errorf("Stealth %s: p_success %.12g, want %.12g (cover %d without Stealth)", c.name, got, want, c.sameAsCov)
		}
	}
	popinjay := sim.NewFighter(safar("popinjay", 2, stats4(4, 3, 5, 3), 3, skill("master popinjay")), []*profiles.Equipment{bow})
	flat, low, high := run(popinjay, hidden(), 0, 0), run(popinjay, hidden(), 0, -3), run(popinjay, hidden(), 0, 3)
	if flat != low {
		t.Errorf("Master Popinjay 3 toises lower: p_success %.12g, on the flat %.12g", low, flat)
	}
	if high <= flat || high != run(archer, hidden(), 0, 3) {
		t.Errorf("Master Popinjay 3 toises higher: p_success %.12g, want the +2 of any shooter (%.12g)", high, run(archer, hidden(), 0, 3))
	}
	if run(archer, hidden(), 0, -3) >= flat {
		t.Errorf("a shooter without the skill keeps the -2 lower down")
	}
}

// TestTemboHide checks skills.md #40: each time a Safar with Tembo hide would
// take damage it rolls its level d10, and each 10 cancels damage equal to its
// level; the CH bonus is always taken. A level 2 Tembo without armour hit for
// 6 (P 5 + a P effect) takes 6, 4 or 2 with probabilities .81, .18, .01
// (0, 1 or 2 tens on 2d10); on a CH (stature 3 more, never cancelled) 9, 7, 5.
func TestTemboHide(t *testing.T) {
	att := safar("att", 2, stats4(3, 5, 4, 2), 3)
	tembo := safar("tembo", 2, stats4(3, 6, 3, 5), 5, skill("tembo hide"))
	a := sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.P), DamageChar: sim.P, DamageChosen: true}
	got := exact(t, &sim.Exchange{Attacker: sim.NewFighter(att, nil), Defender: sim.NewFighter(tembo, nil), Attack: a, Policy: fixed(sim.Defence{})})
	plainHit, critHit := got.PSuccess-got.PCriticalSuccess, got.PCriticalSuccess
	for _, c := range []struct {
		dmg  int
		want float64
	}{
		{6, .81 * plainHit}, {4, .18 * plainHit}, {2, .01 * plainHit},
		{9, .81 * critHit}, {7, .18 * critHit}, {5, .01 * critHit},
	} {
		if g := pmf(got.DamagePMF, c.dmg); math.Abs(g-c.want) > 1e-12 {
			t.Errorf("P(damage = %d) = %.12g, want %.12g", c.dmg, g, c.want)
		}
	}
	// The hide also stands against counter damage: a Tembo attacker stopped by a
	// 2 AP defence countering with C = 4 takes 4, 2 or 0 on a plain stop
	// (probability x), 6, 4 or 2 on a defence CH (y; its stature 2, R9a).
	def := safar("def", 2, stats4(4, 3, 5, 4), 2)
	d := sim.Defence{AP: 2, Chars: sim.CharsOf(sim.P, sim.C)}
	r := exact(t, &sim.Exchange{Attacker: sim.NewFighter(tembo, nil), Defender: sim.NewFighter(def, nil), Attack: a, Policy: fixed(d)})
	y := pmf(r.CounterPMF, 6) / .81
	x := (pmf(r.CounterPMF, 4) - .18*y) / .81
	if x <= 0 || y <= 0 || math.Abs(pmf(r.CounterPMF, 2)-(.18*x+.01*y)) > 1e-12 {
		t.Errorf("counter damage against the hide: P(6, 4, 2) = %.6g, %.6g, %.6g: not 4/2/0 and 6/4/2 with .81/.18/.01",
			pmf(r.CounterPMF, 6), pmf(r.CounterPMF, 4), pmf(r.CounterPMF, 2))
	}
}

// TestHeroicSpecialAttack checks skills.md #14 with a special attack's name as
// its value ("heroic: bunt", the catalogue's "coup de corne"): one more die on
// that attack only, as if the level were one higher (R1); the other special
// attacks roll the level dice.
func TestHeroicSpecialAttack(t *testing.T) {
	for _, kind := range []sim.Kind{sim.Bunt, sim.Bite} {
		ex := specialExchange(kind, 5)
		ex.Attacker.Profile.Skills = append(ex.Attacker.Profile.Skills, profiles.Skill{Name: "heroic", Text: "bunt"})
		ex.Attacker = sim.NewFighter(ex.Attacker.Profile, nil)
		got := exact(t, ex)
		dice := 1
		if kind == sim.Bunt {
			dice = 2
		}
		// P + C = 4 + 6 against the reflex of a level 1 prey: the enumeration.
		want := bruteExchange(dice, 1, 10, 0, 0, 0, 0, 0)
		if math.Abs(got.PSuccess-want.success) > want.dropped+1e-12 || math.Abs(got.PAttackCF-want.attCF) > 1e-12 {
			t.Errorf("%s: p_success %.12g, p_attack_cf %.4g; enumeration with %d dice %.12g, %.4g",
				kind, got.PSuccess, got.PAttackCF, dice, want.success, want.attCF)
		}
	}
}
