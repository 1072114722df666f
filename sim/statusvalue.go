package sim

import "math"

// The statuses an attack puts on its target, valued by the default policy at
// decision time (issues #11, #12: played by the engine, valued by no policy
// before).
//
// Dazed: "dazed Safar must spend 1 more AP to perform each action. This
// status ends automatically at the beginning of his next activation" (seed
// 000 lines 1378-1380, R17). Inflicted during the attacker's activation, it
// ends before the victim acts again: what it takes is the AP of the
// defences the victim makes until then, each costing 1 AP more (with no AP
// left it cannot even defend, R17). Valued as one AP less held to defend
// against the attacker: threat[j][i][k-1] - threat[j][i][k], the threat
// tables' expected net damage of the attacker's activation against k and k-1
// AP.
//
// Stunned: "falls to the ground unconscious. He cannot do anything until his
// next activation. He doesn't apply his ZOC either" (seed 000 lines
// 1368-1370, R17): no defence at all until then, and it stands up first
// (R17, "On the ground"). Valued as the whole defence of the k AP it holds
// against the attacker, threat[j][i][0] - threat[j][i][k], plus what its
// fall costs its side (fallLoss: the free walk it spends standing up).
//
// Fire (sim/fire.go): 1 HP at the start of each of its activations, once (a
// burning Safar is not set on fire again). Valued at fireTicks HP over the
// rounds left, as putOutChoice values putting it out, and only on a target
// not yet burning.
//
// Each status is valued once, on the first attack of a plan (planDPIn's
// root, the default policy's only: DamageOnly and the other policies value
// none), with the chance the option's exact table gives for it against the
// target's AP now (fightOption.stat), and only on a target that does not
// already suffer it: the option tables are per kind, the target's state is
// read here. Valuing fire on every attack of a plan, as bleeding is, made
// the policy lose (sim/fire.go, fireTicks).

// statP holds the chances, in units of 1/statScale, that an option's attack
// dazes, stuns and sets its target on fire, per range band and defender AP
// (uint16: the option stays within its 1 KB, TestFightOptionSize).
//
// attDaze and attStun are the chances that its counters daze and stun the
// attacker (sim/counterstatus.go).
type statP struct{ daze, stun, burn, attDaze, attStun uint16 }

// statScale is the fixed-point unit of statP.
const statScale = 65535

// statOf packs the chances of the result res of exchange ex: its fire is
// that of any success when its attack burns (Exchange.onSuccess, which the
// per-AP results of exactByAP do not apply).
func statOf(ex *Exchange, res *Result) statP {
	q := func(p float64) uint16 { return uint16(min(max(p, 0), 1)*statScale + 0.5) }
	burn := res.PBurning
	if ex.burns() {
		burn = res.PSuccess * (1 - saveChance(ex.Defender)) // a card's saving roll (sim/wards.go)
	}
	return statP{daze: q(res.PDazed), stun: q(res.PStunned), burn: q(burn),
		attDaze: q(res.PAttackerDazed), attStun: q(res.PAttackerStunned)}
}

