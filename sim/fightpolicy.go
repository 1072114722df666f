package sim

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strings"
)

// FightPolicy decides for one side of a fight: which Safar to activate next, what
// it does with its AP during its activation and to whom, and how it defends. The
// default policy decides with expected values from the exact engine; the simple
// ones are there to compare with.
type FightPolicy interface {
	// Name is the policy's name for --policy-a and reports.
	Name() string
	// pick returns the Safar of side s to activate next, among those in play not
	// yet activated this round (there is at least one).
	pick(e *engine, s int, r *rand.PCG) int
	act(e *engine, i int, r *rand.PCG) action
	attackPolicy() Policy
	defencePolicy(p *Policy)
	// prefersRange reports whether Safar i would rather shoot than fight j in melee.
	prefersRange(e *engine, i, j int) bool
	// reserves reports whether its defences weigh the AP they keep for the rest of
	// the attacker's activation.
	reserves() bool
}

// The fight policies, by name.
var (
	// DefaultFightPolicy attacks with the option of best expected damage minus
	// counter damage against the opponent's AP, keeps AP back when they are worth
	// more as defence against the opponent's best attack, closes in with an
	// assault, and shoots from range when it carries a shooting weapon; it defends
	// with the best response (R5) and spends mastery dice (R4).
	DefaultFightPolicy FightPolicy = defaultPolicy{}
	// Always1AP, Always2AP and Always3AP spend every AP on attacks of that cost (the
	// best such option), defending with the best response.
	Always1AP FightPolicy = fixedAP{1}
	Always2AP FightPolicy = fixedAP{2}
	Always3AP FightPolicy = fixedAP{3}
	// RandomPolicy picks a random legal action and a random legal defence.
	RandomPolicy FightPolicy = randomPolicy{}
	// ReflexOnly plays like the default policy but defends with the reflex defence
	// only.
	ReflexOnly FightPolicy = reflexOnly{}
	// NearestPolicy activates its Safars in list order, each attacking the nearest
	// enemy with all its AP (the simple side policy of skirmishes).
	NearestPolicy FightPolicy = nearestPolicy{}
)

// FightPolicies lists the duel policies, the default first.
var FightPolicies = []FightPolicy{DefaultFightPolicy, Always1AP, Always2AP, Always3AP, RandomPolicy, ReflexOnly}

// SidePolicies lists the skirmish policies, the default first: the duel's and
// NearestPolicy, which differs from the default only with several Safars.
var SidePolicies = []FightPolicy{DefaultFightPolicy, NearestPolicy, RandomPolicy, Always1AP, Always2AP, Always3AP, ReflexOnly}

// FightPolicyByName returns the duel policy called name.
func FightPolicyByName(name string) (FightPolicy, error) { return policyByName(name, FightPolicies) }

// SidePolicyByName returns the skirmish policy called name.
func SidePolicyByName(name string) (FightPolicy, error) { return policyByName(name, SidePolicies) }

func policyByName(name string, list []FightPolicy) (FightPolicy, error) {
	var names []string
	for _, p := range list {
		if p.Name() == name {
			return p, nil
		}
		names = append(names, p.Name())
	}
	return nil, fmt.Errorf("unknown policy %q (known: %s)", name, strings.Join(names, ", "))
}

type defaultPolicy struct{}

func (defaultPolicy) Name() string            { return "default" }
func (defaultPolicy) reserves() bool          { return true }
func (fixedAP) reserves() bool                { return false }
func (randomPolicy) reserves() bool           { return false }
func (defaultPolicy) attackPolicy() Policy    { return Policy{AttackReroll: 5} }
func (defaultPolicy) defencePolicy(p *Policy) { p.DefenceMastery = true }

// prefersRange reports whether Safar i would rather shoot at j: it has a shooting
// weapon whose best shot deals more per AP than its best melee attack.
func (defaultPolicy) prefersRange(e *engine, i, j int) bool { return preferRange(e, i, j) }

func preferRange(e *engine, i, j int) bool {
	return e.c[i].ammo != 0 && e.prefer[e.c[i].kind][e.c[j].kind] // a shooter out of ammunition fights in melee
}

// preferRangeKinds computes preferRange for kind a against kind d.
func preferRangeKinds(e *engine, a, d int) bool {
	if e.kinds[a].Ranged == nil {
		return false
	}
	bestShot, bestMelee := 0.0, 0.0
	k := min(e.kinds[d].Profile.AP, 7)
	for _, o := range e.opts[a][d] {
		v := (o.dmg[bandEffective][k] - o.ctr[bandEffective][k]) / float64(o.attack.AP)
		if o.shot {
			bestShot = max(bestShot, v)
		} else {
			bestMelee = max(bestMelee, v)
		}
	}
	return bestShot > bestMelee
}

