package sim

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// guardCard returns a copy of the embedded card id with the guard rules of
// skills.md section 3, pattern A (profiles/guard.go), fielded with its base
// equipment.
func guardCard(t *testing.T, id string, defendsFor, defendedBy []profiles.Guard) *Fighter {
	t.Helper()
	ds := profiles.Default()
	base, err := ds.Profile(id)
	if err != nil {
		t.Fatal(err)
	}
	p := *base
	p.DefendsFor, p.DefendedBy = slices.Clone(defendsFor), slices.Clone(defendedBy)
	lo, err := ds.Equip(base, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return NewFighter(&p, lo.Items(ds))
}

// guardBattle is battle with side A's leader and Krowns, and its list's
// card_defends_for.
func guardBattle(t *testing.T, a, b []*Fighter, leader int, costs []int, cards []profiles.Guard) *engine {
	t.Helper()
	sk := &Skirmish{Sides: [2]Spearhead{
		{Safars: a, Costs: costs, Leader: leader, CardDefends: cards},
		{Safars: b, Costs: make([]int, len(b)), Leader: -1},
	}}
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	pl.e.ambush = nil // Safars placed by hand: none in ambush (sim/ambush.go)
	pl.e.reset()
	return pl.e
}

// guardMelee returns the first melee option of Safar i's table against j of
// ap AP that is not a positional one.
func guardMelee(t *testing.T, e *engine, i, j, ap int) int {
	t.Helper()
	for k, o := range e.opts[e.c[i].kind][e.c[j].kind] {
		if !o.shot && o.pos == posNone && o.split == 0 && o.attack.AP == ap && o.attack.Kind == Melee {
			return k
		}
	}
	t.Fatalf("no %d AP melee option of %s against %s", ap, e.name(i), e.name(j))
	return -1
}

// contact puts Safar j in base contact with Safar i, at angle a (radians).
func contact(e *engine, i, j int, a float64) {
	d := e.c[i].radius + e.c[j].radius
	e.c[j].pos = field.Vec{X: e.c[i].pos.X + d*math.Cos(a), Y: e.c[i].pos.Y + d*math.Sin(a)}
}

// touchBoth puts Safar k in base contact with Safars i and j (north of the
// line from i to j), which stand apart by less than k's diameter.
func touchBoth(e *engine, i, j, k int) {
	a, b := e.c[i].pos, e.c[j].pos
	ra, rb := e.c[i].radius+e.c[k].radius, e.c[j].radius+e.c[k].radius
	dx, dy := b.X-a.X, b.Y-a.Y
	d := math.Hypot(dx, dy)
	x := (d*d + ra*ra - rb*rb) / (2 * d)
	h := math.Sqrt(ra*ra - x*x)
	e.c[k].pos = field.Vec{X: a.X + x*dx/d - h*dy/d, Y: a.Y + x*dy/d + h*dx/d}
}

// TestGuardMust checks the servant's rule (skills.md section 3, pattern A:
// "one level-I servant must defend instead of its leader when both are in
// the same melee", fangs-larbin-1, here on an invented Khârn servant): while
// the servant and its leader are both engaged with the attacker, every
// attack on the leader is defended by the servant, with its own AP and HP,
// and the trace says so; out of the melee, or stunned (not fit for battle),
// or for an ally who is not the leader, the leader defends itself.
func TestGuardMust(t *testing.T) {
	prince := guardCard(t, "prince-3", nil, nil)
	servant := guardCard(t, "crown-guard-1", []profiles.Guard{{Leader: true, Zone: profiles.GuardSameMelee, Must: true}}, nil)
	other := guardCard(t, "crown-guard-1", nil, nil)
	warrior := guardCard(t, "kherops-warrior-1", nil, nil)
	e := guardBattle(t, []*Fighter{prince, servant, other}, []*Fighter{warrior}, 0, []int{130, 45, 45}, nil)
	if len(e.guards) != 1 || e.guards[0].sub != 1 || e.guards[0].prot != 0 || !e.guards[0].rule.Must {
		t.Fatalf("guards %+v, want the servant (1) for the prince (0)", e.guards)
	}
	var b strings.Builder
	play := func(target int, placeServant func()) (princeHit, servantHit, otherHit int) {
		r := rand.NewPCG(3, 4)
		for range 200 {
			e.reset()
			e.c[0].pos = field.Vec{X: 7, Y: 7.5}
			contact(e, 0, 3, 0)          // the warrior east of the prince
			contact(e, 3, 2, -1.2)       // the other crown guard south-east
			e.c[1].pos = field.Vec{X: 1} // far away
			placeServant()
			for k := range 3 {
				e.c[k].ap = e.c[k].f.Profile.AP
			}
			e.c[3].ap = 3
			before := [3][2]int{}
			for k := range 3 {
				before[k] = [2]int{e.c[k].hp, e.c[k].ap}
			}
			e.attack(r, 3, action{kind: actAttack, opt: guardMelee(t, e, 3, target, 2), target: target})
			hit := func(k int) int {
				if before[k] != [2]int{e.c[k].hp, e.c[k].ap} {
					return 1
				}
				return 0
			}
			princeHit, servantHit, otherHit = princeHit+hit(0), servantHit+hit(1), otherHit+hit(2)
		}
		return
	}
	inMelee := func() { contact(e, 3, 1, 1.2) } // north-east of the prince, on the warrior
	e.trace = &b
	p, s, _ := play(0, inMelee)
	e.trace = nil
	if p != 0 || s < 150 {
		t.Errorf("servant in the melee: the prince touched in %d attacks of 200, the servant in %d; want 0 and nearly all", p, s)
	}
	if !strings.Contains(b.String(), "A2 crown-guard-1 defends in place of A1 prince-3 (it must)") {
		t.Errorf("trace:\n%.2000s", b.String())
	}
	if !e.engaged(1, 3) || !e.engaged(0, 3) {
		t.Fatal("the servant or the prince not engaged with the warrior")
	}
	p, s, _ = play(0, func() {})
	if p < 150 || s != 0 {
		t.Errorf("servant out of the melee: the prince touched in %d, the servant in %d", p, s)
	}
	p, s, _ = play(0, func() { inMelee(); e.c[1].stunned = true })
	if p < 150 || s != 0 {
		t.Errorf("servant stunned: the prince touched in %d, the servant in %d", p, s)
	}
	_, s, o := play(2, inMelee)
	if o < 150 || s != 0 {
		t.Errorf("an attack on another guard: it is touched in %d, the servant in %d", o, s)
	}
}

// TestGuardZones checks where each zone of pattern A holds (profiles.Guard):
// same-melee, both engaged with the attacker; its-zoc, the protected ally in
// the substitute's zone for defends_for, the substitute in the protected's
// for defended_by; attacker-zoc, the substitute in the attacker's zone (a
// zone of control is 0.5 toise edge to edge, sim/reach.go).
func TestGuardZones(t *testing.T) {
	all := profiles.Selector{All: true}
	prince := guardCard(t, "prince-3", nil, []profiles.Guard{{Allies: all, Zone: profiles.GuardItsZOC}})
	knight := guardCard(t, "crown-guard-1", []profiles.Guard{
		{Allies: all, Zone: profiles.GuardSameMelee},
		{Allies: all, Zone: profiles.GuardItsZOC},
		{Allies: all, Zone: profiles.GuardAttackerZOC},
	}, nil)
	warrior := guardCard(t, "kherops-warrior-1", nil, nil)
	e := guardBattle(t, []*Fighter{prince, knight}, []*Fighter{warrior}, -1, []int{130, 45}, nil)
	var same, its, att, by *guardLink
	for x := range e.guards {
		l := &e.guards[x]
		switch {
		case !l.itsSub:
			by = l
		case l.sub == 1 && l.rule.Zone == profiles.GuardSameMelee:
			same = l
		case l.sub == 1 && l.rule.Zone == profiles.GuardItsZOC:
			its = l
		case l.sub == 1 && l.rule.Zone == profiles.GuardAttackerZOC:
			att = l
		}
	}
	if same == nil || its == nil || att == nil || by == nil || len(e.guards) != 4+0 {
		t.Fatalf("guards %+v", e.guards)
	}
	// The knight's links run to the prince only (a Safar never stands in for
	// itself, and the prince has no defends_for).
	e.c[0].pos = field.Vec{X: 7, Y: 7.5}
	contact(e, 0, 2, 0) // the warrior east of the prince
	gap := func(i, j int, g float64) {
		d := e.c[i].radius + e.c[j].radius + g
		e.c[j].pos = field.Vec{X: e.c[i].pos.X, Y: e.c[i].pos.Y + d}
	}
	for _, c := range []struct {
		place                  func()
		what                   string
		same, its, att, byAlly bool
	}{
		{func() { touchBoth(e, 0, 2, 1) }, "the knight in contact with the prince and the warrior", true, true, true, true},
		{func() { gap(0, 1, 0.45) }, "the knight 0.45 toise north of the prince", false, true, false, true},
		{func() { gap(2, 1, 0.45) }, "the knight 0.45 toise north of the warrior", true, false, true, false},
		{func() { gap(2, 1, 0.55) }, "the knight 0.55 toise north of the warrior", false, false, false, false},
		{func() { gap(0, 1, 3) }, "the knight 3 toises north of the prince", false, false, false, false},
	} {
		c.place()
		got := [4]bool{e.guardZone(same, 2), e.guardZone(its, 2), e.guardZone(att, 2), e.guardZone(by, 2)}
		want := [4]bool{c.same, c.its, c.att, c.byAlly}
		if got != want {
			t.Errorf("%s (gap to the prince %.2f, to the warrior %.2f): same-melee, its-zoc, attacker-zoc, defended_by its-zoc %v, want %v",
				c.what, e.gap(0, 1), e.gap(2, 1), got, want)
		}
	}
}

// TestGuardChoice checks the defending side's choice when the rule says
// "may" (skills.md section 3, pattern A; the knight's "+4 to that defence",
// kharns-engueran, on an invented card): it takes the substitute whose
// defence, computed exactly, loses it the least in Krowns (guardLoss). A
// prince (130 Kr) and his guard (45 Kr) with no AP left, the guard's
// reflex defence with +4: the guard defends; the same guard with no AP and the prince fresh, no bonus,
// at 45 Kr against a prince at 10 Kr: the prince defends. The loss it
// compares is that of the exchange played: the choice plays in the attack
// (the trace says so).
func TestGuardChoice(t *testing.T) {
	prince := guardCard(t, "prince-3", nil, nil)
	guard := guardCard(t, "crown-guard-1", []profiles.Guard{{Allies: profiles.Selector{Profiles: []string{"prince"}}, Zone: profiles.GuardItsZOC, Bonus: 4}}, nil)
	warrior := guardCard(t, "kherops-warrior-1", nil, nil)
	for _, c := range []struct {
		costs           []int
		princeAP, grdAP int
		bonus           int
		want            bool
		what            string
	}{
		{[]int{130, 45}, 0, 0, 4, true, "a prince and a guard with no AP, the guard's reflex with +4"},
		{[]int{10, 45}, 5, 0, 0, false, "a fresh prince at 10 Kr, a guard with no AP and no bonus"},
	} {
		guard.Profile.DefendsFor[0].Bonus = c.bonus
		e := guardBattle(t, []*Fighter{prince, guard}, []*Fighter{warrior}, 0, c.costs, nil)
		e.c[0].pos = field.Vec{X: 7, Y: 7.5}
		contact(e, 0, 2, 0)
		contact(e, 0, 1, 3.1416) // west of the prince: the prince in its zone, the warrior beyond its reach
		e.c[0].ap, e.c[1].ap, e.c[2].ap = c.princeAP, c.grdAP, 3
		k := guardMelee(t, e, 2, 0, 2)
		opt := &e.opts[e.c[2].kind][e.c[0].kind][k]
		x, ks := e.guardFor(2, 0, k, opt, false, bandEffective, 2)
		if (x >= 0) != c.want {
			lp := e.guardLoss(2, 0, k, opt, false, bandEffective, 2, 0)
			so := &e.opts[e.c[2].kind][e.c[1].kind][e.guardOption(2, 1, opt)]
			lg := e.guardLoss(2, 1, e.guardOption(2, 1, opt), so, false, bandFar, 2, c.bonus)
			t.Errorf("%s: substitute %v, want %v (loss %.2f Kr if the prince defends, %.2f if the guard does; %v)", c.what, x >= 0, c.want, lp, lg, e.guardMemo)
			continue
		}
		so := &e.opts[e.c[2].kind][e.c[1].kind][guardMelee(t, e, 2, 1, 2)]
		if x >= 0 {
			so = &e.opts[e.c[2].kind][e.c[1].kind][ks]
			if !sameDeclared(so.attack, opt.attack) || so.weapon != opt.weapon {
				t.Errorf("%s: the substitute meets %v, the prince %v: not the attack declared", c.what, so.attack, opt.attack)
			}
		}
		lp := e.guardLoss(2, 0, k, opt, false, bandEffective, 2, 0)
		lg := e.guardLoss(2, 1, e.guardOption(2, 1, opt), so, false, bandFar, 2, c.bonus)
		if (lg < lp) != c.want {
			t.Errorf("%s: loss %.2f Kr if the prince defends, %.2f if the guard does", c.what, lp, lg)
		}
		if !e.beyondCounter(2, 1, so) {
			t.Errorf("%s: the guard west of the prince reaches the warrior east of him", c.what)
		}
		var b strings.Builder
		e.trace = &b
		e.attack(rand.NewPCG(1, 2), 2, action{kind: actAttack, opt: k, target: 0})
		e.trace = nil
		saw := strings.Contains(b.String(), "A2 crown-guard-1 defends in place of A1 prince-3 (its side's choice; +4 to that defence)")
		if saw != c.want || c.want && !strings.Contains(b.String(), "beyond A2 crown-guard-1's counter reach: no counter") {
			t.Errorf("%s: trace:\n%s", c.what, b.String())
		}
	}
}

// TestGuardCard checks a list's card_defends_for (skills.md 3.2: "an
// army-wide option to defend for an ally in the same melee with +3"): every
// member it names may defend for any ally in the same melee, with +3 in the
// exchange's plan (Exchange.GuardBonus).
func TestGuardCard(t *testing.T) {
	prince := guardCard(t, "prince-3", nil, nil)
	guard := guardCard(t, "crown-guard-1", nil, nil)
	warrior := guardCard(t, "kherops-warrior-1", nil, nil)
	card := []profiles.Guard{{By: profiles.Selector{All: true}, Allies: profiles.Selector{All: true}, Zone: profiles.GuardSameMelee, Bonus: 3}}
	e := guardBattle(t, []*Fighter{prince, guard}, []*Fighter{warrior}, 0, []int{130, 45}, card)
	if len(e.guards) != 2 {
		t.Fatalf("guards %+v, want each for the other", e.guards)
	}
	e.c[0].pos = field.Vec{X: 7, Y: 7.5}
	contact(e, 0, 2, 0)
	contact(e, 2, 1, 1.9)
	e.c[0].ap, e.c[1].ap, e.c[2].ap = 0, 3, 3
	k := guardMelee(t, e, 2, 0, 2)
	x, ks := e.guardFor(2, 0, k, &e.opts[e.c[2].kind][e.c[0].kind][k], false, bandEffective, 2)
	if x < 0 || e.guards[x].sub != 1 {
		t.Fatalf("the guard does not defend for the prince with no AP")
	}
	s, opt, band := e.guard(2, x, ks)
	if s != 1 || e.guardBonus != 3 || band != bandEffective {
		t.Errorf("substitute %d, bonus %d, band %d", s, e.guardBonus, band)
	}
	key := e.strikeKey(2, s, ks, opt, false, band, 0, 1, e.guardBonus)
	if pl := e.plan(key, 2, opt); pl.ex.GuardBonus != 3 {
		t.Errorf("plan's guard bonus %d, want 3", pl.ex.GuardBonus)
	}
	e.guardBonus = 0
}
