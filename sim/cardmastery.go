package sim

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/dice"
)

// The special cards' mastery dice rules (skills.md section 3.2: "one extra
// domain on a mastery die per order bought; use of every ally's mastery dice
// anywhere, a die not spent on a CH, and a 6+ on a d10 to push its damage
// onto an ally within 3 toises"; and the banner that "gives a mastery die"),
// a list's card_mastery_domains, card_borrows_mastery,
// card_keeps_mastery_on_ch, card_pushes_damage and card_banners' mastery_die
// (profiles/listcards.go). How the engine reads them:
//
//   - At the start of a battle (cardMasterySides, in Skirmish.NewPlayer after
//     pattern M's and the card auras' changes), each Safar a rule names
//     fights as a Fighter of its own (cached, so that battles share its
//     tables): a banner's bearer has one more mastery die with the fields
//     mastery_die lists (the card does not say to whom it gives the die; the
//     reading: its bearer, the shape of the catalogue's grant-mastery-die
//     effect, catalogue.md 3.8); then each order's field goes on the die with
//     the fewest fields that lacks it, the first of them (it widens the die
//     spent first, spendMastery); a Safar whose card keeps its die on a CH
//     has Skills.KeepMasteryOnCH. Its mastery dice come back at each
//     activation as any (R4).
//   - A die not spent on a CH: read as the critical hit of its attack rolls
//     (R2's word; its defences' criticals do not keep the die): a mastery die
//     spent on an attack roll whose result is a CH is not spent, and it does
//     not roll one die fewer (R4). The exchange plays it, exact (plan.step,
//     keepSplit: the CH part of the mastery-die roll goes on as no die spent)
//     and sampled (plan.sampleAttack), so the policies' odds count it.
//   - Every ally's mastery dice anywhere (engine.borrower, in engine.loan):
//     when a Safar a card_borrows_mastery names attacks or defends and no
//     ally with Authority lends it a die, the ally its card names, in play,
//     with the most dice of the roll's field (R4: "must show the symbol
//     corresponding to the type of action"), wherever it stands, lends its
//     dice as Authority's lender does (sim/authority.go, engine.lend: its own
//     dice first; the ally loses the die until its next activation and rolls
//     one die fewer, R4); the ally's terror or fright does not matter (it
//     spends nothing, the card's Safar uses them). Of equal counts, an ally
//     that has not acted this round first (its dice come back soonest). Its
//     attack and defence rolls only, not its casting or generic actions.
//   - Damage pushed onto an ally (engine.pushDamage, in engine.hurt): when a
//     Safar a card_pushes_damage names is hurt (the damage left after its
//     armour, as Moringa's, skills.md #36 "Recommended"), and an ally its
//     card names stands in play within the distance (centre to centre) with
//     more HP left than the damage, it rolls a d10: at or above the card's
//     roll, the ally with the most HP left takes the whole damage, its armour
//     not rolled (as Moringa's receiver), and the Safar none; only the damage
//     goes, the blow's effects and statuses stay with it. Policy: it
//     pushes whenever such an ally stands there (a wound it does not take),
//     never onto an ally the damage would defeat. As Moringa, the exchange's
//     odds do not count it (the damage leaves the exchange's two Safars).
//
// A duel has no list: skirmishes only.

// masteryKey names a Fighter with its list's mastery dice rules read.
type masteryKey struct {
	f    *Fighter
	desc string
}

// masteryFighters caches the changed Fighters (Tables tells Fighters apart by
// their profile's identity).
var masteryFighters sync.Map // masteryKey -> *Fighter

