package sim

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"sort"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// zoc is the zone of control around a base, in toises (rulebook "Orientation and
// zone of control").
const zoc = field.ZOC

// Duel is a one-against-one fight (R14-R18): two Safars on a line across the
// table, playing alternate activations until one is defeated or the round limit.
type Duel struct {
	A, B *Fighter
	// Distance is the gap between the two bases at the start, in toises; 0 starts
	// the fight engaged.
	Distance float64
	// Rounds is the round limit (R16), 20 when zero; a fight that reaches it is a draw.
	Rounds int
	// Table is the length of the table in toises, 15 when zero (60 cm, rulebook
	// "Game area").
	Table   float64
	Variant Variant
	// Policies play each side; nil is the default policy.
	Policies [2]FightPolicy
	// Tables, when not nil, shares the option tables with the other fights of
	// the run (see Tables); nil computes them for this duel alone.
	Tables *Tables
}

// DefaultTable is the length of a duel's table in toises when Duel.Table is
// zero (60 cm, rulebook "Game area", seed 000 line 132).
const DefaultTable = 15

// DeploymentGap returns the gap between two Safars deployed on the near edges of
// their deployment strips along opposite sides of the default table: 15 - 2x3 =
// 9 toises with the French strips (R-FR, seed 004 line 467), 15 - 2x2 = 11 under
// the english variant (seed 000 line 544). It is the default start of every duel
// of kharn duel, compare and report (issue #10 item 3).
func DeploymentGap(v Variant) float64 {
	depth := float64(field.DeploymentDepth)
	if v.English {
		depth = field.EnglishDeploymentDepth
	}
	return DefaultTable - 2*depth
}

// Sides of a duel.
const (
	SideA = 0
	SideB = 1
	Draw  = 2
)

// FightResult is the outcome of one fight.
type FightResult struct {
	Winner  int // SideA, SideB or Draw
	Rounds  int // rounds played
	HP      [2]int
	Damage  [2]int // HP dealt by each side (attacks, counters, bleeding it caused)
	AP      [2]int // AP spent by each side: actions and defences
	Attacks [2]int
	// SpellsCast and SpellsSucceeded count each side's casts and those that
	// took effect (sim/magic_fight.go).
	SpellsCast, SpellsSucceeded [2]int
}

// fightOption is an attack a side can make in a fight, with the expected figures
// the default policy reads, by range band and defender AP.
type fightOption struct {
	attack Attack
	weapon *profiles.Equipment // nil: bare hands
	// defWeapon is the weapon the defender chooses against it when it holds two
	// one-handed weapons (nil: its Melee).
	defWeapon *profiles.Equipment
	shot      bool
	// pos and split sit next to attack and shot, in the option's first cache
	// line: planDPAt reads these of every option of a table, which took a cache
	// miss each when they came after the 3 KB of kill (issue #13, perf annotate
	// of BenchmarkSkirmish).
	//
	// pos marks a positional option (R10a): the attack with a V or C effect
	// (posV, posC) where its best effects by damage have none. Only the default
	// policy plays them, for the first attack of a plan, valuing the move on the
	// field (positionValue); every other use of the options skips them.
	pos int8
	// split, when not 0, makes it an Ambidextrous 3 AP attack played as two 2
	// AP attacks (skills.md #21): attack then option split-1 with the other
	// weapon; its figures are those of both (sim/skills_more.go).
	split int16
	// dmg and ctr: expected damage dealt and counter damage taken, [band][defender
	// AP]; def: expected AP the defender spends on it.
	dmg, ctr, def [3][8]float64
	// kill.at(band, k, h) is the probability that the attack alone takes at
	// least h HP (h < killHP) from a defender holding k AP (sim/killtable.go).
	kill killTable
	// move[band][k] is the probability that its V move or C repel happens.
	move [3][8]float32
	// far: a melee option whose attacker may stand beyond the defender's
	// counter reach (sim/reach.go); its figures there are in band bandFar.
	far bool
	// stat[band][k]: the chances that it dazes, stuns and sets on fire the
	// defender (sim/statusvalue.go); nil when they are all 0, as for most
	// options (240 bytes an option otherwise: read it with statAt).
	stat *[3][8]statP
}

