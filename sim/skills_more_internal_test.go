package sim

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// The guard's characteristics: a strong one counters hard (P 5), a weak one
// hardly (P and C 2).
var (
	strongGuard = profiles.Stats{V: 4, P: 5, A: 4, C: 4, T: 4, I: 4}
	weakGuard   = profiles.Stats{V: 3, P: 2, A: 4, C: 2, T: 4, I: 4}
)

// ambiFighters returns an attacker with two one-handed weapons (a club and a
// hatchet, +1 damage) and no shield, Ambidextrous when ambi, and a plain
// defender; no mastery die and no armour, so that an exchange leaves the next
// one only the defender's AP (the figures of a split are exact then).
func ambiFighters(ambi bool, guard profiles.Stats, guardAP int) (*Fighter, *Fighter) {
	club := &profiles.Equipment{ID: "club", Kind: profiles.KindMelee, Hands: 1, Effects: profiles.Effects{CriticalFrom: 10}}
	hatchet := &profiles.Equipment{ID: "hatchet", Kind: profiles.KindMelee, Hands: 1, Effects: profiles.Effects{CriticalFrom: 10, DamageBonus: 1}}
	var sk []profiles.Skill
	if ambi {
		sk = append(sk, profiles.Skill{Name: profiles.SkillAmbidextrous})
	}
	a := &profiles.Profile{ID: "twin-blades", Name: "twin-blades", Level: 2, Stature: 2, AP: 5, HP: 14,
		Stats: profiles.Stats{V: 4, P: 4, A: 5, C: 4, T: 4, I: 4}, Skills: sk}
	d := &profiles.Profile{ID: "guard", Name: "guard", Level: 2, Stature: 2, AP: guardAP, HP: 14,
		Stats: guard}
	return NewFighter(a, []*profiles.Equipment{club, hatchet}), NewFighter(d, []*profiles.Equipment{club})
}

