package sim_test

import (
	"math"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// heavyPlate is a bought armour 0/6/-2 with a heavy threshold of 5
// (catalogue.md 4.6 "Armour": heavySeuil replaces seuil when the wearer's
// printed armour already stops at least as much). Invented numbers.
var heavyPlate = &profiles.ArmourStats{Failure: 0, Threshold: 6, Success: 2, Boxes: 8, HeavyThreshold: 5}

// TestWornArmour checks which armour a Safar wears (catalogue.md 4.6
// "Armour"): a bought armour replaces the printed one; a heavy armour takes
// its heavy threshold over a printed armour at least as strong below and from
// its threshold, its own threshold otherwise.
func TestWornArmour(t *testing.T) {
	strong := &profiles.ArmourStats{Failure: 1, Threshold: 7, Success: 2, Boxes: 6} // stops 1 >= 0 and 2 >= 2
	weak := &profiles.ArmourStats{Failure: 0, Threshold: 7, Success: 1, Boxes: 6}   // stops 1 < 2 from its threshold
	for _, c := range []struct {
		name      string
		printed   *profiles.ArmourStats
		item      *profiles.ArmourStats
		threshold int
		boxes     int
	}{
		{"plate over a printed half-plate replaces it", halfPlate, plate, 6, 10},
		{"heavy armour over a strong printed armour", strong, heavyPlate, 5, 8},
		{"heavy armour over a weak printed armour", weak, heavyPlate, 6, 8},
		{"heavy armour with no printed armour", nil, heavyPlate, 6, 8},
		{"printed armour alone", strong, nil, 7, 6},
	} {
		p := safar("wearer", 2, stats4(3, 4, 4, 5), 3)
		p.Armour = c.printed
		var items []*profiles.Equipment
		if c.item != nil {
			items = append(items, wear(c.item))
		}
		f := sim.NewFighter(p, items)
		if f.Armour == nil || f.Armour.Threshold != c.threshold || f.ArmourBoxes != c.boxes {
			t.Errorf("%s: armour %+v with %d boxes, want threshold %d and %d boxes", c.name, f.Armour, f.ArmourBoxes, c.threshold, c.boxes)
		}
	}
}

// TestHeavyThresholdExchange checks that the heavy threshold is the one the
// exact engine rolls against: the exchange against a heavy armour worn over a
// strong printed armour is, figure for figure, the exchange against the same
// armour with threshold 5, and it lets less damage through than threshold 6.
func TestHeavyThresholdExchange(t *testing.T) {
	fighter := safar("fighter", 2, stats4(4, 5, 4, 3), 3)
	mk := func(printed *profiles.ArmourStats, item *profiles.ArmourStats) *sim.Exchange {
		p := safar("guard", 2, stats4(3, 4, 4, 5), 3)
		p.Armour = printed
		return &sim.Exchange{Attacker: sim.NewFighter(fighter, []*profiles.Equipment{club}),
			Defender: sim.NewFighter(p, []*profiles.Equipment{wear(item)}),
			Attack:   sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.P)}, Policy: fixed(sim.Defence{})}
	}
	heavy := exact(t, mk(plate, heavyPlate))
	five := exact(t, mk(nil, &profiles.ArmourStats{Failure: 0, Threshold: 5, Success: 2, Boxes: 8}))
	six := exact(t, mk(nil, heavyPlate))
	if math.Abs(heavy.ExpectedDamage-five.ExpectedDamage) > 1e-12 {
		t.Errorf("heavy armour over plate: E[damage] %.15g, want threshold 5's %.15g", heavy.ExpectedDamage, five.ExpectedDamage)
	}
	if !(heavy.ExpectedDamage < six.ExpectedDamage-1e-3) {
		t.Errorf("heavy armour over plate: E[damage] %g, want less than threshold 6's %g", heavy.ExpectedDamage, six.ExpectedDamage)
	}
}

