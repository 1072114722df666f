package sim_test

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// The attached beasts of the catalogue (skills.md section 3, pattern I;
// catalogue.md 4.5): only V printed, and a card-defined special attack, 2 AP,
// V+V + the level dice, V damage and bleeding 1 (bleeding 2 at level III).

// onlyV marks every characteristic but V not printed.
const onlyV = profiles.CharSet(1<<profiles.P | 1<<profiles.A | 1<<profiles.C | 1<<profiles.T | 1<<profiles.I)

// beast returns an attached beast of the given level: V 4, the rest not
// printed, stature 2, 6 AP, 10 HP, its card attack (bleeding 2 at level III),
// its only attack besides its rulebook special attacks ("it is their only
// attack", skills.md section 3 I).
func beast(level int, skills ...profiles.Skill) *profiles.Profile {
	p := safar(fmt.Sprintf("chiot-%d", level), level, profiles.Stats{V: 4}, 2, skills...)
	p.NotPrinted = onlyV
	p.AP, p.HP = 6, 10
	bleeding := 1
	if level == 3 {
		bleeding = 2
	}
	p.SpecialAttacks = []profiles.CardAttack{{Name: "Coup de gueule", Chars: [2]profiles.Char{profiles.V, profiles.V}, Damage: profiles.V, Bleeding: bleeding, OnlyAttack: true}}
	return p
}

// cardAttack is the beast's card attack as --attack card reads it.
var cardAttack = sim.Attack{Kind: sim.Card, AP: 2}

// TestCardAttackAgainstBruteForce checks the exact engine on the card attack
// against the naive enumeration of brute_test.go (which shares no code with
// sim): the total is V+V (8) + the level dice (skills.md section 3 I); a hit
// deals V = 4, + the stature 2 on a CH (R9a, as for Bunt and Trample), and
// puts its bleeding; the defender, a printed Safar or a beast itself, defends
// reflex, 1 AP or 2 AP, engaging V only when it is a beast (catalogue.md 4.5)
// and countering V = 4 (+ its stature on a CH, R9a) at 2 AP. Fails before:
// sim has no card attack, and a beast's null P is read as 0 that a defence
// may engage.
func TestCardAttackAgainstBruteForce(t *testing.T) {
	prey := stats4(4, 3, 5, 4)
	type def struct {
		p          *profiles.Profile
		d          sim.Defence
		mod        int
		ctr, ctrCH int
	}
	for attL := 1; attL <= 3; attL++ {
		for defL := 1; defL <= 3; defL++ {
			b := beast(defL)
			defs := []def{
				{safar("prey", defL, prey, 3), sim.Defence{}, 0, 0, 0},
				{safar("prey", defL, prey, 3), sim.Defence{AP: 1, Chars: sim.CharsOf(sim.V)}, 4, 0, 0},
				{safar("prey", defL, prey, 3), sim.Defence{AP: 2, Chars: sim.CharsOf(sim.V, sim.A)}, 9, 5, 5 + 3},
				{b, sim.Defence{}, 0, 0, 0},
				{b, sim.Defence{AP: 1, Chars: sim.CharsOf(sim.V)}, 4, 0, 0},
				{b, sim.Defence{AP: 2, Chars: sim.CharsOf(sim.V, sim.V)}, 8, 4, 4 + 2},
			}
			for _, df := range defs {
				name := fmt.Sprintf("L%d card vs L%d %s %s", attL, defL, df.p.ID, df.d)
				att := beast(attL)
				d := df.d
				ex := &sim.Exchange{Attacker: sim.NewFighter(att, nil), Defender: sim.NewFighter(df.p, nil),
					Attack: cardAttack, Policy: sim.Policy{Defence: &d}}
				got := exact(t, ex)
				want := bruteExchange(attL, defL, 8, df.mod, 4, 4+2, df.ctr, df.ctrCH)
				tol := want.dropped + 1e-12
				bl := float64(att.SpecialAttacks[0].Bleeding)
				for _, c := range []struct {
					what      string
					got, want float64
					scale     float64 // the enumeration's missing mass is scaled with the figure
				}{
					{"p_success", got.PSuccess, want.success, 1},
					{"p_critical_success", got.PCriticalSuccess, want.critSuccess, 1},
					{"p_defence_critical_failure", got.PDefenceCF, want.defCF, 1},
					{"p_bleeding", got.PBleeding, want.success, 1}, // every hit bleeds
					{"expected_bleeding", got.ExpectedBleeding, want.success * bl, bl},
					{"p_dazed", got.PDazed, 0, 1},
				} {
					if math.Abs(c.got-c.want) > tol*c.scale {
						t.Errorf("%s: %s = %.15g, enumeration %.15g", name, c.what, c.got, c.want)
					}
				}
				for k := range max(len(got.DamagePMF), 7) {
					if g, w := pmf(got.DamagePMF, k), want.damage[k]; math.Abs(g-w) > tol {
						t.Errorf("%s: damage_pmf[%d] = %.15g, enumeration %.15g", name, k, g, w)
					}
				}
				for k := range max(len(got.CounterPMF), df.ctrCH+1) {
					if g, w := pmf(got.CounterPMF, k), want.counter[k]; math.Abs(g-w) > tol {
						t.Errorf("%s: counter_damage_pmf[%d] = %.15g, enumeration %.15g", name, k, g, w)
					}
				}
			}
		}
	}
}

