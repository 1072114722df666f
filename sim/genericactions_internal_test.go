package sim

import (
	"bytes"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
	"github.com/kharn-ages/kharn/stats"
)

// withGeneric returns the Safar of profile id with generic_actions g on its
// card (profiles.GenericActions, skills.md section 3, patterns J and K).
func withGeneric(t *testing.T, id string, g profiles.GenericActions) *Fighter {
	t.Helper()
	return withCard(t, id, func(p *profiles.Profile) { p.GenericActions = &g })
}

// TestAutomaticDetect checks pattern J's automatic Detecting (skills.md
// section 3: "Automatic Detect (always, or once per activation)") on the
// tembo elder at the centre of the cutthroat's zone (TestDetectAmbush): with
// "automatic" every Detecting finds it, 2 AP paid; with
// "automatic_once_per_activation" the first of an activation does, a second
// in the same activation rolls as the rulebook's (a kept 8+ on 3 dice,
// 1 - 0.7^3, 99.99% Wilson interval), and a new activation has its automatic
// one again. The policy's chance (detectWorth) is 1 while it holds. Fails
// before: every Detecting rolled.
func TestAutomaticDetect(t *testing.T) {
	const n = 3000
	for _, rule := range []profiles.DetectRule{profiles.DetectAutomatic, profiles.DetectOncePerActivation} {
		e := ambushBattle(t, withGeneric(t, "tembo-elder-3", profiles.GenericActions{Detect: rule}))
		r := rand.NewPCG(21, 22)
		second := 0
		for range n {
			e.reset()
			d := &e.c[2]
			d.pos, d.ap = field.Vec{X: 7.5, Y: 7.5}, 4
			d.detected = false // a new activation (engine.activate)
			e.c[0].pos = field.Vec{X: 7.5, Y: 1}
			var buf bytes.Buffer
			e.trace = &buf
			if !e.detect(r, 2) || d.ap != 2 {
				t.Fatalf("%s: the Detecting was not paid (%d AP left)", rule, d.ap)
			}
			if e.c[1].hidden || !strings.Contains(buf.String(), "detects without a roll (card rule)") {
				t.Fatalf("%s: the first Detecting failed:\n%s", rule, buf.String())
			}
			e.c[1].hidden = true // hidden again for the second try
			buf.Reset()
			e.detect(r, 2)
			if strings.Contains(buf.String(), "detects what is in its aura") {
				second++
			}
		}
		want := 1.0
		if rule == profiles.DetectOncePerActivation {
			want = 1 - math.Pow(0.7, 3)
		}
		if lo, hi := wilson(second, n); want == 1 && second != n || want < 1 && (want < lo || want > hi) {
			t.Errorf("%s: the second Detecting of an activation found %d of %d, 99.99%% interval [%.3f, %.3f], want %.3f", rule, second, n, lo, hi, want)
		}
	}
}

