package sim

import (
	"slices"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// inContact puts Safar i at the table's centre and j in base contact east of
// it, with ai and aj AP.
func (e *engine) inContact(i, j, ai, aj int) {
	c, w := &e.c[i], &e.c[j]
	c.pos = field.Vec{X: 7.5, Y: 7.5}
	w.pos = field.Vec{X: 7.5 + c.radius + w.radius, Y: 7.5}
	c.ap, w.ap = ai, aj
}

// TestFirstGainAmbush checks that the default policy values an Ambush
// precision's first attack (skills.md #18; sim/firstgain.go): the guild
// cutthroat with "+4 au seuil et +3 dgt à la première attaque", revealed, 4
// AP, in contact with a kherops warrior holding 4 AP, keeps its AP when its
// first attack is behind it (no attack is worth its counters) and attacks
// with its 2 AP AA attack when the bonus is still to come. The gain the plan
// adds is the exact engine's net damage of that exchange with the bonus
// (Exchange.AttackBonus, DamageBonus) less the table's; a cutthroat without
// the precision has none.
func TestFirstGainAmbush(t *testing.T) {
	e := precisionBattle(t, preciseCutthroat(t, 4, 3))
	e.reset()
	e.c[1].hidden = false
	e.c[0].pos = field.Vec{X: 1, Y: 1}
	e.inContact(1, 2, 4, 4)
	c, w := &e.c[1], &e.c[2]
	k0, _ := bestAttackOf(e, 1, 2, 0, nil, classOther, true, true)
	c.ambushFirst = true
	k1, _ := bestAttackOf(e, 1, 2, 0, nil, classOther, true, true)
	if k0 != -1 {
		t.Errorf("first attack behind it: option %d, want none (keep the AP)", k0)
	}
	if k1 < 0 {
		t.Fatal("first attack to come: no attack, want the 2 AP AA attack")
	}
	o := &e.opts[c.kind][w.kind][k1]
	if o.attack.AP != 2 || o.attack.Chars != CharsOf(A, A) {
		t.Errorf("first attack to come: %s, want 2 AP AA", o.attack)
	}
	net := func(th, dm int) float64 {
		ex := e.exchange(c.kind, w.kind, o.weapon, o.attack)
		ex.AttackBonus, ex.DamageBonus = th, dm
		byAP, err := ex.exactByAPFrom(nil, nil) // the defender holding 0..its AP of its card's
		if err != nil {
			t.Fatal(err)
		}
		res := byAP[min(4, len(byAP)-1)] // rows above the Fighter's AP repeat its own (fillOptionFrom)
		return res.ExpectedDamage + res.ExpectedBleeding*bleedTicks(ex.Defender) - res.ExpectedCounter
	}
	want := net(4, 3) - net(0, 0)
	if got := e.firstGain(1, 2, k1, bandEffective, 4); want <= 0 || !near(got, want) {
		t.Errorf("gain of the 2 AP AA attack: %.6f, want %.6f (exact engine)", got, want)
	}
	plain := precisionBattle(t, preciseCutthroat(t, 0, 0))
	if plain.first.ambush != nil {
		t.Error("a cutthroat without precision has Ambush gains")
	}
}

// TestFirstGainBite checks that the default policy values a Bite that heals
// (skills.md #7; sim/firstgain.go): a fang prowler with 8 AP, in contact with
// a guild cutthroat holding 2 AP, opens with its 1 AP V attack at full HP
// and with its Bite once it has lost HP, when its Bite heals; a prowler
// whose Bite does not heal opens as at full HP. The Bite's gain is its
// expected damage up to the HP lost.
func TestFirstGainBite(t *testing.T) {
	first := func(heals bool, hp int) (*engine, int) {
		f := fighterWith(t, "fang-prowler-1")
		p := *f.Profile
		p.Skills = slices.Clone(p.Skills)
		i := slices.IndexFunc(p.Skills, func(s profiles.Skill) bool { return s.Name == profiles.SkillBite })
		if i < 0 {
			t.Fatal("the fang prowler has no Bite")
		}
		p.Skills[i].Heals = heals
		g := *f
		g.Profile = &p
		sk := &Skirmish{Sides: [2]Spearhead{
			{Safars: []*Fighter{&g}, Costs: []int{0}, Leader: -1},
			{Safars: []*Fighter{fighterWith(t, "guild-cutthroat-1")}, Costs: []int{0}, Leader: -1},
		}}
		pl, err := sk.NewPlayer()
		if err != nil {
			t.Fatal(err)
		}
		e := pl.e
		e.reset()
		e.inContact(0, 1, 8, 2)
		e.c[0].hp = hp
		k, _ := bestAttackOf(e, 0, 1, 0, nil, classOther, true, true)
		if k < 0 {
			t.Fatalf("heals %v, %d HP: no attack", heals, hp)
		}
		return e, k
	}
	kind := func(e *engine, k int) Kind { return e.opts[e.c[0].kind][e.c[1].kind][k].attack.Kind }
	e, k := first(true, 0)
	e.c[0].hp = e.maxHP(0)
	k, _ = bestAttackOf(e, 0, 1, 0, nil, classOther, true, true)
	if kind(e, k) == Bite {
		t.Errorf("full HP: opens with the Bite, want another attack")
	}
	e, k = first(true, 3)
	if kind(e, k) != Bite {
		t.Errorf("3 HP, a Bite that heals: opens with %s, want the Bite", e.opts[e.c[0].kind][e.c[1].kind][k].attack)
	}
	o := &e.opts[e.c[0].kind][e.c[1].kind][k]
	if got, want := e.firstGain(0, 1, k, bandEffective, 2), min(o.dmg[bandEffective][2], float64(e.maxHP(0)-3)); !near(got, want) {
		t.Errorf("the Bite's gain %.6f, want %.6f", got, want)
	}
	e, k = first(false, 3)
	if kind(e, k) == Bite {
		t.Errorf("3 HP, a Bite that does not heal: opens with the Bite, want another attack")
	}
}
