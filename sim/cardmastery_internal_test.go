package sim

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
	"github.com/kharn-ages/kharn/stats"
)

// masteryEngine returns a skirmish engine of a mongo warrior (A1: mastery
// dice [offensive], [offensive, defensive]) and a goun hunter (A2:
// [shooting]) against a Khérops warrior (B1), side A's list with h's card
// fields, placed: the warrior engaged with the Khérops, the hunter d toises
// from the warrior.
func masteryEngine(t *testing.T, d float64, h Spearhead) *engine {
	t.Helper()
	h.Safars = []*Fighter{cardFighterIn(t, "mongo-warrior-2"), cardFighterIn(t, "goun-hunter-1")}
	h.Costs, h.Leader = []int{60, 30}, -1
	e := handEngine(t, &Skirmish{Sides: [2]Spearhead{h, handSide(t, []string{"kherops-warrior-2"}, 82)}})
	e.round = 1
	e.c[0].pos = field.Vec{X: 7.5, Y: 7}
	e.c[2].pos = field.Vec{X: 7.5, Y: 7 + e.c[0].radius + e.c[2].radius}
	e.c[1].pos = field.Vec{X: 7.5, Y: 7 - d}
	for i := range e.c { // their mastery dice, as an activation gives them back (R4)
		c := &e.c[i]
		c.nMastery = copy(c.mastery[:], c.f.Mastery)
		c.dice = max(c.f.Profile.Level, 1)
	}
	return e
}

// dieFields returns the fields of a Fighter's mastery dice.
func dieFields(f *Fighter) []Fields { return slices.Clone(f.Mastery) }

// TestCardMasteryDomains checks "one extra domain on a mastery die per order
// bought" (skills.md 3.2; card_mastery_domains, sim/cardmastery.go) and the
// banner's mastery die (card_banners' mastery_die, read as one more die for
// its bearer): each order's field goes on the die with the fewest fields that
// lacks it; a field every die shows adds nothing; the bearer gets its die
// before the orders; the changed Safars fight as Fighters of their own (the
// dice come back at each activation as the changed card's); the trace's
// start notes say what changed; without the cards nothing changes.
func TestCardMasteryDomains(t *testing.T) {
	plain := masteryEngine(t, 2, Spearhead{})
	if got, want := dieFields(plain.c[0].f), []Fields{FieldOffensive, FieldOffensive | FieldDefensive}; !slices.Equal(got, want) {
		t.Fatalf("mongo warrior's dice %v, want %v: the test's premise", got, want)
	}
	warrior := profiles.Selector{Profiles: []string{"mongo-warrior-2"}}
	e := masteryEngine(t, 2, Spearhead{
		CardMasteryDomains: []profiles.CardMasteryDomain{{To: warrior, Domains: []profiles.Field{profiles.Shooting, profiles.Objective, profiles.Offensive}}},
		CardBanners:        []profiles.CardBanner{{By: warrior, To: profiles.Selector{All: true}, MasteryDie: []profiles.Field{profiles.Esoteric}}},
	})
	// The banner's [esoteric] first (3 dice), then shooting on die 1 (one
	// field, the first of the fewest), objective on die 3 ([esoteric], one
	// field), offensive on die 3 (the only die lacking it).
	want := []Fields{FieldOffensive | FieldShooting, FieldOffensive | FieldDefensive, FieldEsoteric | FieldObjective | FieldOffensive}
	if got := dieFields(e.c[0].f); !slices.Equal(got, want) {
		t.Errorf("dice %v, want %v", got, want)
	}
	if p := e.c[0].f.Profile; len(p.Mastery) != 3 || !slices.Equal(p.Mastery[2], []profiles.Field{profiles.Esoteric, profiles.Objective, profiles.Offensive}) || p == plain.c[0].f.Profile {
		t.Errorf("the changed card's mastery %v (a profile of its own: %v)", p.Mastery, p != plain.c[0].f.Profile)
	}
	if e.conds[1] != "" || !slices.Equal(dieFields(e.c[1].f), []Fields{FieldShooting}) {
		t.Errorf("the hunter, which no rule names, changed: %q, %v", e.conds[1], dieFields(e.c[1].f))
	}
	e.activate(rand.NewPCG(1, 1), 0)
	if e.c[0].nMastery != 3 || countMastery(&e.c[0], FieldOffensive) != 3 || countMastery(&e.c[0], FieldShooting) != 1 {
		t.Errorf("after its activation: %d dice, %d offensive, %d shooting; want 3, 3, 1", e.c[0].nMastery, countMastery(&e.c[0], FieldOffensive), countMastery(&e.c[0], FieldShooting))
	}
	for _, w := range []string{"one more mastery die [esoteric] (its banner, card_banners' mastery_die)", "shooting on its mastery die 1, now [offensive, shooting] (card_mastery_domains)", "offensive on its mastery die 3, now [esoteric, objective, offensive]"} {
		if len(e.conds) == 0 || !strings.Contains(e.conds[0], w) {
			t.Errorf("start notes %q, want %q", e.conds, w)
		}
	}
	full := masteryEngine(t, 2, Spearhead{CardMasteryDomains: []profiles.CardMasteryDomain{{To: profiles.Selector{Profiles: []string{"goun-hunter-1"}}, Domains: []profiles.Field{profiles.Shooting}}}})
	if full.c[1].f.Mastery[0] != FieldShooting || !strings.Contains(full.conds[1], "every mastery die shows shooting already") {
		t.Errorf("a field its one die shows: dice %v, notes %q", full.c[1].f.Mastery, full.conds)
	}
}