// cardSamplerCases are the card attack and the characteristics not printed
// in TestSamplerAgainstExact's table (sampler_test.go): the sampler and the
// exact engine must agree on them within 99.99% Wilson intervals.
func cardSamplerCases() []samplerCase {
	guard := safar("guard", 2, stats4(3, 4, 4, 5), 3)
	return []samplerCase{
		{"card attack: beast against plate, best response, mastery (skills.md section 3 I)", func() *sim.Exchange {
			b := withMastery(beast(1), profiles.Offensive)
			return &sim.Exchange{Attacker: sim.NewFighter(b, nil), Defender: sim.NewFighter(guard, []*profiles.Equipment{wear(plate)}),
				Attack: cardAttack, Policy: sim.DefaultPolicy}
		}},
		{"card attack: level III beast, bleeding 2 and daze, against a beast's best response", func() *sim.Exchange {
			b := beast(3)
			b.SpecialAttacks[0].Daze = true
			return &sim.Exchange{Attacker: sim.NewFighter(b, nil), Defender: sim.NewFighter(beast(2), nil),
				Attack: cardAttack, Policy: sim.DefaultPolicy}
		}},
		{"not printed: a VP attack against a beast's best response (V only, catalogue.md 4.5)", func() *sim.Exchange {
			return &sim.Exchange{Attacker: sim.NewFighter(guard, []*profiles.Equipment{club}), Defender: sim.NewFighter(beast(2), nil),
				Attack: sim.Attack{AP: 2, Chars: sim.CharsOf(sim.V, sim.P), Effects: sim.CharsOf(sim.P)}, Policy: sim.DefaultPolicy}
		}},
		{"not printed: a beast's Bite engages V twice (R18, R7)", func() *sim.Exchange {
			return &sim.Exchange{Attacker: sim.NewFighter(beast(1, skill("bite")), nil), Defender: sim.NewFighter(guard, nil),
				Attack: sim.Attack{Kind: sim.Bite, AP: 2}, Policy: sim.Policy{}}
		}},
	}
}

