package sim

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strings"
)

// FightPolicy decides for one side of a fight: what to do with its AP during its
// activation, and how it defends. The default policy decides with expected values
// from the exact engine; the simple ones are there to compare with.
type FightPolicy interface {
	// Name is the policy's name for --policy-a and reports.
	Name() string
	act(p *DuelPlayer, s int, r *rand.PCG) action
	attackPolicy() Policy
	defencePolicy(p *Policy)
	prefersRange(p *DuelPlayer, s int) bool
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
)

// FightPolicies lists every policy, the default first.
var FightPolicies = []FightPolicy{DefaultFightPolicy, Always1AP, Always2AP, Always3AP, RandomPolicy, ReflexOnly}

// FightPolicyByName returns the policy called name.
func FightPolicyByName(name string) (FightPolicy, error) {
	var names []string
	for _, p := range FightPolicies {
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

// prefersRange reports whether side s would rather shoot: it has a shooting weapon
// whose best shot deals more per AP than its best melee attack.
func (defaultPolicy) prefersRange(p *DuelPlayer, s int) bool { return preferRange(p, s) }

func preferRange(p *DuelPlayer, s int) bool {
	if p.f[s].Ranged == nil {
		return false
	}
	bestShot, bestMelee := 0.0, 0.0
	k := min(p.f[1-s].Profile.AP, 7)
	for _, o := range p.opts[s] {
		v := (o.dmg[bandEffective][k] - o.ctr[bandEffective][k]) / float64(o.attack.AP)
		if o.shot {
			bestShot = max(bestShot, v)
		} else {
			bestMelee = max(bestMelee, v)
		}
	}
	return bestShot > bestMelee
}

// keepValue is the expected net damage side s avoids in the opponent's next
// activation by holding ap AP to defend instead of none.
//
// Against an opponent that made no attack in its last activation, keeping AP is
// worth nothing: two Safars waiting for each other would never fight.
func keepValue(p *DuelPlayer, s, ap int) float64 {
	if o := &p.c[1-s]; o.activated && o.idle {
		return 0
	}
	ap = min(max(ap, 0), 7)
	return p.threat[s][0] - p.threat[s][ap]
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
	var value func(a, k int) float64
	value = func(a, k int) float64 {
		a, k = min(a, 7), min(max(k, 0), 7)
		if done[a][k] {
			return memo[a][k]
		}
		v, f := math.Inf(-1), -1
		if keep != nil {
			v = keep(a)
		}
		for i := range opts {
			opt := &opts[i]
			cost, band, ok := costOf(opt)
			if !ok || cost > a {
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

// bestAttack plans the rest of side s's activation: the sequence of attacks
// allowed by filter that maximises the expected damage dealt minus the counter
// damage taken, plus (when keep) the defence value of the AP left at the end
// (keepValue), the opponent's AP dropping after each attack by what it is expected
// to spend defending. extra AP are spent first (an assault's walk). It returns the
// first attack of the best plan and the plan's value minus the value of attacking
// no more; -1 when no attack is worth it or affordable.
func bestAttack(p *DuelPlayer, s int, extra int, filter func(o *fightOption) bool, keep bool) (int, float64) {
	c, o := &p.c[s], &p.c[1-s]
	a := c.ap - extra
	if a < 0 {
		return -1, 0
	}
	costOf := func(opt *fightOption) (int, int, bool) {
		if filter != nil && !filter(opt) || opt.attack.Kind.Special() && c.specialUse {
			return 0, 0, false
		}
		band := bandEffective
		if opt.shot {
			b, ok := p.band(s, opt.weapon)
			if !ok || c.ammo == 0 {
				return 0, 0, false
			}
			band = b
		}
		return p.actionCost(s, opt.attack.AP), band, true
	}
	var kf func(int) float64
	base := 0.0
	if keep {
		kf = func(a int) float64 { return keepValue(p, s, a) }
		base = keepValue(p, s, c.ap)
	}
	v, first := planDP(p.opts[s], a, o.ap, costOf, kf, o.hp, killWeight*p.threat[s][0])
	return first, v - base
}

func (pol defaultPolicy) act(p *DuelPlayer, s int, r *rand.PCG) action {
	return playWell(p, s, nil, true)
}

// playWell is the default way to play an activation; filter restricts the attack
// options and keep says whether AP may be kept back for defence.
func playWell(p *DuelPlayer, s int, filter func(o *fightOption) bool, keep bool) action {
	c := &p.c[s]
	if c.ground {
		if c.walks == 0 || c.ap >= 1 {
			return action{kind: actStandUp}
		}
		return action{kind: actEnd}
	}
	ranged := preferRange(p, s)
	shots := func(o *fightOption) bool { return o.shot && (filter == nil || filter(o)) }
	melee := func(o *fightOption) bool { return !o.shot && (filter == nil || filter(o)) }
	accept := func(i int, v float64) bool { return i >= 0 && (v > 0 || !keep) }
	best := func(extra int, f func(o *fightOption) bool) (int, float64) { return bestAttack(p, s, extra, f, keep) }
	if ranged && !p.engaged() {
		if !c.ranged {
			return action{kind: actSwitch}
		}
		w := p.f[s].Ranged
		if c.loaded == 0 {
			return action{kind: actReload}
		}
		// Keep the distance: with the free walk, step back from a melee fighter that
		// could reach us next activation.
		if c.walks == 0 && p.gap() < p.velocity(1-s)+p.reach(1-s) && !preferRange(p, 1-s) {
			return action{kind: actAway}
		}
		if _, ok := p.band(s, w); !ok {
			if p.walkCost(s) <= c.ap {
				return action{kind: actToward}
			}
			return action{kind: actEnd}
		}
		if i, v := best(0, shots); accept(i, v) {
			return action{kind: actAttack, opt: i}
		}
		return action{kind: actEnd}
	}
	if ranged && p.engaged() && c.walks == 0 && p.velocity(s) > 0 {
		// Disengage with the free walk, then shoot.
		return action{kind: actAway}
	}
	if c.ranged && p.f[s].Melee != p.f[s].Ranged && (p.f[s].Ranged != nil && p.f[s].Ranged.Hands+handsOf(p.f[s]) > 2) {
		if c.ap >= 1 {
			return action{kind: actSwitch}
		}
		return action{kind: actEnd}
	}
	c.ranged = false
	if p.gap() <= p.reach(s)+1e-9 {
		if i, v := best(0, melee); accept(i, v) {
			return action{kind: actAttack, opt: i}
		}
		return action{kind: actEnd}
	}
	// Close in: an assault if the walk reaches, else walk.
	if !p.engaged() && p.gap() <= p.velocity(s)+brutalCharge(p, s)+p.reach(s) {
		// The walk is needed to engage at all, so only the attack's AP are weighed
		// against keeping them.
		w := p.walkCost(s)
		if i, v := best(w, melee); i >= 0 && accept(i, v+keepValue(p, s, c.ap)-keepValue(p, s, c.ap-w)) {
			return action{kind: actAssault, opt: i}
		}
	}
	// Walking in costs AP that would otherwise defend: beyond the free walk the
	// default only pays to chase a shooter; arriving next to a fresh opponent with
	// no AP left hands it a free round of attacks.
	if p.walkCost(s) <= c.ap && (p.walkCost(s) == 0 || !keep || preferRange(p, 1-s)) {
		return action{kind: actToward}
	}
	return action{kind: actEnd}
}

func brutalCharge(p *DuelPlayer, s int) float64 {
	if sk, ok := p.f[s].Profile.Skill("brutal charge"); ok {
		return float64(sk.Value)
	}
	return 0
}

// handsOf returns the hands taken by the melee weapon and the shield.
func handsOf(f *Fighter) int {
	h := 0
	if f.Melee != nil {
		h += f.Melee.Hands
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
func (fixedAP) prefersRange(p *DuelPlayer, s int) bool { return preferRange(p, s) }
func (f fixedAP) act(p *DuelPlayer, s int, _ *rand.PCG) action {
	return playWell(p, s, func(o *fightOption) bool { return o.attack.AP == f.ap }, false)
}

type reflexOnly struct{ defaultPolicy }

func (reflexOnly) Name() string { return "reflex-only" }
func (reflexOnly) defencePolicy(p *Policy) {
	p.DefenceMastery = true
	p.ReflexOnly = true
}

type randomPolicy struct{}

func (randomPolicy) Name() string                           { return "random" }
func (randomPolicy) attackPolicy() Policy                   { return Policy{} }
func (randomPolicy) defencePolicy(p *Policy)                { p.RandomDefence = true }
func (randomPolicy) prefersRange(p *DuelPlayer, s int) bool { return false }

// act picks uniformly among the legal actions of the moment, ending the activation
// being one of them.
func (randomPolicy) act(p *DuelPlayer, s int, r *rand.PCG) action {
	c := &p.c[s]
	if c.ground {
		return action{kind: actStandUp}
	}
	var acts [64]action
	n := 0
	acts[n] = action{kind: actEnd}
	n++
	if p.walkCost(s) <= c.ap {
		acts[n] = action{kind: actToward}
		n++
		acts[n] = action{kind: actAway}
		n++
	}
	for i := range p.opts[s] {
		o := &p.opts[s][i]
		if n >= len(acts) || p.actionCost(s, o.attack.AP) > c.ap {
			continue
		}
		if o.shot {
			if _, ok := p.band(s, o.weapon); ok && !p.engaged() && c.ranged && c.ammo != 0 && c.loaded != 0 {
				acts[n] = action{kind: actAttack, opt: i}
				n++
			}
			continue
		}
		if p.gap() <= p.reachOf(s, o)+1e-9 && !c.ranged {
			acts[n] = action{kind: actAttack, opt: i}
			n++
		}
	}
	if p.f[s].Ranged != nil && c.ap >= 1 && n < len(acts) {
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
