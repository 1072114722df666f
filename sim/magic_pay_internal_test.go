package sim

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// payEngine returns an engine of a tembo-khemist-2 whose Sap of Adansonia
// (healing 1D5 at 13, 1D10 at 18) the caster pays in HP (caster_pays, the
// catalogue's "Le lanceur perd 1D5 PV, la cible en récupère autant"; skills.md
// 4.3 healing; sim/magic_pay.go), an allied kherops-warrior-2 one toise away
// and an enemy bone-seer-2 far off; the heal's option of 1 AP at 13 on the
// ally.
func payEngine(t *testing.T) (*engine, int) {
	t.Helper()
	ds := profiles.Default()
	q, err := ds.Profile("tembo-khemist-2")
	if err != nil {
		t.Fatal(err)
	}
	lo, err := ds.Equip(q, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := *q
	m := *q.Magic
	m.Known = slices.Clone(m.Known)
	found := false
	for k, s := range m.Known {
		if s != nil && s.ID == "sap-of-adansonia" {
			paid := *s
			paid.Levels = slices.Clone(s.Levels)
			for li := range paid.Levels {
				paid.Levels[li].CasterPays = true
			}
			m.Known[k] = &paid
			found = true
		}
	}
	if !found {
		t.Fatal("tembo-khemist-2 does not know sap-of-adansonia")
	}
	p.Magic = &m
	fs := []*Fighter{NewFighter(&p, lo.Items(ds)), cardFighterIn(t, "kherops-warrior-2"), cardFighterIn(t, "bone-seer-2")}
	e, err := newEngine(fs, []int{SideA, SideA, SideB}, Variant{}, [2]FightPolicy{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	e.rounds = 20
	e.reset()
	e.round = 1
	e.place(0, 5)
	e.place(1, 6)
	e.place(2, 14)
	for oi, o := range e.magic.opts[e.c[0].kind] {
		if o.spell.ID == "sap-of-adansonia" && o.level.Difficulty == 13 && o.ap == 1 && o.plans[e.c[1].kind] != nil {
			return e, oi
		}
	}
	t.Fatal("no option sap-of-adansonia:13 of 1 AP on the warrior")
	return nil, -1
}

// TestFightCasterPaysHeal checks the heal in fights: when it takes effect the
// ally recovers the amount rolled (it lost more than 1D5 can give back) and
// the caster loses exactly as many HP; when it does not, the caster loses
// nothing; and a caster with fewer HP than the amount may fall to it.
func TestFightCasterPaysHeal(t *testing.T) {
	e, heal := payEngine(t)
	r := rand.NewPCG(21, 7)
	maxC, maxA := e.c[0].f.Profile.HP, e.c[1].f.Profile.HP
	took, paid := 0, 0
	for range 2000 {
		e.reset()
		e.round = 1
		e.place(0, 5)
		e.place(1, 6)
		e.place(2, 14)
		e.c[0].ap, e.c[1].ap, e.c[2].ap = 4, 4, 4
		e.c[1].hp = maxA - 8
		before := e.c[0].spells.succeeded
		if !e.cast(r, 0, action{kind: actCast, opt: heal, target: 1}) {
			t.Fatal("the heal was not cast")
		}
		lost, healed := maxC-e.c[0].hp, e.c[1].hp-(maxA-8)
		if e.c[0].spells.succeeded == before {
			if lost != 0 || healed != 0 {
				t.Fatalf("failed heal: the caster lost %d HP, the ally gained %d", lost, healed)
			}
			continue
		}
		if healed < 1 || healed > 5 || lost != healed {
			t.Fatalf("heal: the ally gained %d HP (1D5), the caster lost %d: want equal", healed, lost)
		}
		took++
		paid += lost
	}
	if took == 0 {
		t.Fatal("the heal never took effect")
	}
	// A caster with 2 HP falls when it pays 2 or more.
	fell := false
	for range 200 {
		e.reset()
		e.round = 1
		e.place(0, 5)
		e.place(1, 6)
		e.place(2, 14)
		e.c[0].ap, e.c[0].hp, e.c[1].hp = 4, 2, maxA-8
		e.cast(r, 0, action{kind: actCast, opt: heal, target: 1})
		if e.c[0].hp <= 0 {
			fell = !e.c[0].inPlay()
			break
		}
	}
	if !fell {
		t.Error("a caster with 2 HP never fell to paying its heal")
	}
	t.Logf("%d heals took effect out of 2000, %d HP paid", took, paid)
}

// TestCasterPaysHealValue checks the policy's worth of the heal (payWorth,
// sim/magic_pay.go): worth casting from a healthy caster on an ally at a
// quarter of its HP, less than the same heal unpaid; worth nothing on an ally
// less hurt than the caster, on the caster itself, or when the amount's
// maximum (5) could defeat the caster.
func TestCasterPaysHealValue(t *testing.T) {
	e, heal := payEngine(t)
	maxC, maxA := e.c[0].f.Profile.HP, e.c[1].f.Profile.HP
	opt := &e.magic.opts[e.c[0].kind][heal]
	value := func(casterHP, allyHP int) float64 {
		e.c[0].hp, e.c[1].hp = casterHP, allyHP
		return e.castValue(0, heal, 1)
	}
	paidV := value(maxC, maxA/4)
	opt.level.CasterPays = false // this engine's own copy of the spell
	freeV := value(maxC, maxA/4)
	opt.level.CasterPays = true
	if !(paidV > 0 && paidV < freeV) {
		t.Errorf("caster unhurt, ally at a quarter: worth %.4f paid, %.4f unpaid; want 0 < paid < unpaid", paidV, freeV)
	}
	if v := value(maxC/2, maxA-6); v != 0 {
		t.Errorf("caster at half, ally 6 HP down: worth %.4f, want 0", v)
	}
	if v := value(5, maxA/4); v != 0 {
		t.Errorf("caster at 5 HP (the 1D5 could defeat it): worth %.4f, want 0", v)
	}
	if v := value(6, 1); !(v > 0) {
		t.Errorf("caster at 6 HP, ally at 1: worth %.4f, want > 0", v)
	}
	e.c[0].hp = maxC / 2
	if v := e.castValue(0, heal, 0); v != 0 {
		t.Errorf("on itself: worth %.4f, want 0", v)
	}
}
