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
			if s := opts[max(first, 0)].stat[bandEffective][e.c[1].ap]; s == (statP{}) {
				t.Errorf("option %d: no chance of the status recorded (%+v)", first, s)
			}
			tc.set(&e.c[1])
			if first, _ := bestAttack(e, 0, 1, 0, nil, false, true); weapon(first) != "club" {
				t.Errorf("target already suffering it: first attack with %s, want the club", weapon(first))
			}
		})
	}
}
