package catalog

import (
	"fmt"
	"slices"
	"testing"
)

// TestObjects: notes.objects yields the objects of a list with their index and
// path, skips (and notes) an element that is not an object, and notes a value
// that is not a list, as the loops it replaced did.
func TestObjects(t *testing.T) {
	n := &notes{file: "c.json"}
	var got []string
	for i, o := range n.objects([]any{map[string]any{}, "a", map[string]any{}}, "skills", "no skill known", "ignored") {
		got = append(got, fmt.Sprintf("%d %s", i, o.path))
	}
	if want := []string{"0 skills[0]", "2 skills[2]"}; !slices.Equal(got, want) {
		t.Errorf("yielded %q, want %q", got, want)
	}
	for range n.objects("x", "factions", "ignored", "ignored") {
		t.Error("a string yielded an object")
	}
	var probs []string
	for _, p := range n.problems {
		probs = append(probs, p.Path+": "+p.Msg)
	}
	want := []string{`skills[1]: the string "a" is not an object, ignored`, `factions: the string "x" is not a list, ignored`}
	if !slices.Equal(probs, want) {
		t.Errorf("problems %q, want %q", probs, want)
	}
}
