package sim

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// Skirmish is a battle of two Spearheads on a battlefield (R14-R17, rulebook
// "Recruiting your Spearhead" to "Morale"): alternating activations, support,
// assaults, shooting with line of sight and cover, repel and collisions, the
// leader's aura and the temerity test of the last Safar of a side, until a side
// is wiped out or the round limit.
type Skirmish struct {
	Sides [2]Spearhead
	// Field is the table and its terrain; a zero Field is the 15 x 15 toise table
	// of open ground (rulebook "Game area").
	Field field.Field
	// Deployment is the depth of the deployment strips along two opposite edges,
	// in toises; 2 when zero (rulebook "Deploying").
	Deployment float64
	// Rounds is the round limit, 20 when zero (R16).
	Rounds  int
	Variant Variant
	// Policies play each side; nil is the default policy.
	Policies [2]FightPolicy
	// Tables, when not nil, shares the option tables with the other fights of
	// the run (see Tables); nil computes them for this skirmish alone.
	Tables *Tables
	// Objectives, when not nil, are the scenario's objectives: the winner is the
	// side with more victory points (sim/objectives.go); nil: annihilation.
	Objectives *profiles.Objectives
	// Deploy is how each side deploys (sim/deploychoice.go); zero values:
	// DefaultDeployMode.
	Deploy [2]DeployMode
}

// Spearhead is one side of a skirmish.
type Spearhead struct {
	Name string
	// Safars are the fighters in list order; a Fighter listed twice (the same
	// pointer) shares its exchange tables.
	Safars []*Fighter
	// Costs are the Safars' Krowns (equipment included), for the Krowns left.
	Costs []int
	// Leader is the index of the leader in Safars, -1 for none.
	Leader int
	// CardDefends are the list's special cards letting members defend for
	// allies (profiles.List.CardDefends, sim/guard.go).
	CardDefends []profiles.Guard
	// Faction is the Spearhead's faction (its list's), which a card's
	// skill fielded_by a faction reads (sim/conditional.go); "" takes its
	// leader's, else its first Safar's.
	Faction string
	// CardCover are the list's special cards by which members always count
	// as in cover against shots (profiles.List.CardCover, sim/cardcover.go).
	CardCover []profiles.CardCover
	// CardBanners are the list's special cards' standards (profiles.List.CardBanners,
	// sim/banner.go).
	CardBanners []profiles.CardBanner
	// CardDoubles are the list's special cards by which members deal double
	// damage against poisoned enemies (profiles.List.CardDoubles,
	// sim/carddouble.go).
	CardDoubles []profiles.CardDouble
	// CardHeroics are the list's special cards giving members Heroic attack
	// against an enemy bleeding from their attack (profiles.List.CardHeroics,
	// sim/cardheroic.go).
	CardHeroics []profiles.CardHeroic
	// CardAuraGrants are the list's special cards' auras given to members
	// (profiles.List.CardAuraGrants, sim/cardaura.go): played as the
	// members' own aura_grants.
	CardAuraGrants []profiles.CardAuraGrant
	// CardReturns are the list's special cards' returns from defeat, once
	// per battle (profiles.List.CardReturns, sim/cardreturn.go).
	CardReturns []profiles.CardReturn
	// CardStealsAP and CardSpellDrains are the list's special cards' AP
	// taken from enemies (profiles.List.CardStealsAP, CardSpellDrains;
	// sim/cardap.go).
	CardStealsAP    []profiles.CardStealAP
	CardSpellDrains []profiles.CardSpellDrain
	// CardOneFaction are the list's special cards by which members count as
	// one faction for support (profiles.List.CardOneFaction,
	// sim/cardfaction.go).
	CardOneFaction []profiles.CardOneFaction
	// CardSkipsFor are the list's special cards by which members may skip
	// their actions so that an ally recovers AP (profiles.List.CardSkipsFor,
	// sim/cardskip.go).
	CardSkipsFor []profiles.CardSkipFor
	// CardMasteryDomains, CardBorrowsMastery, CardKeepsMastery and
	// CardPushesDamage are the list's special cards' mastery dice rules
	// (profiles.List's, sim/cardmastery.go).
	CardMasteryDomains []profiles.CardMasteryDomain
	CardBorrowsMastery []profiles.CardBorrowMastery
	CardKeepsMastery   []profiles.CardKeepMastery
	CardPushesDamage   []profiles.CardPushDamage
	// CardBeasts are the list's special cards' beasts (profiles.List.CardBeasts,
	// sim/cardbeast.go).
	CardBeasts []profiles.CardBeast
	// CardSharedSkills are the list's special cards by which members share
	// their skills (profiles.List.CardSharedSkills, sim/cardshare.go).
	CardSharedSkills []profiles.CardSharedSkills
	// CardReturnsInAlly are the list's special cards' returns from defeat in
	// an ally's place (profiles.List.CardReturnsInAlly, sim/cardreturn.go).
	CardReturnsInAlly []profiles.CardReturnInAlly
	// CardCritDrains are the list's special cards by which members take AP
	// instead of the CH bonus in combat (profiles.List.CardCritDrains,
	// sim/cardcrit.go).
	CardCritDrains []profiles.CardCritDrain
	// CardWayBonuses are the list's special cards' casting bonuses
	// (profiles.List.CardWayBonuses, sim/cardway.go).
	CardWayBonuses []profiles.CardWayBonus
	// CardExtraActions are the list's special cards' extra action during
	// another Safar's activation (profiles.List.CardExtraActions,
	// sim/cardextra.go).
	CardExtraActions []profiles.CardExtraAction
	// CardTurnOrders are the list's special cards' choice of table edge and
	// rounds started first (profiles.List.CardTurnOrders, sim/edge.go,
	// sim/cardturn.go).
	CardTurnOrders []profiles.CardTurnOrder
}

