package sim

import (
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// withCard returns the Safar of profile id of the embedded data, with its
// card's equipment, its card changed by edit (a card rule of skills.md
// section 3 written by hand).
func withCard(t *testing.T, id string, edit func(p *profiles.Profile)) *Fighter {
	t.Helper()
	ds := profiles.Default()
	p, err := ds.Profile(id)
	if err != nil {
		t.Fatal(err)
	}
	q := *p
	edit(&q)
	lo, err := ds.Equip(&q, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return NewFighter(&q, lo.Items(ds))
}

// meleeLine places Safar 0 in contact with enemy e0 at the centre and the
// Safars of sup around e0, in contact with it; the others far away.
func meleeLine(e *engine, e0 int, sup []int) {
	for k := range e.c {
		e.c[k].pos = field.Vec{X: 1 + float64(k), Y: 1}
	}
	at := field.Vec{X: 7.5, Y: 7.5}
	e.c[e0].pos = at
	dirs := []field.Vec{{X: -1}, {X: 1}, {Y: 1}, {Y: -1}}
	for n, k := range append([]int{0}, sup...) {
		r := e.c[e0].radius + e.c[k].radius
		e.c[k].pos = field.Vec{X: at.X + r*dirs[n].X, Y: at.Y + r*dirs[n].Y}
	}
}

// TestStrongSupport checks pattern S of skills.md section 3 ("It counts +3
// instead of +1 when supporting in a melee (R8); one version also cancels the
// enemy's support bonuses, the other supports only allies of its faction"):
// the bonus of the outnumbering side sums +3 for the card and +1 for another
// supporter; the card in the melee cancels the enemy's bonus (fighting or
// supporting), not the count of who outnumbers; with own_faction it does not
// support an ally of another faction. Fails before: every supporter +1.
func TestStrongSupport(t *testing.T) {
	plain := fighterOf(t, "paladin-2")
	strong := withCard(t, "paladin-2", func(p *profiles.Profile) { p.Support = &profiles.SupportRule{Bonus: 3} })
	canceller := withCard(t, "paladin-2", func(p *profiles.Profile) {
		p.Support = &profiles.SupportRule{Bonus: 3, CancelsEnemy: true}
	})
	loyal := withCard(t, "paladin-2", func(p *profiles.Profile) { p.Support = &profiles.SupportRule{Bonus: 3, OwnFaction: true} })
	foe := fighterOf(t, "kherops-warrior-1")
	foreign := fighterOf(t, "kherops-warrior-1") // an ally of another faction than the paladins
	if foreign.Profile.Faction == plain.Profile.Faction {
		t.Fatal("kherops-warrior-1 and paladin-2 of one faction")
	}
	for _, c := range []struct {
		name     string
		a, b     []*Fighter
		sup      []int // the Safars in contact with the first enemy, besides Safar 0
		att, def int
	}{
		{"a card's +3 and a plain +1", []*Fighter{plain, strong, plain}, []*Fighter{foe}, []int{1, 2}, 4, 0},
		{"R8 alone: two plain supporters", []*Fighter{plain, plain, plain}, []*Fighter{foe}, []int{1, 2}, 2, 0},
		{"the enemy outnumbers: its +1 each", []*Fighter{plain}, []*Fighter{foe, foe, foe}, []int{2, 3}, 0, 2},
		{"the canceller fights: the enemy's bonus cancelled", []*Fighter{canceller}, []*Fighter{foe, foe, foe}, []int{2, 3}, 0, 0},
		{"the canceller supports and its side outnumbers: +3", []*Fighter{plain, canceller}, []*Fighter{foe}, []int{1}, 3, 0},
		{"own faction: it supports a paladin", []*Fighter{plain, loyal}, []*Fighter{foe}, []int{1}, 3, 0},
		{"own faction: no support for another faction's Safar", []*Fighter{foreign, loyal}, []*Fighter{foe}, []int{1}, 0, 0},
	} {
		e := battle(t, c.a, c.b)
		e0 := len(c.a)
		// the enemy side's Safars besides e0 in contact with Safar 0 instead
		// (they support e0 against it).
		var mine []int
		for _, k := range c.sup {
			if k < e0 {
				mine = append(mine, k)
			}
		}
		meleeLine(e, e0, mine)
		for n, k := range c.sup {
			if k >= e0 { // an enemy supporter: in contact with Safar 0
				r := e.c[0].radius + e.c[k].radius
				dirs := []field.Vec{{X: 0, Y: 1}, {X: 0, Y: -1}}
				e.c[k].pos = field.Vec{X: e.c[0].pos.X + r*dirs[n].X, Y: e.c[0].pos.Y + r*dirs[n].Y}
			}
		}
		sa, sd := e.support(0, e0), e.support(e0, 0)
		if att, def := supportBonus(sa, sd); att != c.att || def != c.def {
			t.Errorf("%s: support +%d to the attacker, +%d to the defender (supporters %d and %d), want +%d and +%d", c.name, att, def, sa.n, sd.n, c.att, c.def)
		}
	}
}

// TestStrongSupportExact checks that the exchange a melee with the +3
// supporter plays takes +3 as its support (Exchange.Support), so that the
// exact engine (Exchange.Exact) plays the rule: the plan struck carries
// support 3, its exact chance of success is above the same exchange at R8's
// +1, and the sampler agrees with the exact figure in a 99.99% Wilson
// interval. The trace names the card's rule.
func TestStrongSupportExact(t *testing.T) {
	plain := fighterOf(t, "paladin-2")
	strong := withCard(t, "paladin-2", func(p *profiles.Profile) { p.Support = &profiles.SupportRule{Bonus: 3} })
	foe := fighterOf(t, "kherops-warrior-1")
	e := battle(t, []*Fighter{plain, strong}, []*Fighter{foe})
	meleeLine(e, 2, []int{1})
	k, tr := strike2AP(t, e, 0, 2)
	if !strings.Contains(tr, "is supported: +3 by 1 supporter (card support rule)") {
		t.Errorf("trace does not show the card's support:\n%s", tr)
	}
	checkStruckSupport(t, e, k, 3)
}

// TestMountMoraleAura checks a Mochère mount's aura (skills.md section 3, C3:
// "Mochère mounts have the same kind of rule (+2 or +3 T for the rider's
// people in the rider's aura)"): a mount's morale_auras, carried by the
// mounted Safar (profiles.DataSet.Mounted), give +3 T to a Khârn ally within
// the rider's I toises, not to one beyond, nor to an ally of another people;
// the same rider on foot gives nothing. Fails before: a mount had no aura.
func TestMountMoraleAura(t *testing.T) {
	ds := profiles.Default()
	rider, err := ds.Profile("paladin-2")
	if err != nil {
		t.Fatal(err)
	}
	m := &profiles.Mount{ID: "invented-mochere-2", Name: "Mochere", Kind: "mochere", Level: 2, Factions: []string{profiles.Kharns},
		MoraleAuras: []profiles.MoraleAura{{To: profiles.Selector{Factions: []string{profiles.Kharns}}, Temerity: 3}}}
	mounted, err := ds.Mounted(rider, m)
	if err != nil {
		t.Fatal(err)
	}
	lo, err := ds.Equip(rider, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	onMount := NewFighter(mounted, lo.Items(ds))
	onFoot := fighterOf(t, "paladin-2")
	kin, stranger := fighterOf(t, "paladin-2"), fighterOf(t, "kherops-warrior-1")
	foe := fighterOf(t, "guild-cutthroat-1")
	for _, c := range []struct {
		name string
		r    *Fighter
		want [3]int // +T of the kin in the aura, the kin beyond it, the stranger in it
	}{{"mounted", onMount, [3]int{3, 0, 0}}, {"on foot", onFoot, [3]int{0, 0, 0}}} {
		e := battle(t, []*Fighter{c.r, kin, kin, stranger}, []*Fighter{foe})
		aura := float64(e.c[0].f.Stats().I)
		e.c[0].pos = field.Vec{X: 5, Y: 7.5}
		e.c[1].pos = field.Vec{X: 5 + aura - 0.1, Y: 7.5}
		e.c[2].pos = field.Vec{X: 5, Y: 7.5 + aura + 0.5}
		e.c[3].pos = field.Vec{X: 5, Y: 7.5 - aura + 0.1}
		e.c[4].pos = field.Vec{X: 14, Y: 14}
		for k, w := range c.want {
			if got := e.recounted(k+1, profiles.T); got != w {
				t.Errorf("%s: Safar %d gets +%d T, want +%d", c.name, k+1, got, w)
			}
		}
	}
}