// TestNotPrintedDefences checks that a beast engages no characteristic its
// card does not print (catalogue.md 4.5; seed 000 l.1090, seed 004 l.1051: a
// defence that spends AP engages one of the attack's; l.1092 / l.1055: the
// reflex defence engages none): against a PA attack it can only defend
// reflex; against VP it may engage V; the rule error names the rule and the
// characteristics. Fails before: P was read as 0 and engaged.
func TestNotPrintedDefences(t *testing.T) {
	guard := safar("guard", 2, stats4(3, 4, 4, 5), 3)
	b := beast(2)
	ex := &sim.Exchange{Attacker: sim.NewFighter(guard, nil), Defender: sim.NewFighter(b, nil),
		Attack: sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), DamageChar: sim.P, DamageChosen: true}}
	err := ex.CheckDefence(sim.Defence{AP: 1, Chars: sim.CharsOf(sim.P)}, false)
	var re *sim.RuleError
	if !errors.As(err, &re) || re.Rule != "catalogue.md 4.5" || !strings.Contains(err.Error(), "does not print P, A, C, T, I") {
		t.Errorf("1:P defence of a beast: %v, want the rule error of catalogue.md 4.5", err)
	}
	got := exact(t, ex)
	if got.ExpectedDefenceAP != 0 {
		t.Errorf("against PA the beast spends %.3f AP on average, want 0 (only reflex is legal)", got.ExpectedDefenceAP)
	}
	ex.Attack = sim.Attack{AP: 2, Chars: sim.CharsOf(sim.V, sim.P), DamageChar: sim.P, DamageChosen: true}
	if err := ex.CheckDefence(sim.Defence{AP: 2, Chars: sim.CharsOf(sim.V, sim.V)}, false); err != nil {
		t.Errorf("2:VV against VP: %v, want legal", err)
	}
	// The beast's own attacks: nothing that engages P, A or C.
	att := &sim.Exchange{Attacker: sim.NewFighter(beast(1, skill("bite")), nil), Defender: sim.NewFighter(guard, nil)}
	var kinds []string
	for _, a := range att.Attacks() {
		if a.Chars.Count(sim.V) != a.Chars.Len() {
			t.Errorf("beast attack %s engages a characteristic not printed", a)
		}
		kinds = append(kinds, a.String())
	}
	if s := strings.Join(kinds, " "); !strings.Contains(s, "card") || !strings.Contains(s, "bite") {
		t.Errorf("beast attacks %q, want its card attack and its Bite", s)
	}
	att.Attack = sim.Attack{AP: 2, Chars: sim.CharsOf(sim.V, sim.P), DamageChar: sim.V, DamageChosen: true}
	if err := att.Check(); err == nil || !strings.Contains(err.Error(), "(catalogue.md 4.5)") {
		t.Errorf("a beast's VP attack: %v, want refused by catalogue.md 4.5", err)
	}
	att.Attack = sim.Attack{AP: 2, Chars: sim.CharsOf(sim.V, sim.V), DamageChar: sim.V, DamageChosen: true}
	if err := att.Check(); err == nil || !strings.Contains(err.Error(), "attacks only with its card's Coup de gueule and its special attacks (skills.md section 3 I)") {
		t.Errorf("a beast's ordinary VV attack: %v, want refused (only_attack)", err)
	}
	if s := strings.Join(kinds, " "); s != "bite card" {
		t.Errorf("beast attacks %q, want its Bite and its card attack only", s)
	}
	att.Attack = sim.Attack{Kind: sim.Card, AP: 2, Chars: sim.CharsOf(sim.V, sim.V), CardIndex: 1}
	if err := att.Check(); err == nil || !strings.Contains(err.Error(), "defines no special attack card:2") {
		t.Errorf("a second card attack the card lacks: %v", err)
	}
}

// TestCardAttackDuelTrace checks in traced duels that the beast plays its
// card attack, more than once in an activation when its AP allow (limited
// only by AP, skills.md section 3 I), and only once with
// once_per_activation (R18's reading).
func TestCardAttackDuelTrace(t *testing.T) {
	for _, once := range []bool{false, true} {
		b := withMastery(beast(2, skill("bite")), profiles.Offensive)
		b.SpecialAttacks[0].OncePerActivation = once
		prey := safar("prey", 1, stats4(3, 3, 3, 3), 3)
		prey.HP = 30
		d := &sim.Duel{A: sim.NewFighter(b, nil), B: sim.NewFighter(prey, []*profiles.Equipment{club})}
		pl, err := d.NewPlayer()
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		pl.SetTrace(&buf)
		used, twice := 0, 0
		for seed := range uint64(20) {
			buf.Reset()
			pl.Play(rand.NewPCG(seed, 0))
			n := 0
			for _, line := range strings.Split(buf.String(), "\n") {
				switch {
				case strings.Contains(line, "A activates"):
					n = 0
				case strings.Contains(line, "A attacks card (Coup de gueule)"):
					used++
					if n++; n == 2 {
						twice++
					}
				case strings.Contains(line, "A attacks") && !strings.Contains(line, "A attacks bite"):
					t.Errorf("seed %d: the beast attacks otherwise than with its card attack or its Bite: %s", seed, line)
				}
			}
		}
		switch {
		case used == 0:
			t.Errorf("once %v: the beast never used its card attack in 20 duels", once)
		case !once && twice == 0:
			t.Errorf("the beast never attacked twice in an activation with its card attack (%d uses): limited only by AP", used)
		case once && twice > 0:
			t.Errorf("once per activation: %d activations with two card attacks", twice)
		}
	}
}