// eachSafar calls fn with each Safar of sk's sides, side A's first, in list
// order: its index among all the Safars (the engine's), its side and its
// Fighter.
func (sk *Skirmish) eachSafar(fn func(i int, h *Spearhead, f *Fighter)) {
	n := 0
	for s := range sk.Sides {
		h := &sk.Sides[s]
		for k, f := range h.Safars {
			fn(n+k, h, f)
		}
		n += len(h.Safars)
	}
}

// NewSpearhead builds the side of list l (validated against ds): one Fighter per
// distinct loadout and granted skills (sim/allies.go), in list order, with its
// cost and the leader.
func NewSpearhead(l *profiles.List, ds *profiles.DataSet) Spearhead {
	sh := Spearhead{Name: l.Name, Leader: -1, CardDefends: l.CardDefends, Faction: l.Faction, CardCover: l.CardCover, CardBanners: l.CardBanners, CardDoubles: l.CardDoubles, CardHeroics: l.CardHeroics, CardAuraGrants: l.CardAuraGrants, CardReturns: l.CardReturns, CardStealsAP: l.CardStealsAP, CardSpellDrains: l.CardSpellDrains, CardOneFaction: l.CardOneFaction, CardSkipsFor: l.CardSkipsFor,
		CardMasteryDomains: l.CardMasteryDomains, CardBorrowsMastery: l.CardBorrowsMastery, CardKeepsMastery: l.CardKeepsMastery, CardPushesDamage: l.CardPushesDamage,
		CardBeasts: l.CardBeasts, CardSharedSkills: l.CardSharedSkills, CardReturnsInAlly: l.CardReturnsInAlly,
		CardCritDrains: l.CardCritDrains, CardWayBonuses: l.CardWayBonuses, CardExtraActions: l.CardExtraActions, CardTurnOrders: l.CardTurnOrders}
	fighters := map[string]*Fighter{}
	los := l.Loadouts(ds)
	granted := grantedMembers(l, los) // sim/allies.go
	for k, lo := range los {
		key := lo.String() + "|" + profiles.GrantKey(lo.Profile, granted[k])
		f, ok := fighters[key]
		if !ok {
			f = NewFighter(granted[k], lo.Items(ds))
			fighters[key] = f
		}
		if lo.Profile.ID == l.Leader && sh.Leader < 0 {
			sh.Leader = len(sh.Safars)
		}
		sh.Safars = append(sh.Safars, f)
		sh.Costs = append(sh.Costs, lo.Cost(ds))
	}
	return sh
}

