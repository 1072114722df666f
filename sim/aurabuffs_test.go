package sim_test

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// The buffs that are no skill of pattern D (skills.md section 3, D: "a bonus
// equal to their stature on shots for its people in its aura; one free
// reroll of one die per defence for allies in its aura; ... daze on a CH for
// allies of one origin in its aura"), as the exchange plays them once the
// aura holds: the Fighter's Skills.Aura (sim/auragrants.go sets it on the
// aura variant's Fighter; TestAuraBuffVariant checks that way in).

// buffed returns a Fighter of p carrying items with the aura buffs b.
func buffed(p *profiles.Profile, b profiles.AuraBuffs, items ...*profiles.Equipment) *sim.Fighter {
	f := sim.NewFighter(p, items)
	f.Skills.Aura = b
	return f
}

// sampleAgainst draws n exchanges of ex and checks that the success, damage
// and dazed frequencies lie in the 99.99% Wilson intervals of r's exact
// figures.
func sampleAgainst(t *testing.T, what string, ex *sim.Exchange, r *sim.Result, n int) {
	t.Helper()
	sm, err := ex.NewSampler()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.NewPCG(17, 3)
	succ, dazed := 0, 0
	dmg := make([]int, len(r.DamagePMF))
	for range n {
		o := sm.Sample(rng)
		if o.Success {
			succ++
		}
		if o.Dazed {
			dazed++
		}
		for len(dmg) <= o.Damage {
			dmg = append(dmg, 0)
		}
		dmg[o.Damage]++
	}
	checkPMF(t, what+" p_success", []int{succ}, n, []float64{r.PSuccess})
	checkPMF(t, what+" p_dazed", []int{dazed}, n, []float64{r.PDazed})
	checkPMF(t, what+" damage", dmg, n, r.DamagePMF)
}

// TestAuraShotStature checks "a bonus equal to their stature on shots": the
// shooter's stature (3) adds to the threshold of its shots, as an assault's
// stature does to a melee attack (seed 000 l.709, l.717): the exact
// exchange equals, to 1e-12, the one with an attack bonus of 3; a melee
// attack is unchanged; the sampler agrees with the exact engine.
func TestAuraShotStature(t *testing.T) {
	archer := safar("archer", 1, stats4(4, 3, 5, 3), 3)
	target := sim.NewFighter(safar("target", 2, stats4(4, 4, 4, 4), 3), nil)
	shot := sim.Attack{Kind: sim.Shot, AP: 2, Chars: sim.CharsOf(sim.A, sim.A)}
	ex := func(b profiles.AuraBuffs, bonus int, a sim.Attack, w *profiles.Equipment) *sim.Exchange {
		return &sim.Exchange{Attacker: buffed(archer, b, w), Defender: target, Attack: a, AttackBonus: bonus, Range: 2, Policy: sim.DefaultPolicy}
	}
	on := profiles.AuraBuffs{ShotStature: true}
	plain, aura, bonus := exact(t, ex(profiles.AuraBuffs{}, 0, shot, bow)), exact(t, ex(on, 0, shot, bow)), exact(t, ex(profiles.AuraBuffs{}, 3, shot, bow))
	if aura.PSuccess <= plain.PSuccess+1e-3 {
		t.Errorf("shot in the aura: p_success %.4f, without %.4f: want more", aura.PSuccess, plain.PSuccess)
	}
	if math.Abs(aura.PSuccess-bonus.PSuccess) > 1e-12 || math.Abs(aura.ExpectedDamage-bonus.ExpectedDamage) > 1e-12 {
		t.Errorf("shot in the aura: p_success %.6f, E[damage] %.6f; with +3 to the threshold %.6f, %.6f", aura.PSuccess, aura.ExpectedDamage, bonus.PSuccess, bonus.ExpectedDamage)
	}
	melee := sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A)}
	if m1, m0 := exact(t, ex(on, 0, melee, club)), exact(t, ex(profiles.AuraBuffs{}, 0, melee, club)); m1.PSuccess != m0.PSuccess {
		t.Errorf("a melee attack in the aura: p_success %g, %g without; want the same", m1.PSuccess, m0.PSuccess)
	}
	sampleAgainst(t, "shot stature", ex(on, 0, shot, bow), aura, 100_000)
}

