package sim

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/dice"
	"github.com/kharn-ages/kharn/sim/field"
	"github.com/kharn-ages/kharn/stats"
)

// Invented items (catalogue.md 4.6 "Items": "healing food", "poison doses
// ... adds the poison effect to an attack or defence"; seed 000 lines
// 1153-1157, "Drinking an antidote").
var (
	flask    = &profiles.Equipment{ID: "flask", Kind: profiles.KindItem, Stackable: true, Effects: profiles.Effects{Heal: &profiles.Dice{N: 1, Sides: 5}}}
	antidote = &profiles.Equipment{ID: "antidote", Kind: profiles.KindItem, Stackable: true, Effects: profiles.Effects{Antidote: true}}
	ddose    = &profiles.Equipment{ID: "ddose", Kind: profiles.KindItem, Stackable: true, Effects: profiles.Effects{Poison: true, PoisonDefence: true}}
	ward     = &profiles.Equipment{ID: "ward", Kind: profiles.KindItem, Effects: profiles.Effects{PoisonImmune: true}}
	// poisonDose is an ordinary poison dose (attacks only); club a plain weapon.
	poisonDose = &profiles.Equipment{ID: "dose", Kind: profiles.KindItem, Stackable: true, Effects: profiles.Effects{Poison: true}}
	club       = &profiles.Equipment{ID: "club", Kind: profiles.KindMelee, Hands: 1, Effects: profiles.Effects{CriticalFrom: 10}}
)

