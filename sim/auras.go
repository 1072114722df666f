package sim

// auraTemerity returns what the morale auras of Safar i's allies add to its T
// in a test (skills.md section 3, pattern C3): the best of them whose
// card's Safar is in play and holds i within its aura (I toises from the
// centre of its base, seed 000 l.585-593), +Temerity, or its own T for i's
// when that is higher (LendTemerity). Auras do not stack: the best one.
func (e *engine) auraTemerity(i int) int {
	c := &e.c[i]
	best := 0
	for k := range e.c {
		o := &e.c[k]
		if k == i || o.side != c.side || len(o.f.Profile.MoraleAuras) == 0 || !o.inPlay() ||
			!e.within(k, i, e.auraRadius(k)) {
			continue
		}
		for _, a := range o.f.Profile.MoraleAuras {
			if !a.To.Matches(c.f.Profile) {
				continue
			}
			best = max(best, a.Temerity)
			if a.LendTemerity {
				best = max(best, e.statOf(k, tChar)-e.statOf(i, tChar))
			}
		}
	}
	return best
}

// inLeaderAura reports whether Safar i stands in its leader's aura: another
// Safar of its side in play, within the leader's I toises of its centre
// (seed 000 line 402, line 591).
func (e *engine) inLeaderAura(i int) bool {
	l := e.leader[e.c[i].side]
	return l >= 0 && l != i && e.c[l].inPlay() && e.within(l, i, e.auraRadius(l))
}

// within reports whether Safar i stands within r toises of Safar k, measured
// as an aura is, from the centre of k's base to the centre of i's (seed 000
// l.585-593: "at I toises from the miniature ... from the centre of its
// base"; seed 004 l.510-512): the leader's aura, morale auras, aura grants
// (sim/auragrants.go).
func (e *engine) within(k, i int, r float64) bool {
	return e.c[k].pos.Dist(e.c[i].pos) <= r+1e-9
}

// passesTerror reports whether Safar i passes its temerity tests without a
// roll, standing in its leader's aura with a card that says so (skills.md
// section 3, pattern B: "passes terror (temerity) tests automatically").
func (e *engine) passesTerror(i int) bool {
	b := e.c[i].f.Profile.InLeaderAura
	return b != nil && b.PassTerror && e.inLeaderAura(i)
}

// leaderAuraVelocity returns the V Safar i gains in its leader's aura
// (pattern B: "+1 V"), 0 elsewhere.
func (e *engine) leaderAuraVelocity(i int) float64 {
	b := e.c[i].f.Profile.InLeaderAura
	if b == nil || b.Velocity == 0 || !e.inLeaderAura(i) {
		return 0
	}
	return float64(b.Velocity)
}

// auraRadius returns the radius of Safar i's aura in toises: its I (seed
// 000 l.585-593; the printed I, skills.md section 3 C2), widened by the
// widest of the wider_auras that name it, of a card of its side in play,
// its own included (skills.md section 3, pattern D: "+2 toises of aura
// radius for its people in the Spearhead"; identical auras do not stack).
// Every rule that reads an aura reads it.
func (e *engine) auraRadius(i int) float64 {
	c := &e.c[i]
	r := float64(c.f.Stats().I)
	if !e.widerAuras {
		return r
	}
	best := 0
	for k := range e.c {
		o := &e.c[k]
		if o.side != c.side || len(o.f.Profile.WiderAuras) == 0 || !o.inPlay() {
			continue
		}
		for _, w := range o.f.Profile.WiderAuras {
			if w.Toises > best && w.To.Matches(c.f.Profile) {
				best = w.Toises
			}
		}
	}
	return r + float64(best)
}