// TestAuraDefenceReroll checks "one free reroll of one die per defence": a
// level 2 defender with no mastery die rerolls its lowest die when its kept
// face would not stop the attack (R4's reroll, seed 000 l.367: the best
// die is kept), on the main defence and on the defence against the free
// attack of an A effect: the attack succeeds less often, and deals less,
// than against the same defender out of the aura, and less than against a
// defender whose one reroll is on the main defence only; the sampler agrees
// with the exact engine.
func TestAuraDefenceReroll(t *testing.T) {
	att := sim.NewFighter(safar("striker", 2, stats4(4, 5, 5, 3), 3), []*profiles.Equipment{club})
	def := safar("guard", 2, stats4(4, 4, 4, 4), 3)
	ex := func(b profiles.AuraBuffs, a sim.Attack) *sim.Exchange {
		return &sim.Exchange{Attacker: att, Defender: buffed(def, b, club), Attack: a, Policy: sim.DefaultPolicy}
	}
	on := profiles.AuraBuffs{DefenceReroll: true}
	for _, c := range []struct {
		name string
		a    sim.Attack
	}{
		{"2:PA:P", sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.P)}},
		{"3:PAA:A (a free attack)", sim.Attack{AP: 3, Chars: sim.CharsOf(sim.P, sim.A, sim.A), Effects: sim.CharsOf(sim.A)}},
	} {
		t.Run(c.name, func(t *testing.T) {
			plain, aura := exact(t, ex(profiles.AuraBuffs{}, c.a)), exact(t, ex(on, c.a))
			if aura.PSuccess >= plain.PSuccess-1e-3 || aura.ExpectedDamage >= plain.ExpectedDamage {
				t.Errorf("defender in the aura: p_success %.4f, E[damage] %.4f; without %.4f, %.4f: want less", aura.PSuccess, aura.ExpectedDamage, plain.PSuccess, plain.ExpectedDamage)
			}
			sampleAgainst(t, c.name, ex(on, c.a), aura, 100_000)
		})
	}
	// The free attack's defence gets its own reroll: with the reroll on the
	// main defence only (a dice-tool Fate, sim/fate.go), the free attack
	// hits more often than with the aura's.
	a := sim.Attack{AP: 3, Chars: sim.CharsOf(sim.P, sim.A, sim.A), Effects: sim.CharsOf(sim.A)}
	fate := ex(profiles.AuraBuffs{}, a)
	fate.DefenderFate = true
	if rf, ra := exact(t, fate), exact(t, ex(on, a)); ra.ExpectedDamage >= rf.ExpectedDamage {
		t.Errorf("3:PAA:A: E[damage] %.4f with the aura's reroll on every defence, %.4f with one reroll on the main defence: want less", ra.ExpectedDamage, rf.ExpectedDamage)
	}
}

// TestAuraDazeOnCrit checks "daze on a CH for allies of one origin in its
// aura": the attacker's CH dazes the target (R17), as a weapon that says
// "daze on CH" does: the exact figures equal, to 1e-12, those of the same
// attacker with such a weapon; a weapon that stuns on a CH keeps its stun;
// the sampler agrees with the exact engine.
func TestAuraDazeOnCrit(t *testing.T) {
	p := safar("striker", 2, stats4(4, 5, 5, 3), 3)
	target := sim.NewFighter(safar("target", 2, stats4(4, 4, 4, 4), 3), []*profiles.Equipment{club})
	dazing := &profiles.Equipment{ID: "dazing-club", Kind: profiles.KindMelee, Hands: 1, Effects: profiles.Effects{OnCritical: profiles.Daze}}
	stunning := &profiles.Equipment{ID: "stunning-club", Kind: profiles.KindMelee, Hands: 1, Effects: profiles.Effects{OnCritical: profiles.Stun}}
	a := sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.P)}
	ex := func(f *sim.Fighter) *sim.Exchange {
		return &sim.Exchange{Attacker: f, Defender: target, Attack: a, Policy: sim.DefaultPolicy}
	}
	on := profiles.AuraBuffs{DazeOnCrit: true}
	plain, aura, weapon := exact(t, ex(buffed(p, profiles.AuraBuffs{}, club))), exact(t, ex(buffed(p, on, club))), exact(t, ex(buffed(p, profiles.AuraBuffs{}, dazing)))
	if plain.PDazed != 0 || aura.PDazed < 0.01 {
		t.Fatalf("p_dazed %g out of the aura (want 0), %g in it (want a CH's chance)", plain.PDazed, aura.PDazed)
	}
	if math.Abs(aura.PDazed-weapon.PDazed) > 1e-12 || math.Abs(aura.ExpectedDamage-weapon.ExpectedDamage) > 1e-12 {
		t.Errorf("in the aura: p_dazed %.6f, E[damage] %.6f; with a weapon that dazes on a CH %.6f, %.6f", aura.PDazed, aura.ExpectedDamage, weapon.PDazed, weapon.ExpectedDamage)
	}
	stun := exact(t, ex(buffed(p, on, stunning)))
	if stun.PDazed != 0 || stun.PStunned < 0.01 {
		t.Errorf("a stunning weapon in the aura: p_dazed %g, p_stunned %g; want its stun kept", stun.PDazed, stun.PStunned)
	}
	sampleAgainst(t, "daze on CH", ex(buffed(p, on, club)), aura, 100_000)
}

