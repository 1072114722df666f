package sim

import (
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// listSides loads two ready-made lists of the embedded data as the two
// sides of a skirmish.
func listSides(t *testing.T, a, b string) [2]Spearhead {
	t.Helper()
	ds := profiles.Default()
	var sides [2]Spearhead
	for s, name := range [2]string{a, b} {
		l, err := profiles.LoadDefaultList(name, ds)
		if err != nil {
			t.Fatal(err)
		}
		sides[s] = NewSpearhead(l, ds)
	}
	return sides
}

// listPlayer sets up a skirmish of two ready-made lists on open ground with
// the default policies.
func listPlayer(t *testing.T, a, b string) *SkirmishPlayer {
	t.Helper()
	pl, err := (&Skirmish{Sides: listSides(t, a, b)}).NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	return pl
}
