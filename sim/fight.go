package sim

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"sort"
	"strings"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/dice"
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
}

// fightOption is an attack a side can make in a fight, with the expected figures
// the default policy reads, by range band and defender AP.
type fightOption struct {
	attack Attack
	weapon *profiles.Equipment // nil: bare hands
	shot   bool
	// dmg and ctr: expected damage dealt and counter damage taken, [band][defender
	// AP]; def: expected AP the defender spends on it.
	dmg, ctr, def [3][8]float64
	// kill[band][k][h] is the probability that the attack alone takes at least h HP
	// (h < killHP) from a defender holding k AP.
	kill [3][8][killHP]float32
}

// killHP bounds the HP for which fightOption keeps kill probabilities.
const killHP = 32

// Range bands of a shot: effective, short, long (rulebook "Shooting - Range").
const (
	bandEffective = iota
	bandShort
	bandLong
)

// combatant is a Safar during a fight.
type combatant struct {
	f          *Fighter
	side       int
	hp, ap     int
	dice       int
	mastery    [8]Fields
	nMastery   int
	armour     int
	shield     int
	bleeding   int
	dazed      bool
	stunned    bool
	ground     bool
	x, radius  float64
	walks      int
	execUsed   bool
	specialUse bool
	ranged     bool // the shooting weapon is in hand
	ammo       int  // shots left, -1 unlimited
	loaded     int  // shots before a reload, -1 no rate
	// duelUsed, masterUsed: its Duellist or Master X reroll was used this turn
	// (each once per turn).
	duelUsed, masterUsed bool
	// berserk: the Berserk state is on (its condition, bleeding, came true);
	// berserkOver: a daze or a stun ended it for the rest of the fight.
	berserk, berserkOver bool
	// activated reports that it has had an activation; idle that it attacked in none
	// of its last one (the default policy stops keeping AP against an idle opponent).
	activated, idle bool
	// statistics
	dealt, spent, attacks int
}

// DuelPlayer plays fights of one Duel. It holds per-worker caches (exchange plans
// and decisions), so make one per goroutine.
type DuelPlayer struct {
	d      *Duel
	table  float64
	rounds int
	f      [2]*Fighter
	opts   [2][]fightOption
	// threat[s][k] is the expected net damage (dealt minus counter) the opponent of
	// side s inflicts in a whole activation when s holds k AP to defend.
	threat   [2][8]float64
	plans    map[planKey]*plan
	c        [2]combatant
	trace    io.Writer
	round    int
	policies [2]FightPolicy
}

type planKey struct {
	side                   int8
	apLeft                 int8 // attacker's AP after this attack, for the defender's reserve
	opt                    int16
	band                   int8
	assault                bool
	bleeding               bool
	dazed                  bool
	stunned                bool
	execUsed               bool
	attBerserk, defBerserk bool
}

// NewPlayer prepares the duel: it lists each side's attacks and computes, with the
// exact engine, their expected damage against every AP the opponent may hold.
func (d *Duel) NewPlayer() (*DuelPlayer, error) {
	if d.A == nil || d.B == nil {
		return nil, errors.New("sim: duel needs two fighters")
	}
	p := &DuelPlayer{d: d, table: d.Table, rounds: d.Rounds, plans: map[planKey]*plan{}}
	if p.table == 0 {
		p.table = 15
	}
	if p.rounds == 0 {
		p.rounds = 20
	}
	p.f = [2]*Fighter{d.A, d.B}
	for s := range 2 {
		p.policies[s] = d.Policies[s]
		if p.policies[s] == nil {
			p.policies[s] = DefaultFightPolicy
		}
	}
	for s := range 2 {
		opts, err := p.options(s)
		if err != nil {
			return nil, err
		}
		p.opts[s] = opts
	}
	for s := range 2 {
		o := 1 - s
		full := min(p.f[o].Profile.AP, 7)
		always := func(opt *fightOption) (int, int, bool) {
			if opt.shot {
				return opt.attack.AP, bandEffective, p.f[o].Ranged != nil
			}
			return opt.attack.AP, bandEffective, true
		}
		for k := range 8 {
			// The opponent attacks only while it gains by it: ending is worth 0.
			p.threat[s][k], _ = planDP(p.opts[o], full, k, always, zero, 0, 0)
		}
	}
	return p, nil
}

