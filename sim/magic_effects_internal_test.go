package sim

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
	"github.com/kharn-ages/kharn/stats"
)

// effectEngine returns an engine of the embedded profiles ids on sides, on the
// default table, with labels, reset, in round 1.
func effectEngine(t *testing.T, ids []string, sides []int) *engine {
	t.Helper()
	var fs []*Fighter
	for _, id := range ids {
		fs = append(fs, cardFighterIn(t, id))
	}
	e, err := newEngine(fs, sides, Variant{}, [2]FightPolicy{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if e.magic == nil {
		t.Fatal("no cast options")
	}
	e.rounds = 20
	e.field.Width, e.field.Height = DefaultTable, DefaultTable
	e.labels = append([]string(nil), ids...)
	e.reset()
	e.round = 1
	return e
}

// option returns the cast option of Safar caster for spell at difficulty d
// (1 AP) that may target Safar target.
func (e *engine) option(t *testing.T, caster, target int, spell string, d int) *castOption {
	t.Helper()
	for oi := range e.magic.opts[e.c[caster].kind] {
		o := &e.magic.opts[e.c[caster].kind][oi]
		if o.spell.ID == spell && o.level.Difficulty == d && o.ap == 1 && o.plans[e.c[target].kind] != nil {
			return o
		}
	}
	t.Fatalf("no option %s:%d of Safar %d on Safar %d", spell, d, caster, target)
	return nil
}

// place puts Safar i at (x, 7.5).
func (e *engine) place(i int, x float64) { e.c[i].pos = field.Vec{X: x, Y: DefaultTable / 2} }

// TestSpellModifierInExchange checks characteristic buffs and debuffs
// (skills.md 4.3): the exchanges of a Safar under a modifier read the modified
// characteristics, exactly as an exchange of a card with those
// characteristics (Exchange.Exact), a buff raising its expected damage and a
// debuff on its opponent too; and the durations of seed 000 line 1518 (the
// caster's or the target's next activation, one turn).
func TestSpellModifierInExchange(t *testing.T) {
	// adept (A), an allied warrior (A), the bone seer (B).
	e := effectEngine(t, []string{"blood-steel-adept-3", "kherops-warrior-2", "bone-seer-2"}, []int{SideA, SideA, SideB})
	iron := e.option(t, 0, 0, "iron-in-the-blood", 13) // +1 P and C, caster-next-activation
	e.applyEffect(0, 0, iron)
	if got, want := e.c[0].fx.mod, (statMod{0, 1, 0, 1, 0, 0}); got != want {
		t.Fatalf("modifier %v, want %v", got, want)
	}
	chill := e.option(t, 2, 0, "marrow-chill", 15) // -1 to all, target-next-activation
	opts := e.opts[e.c[0].kind][e.c[2].kind]
	k := -1
	for n, o := range opts {
		if !o.shot && !o.attack.Kind.Special() && o.attack.AP == 2 {
			k = n
			break
		}
	}
	if k < 0 {
		t.Fatal("no 2 AP melee attack of the adept")
	}
	key := planKey{att: int8(e.c[0].kind), def: int8(e.c[2].kind), apLeft: 3, opt: int16(k), band: bandEffective}
	exact := func(key planKey) *Result {
		res, err := e.plan(key, 0, &opts[k]).ex.Exact()
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	base := exact(key)
	key.attMod = e.c[0].fx.mod
	pl := e.plan(key, 0, &opts[k])
	if st, card := pl.ex.Attacker.Stats(), e.c[0].f.Stats(); st.P != card.P+1 || st.C != card.C+1 || st.A != card.A {
		t.Fatalf("buffed attacker's characteristics %+v, card %+v", st, card)
	}
	buffed := exact(key)
	// The oracle: the same exchange with a card whose characteristics are
	// raised by hand.
	card := *e.c[0].f.Profile
	card.Stats.P++
	card.Stats.C++
	hand := pl.ex
	f := *hand.Attacker
	f.Profile = &card
	hand.Attacker = &f
	want, err := hand.Exact()
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(want.ExpectedDamage-buffed.ExpectedDamage) > 1e-12 || math.Abs(want.PSuccess-buffed.PSuccess) > 1e-12 {
		t.Errorf("buffed exchange E[damage] %.6f P %.6f, the same card with P and C +1 %.6f %.6f", buffed.ExpectedDamage, buffed.PSuccess, want.ExpectedDamage, want.PSuccess)
	}
	if buffed.ExpectedDamage <= base.ExpectedDamage {
		t.Errorf("P and C +1: E[damage] %.4f, not above %.4f", buffed.ExpectedDamage, base.ExpectedDamage)
	}
	key.attMod, key.defMod = statMod{}, modOf(chill.level.Modifier)
	if chilled := exact(key); chilled.ExpectedDamage <= base.ExpectedDamage {
		t.Errorf("defender at -1 everywhere: E[damage] %.4f, not above %.4f", chilled.ExpectedDamage, base.ExpectedDamage)
	}

	// Durations: the adept casts iron (above) and fervour on its ally in its
	// activation, then the seer casts the chill on the adept and the dread on
	// itself in its own.
	fervour := e.option(t, 0, 1, "blood-fervour", 14) // on the ally, target-next-activation
	e.applyEffect(0, 1, fervour)
	on := func(i int, sp *castOption) bool { return e.c[i].fx.has(sp.spell) }
	e.effectsAtEnd(0) // the adept's current activation: its own buff stays
	e.applyEffect(2, 0, chill)
	dread := e.option(t, 2, 2, "ossuary-dread", 13) // one-turn
	e.applyEffect(2, 2, dread)
	e.effectsAtEnd(2)
	if !on(0, iron) || !on(0, chill) || !on(1, fervour) || !on(2, dread) {
		t.Fatalf("after the casters' activations: iron %v chill %v fervour %v dread %v, want all on", on(0, iron), on(0, chill), on(1, fervour), on(2, dread))
	}
	if e.c[0].fx.mod != (statMod{-1, 0, -1, 0, -1, -1}) {
		t.Errorf("iron (+1 P, C) and chill (-1 all) add to %v", e.c[0].fx.mod)
	}
	e.effectsAtEnd(1) // the ally's next activation ends: fervour off
	if on(1, fervour) || e.c[1].fx.mod != (statMod{}) {
		t.Errorf("fervour still on after the ally's activation")
	}
	e.effectsAtStart(0)
	if !on(2, dread) {
		t.Error("ossuary-dread (one turn) ended at another Safar's activation")
	}
	e.effectsAtStart(2)
	if on(2, dread) || e.terrorOf(2) != 0 {
		t.Error("ossuary-dread (one turn) still on at the start of the caster's next activation")
	}
	e.effectsAtEnd(0) // the adept's next activation: iron (caster's next) and chill (target's next) end
	if on(0, iron) || on(0, chill) || e.c[0].fx.mod != (statMod{}) {
		t.Errorf("after the adept's next activation: iron %v chill %v, mod %v", on(0, iron), on(0, chill), e.c[0].fx.mod)
	}
}

// TestSpellVelocityModifier checks that a V modifier changes how far a Safar
// walks.
func TestSpellVelocityModifier(t *testing.T) {
	e := effectEngine(t, []string{"bone-seer-2", "kherops-warrior-2"}, []int{SideA, SideB})
	v := e.velocity(1)
	e.applyEffect(0, 1, e.option(t, 0, 1, "marrow-chill", 15))
	if got := e.velocity(1); got != v-1 {
		t.Errorf("velocity under V -1: %g, want %g", got, v-1)
	}
}

// TestSpellControl checks activation and movement control: an immobilised
// enemy does not walk in its next activation (it would without the spell) and
// may walk again after it; the AP loss comes off its AP at the start of its
// next activation, once.
func TestSpellControl(t *testing.T) {
	e := effectEngine(t, []string{"tembo-khemist-2", "kherops-warrior-2"}, []int{SideA, SideB})
	roots := e.option(t, 0, 1, "strangling-roots", 19) // immobilise, 2 AP less
	r := rand.NewPCG(14, 7)
	walkIn := func(held bool) (moved bool, ap int) {
		e.reset()
		e.round = 1
		e.place(0, 3)
		e.place(1, 12)
		if held {
			e.applyEffect(0, 1, roots)
		}
		from := e.c[1].pos
		e.c[1].ap = e.c[1].f.Profile.AP
		e.activate(r, 1)
		return e.c[1].pos != from, e.c[1].spent
	}
	if moved, _ := walkIn(false); !moved {
		t.Fatal("the warrior does not walk in without the spell: the test shows nothing")
	}
	moved, spent := walkIn(true)
	if moved {
		t.Error("an immobilised warrior walked")
	}
	if full := e.c[1].f.Profile.AP; spent > full-2 {
		t.Errorf("the warrior spent %d AP with 2 of its %d lost", spent, full)
	}
	if e.c[1].fx.immobile || e.c[1].fx.apLoss != 0 {
		t.Error("the control outlived the warrior's next activation")
	}
	e.reset()
	e.applyEffect(0, 1, roots)
	e.c[1].ap = e.c[1].f.Profile.AP
	e.effectsAtStart(1)
	if want := e.c[1].f.Profile.AP - 2; e.c[1].ap != want {
		t.Errorf("AP after the loss %d, want %d", e.c[1].ap, want)
	}
	e.c[1].ap = e.c[1].f.Profile.AP
	e.effectsAtStart(1)
	if e.c[1].ap != e.c[1].f.Profile.AP {
		t.Error("the AP loss came off twice")
	}
}

// TestSpellFright checks the morale spell: the caster under ossuary-dread
// provokes terror 12, and an enemy entering its zone of control fails its
// temerity test (T + 1D10 < 12 or a natural 1; seed 000 lines 1276-1283) at the
// exact rate, inside a 99.99% Wilson interval of 4000 tests; without the spell
// it takes none.
func TestSpellFright(t *testing.T) {
	e := effectEngine(t, []string{"bone-seer-2", "kherops-warrior-2"}, []int{SideA, SideB})
	dread := e.option(t, 0, 0, "ossuary-dread", 13)
	r := rand.NewPCG(14, 8)
	const n = 4000
	fails := 0
	for k := range n + 1 {
		e.reset()
		e.place(0, 5)
		e.place(1, 11)
		if k > 0 {
			e.applyEffect(0, 0, dread)
		}
		from := e.c[1].pos
		e.place(1, 5+e.c[0].radius+e.c[1].radius) // in contact
		e.c[1].ap = 4
		e.enteredTerror(r, 1, from)
		if k == 0 {
			if e.c[1].terrorPending || e.c[1].ap != 4 {
				t.Fatal("a temerity test without the spell")
			}
			continue
		}
		if e.terrorOf(0) != 12 {
			t.Fatalf("terror under ossuary-dread %d, want 12", e.terrorOf(0))
		}
		if e.c[1].terrorPending {
			fails++
			if e.c[1].ap != 2 {
				t.Fatalf("AP after a failed test %d, want 2", e.c[1].ap)
			}
		}
	}
	tt := e.c[1].f.Stats().T
	bad := 0
	for d := 1; d <= 10; d++ {
		if d == 1 || tt+d < 12 {
			bad++
		}
	}
	p := float64(bad) / 10
	if lo, hi := stats.Wilson(fails, n, 0.9999); p < lo || p > hi {
		t.Errorf("%d of %d tests failed, 99.99%% interval [%.4f, %.4f] misses the exact %.2f", fails, n, lo, hi, p)
	}
}

// TestSpellAntiMagic checks anti-magic: a ward raises the difficulty of the
// enemies' spells by its value (the fight's P(success) equals Cast.Exact of
// the same cast at the difficulty + 1) while the warded Safar is in play; a
// dispel ends the effects the caster's enemies cast on the target and keeps
// the others; a silence forbids every cast until the end of the target's next
// activation.
func TestSpellAntiMagic(t *testing.T) {
	e := effectEngine(t, []string{"tembo-khemist-2", "bone-seer-2"}, []int{SideA, SideB})
	ward := e.option(t, 0, 0, "null-ward", 16)
	splinters := e.option(t, 1, 0, "bone-splinters", 14)
	oi := -1
	for k := range e.magic.opts[e.c[1].kind] {
		if &e.magic.opts[e.c[1].kind][k] == splinters {
			oi = k
		}
	}
	e.c[0].ap = 0
	before := e.castStateOf(1, 0, splinters)
	e.applyEffect(0, 0, ward)
	st := e.castStateOf(1, 0, splinters)
	if st.ward != before.ward+1 || st.extra != before.extra {
		t.Fatalf("cast state under a ward %+v, before %+v: want the difficulty 1 higher", st, before)
	}
	got := e.pSuccess(e.c[1].kind, oi, e.c[0].kind, st)
	pl := splinters.plans[e.c[0].kind]
	c := *pl.c
	sp := *c.Spell
	sp.Levels = append([]profiles.SpellLevel(nil), sp.Levels...)
	sp.Levels[0].Difficulty++
	c.Spell, c.Difficulty = &sp, splinters.level.Difficulty+1
	tgt := *c.Target
	tgt.AP = 0
	c.Target = &tgt
	c.Battlefield = Count(e.c[1].f.Profile.Magic.Way, before.extra)
	c.Reroll, c.DefenceMastery, c.APValue = st.mast, st.defMast, 0
	want, err := c.Exact()
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(got-want.PSuccess) > 1e-12 {
		t.Errorf("P(success) under a ward %.12f, Cast.Exact at difficulty %d %.12f", got, c.Difficulty, want.PSuccess)
	}
	if base := e.pSuccess(e.c[1].kind, oi, e.c[0].kind, before); got >= base {
		t.Errorf("P(success) under a ward %.4f, not below %.4f", got, base)
	}
	e.c[0].hp = 0
	if e.wardAgainst(1) != 0 {
		t.Error("a ward of a defeated Safar still counts")
	}
	e.c[0].hp = e.c[0].f.Profile.HP

	// Dispel on an ally: the enemy's chill goes, the ally's own ward stays.
	unweave := e.option(t, 0, 0, "unweaving", 13)
	e.applyEffect(1, 0, e.option(t, 1, 0, "marrow-chill", 15))
	e.applyEffect(0, 0, unweave)
	if e.c[0].fx.has(e.option(t, 1, 0, "marrow-chill", 15).spell) || !e.c[0].fx.has(ward.spell) || e.c[0].fx.mod != (statMod{}) {
		t.Errorf("dispel on an ally: %d effects left, mod %v; want the ward only", e.c[0].fx.n, e.c[0].fx.mod)
	}
	// Dispel on an enemy: its own fright goes.
	e.applyEffect(1, 1, e.option(t, 1, 1, "ossuary-dread", 13))
	e.applyEffect(0, 1, e.option(t, 0, 1, "unweaving", 13))
	if e.c[1].fx.n != 0 || e.terrorOf(1) != 0 {
		t.Errorf("dispel on an enemy: %d effects left", e.c[1].fx.n)
	}
	// Silence.
	e.c[1].ap = 4
	if !e.mayCast(1, splinters) {
		t.Fatal("the seer may not cast before the silence")
	}
	e.applyEffect(0, 1, e.option(t, 0, 1, "unweaving", 18))
	for k := range e.magic.opts[e.c[1].kind] {
		if e.mayCast(1, &e.magic.opts[e.c[1].kind][k]) {
			t.Fatalf("a silenced seer may cast %s", e.magic.opts[e.c[1].kind][k].spell.ID)
		}
	}
	e.effectsAtEnd(1)
	if !e.mayCast(1, splinters) {
		t.Error("the silence outlived the seer's next activation")
	}
}

// TestSpellEffectWorth checks the values the default policy gives the
// effects: a buff on an ally in reach of an enemy is worth something, on an
// ally out of reach of every enemy nothing; a debuff on an enemy and a control
// spell on an enemy that must walk in are worth something; none of them is
// worth anything on the wrong side; a recast of an effect already on is worth
// nothing.
func TestSpellEffectWorth(t *testing.T) {
	e := effectEngine(t, []string{"blood-steel-adept-3", "kherops-warrior-2", "tembo-khemist-2", "kherops-warrior-2"},
		[]int{SideA, SideA, SideB, SideB})
	for i := range e.c {
		e.c[i].ap = e.c[i].f.Profile.AP
	}
	e.c[0].pos = field.Vec{X: 11, Y: 12}
	e.c[1].pos = field.Vec{X: 1, Y: 1}                                   // far from every enemy
	e.c[2].pos = field.Vec{X: 11 + e.c[0].radius + e.c[2].radius, Y: 12} // the khemist in contact with the adept
	e.c[3].pos = field.Vec{X: 14, Y: 3}
	fervour := e.option(t, 0, 1, "blood-fervour", 14)
	if v := e.effectWorth(0, 0, fervour); v <= 0 {
		t.Errorf("a buff on the adept in contact: worth %.4f", v)
	}
	if v := e.effectWorth(0, 1, fervour); v != 0 {
		t.Errorf("a buff on an ally out of every enemy's reach: worth %.4f, want 0", v)
	}
	e.applyEffect(0, 0, fervour)
	if v := e.effectWorth(0, 0, fervour); v != 0 {
		t.Errorf("a buff already on: worth %.4f, want 0", v)
	}
	roots := e.option(t, 2, 1, "strangling-roots", 14)
	e.c[1].pos = field.Vec{X: 11, Y: 8} // a walk away from the khemist
	if t1 := e.nearestEnemy(1); t1 < 0 || !e.mayThreaten(1, t1) || e.gap(1, t1) <= e.reach(1) {
		t.Fatal("set-up: the warrior should be a walk away from its nearest enemy")
	}
	if v := e.effectWorth(2, 1, roots); v <= 0 {
		t.Errorf("immobilising an enemy that must walk in: worth %.4f", v)
	}
	if v := e.effectWorth(2, 3, roots); v != 0 {
		t.Errorf("immobilising an ally: worth %.4f, want 0", v)
	}
}

// TestSpellEffectTrace checks that a traced fight shows the effects: the
// cast with its roll and what it does, and its end.
func TestSpellEffectTrace(t *testing.T) {
	e := effectEngine(t, []string{"bone-seer-2", "kherops-warrior-2"}, []int{SideA, SideB})
	var b strings.Builder
	e.trace = &b
	e.place(0, 5)
	e.place(1, 9)
	e.c[0].ap = 4
	chill := e.option(t, 0, 1, "marrow-chill", 15)
	r := rand.NewPCG(14, 9)
	oi := -1
	for k := range e.magic.opts[e.c[0].kind] {
		if &e.magic.opts[e.c[0].kind][k] == chill {
			oi = k
		}
	}
	for range 20 {
		e.c[0].ap, e.c[0].spells = 4, spellState{}
		e.cast(r, 0, action{kind: actCast, opt: oi, target: 1})
		if e.c[1].fx.n > 0 {
			break
		}
	}
	if e.c[1].fx.n == 0 {
		t.Fatal("marrow-chill never took effect in 20 casts")
	}
	e.effectsAtEnd(1)
	out := b.String()
	for _, w := range []string{"casts marrow-chill (difficulty 15, quick, 1 AP) on kherops-warrior-2: total ",
		"; V -1, P -1, A -1, C -1, T -1, I -1 (target-next-activation)", "bone-seer-2's marrow-chill ends on kherops-warrior-2"} {
		if !strings.Contains(out, w) {
			t.Errorf("trace\n%s\nlacks %q", out, w)
		}
	}
}
