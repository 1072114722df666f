package sim

import (
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// statusPair returns a duel in contact between a Safar with a plain club in
// one hand and the weapon w, the club with one status more, in the other
// (Safar 0), and a Safar with a club (Safar 1). The two weapons deal the same
// damage: without a value for w's status, the plan takes the club (the first
// of equal options), with it the weapon that may daze, stun or burn.
func statusPair(t *testing.T, eff profiles.Effects) *engine {
	t.Helper()
	att := &profiles.Profile{ID: "brawler", Level: 2, AP: 6, HP: 20, Stature: 3,
		Stats: profiles.Stats{V: 4, P: 5, A: 6, C: 4, T: 5, I: 5}}
	def := &profiles.Profile{ID: "safar", Level: 1, AP: 4, HP: 20, Stature: 3,
		Stats: profiles.Stats{V: 4, P: 3, A: 3, C: 3, T: 4, I: 6}}
	club := &profiles.Equipment{ID: "club", Kind: profiles.KindMelee, Hands: 1, Effects: profiles.Effects{CriticalFrom: 9}}
	eff.CriticalFrom = 9
	w := &profiles.Equipment{ID: "status-club", Kind: profiles.KindMelee, Hands: 1, Effects: eff}
	e := contactPair(t, NewFighter(att, []*profiles.Equipment{club, w}), NewFighter(def, []*profiles.Equipment{club}))
	if f := e.c[0].f; f.Melee != club || f.Offhand != w {
		t.Fatalf("weapons: melee %v, offhand %v; want the club, then %s", f.Melee, f.Offhand, w.ID)
	}
	e.c[0].ap, e.c[1].ap = 6, 2
	return e
}

// TestStatusValueChoice checks that the default policy values the statuses
// an attack puts on its target (sim/statusvalue.go) at decision time: a
// weapon that dazes or stuns on a CH (seed 000 lines 1366-1380, R17) or sets
// on fire (seed 000 lines 1352-1358, sim/fire.go), otherwise equal to a
// club, is chosen for the first attack over the club by the default policy
// (pos: true); DamageOnly (pos: false) values no status and keeps the club;
// against a target already dazed, stunned or burning, the status is worth
// nothing and the club is kept. Before the statuses were valued, the
// default policy took the club in every case.
func TestStatusValueChoice(t *testing.T) {
	cases := []struct {
		name string
		eff  profiles.Effects
		set  func(c *combatant) // the target already suffers it
	}{
		{"daze on CH", profiles.Effects{OnCritical: profiles.Daze}, func(c *combatant) { c.dazed = true }},
		{"stun on CH", profiles.Effects{OnCritical: profiles.Stun}, func(c *combatant) { c.stunned = true }},
		{"fire", profiles.Effects{Fire: true}, func(c *combatant) { c.fire.burning = true }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := statusPair(t, tc.eff)
			opts := e.opts[e.c[0].kind][e.c[1].kind]
			w := e.c[0].f.Offhand
			weapon := func(first int) string {
				if first < 0 {
					return "no attack"
				}
				if opts[first].weapon == nil {
					return "bare hands"
				}
				return opts[first].weapon.ID
			}
			if first, _ := bestAttack(e, 0, 1, 0, nil, false, false); weapon(first) != "club" {
				t.Errorf("damage only: first attack with %s, want the club (equal damage, first weapon)", weapon(first))
			}
			first, _ := bestAttack(e, 0, 1, 0, nil, false, true)
			if weapon(first) != w.ID {
				t.Errorf("default policy: first attack with %s, want %s (its status valued)", weapon(first), w.ID)
			}
			if s := opts[max(first, 0)].statAt(bandEffective, e.c[1].ap); s == (statP{}) {
				t.Errorf("option %d: no chance of the status recorded (%+v)", first, s)
			}
			tc.set(&e.c[1])
			if first, _ := bestAttack(e, 0, 1, 0, nil, false, true); weapon(first) != "club" {
				t.Errorf("target already suffering it: first attack with %s, want the club", weapon(first))
			}
		})
	}
}

// TestStatusRootCounterRisk checks the counters' statuses on the attacker in
// the first attack of a plan (sim/counterstatus.go, R17; seed 000 lines
// 1366-1380): of two options equal in damage, the plan takes the first one
// without its counters' statuses; with a chance of 1/2 that the first one's
// counter stuns the attacker (ending its activation: the rest of its plan is
// lost) or dazes it (its next action costs 1 AP more), it takes the second.
func TestStatusRootCounterRisk(t *testing.T) {
	mk := func() fightOption {
		o := fightOption{attack: Attack{Kind: Melee, AP: 2}}
		for b := range 3 {
			for k := range 8 {
				o.dmg[b][k] = 3
			}
		}
		return o
	}
	opts := []fightOption{mk(), mk()}
	costOf := func(o *fightOption) (int, int, bool) { return o.ap(), bandEffective, true }
	cases := []struct {
		name  string
		set   func(g *posGain)
		first int
	}{
		{"no status", func(g *posGain) {}, 0},
		{"counter stuns", func(g *posGain) { g.attStun = 0.5 }, 1},
		{"counter dazes", func(g *posGain) { g.attDaze = 0.5 }, 1},
		{"attack dazes the target", func(g *posGain) { g.status = 0.5; g.attDaze = 0 }, 0},
	}
	for _, tc := range cases {
		var root [maxOptions]posGain
		tc.set(&root[0])
		v, first := planDPAt(opts, 4, 0, costOf, nil, 0, 0, &root)
		if first != tc.first {
			t.Errorf("%s: first option %d (value %.2f), want %d", tc.name, first, v, tc.first)
		}
	}
	// The war hammer's stun on a defence CH (sim/counterstatus.go) reaches
	// the attacker's option tables and its root.
	e := statusPair(t, profiles.Effects{OnCritical: profiles.Daze})
	hammer := &profiles.Equipment{ID: "war-hammer", Kind: profiles.KindMelee, Hands: 2, Effects: profiles.Effects{CriticalFrom: 9, OnCritical: profiles.Stun}}
	def := e.kinds[e.c[1].kind]
	e2 := contactPair(t, e.kinds[e.c[0].kind], NewFighter(def.Profile, []*profiles.Equipment{hammer}))
	e2.c[0].ap, e2.c[1].ap = 6, 3
	opts2 := e2.opts[e2.c[0].kind][e2.c[1].kind]
	var root [maxOptions]posGain
	e2.statusGains(0, 1, 6, opts2, costOf, &root)
	risk := 0.0
	for n := range opts2 {
		if n < maxOptions && !opts2[n].shot {
			risk = max(risk, root[n].attStun)
		}
	}
	if risk <= 0 {
		t.Error("against a war hammer: no option records a chance that its counter stuns the attacker")
	}
}
