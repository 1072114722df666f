package sim

import (
	"math"
	"testing"

	"github.com/kharn-ages/kharn/sim/field"
)

// TestCollisionKillCredit checks R10a's valuation of a repel whose collision
// finishes the target: the collision costs 1D5 HP to the repelled Safar (seed
// 000 line 637, "Collision"; engine.push), so a target left with h HP by the
// attack is defeated when the die shows h or more. A kherops-warrior-1 (A1)
// repels a paladin-2 (B1) standing with its back to the table's edge: the C
// option's move ends in a collision (posGain.coll), and the plan's credit of a
// defeat (killWeight x the target's threat, the kill bonus of planDP) reads
// the chance that the attack and the 1D5 together take B1's HP
// (collisionKill), not the attack's alone. Before, the collision was 3 HP of
// expected damage and never a defeat: docs/policies.md, "Where the default
// still plays alike" (seed 9, a tembo-guardian-2's repel into the table's
// edge whose 1D5 finishes a target the P option leaves at 1 HP).
func TestCollisionKillCredit(t *testing.T) {
	e := posEngine(t, "kherops-warrior-1", "paladin-2")
	k := cOption(t, e, 0, 2, 2)
	opts := e.opts[e.c[0].kind][e.c[2].kind]
	ra, rb := e.c[0].radius, e.c[2].radius
	e.c[2].pos = field.Vec{X: 7.5, Y: e.field.Height - rb - 0.05} // B1, its back to the edge
	e.c[0].pos = field.Vec{X: 7.5, Y: e.c[2].pos.Y - ra - rb}     // A1 in contact
	e.c[1].pos = field.Vec{X: 1, Y: 1}
	e.c[3].pos = field.Vec{X: 14, Y: 1}
	e.c[0].ap = 3
	g := positionValue(e, 0, 2, &opts[k], true)
	if !g.coll {
		t.Fatalf("%s repels B1 into the table's edge: want a collision (coll), got %+v", opts[k].attack, g)
	}
	costOf := func(o *fightOption) (int, int, bool) { return o.ap(), bandEffective, true }
	bonus := killWeight * e.threat[e.c[0].kind][e.c[2].kind][0] // B1's threat to A1, as bestAttack
	// Its 2:CC:C takes 4 HP or more from A1's target with chance 0.49 and 5
	// or more with 0.22 (its armour), the repel happening with 0.83 (the
	// tables): at 5 HP or less the collision's die may finish what the attack
	// leaves. Above 5 HP no credit (collisionKillHP): given at any HP, it lost
	// tembos-300 battles (docs/policies.md).
	for hp := 1; hp <= 8; hp++ {
		var root [maxOptions]posGain
		root[k] = g
		root[k].value = 20 // the C option is the plan's first attack either way
		with, f1 := planDPAt(opts, 2, 0, costOf, nil, hp, bonus, &root)
		root[k].coll = false
		without, f0 := planDPAt(opts, 2, 0, costOf, nil, hp, bonus, &root)
		if f1 != k || f0 != k {
			t.Fatalf("B1 at %d HP: first attacks %d and %d, want the C option %d", hp, f1, f0, k)
		}
		p := float64(opts[k].move[bandEffective][0])
		alone := float64(opts[k].kill.at(bandEffective, 0, hp))
		ck := collisionKill(&opts[k], bandEffective, 0, hp, p)
		if hp > collisionKillHP {
			if with != without {
				t.Errorf("B1 at %d HP: the plan's value %.4f with the collision, %.4f without: want no credit above %d HP", hp, with, without, collisionKillHP)
			}
			continue
		}
		if hp >= 2 && ck <= alone+1e-6 {
			t.Errorf("B1 at %d HP: the attack and the 1D5 take its HP with chance %.4f, the attack alone %.4f: want more", hp, ck, alone)
		}
		if d, want := with-without, bonus*(ck-alone); math.Abs(d-want) > 1e-6 {
			t.Errorf("B1 at %d HP: the plan's value with the collision's defeat %.4f, without %.4f: %+.4f, want bonus %.2f x (%.4f - %.4f) = %+.4f",
				hp, with, without, d, bonus, ck, alone, want)
		}
	}
}
