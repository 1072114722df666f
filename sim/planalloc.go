package sim

import "sync"

// What a new plan allocates (issue #13, aim 3: a warm battle allocates only
// when its plan cache meets a new key). The fixed lists below replace per-plan
// allocations that gave the same values every time; the scratch arrays keep on
// the stack what a plan computes and does not keep. None of it changes a value
// or the order of a sum.

// defenceCombos[ap] lists the characteristics a defence of ap AP can engage,
// combos([]Char{V, P, A, C}, ap) in its order (R7: each at most twice); ap 0 is
// the reflex defence's empty set. Computed once: Exchange.candidates built them
// again for every plan.
var defenceCombos = [4][]Chars{
	{{}},
	combos([]Char{V, P, A, C}, 1),
	combos([]Char{V, P, A, C}, 2),
	combos([]Char{V, P, A, C}, 3),
}

// maxScratchDefences bounds the defences Exchange.candidates lists on the
// stack before it copies them to their piece: 31 characteristic sets of 0 to 3
// AP, with and without a shield, fewer once illegal ones are dropped, and the
// Slender variants; a longer list grows onto the heap, with the same values.
const maxScratchDefences = 96

// maxScratchCands bounds the candidate lists plan.undominated keeps its
// figures of on the stack; a longer list grows onto the heap (append), with
// the same values.
const maxScratchCands = 64

// A plan fills its caches lazily (decision rows, the candidates' figures per
// row, tails caches, hit distributions, counter damage): in a warm battle that
// is most of what still allocates, a few objects each time an exchange meets a
// decision context for the first time. They come instead from chunks: each
// chunk is allocated once and handed out piece by piece, chunks growing from
// slabFirst to slabMax elements, so that the allocations of N filled caches
// fall from N to about N/slabMax. A chunk's pieces are never freed nor reused
// while a plan holds one (the garbage collector frees the chunk with the last
// of them), and each piece is zero when handed out, as make and new give it.
//
// The chunks in use are kept in planSlabPool, not in the plan (a plan fills
// only a few) nor in the engine (plans are made by Exchange.newPlan, which
// knows no engine): a sync.Pool, as the exact engine's scratch, so that the
// goroutines that make plans never share a chunk being handed out.

// slabFirst and slabMax bound a chunk's elements: small first chunks for a
// process that makes few plans, slabMax so that a long-held plan pins at most
// one chunk of about 64 KB per kind.
const (
	slabFirst = 16
	slabMax   = 1024
)

// slab hands out pieces of chunks of T.
type slab[T any] struct {
	buf  []T
	next int // the size of the next chunk
}

// take returns n zero elements; appending to them copies (capacity n).
func (s *slab[T]) take(n int) []T {
	if n > slabMax/4 {
		return make([]T, n) // a large piece is its own allocation
	}
	if len(s.buf) < n {
		s.next = min(max(2*s.next, slabFirst), slabMax)
		s.buf = make([]T, max(s.next, n))
	}
	out := s.buf[:n:n]
	s.buf = s.buf[n:]
	return out
}

// one returns a pointer to one zero T.
func (s *slab[T]) one() *T { return &s.take(1)[0] }

// planSlabs holds a chunk of each kind a plan's caches keep.
type planSlabs struct {
	dec      slab[uint16]
	rows     slab[decRow]
	cands    slab[rowCand]
	tails    slab[candTails]
	tailPtrs slab[*candTails]
	tailSets slab[[11][2]*splitTail]
	branches slab[hitBranch]
	counters slab[counterEntry]
	defences slab[Defence]
	needs    slab[usedNeed]
	hitSlots slab[hitSlot]  // exact_hitacc.go
	hitDists slab[hitDists] // exact_hitacc.go

	// A new plan's own values (planchunks.go).
	planChunks
}

var planSlabPool = sync.Pool{New: func() any { return new(planSlabs) }}

// getSlabs returns planSlabs for the calling goroutine alone, until putSlabs.
func getSlabs() *planSlabs { return planSlabPool.Get().(*planSlabs) }

// putSlabs gives s back for the next cache to fill.
func putSlabs(s *planSlabs) { planSlabPool.Put(s) }
