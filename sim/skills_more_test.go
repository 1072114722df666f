package sim_test

import (
	"math"
	"math/rand/v2"
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

// TestMasterArcher checks Master archer (skills.md #47; seed 000 line 1638:
// "a shooter with that skill will inflict 1 more point of damage when
// attacking with a bow") with the exact engine: a classic shot of a bow
// (fixed 5 damage, arrows) at long range deals (5+1)-3 = 3 where the same
// shot without the skill deals 2, and on a CH (5+1)x2-3 = 9 instead of 7:
// the point comes before the range modifier, which applies last (R9). The
// hit and CH chances do not change, so the damage distribution is the
// plain one moved up by one point on a plain hit and by two on a CH. A
// crossbow (bolts) and a blowpipe (darts) are not bows: nothing changes.
func TestMasterArcher(t *testing.T) {
	archer := safar("archer", 2, stats4(4, 3, 5, 3), 3, skill(profiles.SkillMasterArcher))
	plain := safar("archer", 2, stats4(4, 3, 5, 3), 3)
	guard := safar("guard", 2, stats4(3, 4, 4, 5), 3)
	longbow := &profiles.Equipment{ID: "longbow", Kind: profiles.KindRanged, Hands: 2,
		Effects: profiles.Effects{FixedDamage: &profiles.Dice{Plus: 5}, Range: &profiles.Range{Short: 3, Long: 6}, Munition: profiles.MunitionArrows}}
	run := func(p *profiles.Profile, w *profiles.Equipment) *sim.Result {
		ex := &sim.Exchange{Attacker: sim.NewFighter(p, []*profiles.Equipment{w}), Defender: sim.NewFighter(guard, nil),
			Attack: sim.Attack{Kind: sim.Shot, AP: 2, Chars: sim.CharsOf(sim.A, sim.A)}, Policy: fixed(sim.Defence{}), Range: 8}
		return exact(t, ex)
	}
	with, without := run(archer, longbow), run(plain, longbow)
	if math.Abs(with.PSuccess-without.PSuccess) > 1e-12 || without.PSuccess == 0 {
		t.Fatalf("P(success) %.6f with Master archer, %.6f without: the skill changes damage only", with.PSuccess, without.PSuccess)
	}
	for _, c := range []struct{ plainDmg, archerDmg int }{{2, 3}, {7, 9}} {
		if p, q := pmf(without.DamagePMF, c.plainDmg), pmf(with.DamagePMF, c.archerDmg); p == 0 || math.Abs(p-q) > 1e-12 {
			t.Errorf("P(%d damage) with Master archer %.6f, want P(%d damage) without it, %.6f", c.archerDmg, q, c.plainDmg, p)
		}
	}
	for _, m := range []string{profiles.MunitionBolts, profiles.MunitionDarts} {
		w := *longbow
		w.ID, w.Effects.Munition = m, m
		a, b := run(archer, &w), run(plain, &w)
		if math.Abs(a.ExpectedDamage-b.ExpectedDamage) > 1e-12 {
			t.Errorf("a weapon shooting %s: E[damage] %.6f with Master archer, %.6f without; it is no bow", m, a.ExpectedDamage, b.ExpectedDamage)
		}
	}
}

// TestAmbidextrousRiposte: "with a weapon usable with one or two hands
// (hands: "1-2") held in both hands, it gains Riposte" (skills.md #21). An
// Ambidextrous defender holding such a spear with nothing in its other hand
// counters a 2 AP attack exactly as a defender with the Riposte skill does
// (its 2 AP defence deals damage and an effect, skills.md #24), and more
// than without the skill; with a shield in the other hand, or a second
// weapon, or without Ambidextrous, it has no Riposte.
func TestAmbidextrousRiposte(t *testing.T) {
	spear := &profiles.Equipment{ID: "spear", Kind: profiles.KindMelee, Hands: 1, Versatile: true, Effects: profiles.Effects{CriticalFrom: 10}}
	st := stats4(4, 5, 4, 5)
	ambi := safar("twin", 2, st, 3, skill(profiles.SkillAmbidextrous))
	rip := safar("twin", 2, st, 3, skill(profiles.SkillRiposte))
	plain := safar("twin", 2, st, 3)
	for _, c := range []struct {
		name  string
		p     *profiles.Profile
		items []*profiles.Equipment
		want  bool
	}{
		{"Ambidextrous, spear in both hands", ambi, []*profiles.Equipment{spear}, true},
		{"Ambidextrous, spear and shield", ambi, []*profiles.Equipment{spear, shield}, false},
		{"Ambidextrous, spear and club", ambi, []*profiles.Equipment{spear, club}, false},
		{"Ambidextrous, a one-handed club alone", ambi, []*profiles.Equipment{club}, false},
		{"no Ambidextrous, spear in both hands", plain, []*profiles.Equipment{spear}, false},
	} {
		if got := sim.NewFighter(c.p, c.items).Skills.Riposte; got != c.want {
			t.Errorf("%s: Riposte %v, want %v", c.name, got, c.want)
		}
	}
	attacker := safar("fighter", 2, stats4(4, 5, 4, 3), 3)
	counter := func(p *profiles.Profile) float64 {
		ex := &sim.Exchange{Attacker: sim.NewFighter(attacker, nil), Defender: sim.NewFighter(p, []*profiles.Equipment{spear}),
			Attack: sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.P)},
			Policy: fixed(sim.Defence{AP: 2, Chars: sim.CharsOf(sim.P, sim.P)})}
		return exact(t, ex).ExpectedCounter
	}
	a, r, p := counter(ambi), counter(rip), counter(plain)
	if math.Abs(a-r) > 1e-12 || !(a > p) {
		t.Errorf("E[counter] of a 2 AP PP defence: Ambidextrous with the spear %.6f, Riposte %.6f, neither %.6f: want the first two equal, above the third", a, r, p)
	}
}

// TestSkillsMoreAllocs: a warm duel of a Safar with Ambidextrous (two
// one-handed weapons: its tables hold splits), Vivacity (vivid attacks) and
// Bulky plays a fight without allocating (style: zero allocations per trial).
func TestSkillsMoreAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	hatchet := &profiles.Equipment{ID: "hatchet", Kind: profiles.KindMelee, Hands: 1, Effects: profiles.Effects{CriticalFrom: 10, DamageBonus: 1}}
	a := safar("twin", 2, stats4(4, 4, 6, 4), 3, skill(profiles.SkillAmbidextrous), skill(profiles.SkillVivacity), skill(profiles.SkillBulky))
	d := safar("guard", 2, stats4(4, 5, 4, 4), 3)
	d.AP = 4
	pl, err := (&sim.Duel{A: sim.NewFighter(a, []*profiles.Equipment{club, hatchet}), B: sim.NewFighter(d, []*profiles.Equipment{club}), Distance: 6}).NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	r := rand.NewPCG(1, 0)
	for range 20000 {
		pl.Play(r)
	}
	if n := testing.AllocsPerRun(1000, func() { pl.Play(r) }); n != 0 {
		t.Errorf("%v allocations per fight, want 0", n)
	}
}
