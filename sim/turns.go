package sim

import "math"

// sincos is a heading's sine and cosine.
type sincos struct{ sin, cos float64 }

// sidestepTurns are math.Sincos of the headings of sidesteps, and
// contactTurns of the 24 headings h·π/12 contactSpot tries: computed once, the
// same values the walks computed at every call (math.Sincos was 0.7% of a
// battle's CPU; issue #13, docs/benchmarks.md "Eleventh round: battles").
var (
	sidestepTurns = func() (t [len(sidesteps)]sincos) {
		for n, a := range sidesteps {
			t[n].sin, t[n].cos = math.Sincos(a)
		}
		return t
	}()
	contactTurns = func() (t [24]sincos) {
		for h := range t {
			t[h].sin, t[h].cos = math.Sincos(float64(h) * math.Pi / 12)
		}
		return t
	}()
)