// Positional effects of an option (fightOption.pos).
const (
	posNone = iota
	posV
	posC
)

// killHP bounds the HP for which fightOption keeps kill probabilities.
const killHP = 32

// Range bands of a shot: effective, short, long (rulebook "Shooting - Range").
const (
	bandEffective = iota
	bandShort
	bandLong
)

// bandFar is the band of a melee option's figures with the attacker beyond
// the defender's counter reach (fightOption.far, sim/reach.go): a melee
// attack has no range band, so it takes the short band's place.
const bandFar = bandShort

// DuelPlayer plays fights of one Duel. It holds per-worker caches (exchange plans
// and decisions), so make one per goroutine.
type DuelPlayer struct {
	d *Duel
	e *engine
}

// NewPlayer prepares the duel: it lists each side's attacks and computes, with the
// exact engine, their expected damage against every AP the opponent may hold.
func (d *Duel) NewPlayer() (*DuelPlayer, error) {
	if d.A == nil || d.B == nil {
		return nil, errors.New("sim: duel needs two fighters")
	}
	e, err := newEngine([]*Fighter{d.A, d.B}, []int{SideA, SideB}, d.Variant, d.Policies, d.Tables)
	if err != nil {
		return nil, err
	}
	e.duel = true
	e.rounds = d.Rounds
	if e.rounds == 0 {
		e.rounds = 20
	}
	table := d.Table
	if table == 0 {
		table = DefaultTable
	}
	e.field = field.Field{Width: table, Height: table}
	e.labels = []string{"A", "B"}
	// The two stand on a line across the middle of the table, Distance apart.
	mid, g := table/2, max(d.Distance, 0)
	ra, rb := field.BaseRadius(d.A.Profile.Stature), field.BaseRadius(d.B.Profile.Stature)
	e.start[0] = field.Vec{X: mid - g/2 - ra, Y: mid}
	e.start[1] = field.Vec{X: mid + g/2 + rb, Y: mid}
	return &DuelPlayer{d: d, e: e}, nil
}

// Clone returns a player for another goroutine: it shares the read-only options and
// tables computed by NewPlayer, with its own caches.
func (p *DuelPlayer) Clone() *DuelPlayer { return &DuelPlayer{d: p.d, e: p.e.clone()} }

// SetTrace makes the player write a readable trace of every fight it plays to w
// (nil stops it).
func (p *DuelPlayer) SetTrace(w io.Writer) { p.e.trace = w }

// Play plays one fight with dice from r.
func (p *DuelPlayer) Play(r *rand.PCG) FightResult {
	w, rounds := p.e.play(r)
	var res FightResult
	res.Winner, res.Rounds = w, rounds
	for s := range 2 {
		c := &p.e.c[s]
		res.HP[s] = max(c.hp, 0)
		res.Damage[s] = c.dealt
		res.AP[s] = c.spent
		res.Attacks[s] = c.attacks
		res.SpellsCast[s], res.SpellsSucceeded[s] = c.spells.cast, c.spells.succeeded
	}
	if p.e.trace != nil {
		if w == Draw {
			p.e.tracef("End: draw after %d rounds; HP left A %d, B %d.\n", rounds, res.HP[0], res.HP[1])
		} else {
			p.e.tracef("End: %s wins in round %d; HP left A %d, B %d.\n", sideName(w), rounds, res.HP[0], res.HP[1])
		}
	}
	return res
}

