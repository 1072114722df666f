package sim

import (
	"encoding/binary"
	"math/bits"
	"unsafe"
)

// Open-addressing indexes of the exact engine's state distributions and
// transitions (issue #13). They replace map[state]int and map[transKey]int:
// the keys are 28 and 32 bytes of int8, int16 and bool, hashed here as four
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

// hashWords mixes the four words of a key into a slot hash: each word
// multiplied on its own, the products folded together, then one more round
// for the low bits the mask keeps. The four products do not wait for each
// other, where a round per word in a chain did (issue #13); the slots only
// place keys, whose order stays that of their insertion.
func hashWords(w0, w1, w2, w3 uint64) uint64 {
	a := (w0 ^ 0x9E3779B97F4A7C15) * 0xBF58476D1CE4E5B9
	b := (w1 ^ 0xC2B2AE3D27D4EB4F) * 0x94D049BB133111EB
	c := (w2 ^ 0x165667B19E3779F9) * 0xD6E8FEB86659FD93
	d := (w3 ^ 0x27D4EB2F165667C5) * 0xFF51AFD7ED558CCD
	h := a ^ bits.RotateLeft64(b, 17) ^ bits.RotateLeft64(c, 31) ^ bits.RotateLeft64(d, 47)
	h ^= h >> 32
	h *= 0xC4CEB9FE1A85EC53
	h ^= h >> 29
	return h
}

// stateHash hashes a state: its bytes (28, no padding: int8 and bool
// fields) as four little-endian words, the last bytes zero.
func stateHash(s *state) uint64 {
	w0, w1, w2, w3 := stateWords(s)
	return hashWords(w0, w1, w2, w3)
}

// transHash hashes a transKey (32 bytes) as stateHash does.
func transHash(k *transKey) uint64 { return transHashOf(&k.s, k.dmg, k.ctr) }

// transHashOf is transHash of the transKey {s, dmg, ctr}, not built: its
// fourth word holds the state's last four bytes, then dmg and ctr, as the
// key's bytes 24-31 (TestTransKeyPacked).
func transHashOf(s *state, dmg, ctr int16) uint64 {
	w0, w1, w2, w3 := stateWords(s)
	return hashWords(w0, w1, w2, w3|uint64(uint16(dmg))<<32|uint64(uint16(ctr))<<48)
}

// stateSize is the size of a state, which stateWords and stateEq read in
// place (the hashes copied it into 32 bytes first: a fifth of their cost,
// issue #13).
const stateSize = 28

// stateWords returns the bytes of s as the four little-endian words
// stateHash mixes, the last one holding bytes 24 to 27.
func stateWords(s *state) (w0, w1, w2, w3 uint64) {
	b := (*[stateSize]byte)(unsafe.Pointer(s))
	return binary.LittleEndian.Uint64(b[0:]), binary.LittleEndian.Uint64(b[8:]),
		binary.LittleEndian.Uint64(b[16:]), uint64(binary.LittleEndian.Uint32(b[24:]))
}

// stateEq reports whether a and b are the same state (a == b), comparing
// their bytes as words.
func stateEq(a, b *state) bool {
	x, y := (*[stateSize]byte)(unsafe.Pointer(a)), (*[stateSize]byte)(unsafe.Pointer(b))
	return binary.LittleEndian.Uint64(x[0:]) == binary.LittleEndian.Uint64(y[0:]) &&
		binary.LittleEndian.Uint64(x[8:]) == binary.LittleEndian.Uint64(y[8:]) &&
		binary.LittleEndian.Uint64(x[16:]) == binary.LittleEndian.Uint64(y[16:]) &&
		binary.LittleEndian.Uint32(x[24:]) == binary.LittleEndian.Uint32(y[24:])
}

// A state is stateSize bytes (a compile error here means it changed size:
// stateWords and stateEq read it in place) and transKey its state then two
// int16, with no padding (TestTransKeyPacked).
var (
	_ [stateSize - unsafe.Sizeof(state{})]byte
	_ [unsafe.Sizeof(state{}) - stateSize]byte
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
		if stateEq(&keys[v-1], s) {
			return int(v - 1), j
		}
		j = (j + 1) & x.mask
	}
}

// transAt is stateAt for transitions.
func (x *keyIndex) transAt(keys []transKey, k *transKey) (pos int, slot uint64) {
	return x.transAtOf(keys, &k.s, k.dmg, k.ctr)
}

// transAtOf is transAt of the transKey {s, dmg, ctr}, not built.
func (x *keyIndex) transAtOf(keys []transKey, s *state, dmg, ctr int16) (pos int, slot uint64) {
	if 2*(len(keys)+1) > len(x.slots) {
		x.grow(len(keys)+1, len(keys), func(i int) uint64 { return transHash(&keys[i]) })
	}
	j := transHashOf(s, dmg, ctr) & x.mask
	for {
		v := x.slots[j]
		if v == 0 {
			return -1, j
		}
		if e := &keys[v-1]; e.dmg == dmg && e.ctr == ctr && stateEq(&e.s, s) {
			return int(v - 1), j
		}
		j = (j + 1) & x.mask
	}
}

// set records that the key of slot (from stateAt or transAt) is at pos.
func (x *keyIndex) set(slot uint64, pos int) { x.slots[slot] = int32(pos + 1) }
