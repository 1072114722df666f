package sim

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// undominatedRef is plan.undominated before it scanned runs of one (AP,
// shield): every pair of candidates.
func undominatedRef(pl *plan, cands []Defence, free bool) []Defence {
	a := pl.attackOf(free)
	if (free && pl.nFree == 0) || pl.ex.Policy.RandomDefence {
		return cands
	}
	var mods []int
	var ctrs [][2]float64
	for _, d := range cands {
		mods = append(mods, pl.ex.defenceModifier(a, d))
		ctrs = append(ctrs, pl.counterValue(d, a))
	}
	var out []Defence
	for i, d := range cands {
		dominated := false
		for j, e := range cands {
			if i == j || e.AP != d.AP || e.Shield != d.Shield || e.Discard != d.Discard || e.None || d.None {
				continue
			}
			ge := ctrs[j][0] >= ctrs[i][0] && ctrs[j][1] >= ctrs[i][1]
			gt := ctrs[j][0] > ctrs[i][0] || ctrs[j][1] > ctrs[i][1]
			if mods[j] >= mods[i] && ge && (j < i || mods[j] > mods[i] || gt) {
				dominated = true
				break
			}
		}
		if !dominated {
			out = append(out, d)
		}
	}
	return out
}

// TestUndominatedRuns checks plan.undominated against the scan of every pair
// it replaced, on the candidates of every attack of the embedded data's
// fighters (in Exchange.candidates' order, where it scans runs) and on the
// same lists shuffled (where it must read them all).
func TestUndominatedRuns(t *testing.T) {
	fighters := defaultFighters(t)
	r := rand.New(rand.NewPCG(1, 2))
	n, shuffled := 0, 0
	for i, att := range fighters {
		def := fighters[(i*7+5)%len(fighters)]
		ex := Exchange{Attacker: att, Defender: def, Policy: DefaultPolicy}
		for _, a := range ex.Attacks() {
			trial := ex
			trial.Attack = a
			if trial.Prepare() != nil {
				continue
			}
			pl := trial.newPlan()
			for _, free := range []bool{false, true} {
				if free && pl.nFree == 0 {
					continue
				}
				cands := trial.candidates(free)
				if !sameRun(cands) {
					t.Errorf("%s vs %s: candidates not listed by runs of (AP, shield)", att.Name(), def.Name())
				}
				if got, want := pl.undominated(cands, free), undominatedRef(pl, cands, free); !reflect.DeepEqual(got, want) {
					t.Errorf("%s vs %s, free %v: undominated %v, want %v", att.Name(), def.Name(), free, got, want)
				}
				n++
				mixed := append([]Defence(nil), cands...)
				r.Shuffle(len(mixed), func(i, j int) { mixed[i], mixed[j] = mixed[j], mixed[i] })
				if !sameRun(mixed) {
					shuffled++
				}
				if got, want := pl.undominated(mixed, free), undominatedRef(pl, mixed, free); !reflect.DeepEqual(got, want) {
					t.Errorf("%s vs %s, free %v, shuffled: undominated %v, want %v", att.Name(), def.Name(), free, got, want)
				}
			}
		}
	}
	if n == 0 || shuffled == 0 {
		t.Fatalf("%d lists, %d shuffled out of runs: the test checks nothing", n, shuffled)
	}
}
