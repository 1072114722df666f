package sim

import (
	"sync"

	"github.com/kharn-ages/kharn/profiles"
)

// What a new plan itself allocates (issue #13, ninth round: a warm 300 Kr
// battle allocated again, 1 a battle, once the critical thresholds of a bold
// last Safar entered the plan key and new plans kept coming long after the
// warm-up). A plan made during a battle allocated about 24 objects: its
// Exchange, the two fighters' copies, the exchange policy and the defender's
// reserve, the damage specs of its attack and of each counter with their
// distributions, the plan itself and its decision map. The distributions are
// read only, so the plans share them (pointDist, sharedDiceDist); the exchange
// policy is computed once per engine (exPolicies, tables_own.go); a plan's
// first decision rows are held in the plan (fewRows); the rest come from
// chunks as the plans' caches do (planalloc.go): one allocation for a chunk of
// pieces. Every allocation of 20 000 battles after BenchmarkSkirmish/300Kr's
// warm-up: 24 504 before, 3 927 after, for 998 new plans. None of it changes
// a value.

// planChunks holds a chunk of each of the larger values a new plan makes; it
// lives in planSlabs, so that each goroutine hands out pieces of its own.
// Chunks are about 16-32 KB (pieces of a few hundred bytes), so that a
// long-held plan pins little.
type planChunks struct {
	fighters  chunk[Fighter]
	profiles  chunk[profiles.Profile]
	exchanges chunk[Exchange]
	plans     chunk[plan]
	specs     chunk[damageSpec]
	reserves  chunk[[8]float64]
}

// chunk hands out single zero values of T from chunks of n.
type chunk[T any] struct{ buf []T }

// one returns a pointer to a zero T from a chunk of n.
func (c *chunk[T]) one(n int) *T {
	if len(c.buf) == 0 {
		c.buf = make([]T, n)
	}
	p := &c.buf[0]
	c.buf = c.buf[1:]
	return p
}

// chunkFighter returns a copy of f holding w, as f.WithWeapon does, in a chunk.
func chunkFighter(f *Fighter, w *profiles.Equipment) *Fighter {
	sl := getSlabs()
	g := sl.fighters.one(64) // 320 B each
	putSlabs(sl)
	*g = *f
	g.Weapon = w
	return g
}

// chunkCopies returns copies of f and of its profile, the copy of f pointing
// to the copy of the profile, in chunks (statMod.apply).
func chunkCopies(f *Fighter) (*Fighter, *profiles.Profile) {
	sl := getSlabs()
	g, p := sl.fighters.one(64), sl.profiles.one(32) // 456 B a profile
	putSlabs(sl)
	*g, *p = *f, *f.Profile
	g.Profile = p
	return g, p
}

// chunkExchange returns a pointer to a copy of ex in a chunk.
func chunkExchange(ex Exchange) *Exchange {
	sl := getSlabs()
	p := sl.exchanges.one(64) // 264 B each
	putSlabs(sl)
	*p = ex
	return p
}

// newPlanValue returns a zero plan in a chunk, for a plan a battle keeps
// (engine.plan): the plans of the exact engine's tables mostly live briefly,
// and one kept would pin a chunk of them (7% more live heap after three
// set-ups and their battles).
func newPlanValue() *plan {
	sl := getSlabs()
	p := sl.plans.one(16) // 1 072 B each
	putSlabs(sl)
	return p
}

// newDamageSpec returns a zero damageSpec in a chunk.
func newDamageSpec() *damageSpec {
	sl := getSlabs()
	p := sl.specs.one(128) // 160 B each
	putSlabs(sl)
	return p
}

// newReserve returns a zero reserve table (Policy.Reserve) in a chunk.
func newReserve() *[8]float64 {
	sl := getSlabs()
	p := sl.reserves.one(256)
	putSlabs(sl)
	return p
}

// maxPointDist bounds the point distributions kept in pointDists: a
// characteristic's damage, at most a few tens.
const maxPointDist = 63

// pointDists[v] is the distribution of the value v: 1 at v.
var pointDists = func() (t [maxPointDist + 1][]float64) {
	for v := range t {
		t[v] = make([]float64, v+1)
		t[v][v] = 1
	}
	return t
}()

// pointDist returns the distribution of the value v >= 0, 1 at v, shared:
// read only (its capacity is its length, so an append copies).
func pointDist(v int) []float64 {
	if v <= maxPointDist {
		return pointDists[v][: v+1 : v+1]
	}
	d := make([]float64, v+1)
	d[v] = 1
	return d
}

// diceDists keeps diceDist's results by their arguments, for sharedDiceDist.
var diceDists struct {
	sync.Mutex
	m map[[3]int][]float64
}

// sharedDiceDist returns diceDist(n, sides, plus), computed once per
// arguments and shared: read only (its capacity is its length, so an append
// copies). Safe for concurrent use.
func sharedDiceDist(n, sides, plus int) []float64 {
	k := [3]int{n, sides, plus}
	diceDists.Lock()
	d, ok := diceDists.m[k]
	if !ok {
		if diceDists.m == nil {
			diceDists.m = map[[3]int][]float64{}
		}
		d = diceDist(n, sides, plus)
		diceDists.m[k] = d
	}
	diceDists.Unlock()
	return d[:len(d):len(d)]
}

// fewRowsN is the number of decision rows a plan keeps before it makes its
// map: of the 1 637 plans of kharns-300 against kherops-300 after 4 000
// battles, 1 245 have at most four rows, 1 420 at most six, 95 more than
// eight; the map cost two allocations a plan, one on its making, one on its
// first row.
const fewRowsN = 6

// fewRows holds a plan's first decision rows by their keys.
type fewRows struct {
	n    int8
	keys [fewRowsN]decisionKey
	rows [fewRowsN]*decRow
}

// get returns the row of k, if held.
func (f *fewRows) get(k decisionKey) (*decRow, bool) {
	for i := range f.n {
		if f.keys[i] == k {
			return f.rows[i], true
		}
	}
	return nil, false
}

// put adds the row of k; it reports false when f is full.
func (f *fewRows) put(k decisionKey, row *decRow) bool {
	if int(f.n) == fewRowsN {
		return false
	}
	f.keys[f.n], f.rows[f.n] = k, row
	f.n++
	return true
}

// spill returns a map of f's rows and of row at k, for a plan with more rows
// than f holds; f is not read again.
func (f *fewRows) spill(k decisionKey, row *decRow) map[decisionKey]*decRow {
	m := make(map[decisionKey]*decRow, 2*fewRowsN)
	for i := range f.n {
		m[f.keys[i]] = f.rows[i]
	}
	m[k] = row
	return m
}
