package sim_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/internal/longtest"
	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
	"github.com/kharn-ages/kharn/stats"
)

// A duel in which neither side has a choice left is a small Markov chain over the
// HP of both Safars, so its outcome can be computed exactly and the fight engine
// checked against it, as the sampler is checked against the exact engine.
//
// The duellists below are written by hand: level 1, no mastery die, no skill, no
// armour or shield, engaged from the start (Distance 0), both playing
// sim.Always2AP with a weapon that allows attacks with P only ("no attack with V,
// A, C"). Their only 2 AP attack is then 2:PP, and its best effect is P (+1
// damage, R10), which changes nothing but the damage: no free attack, no move, no
// repel. With 2 AP each activation is one 2:PP attack that spends every AP (R14),
// so from the second activation of the fight on the defender holds 0 AP and can
// only answer with the reflex defence (R7, R11): no counter damage.
//
// The first activation of a fight is different: sim resets both Safars with their
// full AP before anyone activates, so the side that activates second defends in
// round 1 with its 2 AP and the best response (R5), which may stop the attack
// with a 2 AP defence and deal counter damage (R11). The chain models that
// reading; TestDuelMarkovFirstTurnNoAP holds the rulebook's other reading.
//
// The oracle for one exchange is (*sim.Exchange).Exact, itself checked against a
// brute-force enumeration (brute_test.go) and against the sampler
// (sampler_test.go). The chain then follows R15 (equal levels: who starts is a
// 50/50 draw; the same side starts every round; a higher level starts), R16 (the
// fight ends as soon as a Safar is at 0 HP; a draw at the round limit, 20 when
// Duel.Rounds is 0).

// pOnly is a weapon that attacks with P only, so that a 2 AP attack is 2:PP.
func pOnly(id string, critFrom int) *profiles.Equipment {
	return &profiles.Equipment{ID: id, Kind: profiles.KindMelee, Hands: 1,
		Effects: profiles.Effects{CriticalFrom: critFrom, NoAttackWith: []sim.Char{sim.V, sim.A, sim.C}}}
}

// attackPP is the attack both duellists make: 2 AP engaging P twice, P effect.
var attackPP = sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.P), Effects: sim.CharsOf(sim.P)}

// markovCase is one duel the chain can follow.
type markovCase struct {
	name   string
	a, b   *sim.Fighter
	rounds int // Duel.Rounds; 0 is the default limit, 20
	// firstReflex models the first activation's defender with 0 AP (the reflex
	// defence) instead of its full AP and the best response.
	firstReflex bool
}

// markovDuellists returns the two hand-made duellists with ap AP each, both with
// P 2 (a hit deals 2 + 1 for the P effect, R9, R10): A has 13 HP and a mace with
// CH on 10 adding its stature 2 (R9); B has 12 HP and an axe with CH on 9-10
// adding its stature 3, and its C 4 makes its 2 AP defence's counter damage 4
// against A's 3 (R11).
func markovDuellists(ap int) (a, b *sim.Fighter) {
	pa := &profiles.Profile{ID: "markov-a", Name: "markov-a", Level: 1, AP: ap, HP: 13, Stature: 2,
		Stats: profiles.Stats{V: 3, P: 2, A: 2, C: 3, T: 4, I: 4}}
	pb := &profiles.Profile{ID: "markov-b", Name: "markov-b", Level: 1, AP: ap, HP: 12, Stature: 3,
		Stats: profiles.Stats{V: 2, P: 2, A: 3, C: 4, T: 4, I: 4}}
	return sim.NewFighter(pa, []*profiles.Equipment{pOnly("mace", 10)}),
		sim.NewFighter(pb, []*profiles.Equipment{pOnly("axe", 9)})
}

// jump is one outcome of an exchange: damage to the defender, counter damage to
// the attacker, probability.
type jump struct {
	dmg, ctr int
	p        float64
}

