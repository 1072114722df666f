package catalog

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/kharn-ages/kharn/profiles"
)

// A phraseRule maps one phrasing of a card's effect text to the effect keys of the
// data format. Patterns match the phrase folded (see fold): lower case, accents
// and typographic signs folded, so "Dégâts" is written "degats" and "≤" is "<=".
type phraseRule struct {
	example string // as a card writes it
	key     string // the data key it sets
	re      *regexp.Regexp
	// apply sets the effect from the submatches m and returns "" or, when the
	// phrase is understood but cannot be written, why.
	apply func(e *equipOut, phrase string, m []string) string
}

func rule(example, key, pattern string, apply func(e *equipOut, phrase string, m []string) string) phraseRule {
	return phraseRule{example, key, regexp.MustCompile("^(?:" + pattern + ")$"), apply}
}

// Damage words: "dgt", "dgts", "dégâts", "dommages".
const dmg = `(?:dgts?|degats?|dommages?|dmg|dg)`

// phraseRules is the mapping table, phrase -> effect. Rulebook sources: weapon
// bonuses and fixed damage R8, R9; critical range R2; CF R3; statuses "Sonné" =
// dazed and "Assommé" = stunned (French seed 004 lines 1312 and 1319 against
// English seed 000 lines 1368 and 1378; "Target dazed in case of CH", English
// seed 000 line 1062); armour-piercing 1D5 when no value is given (French seed
// 004 line 1296, English seed 000 line 1346); reach 1, 1.5 or 2 toises (French
// seed 004 line 1610).
var phraseRules = []phraseRule{
	rule("+2 en attaque, +3 ATT", "attack_bonus",
		`(?:bonus (?:de )?)?([+-] ?\d+) ?(?:en |a l'|a |aux |au |pour l'|sur l'|sur les |de )?(?:attaques?|att|atq|atk)|(?:attaque|att|atq) ?:? ?([+-] ?\d+)`,
		func(e *equipOut, p string, m []string) string {
			return e.add("attack_bonus", p, &e.ef.AttackBonus, signed(m[1]+m[2]))
		}),
	rule("+1 en défense", "defence_bonus",
		`([+-] ?\d+) ?(?:en |a la )?(?:defenses?|def)|(?:defense|def) ([+-] ?\d+)`,
		func(e *equipOut, p string, m []string) string {
			return e.add("defence_bonus", p, &e.ef.DefenceBonus, signed(m[1]+m[2]))
		}),
	rule("+1 dgt, +2 dégâts", "damage_bonus",
		`([+-] ?\d+) ?(?:aux |en |de )?`+dmg,
		func(e *equipOut, p string, m []string) string {
			return e.add("damage_bonus", p, &e.ef.DamageBonus, signed(m[1]))
		}),
	rule("3 dgts, 1D5 dgts", "fixed_damage",
		`(\d*d(?:5|10)(?: ?[+-] ?\d+)?|\d+) ?`+dmg+`(?: fixes?)?|`+dmg+` ?:? ?(\d*d(?:5|10)(?: ?[+-] ?\d+)?|\d+)`,
		func(e *equipOut, p string, m []string) string {
			d, err := profiles.ParseDice(strings.ReplaceAll(m[1]+m[2], " ", ""))
			if err != nil {
				return err.Error()
			}
			return e.set("fixed_damage", p, func() { e.ef.FixedDamage = &d })
		}),
	rule("Pas d'attaque avec A", "no_attack_with",
		`(?:pas|aucune?) d'attaques? (?:avec|en|de|par) (?:la |le |l')?(.+)`,
		func(e *equipOut, p string, m []string) string {
			cs, ok := parseChars(m[1])
			if !ok {
				return noMatch
			}
			return e.chars("no_attack_with", p, cs)
		}),
	rule("Pas d'effet avec C", "no_effect_with",
		`(?:pas|aucun) d'effets? (?:avec|de|en|par|du) (?:la |le |l')?(.+)|(?:pas|aucun) d'effets? d'(.+)`,
		func(e *equipOut, p string, m []string) string {
			cs, ok := parseChars(m[1] + m[2])
			if !ok {
				return noMatch
			}
			return e.chars("no_effect_with", p, cs)
		}),
	rule("Pas d'attaque à 1 PA", "attack_ap",
		`(?:pas|aucune?) d'attaques? (?:a|en) (\d) pa`,
		func(e *equipOut, p string, m []string) string {
			n, _ := strconv.Atoi(m[1])
			return e.attackAP(p, func(ap int) bool { return ap != n })
		}),
	rule("Attaque à 3 PA uniquement", "attack_ap",
		`(?:attaques?|attaquer) (?:a|en|avec) (\d)(?: (?:ou|et) (\d))? pa (?:uniquement|seulement)|(?:uniquement|seulement) (?:des )?(?:attaques? )?(?:a|en) (\d)(?: (?:ou|et) (\d))? pa`,
		func(e *equipOut, p string, m []string) string {
			var allowed []int
			for _, s := range m[1:] {
				if n, err := strconv.Atoi(s); err == nil {
					allowed = append(allowed, n)
				}
			}
			return e.attackAP(p, func(ap int) bool { return slices.Contains(allowed, ap) })
		}),
	rule("saignement 2", "bleeding",
		`(?:inflige )?(?:un )?saignements? ?:? ?(\d+)`,
		func(e *equipOut, p string, m []string) string {
			n, _ := strconv.Atoi(m[1])
			if n < 1 || n > 99 {
				return "bleeding must be from 1 to 99"
			}
			return e.set("bleeding", p, func() { e.ef.Bleeding = n })
		}),
	rule("RC = 9 et 10", "critical_from",
		`(?:rc|critiques?|reussites? critiques?) ?(?:=|:|sur|de|a|en)? ?(\d+) ?(?:et|a|-|ou|/) ?10`,
		func(e *equipOut, p string, m []string) string {
			n, _ := strconv.Atoi(m[1])
			if n < 2 || n > 10 {
				return "a critical range starts from 2 to 10"
			}
			return e.set("critical_from", p, func() { e.ef.CriticalFrom = n })
		}),
	rule("RC = sonne, Sonne en cas de RC, Assomme en cas de RC", "on_critical",
		`(?:rc|reussite critique) ?(?:=|:)? ?(?:cible )?(sonnee?|assommee?)|(?:la )?(?:cible |adversaire )?(?:est )?(sonnee?|assommee?) (?:en cas de|sur (?:une )?|si) ?(?:rc|reussite critique)`,
		func(e *equipOut, p string, m []string) string {
			st := profiles.Daze // "Sonné" = dazed
			if strings.HasPrefix(m[1]+m[2], "assomm") {
				st = profiles.Stun // "Assommé" = stunned
			}
			return e.set("on_critical", p, func() { e.ef.OnCritical = st })
		}),
	rule("Pas d'EC en attaque, Pas d'EC en défense", "no_cf_attack, no_cf_defence",
		`pas d'(?:ec|echecs? critiques?) en (attaque|defense)(?: (?:et|ni) (?:en )?(attaque|defense))?`,
		func(e *equipOut, p string, m []string) string {
			for _, s := range m[1:] {
				switch s {
				case "attaque":
					if why := e.set("no_cf_attack", p, func() { e.ef.NoCFAttack = true }); why != "" {
						return why
					}
				case "defense":
					if why := e.set("no_cf_defence", p, func() { e.ef.NoCFDefence = true }); why != "" {
						return why
					}
				}
			}
			return ""
		}),
	rule("l'armure adverse protège 2 dgts de moins", "armour_ignore",
		`l'armure (?:adverse|de la cible|ennemie|de l'adversaire) protege (\d+) (?:points? de )?`+dmg+` de moins`,
		func(e *equipOut, p string, m []string) string {
			n, _ := strconv.Atoi(m[1])
			if n < 1 || n > 99 {
				return "armour_ignore must be from 1 to 99"
			}
			return e.set("armour_ignore", p, func() { e.ef.ArmourIgnore = n })
		}),
	rule("perce armure 1, perce-armure", "armour_piercing",
		`perce[- ]?armures? ?:? ?(\d*d5|\d+)?`,
		func(e *equipOut, p string, m []string) string {
			return e.piercing(p, m[1])
		}),
	rule("Allonge en défense uniquement", "defence_reach",
		`allonge(?: ?:? ?(\d+(?:[.,]5)?))?(?: toises?)? (?:en |pour la |uniquement en |seulement en )?defense(?: uniquement| seulement)?|allonge (?:uniquement|seulement) en defense`,
		func(e *equipOut, p string, m []string) string {
			// A reach the card limits to defence (issue 12, section 5): it
			// becomes defence_reach, which serves only the counter-reach
			// check (seed 004 lines 1508-1510), and the allonge field is
			// not applied to attacks (checkWeapon).
			e.defenceReach = p
			if m[1] == "" {
				return "" // the value is in the card's "allonge" field
			}
			r, _ := strconv.ParseFloat(strings.ReplaceAll(m[1], ",", "."), 64)
			if !profiles.ValidReach(r) {
				return fmt.Sprintf("a reach is 1 to 3 toises in halves, not %v", r)
			}
			return e.set("defence_reach", p, func() { e.ef.DefenceReach = r })
		}),
	rule("Allonge, Allonge 1,5", "reach",
		`allonge(?: ?:? ?(\d+(?:[.,]5)?))?(?: toises?)?`,
		func(e *equipOut, p string, m []string) string {
			if m[1] == "" {
				e.reachPhrase = p // the value is in the card's "allonge" field
				return ""
			}
			r, _ := strconv.ParseFloat(strings.ReplaceAll(m[1], ",", "."), 64)
			return e.reach(p, r)
		}),
	rule("-1 en V", "velocity_malus",
		`-(\d+) ?(?:en |a la |de )?(?:v|vitesse)`,
		func(e *equipOut, p string, m []string) string {
			n, _ := strconv.Atoi(m[1])
			return e.set("velocity_malus", p, func() { e.armour.VelocityMalus = n })
		}),
	rule("-1 en V si C≤4", "(none)",
		`-(\d+) ?(?:en |a la |de )?(?:v|vitesse) si (?:c|corpulence) ?(<=|<|>=|>|=) ?(\d+)`,
		func(e *equipOut, p string, m []string) string {
			// catalogue.md 4.6 "Armour": a V malus for wearers with low C; the
			// data format holds "C at most N" (malus_max_c).
			n, _ := strconv.Atoi(m[1])
			maxC, _ := strconv.Atoi(m[3])
			if m[2] == "<" {
				maxC--
			}
			if (m[2] != "<=" && m[2] != "<") || maxC < 1 || maxC > 99 {
				return "a malus for wearers of high C: the data format limits a velocity_malus to wearers of C at most N"
			}
			if why := e.set("velocity_malus", p, func() { e.armour.VelocityMalus = n }); why != "" {
				return why
			}
			return e.set("malus_max_c", p, func() { e.armour.MalusMaxC = maxC })
		}),
	rule("peut être lancé une fois", "thrown",
		`(?:peut etre lancee?|arme de jet|de jet|lancer|jetable|se lance|lancee?)(?: une (?:seule |unique )?fois)?`,
		func(e *equipOut, p string, m []string) string {
			return e.set("thrown", p, func() { e.ef.Thrown = true })
		}),
}