// options lists the attacks of kind att against kind def: with its melee weapon
// (or bare hands), its special attacks, and with its shooting weapon; per AP only the three best by
// expected damage are kept, to bound the setup cost.
func (e *engine) options(att, def int) ([]fightOption, error) {
	var out []fightOption
	f := e.kinds[att]
	df := e.kinds[def]
	// Melee with the melee weapon, or bare hands (nil) without one, and with the
	// other hand's weapon (seed 000 line 1722: the attacker chooses the one used
	// for each action, here by the policy's expected values); then shots.
	weapons := []*profiles.Equipment{f.Melee}
	if f.Offhand != nil && f.Offhand != f.Melee { // two copies of one weapon: one choice
		weapons = append(weapons, f.Offhand)
	}
	// The defender holding two one-handed weapons chooses the one it defends
	// with, for each attack: the one that leaves the attacker the least
	// expected damage net of counters over the AP it may hold (defWeapon).
	defWeapons := []*profiles.Equipment{nil}
	if df.Offhand != nil && df.Offhand != df.Melee {
		defWeapons = append(defWeapons, df.Offhand)
	}
	if f.Ranged != nil {
		weapons = append(weapons, f.Ranged)
	}
	for _, w := range weapons {
		base := e.exchange(att, def, w, Attack{})
		if w != nil && w.Kind == profiles.KindRanged {
			base.Range = bandRange(w, bandEffective)
		}
		type scored struct {
			a   Attack
			e   float64
			res *Result // against the defender's full AP, in the effective band (nil: not computed)
			pos bool    // a positional candidate (R10a)
			pl  *plan   // the plan that computed res (exactByAPFrom), or nil
		}
		var cand []scored
		var posAll []*leanAttack
		for _, a := range base.Attacks() {
			if a.Kind.Special() && w != f.Melee {
				continue
			}
			if a.Kind == Shot && (w == nil || w.Kind != profiles.KindRanged) {
				continue // shots only with the shooting weapon (bare hands list the ranged one's)
			}
			be, la, err := base.bestEffectsLean(a) // sim/options_lean.go
			if err != nil {
				continue
			}
			best, res := be.attack, be.res
			cand = append(cand, scored{best, res.ExpectedDamage, res, false, be.pl})
			if a.AP >= 2 && !a.Kind.Special() && !a.Vivid && !best.Effects.Has(V) && !best.Effects.Has(C) {
				posAll = append(posAll, la)
			}
		}
		sort.SliceStable(cand, func(i, j int) bool {
			if cand[i].a.AP != cand[j].a.AP {
				return cand[i].a.AP < cand[j].a.AP
			}
			return cand[i].e > cand[j].e
		})
		// R10a: per AP and effect, the positional attack of best expected damage,
		// after the weapon's others (whose order stays that of the damage-only
		// play: damage-only plays the old default's battles, golden
		// skirmish-300-damage-only).
		for _, p := range positionals(posAll) {
			cand = append(cand, scored{p.attack, p.e, p.res, true, p.pl})
		}
		perAP := map[int]int{}
		for _, c := range cand {
			pos := int8(posNone)
			switch {
			case c.pos && c.a.Effects.Has(C):
				pos = posC
			case c.pos:
				pos = posV
			}
			if !c.pos && !c.a.Kind.Special() {
				// Vivacity's attacks (skills.md #33) are kept apart: 3 more per AP.
				if k := c.a.AP + 8*b2i(c.a.Vivid); perAP[k] >= 3 {
					continue
				} else {
					perAP[k]++
				}
			}
			var o fightOption
			worth := math.Inf(1)
			for _, dw := range defWeapons {
				// The exchange BestEffects computed (against the defender's full
				// AP, in the effective band, with its Melee) saves 1 exact
				// exchange in 5 to 6 of fillOption (BenchmarkDuelSetup).
				pre, prePlan := c.res, c.pl
				if dw != nil {
					pre, prePlan = nil, nil
				}
				far := w == nil || w.Kind != profiles.KindRanged
				far = far && e.outReaches(att, def, w, dw) // sim/reach.go
				t, err := e.fillOptionFrom(base, c.a, w, dw, df, pos, pre, prePlan, far)
				if err != nil {
					return nil, err
				}
				v := 0.0
				for k := 0; k <= min(df.AP, 7); k++ {
					v += t.dmg[bandEffective][k] - t.ctr[bandEffective][k]
				}
				if v < worth-1e-12 {
					o, worth = t, v
				}
			}
			out = append(out, o)
		}
	}
	out, err := e.splitOptions(out, att, def)
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("sim: %s has no legal attack", f.Name())
	}
	return out, nil
}

