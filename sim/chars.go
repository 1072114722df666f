package sim

import (
	"strings"

	"github.com/kharn-ages/kharn/profiles"
)

// Char is a characteristic (V, P, A, C, T, I).
type Char = profiles.Char

// The combat characteristics.
const (
	V = profiles.V
	P = profiles.P
	A = profiles.A
	C = profiles.C
)

// Chars is a small multiset of at most three characteristics, the ones engaged by
// an action (R7) or the effects it applies. The zero value is empty.
type Chars struct {
	c [3]Char
	n uint8
}

// CharsOf returns the multiset of cs; it panics on more than three.
func CharsOf(cs ...Char) Chars {
	if len(cs) > 3 {
		panic("sim: more than three characteristics")
	}
	var s Chars
	for _, c := range cs {
		s.c[s.n] = c
		s.n++
	}
	return s
}

// ParseChars reads "PPA" into a multiset; ok is false on an unknown letter or more
// than three letters.
func ParseChars(s string) (Chars, bool) {
	if len(s) > 3 {
		return Chars{}, false
	}
	var cs Chars
	for i := 0; i < len(s); i++ {
		c, ok := profiles.ParseChar(s[i : i+1])
		if !ok {
			return Chars{}, false
		}
		cs.c[cs.n] = c
		cs.n++
	}
	return cs, true
}

// Len returns the number of characteristics.
func (s Chars) Len() int { return int(s.n) }

// At returns the i-th characteristic.
func (s Chars) At(i int) Char { return s.c[i] }

// Count returns how many times c appears.
func (s Chars) Count(c Char) int {
	k := 0
	for i := 0; i < int(s.n); i++ {
		if s.c[i] == c {
			k++
		}
	}
	return k
}

// Has reports whether c appears.
func (s Chars) Has(c Char) bool { return s.Count(c) > 0 }

// Add returns s with c appended; it panics when s is full.
func (s Chars) Add(c Char) Chars {
	if s.n == 3 {
		panic("sim: Chars full")
	}
	s.c[s.n] = c
	s.n++
	return s
}

// Sum returns the sum of the characteristics' values in st.
func (s Chars) Sum(st profiles.Stats) int {
	t := 0
	for i := 0; i < int(s.n); i++ {
		t += st.Get(s.c[i])
	}
	return t
}

// String returns the letters, e.g. "PPA".
func (s Chars) String() string {
	var b strings.Builder
	for i := 0; i < int(s.n); i++ {
		b.WriteString(s.c[i].String())
	}
	return b.String()
}

// combos returns every multiset of n characteristics drawn from from, each at most
// twice (R7), in a stable order.
func combos(from []Char, n int) []Chars {
	var out []Chars
	var rec func(start int, cur Chars)
	rec = func(start int, cur Chars) {
		if cur.Len() == n {
			out = append(out, cur)
			return
		}
		for i := start; i < len(from); i++ {
			if cur.Count(from[i]) >= 2 {
				continue
			}
			rec(i, cur.Add(from[i]))
		}
	}
	rec(0, Chars{})
	return out
}
