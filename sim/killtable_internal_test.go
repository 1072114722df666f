package sim

import (
	"math"
	"testing"
	"unsafe"

	"github.com/kharn-ages/kharn/profiles"
)

// TestKillTableCompact checks that an option keeps only the kill rows a fight
// reads (issue #13, aim 7: a 150-profile report's option tables did not fit in
// 2 GiB): a melee option one band and the defender's AP up to its own, and
// that they hold what the exact engine gives: kill.at(b, k, h) is P(damage >=
// h) of the attack against a defender holding min(k, its AP) AP, 0 in a band
// the option does not have. Before, every option held a [3][8][32]float32
// array (3 KB of its 3.8 KB).
func TestKillTableCompact(t *testing.T) {
	if s := unsafe.Sizeof(fightOption{}); s > 1024 {
		t.Errorf("a fightOption takes %d bytes, want at most 1024 with its kill rows apart", s)
	}
	ds := profiles.Default()
	fighter := func(id string) *Fighter {
		p, err := ds.Profile(id)
		if err != nil {
			t.Fatal(err)
		}
		return NewFighter(p, profiles.Loadout{Profile: p}.Items(ds))
	}
	// A shooter against a melee Safar: shots (three bands) and melee options.
	for _, c := range [][2]string{{"paladin-3", "kherops-warrior-2"}, {"goun-hunter-1", "fang-prowler-1"}} {
		d := &Duel{A: fighter(c[0]), B: fighter(c[1])}
		pl, err := d.NewPlayer()
		if err != nil {
			t.Fatal(err)
		}
		e := pl.e
		df := e.kinds[1]
		shots := 0
		for _, o := range e.opts[0][1] {
			nb := 1
			if o.shot {
				nb, shots = 3, shots+1
			}
			if want := nb * (min(df.AP, 7) + 1) * killHP; len(o.kill.p) != want {
				t.Errorf("%s %s: %d kill probabilities, want %d", c[0], o.attack, len(o.kill.p), want)
			}
			if o.split != 0 || o.shot {
				continue // a split's rows mix two attacks; a shot's depend on the range
			}
			for k := range 8 {
				ex := e.exchange(0, 1, o.weapon, o.attack)
				if o.defWeapon != nil {
					ex.Defender = ex.Defender.WithWeapon(o.defWeapon)
				}
				def := *ex.Defender
				def.AP = min(k, df.AP)
				ex.Defender = &def
				res, err := ex.Exact()
				if err != nil {
					t.Fatal(err)
				}
				tail := 0.0
				for h := len(res.DamagePMF) - 1; h >= 0; h-- {
					tail += res.DamagePMF[h]
					if h < killHP && math.Abs(float64(o.kill.at(bandEffective, k, h))-tail) > 1e-6 {
						t.Fatalf("%s %s against %d AP: P(damage >= %d) = %v, exact %v", c[0], o.attack, k, h, o.kill.at(bandEffective, k, h), tail)
					}
				}
				if o.kill.at(bandShort, k, 1) != 0 || o.kill.at(bandLong, k, 1) != 0 {
					t.Errorf("%s %s: a melee option kills in the shooting bands", c[0], o.attack)
				}
			}
		}
		if c[0] == "goun-hunter-1" && shots == 0 {
			t.Errorf("%s: no shot among its options", c[0])
		}
	}
}
