package sim_test

import (
	"bytes"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/sim"
)

// TestPairedVariants is a diagnostic of the default's valuation of V and C
// moves (docs/policies.md, "Engaged shooters, moves round a base and the
// supports a move on hands the enemy"), run only with
// KHARN_PAIRED_VARIANTS=list[,list...]: each battle of the default (side A)
// against damage-only is played from the same dice with positionValue's
// variants (SetMoveVariant: KHARN_PAIRED_BASE the base, 0 unless set;
// KHARN_PAIRED_VARIANT_SET picks the others, each a sum of the moveVariant
// bits of sim/effectvalue.go, default 1,2); per list and variant, the battles
// side A wins only with the variant and only with the base, and their sign
// test (z). KHARN_PAIRED_N sets the battles (default 2000), KHARN_PAIRED_SEED
// the seed, KHARN_PAIRED_DUMP=dir writes both traces of every battle whose
// winner differs (dumpPair). Taken from d3e1504 (branch r10g), whose variants
// are now the rule; the plan variants of "The plan's credit of a defeat" were
// measured with the same test at af980f4.
func TestPairedVariants(t *testing.T) {
	env := os.Getenv("KHARN_PAIRED_VARIANTS")
	if env == "" {
		t.Skip("diagnostic: KHARN_PAIRED_VARIANTS=list runs it")
	}
	n, seed := 2000, uint64(1)
	if s := os.Getenv("KHARN_PAIRED_N"); s != "" {
		n, _ = strconv.Atoi(s)
	}
	if s := os.Getenv("KHARN_PAIRED_SEED"); s != "" {
		seed, _ = strconv.ParseUint(s, 10, 64)
	}
	defer sim.SetMoveVariant(0)
	base := 0 // KHARN_PAIRED_BASE: the variant the others are paired against
	if s := os.Getenv("KHARN_PAIRED_BASE"); s != "" {
		base, _ = strconv.Atoi(s)
	}
	variants := []int{base, 1, 2}
	if s := os.Getenv("KHARN_PAIRED_VARIANT_SET"); s != "" {
		variants = []int{base}
		for _, f := range strings.Split(s, ",") {
			v, err := strconv.Atoi(f)
			if err != nil || v < 1 || v > 1023 {
				t.Fatalf("KHARN_PAIRED_VARIANT_SET: %q is not a variant 1 to 1023", f)
			}
			variants = append(variants, v)
		}
	}
	tot := make([][2]int, len(variants))
	for _, l := range strings.Split(env, ",") {
		players := make([]*sim.SkirmishPlayer, len(variants))
		for v := range variants {
			players[v] = skirmishCase{name: l + "-variant-" + strconv.Itoa(v), a: l, b: l, scenario: "open ground",
				policies: [2]sim.FightPolicy{sim.DefaultFightPolicy, sim.DamageOnly}}.player(t)
		}
		dump := os.Getenv("KHARN_PAIRED_DUMP") != ""
		bufs := make([]bytes.Buffer, len(variants))
		if dump {
			for v := range variants {
				players[v].SetTrace(&bufs[v])
			}
		}
		gain := make([]int, len(variants))
		loss := make([]int, len(variants))
		for k := range n {
			won := make([]bool, len(variants))
			for v := range variants {
				sim.SetMoveVariant(variants[v])
				bufs[v].Reset()
				won[v] = players[v].Play(rand.NewPCG(seed, uint64(k))).Winner == sim.SideA
			}
			for v := 1; v < len(variants); v++ {
				if won[v] && !won[0] {
					gain[v]++
				}
				if !won[v] && won[0] {
					loss[v]++
				}
				if dump && won[v] != won[0] {
					what := "gain"
					if won[0] {
						what = "loss"
					}
					d, _ := firstDivergence(bufs[v].Bytes(), bufs[0].Bytes())
					dumpPair(t, l+"-v"+strconv.Itoa(variants[v]), k, what, d, bufs[v].Bytes(), bufs[0].Bytes())
				}
			}
		}
		for v := 1; v < len(variants); v++ {
			z := float64(gain[v]-loss[v]) / math.Sqrt(float64(max(gain[v]+loss[v], 1)))
			t.Logf("| %s | variant %d | %d / %d | %.2f |", l, variants[v], gain[v], loss[v], z)
			tot[v][0] += gain[v]
			tot[v][1] += loss[v]
		}
	}

	for v := 1; v < len(variants); v++ {
		z := float64(tot[v][0]-tot[v][1]) / math.Sqrt(float64(max(tot[v][0]+tot[v][1], 1)))
		t.Logf("| all | variant %d | %d / %d | %.2f |", variants[v], tot[v][0], tot[v][1], z)
	}
}