// TestAuraBuffSkirmish plays the buffs that are no skill in whole battles:
// a prince whose aura gives its crown guards a free reroll per defence and
// daze on a CH (invented grants of pattern D); the trace shows the guards
// in its aura with the buffs, and warm battles allocate nothing (the buffs
// ride on the guards' aura kinds), replayed on the dice that warmed the
// caches as TestSkirmishAllocs does.
func TestAuraBuffSkirmish(t *testing.T) {
	prince := withAuraGrants(t, "prince-3",
		profiles.AuraGrant{AuraBuffs: profiles.AuraBuffs{DefenceReroll: true, DazeOnCrit: true}, To: profiles.Selector{Profiles: []string{"crown-guard"}}})
	guard, warrior := cardFighter(t, "crown-guard-1"), cardFighter(t, "kherops-warrior-1")
	sk := &sim.Skirmish{Sides: [2]sim.Spearhead{
		{Safars: []*sim.Fighter{prince, guard, guard}, Costs: []int{130, 45, 45}, Leader: 0},
		{Safars: []*sim.Fighter{cardFighter(t, "kherops-warrior-2"), warrior, warrior, warrior}, Costs: []int{82, 48, 48, 48}, Leader: 0},
	}}
	pl, tr := playTraced(t, sk, [2]uint64{7, 1}, 3, nil)
	if !strings.Contains(tr, "crown-guard-1 stands in its allies' auras: defence_reroll from A1 prince-3, daze_on_crit from A1 prince-3") {
		t.Errorf("the trace of 3 battles shows no guard in the prince's aura with its buffs:\n%s", tr)
	}
	checkWarmAllocs(t, pl, 200, "battle with aura buffs")
}

// TestWiderAuraSkirmish plays wider auras in whole battles: the prince of
// TestAuraBuffSkirmish and a paladin whose card widens the Khârns' auras
// by 2 toises (skills.md section 3, D); the trace shows the guards in the
// prince's aura, and warm battles allocate nothing.
func TestWiderAuraSkirmish(t *testing.T) {
	prince := withAuraGrants(t, "prince-3",
		profiles.AuraGrant{AuraBuffs: profiles.AuraBuffs{DefenceReroll: true}, To: profiles.Selector{Profiles: []string{"crown-guard"}}})
	pal := cardFighter(t, "paladin-2")
	pp := *pal.Profile
	pp.WiderAuras = []profiles.WiderAura{{To: profiles.Selector{Factions: []string{profiles.Kharns}}, Toises: 2}}
	wide := *pal
	wide.Profile = &pp
	guard, warrior := cardFighter(t, "crown-guard-1"), cardFighter(t, "kherops-warrior-1")
	sk := &sim.Skirmish{Sides: [2]sim.Spearhead{
		{Safars: []*sim.Fighter{prince, &wide, guard, guard}, Costs: []int{130, 60, 45, 45}, Leader: 0},
		{Safars: []*sim.Fighter{cardFighter(t, "kherops-warrior-2"), warrior, warrior, warrior, warrior}, Costs: []int{82, 48, 48, 48, 48}, Leader: 0},
	}}
	pl, tr := playTraced(t, sk, [2]uint64{9, 2}, 3, nil)
	if !strings.Contains(tr, "crown-guard-1 stands in its allies' auras: defence_reroll from A1 prince-3") {
		t.Errorf("the trace of 3 battles shows no guard in the prince's aura:\n%s", tr)
	}
	checkWarmAllocs(t, pl, 200, "battle with wider auras")
}

