package sim

import (
	"math"
	"reflect"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// defenceModifierRef is Exchange.defenceModifier before its defence-independent
// parts were worked out once per list (defMods, issue #13).
func defenceModifierRef(ex *Exchange, a Attack, d Defence) int {
	def := ex.Defender
	m := d.Chars.Sum(def.Stats()) + def.weaponEffects().DefenceBonus
	if !a.Free && !d.None {
		m += ex.GuardBonus
	}
	if ex.DefenderAlert && !a.Free && !d.None {
		st := def.Stats()
		m += max(st.V, st.P, st.A, st.C)
	}
	if d.Shield && def.Shield != nil {
		m += def.Shield.Effects.DefenceBonus
	}
	if a.Kind == Shot {
		m += ex.Cover
		if ex.Cover > 0 {
			m += def.Skills.Stealth
		}
	} else {
		m += ex.DefenceSupport
	}
	if def.Skills.Slender {
		m += d.counterEffects(V)
	}
	return m
}

// TestDefenceMods checks defMods.of against the modifier it replaced, for every
// legal defence of every attack of the embedded data's fighters, main and free,
// with each term of the modifier switched on in turn (guard bonus, alert,
// support, cover, Stealth, Slender).
func TestDefenceMods(t *testing.T) {
	fighters := defaultFighters(t)
	n := 0
	for i, att := range fighters {
		def := fighters[(i*7+3)%len(fighters)]
		base := Exchange{Attacker: att, Defender: def, Policy: DefaultPolicy}
		for _, a := range base.Attacks() {
			for variant := range 5 {
				dcopy := *def
				ex := Exchange{Attacker: att, Defender: &dcopy, Attack: a, Policy: DefaultPolicy}
				switch variant {
				case 1:
					ex.GuardBonus = 2
				case 2:
					ex.DefenderAlert = true
				case 3:
					ex.DefenceSupport, ex.Cover = 1, 2
					dcopy.Skills.Stealth = 1
				case 4:
					dcopy.Skills.Slender = true
				}
				if ex.Prepare() != nil {
					continue
				}
				for _, free := range []bool{false, true} {
					fa := ex.Attack
					if free {
						fa = ex.freeAttack(ex.Attack)
					}
					dm := ex.defenceMods(fa)
					for _, d := range ex.candidates(free) {
						want := defenceModifierRef(&ex, fa, d)
						if got := dm.of(&d); got != want {
							t.Fatalf("%s vs %s, %v, variant %d, free %v, %+v: modifier %d, want %d", att.Name(), def.Name(), a, variant, free, d, got, want)
						}
						if got := ex.defenceModifier(fa, d); got != want {
							t.Fatalf("defenceModifier %d, want %d", got, want)
						}
						n++
					}
				}
			}
		}
	}
	if n < 1000 {
		t.Fatalf("only %d defences checked", n)
	}
}

// TestSameSpec checks that sameSpec compares every field of damageSpec: a
// field added to damageSpec must be added to sameSpec and here.
func TestSameSpec(t *testing.T) {
	pierce, pierce2 := &profiles.Dice{N: 1, Sides: 6}, &profiles.Dice{N: 1, Sides: 6}
	base := damageSpec{raw: []float64{0, 0, 1}, rawPlus: 2, ticks: true, critStature: 3, piercing: pierce}
	muts := []func(s *damageSpec){
		func(s *damageSpec) { s.raw = []float64{0, 0, 0.5, 0.5} },
		func(s *damageSpec) { s.rawN = 1 },
		func(s *damageSpec) { s.rawSides = 6 },
		func(s *damageSpec) { s.rawPlus = 3 },
		func(s *damageSpec) { s.half = true },
		func(s *damageSpec) { s.bonus = 1 },
		func(s *damageSpec) { s.executioner = true },
		func(s *damageSpec) { s.critStature = 2 },
		func(s *damageSpec) { s.critDouble = true },
		func(s *damageSpec) { s.rangeMod = 1 },
		func(s *damageSpec) { s.bleeding = 1 },
		func(s *damageSpec) { s.critBleeding = 2 },
		func(s *damageSpec) { s.onCritical = profiles.Daze },
		func(s *damageSpec) { s.daze = true },
		func(s *damageSpec) { s.biteTest = true },
		func(s *damageSpec) { s.piercing = pierce2 },
		func(s *damageSpec) { s.ignore = 1 },
		func(s *damageSpec) { s.ticks = false },
		func(s *damageSpec) { s.helmetHit = true },
		func(s *damageSpec) { s.helmetCrit = true },
		func(s *damageSpec) { s.double = true },
		func(s *damageSpec) { s.rawTimes = 2 },
	}
	if n := reflect.TypeOf(damageSpec{}).NumField(); n != len(muts) {
		t.Fatalf("damageSpec has %d fields, the test changes %d: compare the new ones in sameSpec", n, len(muts))
	}
	same := base
	same.raw = []float64{0, 0, 1} // equal values, another slice
	if !sameSpec(&base, &same) {
		t.Fatal("equal specs not the same")
	}
	for i, m := range muts {
		c := base
		m(&c)
		if sameSpec(&base, &c) || sameSpec(&c, &base) {
			t.Errorf("change %d: specs still the same", i)
		}
	}
}

// TestCounterEntryShared checks that two counter characteristics of the same
// value share one counter entry (plan.sameCounter): the benchmark's guard
// counters with P or A, both 4. Its values are those of an entry worked out
// alone, to the bit.
func TestCounterEntryShared(t *testing.T) {
	sw := &profiles.Profile{ID: "swordsman", Level: 2, AP: 5, HP: 12, Stature: 3,
		Stats:   profiles.Stats{V: 4, P: 5, A: 4, C: 3, T: 4, I: 3},
		Mastery: [][]profiles.Field{{profiles.Offensive}, {profiles.Offensive, profiles.Defensive}}}
	gd := &profiles.Profile{ID: "guard", Level: 2, AP: 5, HP: 12, Stature: 3,
		Stats:   profiles.Stats{V: 3, P: 4, A: 4, C: 5, T: 4, I: 3},
		Mastery: [][]profiles.Field{{profiles.Defensive}, {profiles.Offensive, profiles.Defensive}}}
	sword := &profiles.Equipment{ID: "sword", Kind: profiles.KindMelee, Hands: 1, Effects: profiles.Effects{CriticalFrom: 9, Bleeding: 1}}
	spear := &profiles.Equipment{ID: "spear", Kind: profiles.KindMelee, Hands: 1}
	plate := &profiles.Equipment{ID: "half-plate", Kind: profiles.KindArmour, Armour: &profiles.ArmourStats{Failure: 1, Threshold: 6, Success: 2, Boxes: 8}}
	newEx := func() *Exchange {
		ex := &Exchange{Attacker: NewFighter(sw, []*profiles.Equipment{sword, plate}), Defender: NewFighter(gd, []*profiles.Equipment{spear}),
			Attack: Attack{AP: 2, Chars: CharsOf(P, A)}, Policy: DefaultPolicy}
		if err := ex.Prepare(); err != nil {
			t.Fatal(err)
		}
		return ex
	}
	dP := Defence{AP: 2, Chars: CharsOf(P, P), Counter: P, CounterDamage: true}
	dA := Defence{AP: 2, Chars: CharsOf(A, A), Counter: A, CounterDamage: true}
	dC := Defence{AP: 2, Chars: CharsOf(C, C), Counter: C, CounterDamage: true}
	pl := newExchange(newEx)
	eP, eA, eC := pl.counterOf(dP), pl.counterOf(dA), pl.counterOf(dC)
	if eP == nil || eA == nil || eC == nil {
		t.Fatal("no counter entry")
	}
	if eP != eA {
		t.Error("P and A (both 4) have two counter entries")
	}
	if eP == eC {
		t.Error("P (4) and C (5) share a counter entry")
	}
	// A fresh plan asked for A alone works out its entry by itself.
	alone := newExchange(newEx).counterOf(dA)
	for c := range 2 {
		if math.Float64bits(alone.value[c]) != math.Float64bits(eA.value[c]) {
			t.Errorf("CH %d: shared value %v, alone %v", c, eA.value[c], alone.value[c])
		}
	}
	if alone.value[0] <= 0 {
		t.Errorf("counter value %v: the test's counter deals nothing", alone.value)
	}
}

// newExchange returns a plan of the exchange newEx makes, with no candidates
// listed (a bare plan for counterOf).
func newExchange(newEx func() *Exchange) *plan {
	ex := newEx()
	return &plan{ex: ex, main: ex.Attack, attArmourFaces: armourFaces(ex.Attacker, ex.Variant)}
}
