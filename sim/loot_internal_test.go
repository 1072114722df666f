package sim

import (
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
	"github.com/kharn-ages/kharn/stats"
)

// archer returns a level 1 Safar of faction faction with a bow of 8 counted
// shots (range 3/6), and no melee weapon.
func archer(faction string) *Fighter {
	p := &profiles.Profile{ID: "archer-" + faction, Name: "archer", Faction: faction, Level: 1, Stature: 2, AP: 5, HP: 10, Stats: strongGuard}
	bow := &profiles.Equipment{ID: "bow", Kind: profiles.KindRanged, Hands: 2,
		Effects: profiles.Effects{Ammunition: 8, Range: &profiles.Range{Short: 3, Long: 6}}}
	return NewFighter(p, []*profiles.Equipment{bow})
}

// shotOption returns the index of a shot among the options of Safar i
// against Safar j.
func shotOption(t *testing.T, e *engine, i, j int) int {
	t.Helper()
	for n := range e.opts[e.c[i].kind][e.c[j].kind] {
		if o := &e.opts[e.c[i].kind][e.c[j].kind][n]; o.shot && o.split == 0 {
			return n
		}
	}
	t.Fatal("no shot")
	return -1
}

// TestLootAmmunition checks Looting for ammunition (R-Loot, sim/loot.go):
// "Looting: 1 AP/ carcass in ZOC [...] 1 throwing weapon or 1 ammunition spent
// by a shooter on the victim [...] Once 'looted', a carcass is removed from
// the battlefield" (seed 000 lines 1183, 1191, 1194; seed 004 lines 1184,
// 1190, 1193). A Gouns archer shoots a Khérops warrior (a counted shot spent
// on it), the warrior falls, the archer walks to its carcass and takes the
// shot back for 1 AP; the carcass is then gone (no second looting, no
// Devouring). Refused: out of its zone of control, with all its shots, a
// carcass nobody shot, a Khârn with the same bow ("too noble", line 1198).
// Fails before: no Safar could loot.
func TestLootAmmunition(t *testing.T) {
	war := fighterOf(t, "kherops-warrior-1")
	e := battle(t, []*Fighter{archer(profiles.Gouns), archer(profiles.Kharns)}, []*Fighter{war, war})
	r := rand.NewPCG(11, 12)
	e.c[0].pos, e.c[0].ap, e.c[0].ranged = field.Vec{X: 7.5, Y: 3}, 5, true
	e.c[1].pos = field.Vec{X: 1, Y: 1}
	e.c[2].pos = field.Vec{X: 7.5, Y: 3 + e.c[0].radius + e.c[2].radius + 4}
	e.c[3].pos = field.Vec{X: 14, Y: 14}
	if !e.do(r, 0, action{kind: actAttack, opt: shotOption(t, e, 0, 2), target: 2}) || e.c[0].ammo != 7 {
		t.Fatalf("the shot: %d shots left, want 7", e.c[0].ammo)
	}
	if e.c[2].loot.shotBy != 1 {
		t.Fatalf("shots spent on the warrior by %b, want by the archer (1)", e.c[2].loot.shotBy)
	}
	e.c[2].hp = 0 // the warrior falls: a carcass
	e.c[3].hp = 0 // a carcass nobody shot
	ap := func(i int) int { return e.c[i].ap }
	e.c[0].ap = 5
	if e.do(r, 0, action{kind: actLoot, opt: lootAmmo, target: 2}) || ap(0) != 5 {
		t.Error("looted a carcass 4 toises away")
	}
	e.c[0].pos = field.Vec{X: 7.5, Y: e.c[2].pos.Y - e.c[0].radius - e.c[2].radius - e.naturalReach(0)}
	e.c[3].pos = field.Vec{X: 7.5 + e.c[0].radius + e.c[3].radius, Y: e.c[0].pos.Y}
	if e.do(r, 0, action{kind: actLoot, opt: lootAmmo, target: 3}) || ap(0) != 5 {
		t.Error("took a shot back from a carcass nobody shot")
	}
	e.c[1].pos, e.c[1].ap, e.c[1].ammo = e.c[0].pos.Add(field.Vec{X: -e.c[0].radius - e.c[1].radius}), 5, 7
	if e.do(r, 1, action{kind: actLoot, opt: lootAmmo, target: 2}) || e.do(r, 1, action{kind: actLoot, opt: lootSupplies, target: 2}) || ap(1) != 5 {
		t.Error("a Khârn looted")
	}
	e.c[0].ammo = 8
	if e.do(r, 0, action{kind: actLoot, opt: lootAmmo, target: 2}) || ap(0) != 5 {
		t.Error("took a shot back above its starting 8")
	}
	e.c[0].ammo = 0
	if !e.do(r, 0, action{kind: actLoot, opt: lootAmmo, target: 2}) || e.c[0].ammo != 1 || ap(0) != 4 {
		t.Fatalf("looting in its zone of control: %d shots, %d AP; want 1 and 4", e.c[0].ammo, ap(0))
	}
	if e.carcass(2) || e.do(r, 0, action{kind: actLoot, opt: lootSupplies, target: 2}) || e.canDevour(0, 2) {
		t.Error("the looted carcass is still on the battlefield")
	}
}