// equipmentSamplerCases are the exchanges of catalogue.md 4.6's armour slots
// and helmets that TestSamplerAgainstExact checks.
func equipmentSamplerCases() []samplerCase {
	fighter := safar("fighter", 2, stats4(4, 5, 4, 3), 3)
	pa := sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.P)}
	return []samplerCase{
		{"heavy armour over a printed plate: threshold 5 (catalogue.md 4.6)", func() *sim.Exchange {
			p := safar("guard", 2, stats4(3, 4, 4, 5), 3)
			p.Armour = plate
			return &sim.Exchange{Attacker: sim.NewFighter(fighter, []*profiles.Equipment{club}),
				Defender: sim.NewFighter(p, []*profiles.Equipment{wear(heavyPlate)}), Attack: pa}
		}},
		{"club vs plate with a vest under it (catalogue.md 4.6 stacksWithArmor)", func() *sim.Exchange {
			return &sim.Exchange{Attacker: sim.NewFighter(fighter, []*profiles.Equipment{club}),
				Defender: sim.NewFighter(safar("guard", 2, stats4(3, 4, 4, 5), 3), []*profiles.Equipment{wear(plate), wear(vest)}),
				Attack:   sim.Attack{AP: 3, Chars: sim.CharsOf(sim.P, sim.P, sim.A), Effects: sim.CharsOf(sim.P, sim.P)}}
		}},
		{"maul armour-piercing vs a vest alone, 2 AP counter through the attacker's vest", func() *sim.Exchange {
			att := sim.NewFighter(fighter, []*profiles.Equipment{maul, wear(vest)})
			return &sim.Exchange{Attacker: att,
				Defender: sim.NewFighter(safar("guard", 2, stats4(3, 5, 4, 5), 3), []*profiles.Equipment{club, wear(vest)}),
				Attack:   pa, Policy: fixed(sim.Defence{AP: 2, Chars: sim.CharsOf(sim.P, sim.C), Counter: sim.P, CounterDamage: true})}
		}},
		{"club vs plate and a guarded sword held (catalogue.md 4.6: a weapon that also protects)", func() *sim.Exchange {
			return &sim.Exchange{Attacker: sim.NewFighter(fighter, []*profiles.Equipment{club}),
				Defender: sim.NewFighter(safar("guard", 2, stats4(3, 4, 4, 5), 3), []*profiles.Equipment{guardedSword, wear(plate)}),
				Attack:   sim.Attack{AP: 3, Chars: sim.CharsOf(sim.P, sim.P, sim.A), Effects: sim.CharsOf(sim.P, sim.P)}}
		}},
		{"stunning mace vs a helmet with 2 boxes, no CH damage and immune to stun (catalogue.md 4.6)", func() *sim.Exchange {
			helm := &profiles.Equipment{ID: "cap", Kind: profiles.KindHelmet, HelmetBoxes: 2,
				Effects: profiles.Effects{NoCriticalDamage: true, Immune: []profiles.Status{profiles.Stun}}}
			return &sim.Exchange{Attacker: sim.NewFighter(fighter, []*profiles.Equipment{stunMace}),
				Defender: sim.NewFighter(safar("guard", 2, stats4(3, 4, 4, 5), 3), []*profiles.Equipment{helm}), Attack: pa}
		}},
	}
}

// vest is an armour 0/7/-1 of 5 boxes worn in addition to an ordinary one
// (catalogue.md 4.6 stacksWithArmor). Invented numbers.
var vest = &profiles.ArmourStats{Failure: 0, Threshold: 7, Success: 1, Boxes: 5, Stacks: true}

// TestStackingArmour checks the armour worn under the other (catalogue.md 4.6
// "Armour": "worn in a slot of its own, in addition to one ordinary armour"):
// it takes its own slot beside a bought or printed armour; alone, it protects
// as the same armour worn as the ordinary one (R12, no armour-piercing); under
// a plate it stops more than the plate alone; with no box left it stops
// nothing.
func TestStackingArmour(t *testing.T) {
	guard := safar("guard", 2, stats4(3, 4, 4, 5), 3)
	f := sim.NewFighter(guard, []*profiles.Equipment{wear(vest), wear(plate)})
	if f.Armour != plate || f.Under != vest || f.UnderBoxes != 5 || f.ArmourBoxes != 10 {
		t.Fatalf("vest and plate: armour %+v (%d boxes), under %+v (%d boxes)", f.Armour, f.ArmourBoxes, f.Under, f.UnderBoxes)
	}
	printed := safar("shell", 2, stats4(3, 4, 4, 5), 3)
	printed.Armour = halfPlate
	if g := sim.NewFighter(printed, []*profiles.Equipment{wear(vest)}); g.Armour != halfPlate || g.Under != vest {
		t.Errorf("vest over a printed half-plate: armour %+v, under %+v", g.Armour, g.Under)
	}
	fighter := safar("fighter", 2, stats4(4, 5, 4, 3), 3)
	mk := func(items ...*profiles.Equipment) *sim.Exchange {
		return &sim.Exchange{Attacker: sim.NewFighter(fighter, []*profiles.Equipment{club}),
			Defender: sim.NewFighter(guard, items),
			Attack:   sim.Attack{AP: 3, Chars: sim.CharsOf(sim.P, sim.P, sim.A), Effects: sim.CharsOf(sim.P, sim.P)}, Policy: fixed(sim.Defence{})}
	}
	plain := *vest
	plain.Stacks = false
	alone, asOrdinary := exact(t, mk(wear(vest))), exact(t, mk(wear(&plain)))
	for k := range max(len(alone.DamagePMF), len(asOrdinary.DamagePMF)) {
		if math.Abs(pmf(alone.DamagePMF, k)-pmf(asOrdinary.DamagePMF, k)) > 1e-12 {
			t.Errorf("P(damage %d): %.15g under no armour, %.15g as the ordinary armour", k, pmf(alone.DamagePMF, k), pmf(asOrdinary.DamagePMF, k))
		}
	}
	both, plateOnly := exact(t, mk(wear(plate), wear(vest))), exact(t, mk(wear(plate)))
	if !(both.ExpectedDamage < plateOnly.ExpectedDamage-1e-3) {
		t.Errorf("plate and vest: E[damage] %g, want less than the plate's %g", both.ExpectedDamage, plateOnly.ExpectedDamage)
	}
	spent := mk(wear(plate), wear(vest))
	spent.Defender.UnderBoxes = 0
	if r := exact(t, spent); math.Abs(r.ExpectedDamage-plateOnly.ExpectedDamage) > 1e-12 {
		t.Errorf("vest with no box left: E[damage] %g, want the plate's %g", r.ExpectedDamage, plateOnly.ExpectedDamage)
	}
}