// exchangeJumps returns the outcomes of att's attackPP against def holding defAP
// AP: the reflex defence when reflex is set, else the best response. Damage and
// counter damage exclude each other (counter damage comes only from a stopped
// attack, R11, and attackPP brings no free attack), so the joint distribution is
// read off the two marginals of the exact result.
func exchangeJumps(t *testing.T, att, def *sim.Fighter, defAP int, reflex bool) []jump {
	t.Helper()
	d := *def
	d.AP = defAP
	ex := &sim.Exchange{Attacker: att, Defender: &d, Attack: attackPP}
	if reflex {
		ex.Policy = fixed(sim.Defence{})
	}
	res := exact(t, ex)
	if res.PAttackerMove+res.PDefenderMove+res.PRepelled+res.PAttackerRepelled+res.PBleeding > 0 {
		t.Fatalf("%s against %s: the exchange changes more than HP", att.Name(), def.Name())
	}
	var out []jump
	rest := 1.0
	for k, q := range res.DamagePMF {
		if k > 0 && q > 0 {
			out = append(out, jump{dmg: k, p: q})
			rest -= q
		}
	}
	for k, q := range res.CounterPMF {
		if k > 0 && q > 0 {
			out = append(out, jump{ctr: k, p: q})
			rest -= q
		}
	}
	// Nothing happens: the attack is a CF or stopped without counter damage (plus
	// the mass the exact engine drops past its explosion cutoff, below 1e-12).
	return append(out, jump{p: rest})
}

// duelLaw is the exact law of a duel's FightResult: the winner, the round it
// ended (the round limit for a draw), and the HP each side has left.
type duelLaw struct {
	win    [3]float64
	rounds []float64    // rounds[r] = P(Rounds == r)
	hp     [2][]float64 // hp[s][h] = P(HP[s] == h)
}

// markov follows the duel of c through its activations.
func markov(t *testing.T, c markovCase) duelLaw {
	t.Helper()
	f := [2]*sim.Fighter{c.a, c.b}
	limit := c.rounds
	if limit == 0 {
		limit = 20 // R16, Duel.Rounds
	}
	for s := range 2 {
		if f[s].AP != 2 && f[s].AP != 4 || f[s].AP == 4 && !c.firstReflex {
			// With 4 AP the defender of the first activation may keep AP for the
			// second attack: its state is more than HP.
			t.Fatalf("%s: the chain follows 2 AP Safars, or 4 AP ones when the first defender has no AP", f[s].Name())
		}
	}
	// jumps[s] is side s attacking a defender with 0 AP; first[s] side s attacking
	// in the first activation of the fight.
	var jumps, first [2][]jump
	for s := range 2 {
		jumps[s] = exchangeJumps(t, f[s], f[1-s], 0, true)
		first[s] = exchangeJumps(t, f[s], f[1-s], f[1-s].AP, c.firstReflex)
	}
	hp0 := [2]int{f[0].Profile.HP, f[1].Profile.HP}
	law := duelLaw{rounds: make([]float64, limit+1)}
	for s := range 2 {
		law.hp[s] = make([]float64, hp0[s]+1)
	}
	// R15: the higher level starts; equal levels draw lots.
	starts := [2]float64{0.5, 0.5}
	switch la, lb := f[0].Profile.Level, f[1].Profile.Level; {
	case la > lb:
		starts = [2]float64{1, 0}
	case lb > la:
		starts = [2]float64{0, 1}
	}
	for starter, ps := range starts {
		if ps == 0 {
			continue
		}
		// cur[ha][hb] is the probability that both are standing with these HP.
		cur := newGrid(hp0)
		cur[hp0[0]][hp0[1]] = ps
		for r := 1; r <= limit; r++ {
			for i := range 2 {
				s := starter ^ i
				for k := range f[s].AP / 2 {
					js := jumps[s]
					if r == 1 && i == 0 && k == 0 {
						js = first[s]
					}
					cur = attackStep(cur, js, s, r, &law)
				}
			}
		}
		// R16: standing at the round limit is a draw.
		for ha, row := range cur {
			for hb, m := range row {
				law.win[sim.Draw] += m
				law.rounds[limit] += m
				law.hp[0][ha] += m
				law.hp[1][hb] += m
			}
		}
	}
	return law
}