// keepValues returns, for every ap of 0 to 7, the expected net damage Safar i
// avoids in its enemies' next activations by holding ap AP to defend instead of
// none: against the most dangerous enemy that can reach it before its next
// activation (the AP serve once, so threats do not add up). One pass over the
// enemies gives all eight: the plans ask for them in every state.
//
// Against an enemy that made no attack in its last activation, keeping AP is
// worth nothing: two Safars waiting for each other would never fight.
func keepValues(e *engine, i int) [8]float64 {
	var kv [8]float64
	ki := e.c[i].kind
	for j := range e.c {
		o := &e.c[j]
		if o.side == e.c[i].side || !o.inPlay() || o.activated && o.idle || !e.threatens(j, i) {
			continue
		}
		t := &e.threat[ki][o.kind]
		for ap := range kv {
			kv[ap] = max(kv[ap], t[0]-t[ap])
		}
	}
	return kv
}

// walkKeep is the keep value a walk of w AP gives up: what holding Safar i's AP
// is worth minus what holding those left after the walk is.
func walkKeep(e *engine, i, w int) float64 {
	kv, ap := keepValues(e, i), e.c[i].ap
	return kv[min(max(ap, 0), 7)] - kv[min(max(ap-w, 0), 7)]
}

// assaultReach is how far away Safar i can attack by an assault: a walk, its
// Brutal charge and its reach.
func (e *engine) assaultReach(i int) float64 {
	return e.velocity(i) + brutalCharge(e, i) + e.reach(i)
}

// threatens reports whether j can attack i in its next activation: a duel's
// opponent always can; in a skirmish, when i lies within a walk and an assault of
// j, or within the maximum range of its shooting weapon. Farther enemies would
// spend their AP walking, and counting them kept Safars from ever attacking
// (draws in 27% of mirror battles of kharns-300 against the nearest policy).
func (e *engine) threatens(j, i int) bool {
	if e.duel {
		return true
	}
	g := e.gap(i, j)
	if g <= e.assaultReach(j) {
		return true
	}
	if w := e.c[j].f.Ranged; w != nil {
		if r := w.Effects.Range; r != nil && (r.Max == 0 || g <= r.Max) {
			return true
		}
	}
	return false
}

// killWeight scales the value of defeating the opponent, in units of the damage its
// next activation would deal to a Safar holding no AP. Measured with the policy
// check on eight profiles: 1 beats 0 (paladin-2 against always-3ap: 62% instead of
// 46%), 2 is no better.
const killWeight = 1.0

// planDP returns the best value of spending up to a AP on the options (each
// affordable when costOf says so, at the cost and range band it gives) against a
// defender holding k AP: the sum of expected damage minus counter damage, the
// defender's AP dropping after each attack by what it is expected to spend, plus
// keep(AP left) when keep is not nil (ending is then allowed; without keep the
// plan attacks while it can). It also returns the first option of the plan (-1:
// none).
//
// With hp > 0 every attack also earns bonus times its chance to take the
// defender's hp HP on its own: a defeated opponent deals no more damage.
func planDP(opts []fightOption, a, k int, costOf func(o *fightOption) (int, int, bool), keep func(a int) float64, hp int, bonus float64) (float64, int) {
	var memo [8][8]float64
	var done [8][8]bool
	var first [8][8]int
	// costOf and keep depend on the option and the AP only: asked once each here
	// rather than in every state of the plan (they were a fifth of a skirmish's
	// time, BenchmarkSkirmish).
	var costBuf [32]int8
	var bandBuf [32]int8
	costs, bands := costBuf[:0], bandBuf[:0]
	for i := range opts {
		cost, band, ok := costOf(&opts[i])
		if !ok || cost > 7 {
			cost = -1
		}
		costs, bands = append(costs, int8(cost)), append(bands, int8(band))
	}
	var keeps [8]float64
	if keep != nil {
		for a := range keeps {
			keeps[a] = keep(a)
		}
	}
	var value func(a, k int) float64
	value = func(a, k int) float64 {
		a, k = min(a, 7), min(max(k, 0), 7)
		if done[a][k] {
			return memo[a][k]
		}
		v, f := math.Inf(-1), -1
		if keep != nil {
			v = keeps[a]
		}
		for i := range opts {
			opt := &opts[i]
			cost, band := int(costs[i]), int(bands[i])
			if cost < 0 || cost > a {
				continue
			}
			next := k - int(opt.def[band][k]+0.5)
			w := opt.dmg[band][k] - opt.ctr[band][k] + value(a-cost, next)
			if hp > 0 && hp < killHP {
				w += bonus * float64(opt.kill[band][k][hp])
			}
			if w > v+1e-9 {
				v, f = w, i
			}
		}
		if f < 0 && keep == nil {
			v = 0
		}
		memo[a][k], done[a][k], first[a][k] = v, true, f
		return v
	}
	a, k = min(max(a, 0), 7), min(max(k, 0), 7)
	v := value(a, k)
	return v, first[a][k]
}

