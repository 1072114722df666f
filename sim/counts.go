package sim

import "github.com/kharn-ages/kharn/profiles"

// statOf returns characteristic ch of Safar i as a test reads it in play: its
// card's, recounted by the card's StatCounts from the Safars of its side in
// play, itself included (catalogue.md 3.8 "Counts in play": "recompute when
// the stat is used (a temerity test), counting the models matching of that
// are on the table and not defeated, with the floor rule"; skills.md section
// 3, patterns C1 and C2). In card order: count, T = max(T, n); max, T =
// max(T, the highest printed T among them); per, T += amount x n.
func (e *engine) statOf(i int, ch profiles.Char) int {
	p := e.c[i].f.Profile
	v := p.Stats.Get(ch)
	for _, sc := range p.StatCounts {
		if sc.Stat != ch {
			continue
		}
		n, best := 0, 0
		for k := range e.c {
			o := &e.c[k]
			if o.side != e.c[i].side || !o.inPlay() || !sc.Of.Matches(o.f.Profile) {
				continue
			}
			n++
			best = max(best, o.f.Profile.Stats.Get(ch))
		}
		switch sc.Kind {
		case profiles.CountEquals:
			v = max(v, n)
		case profiles.CountMax:
			v = max(v, best)
		case profiles.CountPer:
			v += sc.Amount * n
		}
	}
	return v
}

// tChar is T, for the auras.
const tChar = profiles.T

// recounted returns what adds to Safar i's printed ch in a test: what statOf
// adds (0 for a card without StatCounts) and, for T, its allies' morale auras
// (auraTemerity, sim/auras.go).
func (e *engine) recounted(i int, ch profiles.Char) int {
	n := 0
	if len(e.c[i].f.Profile.StatCounts) > 0 {
		n = e.statOf(i, ch) - e.c[i].f.Profile.Stats.Get(ch)
	}
	if ch == profiles.T && e.moraleAuras {
		n += e.auraTemerity(i)
	}
	return n
}
