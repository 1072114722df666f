package catalog

import (
	"regexp"
	"strings"

	"github.com/kharn-ages/kharn/profiles"
)

// readPrecision returns the YAML value of skill name given its card's
// precision text (catalogue.md 3.2), and whether the importer reads that
// text: Ambush's first-attack bonus (ambush.go), a Bite that heals as
// much HP as it deals and a Harassment on every 2 and 3 AP melee attack. Any
// other precision is named not modelled.
func readPrecision(name, text string) (string, bool) {
	switch name {
	case profiles.SkillAmbush:
		return ambushPrecision(text)
	case profiles.SkillBite:
		return bitePrecision(text)
	case profiles.SkillHarassment:
		return harassmentPrecision(text)
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

// The phrases of a Bite that heals as much HP as it deals (skills.md #7:
// "its Bite heals as much HP as it deals"; catalogue.md 3.2: "a Bite that
// heals"), in the folded text (fold): an optional subject (sa morsure, la
// morsure, elle, il, le Safar), a verb of healing (soigne, récupère, regagne,
// rend, gagne, guérit, se soigne d'...), "autant de PV/points de vie/PDV",
// and what it is as much as: what it deals ("qu'elle inflige", "qu'elle en
// inflige", "que de dégâts infligés", "que les dégâts qu'elle inflige",
// "que la cible en perd", "que ceux infligés"); or the damage as subject
// ("les dégâts infligés par sa morsure lui sont rendus en PV", "... la
// soignent"). A fraction of the damage, a fixed heal or a limit (once per
// game) is another rule: not read.
var (
	biteSubject = `(?:(?:sa|la) morsure |morsure |elle |il |le safar )?`
	biteVerb    = `(?:le |la |se |lui )?(?:soigne|recupere|regagne|rend|gagne|guerit)(?:nt)?(?: de| d')? ?`
	biteHP      = `autant de (?:pv|points de vie|pdv)`
	biteDealt   = `(?:qu'(?:elle|il) (?:en )?(?:inflige|fait perdre|cause)|que de (?:degats|dgts?|dommages) (?:infliges|causes)|que (?:les )?(?:degats|dgts?|dommages) (?:infliges|causes|qu'(?:elle|il) inflige)|que ceux (?:infliges|causes)|que (?:la cible|sa cible|la victime) en perd)`
	biteHeals   = regexp.MustCompile(`^` + biteSubject + biteVerb + biteHP + ` ` + biteDealt + `$`)
	// "les dégâts infligés par sa morsure lui sont rendus en PV"
	biteDamageHeals = regexp.MustCompile(`^(?:les )?(?:degats|dgts?|dommages) (?:infliges|causes)(?: par (?:sa|la) morsure)? (?:lui sont rendus en (?:pv|points de vie)|le soignent|la soignent|le soignent d'autant|la soignent d'autant)$`)
)

// bitePrecision reads the precision of a Bite that heals: "{heals: true}".
func bitePrecision(text string) (string, bool) {
	s := fold(precisionRule(text))
	s = strings.Join(strings.Fields(strings.NewReplacer(".", " ", ",", " ").Replace(s)), " ")
	if biteHeals.MatchString(s) || biteDamageHeals.MatchString(s) {
		return "{heals: true}", true
	}
	return "", false
}

// harassmentEvery is the precision of a Harassment extended to every 2 and 3
// AP melee attack (skills.md #29: "one profile's precision extends it to every
// 2 and 3 AP melee attack"), in the folded text: an optional lead
// ("harcèlement", "s'applique", "valable", "s'étend") and preposition, every
// attack ("toutes ses attaques", "chaque attaque", "chacune de ses
// attaques"), and both the melee ("de corps à corps", "au contact", "en
// mêlée", "cac") and the 2 and 3 AP ("à 2 et 3 PA", "de 2 ou 3 PA"), in either
// order. Without the melee it could be a shot: not read.
var harassmentEvery = func() *regexp.Regexp {
	lead := `(?:harcelement )?(?:(?:s'applique|s'etend|valable|vaut|fonctionne|actif) )?(?:a |pour |sur |lors de |avec )?`
	every := `(?:toutes (?:ses|les) attaques|chaque attaque|chacune de ses attaques)`
	melee := `(?:de |au |en |a )?(?:corps a corps|cac|contact|melee)`
	ap := `(?:a |de )?2 (?:et|ou|a) 3 pa`
	return regexp.MustCompile(`^` + lead + every + ` (?:` + melee + ` ` + ap + `|` + ap + ` ` + melee + `)$`)
}()

// harassmentPrecision reads the precision of a Harassment extended to every 2
// and 3 AP melee attack: "{every_melee_attack: true}".
func harassmentPrecision(text string) (string, bool) {
	s := fold(precisionRule(text))
	s = strings.Join(strings.Fields(strings.NewReplacer(".", " ", ",", " ", "-", " ").Replace(s)), " ")
	if harassmentEvery.MatchString(s) {
		return harassmentEveryValue, true
	}
	return "", false
}

// harassmentEveryValue is the YAML value of a Harassment with its precision.
const harassmentEveryValue = "{every_melee_attack: true}"