// fillOption computes the expected figures of attack a with weapon w against
// kind df defending with dw (nil: its Melee), in every range band and against
// every AP the defender may hold; pos marks a positional option (R10a), whose
// chance of moving is kept; pre, when not nil, is the exchange already
// computed against df's full AP in the effective band.
func (e *engine) fillOption(base Exchange, a Attack, w, dw *profiles.Equipment, df *Fighter, pos int8, pre *Result) (fightOption, error) {
	return e.fillOptionFrom(base, a, w, dw, df, pos, pre, nil, false)
}

// fillOptionFrom is fillOption with prePlan, when not nil, the plan that
// computed pre: the other AP of the effective band are worked out on it. far
// adds, for a melee attack, its figures beyond the defender's counter reach
// in band bandFar (sim/reach.go).
func (e *engine) fillOptionFrom(base Exchange, a Attack, w, dw *profiles.Equipment, df *Fighter, pos int8, pre *Result, prePlan *plan, far bool) (fightOption, error) {
	o := fightOption{attack: a, weapon: w, defWeapon: dw, shot: a.Kind == Shot, pos: pos}
	if dw != nil {
		base.Defender = base.Defender.WithWeapon(dw)
	}
	bands := []int{bandEffective}
	if o.shot {
		bands = []int{bandEffective, bandShort, bandLong}
	} else if far {
		bands = []int{bandEffective, bandFar}
		o.far = true
	}
	o.kill = newKillTable(len(bands), df.AP)
	for _, b := range bands {
		if o.shot && !bandExists(w, b) {
			continue
		}
		ex := base
		ex.Attack = a
		def := *ex.Defender
		def.AP = min(df.AP, 7)
		ex.Defender = &def
		if o.shot {
			ex.Range = bandRange(w, b)
		}
		ex.BeyondCounterReach = !o.shot && b == bandFar
		var from *plan
		if b == bandEffective {
			from = prePlan
		}
		byAP, err := ex.exactByAPFrom(from, pre) // one plan for every k: the same results as Exact
		if err != nil {
			return o, fmt.Errorf("sim: duel option %s: %w", a, err)
		}
		for k := 0; k <= min(df.AP, 7); k++ {
			res := byAP[k]
			if k == df.AP && b == bandEffective && pre != nil {
				res = pre
			}
			o.dmg[b][k] = res.ExpectedDamage + res.ExpectedBleeding*bleedTicks(ex.Defender)
			// The counters' weapon's bleeding on the attacker, valued as the
			// attack's on the defender (sim/counterstatus.go).
			o.ctr[b][k] = res.ExpectedCounter + res.ExpectedAttackerBleeding*bleedTicks(ex.Attacker)
			o.def[b][k] = res.ExpectedDefenceAP
			if sp := statOf(&ex, res); sp != (statP{}) {
				if o.stat == nil {
					o.stat = new([3][8]statP)
				}
				o.stat[b][k] = sp
			}
			switch pos {
			case posV:
				o.move[b][k] = float32(res.PAttackerMove)
			case posC:
				o.move[b][k] = float32(res.PRepelled)
			}
			tail := 0.0
			for h := len(res.DamagePMF) - 1; h >= 0; h-- {
				tail += res.DamagePMF[h]
				if h < killHP {
					o.kill.set(b, k, h, float32(tail))
				}
			}
		}
		for k := df.AP + 1; k < 8; k++ {
			// kill.at reads the row of k = df.AP above it.
			o.dmg[b][k], o.ctr[b][k], o.def[b][k] = o.dmg[b][k-1], o.ctr[b][k-1], o.def[b][k-1]
			o.move[b][k] = o.move[b][k-1]
			if o.stat != nil {
				o.stat[b][k] = o.stat[b][k-1]
			}
		}
	}
	return o, nil
}

