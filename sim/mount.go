package sim

// A mounted Safar is one profile, its rider's with its mount's bonuses and
// skills (profiles.DataSet.Mounted; catalogue.md 4.11). What its mount does
// for its rider alone is played here.

// riderSacrifice plays a mount's Sacrifice X towards its rider (skills.md
// #51, catalogue.md 4.11; seed 000 line 1650: "once per turn, lose X HP for an
// ally to gain immediately 1 AP. The Sacrifice must happen at the beginning
// of the ally activation") at the start of the activation of the mounted
// Safar i, after its AP came back: rider and mount are one Safar with one
// pool of HP, so it loses X HP for good (its scar, which nothing heals) and
// gains 1 AP. Policy: as for Sacrifice (engine.sacrifice), when the AP is
// worth more to its attacks on the enemy it can attack now than the X HP,
// never falling for it; once per turn.
func (e *engine) riderSacrifice(i int) {
	c := &e.c[i]
	x := e.info[c.kind].riderSacrifice
	if x == 0 || c.morale.riderUsed || c.hp <= x || c.ap >= 7 {
		return
	}
	if e.apGain(i) <= float64(x)+1e-9 {
		return
	}
	c.morale.riderUsed = true
	c.morale.scar += x
	e.take(i, -1, x)
	c.ap++
	if e.trace != nil {
		e.tracef("    %s's mount sacrifices %d HP (%d left): %d AP\n", e.name(i), x, c.hp, c.ap)
	}
}