// fighterWithItems returns a Safar of the embedded profile id with its
// loadout and extra items.
func fighterWithItems(t *testing.T, id string, extra ...*profiles.Equipment) *Fighter {
	t.Helper()
	ds := profiles.Default()
	p, err := ds.Profile(id)
	if err != nil {
		t.Fatal(err)
	}
	lo, err := ds.Equip(p, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return NewFighter(p, append(lo.Items(ds), extra...))
}

// TestHealingFlask checks a healing flask (sim/items.go): drinking costs 2 AP
// (3 dazed), gives back its roll up to the starting HP, once per copy, not on
// the ground; the default policy drinks when wounded with no enemy in reach,
// not at full HP, nor when it lost less than the flask would give back.
func TestHealingFlask(t *testing.T) {
	pal := fighterWithItems(t, "paladin-2", flask, flask)
	cut := fighterOf(t, "guild-cutthroat-1")
	e := battle(t, []*Fighter{pal}, []*Fighter{cut})
	r := rand.NewPCG(4, 1)
	place := func(hp int) {
		e.reset()
		e.round = 1
		e.c[0].pos, e.c[0].ap, e.c[0].hp = field.Vec{X: 7.5, Y: 2}, 4, hp
		e.c[1].pos = field.Vec{X: 7.5, Y: 14}
	}
	place(3)
	if !e.do(r, 0, action{kind: actDrink}) || e.c[0].ap != 2 || e.c[0].hp < 4 || e.c[0].hp > 8 {
		t.Fatalf("a 1D5 flask at 3 HP, 4 AP: %d HP, %d AP; want 4-8 HP, 2 AP", e.c[0].hp, e.c[0].ap)
	}
	if !e.do(r, 0, action{kind: actDrink}) || e.c[0].ap != 0 {
		t.Fatalf("the second flask: %d AP left, want 0", e.c[0].ap)
	}
	e.c[0].ap = 4
	if e.do(r, 0, action{kind: actDrink}) {
		t.Error("a third drink from two flasks")
	}
	place(9)
	for range 20 {
		e.c[0].hp, e.c[0].ap, e.c[0].items.drunk = 9, 4, 0
		e.do(r, 0, action{kind: actDrink})
		if e.c[0].hp > e.maxHP(0) {
			t.Fatalf("healed to %d HP, above the starting %d", e.c[0].hp, e.maxHP(0))
		}
	}
	place(3)
	e.c[0].dazed = true
	if !e.do(r, 0, action{kind: actDrink}) || e.c[0].ap != 1 {
		t.Errorf("dazed: %d AP left after a drink, want 1 (R17: 1 AP more)", e.c[0].ap)
	}
	place(3)
	e.c[0].ground = true
	if e.do(r, 0, action{kind: actDrink}) {
		t.Error("drank on the ground")
	}

	place(3)
	if a := DefaultFightPolicy.act(e, 0, r); a.kind != actDrink {
		t.Errorf("default policy at 3 HP of 10, no enemy in reach: %+v, want a drink", a)
	}
	place(10)
	if a := DefaultFightPolicy.act(e, 0, r); a.kind == actDrink {
		t.Errorf("default policy drinks at full HP: %+v", a)
	}
	place(9) // 1 HP lost: a 1D5 flask gives back 1, wastes 2 on average
	if a := DefaultFightPolicy.act(e, 0, r); a.kind == actDrink {
		t.Errorf("default policy drinks a 1D5 flask for 1 HP lost: %+v", a)
	}
	if h, w := expectedHeal(profiles.Dice{N: 1, Sides: 5}, 1); h != 1 || w != 3 {
		t.Errorf("expectedHeal(1D5, 1 lost) = %g, %g; want 1, 3", h, w)
	}
	if h, _ := expectedHeal(profiles.Dice{N: 2, Sides: 5, Plus: 1}, 99); math.Abs(h-7) > 1e-9 {
		t.Errorf("expectedHeal(2D5+1) = %g, want 7", h)
	}
}

// TestAntidote checks an antidote (seed 000 lines 1153-1157; seed 004 lines
// 1078-1082): 2 AP stop one malus of the poison, 4 AP the poisoning; one
// drink per copy; the default policy drinks it when the poison would kill
// within its horizon and no enemy is in reach, never when not poisoned.
func TestAntidote(t *testing.T) {
	pal := fighterWithItems(t, "paladin-2", antidote, antidote)
	cut := fighterOf(t, "guild-cutthroat-1")
	e := battle(t, []*Fighter{pal}, []*Fighter{cut})
	r := rand.NewPCG(4, 2)
	place := func(malus int8) {
		e.reset()
		e.round = 1
		e.c[0].pos, e.c[0].ap = field.Vec{X: 7.5, Y: 2}, 4
		e.c[0].poisoned, e.c[0].poison, e.c[0].poisonBy = malus > 0, malus, 1
		e.c[1].pos = field.Vec{X: 7.5, Y: 14}
	}
	place(2)
	if !e.do(r, 0, action{kind: actAntidote, opt: 2}) || e.c[0].poison != 1 || !e.c[0].poisoned || e.c[0].ap != 2 {
		t.Errorf("2 AP at malus 2: malus %d, poisoned %t, %d AP; want 1, true, 2", e.c[0].poison, e.c[0].poisoned, e.c[0].ap)
	}
	e.c[0].ap = 4
	if !e.do(r, 0, action{kind: actAntidote, opt: 4}) || e.c[0].poisoned || e.c[0].poison != 0 {
		t.Errorf("4 AP: malus %d, poisoned %t; want cured", e.c[0].poison, e.c[0].poisoned)
	}
	e.c[0].poisoned, e.c[0].poison, e.c[0].ap = true, 1, 4
	if e.do(r, 0, action{kind: actAntidote, opt: 4}) {
		t.Error("a third antidote from two")
	}
	if e.poisonTick(0); e.c[0].poison != 2 {
		t.Errorf("the poison's course after the antidotes ran out: malus %d, want 2", e.c[0].poison)
	}
	place(0)
	if e.do(r, 0, action{kind: actAntidote, opt: 2}) {
		t.Error("an antidote drunk with no poison")
	}

	st := pal.Stats()
	place(int8(min(st.P, st.A, st.C, st.I))) // the next tick kills
	if a := DefaultFightPolicy.act(e, 0, r); a.kind != actAntidote || a.opt != 4 {
		t.Errorf("default policy, poisoned to death's door, no enemy in reach: %+v, want the 4 AP antidote", a)
	}
	place(0)
	if a := DefaultFightPolicy.act(e, 0, r); a.kind == actAntidote {
		t.Errorf("default policy drinks an antidote unpoisoned: %+v", a)
	}
}

// TestPoisonOnDefence checks a poison dose spent on a defence (catalogue.md
// 4.6 "adds the poison effect to an attack or defence"; sim/poison.go): the
// defender spends one on each main defence of 2 or 3 AP against a melee
// attack of an enemy not yet poisoned, hit or miss, and the attacker is
// poisoned when that defence stops the attack; an ordinary dose (attack
// only) is never spent on a defence, nor a dose on an immune attacker.
func TestPoisonOnDefence(t *testing.T) {
	att := &profiles.Profile{ID: "striker", Level: 2, AP: 9, HP: 900, Stature: 3,
		Stats: profiles.Stats{V: 3, P: 3, A: 3, C: 3, T: 4, I: 3}}
	def := &profiles.Profile{ID: "viper", Level: 3, AP: 6, HP: 900, Stature: 3,
		Stats: profiles.Stats{V: 4, P: 5, A: 6, C: 5, T: 4, I: 3}}
	run := func(attItems, defItems []*profiles.Equipment) (spent, poisoned int) {
		e := contactPair(t, NewFighter(att, attItems), NewFighter(def, defItems))
		opts := e.opts[e.c[0].kind][e.c[1].kind]
		k := lastOption(t, e, "2 AP melee", melee2AP)
		r := rand.NewPCG(3, 3)
		for range 200 {
			if e.c[0].poisoned {
				break
			}
			e.c[0].ap, e.c[1].ap = 9, 6
			doses, hp := e.c[1].doses, e.c[1].hp
			e.strike(r, 0, 1, k, &opts[k], false, bandEffective, 0, 0)
			used := doses - e.c[1].doses
			if used > 0 {
				spent++
				if 6-e.c[1].ap < 2 {
					t.Fatalf("a dose spent on a defence of %d AP", 6-e.c[1].ap)
				}
			}
			if e.c[0].poisoned {
				poisoned++
				if used == 0 || e.c[1].hp != hp {
					t.Fatalf("the attacker poisoned with no dose spent (%d) or by a defence that did not stop the attack (HP %d -> %d)", used, hp, e.c[1].hp)
				}
				if e.c[0].poisonBy != 1 {
					t.Errorf("poisoned by %d, want the defender", e.c[0].poisonBy)
				}
			}
		}
		return spent, poisoned
	}
	if spent, poisoned := run([]*profiles.Equipment{club}, []*profiles.Equipment{club, ddose, ddose, ddose}); poisoned != 1 || spent == 0 {
		t.Errorf("defence doses: %d spent, attacker poisoned %d times; want some spent and one poisoning", spent, poisoned)
	}
	if spent, poisoned := run([]*profiles.Equipment{club}, []*profiles.Equipment{club, poisonDose}); spent != 0 || poisoned != 0 {
		t.Errorf("an attack-only dose: %d spent on defences, %d poisonings; want none", spent, poisoned)
	}
	if spent, poisoned := run([]*profiles.Equipment{club, ward}, []*profiles.Equipment{club, ddose}); spent != 0 || poisoned != 0 {
		t.Errorf("an immune attacker: %d doses spent on it, %d poisonings; want none", spent, poisoned)
	}
}

// TestItemChoiceAllocs checks that the default policy's look at a flask and
// an antidote allocates nothing (battles stay allocation-free once warm).
func TestItemChoiceAllocs(t *testing.T) {
	pal := fighterWithItems(t, "paladin-2", flask, antidote)
	e := battle(t, []*Fighter{pal}, []*Fighter{fighterOf(t, "guild-cutthroat-1")})
	e.round = 1
	e.c[0].pos, e.c[0].ap, e.c[0].hp = field.Vec{X: 7.5, Y: 2}, 4, 4
	e.c[0].poisoned, e.c[0].poison = true, 1
	e.c[1].pos = field.Vec{X: 7.5, Y: 14}
	e.itemChoice(0, 1, true) // warm
	if allocsRaceEnabled {
		t.Skip("the race detector allocates")
	}
	if n := testing.AllocsPerRun(100, func() { e.itemChoice(0, 1, true) }); n != 0 {
		t.Errorf("itemChoice: %v allocations per call, want 0", n)
	}
}

// TestRerollCharmObjective checks an objective charm on an objective test
// (sim/objectives.go, sim/items.go; R4): a level 1 Safar with one objective
// mastery die and a +3 charm passes a test needing a face of 8 as often as the
// exact pool with the bonus says (99.99% Wilson), which is more than without.
func TestRerollCharmObjective(t *testing.T) {
	p := &profiles.Profile{ID: "finder", Level: 1, AP: 4, HP: 10, Stature: 3,
		Stats: profiles.Stats{V: 3, P: 3, A: 3, C: 3, T: 3, I: 3}, Mastery: [][]profiles.Field{{profiles.Objective}}}
	lucky := &profiles.Equipment{ID: "lucky", Kind: profiles.KindItem, Effects: profiles.Effects{RerollField: profiles.Objective, RerollBonus: 3}}
	e := contactPair(t, NewFighter(p, []*profiles.Equipment{club, lucky}), NewFighter(p, []*profiles.Equipment{club}))
	e.activate(rand.NewPCG(1, 1), 0) // its AP and mastery dice
	c := &e.c[0]
	saved := *c
	const n = 100_000
	r := rand.NewPCG(12, 0)
	pass := 0
	for range n {
		// A fresh activation each time; the test needs 14 - (A + I) = 8.
		c.mastery, c.nMastery, c.dice = saved.mastery, saved.nMastery, saved.dice
		if e.objectiveTest(r, 0, []profiles.Char{profiles.A, profiles.I}, 14) {
			pass++
		}
	}
	with := dice.Pool{Dice: 1, CFMax: 1, Reroll: 7, RerollBonus: 3}.Dist().AtLeast(8)
	without := dice.Pool{Dice: 1, CFMax: 1, Reroll: 7}.Dist().AtLeast(8)
	if !(with > without) {
		t.Fatalf("exact: %g with the charm, %g without", with, without)
	}
	if lo, hi := stats.Wilson(pass, n, 0.9999); with < lo || with > hi {
		t.Errorf("objective test with a +3 charm: %d of %d, 99.99%% interval [%g, %g], exact %g (without the charm %g)", pass, n, lo, hi, with, without)
	}
}
