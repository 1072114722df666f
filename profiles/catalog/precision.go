package catalog

import (
	"regexp"
	"strings"

	"github.com/kharn-ages/kharn/profiles"
)

// readPrecision returns the YAML value of skill name given its card's
// precision text (catalogue.md 3.2), and whether the importer reads that
// text: Ambush's first-attack bonus (ambush.go) and a Bite that heals as
// much HP as it deals. Any other precision is named not modelled.
func readPrecision(name, text string) (string, bool) {
	switch name {
	case profiles.SkillAmbush:
		return ambushPrecision(text)
	case profiles.SkillBite:
		return bitePrecision(text)
	}
	return "", false
}

// precisionRule returns a precision text lower-cased, without the remark in
// brackets it may end with ("(inventé)": a remark, not a rule).
func precisionRule(text string) string {
	s := strings.ToLower(text)
	if i := strings.IndexByte(s, '('); i >= 0 {
		s = s[:i]
	}
	return s
}

// biteHealsPhrase is the precision of a Bite that heals as much HP as it
// deals (skills.md #7): "soigne autant de PV qu'elle inflige", "récupère
// autant de points de vie que de dégâts infligés", ...
var biteHealsPhrase = regexp.MustCompile(`^(?:(?:sa|la) morsure |elle |il )?(?:le |la |se )?(?:soigne|récupère|regagne|rend)(?:nt)? autant de (?:pv|points de vie) (?:qu'(?:elle|il) (?:en )?(?:inflige|fait perdre)|que de (?:dégâts|dgts?) infligés|que (?:les )?(?:dégâts|dgts?) infligés)$`)

// bitePrecision reads the precision of a Bite that heals: "{heals: true}".
func bitePrecision(text string) (string, bool) {
	s := precisionRule(text)
	s = strings.NewReplacer("’", "'", ".", " ", ",", " ").Replace(s)
	s = strings.Join(strings.Fields(s), " ")
	if biteHealsPhrase.MatchString(s) {
		return "{heals: true}", true
	}
	return "", false
}
