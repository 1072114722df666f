package catalog

import (
	"regexp"
	"strings"

	"github.com/kharn-ages/kharn/profiles"
)

// poisonPhrase matches a phrase that adds the poison effect (R17 poison;
// catalogue.md 4.6 "poison doses ... adds the poison effect to an attack or
// defence", "poison (3)" among the weapon texts): on an item, "Ajoute poison
// à une attaque", one dose; on a weapon, "Poison" or "Empoisonnée", every
// successful attack.
var poisonPhrase = regexp.MustCompile(`^(?:(?:ajoute|applique|donne|confere) (?:l'effet |un effet |le )?(?:de )?poison(?: (?:a|sur) (?:une|1|l'|son) ?(?:attaque|arme))?|(?:inflige (?:le |un )?)?poison|empoisonnee?s?|arme empoisonnee)$`)

func init() {
	// Weapons: the phrase table takes the poison key (effects.go).
	for _, k := range []profiles.Kind{profiles.KindMelee, profiles.KindRanged} {
		allowedKeys[k] = append(allowedKeys[k], "poison")
	}
	phraseRules = append(phraseRules, rule("Poison", "poison", `(?:inflige (?:le |un )?)?poison|empoisonnee?s?|arme empoisonnee`,
		func(e *equipOut, p string, m []string) string {
			return e.set("poison", p, func() { e.ef.Poison = true })
		}))
}

// itemPhrase reads one phrase of an item's text the engine plays: a poison
// dose. It reports whether it did.
func (e *equipOut) itemPhrase(phrase string) bool {
	if !poisonPhrase.MatchString(strings.TrimRight(fold(phrase), " .!")) {
		return false
	}
	e.ef.Poison = true
	return true
}

// writePoison writes poison: true for a weapon that poisons and for a
// poison dose.
func (e *equipOut) writePoison(kv func(key, value string)) {
	if e.ef.Poison {
		kv("poison", "true")
	}
}