// attackStep moves the HP distribution cur through one attack of side s in round
// r, whose outcomes are js; fights that end go into law.
func attackStep(cur [][]float64, js []jump, s, r int, law *duelLaw) [][]float64 {
	next := newGrid([2]int{len(cur) - 1, len(cur[0]) - 1})
	for ha, row := range cur {
		for hb, m := range row {
			if m == 0 {
				continue
			}
			for _, j := range js {
				h := [2]int{ha, hb}
				h[1-s] -= j.dmg
				h[s] -= j.ctr
				q := m * j.p
				// R16: the fight ends as soon as a Safar is at 0 HP.
				switch da, db := h[0] <= 0, h[1] <= 0; {
				case !da && !db:
					next[h[0]][h[1]] += q
					continue
				case da && db:
					law.win[sim.Draw] += q
				case da:
					law.win[sim.SideB] += q
				default:
					law.win[sim.SideA] += q
				}
				law.rounds[r] += q
				law.hp[0][max(h[0], 0)] += q
				law.hp[1][max(h[1], 0)] += q
			}
		}
	}
	return next
}

func newGrid(hp [2]int) [][]float64 {
	g := make([][]float64, hp[0]+1)
	for i := range g {
		g[i] = make([]float64, hp[1]+1)
	}
	return g
}

// duelSample plays n fights of d with dice from rand.NewPCG(seed, 0) and counts
// what the law describes.
type duelSample struct {
	n      int
	win    [3]int
	rounds []int
	hp     [2][]int
}

func sampleDuel(t *testing.T, d *sim.Duel, n int, seed uint64) duelSample {
	t.Helper()
	pl, err := d.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	r := rand.NewPCG(seed, 0)
	var out duelSample
	out.n = n
	for range n {
		res := pl.Play(r)
		out.win[res.Winner]++
		out.rounds = bump(out.rounds, res.Rounds)
		for s := range 2 {
			out.hp[s] = bump(out.hp[s], res.HP[s])
		}
	}
	return out
}

func markovCases() []markovCase {
	a, b := markovDuellists(2)
	lvl2 := *b.Profile
	lvl2.ID, lvl2.Level = "markov-b2", 2
	b2 := sim.NewFighter(&lvl2, []*profiles.Equipment{b.Melee})
	return []markovCase{
		{name: "round limit 20", a: a, b: b, firstReflex: true},
		{name: "round limit 4, draws", a: a, b: b, rounds: 4, firstReflex: true},
		// R15: the level 2 side starts every fight and rolls two dice.
		{name: "level 2 against level 1", a: a, b: b2, firstReflex: true},
	}
}

func TestDuelMarkov(t *testing.T) {
	for i, c := range markovCases() {
		t.Run(c.name, func(t *testing.T) {
			checkDuelMarkov(t, c, uint64(100+i))
		})
	}
}

// TestDuelMarkovFirstTurnNoAP checks the other reading of the first turn: a
// Safar gets its AP at the start of its own activation, "even during the first
// turn" (seed 000 line 566; seed 004 line 485: "Une figurine récupère tous ses
// points d'action et ses dés de maîtrise même au premier tour"), so the side
// that activates second has none yet when it is attacked in round 1 and defends
// with the reflex defence only. With 4 AP the duel plays two attacks per
// activation, the second one after the first may have ended the fight.
func TestDuelMarkovFirstTurnNoAP(t *testing.T) {
	for _, ap := range []int{2, 4} {
		a, b := markovDuellists(ap)
		c := markovCase{name: fmt.Sprintf("%d AP", ap), a: a, b: b, firstReflex: true}
		t.Run(c.name, func(t *testing.T) { checkDuelMarkov(t, c, 200+uint64(ap)) })
	}
}