// zero values ending an activation at 0: an opponent attacks only while it gains.
func zero(int) float64 { return 0 }

// exchange returns the exchange of side s attacking its opponent with weapon w.
func (p *DuelPlayer) exchange(s int, w *profiles.Equipment, a Attack) Exchange {
	att := p.f[s].WithWeapon(w)
	def := p.f[1-s].WithWeapon(p.f[1-s].Melee)
	pol := p.policies[s].attackPolicy()
	p.policies[1-s].defencePolicy(&pol)
	return Exchange{Attacker: att, Defender: def, Attack: a, Variant: p.d.Variant, Policy: pol}
}

// options lists the attacks of side s: with its melee weapon (or bare hands), its
// special attacks, and with its shooting weapon; per AP only the three best by
// expected damage are kept, to bound the setup cost.
func (p *DuelPlayer) options(s int) ([]fightOption, error) {
	var out []fightOption
	f := p.f[s]
	// Melee with the melee weapon, or bare hands (nil) without one; then shots.
	weapons := []*profiles.Equipment{f.Melee}
	if f.Ranged != nil {
		weapons = append(weapons, f.Ranged)
	}
	for _, w := range weapons {
		base := p.exchange(s, w, Attack{})
		if w != nil && w.Kind == profiles.KindRanged {
			base.Range = bandRange(w, bandEffective)
		}
		type scored struct {
			a Attack
			e float64
		}
		var cand []scored
		for _, a := range base.Attacks() {
			if a.Kind.Special() && w != f.Melee {
				continue
			}
			best, res, err := base.BestEffects(a)
			if err != nil {
				continue
			}
			cand = append(cand, scored{best, res.ExpectedDamage})
		}
		sort.SliceStable(cand, func(i, j int) bool {
			if cand[i].a.AP != cand[j].a.AP {
				return cand[i].a.AP < cand[j].a.AP
			}
			return cand[i].e > cand[j].e
		})
		perAP := map[int]int{}
		for _, c := range cand {
			if !c.a.Kind.Special() {
				if perAP[c.a.AP] >= 3 {
					continue
				}
				perAP[c.a.AP]++
			}
			o := fightOption{attack: c.a, weapon: w, shot: c.a.Kind == Shot}
			bands := []int{bandEffective}
			if o.shot {
				bands = []int{bandEffective, bandShort, bandLong}
			}
			for _, b := range bands {
				if !bandExists(w, b) {
					continue
				}
				for k := 0; k <= min(p.f[1-s].AP, 7); k++ {
					ex := base
					ex.Attack = c.a
					def := *ex.Defender
					def.AP = k
					ex.Defender = &def
					if o.shot {
						ex.Range = bandRange(w, b)
					}
					res, err := ex.Exact()
					if err != nil {
						return nil, fmt.Errorf("sim: duel option %s: %w", c.a, err)
					}
					o.dmg[b][k] = res.ExpectedDamage + res.ExpectedBleeding*bleedTicks(ex.Defender)
					o.ctr[b][k], o.def[b][k] = res.ExpectedCounter, res.ExpectedDefenceAP
					tail := 0.0
					for h := len(res.DamagePMF) - 1; h >= 0; h-- {
						tail += res.DamagePMF[h]
						if h < killHP {
							o.kill[b][k][h] = float32(tail)
						}
					}
				}
				for k := p.f[1-s].AP + 1; k < 8; k++ {
					o.dmg[b][k], o.ctr[b][k], o.def[b][k], o.kill[b][k] = o.dmg[b][k-1], o.ctr[b][k-1], o.def[b][k-1], o.kill[b][k-1]
				}
			}
			out = append(out, o)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("sim: %s has no legal attack", f.Name())
	}
	return out, nil
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

// band returns the range band of a shot from side s at the current gap.
func (p *DuelPlayer) band(s int, w *profiles.Equipment) (int, bool) {
	r := w.Effects.Range
	g := p.gap()
	if r == nil {
		return bandEffective, g <= 1
	}
	switch {
	case r.Max > 0 && g > r.Max:
		return 0, false
	case g < r.Short:
		return bandShort, true
	case g > r.Long:
		return bandLong, true
	}
	return bandEffective, true
}

// SetTrace makes the player write a readable trace of every fight it plays to w
// (nil stops it).
func (p *DuelPlayer) SetTrace(w io.Writer) { p.trace = w }

func (p *DuelPlayer) tracef(format string, args ...any) {
	if p.trace != nil {
		fmt.Fprintf(p.trace, format, args...)
	}
}

// gap returns the distance between the two bases, edge to edge.
func (p *DuelPlayer) gap() float64 {
	return p.c[1].x - p.c[0].x - p.c[0].radius - p.c[1].radius
}

// reach returns how far side s can attack in melee: its zone of control, its
// weapon's reach, or its natural Reach X.
func (p *DuelPlayer) reach(s int) float64 {
	r := zoc
	if w := p.f[s].Melee; w != nil {
		r = max(r, w.Effects.Reach)
	}
	if sk, ok := p.f[s].Profile.Skill("reach"); ok {
		r = max(r, float64(sk.Value), sk.Toises)
	}
	return r
}

// engaged reports whether the two are engaged: one is inside the other's zone of
// control (natural Reach X extends it; a weapon's reach does not).
func (p *DuelPlayer) engaged() bool {
	g := p.gap()
	for s := range 2 {
		z := zoc
		if sk, ok := p.f[s].Profile.Skill("reach"); ok {
			z = max(z, float64(sk.Value), sk.Toises)
		}
		if g <= z+1e-9 {
			return true
		}
	}
	return false
}

// Play plays one fight with dice from r.
func (p *DuelPlayer) Play(r *rand.PCG) FightResult {
	p.reset()
	// R15: the side with the higher sum of levels chooses who starts; it starts.
	// A tie is decided at random.
	first := SideA
	la, lb := p.f[0].Profile.Level, p.f[1].Profile.Level
	switch {
	case lb > la:
		first = SideB
	case la == lb && dice.D10(r) > 5:
		first = SideB
	}
	if p.trace != nil {
		p.tracef("Duel: %s (A) against %s (B), %.1f toises apart; %s starts.\n", p.f[0], p.f[1], p.gap(), sideName(first))
	}
	var res FightResult
	for p.round = 1; p.round <= p.rounds; p.round++ {
		for i := range p.c { // Duellist and Master X: once per turn
			p.c[i].duelUsed, p.c[i].masterUsed = false, false
		}
		if p.trace != nil {
			p.tracef("Round %d\n", p.round)
		}
		for i := range 2 {
			s := first
			if i == 1 {
				s = 1 - first
			}
			p.activate(r, s)
			if w, over := p.over(); over {
				return p.result(w, p.round)
			}
		}
	}
	res = p.result(Draw, p.rounds)
	return res
}

func sideName(s int) string {
	switch s {
	case SideA:
		return "A"
	case SideB:
		return "B"
	}
	return "draw"
}

// over reports whether the fight has ended (R16) and who won.
func (p *DuelPlayer) over() (int, bool) {
	da, db := p.c[0].hp <= 0, p.c[1].hp <= 0
	switch {
	case da && db:
		return Draw, true
	case da:
		return SideB, true
	case db:
		return SideA, true
	}
	return 0, false
}

func (p *DuelPlayer) result(w, rounds int) FightResult {
	var r FightResult
	r.Winner, r.Rounds = w, rounds
	for s := range 2 {
		r.HP[s] = max(p.c[s].hp, 0)
		r.Damage[s] = p.c[s].dealt
		r.AP[s] = p.c[s].spent
		r.Attacks[s] = p.c[s].attacks
	}
	if p.trace != nil {
		switch w {
		case Draw:
			if p.trace != nil {
				p.tracef("End: draw after %d rounds; HP left A %d, B %d.\n", rounds, r.HP[0], r.HP[1])
			}
		default:
			if p.trace != nil {
				p.tracef("End: %s wins in round %d; HP left A %d, B %d.\n", sideName(w), rounds, r.HP[0], r.HP[1])
			}
		}
	}
	return r
}

// reset sets both Safars at full strength at their starting places.
func (p *DuelPlayer) reset() {
	for s := range 2 {
		f := p.f[s]
		c := &p.c[s]
		// A Safar "recovers all its AP and mastery dice at the beginning of its
		// activation even during the first turn" (seed 000 line 566, seed 004 line
		// 485): before its first activation it has none, and defends by reflex.
		*c = combatant{f: f, side: s, hp: f.Profile.HP, dice: max(f.Profile.Level, 1),
			armour: f.ArmourBoxes, shield: f.ShieldBoxes, radius: field.BaseRadius(f.Profile.Stature), ammo: -1, loaded: -1}
		if w := f.Ranged; w != nil {
			if w.Effects.Ammunition > 0 {
				c.ammo = w.Effects.Ammunition
			}
			if w.Effects.Rate > 0 {
				c.loaded = w.Effects.Rate
			}
		}
	}
	mid := p.table / 2
	g := max(p.d.Distance, 0)
	p.c[0].x = mid - g/2 - p.c[0].radius
	p.c[1].x = mid + g/2 + p.c[1].radius
	// A fight that starts at a distance starts with the shooting weapon in hand.
	for s := range 2 {
		p.c[s].ranged = p.f[s].Ranged != nil && !p.engaged()
	}
}

// activate plays one activation of side s (R14).
func (p *DuelPlayer) activate(r *rand.PCG, s int) {
	c := &p.c[s]
	if c.hp <= 0 {
		return
	}
	// R14: bleeding first (X HP per effect); Thick skin: each effect once.
	if c.bleeding > 0 {
		c.hp -= c.bleeding
		p.c[1-s].dealt += c.bleeding
		if p.trace != nil {
			p.tracef("  %s bleeds %d HP (%d left)\n", sideName(s), c.bleeding, max(c.hp, 0))
		}
		if _, ok := c.f.Profile.Skill("thick skin"); ok {
			c.bleeding = 0
		}
		if c.hp <= 0 {
			return
		}
	}
	// R17: dazed ends at the start of its next activation; stunned too, leaving it
	// on the ground.
	c.dazed = false
	if c.stunned {
		c.stunned = false
		c.ground = true
	}
	// R14, R4: AP and mastery dice come back.
	c.ap = c.f.Profile.AP
	c.dice = max(c.f.Profile.Level, 1)
	c.nMastery = 0
	for i, m := range c.f.Mastery {
		if i < len(c.mastery) {
			c.mastery[i] = m
			c.nMastery++
		}
	}
	c.walks, c.execUsed, c.specialUse = 0, false, false
	if p.trace != nil {
		p.tracef("  %s activates: %d AP, %d HP, gap %.1f toises\n", sideName(s), c.ap, c.hp, p.gap())
	}
	pol := p.policies[s]
	before := c.attacks
	for step := 0; step < 24 && c.hp > 0 && p.c[1-s].hp > 0; step++ {
		act := pol.act(p, s, r)
		if !p.do(r, s, act) {
			break
		}
	}
	c.activated, c.idle = true, c.attacks == before
}

// actionKind is what a Safar does.
type actionKind int8

const (
	actEnd actionKind = iota
	actToward
	actAway
	actAttack
	actAssault
	actStandUp
	actReload
	actSwitch
)

// action is one decision of a policy.
type action struct {
	kind actionKind
	opt  int
}

// walkCost returns the AP of the next walk (R14: free, then 1, 2, 3...;
// Endurance: the next two cost 1 each), plus 1 when dazed (R17).
func (p *DuelPlayer) walkCost(s int) int {
	c := &p.c[s]
	n := c.walks
	cost := n
	if _, ok := c.f.Profile.Skill("endurance"); (ok || c.berserk) && n >= 1 { // Berserk gives Endurance
		cost = max(1, n-1)
	}
	if c.dazed {
		cost++
	}
	return cost
}

// velocity returns how far side s walks: V minus its armour's malus.
func (p *DuelPlayer) velocity(s int) float64 {
	v := p.f[s].Stats().V
	if a := p.f[s].Armour; a != nil {
		v -= a.VelocityMalus
	}
	return float64(max(v, 0))
}

// actionCost returns the AP of an attack option for side s (dazed: +1).
func (p *DuelPlayer) actionCost(s int, ap int) int {
	if p.c[s].dazed {
		return ap + 1
	}
	return ap
}

// do applies action a of side s; it reports whether the activation goes on.
func (p *DuelPlayer) do(r *rand.PCG, s int, a action) bool {
	c := &p.c[s]
	switch a.kind {
	case actEnd:
		return false
	case actStandUp:
		cost := 0
		if c.walks > 0 {
			cost = 1
		}
		if c.ap < cost {
			return false
		}
		c.ap -= cost
		c.spent += cost
		c.walks++
		c.ground = false
		if p.trace != nil {
			p.tracef("  %s stands up (%d AP)\n", sideName(s), cost)
		}
		return true
	case actToward, actAway:
		cost := p.walkCost(s)
		if c.ap < cost || c.ground {
			return false
		}
		c.ap -= cost
		c.spent += cost
		c.walks++
		p.move(s, p.velocity(s), a.kind == actToward)
		if p.trace != nil {
			p.tracef("  %s walks %s (%d AP): gap %.1f\n", sideName(s), map[bool]string{true: "in", false: "away"}[a.kind == actToward], cost, p.gap())
		}
		return true
	case actSwitch:
		if c.ap < 1 {
			return false
		}
		c.ap--
		c.spent++
		c.ranged = !c.ranged
		if p.trace != nil {
			p.tracef("  %s switches weapons (1 AP)\n", sideName(s))
		}
		return true
	case actReload:
		w := p.f[s].Ranged
		if w == nil || c.ap < w.Effects.ReloadAP {
			return false
		}
		c.ap -= w.Effects.ReloadAP
		c.spent += w.Effects.ReloadAP
		c.loaded = w.Effects.Rate
		if p.trace != nil {
			p.tracef("  %s reloads (%d AP)\n", sideName(s), w.Effects.ReloadAP)
		}
		return true
	case actAttack, actAssault:
		return p.attack(r, s, a)
	}
	return false
}

// move walks side s by dist toises toward (or away from) the other, stopping at
// base contact and at the table's edges.
func (p *DuelPlayer) move(s int, dist float64, toward bool) {
	c := &p.c[s]
	dir := 1.0 // A moves right to close in, B left
	if s == SideB {
		dir = -1
	}
	if !toward {
		dir = -dir
	}
	if toward {
		dist = min(dist, max(p.gap(), 0))
	}
	c.x += dir * dist
	c.x = min(max(c.x, c.radius), p.table-c.radius)
}

// push repels side s by dist toises away from the other (R10); against the table's
// edge it takes a collision, 1D5 HP (rulebook "Collision").
func (p *DuelPlayer) push(r *rand.PCG, s int, dist float64) {
	c := &p.c[s]
	dir := -1.0
	if s == SideB {
		dir = 1
	}
	x := c.x + dir*dist
	lo, hi := c.radius, p.table-c.radius
	if x < lo || x > hi {
		x = min(max(x, lo), hi)
		hurt := dice.D5(r)
		c.hp -= hurt
		p.c[1-s].dealt += hurt
		if p.trace != nil {
			p.tracef("    %s is repelled into the table's edge: collision, %d HP\n", sideName(s), hurt)
		}
	}
	c.x = x
}

// attack plays one attack of side s (option a.opt), after a walk for an assault.
func (p *DuelPlayer) attack(r *rand.PCG, s int, a action) bool {
	c, o := &p.c[s], &p.c[1-s]
	opt := &p.opts[s][a.opt]
	cost := p.actionCost(s, opt.attack.AP)
	walk := 0
	assault := a.kind == actAssault
	if assault {
		walk = p.walkCost(s)
	}
	if c.ap < cost+walk || c.ground {
		return false
	}
	if opt.attack.Kind.Special() && c.specialUse {
		return false
	}
	if assault {
		// R8: an assault starts unengaged and ends in contact; + stature.
		if p.engaged() {
			return false
		}
		c.ap -= walk
		c.spent += walk
		c.walks++
		extra := 0.0
		if sk, ok := c.f.Profile.Skill("brutal charge"); ok {
			extra = float64(sk.Value)
		}
		p.move(s, p.velocity(s)+extra, true)
		if p.trace != nil {
			p.tracef("  %s walks in for an assault (%d AP): gap %.1f\n", sideName(s), walk, p.gap())
		}
	}
	band := bandEffective
	if opt.shot {
		b, ok := p.band(s, opt.weapon)
		if !ok || p.engaged() || !c.ranged || c.ammo == 0 || c.loaded == 0 {
			return false
		}
		band = b
	} else if p.gap() > p.reachOf(s, opt)+1e-9 || c.ranged && opt.weapon != nil {
		return assault // an assault that fell short has spent its walk; the activation goes on
	}
	c.ap -= cost
	c.spent += cost
	c.attacks++
	if opt.attack.Kind.Special() {
		c.specialUse = true
	}
	if opt.shot {
		if c.ammo > 0 {
			c.ammo--
		}
		if c.loaded > 0 {
			c.loaded--
		}
	}
	key := planKey{side: int8(s), apLeft: int8(min(c.ap, 7)), opt: int16(a.opt), band: int8(band), assault: assault && !opt.shot,
		bleeding: o.bleeding > 0, dazed: o.dazed, stunned: o.stunned,
		execUsed: c.execUsed, attBerserk: c.berserk, defBerserk: o.berserk}
	pl := p.plan(key, opt)
	st := state{
		defAP: int8(o.ap), defDice: int8(o.dice), defMastery: int8(countMastery(o, FieldDefensive)),
		attDice: int8(c.dice), attMastery: int8(countMastery(c, pl.ex.field())),
		armour: int8(o.armour), shield: int8(o.shield), attArmour: int8(c.armour),
		// Duellist works on an opponent in the duellist's zone of control.
		attDuel:   !c.duelUsed && c.f.Skills.Duellist > 0 && p.engaged(),
		defDuel:   !o.duelUsed && o.f.Skills.Duellist > 0 && p.engaged(),
		attMaster: !c.masterUsed && c.f.Skills.Master&pl.ex.field() != 0,
		defMaster: !o.masterUsed && o.f.Skills.Master&FieldDefensive != 0,
	}
	if p.trace != nil {
		pl.trace = func(ev TraceEvent) { p.traceExchange(s, ev) }
	} else {
		pl.trace = nil
	}
	var out Outcome
	st0 := st
	st = pl.sampleAttack(r, st, false, &out)
	for st.pending > 0 {
		st = pl.sampleAttack(r, st, true, &out)
	}
	if pl.mainDmg.executioner && out.Success {
		c.execUsed = true // once per activation
	}
	// Apply the exchange to both Safars.
	o.spent += int(st0.defAP - st.defAP)
	o.ap = int(st.defAP)
	o.dice, c.dice = int(st.defDice), int(st.attDice)
	spendMastery(o, FieldDefensive, int(st0.defMastery-st.defMastery))
	spendMastery(c, pl.ex.field(), int(st0.attMastery-st.attMastery))
	o.armour, o.shield, c.armour = int(st.armour), int(st.shield), int(st.attArmour)
	c.duelUsed = c.duelUsed || st0.attDuel && !st.attDuel
	c.masterUsed = c.masterUsed || st0.attMaster && !st.attMaster
	o.masterUsed = o.masterUsed || st0.defMaster && !st.defMaster
	o.duelUsed = o.duelUsed || st0.defDuel && !st.defDuel
	o.hp -= out.Damage
	c.hp -= out.Counter
	c.dealt += out.Damage
	o.dealt += out.Counter
	o.bleeding += int(st.bleeding)
	if st.dazed {
		o.dazed = true
	}
	if st.stunned {
		o.stunned, o.ground = true, true
	}
	p.updateBerserk(o)
	if st.feared {
		// R18 Bite: a failed temerity test; as for terror, it loses half its
		// remaining AP, rounded down.
		o.ap -= o.ap / 2
	}
	if st.repelDef > 0 {
		p.push(r, 1-s, float64(st.repelDef)/2)
	}
	if st.repelAtt > 0 {
		p.push(r, s, float64(st.repelAtt)/2)
	}
	// Free moves (V effects, Harassment, Survival instinct): a Safar that would rather
	// shoot steps away; a melee fighter stays in contact.
	if st.moveAtt && p.policies[s].prefersRange(p, s) {
		p.move(s, p.velocity(s)/2, false)
	}
	if st.moveDef && p.policies[1-s].prefersRange(p, 1-s) {
		p.move(1-s, p.velocity(1-s)/2, false)
	}
	if p.trace != nil {
		if p.trace != nil {
			p.tracef("    HP: A %d, B %d; AP: A %d, B %d; gap %.1f\n", max(p.c[0].hp, 0), max(p.c[1].hp, 0), p.c[0].ap, p.c[1].ap, p.gap())
		}
	}
	return true
}

// updateBerserk starts Berserk when its condition comes true (bleeding: the only
// condition the duel plays; others are reported as not modelled) and ends it for
// good on a daze or a stun ("Dazing or Stunning a berserk miniature will end the
// effect").
func (p *DuelPlayer) updateBerserk(c *combatant) {
	sk, ok := c.f.Profile.Skill("berserk")
	if !ok || c.berserkOver {
		return
	}
	if c.berserk && (c.dazed || c.stunned) {
		c.berserk, c.berserkOver = false, true
		return
	}
	if !c.berserk && sk.Text == "bleeding" && c.bleeding > 0 && !c.dazed && !c.stunned {
		c.berserk = true
		if p.trace != nil {
			p.tracef("    %s goes berserk\n", sideName(c.side))
		}
	}
}

// reachOf returns how far option opt of side s reaches.
func (p *DuelPlayer) reachOf(s int, opt *fightOption) float64 {
	r := zoc
	if opt.weapon != nil {
		r = max(r, opt.weapon.Effects.Reach)
	}
	if sk, ok := p.f[s].Profile.Skill("reach"); ok {
		r = max(r, float64(sk.Value), sk.Toises)
	}
	return r
}

// plan returns the cached exchange plan of key.
func (p *DuelPlayer) plan(k planKey, opt *fightOption) *plan {
	if pl, ok := p.plans[k]; ok {
		return pl
	}
	s := int(k.side)
	ex := p.exchange(s, opt.weapon, opt.attack)
	ex.Assault = k.assault
	ex.ExecutionerUsed = k.execUsed
	ex.DefenderDazed, ex.DefenderStunned = k.dazed, k.stunned
	ex.AttackerBerserk, ex.DefenderBerserk = k.attBerserk, k.defBerserk
	if k.bleeding {
		def := *ex.Defender
		def.Bleeding = true
		ex.Defender = &def
	}
	if opt.shot {
		ex.Range = bandRange(opt.weapon, int(k.band))
	}
	if p.policies[1-s].reserves() {
		// The defender weighs the AP it keeps against what the attacker can still do
		// with the AP it has left in this activation.
		var r [8]float64
		always := func(o *fightOption) (int, int, bool) { return o.attack.AP, bandEffective, !o.shot || p.c[s].ranged }
		for kk := range 8 {
			v, _ := planDP(p.opts[s], int(k.apLeft), kk, always, zero, 0, 0)
			r[kk] = -v
		}
		ex.Policy.Reserve = &r
	}
	if err := ex.Prepare(); err != nil {
		panic("sim: duel option became illegal: " + err.Error())
	}
	pl := ex.newPlan()
	p.plans[k] = pl
	return pl
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

// traceExchange writes one attack of a fight trace.
func (p *DuelPlayer) traceExchange(s int, ev TraceEvent) {
	var b strings.Builder
	who := sideName(s)
	kind := "attacks"
	if ev.Free {
		kind = "free attack"
	}
	fmt.Fprintf(&b, "    %s %s %s: rolls %d", who, kind, ev.Attack, ev.Roll.Face)
	if ev.Roll.Critical {
		fmt.Fprintf(&b, " (CH, dice %d)", ev.Roll.Value)
	}
	if ev.Roll.Forced {
		b.WriteString(" [dice rerolled by Duellist]")
	}
	if ev.Roll.MasterUse {
		b.WriteString(" [Master reroll]")
	}
	if ev.Mastery {
		b.WriteString(" [mastery die spent]")
	}
	if ev.Roll.Failure {
		fmt.Fprintf(&b, ": critical failure, it never happened\n")
		io.WriteString(p.trace, b.String())
		return
	}
	fmt.Fprintf(&b, ", total %d; %s defends %s", ev.Total, sideName(1-s), ev.Defence)
	if !ev.Defence.None {
		fmt.Fprintf(&b, ", rolls %d, total %d", ev.DefenceRoll.Face, ev.DefenceTot)
		if ev.DefenceRoll.Failure {
			b.WriteString(" (CF)")
		} else if ev.DefenceRoll.Critical {
			b.WriteString(" (CH)")
		}
		if ev.DefenceRoll.Forced {
			b.WriteString(" [dice rerolled by Duellist]")
		}
		if ev.DefenceRoll.MasterUse {
			b.WriteString(" [Master reroll]")
		}
		if ev.DefMastery {
			b.WriteString(" [mastery die spent]")
		}
	}
	if ev.Success {
		fmt.Fprintf(&b, "; hit: %d damage", ev.Damage)
		if ev.ArmourFace > 0 {
			fmt.Fprintf(&b, " (armour roll %d)", ev.ArmourFace)
		}
	} else {
		b.WriteString("; stopped")
		if ev.Counter > 0 {
			fmt.Fprintf(&b, ", counter %d damage", ev.Counter)
		}
	}
	b.WriteString("\n")
	io.WriteString(p.trace, b.String())
}

// NotModelled lists the skills of both duellists that the fight does not play.
func (d *Duel) NotModelled() []string {
	// Warlord X gives AP per ally in the aura: a duel has no ally, so it does nothing
	// there, as the rules say, rather than being left out.
	fightSkills := map[string]bool{"endurance": true, "reach": true, "thick skin": true, "brutal charge": true, "warlord": true, "duellist": true}
	seen := map[string]bool{}
	var out []string
	for _, f := range []*Fighter{d.A, d.B} {
		names := append([]string{}, f.Skills.Other...)
		if f.Skills.Sadistic {
			// Sadistic is an exchange option (kharn odds --sadistic); the duel's
			// policies never spend AP on it, so its worth is not in the duel's numbers.
			names = append(names, "sadistic (never used by the duel policies)")
		}
		for _, n := range names {
			if fightSkills[n] {
				continue
			}
			if sk, _ := f.Profile.Skill(n); n == "berserk" && sk.Text == "bleeding" {
				continue // played: Berserk bleeding
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
