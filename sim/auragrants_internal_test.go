package sim

import (
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// auraCard returns a copy of the embedded card id with the given aura grants
// and extra skills, fielded with its base equipment.
func auraCard(t *testing.T, id string, grants []profiles.AuraGrant, skills ...profiles.Skill) *Fighter {
	t.Helper()
	ds := profiles.Default()
	base, err := ds.Profile(id)
	if err != nil {
		t.Fatal(err)
	}
	p := *base
	p.AuraGrants = grants
	p.Skills = append(slices.Clone(p.Skills), skills...)
	lo, err := ds.Equip(base, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return NewFighter(&p, lo.Items(ds))
}

// princeGrants are two invented aura grants of pattern D (skills.md section
// 3: "Brutality 1 for its people's warriors in its aura"; "+1 to Brutal
// charge for its people within 5 toises", here within 2).
var princeGrants = []profiles.AuraGrant{
	{Skills: []profiles.Skill{{Name: profiles.SkillBrutality, Value: 1}}, To: profiles.Selector{Profiles: []string{"crown-guard-1"}}},
	{Skills: []profiles.Skill{{Name: profiles.SkillBrutalCharge, Value: 1}}, Increment: true, To: profiles.Selector{Factions: []string{profiles.Kharns}}, Within: 2},
}

// TestAuraGrantReach checks pattern D's aura grants (skills.md section 3):
// an ally the grant names fights with the skill while it stands within
// reach of the card's Safar (its aura, I toises from the centre of its base,
// seed 000 l.585-593, seed 004 l.510-512; or the grant's distance), not
// outside, not once the card's Safar is defeated; the card's own Safar and
// enemies never; and a new battle starts without.
func TestAuraGrantReach(t *testing.T) {
	prince := auraCard(t, "prince-3", princeGrants) // I 5
	guard := auraCard(t, "crown-guard-1", nil)      // no Brutality, no Brutal charge
	enemy := auraCard(t, "kherops-warrior-1", nil)
	e := battle(t, []*Fighter{prince, guard}, []*Fighter{enemy})
	if len(e.auras) != 1 || e.auras[0].i != 1 || len(e.auras[0].kinds) != 4 {
		t.Fatalf("aura Safars %+v, want the guard alone (1) with 4 kinds (the prince is a Khârn in reach of its own +1 Brutal charge: not its own ally)", e.auras)
	}
	e.c[0].pos = field.Vec{X: 3, Y: 7.5}
	e.c[2].pos = field.Vec{X: 3, Y: 9} // an enemy within both reaches
	for _, c := range []struct {
		x             float64
		princeHP      int
		brutality     int
		brutal        float64
		what          string
		ownKind, buff bool
	}{
		{4.5, 11, 1, 1, "1.5 toises: both grants", false, true},
		{7, 11, 1, 0, "4 toises: in the aura (I 5), beyond 2", false, true},
		{8, 11, 1, 0, "5 toises: on the aura's edge", false, true},
		{8.2, 11, 0, 0, "5.2 toises: out of both", true, false},
		{4.5, 0, 0, 0, "1.5 toises of a defeated prince", true, false},
	} {
		e.c[1].pos = field.Vec{X: c.x, Y: 7.5}
		e.c[0].hp = c.princeHP
		e.refreshAuras()
		g := &e.c[1]
		if g.f.Skills.Brutality != c.brutality || e.info[g.kind].brutal != c.brutal || g.f != e.kinds[g.kind] {
			t.Errorf("%s: brutality %d, brutal charge %.0f, want %d and %.0f", c.what, g.f.Skills.Brutality, e.info[g.kind].brutal, c.brutality, c.brutal)
		}
		if (g.kind == e.auras[0].kinds[0]) != c.ownKind {
			t.Errorf("%s: kind %d, own kind %d", c.what, g.kind, e.auras[0].kinds[0])
		}
		if e.c[0].f != prince || e.c[2].f != enemy {
			t.Errorf("%s: the prince or the enemy changed kind", c.what)
		}
	}
	e.c[0].hp = 11
	e.c[1].pos = field.Vec{X: 4.5, Y: 7.5}
	e.refreshAuras()
	e.reset()
	if e.c[1].f != guard || e.c[1].kind != e.auras[0].kinds[0] {
		t.Error("reset: the guard keeps a buffed kind")
	}
}

// TestAuraGrantExact checks that a buffed Safar fights as the card printed
// with the skill does: the exact exchange of the guard in the prince's aura
// (Brutality 1) equals, to 1e-12 in every figure, the exchange of a guard
// whose card says Brutality 1, and so do their option tables against the
// enemy; and differs from the guard's own (Brutality adds damage, skills.md
// #11).
func TestAuraGrantExact(t *testing.T) {
	prince := auraCard(t, "prince-3", princeGrants[:1])
	guard := auraCard(t, "crown-guard-1", nil)
	native := auraCard(t, "crown-guard-1", nil, profiles.Skill{Name: profiles.SkillBrutality, Value: 1})
	enemy := auraCard(t, "kherops-warrior-1", nil)
	e := battle(t, []*Fighter{prince, guard}, []*Fighter{enemy})
	n := battle(t, []*Fighter{prince, native}, []*Fighter{enemy})
	buffed, own, def := e.auras[0].kinds[1], e.auras[0].kinds[0], e.c[2].kind
	a, _, err := ParseAttack("2:PA:P")
	if err != nil {
		t.Fatal(err)
	}
	x := e.exchange(buffed, def, guard.Melee, a)
	y := n.exchange(n.c[1].kind, n.c[2].kind, native.Melee, a)
	z := e.exchange(own, def, guard.Melee, a)
	rx, err := x.Exact()
	if err != nil {
		t.Fatal(err)
	}
	ry, _ := y.Exact()
	rz, _ := z.Exact()
	if d := maxDiff(reflect.ValueOf(*rx), reflect.ValueOf(*ry)); d > 1e-12 {
		t.Errorf("buffed guard against the printed Brutality 1: figures differ by %g", d)
	}
	if rx.ExpectedDamage <= rz.ExpectedDamage+1e-3 {
		t.Errorf("Brutality 1 in the aura: E[damage] %.4f, without %.4f: want more", rx.ExpectedDamage, rz.ExpectedDamage)
	}
	eo, no := e.opts[buffed][def], n.opts[n.c[1].kind][n.c[2].kind]
	if len(eo) != len(no) || len(eo) == 0 {
		t.Fatalf("%d options in the aura, %d printed", len(eo), len(no))
	}
	for k := range eo {
		if eo[k].attack != no[k].attack {
			t.Fatalf("option %d: %v against %v", k, eo[k].attack, no[k].attack)
		}
		if d := max(maxDiff(reflect.ValueOf(eo[k].dmg), reflect.ValueOf(no[k].dmg)), maxDiff(reflect.ValueOf(eo[k].ctr), reflect.ValueOf(no[k].ctr))); d > 1e-12 {
			t.Errorf("option %d (%v): tables differ by %g", k, eo[k].attack, d)
		}
	}
	// The enemy's tables against the buffed guard are those against the printed one.
	for k, o := range e.opts[def][buffed] {
		if d := maxDiff(reflect.ValueOf(o.dmg), reflect.ValueOf(n.opts[n.c[2].kind][n.c[1].kind][k].dmg)); d > 1e-12 {
			t.Errorf("enemy option %d against the buffed guard: differs by %g", k, d)
		}
	}
}

// maxDiff returns the largest difference between the float64 figures of a
// and b (structs, slices, arrays of them), +Inf when their shapes differ.
func maxDiff(a, b reflect.Value) float64 {
	switch a.Kind() {
	case reflect.Float64, reflect.Float32:
		return math.Abs(a.Float() - b.Float())
	case reflect.Struct:
		d := 0.0
		for k := range a.NumField() {
			d = max(d, maxDiff(a.Field(k), b.Field(k)))
		}
		return d
	case reflect.Slice, reflect.Array:
		if a.Len() != b.Len() {
			return math.Inf(1)
		}
		d := 0.0
		for k := range a.Len() {
			d = max(d, maxDiff(a.Index(k), b.Index(k)))
		}
		return d
	}
	return 0
}

// TestAuraAfterWalk checks that an assault reads the auras where its walk
// ends: a guard out of the prince's aura walks into it, and its attack is
// taken from the buffed kind's table: the same AP, weapon and play, the
// characteristics that table holds (2:AA:A becomes an attack with a P
// effect, worth more with Brutality 1); and a guard already in the aura
// keeps its declared attack.
func TestAuraAfterWalk(t *testing.T) {
	prince := auraCard(t, "prince-3", princeGrants[:1])
	guard := auraCard(t, "crown-guard-1", nil)
	enemy := auraCard(t, "kherops-warrior-1", nil)
	e := battle(t, []*Fighter{prince, guard}, []*Fighter{enemy})
	e.c[0].pos = field.Vec{X: 3, Y: 7.5}
	e.c[1].pos = field.Vec{X: 12, Y: 7.5}
	e.c[2].pos = field.Vec{X: 5, Y: 9}
	e.c[2].ap = 3
	e.refreshAuras()
	own, buffed, def := e.auras[0].kinds[0], e.auras[0].kinds[1], e.c[2].kind
	if e.c[1].kind != own {
		t.Fatal("9 toises away: buffed")
	}
	opts := e.opts[own][def]
	k := slices.IndexFunc(opts, func(o fightOption) bool { return o.attack.AP == 2 && o.pos == 0 && o.split == 0 })
	if k < 0 {
		t.Fatal("no 2 AP option")
	}
	e.c[1].pos = field.Vec{X: 5, Y: 7.5} // the walk ends in the aura
	got, opt := e.auraAfterWalk(1, 2, k, &opts[k])
	bo := e.opts[buffed][def]
	if e.c[1].kind != buffed || opt != &bo[got] || opt.attack.AP != 2 || opt.pos != 0 || !opt.attack.Effects.Has(profiles.P) {
		t.Fatalf("after the walk: kind %d (want %d), option %v (want a 2 AP attack with a P effect of the buffed table)", e.c[1].kind, buffed, opt.attack)
	}
	for x := range bo {
		if o := &bo[x]; o.attack.AP == 2 && o.pos == 0 && o.dmg[bandEffective][3]-o.ctr[bandEffective][3] > opt.dmg[bandEffective][3]-opt.ctr[bandEffective][3] {
			t.Errorf("%v chosen, %v is worth more against 3 AP", opt.attack, o.attack)
		}
	}
	// Already in the aura: the declared attack stays.
	got2, opt2 := e.auraAfterWalk(1, 2, got, opt)
	if got2 != got || opt2 != opt {
		t.Errorf("in the aura before and after: option %d became %d", got, got2)
	}
}

// TestAuraGrantLimit checks that a Safar reached by more aura grants than
// the engine plays (maxAuraGrants: 2^4 kinds of it) is an error naming it,
// not a silent drop.
func TestAuraGrantLimit(t *testing.T) {
	var gs []profiles.AuraGrant
	for v := range maxAuraGrants + 1 {
		gs = append(gs, profiles.AuraGrant{Skills: []profiles.Skill{{Name: profiles.SkillBrutality, Value: v + 1}}, To: profiles.Selector{All: true}})
	}
	sk := &Skirmish{Sides: [2]Spearhead{
		{Safars: []*Fighter{auraCard(t, "prince-3", gs), auraCard(t, "crown-guard-1", nil)}, Costs: []int{0, 0}, Leader: -1},
		{Safars: []*Fighter{auraCard(t, "kherops-warrior-1", nil)}, Costs: []int{0}, Leader: -1},
	}}
	_, err := sk.NewPlayer()
	if err == nil || !strings.Contains(err.Error(), "crown-guard-1 is reached by 5 aura grants of its allies; at most 4 are played") {
		t.Errorf("error %v, want the guard named with 5 grants, at most 4", err)
	}
}