// Krowns returns the total cost of the side.
func (s *Spearhead) Krowns() int {
	n := 0
	for _, c := range s.Costs {
		n += c
	}
	return n
}

// SafarOutcome is what one Safar did in a skirmish.
type SafarOutcome struct {
	Dealt   int // HP taken from enemies (attacks, counters, bleeding it caused, collisions)
	AP      int // AP spent on actions and defences
	Attacks int
	Kills   int
	HP      int  // HP left
	InPlay  bool // still in play at the end (not defeated nor demoralised)
	// SpellsCast and SpellsSucceeded count its casts and those that took effect.
	SpellsCast, SpellsSucceeded int
}

// SkirmishResult is the outcome of one skirmish.
type SkirmishResult struct {
	// Winner is SideA, SideB, or Draw at the round limit (or when both sides fall
	// together).
	Winner int
	// ByKrowns scores a draw at the round limit by the Krowns of the Safars still
	// in play on each side (issue #4); it equals Winner otherwise.
	ByKrowns int
	Rounds   int
	Krowns   [2]int // Krowns of the Safars still in play
	// Points are the victory points of each side (scenario objectives; 0
	// without).
	Points [2]int
	// Safars has one entry per Safar, side A's first; it belongs to the player and
	// is overwritten by the next skirmish.
	Safars []SafarOutcome
}

// SkirmishPlayer plays skirmishes of one Skirmish. It holds per-worker caches, so
// make one per goroutine with Clone.
type SkirmishPlayer struct {
	s   *Skirmish
	e   *engine
	out []SafarOutcome
	// edges, when not nil, holds the tables of each choice of table edge
	// (sim/edge.go); e is then the engine of the last battle.
	edges *edgeChoice
}