// bestAttack plans the rest of Safar i's activation against j: the sequence of
// attacks allowed by filter that maximises the expected damage dealt minus the
// counter damage taken, plus (when keep) the defence value of the AP left at the
// end (keepValue), j's AP dropping after each attack by what it is expected to
// spend defending. extra AP are spent first (an assault's walk). It returns the
// first attack of the best plan and the plan's value minus the value of attacking
// no more; -1 when no attack is worth it or affordable.
func bestAttack(e *engine, i, j int, extra int, filter func(o *fightOption) bool, keep bool) (int, float64) {
	c, o := &e.c[i], &e.c[j]
	a := c.ap - extra
	if a < 0 {
		return -1, 0
	}
	// The range band of the shooting weapon (one line of sight per plan).
	shotBand, shotOK := 0, false
	if w := c.f.Ranged; w != nil && c.ammo != 0 {
		shotBand, shotOK = e.band(i, j, w)
	}
	costOf := func(opt *fightOption) (int, int, bool) {
		if filter != nil && !filter(opt) || opt.attack.Kind.Special() && c.specialUse {
			return 0, 0, false
		}
		band := bandEffective
		if opt.shot {
			if !shotOK {
				return 0, 0, false
			}
			band = shotBand
		}
		return e.actionCost(i, opt.attack.AP), band, true
	}
	var kf func(int) float64
	base := 0.0
	if keep {
		kv := keepValues(e, i)
		kf = func(a int) float64 { return kv[min(max(a, 0), 7)] }
		base = kv[min(max(c.ap, 0), 7)]
	}
	v, first := planDP(e.opts[c.kind][o.kind], a, o.ap, costOf, kf, o.hp, killWeight*e.threat[c.kind][o.kind][0])
	return first, v - base
}

func (pol defaultPolicy) act(e *engine, i int, r *rand.PCG) action {
	keep := !stalemate(e, i)
	j := e.keepTarget(i, nil, keep)
	if j < 0 {
		return action{kind: actEnd}
	}
	// Generic actions (sim/generic.go): tend a wound when the bleeding it saves
	// is worth more than the AP; on the alert rather than ending with AP that
	// cannot defend.
	if t := e.tendChoice(i, j, keep); t.kind == actTend {
		return t
	}
	a := playWell(e, i, j, nil, keep)
	if _, reflex := e.policies[e.c[i].side].(reflexOnly); a.kind == actEnd && e.alertWorth(i, reflex) {
		return action{kind: actAlert}
	}
	return a
}

// stalemateRun is how many activations in a row without an attack make a
// stalemate. Measured with the side policy check (2000 mirror battles against
// the nearest policy): 1 broke off waits the enemy would have ended itself
// (kherops-400: 52% instead of 59%); 2 keeps both.
const stalemateRun = 2

// stalemate reports whether Safar i of a skirmish and every enemy within its
// reach made no attack in their last stalemateRun activations: holding AP back for defence
// would then last to the round limit (against a defender with full AP, no attack
// of equal Safars gains on average), so the default attacks while it can. Without
// it 35% of the mirror battles of kharns-300 against the nearest policy were such
// draws.
func stalemate(e *engine, i int) bool {
	c := &e.c[i]
	if e.duel || c.idleRun < stalemateRun {
		return false
	}
	near := false
	for j := range e.c {
		o := &e.c[j]
		if o.side == c.side || !o.inPlay() || e.gap(i, j) > e.reach(i)+1e-9 {
			continue
		}
		if o.idleRun < stalemateRun {
			return false
		}
		near = true
	}
	return near
}