// noMatch is returned by a rule's apply when the phrase only looks like its
// pattern ("pas d'attaque en 1 PA" is no list of characteristics): the next rules
// are tried.
const noMatch = "\x00no match"

// signed parses "+2", "- 1".
func signed(s string) int {
	n, _ := strconv.Atoi(strings.ReplaceAll(s, " ", ""))
	return n
}

// parseChars reads "A", "P et C", "A, C", "V/A", "A ni C" as characteristics of
// an attack or an effect (V, P, A, C).
func parseChars(s string) ([]profiles.Char, bool) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '/' })
	var out []profiles.Char
	for _, f := range fields {
		switch f {
		case "et", "ou", "ni", "la", "le", "l'":
			continue
		case "vitesse":
			f = "v"
		case "puissance":
			f = "p"
		case "agilite":
			f = "a"
		case "corpulence":
			f = "c"
		}
		c, ok := profiles.ParseChar(f)
		if !ok || c > profiles.C {
			return nil, false
		}
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out, len(out) > 0
}

// mapPhrase applies the first rule matching phrase and returns whether one
// matched and, when the phrase is understood but cannot be written, why.
func (e *equipOut) mapPhrase(phrase string) (matched bool, why string) {
	p := strings.TrimRight(fold(phrase), " .!")
	for _, r := range phraseRules {
		if m := r.re.FindStringSubmatch(p); m != nil {
			if why := r.apply(e, phrase, m); why != noMatch {
				return true, why
			}
		}
	}
	return false, ""
}

