package sim

import "math/bits"

// optBits marks, one bit per option of an option table (the first 64), the
// options some per-action loop of the default policy reads, so that it visits
// them only instead of every option. An option's fields after its first cache
// line (far after the 3 KB of kill, stat) are 768 bytes from the next
// option's: reading them in a loop over the whole table took a cache miss per
// option (issue #13, docs/benchmarks.md "Eleventh round: battles").
type optBits struct {
	// far: options with figures beyond the counter reach (fightOption.far,
	// farMask); pos: positional options (fightOption.pos, rootGains); stat:
	// options with a status chance (fightOption.stat, statusGains).
	far, pos, stat uint64
	// all says that the table has at most 64 options, so that the masks hold
	// every one; the loops fall back to the whole table otherwise.
	all bool
	// anyFar: some option of the whole table, past the 64th too, has figures
	// beyond the defender's counter reach (farMask's early answer).
	anyFar bool
}

// optBitsOf returns the masks of every option table of opts.
func optBitsOf(opts [][][]fightOption) [][]optBits {
	m := make([][]optBits, len(opts))
	for a := range opts {
		m[a] = make([]optBits, len(opts[a]))
		for d, t := range opts[a] {
			b := optBits{all: len(t) <= 64}
			for k := range t {
				o := &t[k]
				b.anyFar = b.anyFar || o.far
				if k >= 64 {
					continue
				}
				if o.far {
					b.far |= 1 << k
				}
				if o.pos != posNone {
					b.pos |= 1 << k
				}
				if o.stat != nil {
					b.stat |= 1 << k
				}
			}
			m[a][d] = b
		}
	}
	return m
}

// nextBit returns the index of the lowest bit of m and m without it; m must
// not be 0.
func nextBit(m uint64) (int, uint64) {
	return bits.TrailingZeros64(m), m & (m - 1)
}

// bitsOf returns the masks of opts, the option table of Safar i against j,
// and whether they hold every option of it (false for another table, or one
// of more than 64 options: the caller then reads the whole table).
func (e *engine) bitsOf(i, j int, opts []fightOption) (optBits, bool) {
	if e.bits == nil || len(opts) == 0 {
		return optBits{}, false
	}
	a, d := e.c[i].kind, e.c[j].kind
	t := e.opts[a][d]
	b := e.bits[a][d]
	if !b.all || len(t) != len(opts) || &t[0] != &opts[0] {
		return optBits{}, false
	}
	return b, true
}

// below is the mask of the options a root loop weighs: the first maxOptions.
const below = 1<<maxOptions - 1

// posMask returns the positional options of opts (fightOption.pos) among the
// first maxOptions, one bit each: rootGains' options.
func (e *engine) posMask(i, j int, opts []fightOption) uint64 {
	if b, ok := e.bitsOf(i, j, opts); ok {
		return b.pos & below
	}
	var m uint64
	for n := range min(len(opts), maxOptions) {
		if opts[n].pos != posNone {
			m |= 1 << n
		}
	}
	return m
}

// statMask returns the options of opts with a status chance
// (fightOption.stat) among the first maxOptions, one bit each: statusGains'
// options.
func (e *engine) statMask(i, j int, opts []fightOption) uint64 {
	if b, ok := e.bitsOf(i, j, opts); ok {
		return b.stat & below
	}
	var m uint64
	for n := range min(len(opts), maxOptions) {
		if opts[n].stat != nil {
			m |= 1 << n
		}
	}
	return m
}
