package sim

// A stunned Safar exerts no zone of control: "He cannot do anything until his
// next activation. He doesn't apply his ZOC either" (seed 000 line 1368; seed
// 004 line 1312: "Il n'exerce plus non plus de ZDC"). Engagement is read from
// either Safar's zone between two Safars that both exert one (engine.engaged);
// with a stunned Safar only the other's zone counts, and only one way: the
// stunned Safar lying in an enemy's zone is engaged with it, the enemy is not
// engaged with the stunned Safar (as "the Greedy is engaged with Tarsak but not
// the other way around", seed 000 line 627). So an enemy next to a stunned
// Safar is free of it: it may shoot, assault, devour, hide and support an ally
// elsewhere, a frightening stunned Safar asks no fright retest and a
// terrifying one no temerity test on entering its zone, and a Duellist lying
// stunned forces no reroll. The stunned Safar's base still blocks walks, sight
// and repels (sim/field): only its zone is gone.

// exertsZone reports whether Safar j applies its zone of control: not while
// stunned (seed 000 line 1368).
func (e *engine) exertsZone(j int) bool { return !e.c[j].stunned }
