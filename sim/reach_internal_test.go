package sim

import (
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// reachDuo returns a skirmish of a pikeman holding a reach-2 pike against a
// guard holding defWeapon, one Safar a side, placed by hand. The profiles
// and items are written for the test (round values, not card values).
func reachDuo(t *testing.T, defWeapon *profiles.Equipment) *SkirmishPlayer {
	t.Helper()
	pike := &profiles.Equipment{ID: "pike", Name: "Pike", Kind: profiles.KindMelee, Hands: 2,
		Effects: profiles.Effects{Reach: 2}}
	pikeman := &profiles.Profile{ID: "pikeman", Name: "pikeman", Level: 2, Stature: 3, AP: 5, HP: 40,
		Stats: profiles.Stats{V: 4, P: 5, A: 4, C: 3, T: 4, I: 4}}
	guard := &profiles.Profile{ID: "guard", Name: "guard", Level: 2, Stature: 3, AP: 5, HP: 40,
		Stats: profiles.Stats{V: 3, P: 4, A: 4, C: 6, T: 4, I: 4}}
	sk := &Skirmish{Sides: [2]Spearhead{
		{Safars: []*Fighter{NewFighter(pikeman, []*profiles.Equipment{pike})}, Costs: []int{60}, Leader: -1},
		{Safars: []*Fighter{NewFighter(guard, []*profiles.Equipment{defWeapon})}, Costs: []int{60}, Leader: -1},
	}}
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	pl.e.ambush = nil // placed by hand: none in ambush (sim/ambush.go)
	return pl
}

// TestSkirmishCounterReach plays a pike (reach 2) attacking a dagger from 2
// toises and in base contact, on a table with the two placed by hand (seed
// 000 lines 1098 and 1644, seed 004 lines 1508-1510: a defender counters
// only within its weapon's reach): from 2 toises the guard's 2-3 AP
// defences never counter, in contact they do, and a guard whose weapon has
// a reach of 2 in defence only (defence_reach) counters from 2 toises too.
// The default policy's plan values the attack from 2 toises above the same
// attack in contact (no counter to pay).
func TestSkirmishCounterReach(t *testing.T) {
	dagger := &profiles.Equipment{ID: "dagger", Name: "Dagger", Kind: profiles.KindMelee, Hands: 1}
	longAxe := &profiles.Equipment{ID: "long-axe", Name: "Long axe", Kind: profiles.KindMelee, Hands: 2,
		Effects: profiles.Effects{DamageBonus: 1, DefenceReach: 2}}
	const trials = 400
	// play makes trials 2 AP attacks of the pikeman on a guard with all its AP
	// gap toises away and returns the HP the pikeman lost to counters, the
	// guard's AP spent and whether every plan was made beyond the counter reach.
	play := func(pl *SkirmishPlayer, gap float64) (counter, spent int, far bool) {
		e := pl.e
		opts := e.opts[e.c[0].kind][e.c[1].kind]
		opt := -1
		for k, o := range opts {
			if !o.shot && !o.attack.Kind.Special() && o.attack.AP == 2 && o.pos == posNone && o.split == 0 {
				opt = k
				break
			}
		}
		if opt < 0 {
			t.Fatal("no 2 AP melee option for the pikeman")
		}
		if !opts[opt].far != (e.kinds[1].Melee.Effects.DefenceReach >= 2) {
			t.Fatalf("option far %v with the guard's %s: want figures beyond its counter reach only against the dagger", opts[opt].far, e.kinds[1].Melee.ID)
		}
		r := rand.NewPCG(7, 11)
		far = true
		for range trials {
			e.reset()
			a, d := &e.c[0], &e.c[1]
			a.pos = field.Vec{X: 7.5, Y: 7.5}
			d.pos = field.Vec{X: 7.5 + a.radius + d.radius + gap, Y: 7.5}
			a.ap, d.ap = a.f.Profile.AP, d.f.Profile.AP
			hp := a.hp
			if !e.do(r, 0, action{kind: actAttack, opt: opt, target: 1}) {
				t.Fatalf("the attack from %.1f toises was refused", gap)
			}
			counter += hp - a.hp
			spent += d.f.Profile.AP - d.ap
			for k, p := range e.plans {
				far = far && k.band == bandFar && p.ex.BeyondCounterReach
			}
		}
		return counter, spent, far
	}

	pl := reachDuo(t, dagger)
	c2, s2, far2 := play(pl, 2)
	c0, s0, far0 := play(pl, 0)
	if c2 != 0 || !far2 {
		t.Errorf("pike from 2 toises on a dagger: %d HP of counters in %d attacks (plans beyond reach: %v); want none", c2, trials, far2)
	}
	if c0 == 0 || far0 {
		t.Errorf("pike in contact with a dagger: %d HP of counters in %d attacks (plans beyond reach: %v); want some", c0, trials, far0)
	}
	if s2 == 0 {
		t.Errorf("the guard spent no AP defending from 2 toises: its defences were not played")
	}
	t.Logf("counters: %d HP from 2 toises, %d in contact; guard AP spent %d and %d", c2, c0, s2, s0)

	// The default policy's plan: the same AP, the target 2 toises away or in
	// contact; only the counter differs.
	e := pl.e
	value := func(gap float64) float64 {
		e.reset()
		a, d := &e.c[0], &e.c[1]
		a.pos = field.Vec{X: 7.5, Y: 7.5}
		d.pos = field.Vec{X: 7.5 + a.radius + d.radius + gap, Y: 7.5}
		a.ap, d.ap = a.f.Profile.AP, d.f.Profile.AP
		_, v := bestAttackOf(e, 0, 1, 0, nil, classOf(nil, false), false, false)
		return v
	}
	if vf, vc := value(2), value(0); vf <= vc {
		t.Errorf("plan value from 2 toises %.4f, in contact %.4f: want more beyond the dagger's counter reach", vf, vc)
	}

	// A long axe reaching 2 toises in defence only counters the pike there.
	cl, _, farL := play(reachDuo(t, longAxe), 2)
	if cl == 0 || farL {
		t.Errorf("pike from 2 toises on a long axe (defence_reach 2): %d HP of counters (plans beyond reach: %v); want some", cl, farL)
	}
}