// effects maps the card's effect text phrase by phrase; a phrase joining two
// effects with "et" ("+1 en attaque et +1 en défense") is tried in parts. What
// does not map is listed as not modelled, as the card writes it.
func (e *equipOut) effects(text string) {
	for _, phrase := range splitPhrases(text) {
		if e.versatile && twoHandedPhrase(phrase) {
			// Never read as an effect of every grip ("+1 DEF à deux mains").
			e.notModelledf("%q (an effect of the two-handed grip only of a weapon held in one hand or both: the engine reads the grip only for Ambidextrous' Riposte)", phrase)
			continue
		}
		matched, why := e.mapPhrase(phrase)
		if !matched && strings.Contains(phrase, " et ") {
			parts := strings.Split(phrase, " et ")
			trial := e.clone()
			all := true
			for _, part := range parts {
				if ok, w := trial.mapPhrase(strings.TrimSpace(part)); !ok || w != "" {
					all = false
					break
				}
			}
			if all {
				*e = *trial
				continue
			}
		}
		switch {
		case !matched && e.grantPhrase(phrase):
		case !matched:
			e.notModelledf("%q", phrase)
		case why != "":
			e.notModelledf("%q (%s)", phrase, why)
		}
	}
}

// allowedKeys lists the effect keys each kind of equipment takes in the data
// format (profiles.EquipmentKeys, per kind).
var allowedKeys = map[profiles.Kind][]string{
	profiles.KindMelee: {"attack_bonus", "defence_bonus", "damage_bonus", "fixed_damage",
		"critical_from", "no_cf_attack", "no_cf_defence", "no_attack_with", "no_effect_with",
		"attack_ap", "bleeding", "on_critical", "armour_piercing", "armour_ignore", "reach", "defence_reach", "thrown", "range",
		"grants", "grants_increment"},
	profiles.KindRanged: {"attack_bonus", "defence_bonus", "damage_bonus", "fixed_damage",
		"critical_from", "no_cf_attack", "no_cf_defence", "no_attack_with", "no_effect_with",
		"attack_ap", "bleeding", "on_critical", "armour_piercing", "armour_ignore", "range",
		"ammunition", "rate", "reload_ap", "munition", "grants", "grants_increment"},
	profiles.KindArmour: {"protection", "boxes", "velocity_malus", "malus_max_c"},
	profiles.KindShield: {"defence_bonus", "boxes", "no_cf_defence"},
	profiles.KindHelmet: {"boxes", "no_critical_damage", "immune"},
}

