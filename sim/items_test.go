package sim_test

import (
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// charm returns an invented mastery-reroll charm: +bonus on a mastery reroll
// of field (catalogue.md 4.6 items: "+2 on a mastery reroll in one domain").
func charm(field profiles.Field, bonus int) *profiles.Equipment {
	return &profiles.Equipment{ID: "charm-" + string(field), Kind: profiles.KindItem,
		Effects: profiles.Effects{RerollField: field, RerollBonus: bonus}}
}

// TestRerollCharmExchange checks a mastery-reroll charm in one exchange
// (sim/items.go; R4): an offensive charm on the attacker, a defensive one on
// the defender, both, and a charm of a field the exchange does not use. The
// exact engine gives the attack more success with an offensive charm and less
// with a defensive one, nothing with a shooting charm in melee; the sampler's
// success and damage frequencies lie in the 99.99% Wilson intervals of the
// exact ones.
func TestRerollCharmExchange(t *testing.T) {
	att := withMastery(safar("charmed", 2, stats4(4, 5, 4, 3), 3), profiles.Offensive, profiles.Offensive)
	def := withMastery(safar("warded", 2, stats4(3, 4, 5, 5), 3), profiles.Defensive, profiles.Defensive)
	pa := sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.P)}
	ex := func(ai, di []*profiles.Equipment) *sim.Exchange {
		return &sim.Exchange{Attacker: sim.NewFighter(att, ai), Defender: sim.NewFighter(def, di), Attack: pa, Policy: sim.DefaultPolicy}
	}
	plain := exact(t, ex([]*profiles.Equipment{club}, []*profiles.Equipment{club}))
	for _, c := range []struct {
		name   string
		ai, di []*profiles.Equipment
		cmp    int // sign of PSuccess against the exchange without charms
	}{
		{"offensive charm", []*profiles.Equipment{club, charm(profiles.Offensive, 2)}, []*profiles.Equipment{club}, 1},
		{"defensive charm", []*profiles.Equipment{club}, []*profiles.Equipment{club, charm(profiles.Defensive, 2)}, -1},
		{"both", []*profiles.Equipment{club, charm(profiles.Offensive, 3)}, []*profiles.Equipment{club, charm(profiles.Defensive, 2)}, 0},
		{"shooting charm in melee", []*profiles.Equipment{club, charm(profiles.Shooting, 2)}, []*profiles.Equipment{club}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := exact(t, ex(c.ai, c.di))
			switch d := r.PSuccess - plain.PSuccess; {
			case c.cmp > 0 && d <= 1e-9, c.cmp < 0 && d >= -1e-9:
				t.Errorf("p_success %g with the charm, %g without: want it %s", r.PSuccess, plain.PSuccess, map[int]string{1: "higher", -1: "lower"}[c.cmp])
			case c.name == "shooting charm in melee" && d != 0:
				t.Errorf("a shooting charm changed a melee exchange: p_success %g, %g without", r.PSuccess, plain.PSuccess)
			}
			sm, err := ex(c.ai, c.di).NewSampler()
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.NewPCG(5, 0)
			const n = 100_000
			succ := 0
			dmg := make([]int, len(r.DamagePMF))
			for range n {
				o := sm.Sample(rng)
				if o.Success {
					succ++
				}
				for len(dmg) <= o.Damage {
					dmg = append(dmg, 0)
				}
				dmg[o.Damage]++
			}
			checkPMF(t, c.name+" p_success", []int{succ}, n, []float64{r.PSuccess})
			checkPMF(t, c.name+" damage", dmg, n, r.DamagePMF)
		})
	}
}