// TestAmbidextrousSplitFigures checks the option tables of the Ambidextrous
// split (skills.md #21: "a 3 AP attack may be resolved instead as two
// successive 2 AP attacks, each weapon used once (two separate exchanges,
// each defended)"): the split costs 3 AP, uses one weapon per attack, and
// its expected damage and counter damage against every AP the defender may
// hold are those of the two exchanges played one after the other, sampled
// here with the sampler (the second against the AP the first left): the
// table's value lies in the 99.99% interval of the sampled mean. Without
// the skill there is no split.
func TestAmbidextrousSplitFigures(t *testing.T) {
	a, d := ambiFighters(false, strongGuard, 5)
	e, err := newEngine([]*Fighter{a, d}, []int{SideA, SideB}, Variant{}, [2]FightPolicy{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range e.opts[0][1] {
		if o.split > 0 {
			t.Fatalf("a Safar without Ambidextrous has a split option %s", o.attack)
		}
	}
	a, d = ambiFighters(true, strongGuard, 5)
	e, err = newEngine([]*Fighter{a, d}, []int{SideA, SideB}, Variant{}, [2]FightPolicy{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	opts := e.opts[0][1]
	splits := 0
	for _, sp := range opts {
		if sp.split == 0 {
			continue
		}
		splits++
		o2 := opts[sp.split-1]
		if sp.ap() != 3 || sp.attack.AP != 2 || o2.attack.AP != 2 || o2.split != 0 {
			t.Fatalf("split %s then %s: costs %d AP, want 3 AP as two 2 AP attacks", sp.attack, o2.attack, sp.ap())
		}
		if sp.weapon == o2.weapon || sp.weapon == nil || o2.weapon == nil {
			t.Fatalf("split %s then %s: weapons %v and %v, want one of each", sp.attack, o2.attack, sp.weapon, o2.weapon)
		}
		ex1 := e.exchange(0, 1, sp.weapon, sp.attack)
		ex2 := e.exchange(0, 1, o2.weapon, o2.attack)
		var s2 [6]*Sampler
		for k := range s2 {
			x := ex2
			f := *x.Defender
			f.AP = k
			x.Defender = &f
			if s2[k], err = x.NewSampler(); err != nil {
				t.Fatal(err)
			}
		}
		r := rand.NewPCG(21, uint64(splits))
		for _, k := range []int{0, 2, 5} {
			x := ex1
			f := *x.Defender
			f.AP = k
			x.Defender = &f
			s1, err := x.NewSampler()
			if err != nil {
				t.Fatal(err)
			}
			const n = 100000
			var sum, sum2, csum, csum2 float64
			for range n {
				o := s1.Sample(r)
				p := s2[max(k-o.DefenceAP, 0)].Sample(r)
				v, c := float64(o.Damage+p.Damage), float64(o.Counter+p.Counter)
				sum, sum2, csum, csum2 = sum+v, sum2+v*v, csum+c, csum2+c*c
			}
			check := func(what string, sum, sum2, want float64) {
				mean := sum / n
				se := math.Sqrt(max(sum2/n-mean*mean, 0) / n)
				if math.Abs(mean-want) > 3.891*se+1e-9 { // 99.99% two-sided
					t.Errorf("split %s then %s (%s), defender %d AP: table %s %.4f, sampled %.4f ± %.4f (SE)",
						sp.attack, o2.attack, sp.weapon.ID, k, what, want, mean, se)
				}
			}
			check("damage", sum, sum2, sp.dmg[bandEffective][k])
			check("counter", csum, csum2, sp.ctr[bandEffective][k])
		}
	}
	if splits == 0 {
		t.Fatal("an Ambidextrous Safar with two one-handed weapons has no split option")
	}
}

// TestAmbidextrousChoice checks that the default policy plays the
// Ambidextrous split (skills.md #21) when its expected figures are worth more
// than any other plan of the same AP, and not otherwise: with 3 AP against a
// guard with no AP left, two undefended 2 AP attacks (each a characteristic
// and an effect) beat one 3 AP attack; against a fresh guard that counters
// hard (P 5, 5 AP) two defended attacks mean two counters, and the policy
// keeps to a single attack. In both cases the first attack chosen is the one
// of highest value among all 3 AP plans (planDP), and a duel's trace shows
// the second attack played with the other weapon.
func TestAmbidextrousChoice(t *testing.T) {
	for _, tc := range []struct {
		name      string
		guardAP   int
		wantSplit bool
	}{
		{"guard with 0 AP", 0, true},
		{"fresh guard, 5 AP", 5, false},
	} {
		a, d := ambiFighters(true, strongGuard, 5)
		p, err := (&Duel{A: a, B: d}).NewPlayer()
		if err != nil {
			t.Fatal(err)
		}
		e := p.e
		e.reset()
		e.c[0].ap, e.c[1].ap = 3, tc.guardAP
		opts := e.opts[0][1]
		first, _ := bestAttack(e, 0, 1, 0, nil, false, false)
		if first < 0 {
			t.Fatalf("%s: no attack chosen", tc.name)
		}
		// The best split and the best single 3 AP attack, by expected damage
		// net of counters against the guard's AP.
		k := tc.guardAP
		bestSplit, bestOne := math.Inf(-1), math.Inf(-1)
		for _, o := range opts {
			v := o.dmg[bandEffective][k] - o.ctr[bandEffective][k]
			switch {
			case o.split > 0:
				bestSplit = max(bestSplit, v)
			case o.ap() == 3 && o.pos == posNone:
				bestOne = max(bestOne, v)
			}
		}
		if got := opts[first].split > 0; got != tc.wantSplit {
			t.Errorf("%s: first attack %s (split %v), want split %v; best split %.2f, best 3 AP attack %.2f",
				tc.name, opts[first].attack, got, tc.wantSplit, bestSplit, bestOne)
		}
		if tc.wantSplit != (bestSplit > bestOne) {
			t.Errorf("%s: best split %.2f against best 3 AP attack %.2f: the case does not test what it says", tc.name, bestSplit, bestOne)
		}
	}
	a, d := ambiFighters(true, strongGuard, 3)
	p, err := (&Duel{A: a, B: d}).NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	p.SetTrace(&b)
	r := rand.NewPCG(7, 12)
	for range 20 {
		p.Play(r)
	}
	if !strings.Contains(b.String(), "strikes again with its other weapon (Ambidextrous)") {
		t.Errorf("20 duels of an Ambidextrous Safar against a 3 AP guard: no split played")
	}
}

// TestVivacityFight checks Vivacity (skills.md #33) in fights: the option
// tables hold the vivid attacks beside the plain ones, costing 1 AP more per
// A effect; with 3 AP against a guard with no AP left the default policy
// plays the single attack of highest expected net damage, here a vivid 2 AP
// attack; and the engine keeps that AP for the free attack and gives it back
// when the main attack fails and no free attack is made.
func TestVivacityFight(t *testing.T) {
	club := &profiles.Equipment{ID: "club", Kind: profiles.KindMelee, Hands: 1, Effects: profiles.Effects{CriticalFrom: 10}}
	a := &profiles.Profile{ID: "quick", Name: "quick", Level: 2, Stature: 2, AP: 5, HP: 14,
		Stats: profiles.Stats{V: 4, P: 4, A: 6, C: 3, T: 4, I: 4}, Skills: []profiles.Skill{{Name: profiles.SkillVivacity}}}
	d := &profiles.Profile{ID: "guard", Name: "guard", Level: 2, Stature: 2, AP: 5, HP: 40, Stats: strongGuard}
	p, err := (&Duel{A: NewFighter(a, []*profiles.Equipment{club}), B: NewFighter(d, []*profiles.Equipment{club})}).NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	e := p.e
	opts := e.opts[0][1]
	vivid, plain3 := -1, -1
	bestVivid, bestPlain := math.Inf(-1), math.Inf(-1)
	for n, o := range opts {
		if o.attack.Vivid {
			if want := o.attack.AP + o.attack.Effects.Count(A); o.ap() != want {
				t.Errorf("%s costs %d AP in the tables, want %d", o.attack, o.ap(), want)
			}
		}
		if o.ap() != 3 || o.pos != posNone {
			continue
		}
		v := o.dmg[bandEffective][0] - o.ctr[bandEffective][0]
		if o.attack.Vivid && v > bestVivid {
			vivid, bestVivid = n, v
		}
		if !o.attack.Vivid && v > bestPlain {
			plain3, bestPlain = n, v
		}
	}
	if vivid < 0 || plain3 < 0 {
		t.Fatalf("no 3 AP vivid or plain attack in the tables (vivid %d, plain %d)", vivid, plain3)
	}
	e.reset()
	e.c[0].ap, e.c[1].ap = 3, 0
	first, _ := bestAttack(e, 0, 1, 0, nil, false, false)
	if want := map[bool]int{true: vivid, false: plain3}[bestVivid > bestPlain]; first != want {
		t.Errorf("3 AP against a guard with 0 AP: first attack %d, want %d (%s %.2f against %s %.2f)",
			first, want, opts[vivid].attack, bestVivid, opts[plain3].attack, bestPlain)
	}
	if !(bestVivid > bestPlain) {
		t.Errorf("%s (%.2f) is not worth more than %s (%.2f): the case does not test the vivid choice",
			opts[vivid].attack, bestVivid, opts[plain3].attack, bestPlain)
	}
	// AP kept and given back: 3 AP, a 2 AP vivid attack with one A effect.
	r := rand.NewPCG(3, 3)
	var left [4]int
	for range 400 {
		e.reset()
		e.c[0].ap, e.c[1].ap = 3, 3
		e.c[1].hp = 40
		if !e.do(r, 0, action{kind: actAttack, opt: vivid, target: 1}) {
			t.Fatal("the vivid attack was refused")
		}
		left[min(max(e.c[0].ap, 0), 3)]++
	}
	if left[0] == 0 || left[1] == 0 || left[2]+left[3] != 0 {
		t.Errorf("AP left after %s with 3 AP: %v (0: free attack made, 1: main attack failed); want both and nothing else",
			opts[vivid].attack, left)
	}
}

// TestBulky checks Bulky (skills.md #41) in fights: "one V effect in an
// action moves it 0.5 toise; two V effects in the same action move it V/2
// (not rounded)", any two in the same exchange counting (VV, V and
// Harassment); a Safar without it moves V/2 per V effect (R10). Its walks
// are not slowed by difficult ground (the Safar's base is sure-footed).
func TestBulky(t *testing.T) {
	mk := func(bulky bool) *Fighter {
		p := &profiles.Profile{ID: "tembo", Name: "tembo", Level: 2, Stature: 5, AP: 5, HP: 30,
			Stats: profiles.Stats{V: 5, P: 6, A: 3, C: 6, T: 4, I: 4}}
		if bulky {
			p.Skills = []profiles.Skill{{Name: profiles.SkillBulky}}
		}
		return NewFighter(p, nil)
	}
	for _, bulky := range []bool{false, true} {
		p, err := (&Duel{A: mk(bulky), B: mk(false), Distance: 6}).NewPlayer()
		if err != nil {
			t.Fatal(err)
		}
		e := p.e
		e.reset()
		for _, c := range []struct {
			nV          int
			harassed    bool
			plain, want float64
		}{
			{1, false, 2.5, 0.5},
			{2, false, 5, 2.5},
			{1, true, 5, 2.5},
			{0, true, 2.5, 0.5},
			{0, false, 0, 0},
		} {
			want := c.plain
			if bulky {
				want = c.want
			}
			if got := e.freeMoveOf(0, c.nV, c.harassed); math.Abs(got-want) > 1e-12 {
				t.Errorf("bulky %v, V 5: %d V effect(s), harassment %v: moves %.2f, want %.2f", bulky, c.nV, c.harassed, got, want)
			}
		}
		// A walk of V = 5 toises on difficult ground (R-FR: 2 off velocity).
		e.field.Terrain = []field.Terrain{{Kind: field.Difficult, Rect: field.Rect{X: 0, Y: 0, W: 15, H: 15}}}
		from := e.c[0].pos
		e.move(0, 1, e.velocity(0), true)
		want := 3.0
		if bulky {
			want = 5
		}
		if got := e.c[0].pos.Dist(from); math.Abs(got-want) > 1e-9 {
			t.Errorf("bulky %v: a walk of 5 toises on difficult ground goes %.2f, want %.2f", bulky, got, want)
		}
	}
}