// TestCardBorrowMastery checks "use of every ally's mastery dice anywhere"
// (skills.md 3.2; card_borrows_mastery, sim/cardmastery.go): the hunter,
// 12 toises from the warrior, uses the warrior's offensive dice for its own
// attack (it has none) and the warrior's defensive die to defend; the ally
// loses the die it lent and rolls one die fewer, Authority's count is left
// alone, the trace names the card; without the card, or for a field no ally
// shows, nobody lends.
func TestCardBorrowMastery(t *testing.T) {
	hunter := profiles.Selector{Profiles: []string{"goun-hunter-1"}}
	e := masteryEngine(t, 12, Spearhead{CardBorrowsMastery: []profiles.CardBorrowMastery{{By: hunter, From: profiles.Selector{All: true}}}})
	e.c[0].acted = true
	l := e.loan(1, 2, FieldOffensive)
	if l.att != 0 || l.attN != 2 || !l.attCard || l.attOwn != 0 {
		t.Fatalf("loan %+v: want the warrior lending its 2 offensive dice by the card", l)
	}
	if k, n := e.borrower(1, FieldDefensive); k != 0 || n != 1 {
		t.Errorf("defensive: lender %d with %d dice, want 0 with 1", k, n)
	}
	if k, n := e.borrower(1, FieldEsoteric); k != -1 || n != 0 {
		t.Errorf("esoteric: lender %d with %d dice, want none", k, n)
	}
	var b strings.Builder
	e.trace = &b
	dice0 := e.c[0].dice
	st0 := state{attMastery: 2, attDice: 1}
	st := st0
	st.attMastery--
	e.settleMastery(1, 2, &l, st0, st)
	if e.c[0].nMastery != 1 || e.c[0].dice != max(dice0-1, 1) || e.c[0].morale.authorityUsed != 0 {
		t.Errorf("the warrior after lending: %d dice left, rolls %d, Authority used %d; want 1, %d, 0", e.c[0].nMastery, e.c[0].dice, e.c[0].morale.authorityUsed, max(dice0-1, 1))
	}
	if e.c[0].mastery[0] != FieldOffensive|FieldDefensive {
		t.Errorf("it lent its [offensive, defensive] die, not its [offensive] one (spendMastery keeps the wider die)")
	}
	if want := "A1 mongo-warrior-2 spends a mastery die for A2 goun-hunter-1 (its special card, card_borrows_mastery)"; !strings.Contains(b.String(), want) {
		t.Errorf("trace %q, want %q", b.String(), want)
	}
	if l := masteryEngine(t, 12, Spearhead{}).loan(1, 2, FieldOffensive); l.att != -1 || l.attN != 0 {
		t.Errorf("without the card: loan %+v", l)
	}
	only := masteryEngine(t, 12, Spearhead{CardBorrowsMastery: []profiles.CardBorrowMastery{{By: hunter, From: profiles.Selector{Levels: []int{3}}}}})
	if l := only.loan(1, 2, FieldOffensive); l.att != -1 {
		t.Errorf("from level III allies only: loan %+v", l)
	}
}