// pick activates first the Safars that can fight now: those in melee reach of
// an enemy, then shooters with a target in range, then those that can assault,
// then the others; in list order within each group.
func (defaultPolicy) pick(e *engine, s int, _ *rand.PCG) int { return pickReady(e, s) }

func pickReady(e *engine, s int) int {
	best, bc := -1, -1
	for i := range e.c {
		c := &e.c[i]
		if c.side != s || !c.inPlay() || c.acted {
			continue
		}
		class := 0
		for j := range e.c {
			if e.c[j].side == s || !e.c[j].inPlay() {
				continue
			}
			g := e.gap(i, j)
			switch {
			case g <= e.reach(i)+1e-9:
				class = max(class, 3)
			case c.f.Ranged != nil && c.f.Ranged.Effects.Range != nil && (c.f.Ranged.Effects.Range.Max == 0 || g <= c.f.Ranged.Effects.Range.Max):
				class = max(class, 2)
			case g <= e.assaultReach(i):
				class = max(class, 1)
			}
		}
		if class > bc {
			best, bc = i, class
		}
	}
	return best
}

// pickFirst activates the Safars in list order.
func pickFirst(e *engine, s int) int {
	for i := range e.c {
		if c := &e.c[i]; c.side == s && c.inPlay() && !c.acted {
			return i
		}
	}
	return -1
}

// target chooses whom Safar i attacks (focus fire): among the enemies it can
// attack now (in reach, in range and sight, or by an assault), the one with the
// best plan: expected damage dealt minus counter damage, plus the chance of
// defeating it weighted by the damage it would deal (so a wounded, dangerous enemy
// comes first); when none can be attacked now, the nearest. A lone enemy is the
// target without computing anything.
func (e *engine) target(i int, filter func(o *fightOption) bool, keep bool) int {
	best, n := -1, 0
	for j := range e.c {
		if e.c[j].side != e.c[i].side && e.c[j].inPlay() {
			best = j
			n++
		}
	}
	if n <= 1 {
		return best
	}
	best = -1
	bv := math.Inf(-1)
	for j := range e.c {
		if e.c[j].side == e.c[i].side || !e.c[j].inPlay() {
			continue
		}
		if v := e.targetValue(i, j, filter, keep); v > bv+1e-9 {
			best, bv = j, v
		}
	}
	return best
}

// keepTarget returns the target Safar i chose in this activation while it stays
// in play and i has not moved, else chooses again (target): the choice weighs
// every enemy with the exact tables, 27% of a skirmish's time when made before
// every action.
func (e *engine) keepTarget(i int, filter func(o *fightOption) bool, keep bool) int {
	c := &e.c[i]
	if c.target < 0 || !e.c[c.target].inPlay() {
		c.target = e.target(i, filter, keep)
	}
	return c.target
}

// unreachable ranks the targets Safar i cannot attack now below any it can, the
// nearest first.
const unreachable = -1e6

// targetValue returns the value of Safar i's best plan against j from where it
// stands (see target).
func (e *engine) targetValue(i, j int, filter func(o *fightOption) bool, keep bool) float64 {
	g := e.gap(i, j)
	far := unreachable - g
	shots := func(o *fightOption) bool { return o.shot && (filter == nil || filter(o)) }
	melee := func(o *fightOption) bool { return !o.shot && (filter == nil || filter(o)) }
	if preferRange(e, i, j) && !e.engagedAny(i) {
		if k, v := bestAttack(e, i, j, 0, shots, keep); k >= 0 {
			return v
		}
		return far
	}
	if g <= e.reach(i)+1e-9 {
		if k, v := bestAttack(e, i, j, 0, melee, keep); k >= 0 {
			return v
		}
		return far
	}
	if !e.engagedAny(i) && g <= e.assaultReach(i) {
		w := e.walkCost(i)
		if k, v := bestAttack(e, i, j, w, melee, keep); k >= 0 {
			if keep {
				v += walkKeep(e, i, w)
			}
			return v
		}
	}
	return far
}