// cardMasterySides returns the Safars of each side of sk (as given: fighters)
// with their list's mastery dice rules read (see the file comment), and adds
// what changed to conds, the start-of-battle notes of the trace.
func cardMasterySides(sk *Skirmish, fighters [2][]*Fighter, conds *[2][]string) [2][]*Fighter {
	for s := range 2 {
		h := &sk.Sides[s]
		if len(h.CardMasteryDomains) == 0 && len(h.CardKeepsMastery) == 0 && !slices.ContainsFunc(h.CardBanners, func(b profiles.CardBanner) bool { return len(b.MasteryDie) > 0 }) {
			continue
		}
		var out []*Fighter
		for k, f := range fighters[s] {
			g, desc := withCardMastery(f, h)
			if g == f {
				continue
			}
			if out == nil {
				out = slices.Clone(fighters[s])
			}
			out[k] = g
			if conds[s] == nil {
				conds[s] = make([]string, len(fighters[s]))
			}
			if conds[s][k] != "" {
				conds[s][k] += "; "
			}
			conds[s][k] += desc
		}
		if out != nil {
			fighters[s] = out
		}
	}
	return fighters
}

// withCardMastery returns f with the mastery dice rules of h's cards that name
// it, and what changed; f itself and "" when none does.
func withCardMastery(f *Fighter, h *Spearhead) (*Fighter, string) {
	p := f.Profile
	dd := slices.Clone(p.Mastery)
	var desc []string
	for _, b := range h.CardBanners {
		if len(b.MasteryDie) > 0 && b.By.Matches(p) {
			dd = append(dd, slices.Clone(b.MasteryDie))
			desc = append(desc, "one more mastery die "+fieldList(b.MasteryDie)+" (its banner, card_banners' mastery_die)")
		}
	}
	for _, c := range h.CardMasteryDomains {
		if !c.To.Matches(p) {
			continue
		}
		for _, fl := range c.Domains {
			d := -1
			for x, m := range dd {
				if !slices.Contains(m, fl) && (d < 0 || len(m) < len(dd[d])) {
					d = x
				}
			}
			if d < 0 {
				desc = append(desc, "every mastery die shows "+string(fl)+" already (card_mastery_domains: nothing added)")
				continue
			}
			dd[d] = append(slices.Clone(dd[d]), fl)
			desc = append(desc, fmt.Sprintf("%s on its mastery die %d, now %s (card_mastery_domains)", fl, d+1, fieldList(dd[d])))
		}
	}
	keep := false
	for _, c := range h.CardKeepsMastery {
		if c.By.Matches(p) {
			keep = true
		}
	}
	if keep {
		desc = append(desc, "a mastery die spent on an attack roll that ends a CH is not spent (card_keeps_mastery_on_ch)")
	}
	if len(desc) == 0 {
		return f, ""
	}
	k := masteryKey{f, strings.Join(desc, "; ")}
	if v, ok := masteryFighters.Load(k); ok {
		return v.(*Fighter), k.desc
	}
	q := *p
	q.Mastery = dd
	c := *f
	c.Profile = &q
	c.Mastery = make([]Fields, len(dd))
	for x, m := range dd {
		for _, fl := range m {
			c.Mastery[x] |= fieldBit(fl)
		}
	}
	c.Skills.KeepMasteryOnCH = c.Skills.KeepMasteryOnCH || keep
	v, _ := masteryFighters.LoadOrStore(k, &c)
	return v.(*Fighter), k.desc
}

// fieldList writes a mastery die's fields: [offensive, defensive].
func fieldList(fs []profiles.Field) string {
	s := make([]string, len(fs))
	for i, f := range fs {
		s[i] = string(f)
	}
	return "[" + strings.Join(s, ", ") + "]"
}

// keepSplit returns the distribution d of pool's roll with a mastery die spent
// (pool.SplitDist()[1]) in two: its results that are no CH (the die spent)
// and its CHs (the die kept by a card_keeps_mastery_on_ch), cached per pool.
func keepSplit(pool dice.Pool, d *dice.Dist) *[2]dice.Dist {
	if v, ok := keepDists.Load(pool); ok {
		return v.(*[2]dice.Dist)
	}
	k := &[2]dice.Dist{
		{CF: d.CF, Plain: d.Plain, Crit: make([]float64, len(d.Crit))},
		{Plain: make([]float64, len(d.Plain)), Crit: d.Crit},
	}
	v, _ := keepDists.LoadOrStore(pool, k)
	return v.(*[2]dice.Dist)
}