// TestAuraShooterSkirmish plays the shooters' buffs of pattern D in whole
// battles (skills.md section 3, D: "a bonus equal to their stature on shots
// for its people in its aura"; "once per turn, allies may take a free V
// effect after a failed defence"): three Goûn hunters (with an invented 14
// HP, so that some outlive a failed defence) whose invented card gives the
// other hunters both within 30 toises (the default policy does not keep
// them in an aura), beside a tribal champion, against Khérops; the trace
// shows a hunter in its allies' auras with the buffs and a hunter stepping
// away after a failed defence, and warm battles allocate nothing.
func TestAuraShooterSkirmish(t *testing.T) {
	hunter := withAuraGrants(t, "goun-hunter-1",
		profiles.AuraGrant{AuraBuffs: profiles.AuraBuffs{ShotStature: true, FreeVAfterFailedDefence: true}, To: profiles.Selector{Profiles: []string{"goun-hunter"}}, Within: 30})
	hunter.Profile.HP = 14
	warrior := cardFighter(t, "kherops-warrior-1")
	sk := &sim.Skirmish{Sides: [2]sim.Spearhead{
		{Safars: []*sim.Fighter{cardFighter(t, "tribal-champion-3"), hunter, hunter, hunter}, Costs: []int{120, 38, 38, 38}, Leader: 0},
		{Safars: []*sim.Fighter{cardFighter(t, "kherops-warrior-2"), warrior, warrior, warrior}, Costs: []int{82, 48, 48, 48}, Leader: 0},
	}}
	pl, tr := playTraced(t, sk, [2]uint64{3, 5}, 50, nil)
	for _, want := range []string{
		"goun-hunter-1 stands in its allies' auras: shot_stature from A2 goun-hunter-1, free_v_after_failed_defence from A2 goun-hunter-1",
		"goun-hunter-1 takes the free V effect of its ally's aura after its failed defence",
	} {
		if !strings.Contains(tr, want) {
			t.Errorf("the trace of 50 battles has no %q", want)
		}
	}
	checkWarmAllocs(t, pl, 200, "battle with the shooters' aura buffs")
}

// TestAuraD10Defence checks "once per turn, +1D10 to the final total of an
// attack or defence for allies of its faction in its aura" on defences
// (skills.md section 3, D; sim/auragrants.go): on its main defence, a roll
// that is no CF and falls short by 1 to 10 gets a plain d10 added; the
// attack succeeds less often than against the same defender out of the
// aura, a Cunning defender with 3 AP included (it plays Cunning where it
// can, 1 AP left after the defence, and the d10 elsewhere); there, with a
// free attack (A effect: the d10 is for the main defence), and under the
// ch-auto-success option, the sampler agrees with the exact engine.
func TestAuraD10Defence(t *testing.T) {
	att := sim.NewFighter(safar("striker", 2, stats4(4, 5, 5, 3), 3), []*profiles.Equipment{club})
	on := profiles.AuraBuffs{D10OncePerTurn: true}
	pa := sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.P)}
	paa := sim.Attack{AP: 3, Chars: sim.CharsOf(sim.P, sim.A, sim.A), Effects: sim.CharsOf(sim.A)}
	for _, c := range []struct {
		name    string
		def     *profiles.Profile
		a       sim.Attack
		variant sim.Variant
	}{
		{"2:PA:P", safar("guard", 2, stats4(4, 4, 4, 4), 3), pa, sim.Variant{}},
		{"3:PAA:A (a free attack)", safar("guard", 2, stats4(4, 4, 4, 4), 3), paa, sim.Variant{}},
		{"cunning guard", withAP(safar("sly", 2, stats4(4, 4, 4, 4), 3, skill("cunning")), 3), pa, sim.Variant{}},
		{"ch-auto-success", safar("guard", 2, stats4(4, 4, 4, 4), 3), pa, sim.Variant{CHAutoSuccess: true}},
	} {
		t.Run(c.name, func(t *testing.T) {
			ex := func(b profiles.AuraBuffs) *sim.Exchange {
				return &sim.Exchange{Attacker: att, Defender: buffed(c.def, b, club, shield), Attack: c.a, Variant: c.variant, Policy: sim.DefaultPolicy}
			}
			plain, aura := exact(t, ex(profiles.AuraBuffs{})), exact(t, ex(on))
			if aura.PSuccess >= plain.PSuccess-1e-3 {
				t.Errorf("defender holding the d10: p_success %.4f, without %.4f: want less", aura.PSuccess, plain.PSuccess)
			}
			sampleAgainst(t, c.name, ex(on), aura, 100_000)
		})
	}
}

