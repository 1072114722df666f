package sim

import (
	"reflect"
	"sync"
	"testing"
)

// TestNewPlanAllocs checks what a new plan and its lazily filled caches
// allocate (issue #13, aim 3: a warm battle allocates only where its plans
// meet something new). defenceCombos is combos in its order. Listing the
// undominated defences (before: 4 allocations, two slices of scratch and the
// result grown), filling a decision row, its candidates' figures, the
// candidates' tails caches and a hit distribution again (before: 2, 1, one per
// candidate and 1 per fill) allocate nothing on average: scratch on the stack,
// what is kept from the chunks of planalloc.go.
func TestNewPlanAllocs(t *testing.T) {
	if allocsRaceEnabled {
		t.Skip("the race detector allocates")
	}
	for ap := 1; ap <= 3; ap++ {
		want := combos([]Char{V, P, A, C}, ap)
		if got := defenceCombos[ap]; len(got) != len(want) {
			t.Fatalf("defenceCombos[%d] has %d sets, combos %d", ap, len(got), len(want))
		}
		for i := range want {
			if defenceCombos[ap][i] != want[i] {
				t.Errorf("defenceCombos[%d][%d] = %v, combos gives %v", ap, i, defenceCombos[ap][i], want[i])
			}
		}
	}
	ex := &Exchange{Attacker: fighterOf(t, "paladin-3"), Defender: fighterOf(t, "kherops-warrior-2"),
		Attack: Attack{AP: 2, Chars: CharsOf(P, A)}}
	if err := ex.Prepare(); err != nil {
		t.Fatal(err)
	}
	pl := ex.newPlan()
	boxes := 0
	if ex.Defender.Armour != nil {
		boxes = ex.Defender.ArmourBoxes
	}
	for _, ch := range []bool{false, true} {
		k := hitKey{s: pl.mainDmg, ch: ch, boxes: boxes}
		if n := testing.AllocsPerRun(200, func() { pl.computeHitDist(k) }); n != 0 {
			t.Errorf("computeHitDist(ch %v): %v allocations per call, want 0", ch, n)
		}
	}
	cands := ex.candidates(false)
	if len(cands) < 4 {
		t.Fatalf("%d candidates: not a test of undominated", len(cands))
	}
	if n := testing.AllocsPerRun(200, func() { pl.undominated(cands, false) }); n != 0 {
		t.Errorf("undominated over %d candidates: %v allocations per list, want 0", len(cands), n)
	}
	s := pl.initial()
	row := pl.row(s, false)
	if row == nil || len(pl.candidates[0]) == 0 {
		t.Fatal("no decision row or no candidate: not a test of the caches")
	}
	pl.rowCands(row, s, false)
	k := pl.decisionKeyOf(s, false)
	held, _ := pl.few.get(k) // a plan's first rows (planchunks.go)
	if pl.decisions != nil {
		held = pl.decisions[k]
	}
	if held != row {
		t.Fatalf("decision key %+v does not find the row", k)
	}
	fills := []struct {
		name string
		f    func()
	}{
		{"decision row", func() { pl.decisions, pl.few = nil, fewRows{}; pl.row(s, false) }},
		{"candidates' figures", func() { row.cands = nil; pl.rowCands(row, s, false) }},
		{"tails caches", func() {
			pl.tailCache[0] = nil
			for i := range pl.candidates[0] {
				pl.candTail(false, i).at(2, 0)
			}
		}},
	}
	for _, fl := range fills {
		if n := testing.AllocsPerRun(200, fl.f); n != 0 {
			t.Errorf("filling the %s again: %v allocations per fill, want 0", fl.name, n)
		}
	}
}

// TestSlab checks the pieces a slab hands out: zero, of capacity n (an append
// copies instead of writing into the next piece), never overlapping, and
// from a number of chunks that grows with the log of what was taken, up to
// chunks of slabMax.
func TestSlab(t *testing.T) {
	var s slab[int]
	var pieces [][]int
	for i := range 3000 {
		n := 1 + i%7
		if i%500 == 0 {
			n = slabMax/4 + 1 // a large piece is its own allocation
		}
		p := s.take(n)
		if len(p) != n || cap(p) != n {
			t.Fatalf("take(%d): len %d cap %d", n, len(p), cap(p))
		}
		for j := range p {
			if p[j] != 0 {
				t.Fatalf("take(%d)[%d] = %d, want 0", n, j, p[j])
			}
			p[j] = i + 1
		}
		pieces = append(pieces, p)
	}
	for i, p := range pieces {
		for j := range p {
			if p[j] != i+1 {
				t.Fatalf("piece %d overwritten: [%d] = %d", i, j, p[j])
			}
		}
	}
	if allocsRaceEnabled {
		return
	}
	var s2 slab[int]
	// 100 000 ints in pieces of 4: chunks of 16, 32, ..., 1024, then ~97 of 1024.
	if n := testing.AllocsPerRun(1, func() {
		for range 25000 {
			s2.take(4)
		}
	}); n > 110 {
		t.Errorf("%v chunks for 25 000 pieces of 4, want at most 110", n)
	}
}

// TestPlansConcurrent computes the same exact exchanges on four goroutines at
// once, each making its plans from the shared planSlabPool, and checks that
// every one gets the results of a serial computation, to the bit (with -race:
// no chunk is handed out to two goroutines).
func TestPlansConcurrent(t *testing.T) {
	att, def := fighterOf(t, "paladin-3"), fighterOf(t, "kherops-warrior-2")
	var attacks []Attack
	for ap := 1; ap <= 3; ap++ {
		for _, cs := range defenceCombos[ap] {
			attacks = append(attacks, Attack{AP: ap, Chars: cs})
		}
	}
	exact := func(a Attack) Result {
		ex := &Exchange{Attacker: att, Defender: def, Attack: a}
		res, err := ex.Exact()
		if err != nil {
			return Result{}
		}
		return *res
	}
	want := make([]Result, len(attacks))
	legal := 0
	for i, a := range attacks {
		want[i] = exact(a)
		if want[i].PSuccess > 0 {
			legal++
		}
	}
	if legal < 10 {
		t.Fatalf("%d of %d attacks computed: not a test", legal, len(attacks))
	}
	const workers = 4
	got := make([][]Result, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for _, a := range attacks {
				got[w] = append(got[w], exact(a))
			}
		})
	}
	wg.Wait()
	for w := range workers {
		for i := range attacks {
			if !reflect.DeepEqual(got[w][i], want[i]) {
				t.Fatalf("goroutine %d, attack %v: %+v, serially %+v", w, attacks[i], got[w][i], want[i])
			}
		}
	}
}
