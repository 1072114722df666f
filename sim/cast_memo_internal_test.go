package sim

import (
	"math"
	"math/rand/v2"
	"testing"
)

// embeddedCasters are the five casters of the embedded data
// (profiles/data/casters.yaml).
var embeddedCasters = []string{"bone-seer-2", "goun-shaman-2", "blood-steel-adept-3", "kherops-flayer-2", "tembo-khemist-2"}

// TestCastMemo checks what the casters' decisions compute once (sim/cast_memo.go)
// against what they computed for each option and target: each option's way
// bit against wayBit of its spell's way, masterOnBit against masterOn for
// every Safar, and castValueWay with one wayMemo shared by a whole decision
// against castValue, bit for bit, over battlefields with moved and wounded
// Safars (the way bonus counts wounded allies and enemies in the caster's
// aura, the defeated and the level 1 allies).
func TestCastMemo(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	compared := 0
	for _, a := range embeddedCasters {
		for _, b := range embeddedCasters {
			e := posEngine(t, a, b)
			for k := range e.c {
				opts := e.magic.opts[e.c[k].kind]
				for oi := range opts {
					o := &opts[oi]
					if o.wayBit != wayBit(o.spell.Way) {
						t.Fatalf("%s option %d (%s): wayBit %b, want %b", a, oi, o.spell.ID, o.wayBit, wayBit(o.spell.Way))
					}
					for m := range e.c {
						sk := &e.c[m].f.Skills
						if sk.masterOnBit(o.wayBit) != sk.masterOn(o.spell.Way) {
							t.Fatalf("%s on %s: masterOnBit %v, masterOn %v", e.name(m), o.spell.ID, sk.masterOnBit(o.wayBit), sk.masterOn(o.spell.Way))
						}
					}
				}
			}
			for range 40 {
				for k := range e.c {
					c := &e.c[k]
					c.pos.X, c.pos.Y = r.Float64()*12, r.Float64()*12
					c.hp = r.IntN(c.f.Profile.HP + 1)
					c.ap = r.IntN(c.f.Profile.AP + 1)
				}
				for i := range e.c {
					if !e.c[i].inPlay() {
						continue
					}
					var way wayMemo
					for oi := range e.magic.opts[e.c[i].kind] {
						for j := range e.c {
							got, want := e.castValueWay(i, oi, j, &way), e.castValue(i, oi, j)
							if math.Float64bits(got) != math.Float64bits(want) {
								t.Fatalf("%s option %d on %s: castValueWay %v, castValue %v", e.name(i), oi, e.name(j), got, want)
							}
							if want > 0 {
								compared++
							}
						}
					}
					if way.ok && way.bonus != e.wayBonus(i) {
						t.Fatalf("%s: memoised way bonus %d, wayBonus %d", e.name(i), way.bonus, e.wayBonus(i))
					}
				}
			}
		}
	}
	if compared < 100 {
		t.Fatalf("only %d positive cast values compared: the states do not exercise the casts", compared)
	}
	t.Logf("%d positive cast values compared", compared)
}