// keepDists maps a dice.Pool to its keepSplit, shared by every plan (the
// distributions are never modified).
var keepDists sync.Map

// borrowLink is a Safar whose list's card lets it use the mastery dice of the
// allies from names (card_borrows_mastery).
type borrowLink struct {
	by   int
	from profiles.Selector
}

// pushLink is a Safar whose list's card pushes its damage onto an ally
// (card_pushes_damage).
type pushLink struct {
	by   int
	rule *profiles.CardPushDamage
}

// initCardMastery lists the Safars of sk whose list's cards let them use
// their allies' mastery dice or push their damage; e.borrows and e.pushes
// stay nil when none does.
func (e *engine) initCardMastery(sk *Skirmish) {
	e.borrows, e.pushes = e.borrows[:0], e.pushes[:0]
	sk.eachSafar(func(i int, h *Spearhead, f *Fighter) {
		for _, b := range h.CardBorrowsMastery {
			if b.By.Matches(f.Profile) {
				e.borrows = append(e.borrows, borrowLink{by: i, from: b.From})
			}
		}
		for x := range h.CardPushesDamage {
			if h.CardPushesDamage[x].By.Matches(f.Profile) {
				e.pushes = append(e.pushes, pushLink{by: i, rule: &h.CardPushesDamage[x]})
			}
		}
	})
	if len(e.borrows) == 0 {
		e.borrows = nil
	}
	if len(e.pushes) == 0 {
		e.pushes = nil
	}
}

// borrower returns the ally whose mastery dice of field Safar i uses by its
// card (card_borrows_mastery), and how many it has: of the allies the card
// names, in play, anywhere, the one with the most dice of the field, one that
// has not acted this round first of equal counts; -1, 0 when none (or no card
// names i).
func (e *engine) borrower(i int, field Fields) (int, int) {
	c := &e.c[i]
	best, bn := -1, 0
	for _, b := range e.borrows {
		if b.by != i {
			continue
		}
		for k := range e.c {
			a := &e.c[k]
			if k == i || a.side != c.side || !a.inPlay() || !b.from.Matches(a.f.Profile) {
				continue
			}
			n := countMastery(a, field)
			if n > bn || n == bn && n > 0 && best >= 0 && e.c[best].acted && !a.acted {
				best, bn = k, n
			}
		}
	}
	return best, bn
}

// pushDamage plays a card_pushes_damage of Safar i hurt for n HP (see the
// file comment): it returns the ally that takes the damage instead, or -1.
func (e *engine) pushDamage(i, n int) int {
	if n <= 0 || e.rnd == nil || !e.c[i].inPlay() {
		return -1
	}
	for _, l := range e.pushes {
		if l.by != i {
			continue
		}
		k := -1
		for j := range e.c {
			a := &e.c[j]
			if j == i || a.side != e.c[i].side || !a.inPlay() || a.hp <= n || !l.rule.To.Matches(a.f.Profile) || a.pos.Dist(e.c[i].pos) > l.rule.Within+1e-9 {
				continue
			}
			if k < 0 || a.hp > e.c[k].hp {
				k = j
			}
		}
		if k < 0 {
			continue
		}
		d := dice.D10(e.rnd)
		if e.trace != nil {
			verdict := "keeps it"
			if d >= l.rule.From {
				verdict = "pushes it onto " + e.name(k)
			}
			e.tracef("    %s rolls %d for its %d damage (card_pushes_damage, %d+): %s\n", e.name(i), d, n, l.rule.From, verdict)
		}
		if d >= l.rule.From {
			return k
		}
		return -1 // one roll per wound
	}
	return -1
}

// rndFor keeps r, the dice of the battle being played, for the rules that
// roll from deep inside the engine (pushDamage).
func (e *engine) rndFor(r *rand.PCG) {
	if e.pushes != nil {
		e.rnd = r
	}
}