// TestRerollCharmShot checks a shooting charm on a shot: the shooting
// mastery die's reroll gets the bonus (the exchange's field is shooting), and
// the sampler agrees with the exact engine at 99.99%.
func TestRerollCharmShot(t *testing.T) {
	att := withMastery(safar("archer", 1, stats4(4, 3, 5, 3), 3), profiles.Shooting)
	def := sim.NewFighter(safar("target", 2, stats4(4, 4, 4, 4), 3), nil)
	shot := sim.Attack{Kind: sim.Shot, AP: 2, Chars: sim.CharsOf(sim.A, sim.A)}
	ex := func(items ...*profiles.Equipment) *sim.Exchange {
		return &sim.Exchange{Attacker: sim.NewFighter(att, items), Defender: def, Attack: shot, Policy: sim.DefaultPolicy}
	}
	plain := exact(t, ex(bow))
	r := exact(t, ex(bow, charm(profiles.Shooting, 2)))
	if r.PSuccess <= plain.PSuccess {
		t.Errorf("p_success %g with a shooting charm, %g without: want it higher", r.PSuccess, plain.PSuccess)
	}
	sm, err := ex(bow, charm(profiles.Shooting, 2)).NewSampler()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.NewPCG(6, 0)
	const n = 100_000
	succ := 0
	for range n {
		if sm.Sample(rng).Success {
			succ++
		}
	}
	checkPMF(t, "shot p_success", []int{succ}, n, []float64{r.PSuccess})
}

// TestPoisonImmuneExchange checks poison immunity in one exchange (sim/items.go):
// against a defender immune to poison a poisoned blade poisons nobody, in the
// exact engine and in the sampler, and the attack is otherwise the same.
func TestPoisonImmuneExchange(t *testing.T) {
	venom := &profiles.Equipment{ID: "venom-blade", Kind: profiles.KindMelee, Hands: 1, Effects: profiles.Effects{CriticalFrom: 10, Poison: true}}
	ward := &profiles.Equipment{ID: "ward", Kind: profiles.KindItem, Effects: profiles.Effects{PoisonImmune: true}}
	att := sim.NewFighter(safar("fighter", 2, stats4(4, 5, 4, 3), 3), []*profiles.Equipment{venom})
	guard := safar("guard", 2, stats4(3, 4, 4, 5), 3)
	pa := sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.P)}
	open := exact(t, &sim.Exchange{Attacker: att, Defender: sim.NewFighter(guard, nil), Attack: pa})
	ex := &sim.Exchange{Attacker: att, Defender: sim.NewFighter(guard, []*profiles.Equipment{ward}), Attack: pa}
	r := exact(t, ex)
	if open.PPoisoned == 0 || r.PPoisoned != 0 {
		t.Errorf("p_poisoned %g without the ward (want > 0), %g with it (want 0)", open.PPoisoned, r.PPoisoned)
	}
	if r.PSuccess != open.PSuccess {
		t.Errorf("the ward changed p_success: %g, %g without", r.PSuccess, open.PSuccess)
	}
	sm, err := ex.NewSampler()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.NewPCG(2, 0)
	for range 10_000 {
		if sm.Sample(rng).Poisoned {
			t.Fatal("a sampled exchange poisoned an immune defender")
		}
	}
}