// TestCardAttackNatural checks that the card attack is a natural attack: it
// ticks no box of the target's armour (R12: "bare hands and shields do not
// damage armour"; skills.md #7, #8: special attacks tick none) while the same
// beast's armour still reduces the damage; a club's 2 AP attack, the control,
// ticks boxes. Fails before: no card attack.
func TestCardAttackNatural(t *testing.T) {
	guard := safar("guard", 2, stats4(3, 4, 4, 5), 3)
	ex := &sim.Exchange{Attacker: sim.NewFighter(beast(2), nil), Defender: sim.NewFighter(guard, []*profiles.Equipment{wear(plate)}),
		Attack: cardAttack, Policy: fixed(sim.Defence{})}
	got := exact(t, ex)
	if got.ExpectedArmourBoxes != 0 || got.PSuccess == 0 {
		t.Errorf("card attack against plate: %.4f boxes ticked on average (p_success %.3f), want none", got.ExpectedArmourBoxes, got.PSuccess)
	}
	if got.ExpectedDamage >= got.PSuccess*4 {
		t.Errorf("card attack against plate: E[damage] %.3f, want below the unarmoured %.3f (the armour still rolls)", got.ExpectedDamage, got.PSuccess*4)
	}
	ctl := &sim.Exchange{Attacker: sim.NewFighter(guard, []*profiles.Equipment{club}), Defender: sim.NewFighter(safar("g2", 2, stats4(3, 4, 4, 5), 3), []*profiles.Equipment{wear(plate)}),
		Attack: sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.C)}, Policy: fixed(sim.Defence{})}
	if c := exact(t, ctl); c.ExpectedArmourBoxes == 0 {
		t.Errorf("control: a club ticks no box either: the check cannot fail")
	}
}

// TestCardAttackDuelAllocs checks that a duel of a beast playing its card
// attack, against a Safar that cannot engage the beast's missing
// characteristics, allocates nothing per fight once its caches are warm (the
// hot path stays allocation-free).
func TestCardAttackDuelAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	prey := safar("prey", 1, stats4(3, 3, 3, 3), 3)
	d := &sim.Duel{A: sim.NewFighter(withMastery(beast(2, skill("bite")), profiles.Offensive), nil), B: sim.NewFighter(prey, []*profiles.Equipment{club})}
	pl, err := d.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	r := rand.NewPCG(1, 0)
	for range 5000 {
		pl.Play(r)
	}
	if n := testing.AllocsPerRun(500, func() { pl.Play(r) }); n != 0 {
		t.Errorf("%v allocations per fight, want 0", n)
	}
}

// TestNotPrintedSpellDefence checks that a target whose card does not print
// I defends a spell with the die alone (catalogue.md 4.5: a spell defence
// engages I, k x I + 1D10 at k AP, seed 000 line 1452): its best response is
// the reflex defence, even with AP left and even when a caller fixes 1 AP,
// while the same target with I printed defends better. Fails before: the not
// printed I was engaged.
func TestNotPrintedSpellDefence(t *testing.T) {
	m := sim.NewFighter(mage("m", 1, 4, profiles.Osteomancy, nil), nil)
	printedI := target("t", 1, 3, nil)
	blank := target("t", 1, 3, nil)
	blank.NotPrinted = blank.NotPrinted.With(profiles.I)
	zero, one := 0, 1
	cast := func(p *profiles.Profile, d *int) float64 {
		return castExact(t, &sim.Cast{Caster: m, Target: sim.NewFighter(p, nil), Spell: bolt, Difficulty: 12, AP: 1, Defence: d}).PSuccess
	}
	reflex := cast(blank, &zero)
	if got := cast(blank, nil); math.Abs(got-reflex) > 1e-12 {
		t.Errorf("I not printed, best response: p_success %.6f, want the reflex defence's %.6f", got, reflex)
	}
	if got := cast(printedI, nil); !(got < reflex-1e-3) {
		t.Errorf("I printed, best response: p_success %.6f, want below the reflex defence's %.6f (the check cannot fail otherwise)", got, reflex)
	}
	if got := cast(blank, &one); !(got >= reflex-1e-12) {
		t.Errorf("I not printed, 1 AP fixed: p_success %.6f, want no better defence than reflex (%.6f)", got, reflex)
	}
}

