package profiles

import (
	"slices"
	"strings"
)

// BerserkDeathOf is the prefix of a Berserk trigger on the death of a named
// ally (skills.md #56: "X = the trigger: saignement, or the death of a named
// ally"): "death of fangs-matriarch" turns berserk when an ally whose profile
// id is fangs-matriarch (or fangs-matriarch-N, any level of that model), or
// which carries that trait, is defeated.
const BerserkDeathOf = "death of "

// BerserkTrigger reads the trigger of a Berserk X value: "bleeding", or the
// death of the ally named by ref ("death of REF", REF an id). ok is false for
// any other trigger, which the engine does not play.
func BerserkTrigger(text string) (bleeding bool, ref string, ok bool) {
	if text == "bleeding" {
		return true, "", true
	}
	if r, found := strings.CutPrefix(text, BerserkDeathOf); found && ValidID(r) {
		return false, r, true
	}
	return false, "", false
}

// Names reports whether ref names p: its id, its id without the level suffix
// (the model: "fangs-matriarch" names fangs-matriarch-2), or one of its traits.
func (p *Profile) Names(ref string) bool {
	return p.ID == ref || p.ofModel(ref) || slices.Contains(p.Traits, ref)
}

// ofModel reports whether p's id is model followed by a level suffix
// ("fangs-matriarch" for fangs-matriarch-2).
func (p *Profile) ofModel(model string) bool {
	rest, ok := strings.CutPrefix(p.ID, model+"-")
	return ok && rest != "" && strings.Trim(rest, "0123456789") == ""
}