// TestNegotiateCardRules checks pattern J's Convincing rules (skills.md
// section 3: "automatic Convince/negotiate; no CF on Convince/negotiate") with
// one level die: a paladin with I 6 needs a 1 (13 - 12), so the rulebook's
// roll fails only on a natural 1 (R3): 0.9; without critical failure it always
// wins; a paladin with I 3 (needs 7: 0.4) wins always when automatic. The
// exact values lie in 99.99% Wilson intervals of 5000 tries and
// negotiationOdds gives them. Fails before: the card rules were not read.
func TestNegotiateCardRules(t *testing.T) {
	cut := fighterOf(t, "guild-cutthroat-1")
	sharp := func(p *profiles.Profile) { p.Stats.I = 6 }
	for _, tt := range []struct {
		name string
		f    *Fighter
		want float64
	}{
		{"I 6, rulebook: a natural 1 fails", withCard(t, "paladin-2", sharp), 0.9},
		{"I 6, no critical failure", withCard(t, "paladin-2", func(p *profiles.Profile) {
			sharp(p)
			p.GenericActions = &profiles.GenericActions{Negotiate: profiles.NegotiateNoCritical}
		}), 1},
		{"I 3, rulebook", fighterOf(t, "paladin-2"), 0.4},
		{"I 3, automatic", withGeneric(t, "paladin-2", profiles.GenericActions{Negotiate: profiles.NegotiateAutomatic}), 1},
	} {
		e := objectiveBattle(t, []*Fighter{tt.f}, []*Fighter{cut}, envoy())
		r := rand.NewPCG(23, 24)
		const n = 5000
		won := 0
		for range n {
			e.obj.reset()
			c := &e.c[0]
			c.dice, c.ap, c.masterUsed = 1, 1, false
			c.pos = field.Vec{X: 7.5, Y: 7.5 - c.radius}
			if p := e.negotiationOdds(0); math.Abs(p-tt.want) > 1e-12 {
				t.Fatalf("%s: negotiationOdds %.4f, want %.4f", tt.name, p, tt.want)
			}
			if !e.do(r, 0, action{kind: actNegotiate}) || c.ap != 0 {
				t.Fatalf("%s: no negotiation (AP %d)", tt.name, c.ap)
			}
			if e.obj.negotiated {
				won++
			}
		}
		if lo, hi := stats.Wilson(won, n, 0.9999); tt.want < lo || tt.want > hi {
			t.Errorf("%s: %d of %d won, 99.99%% interval %.4f-%.4f, want %.4f", tt.name, won, n, lo, hi, tt.want)
		}
	}
}

// TestDoubleDevour checks pattern K's doubled Devouring (skills.md section 3:
// "Doubles the HP gained by Devour"): 4 HP per AP for the card, the caps kept
// (its starting HP, seed 000 lines 1145-1146); the policy's AP follow (1 AP
// heals what 2 did). A kherops warrior, not carnivorous, devours with the
// card's rule. Fails before: 2 HP per AP.
func TestDoubleDevour(t *testing.T) {
	glutton := withGeneric(t, "paladin-2", profiles.GenericActions{DevourDouble: true})
	cut := fighterOf(t, "guild-cutthroat-1")
	e := battle(t, []*Fighter{glutton}, []*Fighter{cut, cut})
	r := rand.NewPCG(3, 3)
	place := func(hp int) {
		e.reset()
		e.c[0].pos, e.c[0].ap, e.c[0].hp = field.Vec{X: 7.5, Y: 7.5}, 4, hp
		e.c[1].pos, e.c[1].hp = field.Vec{X: 7.5 + e.c[0].radius + e.c[1].radius, Y: 7.5}, 0
		e.c[2].pos = field.Vec{X: 7.5, Y: 14}
	}
	if cut.Profile.HP != 6 || glutton.Profile.HP != 10 {
		t.Fatalf("HP %d and %d, the test wants 6 and 10", cut.Profile.HP, glutton.Profile.HP)
	}
	place(1)
	if !e.do(r, 0, action{kind: actDevour, opt: 1, target: 1}) || e.c[0].hp != 5 || e.c[0].ap != 3 {
		t.Errorf("1 AP at 1 HP: %d HP, %d AP; want 5 and 3", e.c[0].hp, e.c[0].ap)
	}
	place(1)
	if !e.do(r, 0, action{kind: actDevour, opt: 2, target: 1}) || e.c[0].hp != 7 {
		t.Errorf("2 AP at 1 HP: %d HP, want 7 (no more than the victim's 6)", e.c[0].hp)
	}
	place(7)
	if !e.do(r, 0, action{kind: actDevour, opt: 1, target: 1}) || e.c[0].hp != 10 {
		t.Errorf("1 AP at 7 HP: %d HP, want 10 (its starting HP)", e.c[0].hp)
	}
	place(4)
	if d := e.devourChoice(0, 2, false); d.kind != actDevour || d.opt != 2 {
		t.Errorf("wounded to 4 HP of 10: %+v, want 2 AP of Devouring (6 HP, the victim's)", d)
	}
	if !newMoraleKind(withGeneric(t, "kherops-warrior-1", profiles.GenericActions{DevourDouble: true})).carnivore {
		t.Error("a kherops warrior whose card doubles its Devouring does not devour")
	}
}