// playWell is the default way to play an activation against target j; filter
// restricts the attack options and keep says whether AP may be kept back for
// defence.
func playWell(e *engine, i, j int, filter func(o *fightOption) bool, keep bool) action {
	c := &e.c[i]
	if c.ground {
		if c.walks == 0 || c.ap >= 1 {
			return action{kind: actStandUp}
		}
		return action{kind: actEnd}
	}
	ranged := preferRange(e, i, j)
	shots := func(o *fightOption) bool { return o.shot && (filter == nil || filter(o)) }
	melee := func(o *fightOption) bool { return !o.shot && (filter == nil || filter(o)) }
	accept := func(k int, v float64) bool { return k >= 0 && (v > 0 || !keep) }
	best := func(extra int, f func(o *fightOption) bool) (int, float64) {
		return bestAttack(e, i, j, extra, f, keep)
	}
	attack := func(kind actionKind, k int) action { return action{kind: kind, opt: k, target: j} }
	if ranged && !e.engagedAny(i) {
		if !c.ranged {
			return action{kind: actSwitch}
		}
		w := c.f.Ranged
		if c.loaded == 0 {
			return action{kind: actReload}
		}
		// Keep the distance: with the free walk, step back from a melee fighter that
		// could reach us next activation.
		if c.walks == 0 {
			if k := e.menace(i); k >= 0 {
				return action{kind: actAway, target: k}
			}
		}
		if _, ok := e.band(i, j, w); !ok {
			// Out of range: close in. In a skirmish only with the free walk: paying
			// AP for more leaves none to defend against the shots that range invites
			// (tembos-300 lost 59% of its mirror battles to the nearest policy that
			// way, 45% without). In a duel paying is better (policy check of
			// guild-crossbowman-2 against always-2ap: 58% paying, 38% not).
			if cost := e.walkCost(i); cost <= c.ap && (cost == 0 || !keep || e.duel) {
				return action{kind: actToward, target: j}
			}
			return action{kind: actEnd}
		}
		if k, v := best(0, shots); accept(k, v) {
			return attack(actAttack, k)
		}
		return action{kind: actEnd}
	}
	if ranged && e.engagedAny(i) && c.walks == 0 && e.velocity(i) > 0 {
		// Disengage with the free walk, then shoot.
		return action{kind: actAway, target: e.nearestEnemy(i)}
	}
	if c.ranged && c.f.Melee != c.f.Ranged && (c.f.Ranged != nil && c.f.Ranged.Hands+handsOf(c.f) > 2) {
		if c.ap >= 1 {
			return action{kind: actSwitch}
		}
		return action{kind: actEnd}
	}
	c.ranged = false
	if e.gap(i, j) <= e.reach(i)+1e-9 {
		if k, v := best(0, melee); accept(k, v) {
			return attack(actAttack, k)
		}
		return action{kind: actEnd}
	}
	// Close in: an assault if the walk reaches, else walk.
	if !e.engagedAny(i) && e.gap(i, j) <= e.assaultReach(i) {
		// The walk is needed to engage at all, so only the attack's AP are weighed
		// against keeping them.
		w := e.walkCost(i)
		if k, v := best(w, melee); k >= 0 && accept(k, v+walkKeep(e, i, w)) {
			return attack(actAssault, k)
		}
	}
	// Walking in costs AP that would otherwise defend: beyond the free walk the
	// default only pays to chase a shooter; arriving next to a fresh opponent with
	// no AP left hands it a free round of attacks.
	if e.walkCost(i) <= c.ap && (e.walkCost(i) == 0 || !keep || preferRange(e, j, i)) {
		return action{kind: actToward, target: j}
	}
	return action{kind: actEnd}
}

// menace returns an enemy melee fighter that could reach shooter i in its next
// activation (a walk and its reach), -1 when none.
func (e *engine) menace(i int) int {
	for k := range e.c {
		if e.c[k].side == e.c[i].side || !e.c[k].inPlay() || preferRange(e, k, i) {
			continue
		}
		if e.gap(i, k) < e.velocity(k)+e.reach(k) {
			return k
		}
	}
	return -1
}

func brutalCharge(e *engine, i int) float64 { return e.info[e.c[i].kind].brutal }

// handsOf returns the hands taken by the melee weapon and the shield.
func handsOf(f *Fighter) int {
	h := 0
	if f.Melee != nil {
		h += f.Melee.Hands
	}
	if f.Offhand != nil {
		h += f.Offhand.Hands
	}
	if f.Shield != nil {
		h++
	}
	return h
}

type fixedAP struct{ ap int }