// statusGains sets root[n].status, for every option n of Safar i against j
// that costOf allows within a AP, to what the statuses its attack may put on
// j are worth now, in HP (the value of each times its chance).
func (e *engine) statusGains(i, j, a int, opts []fightOption, costOf func(o *fightOption) (int, int, bool), root *[maxOptions]posGain) {
	c, o := &e.c[i], &e.c[j]
	if c.side == o.side {
		return // a berserk's ally: no gain in its statuses
	}
	k := min(max(o.ap, 0), 7)
	t := &e.threat[o.kind][c.kind]
	daze, stun := 0.0, 0.0
	if !o.dazed && k > 0 {
		daze = max(t[k-1]-t[k], 0)
	}
	// The stun's value is computed at the first option with a chance to stun
	// (fallLoss walks every enemy: 2% of a battle's CPU when computed for
	// every plan; issue #13, docs/benchmarks.md "Ninth round"); an option with
	// none multiplies it by 0 and adds +0 as before.
	stunDue := !o.stunned
	burn := 0.0
	if !o.fire.burning {
		burn = float64(max(min(fireTicks, e.rounds-e.round), 0))
	}
	// The counters' statuses on i itself (sim/counterstatus.go): weighed in
	// statusRoot, against what they take from the rest of its plan.
	attDaze, attStun := !c.dazed, true
	if daze == 0 && !stunDue && burn == 0 && !attDaze && !attStun {
		return
	}
	// Only the options with a status chance (sim/optbits.go): the others have
	// none in any band, status 0.
	for m := e.statMask(i, j, opts); m != 0; {
		var n int
		n, m = nextBit(m)
		opt := &opts[n]
		s := opt.stat[bandEffective][k]
		if s == (statP{}) {
			// Only an option with a status in some band is weighed: the rest
			// keep status 0.
			if opt.stat[bandShort][k] == (statP{}) && opt.stat[bandLong][k] == (statP{}) {
				continue
			}
		}
		cost, band, ok := costOf(opt)
		if !ok || cost > a {
			continue
		}
		s = opt.stat[band][k]
		if stunDue && s.stun != 0 {
			stun, stunDue = max(t[0]-t[k], 0)+max(fallLoss(e, j), 0), false
		}
		b := burn
		if b > 0 && opt.shot && opt.weapon == c.f.Ranged && (opt.weapon == nil || !opt.weapon.Effects.Fire) && c.fire.fireShots == 0 {
			b = 0 // its fire shots are spent: plain shots now (specialShot)
		}
		root[n].status = (float64(s.daze)*daze + float64(s.stun)*stun + float64(s.burn)*b) / statScale
		if attDaze {
			root[n].attDaze = float64(s.attDaze) / statScale
		}
		if attStun {
			root[n].attStun = float64(s.attStun) / statScale
		}
	}
}

// statusRoot returns the best value and first option of the plan in state
// (a, k) of d when the first attack also earns root[n].status and risks the
// statuses its counters may put on the attacker, given v and f, the value and
// first option without them. A stun ends the attacker's activation (R17, seed
// 000 line 1368: "cannot do anything until his next activation"): it loses
// the rest of its plan, attacks and the AP it would keep to defend; a daze
// makes each of its next actions cost 1 AP more: valued as the rest of its
// plan with one AP less. The positional options add their status in
// planDPIn's root loop.
func (d *dpMemo) statusRoot(st *dpStates, root *[maxOptions]posGain, a, k int, v float64, f int) (float64, int) {
	cands := d.big
	if cands == nil {
		cands = d.arr[:d.n]
	}
	has := false
	for _, c := range cands {
		if n := int(c.i); n < maxOptions && (root[n].status > 0 || root[n].attDaze > 0 || root[n].attStun > 0) {
			has = true
			break
		}
	}
	if !has {
		return v, f
	}
	nv, nf := math.Inf(-1), -1
	if d.keep {
		nv = d.keeps[a]
	}
	for _, c := range cands {
		n, cost := int(c.i), int(c.cost)
		if cost > a {
			continue
		}
		opt, band := &d.opts[n], int(c.band)
		next := k - int(opt.def[band][k]+0.5)
		rest := d.value(st, a-cost, next)
		w := opt.dmg[band][k] - opt.ctr[band][k] + rest
		if d.kill {
			w += d.bonus * float64(opt.kill.at(band, k, d.hp))
		}
		if n < maxOptions {
			g := &root[n]
			w += g.status
			if g.attStun > 0 {
				w -= g.attStun * max(rest, 0)
			}
			if g.attDaze > 0 && a-cost > 0 {
				w -= g.attDaze * max(rest-d.value(st, a-cost-1, next), 0)
			}
		}
		if w > nv+1e-9 {
			nv, nf = w, n
		}
	}
	if nf < 0 && !d.keep {
		return v, f
	}
	return nv, nf
}

// statAt returns o.stat[band][k], zero when o has no status.
func (o *fightOption) statAt(band, k int) statP {
	if o.stat == nil {
		return statP{}
	}
	return o.stat[band][k]
}
