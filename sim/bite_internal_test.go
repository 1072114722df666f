package sim

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// biteBattle returns the engine of a fang prowler (Bite; its Bite healing
// when heals) against a kherops warrior, reset, in base contact.
func biteBattle(t *testing.T, heals bool) *engine {
	t.Helper()
	f := fighterWith(t, "fang-prowler-1")
	p := *f.Profile
	p.Skills = slices.Clone(p.Skills)
	k := slices.IndexFunc(p.Skills, func(s profiles.Skill) bool { return s.Name == profiles.SkillBite })
	if k < 0 {
		t.Fatal("the fang prowler has no Bite")
	}
	p.Skills[k].Heals = heals
	g := *f
	g.Profile = &p
	a, b := []*Fighter{&g}, []*Fighter{fighterWith(t, "kherops-warrior-1")}
	sk := &Skirmish{Sides: [2]Spearhead{
		{Safars: a, Costs: make([]int, len(a)), Leader: -1},
		{Safars: b, Costs: make([]int, len(b)), Leader: -1},
	}}
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	pl.e.reset()
	return pl.e
}

// TestBiteHeals checks the precision of a card whose Bite "heals as much HP
// as it deals" (skills.md #7, sim/bite.go): with the same dice, a wounded
// prowler (1 HP) ends each Bite with exactly the HP its target lost more
// than without the precision, capped by its starting HP; a Bite that hurts
// happens among the seeds.
func TestBiteHeals(t *testing.T) {
	with, without := biteBattle(t, true), biteBattle(t, false)
	opt := slices.IndexFunc(with.opts[with.c[0].kind][with.c[1].kind], func(o fightOption) bool { return o.attack.Kind == Bite })
	if opt < 0 {
		t.Fatal("no Bite option")
	}
	hurt := 0
	for seed := range uint64(400) {
		var hp, lost [2]int
		for k, e := range []*engine{with, without} {
			e.reset()
			c, o := &e.c[0], &e.c[1]
			c.pos, o.pos = field.Vec{X: 7, Y: 7}, field.Vec{X: 7, Y: 7 + c.radius + o.radius}
			c.hp, c.ap, o.ap = 1, 4, 3
			op := &e.opts[c.kind][o.kind][opt]
			e.strike(rand.NewPCG(seed, 3), 0, 1, opt, op, false, bandEffective, 0, op.ap())
			hp[k], lost[k] = c.hp, o.f.Profile.HP-max(o.hp, 0)
		}
		if lost[0] != lost[1] {
			t.Fatalf("seed %d: the target lost %d and %d with the same dice", seed, lost[0], lost[1])
		}
		want := min(lost[1], with.maxHP(0)-1)
		if lost[1] > 0 {
			hurt++
		}
		if hp[0]-hp[1] != want {
			t.Errorf("seed %d: the target lost %d HP; prowler HP %d with the precision, %d without: want %d more", seed, lost[1], hp[0], hp[1], want)
		}
	}
	if hurt == 0 {
		t.Error("no Bite hurt the warrior in 400 seeds")
	}
	t.Logf("%d of 400 Bites hurt", hurt)
}
