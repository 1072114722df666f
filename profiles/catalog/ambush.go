package catalog

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/kharn-ages/kharn/profiles"
)

// ambushFormat is the mapping form of Ambush the importer writes, with the
// threshold and the damage bonus of the first attack after the reveal.
const ambushFormat = "{first_attack: {threshold: %d, damage: %d}}"

// The phrases of an Ambush precision (skills.md #18: "the first attack after
// its reveal gets a bonus to the threshold (+2 to +4) and to the damage (+1
// to +3)"): "+2 au seuil et +1 dgt à la première attaque".
var (
	ambushThreshold = regexp.MustCompile(`\+\s*(\d+)\s*(?:au|à son|a son|de)\s+seuil`)
	ambushDamage    = regexp.MustCompile(`\+\s*(\d+)\s*(?:dgts?|dégâts?|degats?)\b`)
	ambushFirst     = regexp.MustCompile(`premi[èe]re\s+attaque`)
)

// ambushPrecision reads the precision of an Ambush: the threshold and damage
// bonus of the first attack after the reveal, as the data format's mapping
// form ("{first_attack: {threshold: 2, damage: 1}}"), and whether the text
// is one the importer understands: it names the first attack and at least
// one of the two bonuses, each from 0 to profiles.MaxFirstAttackBonus, and
// nothing else the phrases leave out (parenthesised remarks aside).
func ambushPrecision(text string) (string, bool) {
	s := precisionRule(text)
	if !ambushFirst.MatchString(s) {
		return "", false
	}
	th, dm := -1, -1
	rest := s
	for _, m := range []struct {
		re *regexp.Regexp
		v  *int
	}{{ambushThreshold, &th}, {ambushDamage, &dm}} {
		loc := m.re.FindStringSubmatchIndex(rest)
		if loc == nil {
			continue
		}
		if len(m.re.FindAllStringIndex(rest, -1)) > 1 {
			return "", false // two thresholds or two damages: not a phrase we read
		}
		n, err := strconv.Atoi(rest[loc[2]:loc[3]])
		if err != nil || n > profiles.MaxFirstAttackBonus {
			return "", false
		}
		*m.v = n
		rest = rest[:loc[0]] + rest[loc[1]:]
	}
	if th < 0 && dm < 0 {
		return "", false
	}
	// What is left must be the glue of the phrases only.
	rest = ambushFirst.ReplaceAllString(rest, "")
	for _, w := range strings.FieldsFunc(rest, func(r rune) bool { return r == ' ' || r == ',' || r == '.' || r == ';' }) {
		switch w {
		case "et", "à", "a", "la", "sa", "sur", "lors", "de", "du", "après", "apres", "le", "son", "dévoilement", "révélation":
		default:
			return "", false
		}
	}
	return fmt.Sprintf(ambushFormat, max(th, 0), max(dm, 0)), true
}
