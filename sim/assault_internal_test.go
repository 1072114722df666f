package sim

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// TestAssaultBonusFirstAttackOnly checks R8a (seed 000 lines 707 and 719, seed 004
// lines 634 and 646: "1st attack of the activation = characteristics engaged +
// stature + level dice"): the Tembo Elder of issue #11 attacks a cutthroat in
// contact, which falls, then assaults another: that second melee attack of the
// activation gets no stature. The same assault as the first attack of an
// activation does.
func TestAssaultBonusFirstAttackOnly(t *testing.T) {
	elder, cut := fighterOf(t, "tembo-elder-3"), fighterOf(t, "guild-cutthroat-1")
	sk := &Skirmish{Sides: [2]Spearhead{
		{Safars: []*Fighter{elder}, Costs: []int{150}, Leader: -1},
		{Safars: []*Fighter{cut, cut}, Costs: []int{32, 32}, Leader: -1},
	}}
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	pl.e.ambush = nil // Safars placed by hand: none in ambush (sim/ambush.go)
	e := pl.e
	opts := e.opts[e.c[0].kind][e.c[1].kind]
	opt := -1
	for k, o := range opts {
		if !o.shot && !o.attack.Kind.Special() && o.attack.AP == 1 {
			opt = k
			break
		}
	}
	if opt < 0 {
		t.Fatal("no 1 AP melee option for the elder")
	}
	// place puts the elder at the centre, B1 in contact or far away, B2 2.5 toises
	// away (beyond its zone of control, within a walk of V 2 and its reach).
	place := func(b1InContact bool) {
		e.reset()
		c := &e.c[0]
		c.pos = field.Vec{X: 7.5, Y: 7.5}
		c.ap, c.melee, c.walks = c.f.Profile.AP, 0, 0
		e.c[1].pos = field.Vec{X: 2, Y: 2}
		if b1InContact {
			e.c[1].pos = field.Vec{X: 7.5 - c.radius - e.c[1].radius, Y: 7.5}
		}
		e.c[2].pos = field.Vec{X: 7.5 + c.radius + e.c[2].radius + 2.5, Y: 7.5}
		clear(e.plans)
	}
	assaults := func() (with, without int) {
		for k := range e.plans {
			if k.assault {
				with++
			} else {
				without++
			}
		}
		return
	}
	r := rand.NewPCG(1, 2)

	// First attack on B1 in contact, B1 falls, then an assault on B2.
	place(true)
	if !e.do(r, 0, action{kind: actAttack, opt: opt, target: 1}) {
		t.Fatal("the attack on B1 was refused")
	}
	e.c[1].hp = 0
	if e.engagedAny(0) {
		t.Fatal("still engaged after B1 fell")
	}
	if !e.do(r, 0, action{kind: actAssault, opt: opt, target: 2}) {
		t.Fatalf("the assault on B2 was not made (%d melee attacks)", e.c[0].melee)
	}
	if with, without := assaults(); with != 0 || without != 2 {
		t.Errorf("attack then assault: %d attacks with the assault bonus, %d without; want 0 and 2 (R8a)", with, without)
	}

	// The same assault as the first attack of the activation.
	place(false)
	if !e.do(r, 0, action{kind: actAssault, opt: opt, target: 2}) {
		t.Fatal("the assault on B2 was refused")
	}
	if with, _ := assaults(); with != 1 {
		t.Errorf("assault as the first attack: %d attacks with the assault bonus, want 1 (R8)", with)
	}
}

// TestHarassmentOncePerActivation checks that Harassment gives its free V effect
// on one successful attack per activation only (seed 000 line 1628: "once per
// activation"; seed 004 line 1559): the Shock Vanguard hits a stunned cutthroat
// twice in one activation; the first hit uses Harassment, the second's plan
// gives it no more.
func TestHarassmentOncePerActivation(t *testing.T) {
	van, cut := fighterOf(t, "shock-vanguard-2"), fighterOf(t, "guild-cutthroat-1")
	if !van.Skills.Harassment {
		t.Fatal("shock-vanguard-2 has no Harassment")
	}
	sk := &Skirmish{Sides: [2]Spearhead{
		{Safars: []*Fighter{van}, Costs: []int{85}, Leader: -1},
		{Safars: []*Fighter{cut}, Costs: []int{32}, Leader: -1},
	}}
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	pl.e.ambush = nil // Safars placed by hand: none in ambush (sim/ambush.go)
	e := pl.e
	opt := -1
	for k, o := range e.opts[e.c[0].kind][e.c[1].kind] {
		if !o.shot && !o.attack.Kind.Special() && o.attack.AP == 1 {
			opt = k
			break
		}
	}
	if opt < 0 {
		t.Fatal("no 1 AP melee option")
	}
	r := rand.NewPCG(3, 4)
	for try := 0; try < 20; try++ {
		e.reset()
		c := &e.c[0]
		c.pos, c.ap, c.harassed, c.ranged = field.Vec{X: 7.5, Y: 7.5}, c.f.Profile.AP, false, false
		e.c[1].pos = field.Vec{X: 7.5 + c.radius + e.c[1].radius, Y: 7.5}
		e.c[1].hp, e.c[1].stunned = 100, true // no defence: every attack but a CF succeeds (R17)
		clear(e.plans)
		if !e.do(r, 0, action{kind: actAttack, opt: opt, target: 1}) {
			t.Fatal("first attack refused")
		}
		if !c.harassed {
			continue // a CF: try again
		}
		e.c[1].stunned = true
		c.pos, c.ranged = field.Vec{X: 7.5, Y: 7.5}, false // back in contact after its free move
		if !e.do(r, 0, action{kind: actAttack, opt: opt, target: 1}) {
			t.Fatal("second attack refused")
		}
		n := 0
		for k, p := range e.plans {
			if k.harassed {
				n++
				res := p.exact()
				if res.PAttackerMove != 0 {
					t.Errorf("second attack of the activation: p_attacker_free_move %g, want 0 (Harassment used)", res.PAttackerMove)
				}
			}
		}
		if n != 1 {
			t.Errorf("%d plans with Harassment used, want the second attack's", n)
		}
		return
	}
	t.Fatal("no first hit in 20 tries")
}

