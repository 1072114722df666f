package profiles

import "testing"

// TestWithArticle: "an" before a vowel, "a" otherwise (issue #10 item 13:
// "a armour", "a item").
func TestWithArticle(t *testing.T) {
	for noun, want := range map[string]string{
		"armour":        "an armour",
		"item":          "an item",
		"shield":        "a shield",
		"helmet":        "a helmet",
		"melee weapon":  "a melee weapon",
		"ranged weapon": "a ranged weapon",
	} {
		if got := WithArticle(noun); got != want {
			t.Errorf("WithArticle(%q) = %q, want %q", noun, got, want)
		}
	}
}
