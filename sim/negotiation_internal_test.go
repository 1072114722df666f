package sim

import (
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
	"github.com/kharn-ages/kharn/stats"
)

// envoy is a neutral at the centre of the 15 x 15 table worth 4 points.
func envoy() *profiles.Objectives {
	return &profiles.Objectives{Negotiation: &profiles.Negotiation{Name: "envoy", X: 7.5, Y: 7.5, Points: 4}}
}

// masterNegotiating returns the fighter of profile id with "master:
// negotiating" (skills.md #35, the catalogue's "convaincre / négocier").
func masterNegotiating(t *testing.T, id string) *Fighter {
	t.Helper()
	f := fighterOf(t, id)
	p := *f.Profile
	p.Skills = append(append([]profiles.Skill(nil), p.Skills...), profiles.Skill{Name: profiles.SkillMaster, Text: profiles.MasterNegotiating})
	return NewFighter(&p, nil)
}

// TestNegotiate checks "Convincing/negotiating: 1 AP/ZOC/I x2 + LD10 >= 13.
// The Safar trying to negotiate must be free from any other opponent" (seed
// 000 lines 1131-1135; seed 004 lines 1090-1092): paladin-2 has I 3 and 2
// level dice, so 13 needs a best die of 7 or more: P = 1 - 0.6^2 = 0.64. With
// Master of this action (a free reroll of the whole roll once per turn,
// skills.md #35) a failure is rolled again: P = 0.64 + 0.36 x 0.64 = 0.8704.
// The exact values lie in the 99.99% Wilson intervals of 20 000 tries. A won
// negotiation scores the neutral's points once; engaged, out of reach or
// Savage, no negotiation and no AP spent.
func TestNegotiate(t *testing.T) {
	pal, cut := fighterOf(t, "paladin-2"), fighterOf(t, "guild-cutthroat-1")
	if pal.Stats().I != 3 || pal.Profile.Level != 2 {
		t.Fatalf("paladin-2: I %d, level %d; the test wants I 3, level 2", pal.Stats().I, pal.Profile.Level)
	}
	const n = 20000
	for _, tt := range []struct {
		name string
		f    *Fighter
		want float64
	}{{"plain", pal, 0.64}, {"master: negotiating", masterNegotiating(t, "paladin-2"), 0.8704}} {
		e := objectiveBattle(t, []*Fighter{tt.f}, []*Fighter{cut}, envoy())
		if got := e.c[0].f.Skills.MasterNegotiate; got != (tt.want > 0.8) {
			t.Fatalf("%s: MasterNegotiate %v", tt.name, got)
		}
		r := rand.NewPCG(13, 14)
		won := 0
		for range n {
			e.obj.reset()
			c := &e.c[0]
			c.dice, c.ap, c.masterUsed = 2, 1, false
			c.pos = field.Vec{X: 7.5, Y: 7.5 - c.radius}
			if !e.do(r, 0, action{kind: actNegotiate}) || c.ap != 0 {
				t.Fatalf("%s: no negotiation (AP %d)", tt.name, c.ap)
			}
			if e.obj.negotiated {
				won++
				if e.obj.points != [2]int{4, 0} {
					t.Fatalf("won: points %v, want [4 0]", e.obj.points)
				}
			}
		}
		if lo, hi := stats.Wilson(won, n, 0.9999); tt.want < lo || tt.want > hi {
			t.Errorf("%s: %d of %d won, 99.99%% interval %.4f-%.4f, want %.4f", tt.name, won, n, lo, hi, tt.want)
		}
	}
	e := objectiveBattle(t, []*Fighter{pal, savage(t, "paladin-2")}, []*Fighter{cut}, envoy())
	r := rand.NewPCG(15, 16)
	c := &e.c[0]
	c.ap = 4
	c.pos = field.Vec{X: 7.5, Y: 7.5 - c.radius - e.naturalReach(0) - 0.2}
	if e.do(r, 0, action{kind: actNegotiate}) || c.ap != 4 {
		t.Errorf("negotiating from beyond its zone of control (AP %d)", c.ap)
	}
	c.pos = field.Vec{X: 7.5, Y: 7.5 - c.radius}
	e.c[2].pos = field.Vec{X: 7.5, Y: c.pos.Y - c.radius - e.c[2].radius} // an enemy in contact
	if e.do(r, 0, action{kind: actNegotiate}) || c.ap != 4 {
		t.Errorf("negotiating while engaged (AP %d)", c.ap)
	}
	e.c[2].pos = field.Vec{X: 1, Y: 14}
	e.c[1].ap = 4
	e.c[1].pos = field.Vec{X: 7.5, Y: 7.5 + e.c[1].radius}
	if e.do(r, 1, action{kind: actNegotiate}) || e.c[1].ap != 4 {
		t.Error("a Savage Safar negotiated (skills.md #58)")
	}
	e.obj.negotiated = true
	if e.do(r, 0, action{kind: actNegotiate}) || c.ap != 4 {
		t.Error("negotiated again once the negotiation was won")
	}
}

// TestNegotiationPolicy checks the default policy: the nearest Safar walks
// to the neutral, negotiates there when free, and fights when engaged.
func TestNegotiationPolicy(t *testing.T) {
	pal, cut := fighterOf(t, "paladin-2"), fighterOf(t, "guild-cutthroat-1")
	e := objectiveBattle(t, []*Fighter{pal}, []*Fighter{cut}, envoy())
	r := rand.NewPCG(17, 18)
	e.round = 1
	for i := range e.c {
		e.c[i].ap, e.c[i].target = e.c[i].f.Profile.AP, -1
	}
	e.c[0].pos = field.Vec{X: 7.5, Y: 3}
	if a := DefaultFightPolicy.act(e, 0, r); a.kind != actGoTo || a.opt != 1 {
		t.Errorf("far from the envoy: %+v, want a walk to it (objective len(Markers)+1)", a)
	}
	e.c[0].pos = field.Vec{X: 7.5, Y: 7.5 - e.c[0].radius}
	if a := DefaultFightPolicy.act(e, 0, r); a.kind != actNegotiate {
		t.Errorf("at the envoy: %+v, want negotiating", a)
	}
	e.c[1].pos = field.Vec{X: 7.5, Y: e.c[0].pos.Y - e.c[0].radius - e.c[1].radius}
	if a := DefaultFightPolicy.act(e, 0, r); a.kind == actNegotiate {
		t.Errorf("engaged at the envoy: %+v, want no negotiation", a)
	}
}