// TestLootSupplies checks the supplies (seed 000 line 1192, seed 004 line
// 1191: "Supplies providing 2D5HP by using 3AP (the miniature must not be
// engaged to eat them)"): looted for 1 AP, kept, eaten for 3 AP when not
// engaged, 2D5 HP healed never above the starting HP. Over 20 000 meals of a
// Safar 10 HP down, the mean heal lies in the 99.99% interval (+- 3.9 SE) of
// E[2D5] = 6 (z = 3.8906); 2 HP down, every meal heals 2.
func TestLootSupplies(t *testing.T) {
	cut := fighterOf(t, "guild-cutthroat-1")
	war := fighterOf(t, "kherops-warrior-1")
	e := battle(t, []*Fighter{cut}, []*Fighter{war, war})
	r := rand.NewPCG(13, 14)
	c := &e.c[0]
	c.pos, c.ap, c.hp = field.Vec{X: 7.5, Y: 7.5}, 5, 1
	e.c[1].pos, e.c[1].hp = field.Vec{X: 7.5 + c.radius + e.c[1].radius, Y: 7.5}, 0
	e.c[2].pos = field.Vec{X: 14, Y: 14}
	if !e.do(r, 0, action{kind: actLoot, opt: lootSupplies, target: 1}) || c.loot.supplies != 1 || c.ap != 4 || c.hp != 1 {
		t.Fatalf("looting supplies: %d kept, %d AP, %d HP; want 1, 4 and 1", c.loot.supplies, c.ap, c.hp)
	}
	e.c[2].pos = field.Vec{X: 7.5 - c.radius - e.c[2].radius, Y: 7.5}
	if e.do(r, 0, action{kind: actEat}) || c.ap != 4 {
		t.Error("ate its supplies while engaged")
	}
	e.c[2].pos = field.Vec{X: 14, Y: 14}
	const n = 20000
	var sum, sq float64
	for range n {
		c.hp, c.ap, c.loot.supplies = cut.Profile.HP-10, 3, 1
		if !e.do(r, 0, action{kind: actEat}) || c.ap != 0 || c.loot.supplies != 0 {
			t.Fatal("no meal")
		}
		h := float64(c.hp - (cut.Profile.HP - 10))
		if h < 2 || h > 10 {
			t.Fatalf("a meal healed %g HP, want 2 to 10", h)
		}
		sum += h
		sq += h * h
	}
	mean, se := stats.MeanSE(sum, sq, n)
	if lo, hi := mean-3.8906*se, mean+3.8906*se; 6 < lo || 6 > hi { // z of a two-sided 99.99% interval
		t.Errorf("mean heal %.3f, 99.99%% interval %.3f-%.3f, want 6", mean, lo, hi)
	}
	c.hp, c.ap, c.loot.supplies = cut.Profile.HP-2, 3, 1
	if !e.do(r, 0, action{kind: actEat}) || c.hp != cut.Profile.HP {
		t.Errorf("2 HP down: %d HP after the meal, want %d", c.hp, cut.Profile.HP)
	}
	if got := e.suppliesHeal(0); got != 0 {
		t.Errorf("unhurt: supplies worth %g HP, want 0", got)
	}
	c.hp = cut.Profile.HP - 3 // E[min(2D5, 3)] = (1 x 2 + 24 x 3) / 25
	if got, want := e.suppliesHeal(0), (2.0+24*3)/25; got != want {
		t.Errorf("3 HP down: supplies worth %g HP, want %g", got, want)
	}
}