// NewPlayer prepares the skirmish: it deploys both sides and computes, with the
// exact engine, every attack of each kind of Safar against each enemy kind.
func (sk *Skirmish) NewPlayer() (*SkirmishPlayer, error) {
	var fighters []*Fighter
	var sides []int
	for s := range 2 {
		h := &sk.Sides[s]
		if len(h.Safars) == 0 {
			return nil, fmt.Errorf("sim: side %s has no Safar", sideName(s))
		}
		if len(h.Costs) != len(h.Safars) {
			return nil, errors.New("sim: a Spearhead needs one cost per Safar")
		}
	}
	conditioned, conds := conditionedSides(sk)              // sim/conditional.go
	conditioned = cardAuraSides(sk, conditioned)            // sim/cardaura.go
	conditioned = cardSharedSides(sk, conditioned)          // sim/cardshare.go
	conditioned = cardMasterySides(sk, conditioned, &conds) // sim/cardmastery.go
	for s := range 2 {
		for _, f := range conditioned[s] {
			fighters = append(fighters, f)
			sides = append(sides, s)
		}
	}
	e, err := newEngine(fighters, sides, sk.Variant, sk.Policies, sk.Tables)
	if err != nil {
		return nil, err
	}
	if conds[0] != nil || conds[1] != nil {
		e.conds = append(conds[0], conds[1]...) // for the trace (sim/conditional.go)
		if conds[0] == nil {
			e.conds = append(make([]string, len(sk.Sides[0].Safars)), conds[1]...)
		}
	}
	e.field = sk.Field
	if e.field.Width == 0 && e.field.Height == 0 {
		e.field = field.Field{Width: field.KharnAgesSize, Height: field.KharnAgesSize}
	}
	if !(e.field.Width > 0 && e.field.Height > 0) {
		return nil, errors.New("sim: the table needs a positive width and height")
	}
	e.rounds = sk.Rounds
	if e.rounds == 0 {
		e.rounds = 20
	}
	e.field.HalveDifficult = sk.Variant.English // R-FR
	e.initObjects()                             // scenery objects (sim/objects.go)
	e.initThrow()                               // movable objects (sim/throw.go)
	depth := sk.Deployment
	switch {
	case depth == 0 && sk.Variant.English:
		depth = field.EnglishDeploymentDepth // seed 000 line 544
	case depth == 0:
		depth = field.DeploymentDepth // R-FR: seed 004 line 467
	}
	n := 0
	for s := range 2 {
		h := &sk.Sides[s]
		if h.Leader >= len(h.Safars) {
			return nil, fmt.Errorf("sim: side %s: leader index %d out of range", sideName(s), h.Leader)
		}
		if h.Leader >= 0 {
			e.leader[s] = n + h.Leader
		}
		for k := range h.Safars {
			e.c[n+k].cost = h.Costs[k]
			e.labels[n+k] = fmt.Sprintf("%s%d %s", sideName(s), k+1, h.Safars[k].Profile.ID)
		}
		n += len(h.Safars)
	}
	e.initGuards(sk)      // substitute defenders (sim/guard.go)
	e.initCardCover(sk)   // a card's model always in cover (sim/cardcover.go)
	e.initBanners(sk)     // a card's standard (sim/banner.go)
	e.initDoubles(sk)     // a card's double damage on the poisoned (sim/carddouble.go)
	e.initHeroics(sk)     // a card's Heroic attack on the bled (sim/cardheroic.go)
	e.initReturns(sk)     // a card's return from defeat (sim/cardreturn.go)
	e.initCardAP(sk)      // a card's stolen and drained AP (sim/cardap.go)
	e.initOneFaction(sk)  // a card's one faction for support (sim/cardfaction.go)
	e.initSkips(sk)       // a card's skipped actions for an ally (sim/cardskip.go)
	e.initCardMastery(sk) // a card's allies' mastery dice, pushed damage (sim/cardmastery.go)
	e.initBeasts(sk)      // a card's beast and its mistress (sim/cardbeast.go)
	e.initCritDrains(sk)  // a card's AP instead of the CH bonus (sim/cardcrit.go)
	e.initWayCards(sk)    // a card's casting bonus per unactivated ally (sim/cardway.go)
	e.initExtras(sk)      // a card's extra action in another's activation (sim/cardextra.go)
	e.initTurnOrder(sk)   // a card's table edge and rounds started first (sim/cardturn.go)
	e.obj = newObjectives(e, sk.Objectives)
	// sim/deploychoice.go, scouts and ambushes included (sim/deploy.go, sim/ambush.go)
	if err := e.deployAll(sk.Deploy, [2]int{len(sk.Sides[0].Safars), len(sk.Sides[1].Safars)}, depth, sk.Objectives); err != nil {
		return nil, err
	}
	p := &SkirmishPlayer{s: sk, e: e, out: make([]SafarOutcome, len(e.c))}
	if err := p.chooseEdges(sk, depth); err != nil { // sim/edge.go
		return nil, err
	}
	return p, nil
}

// deploy places the n Safars of side s (from index at) in its deployment strip:
// melee fighters on the front line, Safars with a shooting weapon on the back
// line, each line spread evenly across the table in list order (a fixed,
// symmetric deployment: the rulebook lets players choose, "Deploying").
func (e *engine) deploy(s, at, n int, depth float64) error {
	lo, hi := field.Strip(e.field.Width, e.field.Height, depth, s)
	var front, back []int
	for k := at; k < at+n; k++ {
		if e.c[k].f.Ranged != nil {
			back = append(back, k)
		} else {
			front = append(front, k)
		}
	}
	if len(front) == 0 {
		front, back = back, nil
	}
	var placed []field.Base
	place := func(line []int, atFront bool) error {
		for m, k := range line {
			st := e.c[k].f.Profile.Stature
			r := field.BaseRadius(st)
			x0 := lo.X + (hi.X-lo.X)*(float64(m)+0.5)/float64(len(line))
			y := lo.Y + r // side A's back edge, side B's front
			if atFront == (s == 0) {
				y = hi.Y - r
			}
			// Where a base is in the way, the nearest free place along the line;
			// when the line is full, a line further in (many or large bases do
			// not fit in the strip: the extra lines stand just in front of it).
			ok := false
			inward := 1.0 // side A's lines go up the table, side B's down
			if s == 1 {
				inward = -1
			}
			for row := 0; row < 8 && !ok; row++ {
				yy := y + inward*float64(row)*2*r
				for step := 0; step <= int(2*(hi.X-lo.X)) && !ok; step++ {
					x := x0 + float64((step+1)/2)*0.5*float64(1-2*(step%2))
					b := field.Base{Pos: field.Vec{X: x, Y: yy}, Radius: r, Stature: st}
					if e.field.Fits(b, placed) {
						e.start[k], ok = b.Pos, true
						placed = append(placed, b)
					}
				}
			}
			if !ok {
				return fmt.Errorf("sim: side %s cannot deploy %s near (%.1f, %.1f): terrain, the table's edges and other bases leave no room", sideName(s), e.c[k].f, x0, y)
			}
		}
		return nil
	}
	if err := place(front, true); err != nil {
		return err
	}
	return place(back, false)
}

