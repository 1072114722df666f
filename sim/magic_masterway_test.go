package sim_test

import (
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// Master X whose X is a way of magic (skills.md #35: "a way name (2: esoteric
// actions of that way)"; seed 000 l.1636: "once per turn, a Safar with this
// skill can reroll for free one or more dice for actions from the X field";
// sim/magic_masterway.go): the free reroll on casting and defending against
// spells of that way, on no other spell.

var (
	masterOsteo    = profiles.Skill{Name: "master", Field: profiles.Esoteric, Text: string(profiles.Osteomancy)}
	masterEsoteric = profiles.Skill{Name: "master", Field: profiles.Esoteric}
	// spirit: a shamanism spell, of another way than bolt's.
	spirit = spellOf("spirit", profiles.Shamanism, profiles.TargetEnemy,
		profiles.SpellLevel{Difficulty: 16, Effect: profiles.EffectDamage, Amount: &profiles.Dice{N: 1, Sides: 5}})
	// curse: a generic spell, of no way.
	curse = spellOf("curse", "", profiles.TargetEnemy,
		profiles.SpellLevel{Difficulty: 16, Effect: profiles.EffectDebuff, Text: "-1 to all"})
)

// TestMasterOfAWayCasting checks the caster's side, exactly: Master
// osteomancy raises P(success) of an osteomancy spell as much as Master
// esoteric does, and leaves a generic spell (no way) as a caster without it.
func TestMasterOfAWayCasting(t *testing.T) {
	caster := func(skills ...profiles.Skill) *sim.Fighter {
		return sim.NewFighter(mage("seer", 2, 4, profiles.Osteomancy, skills), nil)
	}
	tgt := sim.NewFighter(target("dummy", 2, 3, nil), nil)
	p := func(f *sim.Fighter, s *profiles.Spell, need int) float64 {
		return castExact(t, &sim.Cast{Caster: f, Target: tgt, Spell: s, Difficulty: need, AP: 2, Reroll: true, DefenceMastery: true}).PSuccess
	}
	plain, way, eso := caster(), caster(masterOsteo), caster(masterEsoteric)
	if got, all, none := p(way, bolt, 18), p(eso, bolt, 18), p(plain, bolt, 18); !(got > none+0.01) || got != all {
		t.Errorf("bolt (osteomancy) 18: P(success) %.6f with Master osteomancy, %.6f with Master esoteric, %.6f without: want the first two equal and above the third", got, all, none)
	}
	if got, all, none := p(way, curse, 16), p(eso, curse, 16), p(plain, curse, 16); got != none || !(all > none+0.01) {
		t.Errorf("curse (generic) 16: P(success) %.6f with Master osteomancy, %.6f with Master esoteric, %.6f without: want the first equal to the third, the second above", got, all, none)
	}
}

// TestMasterOfAWayDefence checks the target's side, exactly: a target with
// Master osteomancy defends better against an osteomancy spell, and no better
// against a shamanism spell, than a target without it.
func TestMasterOfAWayDefence(t *testing.T) {
	ostCaster := sim.NewFighter(mage("seer", 2, 4, profiles.Osteomancy, nil), nil)
	shaCaster := sim.NewFighter(mage("shaman", 2, 4, profiles.Shamanism, nil), nil)
	p := func(c *sim.Fighter, s *profiles.Spell, need int, skills ...profiles.Skill) float64 {
		tgt := sim.NewFighter(target("witch", 2, 4, skills), nil)
		return castExact(t, &sim.Cast{Caster: c, Target: tgt, Spell: s, Difficulty: need, AP: 2, Reroll: true, DefenceMastery: true}).PSuccess
	}
	if got, all, none := p(ostCaster, bolt, 12, masterOsteo), p(ostCaster, bolt, 12, masterEsoteric), p(ostCaster, bolt, 12); !(got < none-0.01) || got != all {
		t.Errorf("bolt (osteomancy) on a target: P(success) %.6f with its Master osteomancy, %.6f with Master esoteric, %.6f without: want the first two equal and below the third", got, all, none)
	}
	if got, none := p(shaCaster, spirit, 16, masterOsteo), p(shaCaster, spirit, 16); got != none {
		t.Errorf("spirit (shamanism) on a target: P(success) %.6f with its Master osteomancy, %.6f without: want equal", got, none)
	}
}

// TestMasterOfAWaySamplerAgainstExact draws 10^6 casts (10^5 with -short or
// -race) of an osteomancy spell by a caster with Master osteomancy on a
// target with Master osteomancy, and checks that Cast.Exact lies inside the
// sample's 99.99% Wilson intervals, and that both rerolls are played.
func TestMasterOfAWaySamplerAgainstExact(t *testing.T) {
	n := 1_000_000
	if testing.Short() || raceEnabled {
		n = 100_000
	}
	c := func() *sim.Cast {
		return &sim.Cast{Caster: sim.NewFighter(mage("seer", 2, 4, profiles.Osteomancy, []profiles.Skill{masterOsteo}), nil),
			Target: sim.NewFighter(target("witch", 2, 4, []profiles.Skill{masterOsteo}), nil),
			Spell:  bolt, Difficulty: 18, AP: 2, Reroll: true, DefenceMastery: true}
	}
	want := castExact(t, c())
	sm, err := c().NewSampler()
	if err != nil {
		t.Fatal(err)
	}
	r := rand.NewPCG(9300, 5)
	var succ, master, defMaster int
	var amount []int
	for range n {
		o := sm.Sample(r)
		if o.Success {
			succ++
		}
		if o.Master {
			master++
		}
		if o.DefenceMaster {
			defMaster++
		}
		amount = bump(amount, o.Amount)
	}
	checkPMF(t, "p_success", []int{succ}, n, []float64{want.PSuccess})
	checkPMF(t, "amount_pmf", amount, n, want.AmountPMF)
	if master == 0 || defMaster == 0 {
		t.Errorf("Master osteomancy rerolls: %d by the caster, %d by the target in %d casts: want both used", master, defMaster, n)
	}
}

// TestReadSkillsMasterOfAWay checks that sim.ReadSkills keeps Master of a way
// apart from Master esoteric.
func TestReadSkillsMasterOfAWay(t *testing.T) {
	s := sim.ReadSkills(safar("m", 2, stats4(3, 3, 3, 3), 3, masterOsteo, profiles.Skill{Name: "master", Field: profiles.Defensive}))
	if s.Master != sim.FieldDefensive || s.MasterWays == 0 {
		t.Errorf("Master %v, MasterWays %b: want defensive only, and one way", s.Master, s.MasterWays)
	}
}