// withAP returns p with ap AP.
func withAP(p *profiles.Profile, ap int) *profiles.Profile {
	p.AP = ap
	return p
}

// TestAuraD10Skirmish plays the +1D10 of pattern D in whole battles: a
// prince whose invented card gives crown guards within 30 toises "+1D10 to
// the final total of ... defence" once per turn; the trace shows a guard
// adding it to a defence, and warm battles allocate nothing.
func TestAuraD10Skirmish(t *testing.T) {
	prince := withAuraGrants(t, "prince-3",
		profiles.AuraGrant{AuraBuffs: profiles.AuraBuffs{D10OncePerTurn: true}, To: profiles.Selector{Profiles: []string{"crown-guard"}}, Within: 30})
	guard, warrior := cardFighter(t, "crown-guard-1"), cardFighter(t, "kherops-warrior-1")
	sk := &sim.Skirmish{Sides: [2]sim.Spearhead{
		{Safars: []*sim.Fighter{prince, guard, guard}, Costs: []int{130, 45, 45}, Leader: 0},
		{Safars: []*sim.Fighter{cardFighter(t, "kherops-warrior-2"), warrior, warrior, warrior}, Costs: []int{82, 48, 48, 48}, Leader: 0},
	}}
	pl, tr := playTraced(t, sk, [2]uint64{7, 1}, 10, nil)
	if !strings.Contains(tr, "(+1D10 of its ally's aura: +") {
		t.Errorf("the trace of 10 battles shows no defence with the aura's d10")
	}
	checkWarmAllocs(t, pl, 200, "battle with the aura's d10")
}

// TestAuraD10Attack checks the +1D10 of pattern D on attacks (skills.md
// section 3, D: "+1D10 to the final total of an attack"; sim/auragrants.go):
// the attacker adds a plain d10 to its main attack total when its kept face
// is 5 or less and no CF (the mastery policy's threshold; the total is then
// announced, R5; not on the free attacks of A effects); the attack
// succeeds more often than out of the aura, and the sampler agrees with the
// exact engine, with a free attack and with a defender that holds the d10
// too.
func TestAuraD10Attack(t *testing.T) {
	p := safar("striker", 2, stats4(4, 5, 5, 3), 3)
	def := safar("guard", 2, stats4(4, 4, 4, 4), 3)
	on := profiles.AuraBuffs{D10OncePerTurn: true}
	pa := sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.P)}
	paa := sim.Attack{AP: 3, Chars: sim.CharsOf(sim.P, sim.A, sim.A), Effects: sim.CharsOf(sim.A)}
	ex := func(a sim.Attack, ab, db profiles.AuraBuffs) *sim.Exchange {
		return &sim.Exchange{Attacker: buffed(p, ab, club), Defender: buffed(def, db, club, shield), Attack: a, Policy: sim.DefaultPolicy}
	}
	none := profiles.AuraBuffs{}
	for _, c := range []struct {
		name   string
		a      sim.Attack
		ab, db profiles.AuraBuffs
		than   profiles.AuraBuffs // the attacker's buffs of the exchange it must beat
	}{
		{"2:PA:P", pa, on, none, none},
		{"3:PAA:A (a free attack)", paa, on, none, none},
		{"both hold the d10", pa, on, on, none},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, base := exact(t, ex(c.a, c.ab, c.db)), exact(t, ex(c.a, c.than, c.db))
			if r.PSuccess <= base.PSuccess+1e-3 {
				t.Errorf("attacker holding the d10: p_success %.4f, without %.4f: want more", r.PSuccess, base.PSuccess)
			}
			sampleAgainst(t, c.name, ex(c.a, c.ab, c.db), r, 100_000)
		})
	}
}