// allows returns "" when e's kind takes key, and why not otherwise.
func (e *equipOut) allows(key string) string {
	if slices.Contains(allowedKeys[e.kind], key) {
		return ""
	}
	return fmt.Sprintf("the data format has no %s on %s", key, kindPlural[e.kind])
}

var kindPlural = map[profiles.Kind]string{
	profiles.KindMelee:  "melee weapons",
	profiles.KindRanged: "ranged weapons",
	profiles.KindArmour: "armours",
	profiles.KindShield: "shields",
	profiles.KindHelmet: "helmets",
	profiles.KindItem:   "items",
}

// set applies fn for key, given by phrase, unless the kind does not take key or
// another phrase already gave it.
func (e *equipOut) set(key, phrase string, fn func()) string {
	if why := e.allows(key); why != "" {
		return why
	}
	if prev, ok := e.src[key]; ok && prev != phrase {
		return fmt.Sprintf("%s already given by %q", key, prev)
	}
	fn()
	e.src[key] = phrase
	return ""
}

// add adds n to the bonus *dst: two bonuses of the same kind add up.
func (e *equipOut) add(key, phrase string, dst *int, n int) string {
	if why := e.allows(key); why != "" {
		return why
	}
	if v := *dst + n; v < -99 || v > 99 {
		return key + " must be from -99 to 99"
	}
	*dst += n
	if prev, ok := e.src[key]; ok {
		phrase = prev + "; " + phrase
	}
	e.src[key] = phrase
	return ""
}