// TestSeekCarcass checks pattern K's "must go and devour a carcass in its
// aura when there is one" (devour: double_and_seek): with a carcass in its
// aura (I toises), the card walks to it and devours it at its next
// activation, whatever the side's policy, at full HP too (1 AP); a carcass
// out of its aura, or engaged, it does not. Fails before: the policy played.
func TestSeekCarcass(t *testing.T) {
	ghoul := withGeneric(t, "paladin-2", profiles.GenericActions{DevourDouble: true, DevourSeek: true})
	cut := fighterOf(t, "guild-cutthroat-1")
	e := battle(t, []*Fighter{ghoul}, []*Fighter{cut, cut})
	aura := float64(e.c[0].f.Stats().I)
	setup := func(dist float64) {
		e.reset()
		e.round = 1
		e.c[0].pos, e.c[0].ap = field.Vec{X: 4, Y: 7.5}, 4
		e.c[1].pos, e.c[1].hp = field.Vec{X: 4 + dist, Y: 7.5}, 0
		e.c[2].pos = field.Vec{X: 14, Y: 14}
	}
	setup(aura - 0.2)
	a, ok := e.seekCarcass(0)
	if !ok || a.kind != actToward || a.target != 1 {
		t.Fatalf("a carcass %.1f toises away in its aura (I %v): %+v %v, want a walk to it", aura-0.2, aura, a, ok)
	}
	var buf bytes.Buffer
	e.trace = &buf
	e.activate(rand.NewPCG(5, 5), 0)
	e.trace = nil
	if e.carcass(1) || !strings.Contains(buf.String(), "devours the carcass") {
		t.Errorf("the carcass in its aura is still there after its activation:\n%s", buf.String())
	}
	setup(aura + 1)
	if a, ok := e.seekCarcass(0); ok {
		t.Errorf("a carcass out of its aura: %+v", a)
	}
	setup(aura - 0.2)
	e.c[2].pos = field.Vec{X: 4, Y: 7.5 + e.c[0].radius + e.c[2].radius} // an enemy in contact
	if a, ok := e.seekCarcass(0); ok {
		t.Errorf("engaged: %+v", a)
	}
}

// TestKharnLoots checks pattern K's "may loot although its people normally
// cannot" (seed 000 line 1198: no Khârn loots): a paladin (a Khârn) with
// loot: true loots supplies from a carcass in its zone of control; without
// it, it may not. Fails before: no Khârn looted.
func TestKharnLoots(t *testing.T) {
	cut := fighterOf(t, "guild-cutthroat-1")
	for _, tt := range []struct {
		f    *Fighter
		want bool
	}{{fighterOf(t, "paladin-2"), false}, {withGeneric(t, "paladin-2", profiles.GenericActions{Loot: true}), true}} {
		e := battle(t, []*Fighter{tt.f}, []*Fighter{cut, cut})
		c := &e.c[0]
		c.pos, c.ap = field.Vec{X: 7.5, Y: 7.5}, 4
		e.c[1].pos, e.c[1].hp = field.Vec{X: 7.5 + c.radius + e.c[1].radius, Y: 7.5}, 0
		e.c[2].pos = field.Vec{X: 14, Y: 14}
		got := e.do(rand.NewPCG(1, 9), 0, action{kind: actLoot, opt: lootSupplies, target: 1})
		if got != tt.want || got && (c.loot.supplies != 1 || c.ap != 3) {
			t.Errorf("loot rule %v: looted %v (%d supplies, %d AP), want %v", tt.f.Profile.GenericActions != nil, got, c.loot.supplies, c.ap, tt.want)
		}
	}
}
