package sim

import (
	"encoding/binary"
	"unsafe"
)

// Open-addressing indexes of the exact engine's state distributions and
// transitions (issue #13). They replace map[state]int and map[transKey]int:
// the keys are 26 and 30 bytes of int8, int16 and bool, hashed here as four
// machine words by multiplication instead of by the runtime's generic hash of
// a block of memory, and emptied by clearing a short array of slots. The maps
// (hashing, look-ups, inserts and clears) were about a quarter of a cold
// Duel.NewPlayer. The keys themselves stay in insertion order in the caller's
// slice, which is the order every sum is done in: results are the same to the
// bit (TestExactStable).

// keyIndex maps keys to their position in the caller's key slice: slots holds
// position+1, 0 for an empty slot; its length is a power of two, at least
// twice the number of keys.
type keyIndex struct {
	slots []int32
	mask  uint64
}

// hashWords mixes the words of a key into a slot hash.
func hashWords(w ...uint64) uint64 {
	h := uint64(0x9E3779B97F4A7C15)
	for _, x := range w {
		h = (h ^ x) * 0xBF58476D1CE4E5B9
		h ^= h >> 31
	}
	return h
}

// stateHash hashes a state: its bytes (26, no padding: int8 and bool
// fields) as four little-endian words, the last bytes zero.
func stateHash(s *state) uint64 {
	var b [32]byte
	*(*state)(unsafe.Pointer(&b)) = *s
	return hashWords(binary.LittleEndian.Uint64(b[0:]), binary.LittleEndian.Uint64(b[8:]),
		binary.LittleEndian.Uint64(b[16:]), binary.LittleEndian.Uint64(b[24:]))
}

// transHash hashes a transKey (30 bytes) as stateHash does.
func transHash(k *transKey) uint64 {
	var b [32]byte
	*(*transKey)(unsafe.Pointer(&b)) = *k
	return hashWords(binary.LittleEndian.Uint64(b[0:]), binary.LittleEndian.Uint64(b[8:]),
		binary.LittleEndian.Uint64(b[16:]), binary.LittleEndian.Uint64(b[24:]))
}

// The hashes copy a key into 32 bytes: a compile error here means a key grew
// past them.
var (
	_ [32 - unsafe.Sizeof(state{})]byte
	_ [32 - unsafe.Sizeof(transKey{})]byte
)

// reset empties the index, keeping its slots.
func (x *keyIndex) reset() { clear(x.slots) }

// grow makes room for n keys, rehashing the keys held (hash(i) is the hash of
// the caller's key i, for i < held).
func (x *keyIndex) grow(n, held int, hash func(i int) uint64) {
	if 2*n <= len(x.slots) {
		return
	}
	size := max(64, len(x.slots))
	for size < 2*n {
		size *= 2
	}
	x.slots, x.mask = make([]int32, size), uint64(size-1)
	for i := range held {
		j := hash(i) & x.mask
		for x.slots[j] != 0 {
			j = (j + 1) & x.mask
		}
		x.slots[j] = int32(i + 1)
	}
}

// stateAt returns the position of s in keys, or -1 and the slot to record it
// in.
func (x *keyIndex) stateAt(keys []state, s *state) (pos int, slot uint64) {
	if 2*(len(keys)+1) > len(x.slots) {
		x.grow(len(keys)+1, len(keys), func(i int) uint64 { return stateHash(&keys[i]) })
	}
	j := stateHash(s) & x.mask
	for {
		v := x.slots[j]
		if v == 0 {
			return -1, j
		}
		if keys[v-1] == *s {
			return int(v - 1), j
		}
		j = (j + 1) & x.mask
	}
}

// transAt is stateAt for transitions.
func (x *keyIndex) transAt(keys []transKey, k *transKey) (pos int, slot uint64) {
	if 2*(len(keys)+1) > len(x.slots) {
		x.grow(len(keys)+1, len(keys), func(i int) uint64 { return transHash(&keys[i]) })
	}
	j := transHash(k) & x.mask
	for {
		v := x.slots[j]
		if v == 0 {
			return -1, j
		}
		if keys[v-1] == *k {
			return int(v - 1), j
		}
		j = (j + 1) & x.mask
	}
}

// set records that the key of slot (from stateAt or transAt) is at pos.
func (x *keyIndex) set(slot uint64, pos int) { x.slots[slot] = int32(pos + 1) }