// Clone returns a player for another goroutine sharing the read-only tables.
func (p *SkirmishPlayer) Clone() *SkirmishPlayer {
	if p.edges != nil {
		edges := p.edges.clone()
		return &SkirmishPlayer{s: p.s, e: edges.e[0], out: make([]SafarOutcome, len(p.out)), edges: edges}
	}
	return &SkirmishPlayer{s: p.s, e: p.e.clone(), out: make([]SafarOutcome, len(p.out))}
}

// SetTrace makes the player write a readable trace of every skirmish it plays to
// w (nil stops it).
func (p *SkirmishPlayer) SetTrace(w io.Writer) {
	p.e.trace = w
	if p.edges != nil {
		p.edges.e[0].trace, p.edges.e[1].trace = w, w
	}
}

// Labels returns the names of the Safars in traces and results ("A1 paladin-3"),
// side A's first.
func (p *SkirmishPlayer) Labels() []string { return append([]string(nil), p.e.labels...) }

// Play plays one skirmish with dice from r. It allocates only while its caches of
// exchange plans and defence decisions fill: about 7 allocations a battle after
// 3000 battles of kharns-300 against kherops-300, about 1 after 20000.
func (p *SkirmishPlayer) Play(r *rand.PCG) SkirmishResult {
	e := p.e
	first := e.initiative(r)
	if p.edges != nil { // the table edge chosen (sim/edge.go)
		e, first = p.edges.engineFor(first)
		p.e = e
	}
	w, rounds := e.playFrom(r, first)
	res := SkirmishResult{Winner: w, ByKrowns: w, Rounds: rounds, Safars: p.out, Points: p.objectivePoints()}
	for i := range e.c {
		c := &e.c[i]
		in := c.alive() // in ambush still counts
		if in {
			res.Krowns[c.side] += c.cost
		}
		p.out[i] = SafarOutcome{Dealt: c.dealt, AP: c.spent, Attacks: c.attacks, Kills: c.kills, HP: max(c.hp, 0), InPlay: in,
			SpellsCast: c.spells.cast, SpellsSucceeded: c.spells.succeeded}
	}
	if w == Draw {
		switch {
		case res.Krowns[0] > res.Krowns[1]:
			res.ByKrowns = SideA
		case res.Krowns[1] > res.Krowns[0]:
			res.ByKrowns = SideB
		}
	}
	if e.trace != nil {
		if e.obj != nil {
			e.tracef("Victory points: A %d, B %d (the winner is decided by them).\n", res.Points[0], res.Points[1])
		}
		switch {
		case w != Draw:
			e.tracef("End: side %s wins in round %d; Krowns still in play A %d, B %d.\n", sideName(w), rounds, res.Krowns[0], res.Krowns[1])
		case res.ByKrowns != Draw:
			e.tracef("End: draw after %d rounds; Krowns still in play A %d, B %d: side %s ahead on Krowns.\n", rounds, res.Krowns[0], res.Krowns[1], sideName(res.ByKrowns))
		default:
			e.tracef("End: draw after %d rounds; Krowns still in play A %d, B %d.\n", rounds, res.Krowns[0], res.Krowns[1])
		}
	}
	return res
}

// NotModelled lists what the skirmish does not play for the Safars of both sides:
// skills, spells (magic is out of scope), and rules of the battle left out.
func (sk *Skirmish) NotModelled() []string {
	var all []*Fighter
	for s := range 2 {
		all = append(all, sk.Sides[s].Safars...)
	}
	out := append(notModelled(all, "skirmish"), sharedNotModelled(sk)...) // sim/cardshare.go
	return append(out, SkirmishRulesNotModelled...)
}