// TestFreeMove checks the free move of a successful attack: V/2 for a V effect
// (R10), V for VV (seed 000 line 858, seed 004 line 801: "VV: octroie un
// mouvement gratuit de V toises"), V/2 more with Harassment.
func TestFreeMove(t *testing.T) {
	for _, c := range []struct {
		v        float64
		nV       int
		harassed bool
		want     float64
	}{
		{5, 1, false, 2.5},
		{5, 2, false, 5},
		{5, 0, true, 2.5},
		{5, 2, true, 7.5},
	} {
		if got := freeMove(c.v, c.nV, c.harassed); got != c.want {
			t.Errorf("V %g, %d V effects, Harassment %v: %g toises, want %g", c.v, c.nV, c.harassed, got, c.want)
		}
	}
}

// TestEnglishVariantDeployment checks R-FR in a skirmish: by default the
// deployment strips are 3 toises deep (seed 004 line 467) and difficult terrain
// takes 2 off velocity; the variant "english" (one name for the English
// readings) deploys in 2 toises (seed 000 line 544) and halves velocity in
// difficult terrain (seed 000 line 655).
func TestEnglishVariantDeployment(t *testing.T) {
	v, err := ParseVariant("english")
	if err != nil || !v.English || v.String() != "english" {
		t.Fatalf("ParseVariant(english) = %+v, %v", v, err)
	}
	a := fighterOf(t, "paladin-2")
	for _, c := range []struct {
		v     Variant
		depth float64
		halve bool
	}{{Variant{}, 3, false}, {v, 2, true}} {
		sk := &Skirmish{Variant: c.v, Sides: [2]Spearhead{
			{Safars: []*Fighter{a}, Costs: []int{90}, Leader: -1},
			{Safars: []*Fighter{a}, Costs: []int{90}, Leader: -1},
		}}
		pl, err := sk.NewPlayer()
		if err != nil {
			t.Fatal(err)
		}
		pl.e.ambush = nil // Safars placed by hand: none in ambush (sim/ambush.go)
		e := pl.e
		if e.field.HalveDifficult != c.halve {
			t.Errorf("%s: HalveDifficult %v, want %v", c.v, e.field.HalveDifficult, c.halve)
		}
		// The front line: the base's far edge on the strip's edge.
		if y := e.start[0].Y + field.BaseRadius(a.Profile.Stature); math.Abs(y-c.depth) > 1e-9 {
			t.Errorf("%s: side A's front line ends at y %g, want the strip's depth %g", c.v, y, c.depth)
		}
	}
}

