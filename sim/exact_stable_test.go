package sim

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/internal/longtest"
	"github.com/kharn-ages/kharn/profiles"
)

// exactStableGolden holds one digest per attacker of the embedded data: every
// bit of every exact result of its attacks (all effect choices) against three
// defenders, under the default policy, a Reserve policy and a dazed defender.
const exactStableGolden = "testdata/exact-stable.golden"

// defaultFighters returns every Safar of the embedded data with its card's
// equipment, in the data's order (the attackers and defenders of the tests
// that sweep the exact engine).
func defaultFighters(t *testing.T) []*Fighter {
	t.Helper()
	ds := profiles.Default()
	var fighters []*Fighter
	for _, p := range ds.Profiles {
		lo, err := ds.Equip(p, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		fighters = append(fighters, NewFighter(p, lo.Items(ds)))
	}
	return fighters
}

// TestExactStable checks that the exact engine's results do not move by a single
// bit: a change of its data structures (maps, caches, the order of its sums) must
// leave every float of every Result as it was. The golden was written at commit
// c9d5f29, before the exact engine's speed work (issue #13); -update rewrites it,
// which only a deliberate change of the rules or of the engine's arithmetic
// justifies.
func TestExactStable(t *testing.T) {
	fighters := defaultFighters(t)
	reserve := [8]float64{0, 1.5, 2.5, 3, 3.2, 3.3, 3.3, 3.3}
	var lines []string
	for i, att := range fighters {
		h := sha256.New()
		n := 0
		for k := 1; k <= 3; k++ {
			def := fighters[(i*7+k*5)%len(fighters)]
			for variant := range 3 {
				ex := Exchange{Attacker: att, Defender: def, Policy: DefaultPolicy}
				switch variant {
				case 1:
					ex.Policy.Reserve = &reserve
				case 2:
					ex.DefenderDazed = true
				}
				for _, a := range ex.Attacks() {
					for _, e := range ex.effectChoices(a) {
						trial := ex
						trial.Attack = a
						trial.Attack.Effects = e
						res, err := trial.Exact()
						if err != nil {
							continue
						}
						writeResult(h, res)
						n++
					}
				}
			}
		}
		lines = append(lines, fmt.Sprintf("%s %d %x", att.Profile.ID, n, h.Sum(nil)[:12]))
	}
	got := strings.Join(lines, "\n") + "\n"
	if *updateRulesDoc {
		if err := os.WriteFile(exactStableGolden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(exactStableGolden)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("exact results moved (attacker, exchanges, digest):\ngot\n%swant\n%s", got, want)
	}
}

// writeResult writes the bits of every number of r to w.
func writeResult(w interface{ Write([]byte) (int, error) }, r *Result) {
	var buf []byte
	put := func(x float64) { buf = binary.LittleEndian.AppendUint64(buf, math.Float64bits(x)) }
	for _, x := range []float64{r.PSuccess, r.PCriticalSuccess, r.PAttackCritical, r.PAttackCF,
		r.PDefenceCF, r.ExpectedDamage, r.ExpectedCounter, r.PBleeding, r.ExpectedBleeding,
		r.PDazed, r.PStunned, r.PFeared, r.PRepelled, r.ExpectedRepel, r.PAttackerRepelled,
		r.PAttackerMove, r.PDefenderMove, r.ExpectedDefenceAP, r.ExpectedArmourBoxes,
		r.ExpectedShieldBoxes, r.Truncated,
		r.PAttackerBleeding, r.ExpectedAttackerBleeding, r.PAttackerDazed, r.PAttackerStunned} {
		put(x)
	}
	put(float64(len(r.DamagePMF)))
	for _, x := range r.DamagePMF {
		put(x)
	}
	put(float64(len(r.CounterPMF)))
	for _, x := range r.CounterPMF {
		put(x)
	}
	w.Write(buf)
}

// TestExactByAP checks that exactByAP, one plan for every AP the defender may
// hold (the fights' option tables), gives to the bit what Exact gives against a
// defender with that many AP, on the embedded data: each Safar's attacks (every
// effect choice) against one defender, under the default policy, a Reserve
// policy, a dazed defender or an attacker beyond the counter reach in turn
// (every third Safar unless the long tests run).
func TestExactByAP(t *testing.T) {
	fighters := defaultFighters(t)
	reserve := [8]float64{0, 1.5, 2.5, 3, 3.2, 3.3, 3.3, 3.3}
	n := 0
	step := longtest.N(3, 1) // every third attacker in the everyday run
	for i, att := range fighters {
		if i%step != 0 {
			continue
		}
		{
			def := fighters[(i*5+3)%len(fighters)]
			for variant := i / step % 4; variant == i/step%4; variant++ {
				ex := Exchange{Attacker: att, Defender: def, Policy: DefaultPolicy}
				switch variant {
				case 1:
					ex.Policy.Reserve = &reserve
				case 2:
					ex.DefenderDazed = true
				case 3:
					ex.BeyondCounterReach = true // no counter: sim/reach.go
				}
				for _, a := range ex.Attacks() {
					for _, e := range ex.effectChoices(a) {
						trial := ex
						trial.Attack = a
						trial.Attack.Effects = e
						byAP, err := trial.exactByAP()
						if err != nil {
							continue
						}
						for ap, got := range byAP {
							one := trial
							d := *def
							d.AP = ap
							one.Defender = &d
							want, err := one.Exact()
							if err != nil {
								t.Fatalf("%s vs %s, %s, %d AP: Exact: %v", att.Name(), def.Name(), trial.Attack, ap, err)
							}
							var g, w strings.Builder
							writeResult(&g, got)
							writeResult(&w, want)
							if g.String() != w.String() {
								t.Errorf("%s vs %s (variant %d), %s, defender with %d AP: exactByAP %v, Exact %v", att.Name(), def.Name(), variant, trial.Attack, ap, got, want)
							}
							n++
						}
					}
				}
			}
		}
	}
	t.Logf("%d exchanges compared", n)
	if n < 500/step {
		t.Fatalf("only %d exchanges compared", n)
	}
}