// SkirmishRulesNotModelled are the rules of a battle the skirmish engine leaves
// out or fixes, each with why: the rules table's rows not modelled that touch a
// skirmish (RulesNotModelled, docs/rules.md).
var SkirmishRulesNotModelled = RulesNotModelled(InSkirmish)

// SkirmishTally accumulates skirmish results: integer counts and sums only, so
// that merging chunk tallies in chunk order gives the same totals for any number
// of workers. Make it with NewSkirmishTally.
type SkirmishTally struct {
	N        int
	Wins     [3]int // SideA, SideB, Draw
	ByKrowns [3]int
	RoundSum int
	RoundSq  int
	Krowns   [2]int // sum of the Krowns still in play
	KrownsSq [2]int
	// Points and PointsSq sum the victory points of each side (objectives).
	Points, PointsSq [2]int
	// Per Safar, in the order of SkirmishPlayer.Labels.
	Dealt, DealtSq, DealtAP []int // DealtAP: sum of Dealt x AP (for ratio errors)
	AP, APSq                []int
	Attacks, Kills, InPlay  []int
	// SpellsCast and SpellsSucceeded: casts and casts that took effect.
	SpellsCast, SpellsSucceeded []int
}

// NewSkirmishTally returns an empty tally for n Safars.
func NewSkirmishTally(n int) *SkirmishTally {
	mk := func() []int { return make([]int, n) }
	return &SkirmishTally{Dealt: mk(), DealtSq: mk(), DealtAP: mk(), AP: mk(), APSq: mk(), Attacks: mk(), Kills: mk(), InPlay: mk(),
		SpellsCast: mk(), SpellsSucceeded: mk()}
}

// Add counts one skirmish.
func (t *SkirmishTally) Add(r SkirmishResult) {
	t.N++
	t.Wins[r.Winner]++
	t.ByKrowns[r.ByKrowns]++
	t.RoundSum += r.Rounds
	t.RoundSq += r.Rounds * r.Rounds
	for s := range 2 {
		t.Krowns[s] += r.Krowns[s]
		t.KrownsSq[s] += r.Krowns[s] * r.Krowns[s]
		t.Points[s] += r.Points[s]
		t.PointsSq[s] += r.Points[s] * r.Points[s]
	}
	for i, o := range r.Safars {
		t.Dealt[i] += o.Dealt
		t.DealtSq[i] += o.Dealt * o.Dealt
		t.DealtAP[i] += o.Dealt * o.AP
		t.AP[i] += o.AP
		t.APSq[i] += o.AP * o.AP
		t.Attacks[i] += o.Attacks
		t.Kills[i] += o.Kills
		t.SpellsCast[i] += o.SpellsCast
		t.SpellsSucceeded[i] += o.SpellsSucceeded
		if o.InPlay {
			t.InPlay[i]++
		}
	}
}

// Merge adds the counts of u to t.
func (t *SkirmishTally) Merge(u *SkirmishTally) {
	t.N += u.N
	for i := range t.Wins {
		t.Wins[i] += u.Wins[i]
		t.ByKrowns[i] += u.ByKrowns[i]
	}
	t.RoundSum += u.RoundSum
	t.RoundSq += u.RoundSq
	for s := range 2 {
		t.Krowns[s] += u.Krowns[s]
		t.KrownsSq[s] += u.KrownsSq[s]
		t.Points[s] += u.Points[s]
		t.PointsSq[s] += u.PointsSq[s]
	}
	add := func(a, b []int) {
		for i := range a {
			a[i] += b[i]
		}
	}
	add(t.Dealt, u.Dealt)
	add(t.DealtSq, u.DealtSq)
	add(t.DealtAP, u.DealtAP)
	add(t.AP, u.AP)
	add(t.APSq, u.APSq)
	add(t.Attacks, u.Attacks)
	add(t.Kills, u.Kills)
	add(t.InPlay, u.InPlay)
	add(t.SpellsCast, u.SpellsCast)
	add(t.SpellsSucceeded, u.SpellsSucceeded)
}
