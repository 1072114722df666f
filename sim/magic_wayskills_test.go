package sim_test

import (
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// Heroic X and Specialist X whose X is a way of magic (skills.md #14: "Map
// ... 'magie' -> esoteric (casting and defending against spells)", #42: "a way
// name (1)"; seed 000 l.1632 "one more die than his level when he performs an
// action from the X field", l.1658 "does not consider the natural 1 as CF when
// he performs actions in this field"; seed 004 l.1561, l.1579;
// sim/magic_masterway.go): on casting and defending against spells of that
// way, on no other spell.

var (
	heroicOsteo        = profiles.Skill{Name: "heroic", Field: profiles.Esoteric, Text: string(profiles.Osteomancy)}
	heroicEsoteric     = profiles.Skill{Name: "heroic", Field: profiles.Esoteric}
	specialistOsteo    = profiles.Skill{Name: "specialist", Field: profiles.Esoteric, Text: string(profiles.Osteomancy)}
	specialistEsoteric = profiles.Skill{Name: "specialist", Field: profiles.Esoteric}
)

// TestHeroicOfAWayCasting checks the caster's side, exactly: Heroic
// osteomancy raises P(success) of an osteomancy spell as much as Heroic
// esoteric does, and leaves a generic spell (no way) as a caster without it.
func TestHeroicOfAWayCasting(t *testing.T) {
	caster := func(skills ...profiles.Skill) *sim.Fighter {
		return sim.NewFighter(mage("seer", 2, 4, profiles.Osteomancy, skills), nil)
	}
	tgt := sim.NewFighter(target("dummy", 2, 3, nil), nil)
	p := func(f *sim.Fighter, s *profiles.Spell, need int) float64 {
		return castExact(t, &sim.Cast{Caster: f, Target: tgt, Spell: s, Difficulty: need, AP: 2, Reroll: true, DefenceMastery: true}).PSuccess
	}
	plain, way, eso := caster(), caster(heroicOsteo), caster(heroicEsoteric)
	if got, all, none := p(way, bolt, 18), p(eso, bolt, 18), p(plain, bolt, 18); !(got > none+0.01) || got != all {
		t.Errorf("bolt (osteomancy) 18: P(success) %.6f with Heroic osteomancy, %.6f with Heroic esoteric, %.6f without: want the first two equal and above the third", got, all, none)
	}
	if got, all, none := p(way, curse, 16), p(eso, curse, 16), p(plain, curse, 16); got != none || !(all > none+0.01) {
		t.Errorf("curse (generic) 16: P(success) %.6f with Heroic osteomancy, %.6f with Heroic esoteric, %.6f without: want the first equal to the third, the second above", got, all, none)
	}
}

// TestSpecialistOfAWayCasting checks the caster's side, exactly: with
// Specialist osteomancy a natural 1 is no CF on an osteomancy spell (P(cast
// CF) 0, as with Specialist esoteric) and stays one on a generic spell.
func TestSpecialistOfAWayCasting(t *testing.T) {
	caster := func(skills ...profiles.Skill) *sim.Fighter {
		return sim.NewFighter(mage("seer", 2, 4, profiles.Osteomancy, skills), nil)
	}
	tgt := sim.NewFighter(target("dummy", 2, 3, nil), nil)
	r := func(f *sim.Fighter, s *profiles.Spell, need int) *sim.CastResult {
		return castExact(t, &sim.Cast{Caster: f, Target: tgt, Spell: s, Difficulty: need, AP: 2, Reroll: true, DefenceMastery: true})
	}
	plain, way, eso := caster(), caster(specialistOsteo), caster(specialistEsoteric)
	if got, all, none := r(way, bolt, 12), r(eso, bolt, 12), r(plain, bolt, 12); got.PCastCF != 0 || got.PSuccess != all.PSuccess || got.PCastCF != all.PCastCF || !(none.PCastCF > 0) || !(got.PSuccess > none.PSuccess) {
		t.Errorf("bolt (osteomancy) 12: P(cast CF) %.6f with Specialist osteomancy, %.6f with Specialist esoteric, %.6f without; P(success) %.6f, %.6f, %.6f: want no CF, the first two equal, and P(success) above the third",
			got.PCastCF, all.PCastCF, none.PCastCF, got.PSuccess, all.PSuccess, none.PSuccess)
	}
	if got, none := r(way, curse, 16), r(plain, curse, 16); got.PCastCF != none.PCastCF || got.PSuccess != none.PSuccess || !(got.PCastCF > 0) {
		t.Errorf("curse (generic) 16: P(cast CF) %.6f with Specialist osteomancy, %.6f without; P(success) %.6f, %.6f: want equal, with CF", got.PCastCF, none.PCastCF, got.PSuccess, none.PSuccess)
	}
}

// TestHeroicSpecialistOfAWayDefence checks the target's side, exactly: a
// target with Heroic osteomancy defends better against an osteomancy spell,
// and no better against a shamanism spell, than a target without it; with
// Specialist osteomancy its defence has no CF against the first only.
func TestHeroicSpecialistOfAWayDefence(t *testing.T) {
	ostCaster := sim.NewFighter(mage("seer", 2, 4, profiles.Osteomancy, nil), nil)
	shaCaster := sim.NewFighter(mage("shaman", 2, 4, profiles.Shamanism, nil), nil)
	r := func(c *sim.Fighter, s *profiles.Spell, need int, skills ...profiles.Skill) *sim.CastResult {
		tgt := sim.NewFighter(target("witch", 2, 4, skills), nil)
		return castExact(t, &sim.Cast{Caster: c, Target: tgt, Spell: s, Difficulty: need, AP: 2, Reroll: true, DefenceMastery: true})
	}
	if got, all, none := r(ostCaster, bolt, 12, heroicOsteo).PSuccess, r(ostCaster, bolt, 12, heroicEsoteric).PSuccess, r(ostCaster, bolt, 12).PSuccess; !(got < none-0.01) || got != all {
		t.Errorf("bolt (osteomancy) on a target: P(success) %.6f with its Heroic osteomancy, %.6f with Heroic esoteric, %.6f without: want the first two equal and below the third", got, all, none)
	}
	if got, none := r(shaCaster, spirit, 16, heroicOsteo).PSuccess, r(shaCaster, spirit, 16).PSuccess; got != none {
		t.Errorf("spirit (shamanism) on a target: P(success) %.6f with its Heroic osteomancy, %.6f without: want equal", got, none)
	}
	if got, none := r(ostCaster, bolt, 12, specialistOsteo), r(ostCaster, bolt, 12); got.PDefenceCF != 0 || !(none.PDefenceCF > 0) {
		t.Errorf("bolt (osteomancy) on a target: P(defence CF) %.6f with its Specialist osteomancy, %.6f without: want 0 and above 0", got.PDefenceCF, none.PDefenceCF)
	}
	if got, none := r(shaCaster, spirit, 16, specialistOsteo), r(shaCaster, spirit, 16); got.PSuccess != none.PSuccess || got.PDefenceCF != none.PDefenceCF || !(got.PDefenceCF > 0) {
		t.Errorf("spirit (shamanism) on a target: P(defence CF) %.6f with its Specialist osteomancy, %.6f without: want equal, with CF", got.PDefenceCF, none.PDefenceCF)
	}
}

// TestHeroicSpecialistOfAWaySamplerAgainstExact draws 10^6 casts (10^5 with
// -short or -race) of an osteomancy spell by a caster with Heroic and
// Specialist osteomancy on a target with both, and checks that Cast.Exact lies
// inside the sample's 99.99% Wilson intervals, and that neither roll is a CF.
func TestHeroicSpecialistOfAWaySamplerAgainstExact(t *testing.T) {
	n := 1_000_000
	if testing.Short() || raceEnabled {
		n = 100_000
	}
	skills := []profiles.Skill{heroicOsteo, specialistOsteo}
	c := func() *sim.Cast {
		return &sim.Cast{Caster: sim.NewFighter(mage("seer", 2, 4, profiles.Osteomancy, skills), nil),
			Target: sim.NewFighter(target("witch", 2, 4, skills), nil),
			Spell:  bolt, Difficulty: 18, AP: 2, Reroll: true, DefenceMastery: true}
	}
	want := castExact(t, c())
	sm, err := c().NewSampler()
	if err != nil {
		t.Fatal(err)
	}
	r := rand.NewPCG(9301, 7)
	var succ, reached, cf int
	var amount []int
	for range n {
		o := sm.Sample(r)
		if o.Success {
			succ++
		}
		if o.Reached {
			reached++
		}
		if o.CastCF || o.DefenceCF {
			cf++
		}
		amount = bump(amount, o.Amount)
	}
	checkPMF(t, "p_success", []int{succ}, n, []float64{want.PSuccess})
	checkPMF(t, "p_reached", []int{reached}, n, []float64{want.PReached})
	checkPMF(t, "amount_pmf", amount, n, want.AmountPMF)
	if cf != 0 || want.PCastCF != 0 || want.PDefenceCF != 0 {
		t.Errorf("Specialist osteomancy on both sides: %d CF in %d casts, exact P(cast CF) %g, P(defence CF) %g: want none", cf, n, want.PCastCF, want.PDefenceCF)
	}
}

// TestReadSkillsHeroicSpecialistOfAWay checks that sim.ReadSkills keeps
// Heroic and Specialist of a way apart from the same skills of a whole field.
func TestReadSkillsHeroicSpecialistOfAWay(t *testing.T) {
	s := sim.ReadSkills(safar("m", 2, stats4(3, 3, 3, 3), 3, heroicOsteo, specialistOsteo,
		profiles.Skill{Name: "heroic", Field: profiles.Defensive}, profiles.Skill{Name: "specialist", Field: profiles.Shooting}))
	if s.Heroic != sim.FieldDefensive || s.HeroicWays == 0 || s.Specialist != sim.FieldShooting || s.SpecialistWays == 0 {
		t.Errorf("Heroic %v, HeroicWays %b, Specialist %v, SpecialistWays %b: want defensive and shooting only, and one way each", s.Heroic, s.HeroicWays, s.Specialist, s.SpecialistWays)
	}
}