// TestCFRerollExchange checks the Spearhead's free CF reroll of the game
// (skills.md section 3, pattern D: "once per game, it and its allies may
// reroll one CF for free"; recommended: one reroll per game for the
// Spearhead) on an exchange's main rolls (Exchange.AttackerCFReroll,
// DefenderCFReroll): a level I attacker's CF falls from 0.1 to 0.01, the
// attack succeeds more often; a level I defender's CF falls as much and the
// attack succeeds less often; the sampler agrees with the exact engine, on
// the CFs too, and says when the reroll was used (only on a CF).
func TestCFRerollExchange(t *testing.T) {
	att := sim.NewFighter(safar("striker", 1, stats4(4, 5, 5, 3), 3), []*profiles.Equipment{club})
	def := sim.NewFighter(safar("guard", 1, stats4(4, 4, 4, 4), 3), []*profiles.Equipment{club})
	a := sim.Attack{AP: 3, Chars: sim.CharsOf(sim.P, sim.A, sim.A), Effects: sim.CharsOf(sim.A)}
	ex := func(ac, dc bool) *sim.Exchange {
		return &sim.Exchange{Attacker: att, Defender: def, Attack: a, AttackerCFReroll: ac, DefenderCFReroll: dc, Policy: sim.DefaultPolicy}
	}
	plain := exact(t, ex(false, false))
	for _, c := range []struct {
		name   string
		ac, dc bool
		more   bool // the attack succeeds more often than plain
	}{{"the attacker's", true, false, true}, {"the defender's", false, true, false}} {
		t.Run(c.name, func(t *testing.T) {
			r := exact(t, ex(c.ac, c.dc))
			if c.ac && math.Abs(r.PAttackCF-0.01) > 1e-12 || c.dc && r.PDefenceCF >= plain.PDefenceCF-0.01 {
				t.Errorf("attack CF %g (without %g), defence CF %g (without %g)", r.PAttackCF, plain.PAttackCF, r.PDefenceCF, plain.PDefenceCF)
			}
			if (r.PSuccess > plain.PSuccess+1e-3) != c.more || math.Abs(r.PSuccess-plain.PSuccess) < 1e-3 {
				t.Errorf("p_success %.4f, without the reroll %.4f", r.PSuccess, plain.PSuccess)
			}
			sm, err := ex(c.ac, c.dc).NewSampler()
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.NewPCG(2, 9)
			const n = 100_000
			succ, acf, dcf := 0, 0, 0
			for range n {
				o := sm.Sample(rng)
				if o.Success {
					succ++
				}
				if o.AttackCF {
					acf++
				}
				if o.DefenceCF {
					dcf++
				}
				if o.AttackerCFRerolled && !c.ac || o.DefenderCFRerolled && !c.dc {
					t.Fatal("a reroll not held was used")
				}
			}
			checkPMF(t, c.name+" p_success", []int{succ}, n, []float64{r.PSuccess})
			checkPMF(t, c.name+" attack CF", []int{acf}, n, []float64{r.PAttackCF})
			checkPMF(t, c.name+" defence CF", []int{dcf}, n, []float64{r.PDefenceCF})
		})
	}
}

// TestCFRerollSkirmish plays the CF reroll of the game in whole battles: a
// prince whose invented card gives its Spearhead one free CF reroll per
// game; the trace shows it spent, at most once per battle, and warm battles
// allocate nothing.
func TestCFRerollSkirmish(t *testing.T) {
	prince := withAuraGrants(t, "prince-3")
	prince.Profile.CFRerollOncePerGame = true
	guard, warrior := cardFighter(t, "crown-guard-1"), cardFighter(t, "kherops-warrior-1")
	sk := &sim.Skirmish{Sides: [2]sim.Spearhead{
		{Safars: []*sim.Fighter{prince, guard, guard}, Costs: []int{130, 45, 45}, Leader: 0},
		{Safars: []*sim.Fighter{cardFighter(t, "kherops-warrior-2"), warrior, warrior, warrior}, Costs: []int{82, 48, 48, 48}, Leader: 0},
	}}
	const n = 20
	pl, tr := playTraced(t, sk, [2]uint64{5, 3}, n, nil)
	used := strings.Count(tr, "rerolled a CF: its Spearhead's free reroll of the game is spent")
	battles := strings.Count(tr, "A1 prince-3: prince-3")
	if used == 0 || used > battles {
		t.Errorf("the CF reroll spent %d times in %d battles (traced starts %d): want at least once, at most once a battle", used, n, battles)
	}
	checkWarmAllocs(t, pl, 200, "battle with the CF reroll")
}
