package sim

import (
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// TestMoraleAura checks pattern C3 of skills.md section 3 ("Allies of given
// kinds in its aura get +2 T; or Spearhead allies in its aura may use its T
// for their tests"): the bonus reaches the allies it names inside its aura
// (I toises from its centre, seed 000 l.585-593), not those outside nor
// those it does not name, nor enemies; the best of two auras counts, not
// their sum; a terror test against 12 with printed T 1 passes on 9 and 10 with
// +2 (sampled, 99.99% Wilson interval around the exact 0.2).
func TestMoraleAura(t *testing.T) {
	mk := func(id string, tt, i int, traits []string, auras ...profiles.MoraleAura) *Fighter {
		p := &profiles.Profile{ID: id, Name: id, Level: 2, Stats: profiles.Stats{V: 4, P: 3, A: 3, C: 3, T: tt, I: i},
			Stature: 3, AP: 5, HP: 10, Traits: traits, MoraleAuras: auras}
		return NewFighter(p, nil)
	}
	drummer := mk("invented-drummer-2", 8, 4, nil,
		profiles.MoraleAura{To: profiles.Selector{Traits: []string{"reed"}}, Temerity: 2})
	banner := mk("invented-banner-2", 6, 3, nil,
		profiles.MoraleAura{To: profiles.Selector{All: true}, LendTemerity: true})
	reed := mk("invented-reed-1", 1, 2, []string{"reed"})
	other := mk("invented-other-1", 1, 2, nil)
	horror := mk("invented-horror-3", 8, 2, nil)
	horror.Profile.Skills = []profiles.Skill{{Name: profiles.SkillTerror, Value: 12}}
	horror = NewFighter(horror.Profile, nil)
	e := battle(t, []*Fighter{drummer, reed, other, reed}, []*Fighter{horror})
	e.c[0].pos = field.Vec{X: 7.5, Y: 7.5}
	e.c[1].pos = field.Vec{X: 10, Y: 7.5} // 2.5 toises: in the drummer's aura (I 4)
	e.c[2].pos = field.Vec{X: 5, Y: 7.5}  // in it, but no reed
	e.c[3].pos = field.Vec{X: 7.5, Y: 13} // 5.5 toises: out of it
	e.c[4].pos = field.Vec{X: 10, Y: 8.9} // the horror, in contact with the reed in the aura
	for _, c := range []struct {
		i, want int
		what    string
	}{{1, 2, "a reed in the aura"}, {2, 0, "an ally it does not name"}, {3, 0, "a reed out of the aura"}, {4, 0, "an enemy"}} {
		if got := e.recounted(c.i, profiles.T); got != c.want {
			t.Errorf("%s: +%d T, want +%d", c.what, got, c.want)
		}
	}
	const n = 100000
	r := rand.NewPCG(3, 12)
	pass := 0
	for range n {
		c := &e.c[1]
		c.terrorPassed, c.terrorPending, c.fails, c.ap = false, false, 0, 5
		e.terrorTest(r, 1)
		if c.terrorPassed {
			pass++
		}
	}
	// T 1 + 2 + d10 >= 12 on 9 and 10, and no ally in its zone of control.
	if lo, hi := wilson(pass, n); 0.2 < lo || 0.2 > hi {
		t.Errorf("terror test in the aura: %d of %d passed, 99.99%% interval [%.4f, %.4f], exact 0.2", pass, n, lo, hi)
	}
	// Two auras: the best, not the sum (the banner lends its T 6: +5).
	e = battle(t, []*Fighter{drummer, reed, banner}, []*Fighter{horror})
	e.c[0].pos = field.Vec{X: 7.5, Y: 7.5}
	e.c[1].pos = field.Vec{X: 9, Y: 7.5}
	e.c[2].pos = field.Vec{X: 10.5, Y: 7.5}
	e.c[3].pos = field.Vec{X: 14, Y: 14}
	if got := e.recounted(1, profiles.T); got != 5 {
		t.Errorf("in two auras: +%d T, want +5 (the banner's T 6 for its 1, not +2 +5)", got)
	}
}

// TestLeaderAuraBonus checks pattern B of skills.md section 3 ("While in its
// leader's aura a servant gets +1 V and passes terror (temerity) tests
// automatically"): in the aura, its velocity is one more and a terror test
// it would always fail (T 1 against 12) passes; out of it, neither.
func TestLeaderAuraBonus(t *testing.T) {
	lord := NewFighter(&profiles.Profile{ID: "invented-lord-3", Name: "lord", Level: 3,
		Stats: profiles.Stats{V: 4, P: 4, A: 4, C: 4, T: 6, I: 4}, Stature: 3, AP: 6, HP: 20}, nil)
	servant := NewFighter(&profiles.Profile{ID: "invented-servant-1", Name: "servant", Level: 1,
		Stats: profiles.Stats{V: 3, P: 2, A: 3, C: 2, T: 1, I: 1}, Stature: 2, AP: 4, HP: 8,
		InLeaderAura: &profiles.LeaderAuraBonus{Velocity: 1, PassTerror: true}}, nil)
	horror := NewFighter(&profiles.Profile{ID: "invented-horror-3", Name: "horror", Level: 3,
		Stats: profiles.Stats{V: 4, P: 4, A: 4, C: 4, T: 8, I: 2}, Stature: 3, AP: 6, HP: 20,
		Skills: []profiles.Skill{{Name: profiles.SkillTerror, Value: 12}}}, nil)
	sk := &Skirmish{Sides: [2]Spearhead{
		{Safars: []*Fighter{lord, servant}, Costs: []int{0, 0}, Leader: 0},
		{Safars: []*Fighter{horror}, Costs: []int{0}, Leader: -1},
	}}
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	e := pl.e
	e.ambush = nil
	e.reset()
	r := rand.NewPCG(1, 2)
	for _, c := range []struct {
		at     field.Vec
		in     bool
		what   string
		passes bool
	}{{field.Vec{X: 10, Y: 7.5}, true, "in the aura", true}, {field.Vec{X: 13, Y: 7.5}, false, "out of it", false}} {
		e.c[0].pos = field.Vec{X: 7.5, Y: 7.5}
		e.c[1].pos = c.at
		e.c[2].pos = field.Vec{X: c.at.X, Y: c.at.Y + e.c[1].radius + e.c[2].radius}
		wantV := 3.0
		if c.in {
			wantV = 4
		}
		if v := e.velocity(1); v != wantV {
			t.Errorf("%s: velocity %.1f, want %.1f", c.what, v, wantV)
		}
		passed := 0
		for range 200 {
			s := &e.c[1]
			s.terrorPassed, s.terrorPending, s.fails, s.ap = false, false, 0, 4
			e.terrorTest(r, 1)
			if s.terrorPassed {
				passed++
			}
		}
		if c.passes && passed != 200 || !c.passes && passed != 0 {
			t.Errorf("%s: passed %d of 200 terror tests (T 1 against 12)", c.what, passed)
		}
	}
}