// TestPoisonOnDefenceExchange checks a poison dose spent on a defence in one
// exchange (catalogue.md 4.6 "adds the poison effect to an attack or
// defence"; sim/poison.go): p_attacker_poisoned is the probability that a main
// defence of 2 or 3 AP stops a melee attack, when the defender carries a dose
// for defences; none with an attack-only dose, against a shot, or against an
// immune attacker. The sampled frequency lies in the 99.99% Wilson interval of
// the exact one, and so does the frequency of the doses spent.
func TestPoisonOnDefenceExchange(t *testing.T) {
	ddose := &profiles.Equipment{ID: "ddose", Kind: profiles.KindItem, Stackable: true, Effects: profiles.Effects{Poison: true, PoisonDefence: true}}
	ward := &profiles.Equipment{ID: "ward", Kind: profiles.KindItem, Effects: profiles.Effects{PoisonImmune: true}}
	att := safar("striker", 2, stats4(4, 5, 4, 4), 3)
	def := safar("viper", 2, stats4(4, 5, 5, 5), 3)
	pa := sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.P)}
	shot := sim.Attack{Kind: sim.Shot, AP: 2, Chars: sim.CharsOf(sim.A, sim.A)}
	for _, c := range []struct {
		name     string
		ai, di   []*profiles.Equipment
		attack   sim.Attack
		poisoned bool
	}{
		{"dose for defences", []*profiles.Equipment{club}, []*profiles.Equipment{club, ddose}, pa, true},
		{"attack-only dose", []*profiles.Equipment{club}, []*profiles.Equipment{club, poisonDose}, pa, false},
		{"against a shot", []*profiles.Equipment{bow}, []*profiles.Equipment{club, ddose}, shot, false},
		{"immune attacker", []*profiles.Equipment{club, ward}, []*profiles.Equipment{club, ddose}, pa, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			ex := func() *sim.Exchange {
				return &sim.Exchange{Attacker: sim.NewFighter(att, c.ai), Defender: sim.NewFighter(def, c.di), Attack: c.attack, Policy: sim.DefaultPolicy}
			}
			r := exact(t, ex())
			switch {
			case c.poisoned && (r.PAttackerPoisoned <= 0 || r.PAttackerPoisoned > 1-r.PSuccess-r.PAttackCF+1e-9):
				t.Errorf("p_attacker_poisoned %g: want above 0 and at most the stops, %g", r.PAttackerPoisoned, 1-r.PSuccess-r.PAttackCF)
			case !c.poisoned && r.PAttackerPoisoned != 0:
				t.Errorf("p_attacker_poisoned %g, want 0", r.PAttackerPoisoned)
			}
			sm, err := ex().NewSampler()
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.NewPCG(8, 0)
			const n = 100_000
			got, spent := 0, 0
			for range n {
				o := sm.Sample(rng)
				if o.AttackerPoisoned {
					got++
					if o.Success || !o.DefencePoison {
						t.Fatalf("attacker poisoned by a defence that did not stop it or spent no dose: %+v", o)
					}
				}
				if o.DefencePoison {
					spent++
				}
			}
			checkPMF(t, c.name+" p_attacker_poisoned", []int{got}, n, []float64{r.PAttackerPoisoned})
			if c.poisoned && spent <= got {
				t.Errorf("%d doses spent for %d poisonings: a dose is spent hit or miss, want more", spent, got)
			}
			if !c.poisoned && spent != 0 {
				t.Errorf("%d doses spent, want none", spent)
			}
		})
	}
}

// TestRerollCharmCast checks an esoteric charm on a cast (sim/items.go; R4):
// on the caster it raises the exact p_success of a quick bolt, on the target
// it lowers it (the sampler against the exact engine: TestCastSamplerAgainstExact,
// case "esoteric charms on both").
func TestRerollCharmCast(t *testing.T) {
	seer := mage("seer", 2, 5, profiles.Osteomancy, nil, profiles.Esoteric, profiles.Esoteric)
	knight := target("knight", 2, 3, nil, profiles.Esoteric)
	p := func(ci, ti []*profiles.Equipment) float64 {
		return castExact(t, &sim.Cast{Caster: sim.NewFighter(seer, ci), Target: sim.NewFighter(knight, ti), Spell: bolt, Difficulty: 12, AP: 1,
			Reroll: true, DefenceMastery: true}).PSuccess
	}
	plain := p(nil, nil)
	if got := p([]*profiles.Equipment{charm(profiles.Esoteric, 2)}, nil); got <= plain {
		t.Errorf("caster's esoteric charm: p_success %g, %g without; want higher", got, plain)
	}
	if got := p(nil, []*profiles.Equipment{charm(profiles.Esoteric, 2)}); got >= plain {
		t.Errorf("target's esoteric charm: p_success %g, %g without; want lower", got, plain)
	}
	if got := p([]*profiles.Equipment{charm(profiles.Offensive, 2)}, nil); got != plain {
		t.Errorf("an offensive charm changed a cast: p_success %g, %g without", got, plain)
	}
}