// TestSavageKeepsAssaultBonus checks skills.md #58 (Savage): after an assault,
// every melee attack of that activation gets the assault bonus (+ stature), not
// only the first (R8a). The Tembo Elder of TestAssaultBonusFirstAttackOnly,
// given Savage, assaults a cutthroat and attacks it again in contact: both
// attacks are played with the bonus; without Savage only the first.
func TestSavageKeepsAssaultBonus(t *testing.T) {
	for _, savage := range []bool{false, true} {
		elder, cut := fighterOf(t, "tembo-elder-3"), fighterOf(t, "guild-cutthroat-1")
		if savage {
			p := *elder.Profile
			p.Skills = append(append([]profiles.Skill{}, p.Skills...), profiles.Skill{Name: "savage"})
			elder.Profile, elder.Skills = &p, ReadSkills(&p)
		}
		sk := &Skirmish{Sides: [2]Spearhead{
			{Safars: []*Fighter{elder}, Costs: []int{150}, Leader: -1},
			{Safars: []*Fighter{cut}, Costs: []int{32}, Leader: -1},
		}}
		pl, err := sk.NewPlayer()
		if err != nil {
			t.Fatal(err)
		}
		pl.e.ambush = nil // Safars placed by hand: none in ambush (sim/ambush.go)
		e := pl.e
		opt := -1
		for k, o := range e.opts[e.c[0].kind][e.c[1].kind] {
			if !o.shot && !o.attack.Kind.Special() && o.attack.AP == 1 {
				opt = k
				break
			}
		}
		if opt < 0 {
			t.Fatal("no 1 AP melee option for the elder")
		}
		e.reset()
		c := &e.c[0]
		c.pos = field.Vec{X: 7.5, Y: 7.5}
		c.ap, c.melee, c.walks, c.assaulted = c.f.Profile.AP, 0, 0, false
		e.c[1].pos = field.Vec{X: 7.5 + c.radius + e.c[1].radius + 2.5, Y: 7.5}
		e.c[1].hp = 1000 // it stands through both attacks
		clear(e.plans)
		r := rand.NewPCG(5, 6)
		if !e.do(r, 0, action{kind: actAssault, opt: opt, target: 1}) {
			t.Fatal("the assault was refused")
		}
		if !e.engaged(0, 1) {
			t.Fatalf("not in contact after the assault (repelled?): %s", e.where(0, 1))
		}
		if !e.do(r, 0, action{kind: actAttack, opt: opt, target: 1}) {
			t.Fatal("the second attack was refused")
		}
		with := 0
		for k := range e.plans {
			if k.assault {
				with++
			}
		}
		want := map[bool]int{false: 1, true: 2}[savage]
		if len(e.plans) != 2 || with != want {
			t.Errorf("savage %v: %d of %d attacks with the assault bonus, want %d of 2", savage, with, len(e.plans), want)
		}
	}
}

// TestMoringa checks skills.md #36 (Moringa X): a wounded Safar may pass up to
// X of the damage to one other ally with Moringa in its aura (I toises), which
// takes it as it is. The policy never fells the receiver, passes what saves the
// bearer (nothing when nothing can), and otherwise only evens out HP.
func TestMoringa(t *testing.T) {
	base := fighterOf(t, "guild-cutthroat-1")
	mk := func(moringa int) *Fighter {
		p := *base.Profile
		p.Skills = append([]profiles.Skill{}, p.Skills...)
		if moringa > 0 {
			p.Skills = append(p.Skills, profiles.Skill{Name: "moringa", Value: moringa})
		}
		f := *base
		f.Profile, f.Skills = &p, ReadSkills(&p)
		return &f
	}
	players := map[int]*engine{}
	for _, c := range []struct {
		name               string
		recvMoringa        int
		dist               float64 // between the bearer's and the ally's centres
		hp, recvHP, n      int
		wantHP, wantRecvHP int
	}{
		{"evens out: 10 and 12, 4 damage", 1, 2, 10, 12, 4, 8, 10},
		{"saves the bearer: 3 HP, 4 damage", 1, 2, 3, 12, 4, 1, 10},
		{"cannot save it: 3 HP, 6 damage", 1, 2, 3, 12, 6, -3, 12},
		{"never fells the receiver", 1, 2, 3, 2, 3, 1, 1},
		{"healthier than the ally: keeps it", 1, 2, 12, 5, 4, 8, 5},
		{"ally out of the aura", 1, 20, 3, 12, 4, -1, 12},
		{"ally without Moringa", 0, 2, 3, 12, 4, -1, 12},
	} {
		e := players[c.recvMoringa]
		if e == nil {
			sk := &Skirmish{Sides: [2]Spearhead{
				{Safars: []*Fighter{mk(2), mk(c.recvMoringa)}, Costs: []int{32, 32}, Leader: -1},
				{Safars: []*Fighter{base}, Costs: []int{32}, Leader: -1},
			}}
			pl, err := sk.NewPlayer()
			if err != nil {
				t.Fatal(err)
			}
			pl.e.ambush = nil // Safars placed by hand: none in ambush (sim/ambush.go)
			e = pl.e
			players[c.recvMoringa] = e
		}
		e.reset()
		e.c[0].pos, e.c[1].pos = field.Vec{X: 5, Y: 5}, field.Vec{X: 5 + c.dist, Y: 5}
		e.c[0].hp, e.c[1].hp = c.hp, c.recvHP
		e.hurt(0, 2, c.n)
		if e.c[0].hp != c.wantHP || e.c[1].hp != c.wantRecvHP {
			t.Errorf("%s: HP %d and %d, want %d and %d", c.name, e.c[0].hp, e.c[1].hp, c.wantHP, c.wantRecvHP)
		}
		if want := min(c.hp, c.hp-c.wantHP) + c.recvHP - c.wantRecvHP; e.c[2].dealt != want {
			t.Errorf("%s: the attacker is credited %d HP, want %d (the HP passed included)", c.name, e.c[2].dealt, want)
		}
	}
}