// TestCardAttackNotWorthIt checks that the policies weigh a card attack
// against the Safar's other attacks by their worth rather than always
// playing it: a Safar whose card attack engages its weak V (1) and deals it,
// beside strong P, A and C, never plays it in 20 traced duels and makes its
// ordinary attacks instead; with V 5 the same attack, now the strongest 2 AP attack
// beside bleeding 2, is played.
func TestCardAttackNotWorthIt(t *testing.T) {
	for _, v := range []int{1, 5} {
		p := safar("brute", 2, stats4(v, 5, 5, 5), 3)
		p.AP, p.HP = 6, 30
		p.SpecialAttacks = []profiles.CardAttack{{Name: "Gnaw", Chars: [2]profiles.Char{profiles.V, profiles.V}, Damage: profiles.V, Bleeding: 2}}
		prey := safar("prey", 2, stats4(3, 3, 3, 3), 3)
		prey.HP = 30
		d := &sim.Duel{A: sim.NewFighter(p, nil), B: sim.NewFighter(prey, []*profiles.Equipment{club})}
		pl, err := d.NewPlayer()
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		pl.SetTrace(&buf)
		card, other := 0, 0
		for seed := range uint64(20) {
			buf.Reset()
			pl.Play(rand.NewPCG(seed, 0))
			card += strings.Count(buf.String(), "A attacks card (Gnaw)")
			other += strings.Count(buf.String(), "A attacks ") - strings.Count(buf.String(), "A attacks card")
		}
		switch {
		case v == 1 && (card > 0 || other == 0):
			t.Errorf("V 1: %d card attacks, %d others; want none and some", card, other)
		case v == 5 && card == 0:
			t.Errorf("V 5: the card attack (10 + dice, 5 damage, bleeding 2) never played (%d other attacks)", other)
		}
	}
}

// TestCardAttackInSkirmishes checks battles with beasts on a side (two
// attached beasts beside a paladin against Khérops warriors): the beasts play
// their card attack (the trace names it), and the battles pass the trace checker of TestSkirmishTrace (HP, AP and
// positions followed).
func TestCardAttackInSkirmishes(t *testing.T) {
	a := []*sim.Fighter{cardFighter(t, "paladin-2"), sim.NewFighter(withMastery(beast(2, skill("bite")), profiles.Offensive), nil), sim.NewFighter(beast(1), nil)}
	b := []*sim.Fighter{cardFighter(t, "kherops-warrior-2"), cardFighter(t, "kherops-warrior-1")}
	sk := &sim.Skirmish{Sides: [2]sim.Spearhead{
		{Name: "pack", Safars: a, Costs: []int{1, 1, 1}, Leader: 0},
		{Name: "warriors", Safars: b, Costs: []int{1, 1}, Leader: 0},
	}}
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	events := map[string]int{}
	uses := 0
	for seed := range uint64(20) {
		var buf strings.Builder
		pl.SetTrace(&buf)
		res := pl.Play(rand.NewPCG(seed, 7))
		newTraceChecker(t, "beasts", sk, pl.Labels(), events).check(buf.String(), res)
		if t.Failed() {
			t.Logf("trace:\n%s", buf.String())
			return
		}
		uses += strings.Count(buf.String(), "card (Coup de gueule)")
	}
	if uses == 0 {
		t.Error("no beast used its card attack in 20 battles")
	}
	t.Logf("%d card attacks in 20 battles; events %v", uses, events)
}
