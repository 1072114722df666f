package sim

import (
	"math"
	"math/rand/v2"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// Fire and frostbite (seed 000 lines 1352-1358 and 1372; seed 004 lines
// 1280-1288 and 1317; rulings.md R14 "Start: apply bleeding, poison, fire").
//
// Fire: "The Safar loses 1 HP at the beginning of his activation as long as
// the fire is not extinguished"; "Fire damage cannot be healed" (the HP go to
// its scar: engine.maxHP); "a non-magician Safar who has an I lower than 5
// will have to roll a temerity test when he is suffering from fire. If he
// passes the test, he will not be scared by the fire any longer". A Safar
// burns once (the text gives no second fire: a burning Safar is not set on
// fire again). The fire goes out by "Putting out a fire" (1 AP, A + 1 +
// LD10 >= 12, water within its zone of control, hands needed) or "Smothering
// the flames" (2 AP, A + 1 + LD10 >= 14, no water), on itself or a Safar in
// its zone of control (seed 000 lines 1222-1228 and 1246, seed 004 lines
// 1146-1156), and at once in deep water ("throwing yourself into water will
// extinguish the fire automatically").
//
// Frostbite: "a Safar that suffers from a frostbite effect will lose 2 in
// velocity and agility during the next activation. This effect is
// non-cumulative": the malus holds from the start to the end of its next
// activation (its attacks, walks and the tests it rolls then), not in the
// defences it makes during the others' activations.
//
// Sources: a weapon with fire or frostbite (profiles.Effects.Fire,
// Frostbite: every successful attack), and the shots of fire ammunition a
// list bought (Effects.FireShots): a shooter spends one on a target not yet
// burning, and a plain shot otherwise while it has one. Poisoned ammunition
// (Effects.PoisonShots) poisons the same way (sim/poison.go).

// fireState is a Safar's fire, frostbite and special shots.
type fireState struct {
	burning bool
	burnBy  int  // who set it on fire (credited with the fire's HP), -1 nobody
	calm    bool // it passed its temerity test against the fire
	// frost: frostbite waiting for its next activation; chill: the malus to
	// V and A during this activation (frostMalus or 0).
	frost bool
	chill int8
	// fireShots, poisonShots, piercingShots: the shots of fire, poisoned
	// and armour-piercing ammunition it has left, among the shots of its
	// shooting weapon (sim/piercing.go).
	fireShots, poisonShots, piercingShots int
}

// frostMalus is what frostbite takes from velocity and agility (seed 000
// line 1372: "will lose 2 in velocity and agility").
const frostMalus = 2

// fireFearI is the intelligence from which a Safar does not fear the fire
// (seed 000 line 1354: "an I lower than 5 will have to roll a temerity test").
const fireFearI = 5

// The generic actions against fire (seed 000 lines 1222 and 1246): AP and
// the threshold of A + 1 + LD10.
const (
	putOutAP         = 1
	putOutThreshold  = 12
	smotherAP        = 2
	smotherThreshold = 14
)

// fireTicks is the number of activations a fire is assumed to burn, for the
// default policy's value of putting it out: the horizon of a bleeding effect
// (bleedingTicks), 1 HP each.
//
// Valued as bleeding is (sim/fight.go: + P(success) x fireTicks HP on every
// attack of a weapon that burns), the fire made the policy choose more and
// weaker attacks for a status that a Safar takes once, and lose: gouns-300
// whose two hunters carry 2 fire arrows each (at 0 Kr) against kharns-300,
// 4000 battles, seed 7: 54.67% won valued, 79.97% not (64.50% with 2 plain
// arrows each); paladin-3 with a torch against kherops-warrior-2, 20 000
// duels, seed 3: 76.70% valued, 79.20% not (72.80% with the same torch that
// does not burn). The default policy now values it at decision time, on the
// first attack of a plan only and on a target not yet burning
// (sim/statusvalue.go): the same battles, seeds 7, 8, 9: 78.20%, 77.88%,
// 77.62% not valued (the code of 2026-11-26 22:00 UTC), 78.57%, 79.05%,
// 78.42% valued; the torch duels 79.20% and 79.19%.
const fireTicks = bleedingTicks

// newFireState returns the fire state of a fresh Safar f: not burning, the
// special shots of its shooting weapon.
func newFireState(f *Fighter) fireState {
	s := fireState{burnBy: -1}
	if w := f.Ranged; w != nil {
		s.fireShots, s.poisonShots = w.Effects.FireShots, w.Effects.PoisonShots
		s.piercingShots = w.Effects.PiercingShots // sim/piercing.go
	}
	return s
}

// burns reports whether the attack of ex sets its target on fire when it
// succeeds: made with a weapon (not a special attack) that burns, or a shot
// of a weapon with fire ammunition left.
func (ex *Exchange) burns() bool {
	w := ex.Attacker.Weapon
	return w != nil && !ex.Attack.Kind.Special() && (w.Effects.Fire || ex.Attack.Kind == Shot && w.Effects.FireShots > 0)
}

// freezes reports whether the attack of ex gives its target frostbite when
// it succeeds: made with a weapon (not a special attack) with frostbite.
func (ex *Exchange) freezes() bool {
	w := ex.Attacker.Weapon
	return w != nil && !ex.Attack.Kind.Special() && w.Effects.Frostbite
}

// specialShot chooses the ammunition of Safar i's attack opt on j and spends
// it: a shot of its shooting weapon spends a fire shot on a target not yet
// burning, else a poisoned one on a target that can still be poisoned, else
// an armour-piercing one on an enemy whose armour has boxes left
// (sim/piercing.go), else a plain one while it has one left, else a special
// one. It reports whether the attack burns (a fire shot, or a weapon with
// fire), poisons by its shot, freezes (a weapon with frostbite) and is an
// armour-piercing shot. It is called after the shot's ammunition was counted
// (engine.strike).
func (e *engine) specialShot(i, j int, opt *fightOption) (burns, poisons, freezes, pierces bool) {
	c, o := &e.c[i], &e.c[j]
	if opt.weapon == nil || opt.attack.Kind.Special() {
		return false, false, false, false
	}
	burns, freezes = opt.weapon.Effects.Fire, opt.weapon.Effects.Frostbite
	s := &c.fire
	if !opt.shot || opt.weapon != c.f.Ranged || s.fireShots+s.poisonShots+s.piercingShots == 0 {
		return burns, false, freezes, false
	}
	enemy := c.side != o.side
	plain := c.ammo + 1 - s.fireShots - s.poisonShots - s.piercingShots // before this shot
	switch {
	case s.fireShots > 0 && enemy && !o.fire.burning:
		s.fireShots--
		return true, false, freezes, false
	case s.poisonShots > 0 && enemy && !o.poisoned && !o.f.Items.PoisonImmune:
		s.poisonShots--
		return burns, true, freezes, false
	case s.piercingShots > 0 && e.pierces(i, j):
		s.piercingShots--
		return burns, false, freezes, true
	case plain > 0:
		return burns, false, freezes, false
	case s.fireShots > 0:
		s.fireShots--
		return true, false, freezes, false
	case s.poisonShots > 0:
		s.poisonShots--
		return burns, true, freezes, false
	}
	s.piercingShots--
	return burns, false, freezes, true
}

// inflictFire puts the statuses of a successful attack by Safar by (-1:
// nobody's credit) on Safar j: fire on a Safar not yet burning, frostbite
// for its next activation.
// A card's saving roll (sim/wards.go) cancels each, rolled when inflicted.
func (e *engine) inflictFire(r *rand.PCG, j, by int, burns, freezes bool) {
	o := &e.c[j]
	if !o.alive() {
		return
	}
	if burns && !o.fire.burning && e.saves(r, j, "the fire") {
		burns = false
	}
	if freezes && !o.fire.frost && e.saves(r, j, "the frostbite") {
		freezes = false
	}
	if burns && !o.fire.burning {
		o.fire.burning, o.fire.burnBy = true, by
		if e.trace != nil {
			e.tracef("    %s is set on fire\n", e.name(j))
		}
	}
	if freezes && !o.fire.frost {
		o.fire.frost = true
		if e.trace != nil {
			e.tracef("    %s suffers from frostbite (-%d V and A on its next activation)\n", e.name(j), frostMalus)
		}
	}
}

// fireTick plays fire and frostbite at the start of Safar i's activation,
// after bleeding and poison (R14): deep water puts its fire out; a burning
// Safar loses 1 HP for good (its scar: no healing gives it back), credited
// to who set it on fire; frostbite waiting for this activation takes its
// malus. It reports whether i is still in play.
func (e *engine) fireTick(i int) bool {
	c := &e.c[i]
	if c.fire.frost {
		c.fire.frost, c.fire.chill = false, frostMalus
	}
	if !c.fire.burning {
		return true
	}
	if e.inWater(i) {
		e.extinguish(i)
		if e.trace != nil {
			e.tracef("  %s's fire goes out in the water\n", e.name(i))
		}
		return true
	}
	if wardTaken(c.f, 1, false) == 0 {
		// A card that stops 1 damage from any source (skills.md section 3 G,
		// sim/wards.go) takes nothing of the fire's 1 HP.
		if e.trace != nil {
			e.tracef("  %s burns: its card stops the 1 HP\n", e.name(i))
		}
		return c.hp > 0
	}
	e.take(i, c.fire.burnBy, 1)
	c.morale.scar++ // "Fire damage cannot be healed"
	if e.trace != nil {
		e.tracef("  %s burns: 1 HP (%d left)\n", e.name(i), max(c.hp, 0))
	}
	return c.hp > 0
}

// thaw ends the frostbite of Safar i at the end of its activation.
func (e *engine) thaw(i int) { e.c[i].fire.chill = 0 }

// extinguish puts out the fire of Safar i.
func (e *engine) extinguish(i int) { e.c[i].fire.burning, e.c[i].fire.burnBy = false, -1 }

// fireTest plays the temerity test of a burning Safar i (seed 000 line 1354):
// a non-magician with I under 5 that has not passed one yet rolls it at the
// start of each activation while it burns, after the other temerity tests;
// passed (or rallied), it fears the fire no more; failed, it is a failed
// temerity test (engine.fail). Fearless and Bound X take none. It reports
// whether the activation goes on.
func (e *engine) fireTest(r *rand.PCG, i int) bool {
	c := &e.c[i]
	if !c.fire.burning || c.fire.calm || c.f.Profile.Magic != nil || c.f.Stats().I >= fireFearI || e.info[c.kind].noTemerity {
		return true
	}
	bonus := e.aura(i) + e.recounted(i, profiles.T)
	if !temerityFails(r, c.f.Stats().T+bonus) || e.rally(i) {
		c.fire.calm = true
		if e.trace != nil {
			e.tracef("  %s passes its temerity test against the fire\n", e.name(i))
		}
		return true
	}
	if e.trace != nil {
		e.tracef("  %s, on fire, fails its temerity test (failure %d)\n", e.name(i), c.fails+1)
	}
	return e.fail(i)
}

// agility is the characteristic the tests against fire engage.
var agility = []profiles.Char{profiles.A}

// nearWater reports whether deep water lies within Safar i's zone of control
// (its natural reach from its base's edge): its centre and eight points on
// the zone's edge are looked at.
func (e *engine) nearWater(i int) bool {
	if len(e.field.Terrain) == 0 {
		return false
	}
	c := &e.c[i]
	if e.field.On(c.pos, field.Water) {
		return true
	}
	d := c.radius + e.naturalReach(i)
	for k := range 8 {
		a := float64(k) * math.Pi / 4
		if e.field.On(field.Vec{X: c.pos.X + d*math.Cos(a), Y: c.pos.Y + d*math.Sin(a)}, field.Water) {
			return true
		}
	}
	return false
}

// fightAP returns the AP and the threshold of the action Safar i takes
// against a fire: putting it out with water in its zone of control and
// hands, else smothering the flames.
func (e *engine) fightAP(i int) (ap, threshold int) {
	if e.handles(i) && e.nearWater(i) {
		return putOutAP, putOutThreshold
	}
	return smotherAP, smotherThreshold
}

// putOut plays "Putting out a fire" or "Smothering the flames" (fightAP) of
// Safar i on t, itself or an ally in its zone of control: A + 1 + LD10
// against the threshold, a natural 1 failing, rolled as an objective test
// (its mastery dice reroll it); frostbite or poison lower its A. It reports
// whether the activation goes on.
func (e *engine) putOut(r *rand.PCG, i, t int) bool {
	c := &e.c[i]
	if t < 0 || t >= len(e.c) {
		return false
	}
	o := &e.c[t]
	ap, x := e.fightAP(i)
	cost := e.actionCost(i, ap)
	if c.ap < cost || c.ground || !o.inPlay() || !o.fire.burning || o.side != c.side ||
		t != i && e.gap(i, t) > e.naturalReach(i)+1e-9 {
		return false
	}
	c.ap -= cost
	c.spent += cost
	ok := e.objectiveTest(r, i, agility, x-1-int(c.mods()[profiles.A]))
	if ok {
		e.extinguish(t)
	}
	if e.trace != nil {
		verb := "smothers"
		if ap == putOutAP {
			verb = "puts out"
		}
		if !ok {
			verb = "fails to put out"
		}
		e.tracef("  %s %s %s's fire (%d AP)\n", e.name(i), verb, e.name(t), cost)
	}
	return true
}

// putOutChance is the default policy's estimate that Safar i passes A + 1 +
// LD10 >= x: one of its level dice (one more with Heroic in the objective
// field) shows at least the face needed, not a 1; rerolls and explosions
// left out.
func (e *engine) putOutChance(i, x int) float64 {
	c := &e.c[i]
	need := x - 1 - c.f.Stats().A - int(c.mods()[profiles.A])
	if need > 10 {
		return 0
	}
	n := c.dice
	if c.f.Skills.Heroic&FieldObjective != 0 {
		n++
	}
	fail := float64(max(need, 2)-1) / 10
	return 1 - math.Pow(fail, float64(n))
}

// putOutChoice returns the action against a fire the default policy plays
// for Safar i now, or actEnd: on itself or a burning ally in its zone of
// control, when the HP it expects to save (its chance times the fire's
// fireTicks HP, never more than the rounds left) beat what the AP are worth
// to its plan against j (apCost, as tendChoice).
func (e *engine) putOutChoice(i, j int, keep bool) action {
	c := &e.c[i]
	if c.ground {
		return action{kind: actEnd}
	}
	target := -1
	for t := range e.c {
		o := &e.c[t]
		if o.side == c.side && o.inPlay() && o.fire.burning && (t == i || e.gap(i, t) <= e.naturalReach(i)+1e-9) {
			if target < 0 || t == i {
				target = t // its own fire first
			}
		}
	}
	if target < 0 {
		return action{kind: actEnd}
	}
	ap, x := e.fightAP(i)
	cost := e.actionCost(i, ap)
	if cost > c.ap {
		return action{kind: actEnd}
	}
	h := float64(max(min(fireTicks, e.rounds-e.round), 0))
	if e.putOutChance(i, x)*h-e.apCost(i, j, cost, keep) <= 1e-9 {
		return action{kind: actEnd}
	}
	return action{kind: actPutOut, target: target}
}