func (f fixedAP) Name() string                         { return fmt.Sprintf("always-%dap", f.ap) }
func (fixedAP) attackPolicy() Policy                   { return Policy{AttackReroll: 5} }
func (fixedAP) defencePolicy(p *Policy)                { p.DefenceMastery = true }
func (fixedAP) prefersRange(e *engine, i, j int) bool  { return preferRange(e, i, j) }
func (fixedAP) pick(e *engine, s int, _ *rand.PCG) int { return pickReady(e, s) }
func (f fixedAP) act(e *engine, i int, _ *rand.PCG) action {
	filter := func(o *fightOption) bool { return o.attack.AP == f.ap }
	j := e.keepTarget(i, filter, false)
	if j < 0 {
		return action{kind: actEnd}
	}
	return playWell(e, i, j, filter, false)
}

type reflexOnly struct{ defaultPolicy }

func (reflexOnly) Name() string { return "reflex-only" }
func (reflexOnly) defencePolicy(p *Policy) {
	p.DefenceMastery = true
	p.ReflexOnly = true
}

// nearestPolicy is the simple side policy of the skirmish issue: it activates its
// Safars in list order and each attacks the nearest enemy with all its AP (the
// best attacks by expected damage, as always-Nap does, keeping none back for
// defence); it defends with the best response.
type nearestPolicy struct{ defaultPolicy }

func (nearestPolicy) Name() string                           { return "nearest" }
func (nearestPolicy) pick(e *engine, s int, _ *rand.PCG) int { return pickFirst(e, s) }
func (nearestPolicy) act(e *engine, i int, _ *rand.PCG) action {
	j := e.nearestEnemy(i)
	if j < 0 {
		return action{kind: actEnd}
	}
	return playWell(e, i, j, nil, false)
}

type randomPolicy struct{}

func (randomPolicy) Name() string                          { return "random" }
func (randomPolicy) attackPolicy() Policy                  { return Policy{} }
func (randomPolicy) defencePolicy(p *Policy)               { p.RandomDefence = true }
func (randomPolicy) prefersRange(e *engine, i, j int) bool { return false }

// pick activates a Safar drawn at random among those waiting.
func (randomPolicy) pick(e *engine, s int, r *rand.PCG) int {
	n := 0
	for i := range e.c {
		if c := &e.c[i]; c.side == s && c.inPlay() && !c.acted {
			n++
		}
	}
	k := 0
	if n > 1 {
		k = int(r.Uint64() % uint64(n))
	}
	for i := range e.c {
		if c := &e.c[i]; c.side == s && c.inPlay() && !c.acted {
			if k == 0 {
				return i
			}
			k--
		}
	}
	return -1
}

// act picks uniformly among the legal actions of the moment against an enemy
// drawn at random, ending the activation being one of them.
func (randomPolicy) act(e *engine, i int, r *rand.PCG) action {
	c := &e.c[i]
	if c.ground {
		return action{kind: actStandUp}
	}
	n := 0
	for j := range e.c {
		if e.c[j].side != c.side && e.c[j].inPlay() {
			n++
		}
	}
	if n == 0 {
		return action{kind: actEnd}
	}
	k := 0
	if n > 1 {
		k = int(r.Uint64() % uint64(n))
	}
	j := -1
	for m := range e.c {
		if e.c[m].side != c.side && e.c[m].inPlay() {
			if k == 0 {
				j = m
				break
			}
			k--
		}
	}
	var acts [64]action
	n = 0
	acts[n] = action{kind: actEnd}
	n++
	if e.walkCost(i) <= c.ap {
		acts[n] = action{kind: actToward, target: j}
		n++
		acts[n] = action{kind: actAway, target: j}
		n++
	}
	opts := e.opts[c.kind][e.c[j].kind]
	for k := range opts {
		o := &opts[k]
		if n >= len(acts) || e.actionCost(i, o.attack.AP) > c.ap {
			continue
		}
		if o.shot {
			if _, ok := e.band(i, j, o.weapon); ok && !e.engagedAny(i) && c.ranged && c.ammo != 0 && c.loaded != 0 {
				acts[n] = action{kind: actAttack, opt: k, target: j}
				n++
			}
			continue
		}
		if e.gap(i, j) <= e.reachOf(i, o)+1e-9 && !c.ranged {
			acts[n] = action{kind: actAttack, opt: k, target: j}
			n++
		}
	}
	if c.f.Ranged != nil && c.ap >= 1 && n < len(acts) {
		acts[n] = action{kind: actSwitch}
		n++
	}
	return acts[int(r.Uint64()%uint64(n))]
}

// PolicyNames returns the names of the fight policies, sorted.
func PolicyNames() []string {
	var out []string
	for _, p := range FightPolicies {
		out = append(out, p.Name())
	}
	sort.Strings(out)
	return out
}