// chars adds characteristics to no_attack_with or no_effect_with. A shot engages
// only V and A (R7): "no attack with P" says nothing more on a ranged weapon.
func (e *equipOut) chars(key, phrase string, cs []profiles.Char) string {
	if why := e.allows(key); why != "" {
		return why
	}
	dst := &e.ef.NoEffectWith
	if key == "no_attack_with" {
		dst = &e.ef.NoAttackWith
	}
	for _, c := range cs {
		if key == "no_attack_with" && e.kind == profiles.KindRanged && c != profiles.V && c != profiles.A {
			continue
		}
		if !slices.Contains(*dst, c) {
			*dst = append(*dst, c)
		}
	}
	if prev, ok := e.src[key]; ok {
		phrase = prev + "; " + phrase
	}
	e.src[key] = phrase
	return ""
}

// attackAP keeps the attack costs (1, 2, 3 AP) for which keep is true.
func (e *equipOut) attackAP(phrase string, keep func(ap int) bool) string {
	if why := e.allows("attack_ap"); why != "" {
		return why
	}
	var left []int
	for _, ap := range e.apAllowed() {
		if keep(ap) {
			left = append(left, ap)
		}
	}
	if len(left) == 0 {
		return "it leaves no attack cost with the other AP restrictions"
	}
	e.ef.AttackAP = left
	if prev, ok := e.src["attack_ap"]; ok {
		phrase = prev + "; " + phrase
	}
	e.src["attack_ap"] = phrase
	return ""
}

// apAllowed returns the attack costs allowed so far.
func (e *equipOut) apAllowed() []int {
	if e.ef.AttackAP == nil {
		return []int{1, 2, 3}
	}
	return e.ef.AttackAP
}

// piercing sets armour_piercing: a number of boxes, a dice expression, or 1D5
// when no value is given.
func (e *equipOut) piercing(phrase, value string) string {
	d := profiles.Dice{N: 1, Sides: 5}
	if value != "" {
		var err error
		if d, err = profiles.ParseDice(value); err != nil {
			return err.Error()
		}
		if d.Max() < 1 {
			return "armour-piercing must tick at least 1 box"
		}
	}
	if prev := e.ef.ArmourPiercing; prev != nil && *prev == d {
		return "" // the field and the text agree
	}
	return e.set("armour_piercing", phrase, func() { e.ef.ArmourPiercing = &d })
}

// reach sets a weapon reach of 1 to 3 toises in halves (profiles.MaxReach;
// the catalogue has 2.5 and 3).
func (e *equipOut) reach(phrase string, r float64) string {
	if !profiles.ValidReach(r) {
		return fmt.Sprintf("a reach is 1 to 3 toises in halves, not %v", r)
	}
	if e.ef.Reach == r {
		return "" // the field and the text agree
	}
	return e.set("reach", phrase, func() { e.ef.Reach = r })
}

// twoHandedPhrase reports whether a phrase of a weapon's text speaks of its
// two-handed grip ("à deux mains", "à 2 mains"), the case of a weapon held in
// one hand or both (hands "1-2").
func twoHandedPhrase(phrase string) bool {
	f := fold(phrase)
	return strings.Contains(f, "deux mains") || strings.Contains(f, "2 mains")
}