// TestCardPushDamage checks "a 6+ on a d10 to push its damage onto an ally
// within 3 toises" (skills.md 3.2; card_pushes_damage, sim/cardmastery.go):
// the warrior's wounds go whole to the hunter 2 toises away on a d10 of 6 or
// more, in a share of 2000 wounds inside the 99.99% Wilson interval of 1/2;
// never onto an ally beyond 3 toises, nor one the damage would defeat, nor
// without the card; the trace shows the roll.
func TestCardPushDamage(t *testing.T) {
	card := []profiles.CardPushDamage{{By: profiles.Selector{Profiles: []string{"mongo-warrior-2"}}, To: profiles.Selector{All: true}, Within: 3, From: 6}}
	wounds := func(e *engine, n, dmg int) (pushed, kept int) {
		e.rnd = rand.NewPCG(5, 9)
		for range n {
			e.c[0].hp, e.c[1].hp = 10, 10
			e.hurt(0, 2, dmg)
			switch {
			case e.c[0].hp == 10 && e.c[1].hp == 10-dmg:
				pushed++
			case e.c[0].hp == 10-dmg && e.c[1].hp == 10:
				kept++
			default:
				t.Fatalf("HP %d and %d after a wound of %d", e.c[0].hp, e.c[1].hp, dmg)
			}
		}
		return pushed, kept
	}
	const n = 2000
	e := masteryEngine(t, 2, Spearhead{CardPushesDamage: card})
	if e.pushes == nil {
		t.Fatal("no push rule read")
	}
	pushed, _ := wounds(e, n, 3)
	if lo, hi := stats.Wilson(pushed, n, 0.9999); 0.5 < lo || 0.5 > hi {
		t.Errorf("pushed %d of %d wounds: [%.4f, %.4f] misses 1/2", pushed, n, lo, hi)
	}
	for _, c := range []struct {
		name string
		e    *engine
		dmg  int
	}{
		{"ally beyond 3 toises", masteryEngine(t, 3.5, Spearhead{CardPushesDamage: card}), 3},
		{"damage the ally would not survive", masteryEngine(t, 2, Spearhead{CardPushesDamage: card}), 10},
		{"no card", masteryEngine(t, 2, Spearhead{}), 3},
	} {
		if p, _ := wounds(c.e, 200, c.dmg); p != 0 {
			t.Errorf("%s: %d wounds pushed", c.name, p)
		}
	}
	var b strings.Builder
	e.trace = &b
	e.c[0].hp, e.c[1].hp = 10, 10
	e.hurt(0, 2, 3)
	if !strings.Contains(b.String(), "A1 mongo-warrior-2 rolls ") || !strings.Contains(b.String(), "for its 3 damage (card_pushes_damage, 6+): ") {
		t.Errorf("trace %q", b.String())
	}
}

// keepExchange returns a 2 AP attack of a level-III invented attacker with
// three offensive mastery dice and a sword (CH 9-10) on a Khérops warrior,
// mastery spent by the default policy; keep sets the card's "a die not
// spent on a CH".
func keepExchange(t *testing.T, keep bool) *Exchange {
	t.Helper()
	p := &profiles.Profile{ID: "keeper", Name: "keeper", Level: 3, Stats: profiles.Stats{V: 4, P: 4, A: 4, C: 4, T: 4, I: 4}, Stature: 2, AP: 5, HP: 12,
		Mastery: [][]profiles.Field{{profiles.Offensive}, {profiles.Offensive}, {profiles.Offensive}}}
	sword := &profiles.Equipment{ID: "sword", Kind: profiles.KindMelee, Hands: 1, Effects: profiles.Effects{CriticalFrom: 9}}
	att := NewFighter(p, []*profiles.Equipment{sword})
	att.Skills.KeepMasteryOnCH = keep
	ex := &Exchange{Attacker: att, Defender: cardFighterIn(t, "kherops-warrior-2"), Attack: Attack{AP: 2, Chars: CharsOf(P, A)}, Policy: DefaultPolicy}
	if err := ex.Prepare(); err != nil {
		t.Fatal(err)
	}
	return ex
}