// bandRange returns a distance inside a range band of weapon w.
func bandRange(w *profiles.Equipment, band int) float64 {
	r := w.Effects.Range
	if r == nil {
		return 1
	}
	switch band {
	case bandShort:
		return r.Short / 2
	case bandLong:
		if r.Max > r.Long {
			return (r.Long + r.Max) / 2
		}
		return r.Long + 2
	}
	return (r.Short + r.Long) / 2
}

// bandExists reports whether weapon w has range band b: no short range below a
// short range of 0, no long range when the maximum range ends at the long one.
func bandExists(w *profiles.Equipment, b int) bool {
	if w == nil {
		return b == bandEffective // bare hands
	}
	r := w.Effects.Range
	if r == nil {
		return b == bandEffective
	}
	switch b {
	case bandShort:
		return r.Short > 0
	case bandLong:
		return r.Max == 0 || r.Max > r.Long
	}
	return true
}

func countMastery(c *combatant, field Fields) int {
	n := 0
	for i := 0; i < c.nMastery; i++ {
		if c.mastery[i]&field != 0 {
			n++
		}
	}
	return n
}

// spendMastery removes n mastery dice of field from c, those with the fewest other
// fields first (the rulebook example keeps the die that serves more fields, seed
// 000 line 367).
func spendMastery(c *combatant, field Fields, n int) {
	for ; n > 0; n-- {
		best, bits := -1, 99
		for i := 0; i < c.nMastery; i++ {
			if c.mastery[i]&field == 0 {
				continue
			}
			if b := popcount(c.mastery[i]); b < bits {
				best, bits = i, b
			}
		}
		if best < 0 {
			return
		}
		c.mastery[best] = c.mastery[c.nMastery-1]
		c.nMastery--
	}
}

func popcount(f Fields) int {
	n := 0
	for ; f != 0; f &= f - 1 {
		n++
	}
	return n
}

// NotModelled lists the skills of both duellists that the fight does not play,
// then the rules not modelled that touch a duel (RulesNotModelled).
func (d *Duel) NotModelled() []string {
	return append(notModelled([]*Fighter{d.A, d.B}, "duel"), RulesNotModelled(InDuel)...)
}

// notModelled lists the skills of the fighters that fights do not play, and the
// spells of casters whose effects fights do not play, each with the Safar's
// name.
func notModelled(fighters []*Fighter, context string) []string {
	// Which skills fights play is the table of skills (profiles.Skills): a
	// skill played, a list rule or one with no effect in a skirmish is not
	// "not modelled". The skills about magic (ways, Affinity, Archimage,
	// Awakened, Hermeticism, Immunity, Responsive) are played by casts and
	// spell defences (sim/magic_fight.go). Warlord X gives AP per ally in
	// the aura: a duel has no ally, so it does nothing there, as the rules
	// say, rather than being left out; skirmishes play it.
	seen := map[string]bool{}
	var out []string
	for _, f := range fighters {
		names := append([]string{}, f.Skills.Other...)
		if f.Skills.Sadistic {
			// Sadistic is an exchange option (kharn odds --sadistic); the fight
			// policies never spend AP on it, so its worth is not in the numbers.
			names = append(names, "sadistic (never used by the "+context+" policies)")
		}
		// A caster's spells whose effects fights do not play, by name
		// (sim/magic_fight.go, sim/magic_effects.go; profiles.Spell.Played).
		for _, n := range castNotModelled(f) {
			k := n + " (" + f.Name() + ")"
			if !seen[k] {
				seen[k] = true
				out = append(out, k)
			}
		}
		for _, n := range names {
			sk, _ := f.Profile.Skill(n)
			switch engine := profiles.SkillEngine(n); {
			case n == profiles.SkillBerserk:
				if sk.Text == "bleeding" {
					continue // played: Berserk bleeding; other triggers are not
				}
			case engine != profiles.NotModelled:
				continue
			}
			k := n + " (" + f.Name() + ")"
			if !seen[k] {
				seen[k] = true
				out = append(out, k)
			}
		}
	}
	sort.Strings(out)
	return out
}