// TestLootFang checks the Fangs' looting (seed 000 lines 1200-1202; seed 004
// line 1199): "a temerity test which success threshold is increased by the
// 'Bloodlust' level [...] If they fail, they will 'devour' the carcass
// instead". A Fang with T 3 and Bloodlust 2 needs T + 1D10 >= 12, a 9 or a 10:
// P(loot) = 0.2, in the 99.99% Wilson interval of 20 000 tries; failing, it
// devours the carcass with the AP (2 HP for 1 AP, sim/devour.go). The carcass
// is gone either way.
func TestLootFang(t *testing.T) {
	base := fighterOf(t, "fang-prowler-1")
	p := *base.Profile
	p.Stats.T = 3
	p.Skills = append(append([]profiles.Skill(nil), p.Skills...), profiles.Skill{Name: "bloodlust", Value: 2})
	fang := NewFighter(&p, nil)
	if fang.Skills.Bloodlust != 2 || fang.Profile.Faction != profiles.Fangs {
		t.Fatalf("Bloodlust %d, faction %s: the test wants 2 and fangs", fang.Skills.Bloodlust, fang.Profile.Faction)
	}
	war := fighterOf(t, "kherops-warrior-1")
	e := battle(t, []*Fighter{fang}, []*Fighter{war, war})
	r := rand.NewPCG(15, 16)
	c := &e.c[0]
	const n = 20000
	looted := 0
	for range n {
		c.pos, c.ap, c.hp, c.loot.supplies = field.Vec{X: 7.5, Y: 7.5}, 1, 1, 0
		v := &e.c[1]
		v.pos, v.hp, v.morale.devoured, v.loot.looted = field.Vec{X: 7.5 + c.radius + v.radius, Y: 7.5}, 0, false, false
		e.c[2].pos = field.Vec{X: 14, Y: 14}
		if !e.do(r, 0, action{kind: actLoot, opt: lootSupplies, target: 1}) || c.ap != 0 || e.carcass(1) {
			t.Fatal("no looting")
		}
		switch {
		case c.loot.supplies == 1 && c.hp == 1 && v.loot.looted:
			looted++
		case c.loot.supplies == 0 && c.hp == 3 && v.morale.devoured:
		default:
			t.Fatalf("supplies %d, HP %d, looted %v, devoured %v: neither a looting nor a devouring", c.loot.supplies, c.hp, v.loot.looted, v.morale.devoured)
		}
	}
	if got := e.lootOdds(0); got != 0.2 {
		t.Errorf("lootOdds %g, want 0.2", got)
	}
	if lo, hi := stats.Wilson(looted, n, 0.9999); 0.2 < lo || 0.2 > hi {
		t.Errorf("%d of %d lootings, 99.99%% interval %.4f-%.4f, want 0.2", looted, n, lo, hi)
	}
}

// TestLootPolicy checks the default policy's looting (lootChoice): a wounded
// Safar, not engaged, beside a carcass, with no enemy in reach, loots supplies
// and then eats them; unhurt, it does not; an archer out of shots beside the
// carcass of a Safar it shot takes a shot back; a Khârn never loots.
func TestLootPolicy(t *testing.T) {
	war := fighterOf(t, "kherops-warrior-1")
	e := battle(t, []*Fighter{archer(profiles.Gouns), archer(profiles.Kharns)}, []*Fighter{war, war})
	r := rand.NewPCG(17, 18)
	e.round = 1
	place := func() {
		for i := range e.c {
			e.c[i].ap, e.c[i].loot, e.c[i].target = e.c[i].f.Profile.AP, lootState{}, -1
		}
		e.c[0].pos, e.c[0].hp, e.c[0].ammo = field.Vec{X: 7.5, Y: 3}, 10, 8
		e.c[1].pos, e.c[1].hp, e.c[1].ammo = field.Vec{X: 1, Y: 3}, 10, 8
		e.c[2].pos, e.c[2].hp = field.Vec{X: 7.5 + e.c[0].radius + e.c[2].radius, Y: 3}, 0
		e.c[3].pos, e.c[3].hp = field.Vec{X: 7.5, Y: 14}, war.Profile.HP
	}
	place()
	if a := DefaultFightPolicy.act(e, 0, r); a.kind == actLoot || a.kind == actEat {
		t.Errorf("unhurt, with all its shots: %+v, want no looting", a)
	}
	e.c[0].hp = 2
	a := DefaultFightPolicy.act(e, 0, r)
	if a.kind != actLoot || a.opt != lootSupplies || a.target != 2 {
		t.Fatalf("8 HP down beside a carcass: %+v, want looting supplies", a)
	}
	if !e.do(r, 0, a) {
		t.Fatal("no looting")
	}
	if a := DefaultFightPolicy.act(e, 0, r); a.kind != actEat {
		t.Errorf("supplies kept, 8 HP down: %+v, want eating", a)
	}
	place()
	e.c[0].ammo = 0
	e.c[2].loot.shotBy = 1
	if a := DefaultFightPolicy.act(e, 0, r); a.kind != actLoot || a.opt != lootAmmo || a.target != 2 {
		t.Errorf("out of shots beside the carcass it shot: %+v, want a shot back", a)
	}
	place()
	e.c[1].pos, e.c[1].hp = e.c[0].pos, 2
	e.c[0].pos = field.Vec{X: 1, Y: 1}
	if a := DefaultFightPolicy.act(e, 1, r); a.kind == actLoot {
		t.Errorf("a Khârn: %+v, want no looting", a)
	}
}
