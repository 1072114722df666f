package sim

import (
	"bytes"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// fireCase returns a duel in contact between a Safar with weapon w (Safar 0)
// and a Safar of I i with 20 HP (Safar 1), both level 1, stature 3.
func fireCase(t *testing.T, w *profiles.Equipment, i int) *engine {
	t.Helper()
	att := &profiles.Profile{ID: "torchbearer", Level: 2, AP: 6, HP: 20, Stature: 3,
		Stats: profiles.Stats{V: 4, P: 5, A: 6, C: 4, T: 5, I: 5}}
	def := &profiles.Profile{ID: "safar", Level: 1, AP: 4, HP: 20, Stature: 3,
		Stats: profiles.Stats{V: 4, P: 3, A: 3, C: 3, T: 4, I: i}}
	club := &profiles.Equipment{ID: "club", Kind: profiles.KindMelee, Hands: 1, Effects: profiles.Effects{CriticalFrom: 10}}
	return contactPair(t, NewFighter(att, []*profiles.Equipment{w}), NewFighter(def, []*profiles.Equipment{club}))
}

// TestFireTick checks a burning Safar at the start of its activation (seed
// 000 line 1358: "The Safar loses 1 HP at the beginning of his activation as
// long as the fire is not extinguished"; line 1356: "Fire damage cannot be
// healed"; R14): a Safar hit by a torch is set on fire, once; each of its
// activations takes 1 HP, credited to the torchbearer, and lowers what it
// may heal up to; its fire goes on until put out; deep water puts it out
// (seed 000 line 1228).
func TestFireTick(t *testing.T) {
	torch := &profiles.Equipment{ID: "torch", Kind: profiles.KindMelee, Hands: 1, Effects: profiles.Effects{CriticalFrom: 10, Fire: true}}
	e := fireCase(t, torch, 6) // I 6: no temerity test
	opts := e.opts[e.c[0].kind][e.c[1].kind]
	k := lastOption(t, e, "2 AP melee", melee2AP)
	r := rand.NewPCG(3, 0)
	for n := 0; !e.c[1].fire.burning; n++ {
		if n == 50 {
			t.Fatal("no fire in 50 attacks")
		}
		hp := e.c[1].hp
		e.c[0].ap, e.c[1].ap = 6, 0
		e.strike(r, 0, 1, k, &opts[k], false, bandEffective, 0, 0)
		if e.c[1].hp < hp && !e.c[1].fire.burning {
			t.Fatalf("a hit (%d HP) set nothing on fire", hp-e.c[1].hp)
		}
	}
	if e.c[1].fire.burnBy != 0 {
		t.Errorf("set on fire by %d, want 0", e.c[1].fire.burnBy)
	}
	e.c[1].hp = 15
	dealt := e.c[0].dealt
	for tick := 1; tick <= 3; tick++ {
		e.c[1].acted = false
		e.activate(r, 1)
		if e.c[1].hp != 15-tick || !e.c[1].fire.burning {
			t.Fatalf("activation %d: HP %d, burning %v; want %d, still burning", tick, e.c[1].hp, e.c[1].fire.burning, 15-tick)
		}
		if e.maxHP(1) != 20-tick {
			t.Errorf("activation %d: heals up to %d HP, want %d (fire damage cannot be healed)", tick, e.maxHP(1), 20-tick)
		}
	}
	if e.c[0].dealt != dealt+3 {
		t.Errorf("the torchbearer is credited %d HP of fire, want 3", e.c[0].dealt-dealt)
	}
	e.extinguish(1)
	e.c[1].acted = false
	e.activate(r, 1)
	if e.c[1].hp != 12 {
		t.Errorf("put out: HP %d after an activation, want 12", e.c[1].hp)
	}
}

// TestFireShots checks fire ammunition (catalogue.md 4.7; seed 004 line 1670
// "Enflammé"): a bow with 3 shots, 1 of them fire, spends the fire shot on a
// target not burning, then plain shots while the target burns; once only
// fire shots would be left they are spent anyway. Without fire shots left,
// a hit burns nothing.
func TestFireShots(t *testing.T) {
	bow := &profiles.Equipment{ID: "bow", Kind: profiles.KindRanged, Hands: 2, Effects: profiles.Effects{CriticalFrom: 10,
		Range: &profiles.Range{Short: 4, Long: 9}, Ammunition: 3, FireShots: 1}}
	e := fireCase(t, bow, 6)
	if e.c[0].fire.fireShots != 1 || e.c[0].ammo != 3 {
		t.Fatalf("start: %d fire shots, %d shots; want 1, 3", e.c[0].fire.fireShots, e.c[0].ammo)
	}
	opt := &fightOption{attack: Attack{Kind: Shot, AP: 2, Chars: CharsOf(A, A)}, weapon: bow, shot: true}
	e.c[0].ammo = 2 // the shot counted (engine.strike)
	if burns, _, _, _ := e.specialShot(0, 1, opt); !burns || e.c[0].fire.fireShots != 0 {
		t.Errorf("first shot: burns %v, %d fire shots left; want the fire shot spent", burns, e.c[0].fire.fireShots)
	}
	e.c[0].fire.fireShots, e.c[1].fire.burning = 1, true
	e.c[0].ammo = 1
	if burns, _, _, _ := e.specialShot(0, 1, opt); burns || e.c[0].fire.fireShots != 1 {
		t.Errorf("shot on a burning target: burns %v, %d fire shots left; want a plain shot, 1 left", burns, e.c[0].fire.fireShots)
	}
	e.c[0].ammo = 0
	if burns, _, _, _ := e.specialShot(0, 1, opt); !burns || e.c[0].fire.fireShots != 0 {
		t.Errorf("last shot, a fire one: burns %v, %d fire shots left", burns, e.c[0].fire.fireShots)
	}
	e.c[1].fire.burning = false
	if burns, _, _, _ := e.specialShot(0, 1, opt); burns {
		t.Error("no fire shot left: the shot burns")
	}
	// Poisoned arrows (catalogue.md 4.7 type poisoned): the same, poisoning.
	e.c[0].fire.poisonShots, e.c[0].ammo = 1, 4
	if _, poisons, _, _ := e.specialShot(0, 1, opt); !poisons || e.c[0].fire.poisonShots != 0 {
		t.Errorf("a poisoned arrow: poisons %v, %d left; want it spent", poisons, e.c[0].fire.poisonShots)
	}
	e.c[0].fire.poisonShots, e.c[1].poisoned = 1, true
	if _, poisons, _, _ := e.specialShot(0, 1, opt); poisons || e.c[0].fire.poisonShots != 1 {
		t.Errorf("a poisoned arrow on a poisoned target: poisons %v, want a plain shot", poisons)
	}
}

// TestFrostbite checks frostbite (seed 000 line 1372: "will lose 2 in
// velocity and agility during the next activation. This effect is
// non-cumulative"): an ice axe's hit gives it; during the target's next
// activation its V and A are 2 less (the exchanges' modifiers and its
// walk), after it they are back; a second hit before that activation adds
// nothing.
func TestFrostbite(t *testing.T) {
	axe := &profiles.Equipment{ID: "ice-axe", Kind: profiles.KindMelee, Hands: 1, Effects: profiles.Effects{CriticalFrom: 10, Frostbite: true}}
	e := fireCase(t, axe, 6)
	e.inflictFire(nil, 1, 0, false, true)
	e.inflictFire(nil, 1, 0, false, true)
	v0 := e.velocity(1)
	if m := e.c[1].mods(); m[profiles.A] != 0 {
		t.Fatalf("before its activation: A modifier %d, want 0", m[profiles.A])
	}
	var seen statMod
	var vSeen float64
	e.policies[SideB] = probe{e.policies[SideB], func(e *engine, i int) {
		seen, vSeen = e.c[i].mods(), e.velocity(i)
	}}
	e.c[1].acted = false
	e.activate(rand.NewPCG(1, 0), 1)
	if seen[profiles.V] != -frostMalus || seen[profiles.A] != -frostMalus || seen[profiles.P] != 0 || vSeen != v0-frostMalus {
		t.Errorf("during its activation: modifiers %v, velocity %g (was %g); want V and A -2 (not cumulative), velocity -2", seen, vSeen, v0)
	}
	if m := e.c[1].mods(); m[profiles.V] != 0 || m[profiles.A] != 0 || e.c[1].fire.frost {
		t.Errorf("after its activation: modifiers %v, frost waiting %v; want none", m, e.c[1].fire.frost)
	}
}

// probe is a policy that calls look at its Safar's first decision and ends
// the activation.
type probe struct {
	FightPolicy
	look func(e *engine, i int)
}

func (p probe) act(e *engine, i int, _ *rand.PCG) action { p.look(e, i); return action{kind: actEnd} }

// TestFireTemerity checks the temerity test of a burning Safar (seed 000
// line 1354): with I under 5, a non-magician rolls T + 1D10 >= 10 at the
// start of its activation while it burns, and a failure is a failed
// temerity test (its AP halved, engine.fail); once passed it rolls no more.
// With I 5, or Fearless, none.
func TestFireTemerity(t *testing.T) {
	torch := &profiles.Equipment{ID: "torch", Kind: profiles.KindMelee, Hands: 1, Effects: profiles.Effects{CriticalFrom: 10, Fire: true}}
	for _, tc := range []struct {
		name  string
		i     int
		tests bool
	}{{"I 4", 4, true}, {"I 5", 5, false}} {
		e := fireCase(t, torch, tc.i)
		r := rand.NewPCG(5, 0)
		failed, passed := 0, 0
		e.policies[SideB] = probe{e.policies[SideB], func(*engine, int) {}}
		for range 400 {
			c := &e.c[1]
			c.fire.burning, c.fire.calm, c.fails, c.hp, c.acted = true, false, 0, 20, false
			e.activate(r, 1)
			switch {
			case c.fails == 1 && !c.fire.calm:
				failed++
			case c.fails == 0 && c.fire.calm:
				passed++
			}
		}
		if !tc.tests {
			if failed+passed != 0 {
				t.Errorf("%s: %d tests failed, %d passed; want none rolled", tc.name, failed, passed)
			}
			continue
		}
		// T 4 + 1D10 >= 10 passes on 6-10: 1/2.
		lo, hi := wilson(passed, passed+failed)
		if passed+failed != 400 || lo > 0.5 || hi < 0.5 {
			t.Errorf("%s: %d passed, %d failed of 400; want every activation a test, half passed", tc.name, passed, failed)
		}
	}
}

// TestPutOut checks "Smothering the flames" (seed 000 line 1246: 2 AP,
// A + 1 + LD10 >= 14; seed 004 line 1154): the burning Safar (A 3, level 1)
// pays 2 AP and puts its fire out when its die shows 10 (3 + 1 + 10 >= 14),
// and the default policy smothers a fire when the HP it saves beat the AP
// (it has nothing to attack with the AP here: its enemy stands far).
func TestPutOut(t *testing.T) {
	torch := &profiles.Equipment{ID: "torch", Kind: profiles.KindMelee, Hands: 1, Effects: profiles.Effects{CriticalFrom: 10, Fire: true}}
	e := fireCase(t, torch, 6)
	r := rand.NewPCG(8, 0)
	out := 0
	const n = 4000
	for range n {
		c := &e.c[1]
		c.fire.burning, c.ap = true, 4
		if !e.putOut(r, 1, 1) || c.ap != 2 {
			t.Fatalf("smothering: AP %d left of 4, want 2", c.ap)
		}
		if !c.fire.burning {
			out++
		}
	}
	// Only a 10 succeeds: 1/10; the level die may explode on 10 (R1), which
	// still succeeds.
	if lo, hi := wilson(out, n); lo > 0.1 || hi < 0.1 {
		t.Errorf("fire put out %d times of %d, want 1 in 10", out, n)
	}
	if p := e.putOutChance(1, smotherThreshold); math.Abs(p-0.1) > 1e-12 {
		t.Errorf("the policy's chance %g, want 0.1", p)
	}
	e.c[1].fire.burning, e.c[1].ap = true, 4
	if a := e.putOutChoice(1, 0, false); a.kind != actEnd {
		t.Errorf("0.1 x %d HP saved against the AP of attacks in contact: the policy smothers (%v)", fireTicks, a)
	}
	e.place(1, 40)
	if a := e.putOutChoice(1, 0, false); a.kind != actPutOut || a.target != 1 {
		t.Errorf("far from its enemy, AP worth nothing: the policy plays %v, want smothering its own fire", a)
	}
	var buf bytes.Buffer
	e.trace = &buf
	e.c[1].ap = 4
	e.putOut(r, 1, 1)
	if !strings.Contains(buf.String(), "fire (2 AP)") {
		t.Errorf("trace %q", buf.String())
	}
}

// TestFireSpell checks a damage spell that burns and freezes (spell level
// fire: true, frostbite: true; seed 000 lines 1352-1358, 1372): the embedded
// bone-seer's Bone Splinters, given both, sets its target on fire and gives
// it frostbite exactly when it takes effect, credited to the caster.
func TestFireSpell(t *testing.T) {
	fs := []*Fighter{cardFighterIn(t, "kherops-warrior-2"), cardFighterIn(t, "bone-seer-2")}
	e, err := newEngine(fs, []int{SideA, SideB}, Variant{}, [2]FightPolicy{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	e.rounds = 20
	bolt := -1
	for oi := range e.magic.opts[e.c[1].kind] {
		o := &e.magic.opts[e.c[1].kind][oi]
		if o.spell.ID == "bone-splinters" && o.ap == 3 && o.plans[e.c[0].kind] != nil {
			lv := *o.level // a copy: the data set's spell stays as it is
			lv.Fire, lv.Frostbite = true, true
			o.level, bolt = &lv, oi
		}
	}
	if bolt < 0 {
		t.Fatal("no bone-splinters option")
	}
	r := rand.NewPCG(21, 0)
	burnt := 0
	for range 500 {
		e.reset()
		e.round = 1
		e.c[1].ap, e.c[0].hp = 4, 100 // never killed by the spell
		before := e.c[1].spells.succeeded
		if !e.cast(r, 1, action{kind: actCast, opt: bolt, target: 0}) {
			t.Fatal("the spell was not cast")
		}
		ok := e.c[1].spells.succeeded > before
		if f := e.c[0].fire; f.burning != ok || f.frost != ok || ok && f.burnBy != 1 {
			t.Fatalf("took effect %v: burning %v (by %d), frostbite %v", ok, f.burning, f.burnBy, f.frost)
		}
		if ok {
			burnt++
		}
	}
	if burnt == 0 {
		t.Error("500 casts set nothing on fire")
	}
}

// TestFireArrowsInFights checks fire arrows in whole fights (catalogue.md
// 4.7; seed 000 line 1358): an archer with 6 arrows, 2 of fire, shoots them
// at a Safar walking to it; over seeded duels its fire shots are spent
// (never more than bought) and its target burns for good in some of them
// (HP lost to fire: the scar), which never happens with plain arrows.
func TestFireArrowsInFights(t *testing.T) {
	archer := &profiles.Profile{ID: "archer", Level: 2, AP: 5, HP: 14, Stature: 3,
		Stats: profiles.Stats{V: 4, P: 3, A: 6, C: 3, T: 5, I: 5}}
	brute := &profiles.Profile{ID: "brute", Level: 1, AP: 4, HP: 16, Stature: 3,
		Stats: profiles.Stats{V: 3, P: 4, A: 3, C: 3, T: 5, I: 6}}
	club := &profiles.Equipment{ID: "club", Kind: profiles.KindMelee, Hands: 1, Effects: profiles.Effects{CriticalFrom: 10}}
	for _, fire := range []int{2, 0} {
		bow := &profiles.Equipment{ID: "bow", Kind: profiles.KindRanged, Hands: 2, Effects: profiles.Effects{CriticalFrom: 10,
			Range: &profiles.Range{Short: 4, Long: 9}, Ammunition: 6, FireShots: fire}}
		e, err := newEngine([]*Fighter{NewFighter(archer, []*profiles.Equipment{bow, club}), NewFighter(brute, []*profiles.Equipment{club})},
			[]int{SideA, SideB}, Variant{}, [2]FightPolicy{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		e.rounds, e.duel = 8, true
		e.field.Width, e.field.Height = DefaultTable, DefaultTable
		e.labels = make([]string, 2)
		e.start[0].X, e.start[0].Y = DefaultTable/2-4.5, DefaultTable/2
		e.start[1].X, e.start[1].Y = DefaultTable/2+4.5, DefaultTable/2
		r := rand.NewPCG(31, 0)
		spent, burnt := 0, 0
		for range 300 {
			e.play(r)
			s := e.c[0].fire.fireShots
			if s < 0 || s > fire {
				t.Fatalf("%d fire shots left of %d", s, fire)
			}
			spent += fire - s
			if e.c[1].morale.scar > 0 {
				burnt++
			}
		}
		if fire > 0 && (spent == 0 || burnt == 0) {
			t.Errorf("2 fire arrows: %d spent, the target burnt in %d of 300 fights", spent, burnt)
		}
		if fire == 0 && burnt != 0 {
			t.Errorf("plain arrows: the target burnt in %d fights", burnt)
		}
		t.Logf("%d fire arrows: %d spent in 300 fights, the target burnt in %d", fire, spent, burnt)
	}
}

// TestFireScarHealSpell checks that a heal spell gives back no HP lost to
// fire (seed 000 line 1356: "Fire damage cannot be healed"): the embedded
// khemist's Sap of Adansonia on an ally that lost 3 HP, all of them to fire,
// heals nothing; one that lost 3 HP, 1 of them to fire, at most 2.
func TestFireScarHealSpell(t *testing.T) {
	ids := []string{"tembo-khemist-2", "kherops-warrior-2", "bone-seer-2"}
	var fs []*Fighter
	for _, id := range ids {
		fs = append(fs, cardFighterIn(t, id))
	}
	e, err := newEngine(fs, []int{SideA, SideA, SideB}, Variant{}, [2]FightPolicy{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	e.rounds = 20
	heal := -1
	for oi, o := range e.magic.opts[e.c[0].kind] {
		if o.spell.ID == "sap-of-adansonia" && o.ap == 1 && o.plans[e.c[1].kind] != nil {
			heal = oi
		}
	}
	if heal < 0 {
		t.Fatal("no sap-of-adansonia option")
	}
	full := e.c[1].f.Profile.HP
	r := rand.NewPCG(4, 4)
	for _, burnt := range []int{3, 1} {
		took := 0
		for range 300 {
			e.reset()
			e.round = 1
			e.c[0].ap = 4
			e.c[1].hp, e.c[1].morale.scar = full-3, burnt
			before := e.c[0].spells.succeeded
			if !e.cast(r, 0, action{kind: actCast, opt: heal, target: 1}) {
				t.Fatal("the heal was not cast")
			}
			if e.c[1].hp > full-burnt {
				t.Fatalf("%d of 3 HP lost to fire: healed to %d, want at most %d", burnt, e.c[1].hp, full-burnt)
			}
			if e.c[0].spells.succeeded > before {
				took++
			}
		}
		if took == 0 {
			t.Errorf("%d HP burnt: no heal took effect in 300 casts", burnt)
		}
	}
}