// keptExact returns the exact probability that the exchange ends with the
// attacker's mastery dice and dice as they started, and its P(success).
func keptExact(ex *Exchange) (kept, success float64) {
	pl := ex.newPlan()
	pl.sc = scratchPool.Get().(*exactScratch)
	defer func() { scratchPool.Put(pl.sc); pl.sc = nil }()
	s0 := pl.initial()
	res := &Result{Exact: true}
	cur := pl.finalStates(s0, res)
	for i, s := range cur.keys {
		if s.attMastery == s0.attMastery && s.attDice == s0.attDice {
			kept += cur.accs[i].mass
		}
	}
	return kept, res.PSuccess
}

// TestCardKeepMasteryExact checks "a die not spent on a CH" (skills.md 3.2;
// card_keeps_mastery_on_ch, sim/cardmastery.go) in the exchange: exactly,
// the attacker ends with its dice untouched more often by P(a mastery die
// spent and the roll a CH) (the pool's split distribution), the attack's
// success unchanged (to 1e-12); the sampler's share of exchanges that keep
// the dice, over 100 000, lies in the 99.99% Wilson interval around the
// exact figure, with the card and without.
func TestCardKeepMasteryExact(t *testing.T) {
	with, without := keepExchange(t, true), keepExchange(t, false)
	kw, sw := keptExact(with)
	k0, s0 := keptExact(without)
	pl := without.newPlan()
	init := pl.initial()
	chSpent := pl.attackDist(without.attackPool(without.Attack, int(init.attDice), true, init.attMaster, init.attTools.main(false)))[1].PCrit()
	if chSpent < 0.01 {
		t.Fatalf("P(mastery die spent and CH) %.4f: not a test", chSpent)
	}
	if math.Abs(kw-k0-chSpent) > 1e-12 || math.Abs(sw-s0) > 1e-12 {
		t.Errorf("kept %.6f with the card, %.6f without (difference %.6f, want %.6f); success %.6f and %.6f", kw, k0, kw-k0, chSpent, sw, s0)
	}
	for _, ex := range []*Exchange{with, without} {
		want, _ := keptExact(ex)
		sm, err := ex.NewSampler()
		if err != nil {
			t.Fatal(err)
		}
		pl := sm.pl
		r := rand.NewPCG(11, 12)
		s0 := pl.initial()
		const n = 100_000
		kept := 0
		for range n {
			var o Outcome
			s := pl.sampleAttack(r, s0, false, &o)
			for s.pending > 0 {
				s = pl.sampleAttack(r, s, true, &o)
			}
			if s.attMastery == s0.attMastery && s.attDice == s0.attDice {
				kept++
			}
		}
		if lo, hi := stats.Wilson(kept, n, 0.9999); want < lo || want > hi {
			t.Errorf("keep %v: sampled [%.4f, %.4f], exact %.4f", ex.Attacker.Skills.KeepMasteryOnCH, lo, hi, want)
		}
	}
	// The card's flag is the list's, not the profile's: a kind buffed by an
	// ally's aura (read again from its profile) keeps it.
	grant := &profiles.AuraGrant{AuraBuffs: profiles.AuraBuffs{Stature: 1}}
	if v := auraVariant(with.Attacker, []*profiles.AuraGrant{grant}); !v.Skills.KeepMasteryOnCH || v.Profile.Stature != with.Attacker.Profile.Stature+1 {
		t.Errorf("a buffed kind of the keeper: keeps its die on a CH %v, stature %d", v.Skills.KeepMasteryOnCH, v.Profile.Stature)
	}
}