// checkDuelMarkov asserts that the exact law of c lies inside the 99.99% Wilson
// intervals of a seeded sample of its fights: the three outcomes, and the rounds
// and HP left pooled as checkPMF does.
func checkDuelMarkov(t *testing.T, c markovCase, seed uint64) {
	law := markov(t, c)
	n := 1_000_000
	if !longtest.Enabled() || raceEnabled {
		n = 100_000
	}
	d := &sim.Duel{A: c.a, B: c.b, Rounds: c.rounds, Policies: [2]sim.FightPolicy{sim.Always2AP, sim.Always2AP}}
	got := sampleDuel(t, d, n, seed)
	for w, name := range []string{"A wins", "B wins", "draw"} {
		lo, hi := stats.Wilson(got.win[w], n, 0.9999)
		if want := law.win[w]; want < lo || want > hi {
			t.Errorf("%s: %d of %d, 99.99%% interval [%.6f, %.6f], exact %.6f", name, got.win[w], n, lo, hi, want)
		}
	}
	checkPMF(t, "rounds", got.rounds, n, law.rounds)
	for s, name := range []string{"HP left A", "HP left B"} {
		checkPMF(t, name, got.hp[s], n, law.hp[s])
	}
	mean := 0.0
	for r, q := range law.rounds {
		mean += float64(r) * q
	}
	t.Logf("exact: A %.6f, B %.6f, draw %.6f, mean rounds %.3f; sample of %d: A %d, B %d, draw %d",
		law.win[0], law.win[1], law.win[2], mean, n, got.win[0], got.win[1], got.win[2])
}

// TestDuelMarkovReading checks the reading of the rules and of sim.Always2AP the
// chain rests on, with the exact engine: a defender with 0 AP has only the reflex
// defence (the best response then is the reflex defence, R7, R14), the weapons
// leave 2:PP as the only 2 AP attack, and its best effect is P. It also checks
// that the first activation needs its own step: with its full AP the defender
// spends some on defences and deals counter damage.
func TestDuelMarkovReading(t *testing.T) {
	for _, ap := range []int{2, 4} {
		a, b := markovDuellists(ap)
		for _, pair := range [][2]*sim.Fighter{{a, b}, {b, a}} {
			att, def := pair[0], pair[1]
			base := &sim.Exchange{Attacker: att, Defender: def}
			var twoAP []sim.Attack
			for _, x := range base.Attacks() {
				if x.AP == 2 {
					twoAP = append(twoAP, x)
				}
			}
			if len(twoAP) != 1 || twoAP[0].Chars != attackPP.Chars {
				t.Fatalf("%s: 2 AP attacks %v, want only 2:PP", att.Name(), twoAP)
			}
			best, _, err := base.BestEffects(twoAP[0])
			if err != nil {
				t.Fatal(err)
			}
			if best.Effects != attackPP.Effects {
				t.Errorf("%s: best effects of 2:PP are %s, want P", att.Name(), best.Effects)
			}
			full := exact(t, &sim.Exchange{Attacker: att, Defender: def, Attack: attackPP})
			if full.ExpectedDefenceAP == 0 || full.ExpectedCounter == 0 {
				t.Errorf("%s against %s with %d AP: best response spends %g AP, counters %g HP; want both > 0",
					att.Name(), def.Name(), def.AP, full.ExpectedDefenceAP, full.ExpectedCounter)
			}
			d0 := *def
			d0.AP = 0
			br := exact(t, &sim.Exchange{Attacker: att, Defender: &d0, Attack: attackPP})
			rf := exact(t, &sim.Exchange{Attacker: att, Defender: &d0, Attack: attackPP, Policy: fixed(sim.Defence{})})
			if br.ExpectedDefenceAP != 0 || br.ExpectedCounter != 0 || len(br.DamagePMF) != len(rf.DamagePMF) {
				t.Fatalf("%s against %s with 0 AP: best response %v, reflex %v", att.Name(), def.Name(), br, rf)
			}
			for k := range br.DamagePMF {
				if br.DamagePMF[k] != rf.DamagePMF[k] {
					t.Errorf("%s against %s with 0 AP: P(damage %d) best response %g, reflex %g", att.Name(), def.Name(), k, br.DamagePMF[k], rf.DamagePMF[k])
				}
			}
		}
	}
}
